"""The codebase's shape in figures: what a newcomer meets, and issue 34's acceptance figures
(screens and games as objects, registries, full names) against their targets.

    python benchmarks/shape_figures.py [--json] [--root DIR]

--root measures another checkout's firmware/ (a worktree of an older commit, say) with these
definitions, which follow issue 34's layout: on an older one the link glue's and Rummy's state
class's figures count only the files of those names that exist there (0 on 9ffcf43, whose
rummy/view.py Match had 29 attributes and whose glues repeated 6 stretches, 20 by shape), and
the unload sites do not count rummy/swap.py's unload()/restore() (18 there, 21 with them). The readable report ends with the targets, each `ok` or `MISS`; --json prints one
object (the figures, and `targets`: each figure's value, target and whether it is met).
Measured from the source with the AST (firmware/ unless said otherwise):

- app_attributes: the attributes App (firmware/ui/app.py) sets on itself; app_written_outside:
  those other firmware modules assign (`app.X = ...`, `app.X += ...`, `self.app.X |= ...`: an
  attribute of a name `app` or of an attribute `.app`, in a tuple target too), with how many
  modules each; modules_writing_app: how many modules do; app_write_lines: the lines outside
  ui/app.py that assign into an App that way (one line with two targets: once), by file in
  app_write_lines_files.
- literal_240_ui: `240` in the UI's code (code and comments): firmware/ui and the modules of a
  game's package (burako/, rummy/) that import ui/ (its screens).
- glass_branches: lines of that UI code that branch on the glass (`tall`) inline.
- noqa: `# noqa` in the project's Python.
- inline_guests: string literals (not docstrings) of 8 or more non-blank lines that hold
  MicroPython code, in tests/, benchmarks/, host/ and emulator/ (a guest belongs in a file:
  emulator/guests/ or tests/guests/).
- computed_imports: imports by a name given at run time instead of an import statement: every
  call of `__import__` or `importlib.import_module` (by kind: `literal`, a str constant such as
  `__import__("rummy.moves", ...)`; `computed`, any other expression such as
  `"hal.profile_" + name`; `bytes`, a name decoded from a bytes constant).
- module_name_literals: str and bytes constants whose text is a firmware module's dotted name
  (`"ui.app"`, `b"rummy.moves"`: a module below firmware/ with its package; a bare top-level
  name such as "scorelog" does not count), with the files that hold them.
- unload_call_sites: code that takes a module out of the interpreter: a call of a function
  `drop` imported from a module `memory` (issue 34's unloader) or of `memory.drop`, `del
  sys.modules[...]`, `sys.modules.pop(...)`, and a package's `__dict__.pop(...)`.
- private_prefixed_names: module-level names with a one-letter private prefix, `_X_...`
  (`_S_CREAM`, `_T_SETUP`): (module, name) pairs bound.
- one_letter_names_per_kloc: one-letter names bound (assigned variables, loop and comprehension
  targets, parameters, attributes assigned such as `m.g = ...`) per 1,000 lines of code (lines
  holding a token other than a comment or a docstring) outside the maths modules
  (rummy/solve.py, rummy/dp.py, link/hidden.py), with the counts it comes from and the files
  that bind the most (one_letter_names_files: names bound, code lines).
- rummy_match_attributes: the attributes Rummy's state class sets on itself: the largest of
  rummy/play.py's Play (a match) and rummy/table.py's Table (its view), each in
  rummy_state_attributes.
- ui_imports_games, games_import_ui: the imports that cross between ui/ and the games' packages
  (burako/, rummy/): the ui/ modules importing a game's module, with what they import; per
  game package, the ui/ modules it imports (docs/interfaces.md: ui/games.py is the one place
  ui/ names the games).
- link_glue_repeats: stretches of 6 or more lines that Burako's link glue (burako/game.py and
  burako/play.py beside the one glue, ui/cable.py) and Rummy's (rummy/game.py, rummy/play.py)
  share, a pair of files at a time, after comments, blank lines, imports and lone brackets are
  dropped and white space folded: `identical` runs (the same text), `shape` runs (the same but
  for names, strings and numbers; identical runs included), and the Rummy side's lines in them.
- ai_levels_literal: files of firmware/, host/ and emulator/ that spell the number of AI levels,
  4, as a literal: a `4` compared with a level (`level >= 4`, `1 <= x <= 4` on a line about
  levels), as the modulus of a level (`% 4 + 1`), as `make(4)`, or in a tuple bound to a name
  with LEVEL in it (`LEVELS = (1, 2, 3, 4)`); an AI's own level label (`self.level = 4`) is not.

Issue 34's figures on 9ffcf43, the tree it was filed against: 21 computed imports; 104
module-name literals (42 in rummy/swap.py); 21 unload call sites; 63 private `_X_` names; 168
one-letter names per 1,000 lines; App 24 attributes written from 15 modules in 115 lines;
Rummy's Match 29 attributes; the link glue's repeats 6 identical / 20 by shape; the AI levels'
4 in five files. Import circles and arrows running back up are checked by
tests/test_link_layout.py, tests/test_ui_memory.py and tests/test_rummy_layout.py."""
import argparse
import ast
import io
import json
import keyword
import re
import tokenize
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GLASS = re.compile(r"if tall|tall else|if big|big else|lay\.tall else|if not tall|tall or|not p\.lay\.tall")
# what marks a string as a guest program rather than data or SQL
GUEST_HINT = re.compile(r"^\s*(import |from \w[\w.]* import |def |print\()", re.M)


