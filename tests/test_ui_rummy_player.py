"""Rummy israelí's table as a new player meets it (issue 37, item 8; docs/rummy.md "On the
console: the table"): it says when it is your turn, the sort chosen is kept, a count's
plural is right, each key has one meaning on the hint lines, the held row names the closing
tile and the first exposure's points, a hint that finds nothing points to Pass, the menu
and the workbench share no pixels, a scrolled rack shows Burako's "<" and ">". On both
glasses (240x240, the Pico-LCD-1.14's 240x135) and in the three languages, as drawn."""
import re

import pytest

from engine import tiles
from hal import keys as hal_keys
from rummy import rules
from rummy import table as rummy_table
from rummy import text as rummy_text
from ui import gfx
from ui import lang as ui_lang
import test_ui_rummy
from test_ui_rummy import draw, press

GLASSES = ("pico_lcd_13", "pico_lcd_114")
LANGS = ("es", "it", "en")


def position(tmp_path, table, rack, lang="en", glass="pico_lcd_13", exposed=1, closing=tiles.JOKER,
             stock="B1 B2 B3 B4 B5", ai_rack="R1 R2 R3 K9"):
    """test_ui_rummy's position, on the glass `glass` (the 1.3's by default)."""
    return test_ui_rummy.position(tmp_path, table, rack, exposed, lang, glass, closing, stock, ai_rack)


def drawn(app):
    """Everything a full redraw draws, as boxes: ("text", x, y, w, h, s, colour), ("small", ...,
    tile), ("tile", ..., tile)."""
    p = app.painter
    out = []
    text, small, tile = p.text, p.small, p.tile

    def on_text(x, y, w, s, c=gfx.WHITE, bg=gfx.FELT, align=0):
        out.append(("text", x, y, w, 10, s, c))
        text(x, y, w, s, c, bg, align)

    def on_small(x, y, t, flags):
        out.append(("small", x, y, gfx.MW, gfx.MH, t))
        small(x, y, t, flags)

    def on_tile(x, y, t, flags, bg=gfx.FELT):
        out.append(("tile", x, y, gfx.TW, gfx.TH, t))
        tile(x, y, t, flags, bg)
    p.text, p.small, p.tile = on_text, on_small, on_tile
    try:
        draw(app, 255)
    finally:
        p.text, p.small, p.tile = text, small, tile
    return out


def ink(box):
    """The pixels a text's letters take (its band is background): x, y, w, h."""
    kind, x, y, w, h = box[:5]
    if kind == "text":
        return x, y, min(w, len(box[5]) * 8), h
    return x, y, w, h


def meet(a, b):
    ax, ay, aw, ah = ink(a)
    bx, by, bw, bh = ink(b)
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def texts_at(boxes, y):
    return [b[5] for b in boxes if b[0] == "text" and b[2] == y]


def hint_lines(app):
    y = app.painter.h - 20
    boxes = drawn(app)
    return texts_at(boxes, y) + texts_at(boxes, y + 10)


