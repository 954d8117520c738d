"""The Burako table as a player meets it in a first match (issue 37): the rack cursor stops at
the rack's ends, the hint advises (in the imperative, a meld ready in the rack before a
discard), a refusal's reason goes on the message line and the hint lines keep the keys, the
Pico-LCD-1.14's one meld row says when more melds exist and its glass says what "A~"/"B~"
are, and the tile just taken is marked so that it is seen. Keys are pressed as a player
presses them; what the glass shows is read back as pixels."""
import pytest

from emulator import runner
from emulator.board import EmuBoard, ScriptButtons, VirtualClock, board_display, board_keys, parse_keys
from emulator.display import Display
from engine import game
from engine import melds
from engine import tiles
from hal import keys as hal_keys
from burako import table as burako_table
from ui import app as ui_app
from ui import gfx
from ui import lang as ui_lang
from uikit import run, table

START = "A,UP,A"          # title: new game; set-up: up wraps to Start; start (J1 human, J2 AI)


@pytest.fixture(autouse=True)
def spanish_after():
    yield
    ui_lang.use("es")         # the App's language is the module's: the next test's default


def step(app, k=0):
    """A key as a frame hands it to the table, then the frame's redraw."""
    if k:
        app.screen.key(k)
    app.screen.draw(app.dirty)
    app.dirty = 0


def band(display, y, h=10):
    stride = display.width * 2
    return bytes(display.pixels[y * stride:(y + h) * stride])


def text_band(width, height, y, text, colour, bg, x=0, w=240):
    """The pixels of rows y..y+9 with `text` drawn as the painter draws a line."""
    fresh = Display(width, height)
    gfx.Painter(fresh).text(x, y, w, text, colour, bg, 0)
    return band(fresh, y)


def has(display, y0, y1, colour, x0=0, x1=240):
    return any(display.pixel(x, y) == colour for y in range(y0, y1) for x in range(x0, x1))


# --- item 5: the rack cursor stops at the ends --------------------------------------------
def test_the_rack_cursor_stops_at_the_rack_ends(tmp_path):
    board, app = run(tmp_path, START + ",A")                 # drawn: 13 tiles
    t = table(app)
    n = len(t.rack())
    assert t.cursor == 0
    step(app, hal_keys.LEFT)                                  # Left on the first tile: nothing
    assert t.cursor == 0 and t.scroll == 0
    for _ in range(n + 3):
        step(app, hal_keys.RIGHT)
    assert t.cursor == n - 1                                  # Right on the last: nothing
    last = t.rack()[n - 1]
    step(app, hal_keys.B)
    step(app, hal_keys.RIGHT)                                 # still on the last tile: still asked
    step(app, hal_keys.B)
    g = t.play.game
    assert g.pile and g.pile[-1] == last                      # the tile counted to is discarded


# --- item 6: the hint advises --------------------------------------------------------------
def _open_hint(app):
    t = table(app)
    step(app, hal_keys.X)
    while burako_table.MENU[t.menu] != ui_lang.M_HINT:
        step(app, hal_keys.DOWN)
    step(app, hal_keys.A)


def _deal(g, seat, want):
    """The rack of `seat` made `want` (tile codes), the tiles moved from the stock, the other
    racks and the muertos, each keeping its size: the box still holds two of each."""
    places = [r for s, r in enumerate(g.racks) if s != seat] + list(g.muertos) + [g.stock]
    pool = bytearray(g.racks[seat])
    for r in places:
        pool += r
    for t in want:
        pool.remove(t)
    g.racks[seat][:] = bytes(want)
    for r in places:
        k = len(r)
        r[:] = pool[:k]
        del pool[:k]
    assert not pool