def _py(*folders):
    for f in folders:
        yield from sorted((ROOT / f).rglob("*.py"))


def _is_app(n):
    """A reference to the App: the name `app`, or an attribute `.app` (self.app, play.app)."""
    return (isinstance(n, ast.Name) and n.id == "app") or (isinstance(n, ast.Attribute) and n.attr == "app")


def app_figures():
    tree = ast.parse((ROOT / "firmware/ui/app.py").read_text())
    attrs = set()
    for c in tree.body:
        if isinstance(c, ast.ClassDef) and c.name == "App":
            for n in ast.walk(c):
                if (isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self"
                        and isinstance(n.ctx, ast.Store)):
                    attrs.add(n.attr)
    writers = defaultdict(set)
    lines = set()
    by_file = defaultdict(set)
    for f in _py("firmware"):
        if f.name == "app.py" and f.parent.name == "ui":
            continue
        for n in ast.walk(ast.parse(f.read_text())):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target] if isinstance(
                n, (ast.AugAssign, ast.AnnAssign)) else []
            for t in targets:
                for y in (t.elts if isinstance(t, ast.Tuple) else [t]):
                    if isinstance(y, ast.Attribute) and _is_app(y.value):
                        writers[y.attr].add(str(f.relative_to(ROOT)))
                        lines.add((f, n.lineno))
                        by_file[str(f.relative_to(FIRMWARE))].add(n.lineno)
    return {"app_attributes": len(attrs),
            "app_written_outside": {k: len(v) for k, v in sorted(writers.items())},
            "modules_writing_app": len(set().union(*writers.values())) if writers else 0,
            "app_write_lines": len(lines),
            "app_write_lines_files": {k: len(v) for k, v in sorted(by_file.items(), key=lambda x: -len(x[1]))}}


def _docstrings(tree):
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)) and n.body:
            s = n.body[0]
            if isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant):
                out.add(id(s.value))
    return out


def inline_guests():
    found = defaultdict(int)
    for f in _py("tests", "benchmarks", "host", "emulator"):
        if "guests" in f.parts:
            continue
        tree = ast.parse(f.read_text())
        docs = _docstrings(tree)
        for n in ast.walk(tree):
            if (isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
                    and sum(1 for ln in n.value.splitlines() if ln.strip()) >= 8
                    and GUEST_HINT.search(n.value) and "wasi." not in n.value):
                # (a CPython script that drives the harness, run as a subprocess, names wasi.)
                found[str(f.relative_to(ROOT))] += 1
    return dict(sorted(found.items()))


def _noqa(f):
    # comments only: a string that mentions the word (as this file does) is not one
    with open(f, "rb") as b:
        return sum(1 for t in tokenize.tokenize(b.readline) if t.type == tokenize.COMMENT and "noqa" in t.string)


# --- issue 34's figures ---------------------------------------------------------------
FIRMWARE = ROOT / "firmware"
MATHS = ("rummy/solve.py", "rummy/dp.py", "link/hidden.py")


def _firmware():
    for f in _py("firmware"):
        yield str(f.relative_to(FIRMWARE)), f, ast.parse(f.read_text())


