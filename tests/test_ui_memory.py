"""The house of ui/ (docs/interfaces.md "The rooms"): its imports point one way.

* Imports inside ui/ point one way: no circle (strongly connected set of more than one module)
  and so no arrow going back up. Counted as a newcomer would read them: every `import`/`from`
  statement, at the top or inside a function, and `__import__("ui.x")` with a literal name.
* The leaves every room may import (the drawing, the language tables, the screen base) and
  the games' save and score-log record import nothing of ui/.
* Every docs/memory.md cite in the console's code names a row or rule of that file."""
import ast
import re
from pathlib import Path

UI = Path(__file__).resolve().parent.parent / "firmware" / "ui"


def _ui_imports(path, mods):
    """The ui/ modules (of `mods`) the module at `path` imports, by statement anywhere in it or
    by __import__ of a literal name."""
    got = set()
    for n in ast.walk(ast.parse(path.read_text())):
        if isinstance(n, ast.ImportFrom) and n.module == "ui":
            got |= {a.name for a in n.names if a.name in mods}
        elif isinstance(n, ast.ImportFrom) and n.module and n.module.startswith("ui."):
            got.add(n.module.split(".")[1])
        elif isinstance(n, ast.Import):
            got |= {a.name.split(".")[1] for a in n.names if a.name.startswith("ui.")}
        elif isinstance(n, ast.Call) and getattr(n.func, "id", "") == "__import__" \
                and isinstance(n.args[0], ast.Constant):
            hit = re.fullmatch(r"ui\.(\w+)", n.args[0].value)
            if hit and hit.group(1) in mods:
                got.add(hit.group(1))
    return {o for o in got if o in mods}


def _modules():
    return {p.stem for p in UI.glob("*.py") if p.stem != "__init__"}


def _graph():
    mods = _modules()
    return {m: _ui_imports(UI / (m + ".py"), mods) - {m} for m in mods}


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
    assert sum(len(e) for e in edges.values()) > 30     # the walk found the imports
    assert "title" in edges["app"] and "lang" in edges["cable"]     # (the first inside a function)
    assert _circles(edges) == []


def test_the_walk_sees_a_circle_made_inside_a_function():
    edges = _graph()
    edges["lang"] = edges["lang"] | {"cable"}       # as screen_link's tx() once was
    assert any("lang" in c and "cable" in c for c in _circles(edges))


def test_the_shared_leaves_import_nothing_from_ui():
    edges = _graph()
    for leaf in ("gfx", "screen", "games", "lang_es", "lang_it", "lang_en", "link_es", "link_it", "link_en"):
        assert edges[leaf] == set(), leaf
    # the language module: its own tables only
    assert edges["lang"] and all(m.startswith(("lang_", "link_")) for m in edges["lang"]), edges["lang"]
    # the Burako save and the score log's record (ui/save.py and ui/matchlog.py once)
    mods = _modules()
    for path in (UI.parent / "burako" / "save.py", UI.parent / "burako" / "record.py"):
        assert _ui_imports(path, mods) == set(), path.name


def test_every_memory_device_cited_in_ui_names_a_row_or_rule_of_docs_memory():
    doc = (UI.parent.parent / "docs" / "memory.md").read_text()
    names = set(re.findall(r"^\| ([^|]+?) \|", doc, re.M)) | set(re.findall(r"^- \*\*([^*]+)\*\*", doc, re.M))
    cited = set()
    # ui/ and the games' screens (burako/, rummy/), and the boot
    files = [p for pkg in ("ui", "burako", "rummy") for p in (UI.parent / pkg).glob("*.py")] + [UI.parent / "main.py"]
    for p in files:
        text = " ".join(p.read_text().split())          # a cite may wrap onto the next line
        cited |= set(re.findall(r'docs/memory\.md "([^"]+)"', text.replace("# ", "")))
    assert cited and cited <= names, sorted(cited - names)
