"""The shape of firmware/link/ (docs/link.md "Modules"): imports point one way
(no module imports one that imports it back, even inside a function), no
module reaches into another object's private members (the handshake and the
repair use the Link's declared side), imports are spelled out (no aliases),
and nothing in it unloads a module (issue 34: the console unloads nothing)."""
import ast
import pathlib

LINK = pathlib.Path(__file__).resolve().parent.parent / "firmware" / "link"


def _trees():
    return {f.stem: ast.parse(f.read_text(), str(f)) for f in sorted(LINK.glob("*.py"))}


def _imports(tree):
    """The link/ modules a module imports, anywhere in it."""
    got = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.ImportFrom) and n.module == "link":
            got |= {a.name for a in n.names}
        elif isinstance(n, ast.ImportFrom) and n.module and n.module.startswith("link."):
            got.add(n.module[len("link."):])
        elif isinstance(n, ast.Import):
            got |= {a.name[len("link."):] for a in n.names if a.name.startswith("link.")}
    return got


def test_no_import_circle_in_link():
    graph = {m: _imports(t) for m, t in _trees().items()}
    assert "session" in graph and graph["deal"] and graph["repair"]

    def reach(m, seen):
        for d in graph.get(m, ()):
            if d not in seen:
                seen.add(d)
                reach(d, seen)
        return seen

    circles = sorted(m for m in graph if m in reach(m, set()))
    assert circles == []
    # the shared names' module is the leaf: it imports nothing of link/
    assert graph["msg"] == set()
    # the handshake may ask for a repair (a peer ahead, a digest that differs); the repair
    # never calls back into the handshake
    assert graph["deal"] <= {"msg", "repair"} and graph["repair"] <= {"msg", "frame"}


def test_no_reach_into_private_members_across_modules():
    reaches = []
    for m, tree in _trees().items():
        for n in ast.walk(tree):
            if isinstance(n, ast.Attribute) and n.attr.startswith("_") and not n.attr.startswith("__"):
                if not (isinstance(n.value, ast.Name) and n.value.id == "self"):
                    reaches.append("%s:%d %s" % (m, n.lineno, ast.unparse(n)))
    assert reaches == []


def test_imports_are_spelled_out_and_no_module_is_unloaded():
    for m, tree in _trees().items():
        for n in ast.walk(tree):
            if isinstance(n, (ast.Import, ast.ImportFrom)):
                aliased = [a.name for a in n.names if a.asname]
                # (hidden.py's bigmod functions are named apart from the built-in pow() they
                # stand in for)
                assert not aliased or (m, n.module) == ("hidden", "bigmod"), (m, aliased)
            if isinstance(n, ast.Attribute) and n.attr == "modules":
                raise AssertionError("%s:%d reaches sys.modules: link/ unloads nothing" % (m, n.lineno))


def test_link_hides_copies_of_the_engines_numbers_agree_with_them():
    # link/hide.py keeps its own copies of engine/game.py's numbers (a Rummy match loads it and
    # never Burako's engine) and of session.BUSY (session.py reaches it through the game's side)
    from engine import game
    from link import hide
    from link import session
    copies = {"_HIDDEN": game.HIDDEN, "_HAND_OVER": game.P_HAND_OVER, "_DRAW": game.DRAW,
              "_REDRAW": game.REDRAW, "_MELD": game.MELD, "_DISCARD": game.DISCARD,
              "_MUERTO": game.MUERTO, "_BUSY": session.BUSY}
    assert {name: getattr(hide, name) for name in copies} == copies