def _module_names():
    out = set()
    for f in _py("firmware"):
        parts = list(f.relative_to(FIRMWARE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if len(parts) > 1:
            out.add(".".join(parts))
    return out


def computed_imports():
    kinds = defaultdict(int)
    files = defaultdict(int)
    for rel, f, tree in _firmware():
        for n in ast.walk(tree):
            if not isinstance(n, ast.Call):
                continue
            fn = n.func
            name = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else ""
            if name not in ("__import__", "import_module") or not n.args:
                continue
            a = n.args[0]
            if isinstance(a, ast.Constant) and isinstance(a.value, str):
                kind = "literal"
            elif any(isinstance(x, ast.Constant) and isinstance(x.value, bytes) for x in ast.walk(a)):
                kind = "bytes"
            else:
                kind = "computed"
            kinds[kind] += 1
            files[rel] += 1
    return {"computed_imports": sum(kinds.values()), "computed_imports_by_kind": dict(sorted(kinds.items())),
            "computed_imports_files": dict(sorted(files.items()))}


def module_name_literals():
    names = _module_names()
    files = defaultdict(int)
    for rel, f, tree in _firmware():
        for n in ast.walk(tree):
            if isinstance(n, ast.Constant) and isinstance(n.value, (str, bytes)):
                v = n.value.decode("latin-1") if isinstance(n.value, bytes) else n.value
                if v in names:
                    files[rel] += 1
    return {"module_name_literals": sum(files.values()), "module_name_literals_files": dict(sorted(files.items()))}


def _is_modules(n):
    """`sys.modules` (or any `X.modules`)."""
    return isinstance(n, ast.Attribute) and n.attr == "modules"


def unload_call_sites():
    files = defaultdict(int)
    for rel, f, tree in _firmware():
        drops = set()
        for n in ast.walk(tree):
            if isinstance(n, ast.ImportFrom) and n.module == "memory":
                drops |= {a.asname or a.name for a in n.names if a.name == "drop"}
        for n in ast.walk(tree):
            if isinstance(n, ast.Delete):
                files[rel] += sum(1 for t in n.targets if isinstance(t, ast.Subscript) and _is_modules(t.value))
            elif isinstance(n, ast.Call):
                fn = n.func
                if (isinstance(fn, ast.Name) and fn.id in drops) or (
                        isinstance(fn, ast.Attribute) and fn.attr == "drop" and isinstance(fn.value, ast.Name)
                        and fn.value.id == "memory") or (
                        isinstance(fn, ast.Attribute) and fn.attr == "pop" and (
                            _is_modules(fn.value) or (isinstance(fn.value, ast.Attribute) and fn.value.attr == "__dict__"))):
                    files[rel] += 1
    return {"unload_call_sites": sum(files.values()), "unload_call_sites_files": dict(sorted(files.items()))}


PRIVATE = re.compile(r"^_[A-Z]_\w+$")


def private_prefixed_names():
    files = defaultdict(set)
    for rel, f, tree in _firmware():
        for n in ast.walk(tree):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and PRIVATE.match(n.id):
                files[rel].add(n.id)
    return {"private_prefixed_names": sum(len(v) for v in files.values()),
            "private_prefixed_names_files": {k: len(v) for k, v in sorted(files.items())}}


def _code_lines(src, tree):
    docs = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n.body:
            d = n.body[0]
            if isinstance(d, ast.Expr) and isinstance(d.value, ast.Constant) and isinstance(d.value.value, str):
                docs.update(range(d.lineno, d.end_lineno + 1))
    lines = set()
    skip = (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER)
    for t in tokenize.generate_tokens(io.StringIO(src).readline):
        if t.type not in skip and t.start[0] not in docs:
            lines.add(t.start[0])
    return len(lines)


def one_letter_names():
    bound = code = 0
    files = {}
    for rel, f, tree in _firmware():
        if rel in MATHS:
            continue
        lines = _code_lines(f.read_text(), tree)
        code += lines
        here = 0
        for n in ast.walk(tree):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and len(n.id) == 1:
                here += 1
            elif isinstance(n, ast.arg) and len(n.arg) == 1:
                here += 1
            elif isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store) and len(n.attr) == 1:
                here += 1
        bound += here
        if here:
            files[rel] = [here, lines]
    top = dict(sorted(files.items(), key=lambda x: -x[1][0])[:15])
    return {"one_letter_names_per_kloc": round(1000 * bound / code, 1) if code else 0.0, "one_letter_names": bound,
            "one_letter_code_lines": code, "one_letter_names_files": top}


# Rummy's state classes: (file, class): a match, and its table's view
RUMMY_STATE = (("rummy/play.py", "Play"), ("rummy/table.py", "Table"))


def _self_attributes(path, name):
    """The attributes class `name` of `path` sets on itself (None: no such file or class)."""
    if not path.exists():
        return None
    for c in ast.parse(path.read_text()).body:
        if isinstance(c, ast.ClassDef) and c.name == name:
            return len({n.attr for n in ast.walk(c) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
                        and n.value.id == "self" and isinstance(n.ctx, ast.Store)})
    return None


def rummy_match_attributes():
    counts = {}
    for rel, name in RUMMY_STATE:
        n = _self_attributes(FIRMWARE / rel, name)
        if n is not None:
            counts["%s %s" % (rel, name)] = n
    return {"rummy_match_attributes": max(counts.values()) if counts else 0, "rummy_state_attributes": counts}


GAME_PACKAGES = ("burako", "rummy")


def _imported(tree, names):
    """The firmware modules an AST imports (`from ui import gfx`: ui.gfx; `from ui.gfx import
    WHITE`: ui.gfx; `import ui.app`: ui.app)."""
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.ImportFrom) and n.module and not n.level:
            for a in n.names:
                sub = n.module + "." + a.name
                out.add(sub if sub in names else n.module)
        elif isinstance(n, ast.Import):
            out.update(a.name for a in n.names)
    return out


