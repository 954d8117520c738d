"""The house of ui/ and its memory devices (docs/memory.md, docs/ui.md "Modules").

* Imports inside ui/ point one way: no circle (strongly connected set of more than one module)
  and so no arrow going back up. Counted as a newcomer would read them: every `import`/`from`
  statement, at the top or inside a function, and `__import__("ui.x")` with a literal name;
  the screens' registry (ui/common.py NAMES) counts as ui/app.py's imports (app.SCREENS).
* A language change takes the old language's table off the heap (ui/lang.py use(): out of
  sys.modules and out of the `ui` package, memory.drop), under real MicroPython."""
import ast
import re
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parent.parent / "firmware" / "ui"


def _graph():
    mods = {p.stem for p in UI.glob("*.py") if p.stem != "__init__"}
    edges = {m: set() for m in mods}
    registry = set()
    for m in mods:
        for n in ast.walk(ast.parse((UI / (m + ".py")).read_text())):
            if isinstance(n, ast.ImportFrom) and n.module == "ui":
                edges[m] |= {a.name for a in n.names if a.name in mods}
            elif isinstance(n, ast.ImportFrom) and n.module and n.module.startswith("ui."):
                edges[m].add(n.module.split(".")[1])
            elif isinstance(n, ast.Import):
                edges[m] |= {a.name.split(".")[1] for a in n.names if a.name.startswith("ui.")}
            elif isinstance(n, ast.Call) and getattr(n.func, "id", "") == "__import__" \
                    and isinstance(n.args[0], ast.Constant):
                hit = re.fullmatch(r"ui\.(\w+)", n.args[0].value)
                if hit and hit.group(1) in mods:
                    edges[m].add(hit.group(1))
            elif isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "NAMES":
                # (a game's door, e.g. "rummy.door", is outside ui/: tests/test_rummy_layout.py)
                registry |= {c.value[3:] for c in ast.walk(n.value)
                             if isinstance(c, ast.Constant) and isinstance(c.value, str) and c.value.startswith("ui.")}
    edges["app"] |= registry
    for m in mods:
        edges[m] = {o for o in edges[m] if o in mods and o != m}
    return edges


def _circles(edges):
    # Tarjan's strongly connected components; those of more than one module are circles
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_ui_has_no_import_circle():
    edges = _graph()
    assert sum(len(e) for e in edges.values()) > 50     # the walk found the imports
    assert "screen_table" in edges["app"] and "lang" in edges["linkplay"]
    assert _circles(edges) == []


def test_the_walk_sees_a_circle_made_inside_a_function():
    edges = _graph()
    edges["lang"] = edges["lang"] | {"linkplay"}    # as screen_link's tx() once was
    assert any("lang" in c and "linkplay" in c for c in _circles(edges))


def test_the_shared_leaves_import_nothing_from_ui():
    edges = _graph()
    for leaf in ("lang", "gfx", "lang_es", "link_es", "save", "matchlog"):
        assert edges[leaf] == set(), leaf


@pytest.mark.micropython
def test_a_language_change_frees_the_old_language():
    from emulator.runtimes import wasi

    res = wasi.run_guest(wasi.program("language_change.py"), heap=131072)
    grew, loaded = res.lines[-1].split(" ", 1)
    assert loaded == "['lang_it']"      # the package holds the language in use only
    # a language table is ~6 KB: four changes that kept them would have grown the heap ~18 KB
    assert int(grew) < 3000, res.lines


def test_ui_unloads_modules_only_through_memory_drop():
    """One unloader (docs/memory.md "drop"): no module of ui/ takes a module out of
    sys.modules or out of its package by hand."""
    by_hand = re.compile(r"sys\.modules\.pop\(|del\s+sys\.modules\[|del\s+mods\[|__dict__\.pop\(|delattr\(")
    found = [f"{p.name}:{i}" for p in sorted(UI.glob("*.py"))
             for i, line in enumerate(p.read_text().splitlines(), 1) if by_hand.search(line)]
    assert found == []
    # and the walk that would find one does
    assert by_hand.search('        sys.modules.pop("ui.lang_" + _code, None)')


def test_every_memory_device_cited_in_ui_names_a_row_or_rule_of_docs_memory():
    doc = (UI.parent.parent / "docs" / "memory.md").read_text()
    names = set(re.findall(r"^\| ([^|]+?) \|", doc, re.M)) | set(re.findall(r"^- \*\*([^*]+)\*\*", doc, re.M))
    cited = set()
    for p in list(UI.glob("*.py")) + [UI.parent / "main.py"]:
        text = " ".join(p.read_text().split())          # a cite may wrap onto the next line
        cited |= set(re.findall(r'docs/memory\.md "([^"]+)"', text.replace("# ", "")))
    assert cited and cited <= names, sorted(cited - names)
