"""The Pico-LCD-1.14 profile's 240x135 glass (firmware/hal/profile_pico_lcd_114.py):
the screens fit it. Nothing is drawn below row 135 (it would be lost), no text is
cut, the rack's tiles and the status/hint lines are on the glass, every title and
set-up row is on the glass, and partial redraws paint what a full redraw paints
(the table's menu covers the rack there and must leave no trace). docs/ui.md,
"Pico-LCD-1.14 (240x135)"."""
import pytest

from emulator.board import (FRAME_MS, EmuBoard, PinButtons, ScriptButtons, VirtualClock,
                            board_display, board_keys, parse_keys)
from emulator.display import Display
from engine import game
from hal import board as hal_board
from ui import app as ui_app
from ui import screen as regions
from uikit import HEAP, feed, full_redraw, meld_seed
from ui import gfx
from ui import keynames
from ui import lang as ui_lang

H = hal_board.load_profile("pico_lcd_114").HEIGHT
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
    app = ui_app.App(board, seed=seed, ai_ms=0, lang=lang, **kw)
    return board, app, clock


def run(board, app, clock, keys, check=True):
    """Feed `keys` one per waiting frame (AI turns between), then idle a few
    frames; after every frame: nothing below the glass, no text cut and (with
    `check`) the panel equals a full redraw."""
    def on_the_glass(todo):
        assert not board.display.below, "drawn below row %d: %s" % (H, board.display.below[:3])
        assert not app.painter.cut, "%d text lines cut on %s" % (app.painter.cut, app.screen.name)
        if check:
            shown = bytes(board.display.pixels)
            assert shown == full_redraw(app), "after %s: partial redraw differs" % keys
        app.painter.cut = 0           # each frame counts its own cut lines (the full redraw's too)

    app.painter.cut = 0
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
    assert app.screen.name == "setup"
    n = len(app.screen.rows())
    seen = set()
    for i in range(n):
        bands = [y for y in lit_rows(d, 0, H - 20, gfx.FELT_DARK) if count(d, y, y + 1, gfx.HILITE)]
        assert bands and bands[-1] < H - 20, "set-up row %d not on the glass" % app.screen.row
        seen.add(bands[0])
        run(board, app, clock, "DOWN")
    assert len(seen) == n
    assert lit_rows(d, H - 20, H, gfx.BAR), "the set-up's hint lines are not on the glass"


def test_table_rack_status_and_hints_are_on_the_glass(tmp_path):
    board, app, clock = start(tmp_path)
    run(board, app, clock, START + ",A")
    assert app.screen.name == "game"
    d = board.display
    lay = app.painter.lay                                  # the short glass's rows, chosen at boot
    assert not lay.tall and lay.Y_HINT == H - 20 and lay.Y_RACK + gfx.TH <= lay.Y_HINT
    # the rack: 13 tiles' cream faces between the message line and the hints
    cream = count(d, lay.Y_RACK, lay.Y_HINT, gfx.CREAM) + count(d, lay.Y_RACK, lay.Y_HINT, gfx.CREAM_SEL)
    assert cream > 13 * 100, cream
    assert count(d, lay.Y_RACK, lay.Y_HINT, gfx.CURSOR) > 0       # the cursor's bar and frame
    # the message line, the two hint lines and the top bar's status
    assert lit_rows(d, lay.Y_MSG, lay.Y_MSG + 10, gfx.FELT)
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
    assert app.screen.name == "game"


def play_until(app, screen, limit=3000):
    """The AIs play the match (app's screen's) until the screen named `screen` shows."""
    play = app.screen.play
    for _ in range(limit):
        if app.screen.name == screen:
            return
        if app.screen.name == "handend":
            play.play(game.NEXT, 0, b"", 0)
        else:
            play.ai_move(0)
    raise AssertionError("never reached screen %s" % screen)


