"""The house of a second game (docs/developer.md "Layout", docs/interfaces.md "The rooms", "A game"):
Rummy israelí's own code is one package, firmware/rummy/, and the arrows point one way. It
imports the shared floors (engine/, ai/, ui/, link/); none of them imports it, or Burako's
package, but the list of games (ui/games.py, the one place ui/ names the games); the link
cable gets Rummy's side of the protocol from the game (rummy/game.py link_moves(): the Link's
`moves`), so link/ names no game's module."""
import ast
import re
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"
SHARED = ("engine", "ai", "hal", "link", "ui")
GAMES = ("rummy", "burako")
REGISTRY = FIRMWARE / "ui" / "games.py"


def _imported(path):
    """The top-level packages a module imports by statement, anywhere in it."""
    got = set()
    for n in ast.walk(ast.parse(path.read_text())):
        if isinstance(n, ast.ImportFrom) and n.module and not n.level:
            got.add(n.module.split(".")[0])
        elif isinstance(n, ast.Import):
            got |= {a.name.split(".")[0] for a in n.names}
    return got


def test_no_shared_module_imports_a_games_package_but_the_list_of_games():
    found = sorted(str(p.relative_to(FIRMWARE)) for pkg in SHARED for p in (FIRMWARE / pkg).glob("*.py")
                   if p != REGISTRY and _imported(p) & set(GAMES))
    assert found == []
    for p in (FIRMWARE / "main.py", FIRMWARE / "scorelog.py"):
        assert not _imported(p) & set(GAMES), p.name
    # and the walk that would find one does: the list of games imports both
    assert _imported(REGISTRY) >= set(GAMES)


def test_the_rummy_package_holds_the_game_and_its_door_is_the_list_of_games():
    own = {p.stem for p in (FIRMWARE / "rummy").glob("*.py")}
    assert {"rules", "solve", "codec", "bench", "ai", "game", "play", "table", "setup", "ends", "text",
            "moves", "lang_en", "lang_es", "lang_it"} <= own
    registry = ast.parse(REGISTRY.read_text())
    assert any(isinstance(n, ast.ImportFrom) and n.module == "rummy.game" and [a.name for a in n.names] == ["GAME"]
               for n in ast.walk(registry))      # ui/games.py GAMES: the game's GAME object
    # the game gives the Link its side of the protocol; link/ spells no game's module name
    game = ast.parse((FIRMWARE / "rummy" / "game.py").read_text())
    gives = [f for f in ast.walk(game) if isinstance(f, ast.FunctionDef) and f.name == "link_moves"]
    assert gives and any(isinstance(n, ast.ImportFrom) and n.module == "rummy" and [a.name for a in n.names] == ["moves"]
                         for n in ast.walk(gives[0]))
    assert not [p.name for p in (FIRMWARE / "link").glob("*.py") if re.search(r"[\"']rummy\.", p.read_text())]
    # no module of the shared floors is named after the game any more
    stale = sorted(str(p.relative_to(FIRMWARE)) for pkg in SHARED for p in (FIRMWARE / pkg).glob("*.py")
                   if "rummy" in p.stem)
    assert stale == []


def test_the_game_texts_are_leaves():
    for code in ("en", "es", "it"):
        assert _imported(FIRMWARE / "rummy" / ("lang_%s.py" % code)) <= {"micropython"}, code
