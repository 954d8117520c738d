"""docs/interfaces.md's promises, played: a game and an AI level added as a newcomer adds them.

A toy third game, Nim (tests/toygame/nim/), goes into a copy of firmware/ with its package and
its line in ui/games.py, and nothing else. There it shows on the title (on both glasses, with a
saved match, a damaged one or none), is chosen with the keys, plays a turn, is left for the title
with its save, is continued from it, played to its end and left again; `burako emu --variant`
offers it, the App opens it by name (its save continued, or a match the AI plays alone). The
same key paths run under CPython and under real MicroPython (the WASI build at the console's heap,
the emulator's own guest) and must draw the same frames.

A fifth AI level (tests/toygame/level5.py) goes into another copy the same way: a class in ai/,
a branch in make(), LEVELS up by one. The set-up, the save, the match's AIs, `burako sim` and
`burako league` must follow, and no file of firmware/, host/ or emulator/ may spell the number
of levels itself.

The copies are made from this checkout's firmware/, so a place that still names Burako and
Rummy, or the literal 4, fails here. Under CPython the copy is imported in place of the
checkout's firmware (and the host tool, which imports it at its top) for the length of a run;
the checkout's modules are put back after."""
import contextlib
import hashlib
import json
import re
import shutil
import sys
from pathlib import Path

import pytest

from emulator import runner
from emulator.board import board_display, board_keys, parse_keys
from emulator.runtimes import wasi
from uikit import HEAP

ROOT = Path(__file__).resolve().parents[1]
FIRMWARE = ROOT / "firmware"
TOYS = ROOT / "tests" / "toygame"
GOLDEN = ROOT / "tests" / "golden"
RUNTIMES = ["cpython", pytest.param("micropython", marks=pytest.mark.micropython)]
GLASSES = ("pico_lcd_13", "pico_lcd_114")
# the modules a firmware tree binds (its top-level packages and modules), the toy's, and the
# host tool's (it imports the firmware at its top)
TOPS = {p.stem for p in FIRMWARE.iterdir() if p.suffix == ".py" or (p / "__init__.py").exists()} | {"nim", "host"}

TO_NIM = "DOWN,DOWN,DOWN,DOWN"      # the title without a save: New, Language, Cable, Rummy, Nim
STONES = 13                         # seed 3's pile (nim/game.py: 10 + seed % 8)


class Tree:
    """A firmware copy: its source (imported under CPython) and its .mpy build (None: not built)."""

    def __init__(self, source, build):
        self.source = source
        self.build = build


def edit(path, pattern, replacement):
    """The newcomer's edit of one file of the copy: exactly one match, or this file moved on."""
    text, n = re.subn(pattern, replacement, path.read_text(), count=1, flags=re.M | re.S)
    assert n == 1, f"{path.relative_to(path.parents[1])}: no {pattern!r} to edit: update this test"
    path.write_text(text)


def changed(source):
    """The files of a firmware copy that differ from firmware/'s, or are new."""
    out = []
    for f in sorted(source.rglob("*.py")):
        if "__pycache__" in f.parts:
            continue
        rel = f.relative_to(source)
        mine = FIRMWARE / rel
        if not mine.exists() or mine.read_bytes() != f.read_bytes():
            out.append(rel.as_posix())
    return out


def copy_firmware(root):
    source = root / "firmware"
    shutil.copytree(FIRMWARE, source, ignore=shutil.ignore_patterns("__pycache__"))
    return source


@pytest.fixture(scope="module")
def nim(tmp_path_factory):
    """firmware/ with Nim added as docs/interfaces.md "A game" says: its package, and its import
    and place in ui/games.py GAMES. The two places are all the copy changes."""
    root = tmp_path_factory.mktemp("nim")
    source = copy_firmware(root)
    shutil.copytree(TOYS / "nim", source / "nim", ignore=shutil.ignore_patterns("__pycache__"))
    edit(source / "ui" / "games.py", r"^GAMES = \((.*?)\)$", r"from nim.game import GAME as NIM\n\nGAMES = (\1, NIM)")
    assert [f for f in changed(source) if not f.startswith("nim/")] == ["ui/games.py"]
    return Tree(source, wasi.compile_firmware(root / "build", src_dir=source))


