"""The screens (ui/screen.py Screen and its subclasses), and their partial redraws.

A screen redraws only the regions its dirty bits name; the picture after any
key sequence must be the one a full redraw of the same state paints onto a
blank panel, or a region was forgotten (or painted where it should not be).
The property test checks that after every frame of random key sequences, on
every screen (title, setup, table with its menu and meld lists, hand-off, end
of hand, end of match), in every language."""
import importlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from emulator import runner
from emulator.board import EmuBoard, ScriptButtons, VirtualClock, parse_keys
from engine import game
from ui import app as ui_app
from ui import screen as regions
from ui.screen import Screen
from ui.title import Title
from uikit import feed, full_redraw
from ui import state

FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"
START = "A,UP,A"          # title: new game; setup: up wraps to Start; start (J1 human, J2 AI)
KEYS = ("UP", "DOWN", "LEFT", "RIGHT", "PRESS", "A", "B", "X", "Y")
# where a random walk starts: keys that lead to each screen
PREFIXES = (
    "",                                              # title
    "A",                                             # setup
    START,                                           # table, J2 the AI
    START + ",A",                                    # table, mid-turn
    "A,DOWN,DOWN,DOWN,A,DOWN,DOWN,DOWN,A,A",         # two humans: hand-off, then the table
)
# the names ui/state.py's snapshot and the emulator call the screens by (docs/interfaces.md)
NAMES = {"title", "setup", "game", "handoff", "handend", "matchend", "link", "rummy", "fault"}


def screen_classes():
    """Every Screen subclass of the firmware: each module that spells "(Screen)" or subclasses
    a screen of its own imported, then the subclasses walked."""
    for path in sorted(FIRMWARE.rglob("*.py")):
        if "Screen" in path.read_text() and path.parent != FIRMWARE:
            importlib.import_module(".".join(path.relative_to(FIRMWARE).with_suffix("").parts))
    out, todo = [], [Screen]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub.__module__.split(".")[0] in ("ui", "burako", "rummy"):
                out.append(sub)
            todo.append(sub)
    return out


def test_every_screen_has_the_interface_and_a_state_name():
    found = screen_classes()
    assert len(found) >= 14         # title, fault, link; Burako's 6 and Rummy's 6 (a base among them)
    named = [c for c in found if c.name]
    for scr in named:
        assert scr.name in NAMES, (scr, scr.name)
        for entry in ("key", "tick", "draw", "waiting", "state"):
            assert callable(getattr(scr, entry)), (scr, entry)
    assert {c.name for c in named} == NAMES
    from burako.ends import MatchEnd
    assert MatchEnd.name == "matchend" and MatchEnd in found


def test_show_switches_screen_and_asks_for_a_full_redraw(tmp_path):
    board, app = runner.run_cpython({"seed": 3, "ai_ms": 0}, str(tmp_path),
                                    runner.Feeder(parse_keys("A")))
    assert state.snapshot(app)["screen"] == "setup" and app.dirty == 0
    title = Title(app)
    app.show(title)
    assert app.screen is title and app.dirty == regions.ALL
    assert state.snapshot(app)["screen"] == "title"