@pytest.mark.parametrize("variant", ["burako", "burraco"])
def test_hand_end_and_match_end_fit_the_glass(tmp_path, variant):
    board, app, clock = start(tmp_path, "it" if variant == "burraco" else "es", seed=7,
                              autoplay=True, variant=variant)
    play_until(app, "handend")
    app.autoplay = False                # the hand end waits for a key now
    app.dirty = regions.ALL
    run(board, app, clock, "", check=False)
    assert app.screen.name == "handend"
    d = board.display
    assert lit_rows(d, 106, H - 20, gfx.FELT_DARK), "the match line is not on the glass"
    assert lit_rows(d, 25, 35, gfx.FELT_DARK), "the target is not beside the names"
    play_until(app, "matchend")
    app.dirty = regions.ALL
    run(board, app, clock, "", check=False)
    assert app.screen.name == "matchend"
    assert lit_rows(d, 80, H - 20, gfx.FELT_DARK), "the totals are not on the glass"


def test_hand_off_fits_the_glass(tmp_path):
    from burako.ends import Handoff
    board, app, clock = start(tmp_path)
    run(board, app, clock, START)
    app.show(Handoff(app.screen.play))
    run(board, app, clock, "", check=False)
    assert app.screen.name == "handoff"
    assert lit_rows(board.display, 95, 110, gfx.FELT_DARK), "the show-rack line is not on the glass"


def test_a_board_without_y_lays_the_selection_with_the_joystick_press(tmp_path):
    """The Pico-LCD-1.14 has A, B and the joystick only (its profile's KEYS):
    with tiles selected, the press lays them as a new meld (Y elsewhere);
    with none selected it still opens the menu."""
    from hal import keys as hal_keys
    keys = 0
    for bit, _ in hal_board.load_profile("pico_lcd_114").KEYS:
        keys |= bit
    assert not keys & hal_keys.Y
    seed, _, ts = meld_seed()
    clock = VirtualClock()
    board = EmuBoard(str(tmp_path), buttons=ScriptButtons(), clock=clock, display=Glass(), keys=keys)
    app = ui_app.App(board, seed=seed, ai_ms=0, lang="en")
    for k in (hal_keys.A, hal_keys.UP, hal_keys.A, hal_keys.A):          # title: new game; set-up: Start; draw
        app.screen.key(k)
        app.screen.tick(clock.now)
    table = app.screen
    g = table.play.game
    assert table.name == "game" and g.phase == game.P_PLAY and g.turn == 0
    table.key(hal_keys.PRESS)                        # nothing selected: the menu
    assert table.focus == 2
    table.key(hal_keys.B)
    assert table.focus == 0
    want = list(ts)
    for i, t in enumerate(table.rack()):
        if t in want:
            want.remove(t)
            table.selection[i] |= 1
    before = len(g.melds[0])
    table.key(hal_keys.PRESS)
    assert len(g.melds[0]) == before + 1 and table.focus == 0


KEYS_114 = board_keys("pico_lcd_114")


def hint_pixels(display):
    """The two hint lines' rows (the foot of the glass)."""
    stride = display.width * 2
    return bytes(display.pixels[(display.height - 20) * stride:display.height * stride])


def drawn_hints(texts, height=H):
    """What the two hint lines show when they say `texts` (key caps and all)."""
    d = Display(240, height)
    p = gfx.Painter(d)
    for i, s in enumerate(texts):
        p.text(0, height - 20 + i * 10, 240, s, gfx.DIM, gfx.BAR, gfx.CAPS)
    return hint_pixels(d)


