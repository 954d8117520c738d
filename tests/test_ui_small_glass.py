"""The Pico-LCD-1.14 profile's 240x135 glass (firmware/hal/profile_pico_lcd_114.py):
the screens fit it. Nothing is drawn below row 135 (it would be lost), no text is
cut, the rack's tiles and the status/hint lines are on the glass, every title and
set-up row is on the glass, and partial redraws paint what a full redraw paints
(the table's menu covers the rack there and must leave no trace). docs/ui.md,
"Pico-LCD-1.14 (240x135)"."""
import pytest

from emulator.paths import use_firmware

use_firmware()

from emulator.board import EmuBoard, ScriptButtons, VirtualClock, board_display, parse_keys  # noqa: E402
from emulator.display import Display  # noqa: E402
from engine import game as G  # noqa: E402
from hal import board as hb  # noqa: E402
from ui import app as A  # noqa: E402
from uikit import feed, full_redraw  # noqa: E402
from ui import gfx  # noqa: E402
from ui import screen_table as ST  # noqa: E402

H = hb.load_profile("pico_lcd_114").HEIGHT
START = "A,UP,A"          # title: new game; set-up: up wraps to Start; start


class Glass(Display):
    """A 240x135 panel that notes every fill or blit reaching below its last row."""

    def __init__(self):
        super().__init__(240, H)
        self.below = []

    def fill_rect(self, x, y, w, h, c):
        if h > 0 and w > 0 and y + h > self.height:
            self.below.append(("fill", x, y, w, h))
        super().fill_rect(x, y, w, h, c)

    def blit(self, buf, x, y, w, h):
        if y + h > self.height:
            self.below.append(("blit", x, y, w, h))
        super().blit(buf, x, y, w, h)


def start(tmp, lang="es", seed=3, **kw):
    clock = VirtualClock()
    board = EmuBoard(str(tmp), buttons=ScriptButtons(), clock=clock, display=Glass())
    app = A.App(board, seed=seed, ai_ms=0, lang=lang, **kw)
    return board, app, clock


def run(board, app, clock, keys, check=True):
    """Feed `keys` one per waiting frame (AI turns between), then idle a few
    frames; after every frame: nothing below the glass, no text cut and (with
    `check`) the panel equals a full redraw."""
    def on_the_glass(todo):
        assert not board.display.below, "drawn below row %d: %s" % (H, board.display.below[:3])
        assert not app.p.cut, "%d text lines cut on %s" % (app.p.cut, app.screen)
        if check:
            shown = bytes(board.display.pixels)
            assert shown == full_redraw(app), "after %s: partial redraw differs" % keys
        app.p.cut = 0           # each frame counts its own cut lines (the full redraw's too)

    app.p.cut = 0
    return feed(board, app, clock, parse_keys(keys), on_the_glass)


def count(display, y0, y1, colour):
    px = bytes(((colour >> 8) & 0xFF, colour & 0xFF))
    stride = display.width * 2
    rows = display.pixels[y0 * stride:y1 * stride]
    return sum(1 for i in range(0, len(rows), 2) if rows[i:i + 2] == px)


def lit_rows(display, y0, y1, bg):
    """Rows in y0..y1 holding a pixel that is not `bg` (text drawn there)."""
    px = bytes(((bg >> 8) & 0xFF, bg & 0xFF))
    stride = display.width * 2
    out = []
    for y in range(y0, y1):
        row = display.pixels[y * stride:(y + 1) * stride]
        if any(row[i:i + 2] != px for i in range(0, len(row), 2)):
            out.append(y)
    return out


def test_the_emulator_makes_the_profiles_glass():
    d = board_display("pico_lcd_114")
    assert (d.width, d.height) == (240, 135)
    assert (board_display().width, board_display().height) == (240, 240)
    with pytest.raises(ValueError):
        board_display("pico_lcd_99")


@pytest.mark.parametrize("lang", ["es", "it", "en"])
def test_title_and_setup_rows_are_all_on_the_glass(tmp_path, lang):
    board, app, clock = start(tmp_path, lang)
    run(board, app, clock, "WAIT")
    d = board.display
    # each title row in turn carries the highlight: its band is on the glass
    for i in range(4):
        y = 40 - 2 + i * 19
        assert count(d, y, y + 14, gfx.HILITE) > 0, "title row %d not highlighted on the glass" % i
        run(board, app, clock, "DOWN")
    run(board, app, clock, "UP,UP,UP,UP,A")            # set-up
    assert app.screen == A.S_SETUP
    n = len(__import__("ui.screen_setup").screen_setup.rows(app))
    seen = set()
    for i in range(n):
        bands = [y for y in lit_rows(d, 0, H - 20, gfx.FELT_DARK) if count(d, y, y + 1, gfx.HILITE)]
        assert bands and bands[-1] < H - 20, "set-up row %d not on the glass" % app.row
        seen.add(bands[0])
        run(board, app, clock, "DOWN")
    assert len(seen) == n
    assert lit_rows(d, H - 20, H, gfx.BAR), "the set-up's hint lines are not on the glass"


