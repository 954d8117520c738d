"""The README reads for a player first, the developer's part is docs/developer.md, and the
docs agree with the code they describe (issue 37): the keys the README's table gives are the
table's own hints, every `burako` subcommand and option of `burako --help` is written down,
and every link and cited section between the docs exists."""
import argparse
import glob
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
DEVELOPER = ROOT / "docs" / "developer.md"


def player_part():
    """The README up to its developer's part."""
    return README.split("\n## For developers", 1)[0]


def test_the_readme_top_is_for_a_player():
    """The first screen says what it is and the two commands to try it; the player's part then
    says how to play (a key table for A, B, X, Y and the joystick), how to put it on a Pico
    (the UF2, BOOTSEL, `burako flash --uf2`) and how to link two consoles (`--link`), and
    holds no benchmark figure (heap, time, win rates: docs/developer.md's)."""
    top = "\n".join(README.split("\n")[:25])
    for what in ("Burako", "Argentine/Uruguayan", "Pico", "Burraco", "Rummy israelí", "make play", "make web"):
        assert what in top, what
    part = player_part()
    heads = re.findall(r"^## (.+)$", part, re.M)
    assert heads[:4] == ["Try it", "How to play", "On the device", "Two consoles on a cable"], heads
    for what in ("burako emu", "burako web", ".uf2", "BOOTSEL", "burako flash --uf2", "burako emu --link"):
        assert what in part, what
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| ([^|]+?) \| ([^|]+) \|$", part, re.M)}
    for key in ("A", "B", "Y"):
        assert key in rows, key
    assert any(k.startswith("X") for k in rows) and any("joystick" in k for k in rows)
    figures = re.findall(r"\d[\d,.]*\s?(?:KB|kB|MB|ms|%|fuel)\b|\d[\d,]{3,} B\b", part)
    assert not figures, figures
    assert len(part.split("\n")) <= 100


def test_the_readme_keys_are_the_tables_hints():
    """Every "KEY:word" of the table's hint lines (ui/lang_en.py: "A:draw  B:take pile",
    "A:select Y:meld B:discard", "Up:melds X:menu") is in the README's row for that key."""
    from ui import lang, lang_en

    rows = {m.group(1): m.group(2).lower() for m in re.finditer(r"^\| ([^|]+?) \| ([^|]+) \|$", player_part(), re.M)}
    for m in (lang.H_DRAW1, lang.H_DRAW2, lang.H_PLAY1, lang.H_PLAY2):
        for key, word in re.findall(r"(\S+):(\w+)", lang_en.MSG[m]):
            row = [v for k, v in rows.items() if k.split(" ")[0] == key or f"({key})" in k]
            assert row and any(word.lower() in v for v in row), (key, word, rows)


def test_the_commands_the_readme_names_exist():
    """`make X` is a Makefile target; `make test` is there (the CI runs the README's test
    command, .ci/run); every `burako X` is a subcommand of `burako --help`."""
    from host.cli import build_parser

    targets = set(re.findall(r"^([\w-]+):", (ROOT / "Makefile").read_text(), re.M))
    named = {a or b for a, b in re.findall(r"`make (\w+)|^make (\w+)", README, re.M)}
    assert "test" in named and named <= targets, named - targets
    subs = set(_subparsers(build_parser()))
    for cmd in {a or b for a, b in re.findall(r"`burako ([a-z][\w-]*)|^burako ([a-z][\w-]*)", README, re.M)}:
        assert (cmd,) in subs, cmd


def _subparsers(parser, prefix=()):
    for a in parser._actions:
        if isinstance(a, argparse._SubParsersAction):
            for name, sub in a.choices.items():
                yield prefix + (name,)
                yield from _subparsers(sub, prefix + (name,))


def _sub(parser, path):
    for name in path:
        parser = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[name]
    return parser


def test_burako_help_and_the_developer_docs_agree():
    """Every subcommand `burako --help` lists (and theirs: `rummy solve`, `scores pull`...)
    is written in docs/developer.md as `burako ...`, with every option it takes."""
    from host.cli import build_parser

    doc = DEVELOPER.read_text()
    parser = build_parser()
    missing = []
    for path in _subparsers(parser):
        cmd = "burako " + " ".join(path)
        if cmd not in doc:
            missing.append(cmd)
        for action in _sub(parser, path)._actions:
            missing += [f"{cmd} {o}" for o in action.option_strings if o not in ("-h", "--help") and o not in doc]
    assert not missing, missing


def _titles(path):
    text = (ROOT / path).read_text()
    return ({t.strip() for t in re.findall(r"^#+ (.+)$", text, re.M)}
            | {re.sub(r"\s+", " ", b) for b in re.findall(r"\*\*([^*]+)\*\*", text)})


def test_links_and_cited_sections_between_the_docs_exist():
    """Every relative link of the README and docs/ opens a file; every section a file of the
    checkout cites as README "X", docs/developer.md "X" or docs/ui.md "X" is a heading (or a
    bold lead) of that page."""
    pages = ["README.md", "hardware/README.md"] + sorted(glob.glob("docs/*.md", root_dir=ROOT))
    broken = []
    for page in pages:
        for m in re.finditer(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", (ROOT / page).read_text()):
            if not m.group(1).startswith("http") and not (ROOT / page).parent.joinpath(m.group(1)).exists():
                broken.append((page, m.group(1)))
    assert not broken, broken
    titles = {"README": _titles("README.md"), "docs/developer.md": _titles("docs/developer.md"),
              "docs/ui.md": _titles("docs/ui.md")}
    files = subprocess.run(["git", "ls-files", "*.py", "*.md", "*.toml"], cwd=ROOT, capture_output=True,
                           text=True, check=True).stdout.split()
    cited = re.compile(r'(?<![\w/])(README|docs/developer\.md|docs/ui\.md)(?:\.md)?[\'’]?s?\s*\(?"([^"\n]+(?:\n[^"\n]+)?)"')
    unknown = []
    for f in files:
        if f.startswith("hardware/") or f == "tests/test_docs.py" or not (ROOT / f).exists():
            continue                # hardware/'s "README" is its own page; this file's are patterns
        for m in cited.finditer((ROOT / f).read_text()):
            title = re.sub(r"\s+", " ", m.group(2))
            if not any(t == title or t.startswith(title) for t in titles[m.group(1)]):
                unknown.append((f, m.group(1), title))
    assert not unknown, unknown