@pytest.mark.parametrize("lang", ["es", "it", "en"])
def test_the_114s_hints_name_its_own_keys(tmp_path, lang):
    """docs/ui.md "Pico-LCD-1.14": the table's hint lines name no X or Y there: "A~" is A held
    (a Y), "B~" B held (an X), as hal/buttons.py reads them; on a board with every key the
    same texts say X and Y. Checked on the glass's pixels in each language, and they fit."""
    from ui import lang as ui_lang
    clock = VirtualClock()
    board = EmuBoard(str(tmp_path), buttons=ScriptButtons(), clock=clock, display=Glass(), keys=KEYS_114)
    app = ui_app.App(board, seed=3, ai_ms=0, lang=lang)
    sub = {"X:": "B~:", "Y:": "A~:"}

    def said(*ids):
        out = []
        for i in ids:
            s = ui_lang.t(i)
            for k, v in sub.items():
                s = s.replace(k, v)
            out.append(s)
        return out

    seen = []
    for keys, ids in ((START, (ui_lang.H_DRAW1, ui_lang.H_DRAW2)),          # your turn to draw
                      ("A", (ui_lang.H_PLAY1, ui_lang.H_PLAY2)),            # drawn: select, meld, discard
                      ("UP", (ui_lang.H_MELD1, ui_lang.H_MELD2))):          # your melds
        run(board, app, clock, keys)
        want = said(*ids)
        seen += want
        assert hint_pixels(board.display) == drawn_hints(want), (keys, want)
    assert not any("X:" in s or "Y:" in s for s in seen)
    assert sum("A~:" in s for s in seen) == 2 and sum("B~:" in s for s in seen) == 2, seen
    assert all(len(s) <= 30 for s in seen), seen                # 8-pixel letters on 240
    # the 1.3's keyboard: the same moment names Y
    board2, app2, clock2 = start(tmp_path / "all", lang)
    run(board2, app2, clock2, START + ",A,UP")
    assert hint_pixels(board2.display) == drawn_hints([ui_lang.t(ui_lang.H_MELD1), ui_lang.t(ui_lang.H_MELD2)])