def test_the_hint_proposes_laying_a_ready_run_and_selects_it(tmp_path):
    from ai.expert import ExpertAI
    from engine import codec
    board, app = run(tmp_path, START + ",A", lang="en")       # drawn: the play phase
    t = table(app)
    g = t.play.game
    assert g.phase == game.P_PLAY and g.turn == 0
    k11, k12, k13 = (tiles.parse(w) for w in ("K11", "K12", "K13"))
    rest = [tiles.parse(w) for w in "R3 R7 R10 B5 B9 B13 Y4 Y6 Y8 Y12".split()]
    _deal(g, 0, [rest[0], k12, rest[1], rest[2], k11, rest[3], rest[4], k13, rest[5], rest[6],
                 rest[7], rest[8], rest[9]])
    g.drawn = game.NO_TILE
    t.reset()
    # level 4 alone keeps the run in hand (R4) and discards: the hint did so before issue 37
    assert ExpertAI(0).choose(codec.decode(codec.encode(g)))[0] == game.DISCARD
    _open_hint(app)
    assert t.message == "Hint: lay K11 K12 K13"
    assert sorted(t.selected()) == sorted((k11, k12, k13))
    assert g.phase == game.P_PLAY and not g.melds[0]          # nothing played
    step(app, hal_keys.Y)                                     # the advice followed: Y lays it
    assert len(g.melds[0]) == 1 and melds.size(g.melds[0][0]) == 3


def test_the_hint_reads_as_advice_in_each_language(tmp_path):
    said = {"es": ("Pista: roba del mazo", "Pista: toma el pozo"),
            "it": ("Consiglio: pesca dal tallone", "Consiglio: prendi il pozzo"),
            "en": ("Hint: draw from the stock", "Hint: take the pile")}
    for code, texts in said.items():
        board, app = run(tmp_path / code, START, lang=code)    # your turn to draw
        _open_hint(app)
        assert table(app).message in texts, table(app).message
    # a discard: "Hint: discard K5", not "Hint: discards K5"
    board, app = run(tmp_path / "discard", START + ",A", lang="en")
    t = table(app)
    g = t.play.game
    _deal(g, 0, [tiles.parse(w) for w in "R3 R7 R10 B5 B9 B13 Y4 Y6 Y8 Y12 K1 K5 K9".split()])
    g.drawn = game.NO_TILE
    t.reset()
    _open_hint(app)
    assert t.message.startswith("Hint: discard ") and t.message.split()[2] == t.play.move_text(0, (
        game.DISCARD, 0, bytes((t.rack()[t.cursor],)), 0)).split()[-1]


# --- item 7: a refusal keeps the key legend --------------------------------------------------
def test_a_refusal_shows_its_reason_on_the_message_line_and_keeps_the_keys(tmp_path):
    keys = START + ",A,A,RIGHT,A"                             # drawn, two tiles selected
    board, app = run(tmp_path / "a", keys, seed=11)
    before = board.display
    legend = band(before, 220, 20)
    board, app = run(tmp_path / "b", keys + ",Y", seed=11)    # Y: a meld of two, refused
    t = table(app)
    d = board.display
    assert t.error == 4
    # the hint lines still name the keys, nothing red there
    assert band(d, 220, 20) == legend and not has(d, 220, 240, gfx.ERR)
    # the reason on the message line, in red
    assert band(d, 169) == text_band(240, 240, 169, ui_lang.reason(4), gfx.ERR, gfx.FELT)
    # the next key: the last move's line again (the draw's), the reason gone
    step(app, hal_keys.RIGHT)
    assert t.error == 0 and band(d, 169) == band(before, 169)
    st = {}
    t.state(st)
    assert st["error"] == 0 and st["error_text"] == ""


# --- item 9: the Pico-LCD-1.14 ---------------------------------------------------------------
def small(tmp, lang="en"):
    clock = VirtualClock()
    board = EmuBoard(str(tmp), buttons=ScriptButtons(), clock=clock, display=board_display("pico_lcd_114"),
                     keys=board_keys("pico_lcd_114"))
    app = ui_app.App(board, seed=3, ai_ms=0, lang=lang)
    source = runner.Feeder(parse_keys(START), frames=3000)
    while True:
        ev = source(app.waiting(), app.over())
        if ev == runner.STOP:
            break
        if ev:
            board.buttons.press(ev)
        app.step(clock.ticks_ms())
    return board, app


def test_the_1_14_says_what_a_long_press_is(tmp_path):
    board, app = small(tmp_path)
    t = table(app)
    lay = app.painter.lay
    assert app.no_y() and t.message == ""                     # no move yet this hand
    want = text_band(240, 135, lay.Y_MSG, "A~/B~: press and hold A/B", gfx.DIM, gfx.FELT)
    assert band(board.display, lay.Y_MSG) == want