def crossings():
    names = _module_names()
    ui_games = {}
    games_ui = defaultdict(set)
    for rel, f, tree in _firmware():
        top = rel.split("/")[0]
        got = _imported(tree, names)
        if top == "ui":
            games = sorted(m for m in got if m.split(".")[0] in GAME_PACKAGES)
            if games:
                ui_games[rel] = games
        elif top in GAME_PACKAGES:
            games_ui[top].update(m for m in got if m.split(".")[0] == "ui")
    return {"ui_imports_games": len(ui_games), "ui_imports_games_files": ui_games,
            "games_import_ui": {k: sorted(v) for k, v in sorted(games_ui.items())}}


def _glue_lines(path):
    src = path.read_text()
    comment = {}
    for t in tokenize.generate_tokens(io.StringIO(src).readline):
        if t.type == tokenize.COMMENT:
            comment[t.start[0]] = t.start[1]
    out = []
    for i, ln in enumerate(src.splitlines(), 1):
        s = " ".join(ln[:comment.get(i, len(ln))].split())
        if s and not re.fullmatch(r"[()\[\]{}:, ]*", s) and not re.match(r"(import |from \S+ import )", s):
            out.append((i, s))
    return out


def _shape(text):
    try:
        toks = list(tokenize.generate_tokens(io.StringIO(text + "\n").readline))
    except (tokenize.TokenError, SyntaxError):
        return text
    out = []
    for t in toks:
        if t.type == tokenize.NAME and not keyword.iskeyword(t.string):
            out.append("N")
        elif t.type == tokenize.STRING:
            out.append("S")
        elif t.type == tokenize.NUMBER:
            out.append("0")
        elif t.type not in (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER, tokenize.INDENT, tokenize.DEDENT):
            out.append(t.string)
    return " ".join(out)


def _runs(a, b, least=6):
    """Maximal stretches of equal lines, one diagonal at a time: (a's lines, b's lines)."""
    found = []
    for i in range(len(a)):
        for j in range(len(b)):
            if a[i][1] == b[j][1] and (i == 0 or j == 0 or a[i - 1][1] != b[j - 1][1]):
                k = 0
                while i + k < len(a) and j + k < len(b) and a[i + k][1] == b[j + k][1]:
                    k += 1
                if k >= least:
                    found.append(([x[0] for x in a[i:i + k]], [x[0] for x in b[j:j + k]]))
    return found


# each game's link glue: the files that hold it (globs under firmware/; the glue they share is
# ui/cable.py)
BURAKO_GLUE = ("burako/game.py", "burako/play.py")
RUMMY_GLUE = ("rummy/game.py", "rummy/play.py")


def _glue(globs):
    return [f for g in globs for f in sorted(FIRMWARE.glob(g))]


def link_glue_repeats():
    out = {"identical": 0, "shape": 0, "rummy_lines": 0, "pairs": {}}
    for u in _glue(BURAKO_GLUE):
        for r in _glue(RUMMY_GLUE):
            a, b = _glue_lines(u), _glue_lines(r)
            same = _runs(a, b)
            shaped = _runs([(i, _shape(s)) for i, s in a], [(i, _shape(s)) for i, s in b])
            if shaped:
                covered = set()
                for _, rl in shaped:
                    covered.update(rl)
                out["pairs"]["%s ~ %s" % (u.relative_to(FIRMWARE), r.relative_to(FIRMWARE))] = {
                    "identical": len(same), "shape": len(shaped), "rummy_lines": len(covered)}
                out["identical"] += len(same)
                out["shape"] += len(shaped)
                out["rummy_lines"] += len(covered)
    return {"link_glue_repeats": out}