def test_table_rack_status_and_hints_are_on_the_glass(tmp_path):
    board, app, clock = start(tmp_path)
    run(board, app, clock, START + ",A")
    assert app.screen == A.S_GAME
    d = board.display
    assert ST.Y_HINT == H - 20 and ST.Y_RACK + gfx.TH <= ST.Y_HINT
    # the rack: 13 tiles' cream faces between the message line and the hints
    cream = count(d, ST.Y_RACK, ST.Y_HINT, gfx.CREAM) + count(d, ST.Y_RACK, ST.Y_HINT, gfx.CREAM_SEL)
    assert cream > 13 * 100, cream
    assert count(d, ST.Y_RACK, ST.Y_HINT, gfx.CURSOR) > 0       # the cursor's bar and frame
    # the message line, the two hint lines and the top bar's status
    assert lit_rows(d, ST.Y_MSG, ST.Y_MSG + 10, gfx.FELT)
    hints = lit_rows(d, H - 20, H, gfx.BAR)
    assert any(y < H - 10 for y in hints) and any(y >= H - 10 for y in hints), hints
    assert lit_rows(d, 0, 12, gfx.TURN) or lit_rows(d, 0, 12, gfx.BAR)


@pytest.mark.parametrize("keys", [
    START + ",A,RIGHT,A,B,B,A,B,B",                    # select, discard, AI turns
    START + ",A,PRESS,DOWN,DOWN,B,RIGHT,B",           # the menu over the rack closes cleanly
    START + ",PRESS,DOWN,DOWN,DOWN,A,RIGHT",          # menu: sort by colour
    START + ",A,UP,UP,RIGHT,DOWN,B",                  # the meld lists (own, the opponents')
    START + ",A,PRESS,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,A,B",   # menu: the opponents' melds
])
def test_table_partial_redraws_fit_the_glass(tmp_path, keys):
    board, app, clock = start(tmp_path)
    run(board, app, clock, keys)
    assert app.screen == A.S_GAME


def play_until(app, screen, limit=3000):
    for _ in range(limit):
        if app.screen == screen:
            return
        if app.screen == A.S_HANDEND:
            app.play(G.NEXT, 0, b"", 0)
        else:
            app.ai_move(0)
    raise AssertionError("never reached screen %d" % screen)


@pytest.mark.parametrize("variant", ["burako", "burraco"])
def test_hand_end_and_match_end_fit_the_glass(tmp_path, variant):
    board, app, clock = start(tmp_path, "it" if variant == "burraco" else "es", seed=7,
                              autoplay=True, variant=variant)
    play_until(app, A.S_HANDEND)
    app.autoplay = False                # the hand end waits for a key now
    app.dirty = A.D_ALL
    run(board, app, clock, "", check=False)
    assert app.screen == A.S_HANDEND
    d = board.display
    assert lit_rows(d, 106, H - 20, gfx.FELT_DARK), "the match line is not on the glass"
    assert lit_rows(d, 25, 35, gfx.FELT_DARK), "the target is not beside the names"
    play_until(app, A.S_MATCHEND)
    app.dirty = A.D_ALL
    run(board, app, clock, "", check=False)
    assert app.screen == A.S_MATCHEND
    assert lit_rows(d, 80, H - 20, gfx.FELT_DARK), "the totals are not on the glass"


def test_hand_off_fits_the_glass(tmp_path):
    board, app, clock = start(tmp_path)
    run(board, app, clock, START)
    app.show(A.S_HANDOFF)
    run(board, app, clock, "", check=False)
    assert app.screen == A.S_HANDOFF
    assert lit_rows(board.display, 95, 110, gfx.FELT_DARK), "the show-rack line is not on the glass"


def test_a_board_without_y_lays_the_selection_with_the_joystick_press(tmp_path):
    """The Pico-LCD-1.14 has A, B and the joystick only (its profile's KEYS):
    with tiles selected, the press lays them as a new meld (Y elsewhere);
    with none selected it still opens the menu."""
    from hal import keys as K
    from ai.basic import find_meld
    keys = 0
    for bit, _ in hb.load_profile("pico_lcd_114").KEYS:
        keys |= bit
    assert not keys & K.Y
    for seed in range(1, 200):
        g = G.Game(A.RU.BURAKO, 2, seed)
        g.play((G.DRAW, 0, b"", 0))
        ts = find_meld(g.racks[0], True)
        if ts and g.check((G.MELD, 0, ts, 0)) == 0:
            break
    clock = VirtualClock()
    board = EmuBoard(str(tmp_path), buttons=ScriptButtons(), clock=clock, display=Glass(), keys=keys)
    app = A.App(board, seed=seed, ai_ms=0, lang="en")
    for k in (K.A, K.UP, K.A, K.A):          # title: new game; set-up: Start; draw
        app.key(k)
        app.tick(clock.now)
    assert app.g is not None and app.g.phase == G.P_PLAY and app.g.turn == 0
    app.key(K.PRESS)                          # nothing selected: the menu
    assert app.focus == 2
    app.key(K.B)
    assert app.focus == 0
    want = list(ts)
    for i, t in enumerate(app.rack()):
        if t in want:
            want.remove(t)
            app.sel[i] |= 1
    before = len(app.g.melds[0])
    app.key(K.PRESS)
    assert len(app.g.melds[0]) == before + 1 and app.focus == 0
