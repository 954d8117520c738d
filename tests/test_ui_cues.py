"""The cues and shortcuts of the table
screen (your turn, the tile just drawn, the opponents' melds two presses away,
the hints that name the right keys, the hint menu entry) and the title's
language choice carried into a continued game."""
import pytest

from engine import game
from emulator import runner
from emulator.board import parse_keys
from hal import keys as hal_keys
from ui import app as ui_app
from ui import gfx
from ui import lang as ui_lang
from ui import screen_table

START = "A,UP,A"


def run(tmp, keys, **opts):
    o = {"seed": 3, "ai_ms": 0}
    o.update(opts)
    return runner.run_cpython(o, str(tmp), runner.Feeder(parse_keys(keys), frames=3000))


def test_top_bar_lights_up_and_says_so_on_your_turn_only(tmp_path):
    board, app = run(tmp_path, START)
    assert app.match.game.turn == 0 and board.display.pixel(120, 0) == gfx.TURN
    board, app = run(tmp_path / "b", START + ",A,B,B")     # draw, discard: J2's turn passes
    assert app.match.game.turn == 0
    board2, app2 = run(tmp_path / "c", START + ",A")         # mid-turn: still yours
    assert board2.display.pixel(120, 0) == gfx.TURN
    # while the AI moves the bar is the plain one: discard, draw, no AI tick yet
    b3, a3 = run(tmp_path / "d", START + ",A")
    a3.key(hal_keys.B)
    a3.key(hal_keys.B)
    a3.draw()
    assert a3.match.game.turn == 1 and b3.display.pixel(120, 0) == gfx.BAR


def test_the_tile_just_drawn_is_marked_until_the_next_move(tmp_path):
    board, app = run(tmp_path, START + ",A")
    r = app.rack()
    marked = [i for i in range(len(r)) if app.view.selection[i] & 2]
    assert marked == [len(r) - 1]
    x = screen_table.RACK_X + marked[0] * gfx.TW
    assert board.display.pixel(x + gfx.TW - 5, app.painter.lay.Y_TILE + 2) == gfx.NEW_C
    assert app.selected() == b""                     # a mark is not a selection
    # sorting keeps the mark on the same tile
    t = r[marked[0]]
    app.view.sort = 2
    app.resort()
    assert [app.rack()[i] for i in range(len(r)) if app.view.selection[i] & 2] == [t]
    # the next move (a discard) clears it
    app.key(hal_keys.B)
    app.key(hal_keys.B)
    assert app.match.game.turn == 1
    assert not any(app.view.selection[i] & 2 for i in range(len(app.rack())))


def test_opponents_melds_are_up_twice_away(tmp_path):
    board, app = run(tmp_path, START + ",UP")
    assert app.view.focus == 1 and app.view.meld_side == 0
    board, app = run(tmp_path / "b", START + ",UP,UP")
    assert app.view.focus == 1 and app.view.meld_side == 1
    board, app = run(tmp_path / "c", START + ",UP,UP,UP")
    assert app.view.focus == 1 and app.view.meld_side == 0


def test_meld_list_hints_name_the_keys_that_do_it():
    for lang in ("es", "it", "en"):
        ui_lang.use(lang)
        h = ui_lang.t(ui_lang.H_MELD1)
        assert "X:" not in h, h            # X goes back to the rack, it does not swap
        assert ("Clic" in h or "Click" in h), h
        assert "<>" in ui_lang.t(ui_lang.H_MELD2)
    ui_lang.use("es")


def test_continue_keeps_the_language_chosen_on_the_title(tmp_path):
    # a game saved in Spanish, continued after choosing Italian on the title
    run(tmp_path, START + ",A,PRESS,UP,A")           # draw, menu: save and quit
    board, app = run(tmp_path, "DOWN,DOWN,RIGHT,UP,UP,A")
    assert app.match.game is not None and app.screen == ui_app.S_GAME
    assert ui_lang.code() == "it"
    ui_lang.use("es")


def test_hint_menu_entry_shows_and_selects_level_3s_move(tmp_path):
    from ai import hint

    board, app = run(tmp_path, START + ",A")
    g = app.match.game
    mv = hint(g, 0)
    assert mv is not None
    app.key(hal_keys.X)
    while screen_table.MENU[app.view.menu] != ui_lang.M_HINT:
        app.key(hal_keys.DOWN)
    app.key(hal_keys.A)
    assert app.view.message.startswith(ui_lang.t(ui_lang.HINT_IS)) and len(app.view.message) > len(ui_lang.t(ui_lang.HINT_IS))
    assert app.match.game.phase == game.P_PLAY and app.match.game.turn == 0      # nothing was played
    if mv[0] in (game.MELD, game.ADD, game.SWAP):
        assert sorted(app.selected()) == sorted(mv[2])
    elif mv[0] == game.DISCARD:
        assert app.rack()[app.view.cursor] == mv[2][0]


@pytest.mark.micropython
def test_hint_inside_micropython_fits_the_heap(tmp_path):
    # level 3's choice computed on the device's runtime, heap 128 KB a hard limit
    display, st = runner.run_micropython({"seed": 3, "ai_ms": 0}, str(tmp_path),
                                         runner.Feeder(parse_keys(START + ",A,X,DOWN,A")), heap=131072)
    assert st["msg"].startswith("Pista: ") and st["phase"] == game.P_PLAY
    assert st["peak_heap_bytes"] < 131072
