"""The codebase's shape in figures (docs/memory.md, docs/ui.md): what a newcomer meets.

    python benchmarks/shape_figures.py [--json]

- app_attributes: the attributes App (firmware/ui/app.py) sets on itself; app_written_outside:
  those other firmware modules assign (`app.X = ...`), with how many modules each; modules
  writing into App.
- literal_240_ui: `240` in firmware/ui (code and comments).
- glass_branches: lines of ui/ and rummy/setup.py that branch on the glass (`tall`) inline.
- noqa: `# noqa` in the project's Python.
- inline_guests: string literals (not docstrings) of 8 or more non-blank lines that hold
  MicroPython code, in tests/, benchmarks/, host/ and emulator/ (a guest belongs in a file:
  emulator/guests/ or tests/guests/).
Import circles and arrows running back up are counted by farm-studio and checked by
tests/test_link_layout.py, tests/test_ui_memory.py and tests/test_rummy_layout.py."""
import argparse
import ast
import json
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
    for f in _py("firmware"):
        if f.name == "app.py" and f.parent.name == "ui":
            continue
        for n in ast.walk(ast.parse(f.read_text())):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target] if isinstance(
                n, (ast.AugAssign, ast.AnnAssign)) else []
            for t in targets:
                for y in (t.elts if isinstance(t, ast.Tuple) else [t]):
                    if isinstance(y, ast.Attribute) and isinstance(y.value, ast.Name) and y.value.id == "app":
                        writers[y.attr].add(str(f.relative_to(ROOT)))
    return {"app_attributes": len(attrs),
            "app_written_outside": {k: len(v) for k, v in sorted(writers.items())},
            "modules_writing_app": len(set().union(*writers.values())) if writers else 0}


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


def figures():
    ui = list(_py("firmware/ui"))
    glass = ui + [ROOT / "firmware/rummy/setup.py"]
    fig = app_figures()
    fig["literal_240_ui"] = sum(len(re.findall(r"\b240\b", f.read_text())) for f in ui)
    fig["glass_branches"] = sum(len(GLASS.findall(f.read_text())) for f in glass)
    fig["noqa"] = sum(_noqa(f) for f in _py("firmware", "host", "emulator", "tests", "benchmarks", "hardware"))
    guests = inline_guests()
    fig["inline_guests"] = sum(guests.values())
    fig["inline_guest_files"] = guests
    return fig


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="one JSON object")
    a = ap.parse_args()
    fig = figures()
    if a.json:
        print(json.dumps(fig))
        return
    for k, v in fig.items():
        print(f"{k}: {v}")


if __name__ == "__main__":
    main()