@pytest.fixture(scope="module")
def level5(tmp_path_factory):
    """firmware/ with a fifth AI level added as docs/interfaces.md "An AI level" says: the class
    in ai/, a branch in make(), LEVELS up by one."""
    root = tmp_path_factory.mktemp("level5")
    source = copy_firmware(root)
    shutil.copy(TOYS / "level5.py", source / "ai" / "level5.py")
    init = source / "ai" / "__init__.py"
    edit(init, r"^LEVELS = 4\b", "LEVELS = 5")
    edit(init, r'^(def make\(level, seed=0\):\n    """.*?"""\n)',
         r"\1    if level == 5:\n        from ai.level5 import Level5\n        return Level5()\n")
    assert changed(source) == ["ai/__init__.py", "ai/level5.py"]
    return Tree(source, None)


@contextlib.contextmanager
def running(tree):
    """This process imports the firmware (and the host tool) from tree instead of the checkout,
    fresh, as a console running it would; the checkout's modules are back afterwards."""
    def ours(name):
        return name.split(".")[0] in TOPS

    kept = {n: m for n, m in sys.modules.items() if ours(n)}
    for n in kept:
        del sys.modules[n]
    sys.path.insert(0, str(tree.source))
    try:
        yield
    finally:
        sys.path.remove(str(tree.source))
        for n in [n for n in sys.modules if ours(n)]:
            del sys.modules[n]
        sys.modules.update(kept)


def play(runtime, tree, storage, keys, glass="pico_lcd_13", **opts):
    """Power on a console of `tree` with `storage` and press `keys` (one whenever it waits, as
    the emulator's headless runs do). Returns (state, glasses, pressed): the state at the end
    (ui/state.py), the glass after every frame (a Display) and the frames the keys went in.
    Under MicroPython: the emulator's guest, at the console's heap (uikit.HEAP)."""
    from emulator.display import Display

    o = {"seed": 3, "ai_ms": 0}
    o.update(opts)
    feeder = runner.Feeder(parse_keys(keys), frames=3000, autoplay=o.get("autoplay", False))
    pressed = []

    def source(waiting, over):
        k = feeder(waiting, over)
        if k > 0:
            pressed.append(feeder.n - 1)
        return k

    glasses = []

    def on_frame(display):
        shot = Display(display.width, display.height)
        shot.pixels[:] = display.pixels
        glasses.append(shot)

    display = board_display(glass)
    if runtime == "micropython":
        _, st = runner.run_micropython(o, str(storage), source, display=display, heap=HEAP, on_frame=on_frame,
                                       keys=board_keys(glass), firmware=tree.build)
    else:
        with running(tree):
            _, app = runner.run_cpython(o, str(storage), source, display=display, on_frame=on_frame,
                                        keys=board_keys(glass))
            st = runner.snapshot(app)
    return st, glasses, pressed


def text_rows(display, text, colour, background, x=0, width=240, align=1):
    """The rows y where `display` shows the line `text` as ui/gfx.py Painter.text draws it
    centred in a band `width` wide at x (the title's menu rows: x 20, 200 wide): the band
    drawn alone on a blank glass, looked for whole."""
    from emulator.display import Display
    from ui.gfx import Painter

    alone = Display(display.width, display.height)
    Painter(alone).text(x, 0, width, text, colour, background, align)
    stride = display.width * 2

    def band(pixels, y):
        return [bytes(pixels[(y + r) * stride + x * 2:(y + r) * stride + (x + width) * 2]) for r in range(10)]

    want = band(alone.pixels, 0)
    return [y for y in range(display.height - 9) if band(display.pixels, y) == want]


def digests(glasses):
    return [hashlib.sha256(g.pixels).hexdigest() for g in glasses]