def _levels_four(tree, src):
    lines = src.splitlines()

    def about_levels(n):
        return "level" in lines[n.lineno - 1].lower()

    def is_four(n):
        return isinstance(n, ast.Constant) and n.value == 4 and type(n.value) is int
    for n in ast.walk(tree):
        if isinstance(n, ast.Compare) and about_levels(n) and any(is_four(x) for x in [n.left] + n.comparators):
            return True
        if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mod) and is_four(n.right) and about_levels(n):
            return True
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "make" and n.args and is_four(n.args[0]):
            return True
        if isinstance(n, ast.Assign) and isinstance(n.value, (ast.Tuple, ast.List)) and any(is_four(x) for x in n.value.elts) \
                and any(isinstance(t, ast.Name) and "LEVEL" in t.id.upper() for t in n.targets):
            return True
    return False


def ai_levels_literal():
    files = []
    for f in _py("firmware", "host", "emulator"):
        src = f.read_text()
        if _levels_four(ast.parse(src), src):
            files.append(str(f.relative_to(ROOT)))
    return {"ai_levels_literal": len(files), "ai_levels_literal_files": files}


def ui_code():
    """firmware/ui and the games' modules that import ui/ (their screens)."""
    names = _module_names()
    out = list(_py("firmware/ui"))
    for package in GAME_PACKAGES:
        for f in _py("firmware/" + package):
            if any(m.split(".")[0] == "ui" for m in _imported(ast.parse(f.read_text()), names)):
                out.append(f)
    return out


def figures():
    ui = ui_code()
    fig = app_figures()
    fig["literal_240_ui"] = sum(len(re.findall(r"\b240\b", f.read_text())) for f in ui)
    fig["glass_branches"] = sum(len(GLASS.findall(f.read_text())) for f in ui)
    fig["noqa"] = sum(_noqa(f) for f in _py("firmware", "host", "emulator", "tests", "benchmarks", "hardware"))
    guests = inline_guests()
    fig["inline_guests"] = sum(guests.values())
    fig["inline_guest_files"] = guests
    for part in (computed_imports, module_name_literals, unload_call_sites, private_prefixed_names,
                 one_letter_names, rummy_match_attributes, crossings, link_glue_repeats, ai_levels_literal):
        fig.update(part())
    fig["targets"] = targets(fig)
    return fig


# issue 34's acceptance: (figure, how it is read off the figures, the most it may be)
TARGETS = (
    ("computed_imports", lambda f: f["computed_imports"], 2),
    ("module_name_literals", lambda f: f["module_name_literals"], 10),
    ("unload_call_sites", lambda f: f["unload_call_sites"], 3),
    ("private_prefixed_names", lambda f: f["private_prefixed_names"], 0),
    ("one_letter_names_per_kloc", lambda f: f["one_letter_names_per_kloc"], 60),
    ("app_attributes", lambda f: f["app_attributes"], 12),
    ("app_write_lines", lambda f: f["app_write_lines"], 20),
    ("rummy_match_attributes", lambda f: f["rummy_match_attributes"], 16),
    ("link_glue_repeats", lambda f: f["link_glue_repeats"]["shape"], 0),
    ("ai_levels_literal", lambda f: f["ai_levels_literal"], 0),
)


def targets(fig):
    out = {}
    for name, read, most in TARGETS:
        value = read(fig)
        out[name] = {"value": value, "target": most, "ok": value <= most}
    return out


def main():
    global ROOT, FIRMWARE
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="one JSON object")
    ap.add_argument("--root", help="the checkout to measure (default: this one)")
    a = ap.parse_args()
    if a.root:
        ROOT = Path(a.root).resolve()
        FIRMWARE = ROOT / "firmware"
        if not (FIRMWARE / "ui" / "app.py").is_file():
            ap.error("--root %s: no firmware/ui/app.py there" % a.root)
    fig = figures()
    if a.json:
        print(json.dumps(fig))
        return
    for k, v in fig.items():
        if k != "targets":
            print(f"{k}: {v}")
    print("\nissue 34's targets:")
    for name, t in fig["targets"].items():
        print(f"  {name:28} {t['value']!s:>8}  (at most {t['target']})  {'ok' if t['ok'] else 'MISS'}")


if __name__ == "__main__":
    main()