@pytest.mark.parametrize("glass", GLASSES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_table_says_your_turn(tmp_path, lang, glass):
    """Burako's bar says "Your turn" (ui/common.py draw_top); Rummy's did not, only its colour
    changed. Now its bar says it, in the draw phase and the play phase, not on the AI's turn,
    and the draw's hint line starts with it (the bar of four long scores has no room)."""
    app = position(tmp_path, "", "R1 R2 R3 K9", lang, glass)
    turn = ui_lang.t(ui_lang.YOUR_TURN)
    top = texts_at(drawn(app), 1)
    assert turn in top, top
    assert any(s.endswith(" 5") or s == "5" for s in top), top     # the stock's count stays
    press(app, hal_keys.X, hal_keys.DOWN, hal_keys.A)               # the menu: pass
    assert app.screen.play.game.turn == 1
    assert turn not in texts_at(drawn(app), 1)
    # four people's scores: the words still fit the bar (the count gives way to them); with
    # long scores they do not, and the draw's hint line says it (as it always does)
    g = app.screen.play.game
    app.screen.play.seats = 0
    app.screen.play.viewer = 0
    for scores, fits in (([0, 0, 0, 0], True), ([12, 0, 105, 7], False)):
        g.n, g.scores, g.turn = 4, scores, 0
        boxes = [b for b in drawn(app) if b[2] == 1]
        assert (turn in [b[5] for b in boxes]) == fits
        assert all(ink(b)[0] + ink(b)[2] <= 240 for b in boxes)
        assert not any(meet(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:]), boxes
    g.phase = rules.P_DRAW
    app.screen.bench = None
    assert hint_lines(app)[0].startswith(turn)


def test_the_sort_stays_after_a_play_a_draw_and_a_turn(tmp_path):
    """The menu's "sort rack" is kept: after laying a meld, through the AI's turn (the rack as
    drawn), after the next draw (the drawn tile sorted in, the cursor on it)."""
    app = position(tmp_path, "", "K9 R3 Y5 R1 R2 B7 K4", stock="B1 B2 B3 Y4 B4")
    t = app.screen
    g = t.play.game
    press(app, hal_keys.X, hal_keys.DOWN, hal_keys.DOWN, hal_keys.A)       # the menu: sort rack
    assert tiles.list_text(t.bench.rack) == "R1 R2 R3 K4 Y5 B7 K9"
    # lay R1 R2 R3: pick the first tile three times, up to "+ new meld", put them, play
    press(app, hal_keys.A, hal_keys.A, hal_keys.A, hal_keys.UP, hal_keys.A, hal_keys.A, hal_keys.A, hal_keys.Y)
    assert rules.table_text(g.table) == "R1 R2 R3" and g.turn == 1
    assert tiles.list_text(g.racks[0]) != "K4 Y5 B7 K9"        # the engine's order is not the sort's
    rack = [b[5] for b in drawn(app) if b[0] == "tile"]
    assert tiles.list_text(bytes(rack)) == "K4 Y5 B7 K9"        # the AI's turn: shown sorted
    for now in range(1, 50):
        if g.turn == 0:
            break
        t.tick(now)
        draw(app)
    assert g.turn == 0 and g.phase == rules.P_DRAW
    rack = [b[5] for b in drawn(app) if b[0] == "tile"]
    assert tiles.list_text(bytes(rack)) == "K4 Y5 B7 K9"
    drawn_tile = g.stock[-1]
    press(app, hal_keys.A)                                      # draw
    want = sorted(list(rules.parse_table("K4 Y5 B7 K9")[0]) + [drawn_tile], key=rummy_table.sort_key)
    assert list(t.bench.rack) == want
    assert t.bench.rack[t.cursor] == drawn_tile                 # the cursor on the tile drawn
    # a tile put back goes to its place too
    press(app, hal_keys.A, hal_keys.B)
    assert list(t.bench.rack) == want


@pytest.mark.parametrize("lang,one,two", [("en", "1 tile", "2 tiles"), ("es", "1 ficha", "2 fichas"),
                                          ("it", "1 tessera", "2 tessere")])
def test_a_play_says_1_tile_and_2_tiles(tmp_path, lang, one, two):
    """ "J1 played 1 tiles": the count's plural, as the message line and the hand end say it."""
    app = position(tmp_path, "Y3 Y4 Y5", "Y6 K1 K2", lang)
    t = app.screen
    assert t.play.play((rules.PLAY, [bytes(x) for x in rules.parse_table("Y3 Y4 Y5 Y6")])) == 0
    assert t.message.endswith(" " + one), t.message
    app = position(tmp_path / "2", "Y3 Y4 Y5", "Y6 Y7 K2", lang)
    t = app.screen
    assert t.play.play((rules.PLAY, [bytes(x) for x in rules.parse_table("Y3 Y4 Y5 Y6 Y7")])) == 0
    assert t.message.endswith(" " + two), t.message
    assert rummy_text.count(1) == one and rummy_text.count(14) == "14" + two[1:]


KEY = re.compile(r"(?:^|[ /])([ABXY]~?)(?=[:/])")


@pytest.mark.parametrize("glass", GLASSES)
@pytest.mark.parametrize("lang", LANGS)
def test_each_key_is_named_once_on_the_hint_lines(tmp_path, lang, glass):
    """"X:menu" and "X:Undo all/Pass" on the two hint lines: X named twice with two meanings.
    In every state of a turn (draw, rack, table, menu) a key is named once."""
    app = position(tmp_path, "R3 R4 R5", "R6 K1 K2", lang, glass)
    t = app.screen
    states = {}
    states["rack"] = hint_lines(app)
    press(app, hal_keys.UP)
    states["table"] = hint_lines(app)
    press(app, hal_keys.X)
    states["menu"] = hint_lines(app)
    press(app, hal_keys.B)
    t.play.game.phase = rules.P_DRAW
    t.bench = None
    states["draw"] = hint_lines(app)
    for state, lines in states.items():
        named = KEY.findall(" ".join(lines))
        assert len(named) == len(set(named)), (state, lines)
        assert all(len(s) <= 30 for s in lines), lines
    menu = "X" if glass == "pico_lcd_13" else "B~"      # (the 1.14's B held)
    assert menu in KEY.findall(" ".join(states["rack"])) and menu in KEY.findall(" ".join(states["table"]))


@pytest.mark.parametrize("glass", GLASSES)
@pytest.mark.parametrize("lang,closer,meld", [("en", "Closing", "Meld"), ("es", "Cierre", "Bajada"),
                                              ("it", "Chiude", "Calata")])
def test_the_held_row_names_the_closing_tile_and_the_30_points(tmp_path, lang, glass, closer, meld):
    """"C:" and "0/30" were never explained: the held row says "Closing" before the closing tile
    and "Meld 0/30" (the first exposure's points against 30, R13.6), and its texts and tiles do
    not meet, with tiles held."""
    app = position(tmp_path, "", "R10 R11 R12 K9 K1 B2", lang, glass, exposed=0, closing=rules.parse_table("Y9")[0][0])
    y_held = rummy_table.Y_HELD if glass == "pico_lcd_13" else rummy_table.SHORT_HELD
    row = [b for b in drawn(app) if y_held - 2 <= b[2] <= y_held + 2]
    words = [b[5] for b in row if b[0] == "text"]
    assert "C:" not in words and closer in words, words
    assert any(w.startswith(meld) for w in words) and "0/30" in words, words
    label = [b for b in row if b[0] == "text" and b[5] == closer][0]
    tile = [b for b in row if b[0] == "small" and b[5] == app.screen.play.game.closing][0]
    assert 0 <= tile[1] - (label[1] + len(closer) * 8) <= 8          # the label next to its tile
    # R10 R11 R12 on a new meld: 33 of 30; then three tiles held
    press(app, hal_keys.A, hal_keys.A, hal_keys.A, hal_keys.UP, hal_keys.A, hal_keys.A, hal_keys.A,
          hal_keys.DOWN, hal_keys.DOWN, hal_keys.A, hal_keys.A, hal_keys.A)
    row = [b for b in drawn(app) if y_held - 2 <= b[2] <= y_held + 2]
    assert "33/30" in [b[5] for b in row if b[0] == "text"]
    assert [b for b in row if b[0] == "small" and b[5] == app.screen.bench.held[-1]]     # the top held tile
    assert not any(meet(a, b) for i, a in enumerate(row) for b in row[i + 1:]), row
    assert all(ink(b)[0] >= 0 and ink(b)[0] + ink(b)[2] <= 240 for b in row)


@pytest.mark.parametrize("lang", LANGS)
def test_a_hint_that_finds_nothing_points_to_pass(tmp_path, lang):
    """"no play found" said nothing of what to do: the menu stays open on Pass and the line
    says A passes; A passes."""
    app = position(tmp_path, "", "K9 R1 Y5", lang, exposed=0)
    t = app.screen
    press(app, hal_keys.X, hal_keys.DOWN, hal_keys.DOWN, hal_keys.DOWN, hal_keys.DOWN, hal_keys.A)   # hint
    assert t.message == rummy_text.tx(rummy_text.NO_HINT)
    assert t.focus == rummy_table.MENU and t.menu == 1
    assert "A" in KEY.findall(t.message) or " A " in t.message
    texts = [b[5] for b in drawn(app) if b[0] == "text"]
    assert t.message in texts and rummy_text.tx(rummy_text.PASS) in texts
    press(app, hal_keys.A)
    assert t.play.game.turn == 1


@pytest.mark.parametrize("glass", GLASSES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_menu_and_the_workbench_share_no_pixels(tmp_path, lang, glass):
    """The menu covered "+ new meld" by half (and on the 1.14 the held tray and the rack): now
    no text or tile of the workbench meets the menu's, and every row of it can be reached."""
    app = position(tmp_path, "R3 R4 R5 | K7 B7 Y7 | B1 B2 B3 B4", "R6 Y10 K1 K2", lang, glass)
    t = app.screen
    items = [rummy_text.tx(rummy_text.UNDO + i) for i in range(rummy_table.MENU_ROWS)]
    seen = set()
    press(app, hal_keys.UP, hal_keys.X)
    for _ in range(rummy_table.MENU_ROWS):
        boxes = drawn(app)
        menu = [b for b in boxes if b[0] == "text" and b[5] in items]
        rest = [b for b in boxes if b not in menu and not (b[0] == "text" and b[5] in ("", "^", "v"))]
        assert menu and rest
        assert not [(a, b) for a in menu for b in rest if meet(a, b)]
        assert [b for b in rest if b[0] == "tile"], "the rack is on the glass"
        seen |= {b[5] for b in menu}
        press(app, hal_keys.DOWN)
    assert seen == set(items)
    press(app, hal_keys.B)
    assert t.focus == rummy_table.RACK
    assert rummy_text.tx(rummy_text.NEW_MELD) in " ".join(b[5] for b in drawn(app) if b[0] == "text")


@pytest.mark.parametrize("glass", GLASSES)
def test_a_scrolled_rack_shows_burakos_signs(tmp_path, glass):
    """A thin bar marked tiles scrolled out of view: now Burako's "<" and ">" in the cursor's
    colour at the rack's ends (burako/table.py draw_rack), clear of the tiles."""
    app = position(tmp_path, "", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 K1 K2", glass=glass)
    t = app.screen

    def signs():
        boxes = drawn(app)
        found = [b for b in boxes if b[0] == "text" and b[5] in ("<", ">")]
        for s in found:
            assert s[6] == gfx.CURSOR
            assert not [b for b in boxes if b[0] == "tile" and meet(s, b)]
        return sorted(b[5] for b in found), [b for b in boxes if b[0] == "tile"]
    shown, rack = signs()
    assert shown == [">"] and len(rack) == rummy_table.RACK_N
    assert all(0 <= b[1] and b[1] + gfx.TW <= 240 for b in rack)
    for _ in range(7):
        press(app, hal_keys.RIGHT, hal_keys.RIGHT)
    assert t.scroll == 2
    assert signs()[0] == ["<"]
    press(app, hal_keys.LEFT, hal_keys.LEFT, hal_keys.LEFT, hal_keys.LEFT, hal_keys.LEFT, hal_keys.LEFT,
          hal_keys.LEFT, hal_keys.LEFT, hal_keys.LEFT, hal_keys.LEFT, hal_keys.LEFT, hal_keys.LEFT, hal_keys.LEFT)
    assert t.scroll == 1 and signs()[0] == ["<", ">"]


@pytest.mark.parametrize("lang", ["es", "it", "en"])
def test_a_broken_melds_reason_fits_the_message_line_with_its_number(lang):
    """The workbench names the broken meld before its reason ("#9 escalera: ..."), on the message
    line beside the rack's count (two digits): the line found by tests/test_layout.py cut
    "#1 escalera: 1 color, seguida" at 220 px."""
    ui_lang.use(lang)
    band = 240 - (2 * 8 + 4)
    for code in range(len(rummy_text.texts().REASONS)):
        line = "#9 " + rummy_text.reason(code)
        assert len(line) * 8 <= band, (lang, line)
