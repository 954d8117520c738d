"""The cues and shortcuts of the table
screen (your turn, the tile just drawn, the opponents' melds two presses away,
the hints that name the right keys, the hint menu entry) and the title's
language choice carried into a continued game."""
import pytest

from engine import game
from emulator import runner
from emulator.board import parse_keys
from hal import keys as hal_keys
from burako import table as burako_table
from ui import gfx
from ui import lang as ui_lang
from uikit import HEAP, run, table

START = "A,UP,A"


def press(app, k):
    """A key to the screen shown, as the frame hands it (no frame's tick or redraw)."""
    app.screen.key(k)


def draw(app):
    """The frame's redraw of what changed."""
    app.screen.draw(app.dirty)
    app.dirty = 0


def test_top_bar_lights_up_and_says_so_on_your_turn_only(tmp_path):
    board, app = run(tmp_path, START)
    assert table(app).play.game.turn == 0 and board.display.pixel(120, 0) == gfx.TURN
    board, app = run(tmp_path / "b", START + ",A,B,B")     # draw, discard: J2's turn passes
    assert table(app).play.game.turn == 0
    board2, app2 = run(tmp_path / "c", START + ",A")         # mid-turn: still yours
    assert board2.display.pixel(120, 0) == gfx.TURN
    # while the AI moves the bar is the plain one: discard, draw, no AI tick yet
    b3, a3 = run(tmp_path / "d", START + ",A")
    press(a3, hal_keys.B)
    press(a3, hal_keys.B)
    draw(a3)
    assert table(a3).play.game.turn == 1 and b3.display.pixel(120, 0) == gfx.BAR


def test_the_tile_just_drawn_is_marked_until_the_next_move(tmp_path):
    board, app = run(tmp_path, START + ",A")
    t = table(app)
    r = t.rack()
    marked = [i for i in range(len(r)) if t.selection[i] & 2]
    assert marked == [len(r) - 1]
    x = burako_table.RACK_X + marked[0] * gfx.TW
    assert board.display.pixel(x + gfx.TW - 5, app.painter.lay.Y_TILE + 2) == gfx.NEW_C
    assert t.selected() == b""                     # a mark is not a selection
    # sorting keeps the mark on the same tile
    tile = r[marked[0]]
    t.sort = 2
    t.resort()
    assert [t.rack()[i] for i in range(len(r)) if t.selection[i] & 2] == [tile]
    # the next move (a discard) clears it
    press(app, hal_keys.B)
    press(app, hal_keys.B)
    assert t.play.game.turn == 1
    assert not any(t.selection[i] & 2 for i in range(len(t.rack())))


def test_opponents_melds_are_up_twice_away(tmp_path):
    board, app = run(tmp_path, START + ",UP")
    assert table(app).focus == 1 and table(app).meld_side == 0
    board, app = run(tmp_path / "b", START + ",UP,UP")
    assert table(app).focus == 1 and table(app).meld_side == 1
    board, app = run(tmp_path / "c", START + ",UP,UP,UP")
    assert table(app).focus == 1 and table(app).meld_side == 0


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
    assert app.screen is table(app) and app.screen.name == "game" and table(app).play.game is not None
    assert ui_lang.code() == "it"
    ui_lang.use("es")


def test_hint_menu_entry_shows_and_selects_level_3s_move(tmp_path):
    from ai import hint

    board, app = run(tmp_path, START + ",A")
    t = table(app)
    g = t.play.game
    mv = hint(g, 0)
    assert mv is not None
    press(app, hal_keys.X)
    while burako_table.MENU[t.menu] != ui_lang.M_HINT:
        press(app, hal_keys.DOWN)
    press(app, hal_keys.A)
    assert t.message.startswith(ui_lang.t(ui_lang.HINT_IS)) and len(t.message) > len(ui_lang.t(ui_lang.HINT_IS))
    assert g.phase == game.P_PLAY and g.turn == 0      # nothing was played
    if mv[0] in (game.MELD, game.ADD, game.SWAP):
        assert sorted(t.selected()) == sorted(mv[2])
    elif mv[0] == game.DISCARD:
        assert t.rack()[t.cursor] == mv[2][0]


@pytest.mark.micropython
def test_hint_inside_micropython_fits_the_heap(tmp_path):
    # the hint's choice computed on the device's runtime, the console's heap a hard limit
    display, st = runner.run_micropython({"seed": 3, "ai_ms": 0}, str(tmp_path),
                                         runner.Feeder(parse_keys(START + ",A,X,DOWN,A")), heap=HEAP)
    assert st["msg"].startswith("Pista: ") and st["phase"] == game.P_PLAY
    assert st["peak_heap_bytes"] < HEAP
