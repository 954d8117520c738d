"""Every UI string of every language fits the box it is drawn in and has a glyph
for each of its letters ("Pozzetto" was cut to 6 letters, u-acute read
as o-acute, two-digit numbers crossed the tile frame)."""
import pytest

from emulator.display import Display
from ui import gfx
from ui import lang as L
from ui import screen_table

LANGS = ("es", "it", "en")

# message id -> (width of the band it is drawn in, the longest text drawn
# after it on the same band), as the screens draw them
W = 240
BOXES = {
    L.CONTINUE: (200, ""), L.NEW: (200, ""), L.LANGUAGE: (200, ": < Italiano >"),
    L.LANGNAME: (200, "Language: < >"),
    L.VARIANT: (110, ""), L.PLAYERS: (110, ""), L.LEVEL: (110, ""), L.TARGET: (110, ""),
    L.HUMAN: (114, "< >"), L.AI: (114, "< >"),
    L.START: (232, "> <"), L.P: (16, "1"),
    L.STOCK: (112, " 108"), L.PILE: (96, " 108"), L.MUERTO: (112, ":"), L.HAND: (W, " 99"),
    L.MELDS_OF: (W, "<> J1+J3"), L.NO_MELDS: (W, ""), L.HANDOFF: (W, ""), L.SHOW_RACK: (W, ""),
    L.YOUR_TURN: (W - 2 - len("J1 1000  J2 1000  ") * 8, ""), L.TURN_OF: (W, "J2 (IA)"),
    L.CONFIRM_DISCARD: (W, "R13"), L.SELECT_FIRST: (W, ""),
    L.HAND_END: (W, "99"), L.VOID: (W, ""), L.R_MATCH: (124, ""),
    L.MATCH_END: (W, ""), L.WINS: (W // 2, "J1+J3"),       # drawn at twice the size
    L.SAVED: (W, ""), L.BAD_SAVE: (W, ""), L.PURE_L: (30, "13"), L.IMPURE_L: (30, "13"),
    L.TIMEUP: (W, ""), L.HINT_IS: (W, "agrega R10 R11 R12"),
    L.ROUND: (110, ""),             # burraco set-up: "Smazzate < 4 >"
}
for i in (L.R_MELDED, L.R_PURE, L.R_IMPURE, L.R_CLOSE, L.R_MUERTO, L.R_RACK, L.R_TOTAL):
    BOXES[i] = (124, "")
for i in range(L.H_DRAW1, L.H_SETUP2 + 1):
    BOXES[i] = (W, "")
BOXES[L.H_SETUP3] = (W, "")     # the set-up's "A: change" line
BOXES[L.H_MELD3] = (W, "")      # the opponents' melds: Up goes back to yours
# ui/names.py: a seat's name (the title, the list's rows, the editor's hint)
BOXES.update({L.NAME_OF: (W, "J1"), L.NEW_NAME: (110, ""), L.NO_NAME: (110, ""), L.H_NAME: (W, ""),
              L.H_SETUP4: (W, "")})
for i in range(L.DID_DRAW, L.DID_CLOSE + 1):
    BOXES[i] = (W, "J1 ")
for i in screen_table.MENU:
    BOXES[i] = (200, "")
# not drawn today (kept for saves and the link): ME, CANASTA, TAKEN
UNUSED = (L.ME, L.CANASTA, L.TAKEN)


def painter():
    return gfx.Painter(Display(240, 240))


def test_every_message_id_has_a_box():
    ids = [v for k, v in vars(L).items() if k.isupper() and isinstance(v, int)]
    missing = sorted(i for i in ids if i not in BOXES and i not in UNUSED)
    assert not missing, "message ids without a box in this test: %s" % missing


@pytest.mark.parametrize("lang", LANGS)
def test_every_string_fits_its_box(lang):
    L.use(lang)
    try:
        p = painter()
        bad = []
        for i, (w, extra) in BOXES.items():
            s = L.t(i) + extra
            p.cut = 0
            p.text(0, 0, w, s)
            if p.cut:
                bad.append("%d %r: %d px in a %d px box" % (i, s, len(s) * 8, w))
        assert not bad, bad
    finally:
        L.use("es")


@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_fits_the_two_hint_lines(lang):
    # screen_table.draw_hint splits a reason at the last space before column 31
    L.use(lang)
    try:
        i = 0
        while True:
            s = L.reason(i)
            if i and s == L.reason(2) and i != 2:
                break
            cut = len(s)
            if cut > 30:
                cut = s.rfind(" ", 0, 31)
            assert cut > 0 and len(s[cut:].strip()) <= 30, (i, s)
            i += 1
    finally:
        L.use("es")


@pytest.mark.parametrize("lang", LANGS)
def test_every_letter_has_a_glyph(lang):
    L.use(lang)
    try:
        mod = __import__("ui.lang_" + lang, None, None, ("MSG",))
        texts = list(mod.MSG) + list(mod.REASON)
        for s in texts:
            for ch in s:
                assert 32 <= ord(ch) < 127 or ch in gfx.ACC, (ch, s)
    finally:
        L.use("es")


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
    from engine import tiles as T

    for make, tw, th in (("tile", gfx.TW, gfx.TH), ("small", gfx.MW, gfx.MH)):
        d = Display(240, 240)
        p = gfx.Painter(d)
        t = T.tile(1, n)               # blue
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
    L.use(lang)
    try:
        assert L.tiles("R5 B13 Y1 K2 *") == tiles
        assert L.tiles("AS 10H QD KC *", True) == cards
    finally:
        L.use("es")


def test_a_move_on_the_message_line_names_its_tiles_in_the_language(tmp_path):
    from emulator.board import EmuBoard
    from engine import game as G
    from engine import tiles as T
    from ui.app import App

    app = App(EmuBoard(str(tmp_path)), seed=3, ai_ms=0, lang="es")
    app.new_game()
    mv = (G.MELD, 0, bytes(T.parse(w) for w in ("Y3", "Y4", "Y5")), 0)
    assert app.move_text(0, mv).endswith(" Am3 Am4 Am5")
    L.use("it")
    try:
        assert app.move_text(1, (G.DISCARD, 0, bytes([T.parse("K9")]), 0)).endswith(" N9")
    finally:
        L.use("es")
