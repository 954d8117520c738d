"""The house of a second game (README.md "Layout", docs/ui.md "Adding a game"): Rummy israelí's
own code is one package, firmware/rummy/, and the arrows point one way. It imports the shared
floors (engine/, ai/, ui/, link/); none of them imports it: the app and the link cable find it
by module name (ui/common.py NAMES, link/session.py game_module, ui/screen_link.py)."""
import ast
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"
SHARED = ("engine", "ai", "hal", "link", "ui")


def _imported(path):
    """The top-level packages a module imports by statement, anywhere in it."""
    got = set()
    for n in ast.walk(ast.parse(path.read_text())):
        if isinstance(n, ast.ImportFrom) and n.module and not n.level:
            got.add(n.module.split(".")[0])
        elif isinstance(n, ast.Import):
            got |= {a.name.split(".")[0] for a in n.names}
    return got


def test_no_shared_module_imports_the_rummy_package():
    found = sorted(str(p.relative_to(FIRMWARE)) for pkg in SHARED for p in (FIRMWARE / pkg).glob("*.py")
                   if "rummy" in _imported(p))
    assert found == []
    for p in (FIRMWARE / "main.py", FIRMWARE / "memory.py", FIRMWARE / "scorelog.py"):
        assert "rummy" not in _imported(p), p.name


def test_the_rummy_package_holds_the_game_and_its_door_is_a_name():
    own = {p.stem for p in (FIRMWARE / "rummy").glob("*.py")}
    assert {"rules", "solve", "codec", "bench", "ai", "view", "setup", "door", "moves", "linkplay",
            "linkplay_screen", "lang_en", "lang_es", "lang_it"} <= own
    common = (FIRMWARE / "ui" / "common.py").read_text()
    assert '"rummy.door"' in common                  # NAMES[S_RUMMY]
    assert '"rummy.moves"' in (FIRMWARE / "link" / "session.py").read_text()
    # no module of the shared floors is named after the game any more
    stale = sorted(str(p.relative_to(FIRMWARE)) for pkg in SHARED for p in (FIRMWARE / pkg).glob("*.py")
                   if "rummy" in p.stem)
    assert stale == []


def test_the_game_texts_are_leaves():
    for code in ("en", "es", "it"):
        assert _imported(FIRMWARE / "rummy" / ("lang_%s.py" % code)) <= {"micropython"}, code