def hold(board, app, clock, bit, ms):
    """Hold the key `bit` on the board's pins for `ms`, frame by frame, then release it."""
    for level, n in ((bit, ms // FRAME_MS + 1), (0, 3)):
        board.buttons.level = level
        for _ in range(n):
            clock.now += FRAME_MS
            app.step(clock.ticks_ms())


def test_every_action_has_a_key_on_the_114(tmp_path):
    """The 1.14's pins only (A, B, the joystick) through hal/buttons.py: a tap of A selects, A
    held half a second is Y (lays the selection; on a meld, adds with the spare wild at the
    low end), B held is X (opens the menu), the press opens the menu or lays (docs/ui.md)."""
    from hal import keys as hal_keys
    seed, _, ts = meld_seed()
    clock = VirtualClock()
    pins = PinButtons(KEYS_114)
    board = EmuBoard(str(tmp_path), buttons=pins, clock=clock, display=Glass(), keys=KEYS_114)
    app = ui_app.App(board, seed=seed, ai_ms=0, lang="en")
    seen = []                   # the keys the buttons hand the App (App.step gives them to the screen)
    poll = pins.poll

    def polled(now):
        k = poll(now)
        if k:
            seen.append(k)
        return k
    pins.poll = polled
    for bit in (hal_keys.A, hal_keys.UP, hal_keys.A, hal_keys.A):           # title: new game; set-up: Start; draw
        hold(board, app, clock, bit, 60)
    assert seen == [hal_keys.A, hal_keys.UP, hal_keys.A, hal_keys.A], seen  # a tap of A is A, reported at its release
    table = app.screen
    g = table.play.game
    assert table.name == "game" and g.phase == game.P_PLAY and g.turn == 0
    hold(board, app, clock, hal_keys.B, 600)           # B held: X, the menu
    assert seen[-1] == hal_keys.X and table.focus == 2
    hold(board, app, clock, hal_keys.B, 60)            # a tap of B: back
    assert seen[-1] == hal_keys.B and table.focus == 0
    want = list(ts)
    for i, t in enumerate(table.rack()):
        if t in want:
            want.remove(t)
            table.selection[i] |= 1
    before = len(g.melds[0])
    hold(board, app, clock, hal_keys.A, 600)           # A held: Y, lays the selection
    assert seen[-1] == hal_keys.Y and hal_keys.A not in seen[4:], seen
    assert len(g.melds[0]) == before + 1 and table.focus == 0


def test_a_held_a_on_a_meld_adds_at_the_low_end_on_the_114(tmp_path):
    """Y on a meld (add, the spare wild at the low end) is A held on the 1.14: the same move
    as the 1.3's Y key, through the 1.14's pins."""
    from engine import melds
    from hal import keys as hal_keys
    clock = VirtualClock()
    pins = PinButtons(KEYS_114)
    board = EmuBoard(str(tmp_path), buttons=pins, clock=clock, display=Glass(), keys=KEYS_114)
    app = ui_app.App(board, seed=3, ai_ms=0, lang="en")
    for bit in (hal_keys.A, hal_keys.UP, hal_keys.A, hal_keys.A):
        hold(board, app, clock, bit, 60)
    table = app.screen
    g = table.play.game
    assert table.name == "game" and g.phase == game.P_PLAY and g.turn == 0
    played = []
    table.play.play = lambda *mv: (played.append(mv), 0)[1]         # the move the keys make, not played
    g.melds[0].append(bytearray(b"\x00" * (melds.HEAD + 3)))     # a meld row to stand on
    table.selection[0] |= 1
    hold(board, app, clock, hal_keys.UP, 60)           # the meld list
    assert table.focus == 1
    hold(board, app, clock, hal_keys.A, 600)
    assert played and played[-1][0] == game.ADD and played[-1][3] == melds.END_LOW, played
    table.focus = 1
    hold(board, app, clock, hal_keys.A, 60)            # a tap: the default end
    assert played[-1][0] == game.ADD and played[-1][3] == melds.END_DEFAULT, played


@pytest.mark.micropython
def test_the_114_under_micropython_draws_what_cpython_draws(tmp_path):
    """`burako emu --runtime micropython --board pico_lcd_114`: the WASI guest's display is the
    240x135 glass and its board has the 1.14's keys, so the table with its renamed hints is
    pixel for pixel the CPython emulator's (docs/ui.md "Pico-LCD-1.14")."""
    from emulator import runner
    keys = parse_keys(START + ",A,RIGHT,A,UP")
    opts = {"seed": 5, "ai_ms": 0, "lang": "en"}
    shown, st = runner.run_micropython(opts, str(tmp_path / "mp"), runner.Feeder(keys),
                                       display=board_display("pico_lcd_114"), keys=KEYS_114, heap=HEAP)
    board, app = runner.run_cpython(opts, str(tmp_path / "cp"), runner.Feeder(keys),
                                    display=board_display("pico_lcd_114"), keys=KEYS_114)
    assert st["screen"] == "game" and app.screen.focus == 1
    assert (shown.width, shown.height) == (240, 135)
    assert bytes(shown.pixels) == bytes(board.display.pixels)
    assert hint_pixels(shown) == drawn_hints([keynames.name(ui_lang.t(ui_lang.H_MELD1)), ui_lang.t(ui_lang.H_MELD2)])


def test_rummy_setup_and_table_fit_the_glass(tmp_path):
    """Rummy israelí on the 1.14 (docs/ui.md "Pico-LCD-1.14"): the set-up's rows are 12 apart,
    so the 4-player set-up's Start row is on the glass; the table has 3 meld rows, the held
    tray, the rack's 13 tiles, the message line and hints naming the 1.14's keys; nothing
    is drawn below row 134 and partial redraws (the menu in the melds' band) equal full ones."""
    from rummy import table as rummy_table
    from rummy import text as rummy_text
    assert rummy_table.Y_TABLE + rummy_table.SHORT_ROWS * rummy_table.SHORT_ROW_H <= rummy_table.SHORT_HELD - 2
    assert rummy_table.SHORT_HELD + gfx.MH <= rummy_table.SHORT_RACK
    assert rummy_table.SHORT_RACK + gfx.TH <= rummy_table.SHORT_MSG
    assert rummy_table.SHORT_MSG + 10 <= H - 20
    clock = VirtualClock()
    board = EmuBoard(str(tmp_path), buttons=ScriptButtons(), clock=clock, display=Glass(),
                     keys=KEYS_114)
    app = ui_app.App(board, seed=3, ai_ms=0, lang="es")
    d = board.display
    run(board, app, clock, "UP,A,RIGHT,RIGHT,UP")       # title: Rummy; 4 players; Start
    setup = app.screen
    assert setup.mode == "setup" and app.settings.rummy[0] == 4 and setup.row == 7
    bands = [y for y in lit_rows(d, 0, H, gfx.FELT_DARK) if count(d, y, y + 1, gfx.HILITE)]
    assert bands and bands[0] > 16 + 6 * 12 and bands[-1] < H - 11, bands    # the Start row
    assert count(d, bands[0], bands[-1] + 1, gfx.CURSOR) > 20                # "> Empezar <"
    assert lit_rows(d, H - 11, H, gfx.FELT_DARK), "the set-up's hint is not on the glass"
    run(board, app, clock, "DOWN,LEFT,LEFT,UP,A")       # 2 players (J2 the AI); start
    table = app.screen
    assert table.name == "rummy" and table.mode == "play" and table.play.game.turn == 0
    run(board, app, clock, "A")                         # draw: the workbench
    assert table.bench is not None and len(table.bench.rack) > rummy_table.RACK_N
    cream = count(d, rummy_table.SHORT_RACK, rummy_table.SHORT_MSG, gfx.CREAM) + \
        count(d, rummy_table.SHORT_RACK, rummy_table.SHORT_MSG, gfx.CREAM_SEL)
    assert cream > rummy_table.RACK_N * 100, cream
    assert count(d, rummy_table.SHORT_RACK, rummy_table.SHORT_MSG, gfx.CURSOR) > 0      # the rack's cursor
    assert lit_rows(d, rummy_table.SHORT_HELD, rummy_table.SHORT_HELD + 10, gfx.FELT_DARK)  # the held tray's label
    tx = rummy_text.texts("es").TX
    assert hint_pixels(d) == drawn_hints([keynames.name(tx[rummy_text.H_RACK]),
                                          keynames.name(tx[rummy_text.H_MORE])])
    assert "A~:" in keynames.name(tx[rummy_text.H_RACK]) and "Y:" in tx[rummy_text.H_RACK]
    run(board, app, clock, "RIGHT,A,UP,A,X,DOWN,B,B")   # pick, put on a new meld, the menu
    assert table.bench.melds and table.focus == 0


def test_rummy_hand_off_ends_and_link_screen_fit_the_glass(tmp_path):
    """Rummy israelí's other screens on the 1.14: the hand-off between two people (its
    name and show-rack lines higher), a 4-AI match's hand end and match end (the closing
    or winner line under 4 seats' scores, the hint above the hint rows' foot) and the
    link screen (connecting; its hint at the glass's foot, "A~" for give up): nothing
    below row 134, no text cut."""
    from rummy.game import GAME as RUMMY
    clock = VirtualClock()
    board = EmuBoard(str(tmp_path / "p"), buttons=ScriptButtons(), clock=clock, display=Glass(),
                     keys=KEYS_114)
    app = ui_app.App(board, seed=3, ai_ms=0, lang="es")
    d = board.display
    # J2 a person here; Start; draw; the menu's "pass": the console goes to J2
    run(board, app, clock, "UP,A,DOWN,DOWN,RIGHT,DOWN,DOWN,DOWN,A,A,X,DOWN,A")
    assert app.screen.mode == "handoff" and app.screen.play.seats == 0
    assert lit_rows(d, 50, 82, gfx.FELT_DARK) and lit_rows(d, 100, 110, gfx.FELT_DARK)
    run(board, app, clock, "A")
    assert app.screen.mode == "play" and app.screen.play.viewer == 1

    clock = VirtualClock()
    board = EmuBoard(str(tmp_path / "e"), buttons=ScriptButtons(), clock=clock, display=Glass())
    app = ui_app.App(board, seed=5, ai_ms=0, lang="es", autoplay=True, variant="rummy", players=4)
    d = board.display
    seen = []
    for _ in range(100000):
        clock.now += FRAME_MS
        app.step(clock.ticks_ms())
        mode = getattr(app.screen, "mode", None)
        if mode in ("handend", "matchend") and mode not in seen:
            seen.append(mode)
            app.screen.draw(regions.ALL)
            assert lit_rows(d, 102, 112, gfx.FELT_DARK), "the closing/winner line is not on the glass"
            assert lit_rows(d, H - 15, H - 5, gfx.FELT_DARK), "the end's hint is not on the glass"
            if mode == "matchend":
                break
    assert seen == ["handend", "matchend"] and app.screen.play.game.n == 4
    assert not d.below and not app.painter.cut, (d.below[:3], app.painter.cut)

    clock = VirtualClock()
    board = EmuBoard(str(tmp_path / "l"), buttons=ScriptButtons(), clock=clock, display=Glass(),
                     keys=KEYS_114)
    app = ui_app.App(board, seed=5, ai_ms=0, lang="es")
    d = board.display
    # J2 over the cable (no peer on it): the link screen, connecting
    run(board, app, clock, "UP,A,DOWN,DOWN,LEFT,DOWN,DOWN,DOWN,A,WAIT,WAIT", check=False)
    assert app.screen.name == "link" and app.cable.game is RUMMY
    from ui.cable import T_H_LEAVE, LINK_ROWS
    from ui.lang import tx
    hint = tx(T_H_LEAVE)
    assert "Y:" in hint
    want = Display(240, H)
    gfx.Painter(want).text(0, H - 20, 240, keynames.name(hint), gfx.DIM, gfx.FELT_DARK)
    assert hint_pixels(d)[:240 * 2 * 10] == hint_pixels(want)[:240 * 2 * 10]
    y = LINK_ROWS[0][2]                 # the state's line ("connecting") on the short glass
    assert lit_rows(d, y, y + 10, gfx.FELT_DARK)


def test_burako_link_screen_fits_the_glass(tmp_path):
    """Cable 1v1 on the 1.14 (no peer on the cable): the link screen's lines and its
    hint at the glass's foot, naming A~ for Y (give up), nothing below row 134."""
    from burako.game import GAME as BURAKO
    from ui.cable import T_H_LEAVE, LINK_ROWS
    from ui.lang import tx
    clock = VirtualClock()
    board = EmuBoard(str(tmp_path), buttons=ScriptButtons(), clock=clock, display=Glass(),
                     keys=KEYS_114)
    from host.relay import Cable
    board.link = Cable(clock).a                     # (a cable with nobody at its other end)
    app = ui_app.App(board, seed=5, ai_ms=0, lang="es")
    d = board.display
    run(board, app, clock, "UP,UP,A,WAIT,WAIT", check=False)     # the title's Cable 1v1
    assert app.screen.name == "link" and app.cable.game is BURAKO
    hint = tx(T_H_LEAVE)
    assert "Y:" in hint
    want = Display(240, H)
    gfx.Painter(want).text(0, H - 20, 240, keynames.name(hint), gfx.DIM, gfx.FELT_DARK)
    assert hint_pixels(d)[:240 * 2 * 10] == hint_pixels(want)[:240 * 2 * 10]
    y = LINK_ROWS[0][2]                 # the state's line ("connecting") on the short glass
    assert lit_rows(d, y, y + 10, gfx.FELT_DARK)
    assert not d.below


def test_each_glass_keeps_its_own_layout_with_both_in_one_process(tmp_path):
    """The layout is chosen once, with the Painter (ui/gfx.py Layout), not by the table's module
    at draw time: a 240x135 and a 240x240 console playing in one process, their frames
    interleaved, each draws its own rows (the short glass nothing below row 135, the tall one its
    rack where the tall layout puts it) and each frame equals a full redraw."""
    small, small_app, small_clock = start(tmp_path / "s")
    tall_clock = VirtualClock()
    tall = EmuBoard(str(tmp_path / "t"), buttons=ScriptButtons(), clock=tall_clock, display=Display(240, 240))
    tall_app = ui_app.App(tall, seed=3, ai_ms=0, lang="es")
    for keys in (START, "A", "RIGHT,A", "PRESS,B"):
        run(small, small_app, small_clock, keys)
        feed(tall, tall_app, tall_clock, parse_keys(keys),
             lambda todo: assert_equal_redraw(tall, tall_app))
    assert small_app.screen.name == tall_app.screen.name == "game"
    assert small_app.painter.lay is not tall_app.painter.lay
    assert not small_app.painter.lay.tall and tall_app.painter.lay.tall
    tall_lay = tall_app.painter.lay
    assert small_app.painter.lay.Y_RACK < H < tall_lay.Y_RACK
    assert count(tall.display, tall_lay.Y_RACK, tall_lay.Y_HINT, gfx.CREAM) > 13 * 100
    assert not small.display.below


def assert_equal_redraw(board, app):
    assert bytes(board.display.pixels) == full_redraw(app)