def test_the_1_14_meld_row_says_more_melds_exist(tmp_path):
    board, app = small(tmp_path)
    t = table(app)
    g = t.play.game
    lay = app.painter.lay
    assert lay.MROWS == 1
    rules = g.rules
    for w in ("R3 R4 R5", "B7 B8 B9", "Y10 Y11 Y12"):
        g.melds[0].append(melds.make(bytes(tiles.parse(x) for x in w.split()), melds.END_DEFAULT, rules))
    d = board.display
    app.redraw(0xFF)
    step(app)
    head = band(d, burako_table.Y_MHEAD)
    # "1/3" and "v" (more below) at the head line's right end, in white
    fresh = Display(240, 135)
    p = gfx.Painter(fresh)
    p.band(gfx.FELT)
    p.put(0, ui_lang.t(ui_lang.MELDS_OF) + "P1", gfx.DIM)
    p.put(240 - 6 * 8, "1/3  v", gfx.WHITE)
    p.show(burako_table.Y_MHEAD)
    assert head == band(fresh, burako_table.Y_MHEAD)
    # Up: the meld list; Down: the second of three, more above and below
    step(app, hal_keys.UP)
    step(app, hal_keys.DOWN)
    assert t.meld_top == 1
    p.band(gfx.FELT)
    p.put(0, "<> " + ui_lang.t(ui_lang.MELDS_OF) + "P1", gfx.CURSOR)
    p.put(240 - 6 * 8, "2/3 ^v", gfx.CURSOR)
    p.show(burako_table.Y_MHEAD)
    assert band(d, burako_table.Y_MHEAD) == band(fresh, burako_table.Y_MHEAD)


def test_one_meld_row_on_the_1_3_needs_no_mark(tmp_path):
    board, app = run(tmp_path, START)
    d = board.display
    # no melds: the head line as before, nothing at its right end
    assert not has(d, burako_table.Y_MHEAD, burako_table.Y_MHEAD + 10, gfx.WHITE, 180, 240)
    assert not has(d, burako_table.Y_MHEAD, burako_table.Y_MHEAD + 10, gfx.CURSOR, 180, 240)


# --- item 10: the tile just taken is marked so it is seen -----------------------------------
def test_the_tile_just_drawn_wears_a_green_frame_and_band(tmp_path):
    board, app = run(tmp_path, START + ",A")
    t = table(app)
    lay = app.painter.lay
    new = [i for i in range(len(t.rack())) if t.selection[i] & 2]
    assert len(new) == 1 and t.cursor != new[0]
    x = burako_table.RACK_X + (new[0] - t.scroll) * gfx.TW
    y = lay.Y_TILE
    d = board.display
    green = [(xx, yy) for yy in range(lay.Y_RACK, lay.Y_HINT) for xx in range(x, x + gfx.TW)
             if d.pixel(xx, yy) == gfx.NEW_C]
    assert len(green) >= 100                                  # the notch was 10 pixels
    # its frame green all round, 2 pixels thick, and a band across its top, above the number
    for i in range(2):
        assert d.pixel(x + i, y + gfx.TH // 2) == gfx.NEW_C and d.pixel(x + gfx.TW - 1 - i, y + gfx.TH // 2) == gfx.NEW_C
        assert d.pixel(x + 8, y + i) == gfx.NEW_C and d.pixel(x + 8, y + gfx.TH - 1 - i) == gfx.NEW_C
    assert all(d.pixel(xx, yy) == gfx.NEW_C for xx in range(x + 2, x + gfx.TW - 2) for yy in (y + 2, y + 3))
    # a tile not just taken keeps its 1-pixel edge
    other = burako_table.RACK_X + (1 if new[0] != 1 else 2) * gfx.TW
    assert d.pixel(other, y + gfx.TH // 2) == gfx.EDGE and d.pixel(other + 1, y + gfx.TH // 2) != gfx.NEW_C
    # the cursor on it: its frame yellow, the band still there
    while t.cursor != new[0]:
        step(app, hal_keys.RIGHT)
    assert d.pixel(x + 1, y + 1) == gfx.CURSOR and d.pixel(x + 8, y) == gfx.CURSOR
    assert all(d.pixel(xx, yy) == gfx.NEW_C for xx in range(x + 2, x + gfx.TW - 2) for yy in (y + 2, y + 3))
