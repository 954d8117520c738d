"""Every UI string of every language fits the box it is drawn in and has a glyph
for each of its letters ("Pozzetto" was cut to 6 letters, u-acute read
as o-acute, two-digit numbers crossed the tile frame)."""
import pytest

from emulator.display import Display
from engine import game
from ui import gfx
from ui import lang as ui_lang
from burako import table as burako_table

LANGS = ("es", "it", "en")

# message id -> (width of the band it is drawn in, the longest text drawn
# after it on the same band), as the screens draw them
W = 240
BOXES = {
    ui_lang.CONTINUE: (200, ""), ui_lang.NEW: (200, ""), ui_lang.LANGUAGE: (200, ": < Italiano >"),
    ui_lang.LANGNAME: (200, "Language: < >"),
    ui_lang.VARIANT: (110, ""), ui_lang.PLAYERS: (110, ""), ui_lang.LEVEL: (110, ""), ui_lang.TARGET: (110, ""),
    ui_lang.HUMAN: (114, "< >"), ui_lang.AI: (114, "< >"),
    ui_lang.START: (232, "> <"), ui_lang.PLAYER: (16, "1"),
    ui_lang.STOCK: (112, " 108"), ui_lang.PILE: (96, " 108"), ui_lang.MUERTO: (112, ":"), ui_lang.HAND: (W, " 99"),
    ui_lang.MELDS_OF: (W, "<> J1+J3"), ui_lang.NO_MELDS: (W, ""), ui_lang.HANDOFF: (W, ""), ui_lang.SHOW_RACK: (W, ""),
    ui_lang.YOUR_TURN: (W - 2 - len("J1 1000  J2 1000  ") * 8, ""), ui_lang.TURN_OF: (W, "J2 (IA)"),
    ui_lang.CONFIRM_DISCARD: (W, "R13"), ui_lang.SELECT_FIRST: (W, ""),
    ui_lang.HAND_END: (W, "99"), ui_lang.VOID: (W, ""), ui_lang.R_MATCH: (124, ""),
    ui_lang.MATCH_END: (W, ""), ui_lang.WINS: (W // 2, "J1+J3"),       # drawn at twice the size
    ui_lang.SAVED: (W, ""), ui_lang.BAD_SAVE: (W, ""), ui_lang.PURE_L: (30, "13"), ui_lang.IMPURE_L: (30, "13"),
    ui_lang.TIMEUP: (W, ""), ui_lang.HINT_IS: (W, "agrega R10 R11 R12"),
    ui_lang.HOLD_KEYS: (W, ""),           # the 1.14's message line before a hand's first move
    ui_lang.ROUND: (110, ""),             # burraco set-up: "Smazzate < 4 >"
}
for i in (ui_lang.R_MELDED, ui_lang.R_PURE, ui_lang.R_IMPURE, ui_lang.R_CLOSE, ui_lang.R_MUERTO, ui_lang.R_RACK, ui_lang.R_TOTAL):
    BOXES[i] = (124, "")
for i in range(ui_lang.H_DRAW1, ui_lang.H_SETUP2 + 1):
    BOXES[i] = (W, "")
BOXES[ui_lang.H_SETUP3] = (W, "")     # the set-up's "A: change" line
BOXES[ui_lang.H_MELD3] = (W, "")      # the opponents' melds: Up goes back to yours
# ui/names.py: a seat's name (the title, the list's rows, the editor's hint)
BOXES.update({ui_lang.NAME_OF: (W, "J1"), ui_lang.NEW_NAME: (110, ""), ui_lang.NO_NAME: (110, ""), ui_lang.H_NAME: (W, ""),
              ui_lang.H_SETUP4: (W, "")})
for i in range(ui_lang.DID_DRAW, ui_lang.DID_CLOSE + 1):
    BOXES[i] = (W, "J1 ")
# the hint's advice after "Consiglio: " (the longest HINT_IS, 11 letters): a meld of three, a tile
for kind in range(game.DRAW, game.CLOSE + 1):
    BOXES[ui_lang.DO_DRAW + kind] = (W - 88, " R11 R12 R13" if kind == game.MELD else " R13" if game.ADD <= kind <= game.DISCARD else "")
for i in burako_table.MENU:
    BOXES[i] = (200, "")
# the menu's value rows ("Ordine: < iniziale >", "Ritmo IA: < Normale >") and the hand's log
BOXES.update({ui_lang.M_SORT: (200, ": < iniziale >"), ui_lang.M_PACE: (200, ": < Normale >"),
              ui_lang.M_LOG: (200, " (99)"), ui_lang.NO_MOVES: (200, ""), ui_lang.H_LOG: (W, "")})
for i in (ui_lang.M_SORT_C, ui_lang.M_SORT_N, ui_lang.SORT_DEALT):
    BOXES[i] = (200, "Ordine: <  >")
for i in (ui_lang.PACE_FAST, ui_lang.PACE_NORMAL, ui_lang.PACE_SLOW):
    BOXES[i] = (200, "Ritmo IA: <  >")
# the title's volume row and the battery's warnings (a board with a speaker, a battery)
BOXES.update({ui_lang.SOUND: (200, ": < Apagado >"), ui_lang.BATTERY_LOW: (W, ""), ui_lang.LOW_SAVED: (W, "")})
for i in (ui_lang.VOL_OFF, ui_lang.VOL_LOW, ui_lang.VOL_HIGH):
    BOXES[i] = (200, "Sonido: <  >")
# issue 37: the title's key legend (the foot line, key caps), its cable entry ("Cable 1v1: < Oculto >";
# where no cable can be opened, how to link), a linked match's top bar beside both sides' scores
# ("J1 1000  J2 1000  " and the hand's number: "Oculto M12")
BOXES.update({ui_lang.H_TITLE: (W, ""), ui_lang.CABLE_ROW: (200, ": < Scoperto >"),
              ui_lang.DEAL_OPEN: (200, "Cable 1v1: <  >"), ui_lang.DEAL_HIDDEN: (200, "Cable 1v1: <  >"),
              ui_lang.CABLE_DESKTOP: (200, ""),
              ui_lang.TOP_OPEN: (W - 2 - len("J1 1000  J2 1000  ") * 8, "12"),
              ui_lang.TOP_HIDDEN: (W - 2 - len("J1 1000  J2 1000  ") * 8, "12")})
# not drawn today (kept for saves and the link): ME, CANASTA, TAKEN
UNUSED = (ui_lang.ME, ui_lang.CANASTA, ui_lang.TAKEN)


def painter():
    return gfx.Painter(Display(240, 240))


def test_every_message_id_has_a_box():
    ids = [v for k, v in vars(ui_lang).items() if k.isupper() and isinstance(v, int)]
    missing = sorted(i for i in ids if i not in BOXES and i not in UNUSED)
    assert not missing, "message ids without a box in this test: %s" % missing


@pytest.mark.parametrize("lang", LANGS)
def test_every_string_fits_its_box(lang):
    ui_lang.use(lang)
    try:
        p = painter()
        bad = []
        for i, (w, extra) in BOXES.items():
            s = ui_lang.t(i) + extra
            p.cut = 0
            p.text(0, 0, w, s)
            if p.cut:
                bad.append("%d %r: %d px in a %d px box" % (i, s, len(s) * 8, w))
        assert not bad, bad
    finally:
        ui_lang.use("es")


@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_fits_the_message_line(lang):
    # burako/table.py draw_message() shows a refusal's reason on the one message line (30
    # characters on 240 px), the hint lines keeping the keys (issue 37)
    ui_lang.use(lang)
    try:
        p = painter()
        i = 0
        while True:
            s = ui_lang.reason(i)
            if i and s == ui_lang.reason(2) and i != 2:
                break
            p.cut = 0
            p.text(0, 0, W, s)
            assert not p.cut, (i, s, len(s))
            i += 1
        assert i > 30
    finally:
        ui_lang.use("es")


@pytest.mark.parametrize("lang", LANGS)
def test_every_letter_has_a_glyph(lang):
    ui_lang.use(lang)
    try:
        mod = __import__("ui.lang_" + lang, None, None, ("MSG",))
        texts = list(mod.MSG) + list(mod.REASON)
        for s in texts:
            for ch in s:
                assert 32 <= ord(ch) < 127 or ch in gfx.ACC, (ch, s)
    finally:
        ui_lang.use("es")


def ink(ch):
    """The pixels of one character as a band renders it: a set of (x, y)."""
    d = Display(240, 240)
    p = gfx.Painter(d)
    p.text(0, 0, 8, ch, gfx.WHITE, gfx.FELT)
    return {(x, y) for y in range(10) for x in range(8) if d.pixel(x, y) == gfx.WHITE}


def test_accented_letters_keep_a_blank_row_under_the_mark_and_differ():
    # the mark and the letter never touch, and u-acute is not o-acute
    for ch in gfx.ACC[:12]:
        rows = {y for _, y in ink(ch)}
        assert 3 not in rows and (1 in rows or 2 in rows), ch
    assert ink("\u00fa") != ink("\u00f3")
    assert ink("\u00f1") != ink("n")


@pytest.mark.parametrize("flags", [0, gfx.CUR, gfx.SEL | gfx.CUR])
@pytest.mark.parametrize("n", range(1, 14))
def test_tile_numbers_stay_inside_the_frame(n, flags):
    # the number's ink never reaches the frame (2 pixels thick under the cursor)
    from engine import tiles as engine_tiles

    for make, tw, th in (("tile", gfx.TW, gfx.TH), ("small", gfx.MW, gfx.MH)):
        d = Display(240, 240)
        p = gfx.Painter(d)
        t = engine_tiles.tile(1, n)               # blue
        if make == "tile":
            p.tile(0, 0, t, flags)
            inner = (2, 2, tw - 2, 21)          # the body inside a 2-pixel frame
        else:
            p.small(0, 0, t, 0)
            inner = (1, 1, tw - 2, th - 1)      # the body; the last column is felt
        xs = [x for y in range(th) for x in range(tw) if d.pixel(x, y) == gfx.BLUE and y < inner[3]]
        assert xs, (make, n)
        assert min(xs) >= inner[0] and max(xs) < inner[2], (make, n, min(xs), max(xs))


def test_key_names_in_hints_are_key_caps_and_words_are_not():
    d = Display(240, 240)
    p = gfx.Painter(d)
    p.text(0, 0, 240, "A:draw Arriba B:x AB:y", gfx.DIM, gfx.BAR, gfx.CAPS)
    cap = [i for i in range(22) if d.pixel(i * 8, 0) == gfx.CREAM]
    assert cap == [0, 14]          # "A:" and "B:"; not the A of Arriba nor "AB:"
    # without the flag: plain text, and alignment still works with it
    p.text(0, 20, 240, "A:draw", gfx.DIM, gfx.BAR, 1 | gfx.CAPS)
    assert d.pixel(120 - 24, 20) == gfx.CREAM


@pytest.mark.parametrize("lang, tiles, cards", [
    ("es", "R5 A13 Am1 N2 *", "AP 10C QD KT *"),
    ("it", "R5 B13 G1 N2 *", "AP 10C QQ KF *"),
    ("en", "R5 B13 Y1 K2 *", "AS 10H QD KC *"),
])
def test_tiles_and_cards_are_written_in_the_languages_letters(lang, tiles, cards):
    # guards against a past bug: Spanish and Italian screens wrote Y13 and 9H 9C (English letters)
    ui_lang.use(lang)
    try:
        assert ui_lang.tiles("R5 B13 Y1 K2 *") == tiles
        assert ui_lang.tiles("AS 10H QD KC *", True) == cards
    finally:
        ui_lang.use("es")


def test_a_move_on_the_message_line_names_its_tiles_in_the_language(tmp_path):
    from emulator.board import EmuBoard
    from engine import game
    from engine import tiles as engine_tiles
    from burako.game import new_match
    from ui.app import App

    app = App(EmuBoard(str(tmp_path)), seed=3, ai_ms=0, lang="es")
    new_match(app)
    play = app.screen.play
    mv = (game.MELD, 0, bytes(engine_tiles.parse(w) for w in ("Y3", "Y4", "Y5")), 0)
    assert play.move_text(0, mv).endswith(" Am3 Am4 Am5")
    ui_lang.use("it")
    try:
        assert play.move_text(1, (game.DISCARD, 0, bytes([engine_tiles.parse("K9")]), 0)).endswith(" N9")
    finally:
        ui_lang.use("es")