def first_difference(a, b):
    for i in range(0, len(a), 2):
        if a[i:i + 2] != b[i:i + 2]:
            return "first differing pixel x=%d y=%d, %d bytes differ" % (
                (i // 2) % 240, (i // 2) // 240, sum(1 for j in range(len(a)) if a[j] != b[j]))
    return ""


def walk(tmp, keys, lang="es", seed=3, ai_moves=0, to_end=False):
    """Feed `keys` one per frame while the app waits (AI turns in between);
    after each frame the panel must equal a full redraw. `ai_moves`: first
    an all-AI match plays that many moves (no frames drawn), then J1 is
    handed to the keys (`to_end`: the AIs play on to the end of that hand).
    Returns the app."""
    clock = VirtualClock()
    board = EmuBoard(tmp, buttons=ScriptButtons(), clock=clock)
    app = ui_app.App(board, seed=seed, ai_ms=0, lang=lang, autoplay=ai_moves > 0)
    if ai_moves:
        play = app.screen.play
        g = play.game
        n = 0
        while n < ai_moves or (to_end and app.screen.name == "game"):
            n += 1
            if app.screen.name == "matchend" or (to_end and n > ai_moves and app.screen.name != "game"):
                break
            if app.screen.name == "handend":
                play.play(game.NEXT, 0, b"", 0)
            else:
                play.ai_move(0)
        app.autoplay = False
        play.ai_seats = 0b10
        play.ais[0] = None
        play.viewer = 0
        play.table.reset()
        if app.screen.name == "game" and g.turn != 0:
            play.enter_turn()
        app.dirty = regions.ALL

    def same_as_full(todo):
        shown = bytes(board.display.pixels)
        full = full_redraw(app)
        assert shown == full, "after %s on %s: %s" % (
            keys[:len(keys) - len(todo)], app.screen.name, first_difference(shown, full))

    return feed(board, app, clock, keys, same_as_full)


@pytest.mark.parametrize("keys", [
    "DOWN,RIGHT,UP",                                    # title: language, rows
    "A,DOWN,RIGHT,DOWN,DOWN,A,DOWN,RIGHT,UP",           # setup: 4 players, a seat, level
    START + ",A,RIGHT,A,RIGHT,RIGHT,A,LEFT,Y",          # table: draw, select, refused meld
    START + ",A," + ",".join(["RIGHT"] * 14) + ",LEFT,B",  # rack scrolls, discard asks
    START + ",A,B,B,A,B,B,UP,LEFT,B",                   # AI turns, the meld list and back
    START + ",X,B",                                     # the menu closes: its dark rows go
    START + ",A,UP",                                    # the meld list: no rack cursor drawn
    START + ",A,A,A,RIGHT,RIGHT,RIGHT,RIGHT,A,RIGHT,RIGHT,RIGHT,RIGHT,RIGHT,RIGHT,RIGHT,A,Y,PRESS,B",
])
def test_partial_redraws_paint_what_a_full_redraw_paints(keys, tmp_path):
    walk(str(tmp_path), parse_keys(keys))


def test_resumed_game_paints_what_a_full_redraw_paints(tmp_path):
    # save and quit from the menu, then continue from the title
    quit_ = ",".join(["PRESS"] + ["UP"] * 1 + ["A"])      # the menu's last row: save and quit
    walk(str(tmp_path), parse_keys(START + ",A,A,RIGHT,A," + quit_ + ",A"))
    app = walk(str(tmp_path), parse_keys("A,RIGHT,UP,UP,A"))
    assert getattr(app.screen, "play", None) is not None      # a match, not the title


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(prefix=st.sampled_from(PREFIXES), lang=st.sampled_from(("es", "it", "en")),
       seed=st.integers(0, 50),
       keys=st.lists(st.sampled_from(KEYS), min_size=1, max_size=24))
def test_any_key_sequence_paints_what_a_full_redraw_paints(tmp_path_factory, prefix, lang, seed, keys):
    walk(str(tmp_path_factory.mktemp("walk")), parse_keys(prefix) + parse_keys(",".join(keys)),
         lang=lang, seed=seed)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 50), moves=st.integers(20, 700), lang=st.sampled_from(("es", "it", "en")),
       to_end=st.booleans(), keys=st.lists(st.sampled_from(KEYS), min_size=1, max_size=12))
def test_later_screens_paint_what_a_full_redraw_paints(tmp_path_factory, seed, moves, lang, to_end, keys):
    # an AI match played for a while (the end of a hand or of the match
    # reachable), then random keys as J1
    walk(str(tmp_path_factory.mktemp("late")), parse_keys(",".join(keys)), lang=lang, seed=seed,
         ai_moves=moves, to_end=to_end)