# --- a third game --------------------------------------------------------------------------
@pytest.mark.parametrize("runtime", RUNTIMES)
def test_a_third_game_on_the_title_played_saved_continued_and_left(runtime, nim, tmp_path):
    """Nim on the title, chosen with the keys, a turn (2 stones; the AI answers 3), B back to
    the title with the match saved; on again: its row continues the match, played to its end
    (the AI takes the last stone), the save gone, A back to the title. Under MicroPython every
    frame as under CPython."""
    from ui.gfx import CURSOR, HILITE, WHITE, FELT_DARK

    flash = tmp_path / "flash"
    keys = TO_NIM + ",A,RIGHT,A,B"
    st, glasses, pressed = play(runtime, nim, flash, keys, hidden=False)
    lit = glasses[pressed[3]]                       # after the fourth Down
    assert len(text_rows(lit, "Nim", CURSOR, HILITE, 20, 200)) == 1
    table = glasses[pressed[4]]                     # A: Nim's table, seed 3's pile
    assert text_rows(table, "%d piedras" % STONES, WHITE, FELT_DARK) == [table.height // 4]
    assert st["screen"] == "title"
    assert (flash / "nim.sav").read_bytes() == b"NIM" + bytes((STONES - 5, 0, 2, 3))   # J1 to move
    if runtime == "micropython":
        # (the cable's row offers hidden hands where the firmware deals them: not the stock
        # MicroPython's; the heap figures only the guest reports)
        again = play("cpython", nim, tmp_path / "cpython", keys, hidden=False)
        assert digests(glasses) == digests(again[1])
        assert {k: v for k, v in st.items() if "heap" not in k} == again[0]

    st, _, _ = play(runtime, nim, flash, TO_NIM + ",A")
    assert st["screen"] == "nim"
    assert st["nim"] == {"stones": STONES - 5, "turn": 0, "taken": [2, 3], "winner": -1,
                         "ai_seats": 0b10, "choice": 1}
    shutil.copytree(flash, tmp_path / "again")
    st, _, _ = play(runtime, nim, flash, TO_NIM + ",A,A,A")     # 8, -1, -3, -1, -3
    assert st["screen"] == "matchend"
    assert st["nim"]["winner"] == 1 and st["nim"]["taken"] == [4, 9] and st["nim"]["stones"] == 0
    assert not (flash / "nim.sav").exists()
    st, _, _ = play(runtime, nim, tmp_path / "again", TO_NIM + ",A,A,A,A")     # and A: the title
    assert st["screen"] == "title" and not (tmp_path / "again" / "nim.sav").exists()


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_the_app_opens_the_third_game_by_name(runtime, nim, tmp_path):
    """App(variant="nim"): --new continues Nim's save (its resume()), --autoplay plays a whole
    match with the AI in both seats (its watch(); nothing saved), to its end."""
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "nim.sav").write_bytes(b"NIM" + bytes((6, 0, 4, 3)))
    st, _, _ = play(runtime, nim, flash, "", new=True, variant="nim")
    assert st["screen"] == "nim" and st["nim"]["stones"] == 6 and st["nim"]["taken"] == [4, 3]
    st, _, _ = play(runtime, nim, tmp_path / "watched", "", autoplay=True, variant="nim")
    # 13: each takes stones % 4 or 1: 1, 1 (11), 3, 1 (7), 3, 1 (3), 3: J1 takes the last
    assert st["screen"] == "matchend" and st["nim"]["stones"] == 0
    assert st["nim"]["winner"] == 0 and st["nim"]["taken"] == [10, 3]
    assert not (tmp_path / "watched" / "nim.sav").exists()


SITUATIONS = {
    # the flash, and the keys from power-on to Nim's row
    "no save": ((), TO_NIM),
    "a saved match": ((GOLDEN / "saves" / "burako_2p" / "c0" / "burako.sav",), "DOWN," + TO_NIM),
    "a damaged save": ((GOLDEN / "files" / "damaged.sav",), "A," + TO_NIM),    # Continue: damaged
}


