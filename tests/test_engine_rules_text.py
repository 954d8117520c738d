"""docs/rules.md is the project's copy of ../shared/RULES.md: the same sections
R1..R11 (R1..R10 word for word), the shared R11 readings plus the project's, the
project's own variants after them (R12 Burraco), and
every rule test names a section that exists."""
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
OURS = ROOT / "docs" / "rules.md"
SHARED = ROOT.parent / "shared" / "RULES.md"
HEADING = re.compile(r"^## (R\d+)\b.*$", re.M)


def sections(text):
    """{'R1': body, ...} for every '## Rn' heading."""
    out = {}
    marks = list(HEADING.finditer(text))
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        out[m.group(1)] = text[m.start():end].strip()
    return out


def test_rules_md_has_sections_R1_to_R11_then_the_projects_own():
    # R1..R11 as in the shared text, in order; the project's own variants
    # (R12 Burraco) follow them, numbered on
    names = list(sections(OURS.read_text()))
    assert names[:11] == ["R%d" % i for i in range(1, 12)]
    assert names[11:] == ["R%d" % i for i in range(12, len(names) + 1)]


def test_rules_md_keeps_every_shared_section():
    if not SHARED.exists():
        pytest.skip("../shared is absent")
    ours = sections(OURS.read_text())
    shared = sections(SHARED.read_text())
    missing = [k for k in shared if k not in ours]
    assert not missing, "docs/rules.md lost %s" % missing
    for k, body in shared.items():
        if k == "R11":
            # the shared readings stay, the project's are added after them
            for row in body.splitlines():
                assert row in ours[k], row
        else:
            assert ours[k] == body, "%s differs from ../shared/RULES.md" % k


def test_rules_md_project_readings_say_why():
    rows = [r for r in sections(OURS.read_text())["R11"].splitlines() if r.startswith("| project:")]
    assert len(rows) >= 5
    for r in rows:
        cells = [c.strip() for c in r.strip("|").split("|")]
        assert len(cells) == 3 and all(cells), r


def test_rule_tests_cite_sections_that_exist():
    have = set(sections(OURS.read_text()))
    cited = set()
    for f in (ROOT / "tests").glob("test_engine_*.py"):
        cited |= set(re.findall(r"def test_(R\d+)_", f.read_text()))
    assert cited and cited <= have, cited - have