@pytest.mark.parametrize("situation", SITUATIONS)
@pytest.mark.parametrize("glass", GLASSES)
def test_the_title_makes_room_for_a_third_game(glass, situation, nim, tmp_path):
    """The title's rows with three games, on either glass: every row whole on the glass, none
    over another, over the foot line (the tall glass's keys) or the damaged save's line; A on
    Nim's row opens it."""
    from ui.gfx import CURSOR, HILITE, WHITE, FELT_DARK, GREY, ERR, CAPS

    files, keys = SITUATIONS[situation]
    flash = tmp_path / "flash"
    flash.mkdir()
    for f in files:
        shutil.copy(f, flash / "burako.sav")
    st, glasses, pressed = play("cpython", nim, flash, keys + ",A", glass)
    assert st["screen"] == "nim"
    title = glasses[pressed[-2]]                    # the last Down: Nim's row lit
    with running(nim):
        from ui import lang
        lang.use("es")
        lines = [("Nim", CURSOR, HILITE), ("Rummy", WHITE, FELT_DARK), (lang.t(lang.NEW), WHITE, FELT_DARK)]
        if situation == "a saved match":
            lines.append((lang.t(lang.CONTINUE), WHITE, FELT_DARK))
        rows = {text: text_rows(title, text, colour, background, 20, 200) for text, colour, background in lines}
        if situation == "a damaged save":
            rows["damaged"] = text_rows(title, lang.t(lang.BAD_SAVE), ERR, FELT_DARK)
        if title.height >= 240:
            rows["keys"] = text_rows(title, lang.t(lang.H_TITLE), GREY, FELT_DARK, align=1 | CAPS)
    assert all(len(found) == 1 for found in rows.values()), rows
    tops = sorted(y for found in rows.values() for y in found)
    assert all(b - a >= 12 for a, b in zip(tops, tops[1:])), rows     # a row's band: 14, from 2 above its text


def test_burako_emu_offers_the_third_game(nim, tmp_path, capsys):
    """`burako emu --variant nim`: the host tool's choices are the registry's."""
    with running(nim):
        from host import cli
        code = cli.main(["emu", "--headless", "--autoplay", "--variant", "nim", "--seed", "3",
                         "--storage", str(tmp_path), "--state-json"])
    out = capsys.readouterr()
    assert code == 0, out.err
    st = json.loads(out.out.splitlines()[-1])
    assert st["screen"] == "matchend" and st["nim"]["winner"] == 0


# --- a fifth AI level ----------------------------------------------------------------------
TO_LEVEL = "A,DOWN,DOWN,DOWN,DOWN"      # New game, down to the set-up's level row (2 players)


def test_a_fifth_ai_level_through_ai_levels(level5, tmp_path):
    """LEVELS = 5 and a branch in make(): the set-up offers level 5 (and wraps after it), a
    match at level 5 plays with its class while level 4 stays the expert, the save keeps level
    5 (Continue), and burako sim and league take it."""
    with running(level5):
        import ai
        from ai.expert import ExpertAI
        from ai.level5 import Level5
        from host import cli
        from host import league

        def app_after(keys, storage):
            board, app = runner.run_cpython({"seed": 11, "ai_ms": 0}, str(storage),
                                            runner.Feeder(parse_keys(keys), frames=3000))
            return app

        assert app_after(TO_LEVEL + ",RIGHT,RIGHT,RIGHT", tmp_path / "a").settings.level == 5
        assert app_after(TO_LEVEL + ",RIGHT,RIGHT,RIGHT,RIGHT", tmp_path / "b").settings.level == 1
        assert isinstance(ai.make(4), ExpertAI)
        flash = tmp_path / "flash"
        app = app_after(TO_LEVEL + ",RIGHT,RIGHT,RIGHT,DOWN,DOWN,A,A,B,B", flash)     # start; draw, discard
        assert app.screen.name == "game" and isinstance(app.screen.play.ais[1], Level5)
        assert (flash / "burako.sav").exists()
        app = app_after("A", flash)                  # power on: Continue
        assert app.screen.name == "game" and not app.kept.get("bad_save")
        assert app.settings.level == 5 and isinstance(app.screen.play.ais[1], Level5)
        assert league.parse_levels("4,5") == [4, 5]
        with pytest.raises(league.LeagueError, match="from 1, 2, 3, 4, 5$"):
            league.parse_levels("5,6")
        assert cli.main(["sim", "--levels", "5,4", "--games", "1", "--seed", "2", "--json"]) == 0


def test_no_file_spells_the_number_of_ai_levels():
    """firmware/, host/ and emulator/ take the number of levels from ai.LEVELS (the issue found
    the literal 4 in five files; benchmarks/shape_figures.py's pattern)."""
    import shape_figures

    assert shape_figures.ai_levels_literal()["ai_levels_literal_files"] == []
