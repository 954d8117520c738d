"""Issue 37: the AI's turn at a pace a person can follow. The pace setting (fast / normal / slow,
ui/app.py PACE_MS) chosen in the table's menu and kept in settings.txt (written only when it
changes), each AI move's time on the glass measured in emulated frames (an ai_ms given to the App
still wins: scripts stay deterministic); a meld the AI lays marked and its side's list shown; the
hand's log of moves one menu row away (burako/movelog.py); the menu offering only what can be done
(no Hint or Redraw on the other player's turn, the redraw only while R3.2 allows it), fitting both
glasses."""
import os

import pytest

from emulator import runner
from emulator.board import FRAME_MS, EmuBoard, VirtualClock, board_display, parse_keys
from engine import game
from hal import keys as hal_keys
from burako import movelog
from burako import table as burako_table
from ui import app as ui_app
from ui import gfx
from ui import lang as ui_lang
from ui import settings_file
from ui.app import App
from ui.state import snapshot
import uikit
import linkkit
from linkkit import link, play, run as run_pair
from link import session

START = "A,UP,A"        # title: New; set-up: Start (J1 a person, J2 the AI)


@pytest.fixture(autouse=True)
def _spanish_after():
    yield
    ui_lang.use("es")


def table(app):
    return app.kept["burako"]


def press(app, k):
    app.screen.key(k)


def frames(app, clock, n):
    for _ in range(n):
        clock.now += FRAME_MS
        app.step(clock.ticks_ms())


def write_pace(d, pace):
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, settings_file.FILE), "w") as f:
        f.write("pace %d\n" % pace)


def move_times(monkeypatch, module):
    """Every move's time (app.now when Play.after shows it) and whether an AI seat made it."""
    times = []
    after = module.Play.after

    def spy(self, seat, *a):
        ai = (self.ai_seats if hasattr(self, "ai_seats") else self.seats) >> seat & 1
        times.append((self.app.now, bool(ai)))
        return after(self, seat, *a)
    monkeypatch.setattr(module.Play, "after", spy)
    return times


# --- the pace ---------------------------------------------------------------------------------
@pytest.mark.parametrize("pace", [0, 1, 2])
@pytest.mark.parametrize("variant", ["burako", "rummy"])
def test_each_ai_move_stays_on_the_glass_the_paces_time(tmp_path, monkeypatch, pace, variant):
    """A console whose settings say fast / normal / slow: the AI's moves come PACE_MS apart, in
    whole frames (400 / 1200 / 2500 ms: 13 / 37 / 76 frames of 33 ms), Burako and Rummy alike."""
    if variant == "rummy":
        from rummy import play as module
    else:
        from burako import play as module
    times = move_times(monkeypatch, module)
    write_pace(str(tmp_path), pace)
    clock = VirtualClock()
    app = App(EmuBoard(str(tmp_path), clock=clock), seed=3, autoplay=True, variant=variant, lang="en")
    assert app.settings.pace == pace and app.ai_ms == ui_app.PACE_MS[pace]
    frames(app, clock, 700)
    gaps = [(b[0] - a[0]) // FRAME_MS for a, b in zip(times, times[1:])]
    want = -(-ui_app.PACE_MS[pace] // FRAME_MS)         # whole frames: the first frame past it
    assert len(gaps) >= 5
    # between two moves of a hand (a hand's end waits longer, 4 paces)
    assert min(gaps) == want and sorted(gaps)[len(gaps) // 2] == want, gaps


def test_a_persons_move_stays_the_pace_before_the_ais_draw(tmp_path, monkeypatch):
    """The discard's line is not wiped by the AI's draw in the next frame: the AI waits the pace
    after a person's move too (a console without a settings file: normal, 1200 ms)."""
    from burako import play as module
    times = move_times(monkeypatch, module)
    clock = VirtualClock()
    app = App(EmuBoard(str(tmp_path), clock=clock), seed=3, quick=True, lang="en")
    assert app.settings.pace == 1 and app.ai_ms == 1200
    frames(app, clock, 2)
    press(app, hal_keys.A)              # draw
    press(app, hal_keys.B)
    press(app, hal_keys.B)              # discard
    assert table(app).play.game.turn == 1
    frames(app, clock, 100)
    person = [t for t, ai in times if not ai][-1]
    first_ai = [t for t, ai in times if ai][0]
    assert first_ai - person >= 1200 and (first_ai - person) // FRAME_MS <= 1200 // FRAME_MS + 1


def test_the_pace_is_chosen_in_the_menu_and_kept_across_power_ons(tmp_path):
    d = str(tmp_path)
    path = os.path.join(d, settings_file.FILE)
    clock = VirtualClock()
    app = App(EmuBoard(d, clock=clock), seed=3, quick=True, lang="en")
    frames(app, clock, 2)
    assert app.ai_ms == 1200 and not os.path.exists(path)     # nothing written at the start
    press(app, hal_keys.X)
    press(app, hal_keys.UP)             # round to the last row (Save and quit), then up: the pace
    press(app, hal_keys.UP)
    frames(app, clock, 1)
    st = snapshot(app)
    assert st["menu"][st["menu_on"]] == ui_lang.t(ui_lang.M_PACE)
    assert "AI pace: < Normal >" in texts_drawn(app)
    assert not os.path.exists(path)     # looking at it writes nothing
    press(app, hal_keys.RIGHT)
    assert app.ai_ms == 2500 and open(path).read() == "pace 2\n"
    assert "AI pace: < Slow >" in texts_drawn(app)
    press(app, hal_keys.LEFT)
    press(app, hal_keys.LEFT)
    assert app.ai_ms == 400 and open(path).read() == "pace 0\n"
    assert table(app).focus == burako_table.MENU_FOCUS        # the menu stays open
    mtime = os.stat(path).st_mtime_ns
    # a power-on: the pace kept; nothing written again
    clock2 = VirtualClock()
    app2 = App(EmuBoard(d, clock=clock2), seed=3, quick=True, lang="en")
    frames(app2, clock2, 2)
    assert app2.settings.pace == 0 and app2.ai_ms == 400
    settings_file.write(app2.board.storage, settings_file.PACE, 0)     # the same value: no write
    assert os.stat(path).st_mtime_ns == mtime
    # an ai_ms given to the App (tests, scripts, `burako emu --ai-ms`) wins over the setting
    app3 = App(EmuBoard(d, clock=VirtualClock()), seed=3, quick=True, ai_ms=0, lang="en")
    assert app3.settings.pace == 0 and app3.ai_ms == 0
    app3.set_pace(2)
    assert app3.ai_ms == 0 and open(path).read() == "pace 2\n"


def test_a_person_at_the_window_gets_the_pace_setting(tmp_path):
    """`burako emu` windowed and the emulator's scripts: no --ai-ms is the pace setting's; a
    headless run and a script's ai_ms 0 stay at once."""
    assert runner.app_kwargs({"ai_ms": None})["ai_ms"] is None
    assert runner.app_kwargs({})["ai_ms"] == 0
    write_pace(str(tmp_path), 2)
    board, app = runner.run_cpython({"seed": 3, "ai_ms": None, "new": True}, str(tmp_path),
                                    runner.Feeder([]))
    assert app.ai_ms == 2500


# --- melds marked as they land, the log ---------------------------------------------------------
def texts_drawn(app):
    """Every text the table draws on a full redraw."""
    with uikit.texts_drawn(app) as seen:
        app.screen.draw(0xFFFF)
    return seen


def test_a_meld_the_ai_lays_is_marked_and_its_side_shown(tmp_path):
    """J2 (the AI) lays two melds in its turn: the list turns to J2's side, both rows' size labels
    lit and framed; J1's next move (the draw) takes the marks away and turns the list back."""
    board, app = runner.run_cpython({"seed": 3, "ai_ms": 0, "lang": "en"}, str(tmp_path),
                                    runner.Feeder(parse_keys(START + ",A,B,B")))
    t = table(app)
    g = t.play.game
    assert g.turn == 0 and len(g.melds[1]) == 2
    st = snapshot(app)
    assert st["fresh"] == [[], [0, 1]] and st["meld_side"] == 1
    d = board.display
    head = "".join(texts_drawn(app))
    assert ui_lang.t(ui_lang.MELDS_OF) in head
    for row in range(2):
        y = burako_table.Y_MELDS + row * 16
        assert d.pixel(1, y + 3) == gfx.HILITE          # the size label, lit
        assert d.pixel(40, y) == gfx.WHITE              # the row's frame
    y = burako_table.Y_MELDS + 2 * 16
    assert d.pixel(1, y + 3) != gfx.HILITE
    press(app, hal_keys.A)                              # J1 draws
    app.screen.draw(app.dirty)
    app.dirty = 0
    st = snapshot(app)
    assert st["fresh"] == [[], []] and st["meld_side"] == 0
    assert d.pixel(1, burako_table.Y_MELDS + 3) != gfx.HILITE


def test_the_hands_log_lists_its_moves_newest_first(tmp_path):
    board, app = runner.run_cpython({"seed": 3, "ai_ms": 0, "lang": "en"}, str(tmp_path),
                                    runner.Feeder(parse_keys(START + ",A,B,B,X,UP,UP,UP")))
    st = snapshot(app)
    assert st["menu"][st["menu_on"]] == "Log of this hand"
    press(app, hal_keys.A)
    want = ["P2 discards K8", "P2 melds R5 B5 K5", "P2 melds R13 R13 B13 Y13",
            "P2 draws from the stock", "P1 discards K10", "P1 draws from the stock"]
    assert snapshot(app)["log"] == want
    seen = texts_drawn(app)
    assert seen[seen.index("Log of this hand (6)") + 1:][:6] == want     # on the glass, in order
    assert "Up/Dn:scroll B:back" in seen
    press(app, hal_keys.DOWN)
    assert snapshot(app)["log_top"] == 1
    seen = texts_drawn(app)
    after = seen[seen.index("Log of this hand (6)") + 1:]
    assert after[0] == "^" and after[1:6] == want[1:]
    press(app, hal_keys.B)
    assert snapshot(app)["focus"] == burako_table.RACK


def test_the_log_grows_while_it_is_open(tmp_path):
    """Opened while the AI plays (its turn at the pace), the log gets each new move on top."""
    clock = VirtualClock()
    app = App(EmuBoard(str(tmp_path), clock=clock), seed=3, quick=True, lang="en", ai_ms=100)
    frames(app, clock, 2)
    press(app, hal_keys.A)
    press(app, hal_keys.B)
    press(app, hal_keys.B)              # J1 draws and discards: J2's turn
    press(app, hal_keys.X)
    for _ in range(3):
        press(app, hal_keys.UP)
    press(app, hal_keys.A)              # the log, opened
    frames(app, clock, 1)
    assert snapshot(app)["log"][0] == "P1 discards K10"
    shown = []
    for _ in range(40):                 # J2's moves, each drawn on top in the frame it is played
        seen = texts_drawn_since(app, clock)
        newest = snapshot(app)["log"][0]
        if newest != "P1 discards K10" and (not shown or shown[-1] != newest):
            assert newest in seen, (newest, seen)
            shown.append(newest)
    assert shown[:2] == ["P2 draws from the stock", "P2 melds R13 R13 B13 Y13"]


def texts_drawn_since(app, clock):
    """The texts the next frame draws in the meld region (the log's; not the message line's)."""
    lay = app.painter.lay
    with uikit.texts_drawn(app, lambda x, y, w, s: s if lay.Y_MENU <= y < lay.Y_MSG else None) as seen:
        frames(app, clock, 1)
    return seen


def test_the_log_keeps_the_newest_moves_in_its_small_buffer():
    """burako/movelog.py note(): a header byte and the tiles a line names per move, in one buffer
    of CAP bytes made at the first move; when full the oldest moves go; a new hand empties it."""
    from burako import logview

    class FakePlay:
        ai_seats = 2
        viewer = 0

        def human(self, seat):
            return seat == 0

        def move_text(self, seat, mv):
            return "%d %d %s" % (seat, mv[0], bytes(mv[2]).hex())

    class FakeTable:
        play = FakePlay()
        log = None
        fresh = 0
        focus = 1
    t = FakeTable()
    FakePlay.game = type("G", (), {"melds": [[], [b"", b""]]})()
    for i in range(200):
        mv = (game.DISCARD, 0, bytes((i % 52,)), 0) if i % 3 == 0 else (game.DRAW, 0, b"", 0)
        movelog.note(t, i & 1, mv)
    assert len(t.log) == movelog.CAP <= 256 and t.log[0] < movelog.CAP
    texts = logview.texts(t.log, t.play)
    assert texts[0] == "1 0 " and texts[1] == "0 6 %02x" % (198 % 52)
    assert 60 < len(texts) == logview.count(t.log) < 200        # the oldest gone
    movelog.note(t, 0, (game.NEXT, 0, b"", 0))
    assert logview.texts(t.log, t.play) == [] and logview.count(t.log) == 0


# --- the menu ------------------------------------------------------------------------------------
def menu_of(app):
    press(app, hal_keys.X)
    st = snapshot(app)
    press(app, hal_keys.B)
    return st["menu"]


def test_the_redraw_is_offered_only_while_it_is_legal(tmp_path):
    en = dict(seed=3, ai_ms=0, lang="en")
    board, app = runner.run_cpython(en, str(tmp_path / "a"), runner.Feeder(parse_keys(START)))
    redraw = ui_lang.t(ui_lang.M_REDRAW)
    assert redraw == "Return draw, draw again"
    before = menu_of(app)
    assert redraw not in before and "Hint" in before               # the mano, before its draw
    press(app, hal_keys.A)                                           # the first draw: R3.2
    after = menu_of(app)
    assert after[:3] == ["Back to game", "Hint", redraw]
    press(app, hal_keys.X)
    press(app, hal_keys.DOWN)
    press(app, hal_keys.DOWN)
    g = table(app).play.game
    stock = len(g.stock)
    press(app, hal_keys.A)                                           # redrawn
    assert len(g.stock) == stock - 1 and len(g.pile) == 1
    assert redraw not in menu_of(app)


@pytest.mark.parametrize("board", ["pico_lcd_13", "pico_lcd_114"])
@pytest.mark.parametrize("lang", ["es", "it", "en"])
def test_the_menu_fits_the_glass_and_scrolls(tmp_path, board, lang):
    """Nine rows (the redraw open): as many as fit between the menu's top and the message line
    (the hint lines on the 1.14), no two texts on one pixel, the rest a scroll away."""
    disp = board_display(board)
    _, app = runner.run_cpython(dict(seed=3, ai_ms=0, lang=lang), str(tmp_path),
                                runner.Feeder(parse_keys(START + ",A,X")), display=disp)
    lay = app.painter.lay
    bottom = lay.Y_MSG if lay.Y_MENU == burako_table.Y_MHEAD else lay.Y_HINT
    st = snapshot(app)
    assert len(st["menu"]) == 9
    for step in range(10):
        app.painter.cut = 0
        with uikit.texts_drawn(app, lambda x, y, w, s: (x, y, w, s)) as boxes:
            app.screen.draw_menu()
        assert app.painter.cut == 0
        rows = [b for b in boxes if b[3] not in ("^", "v")]
        assert 8 <= len(rows) < 9 + 0 and all(lay.Y_MENU <= y and y + 10 <= bottom for _, y, _, _ in boxes)
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert not (a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + 10 and b[1] < a[1] + 10), (a, b)
        on = snapshot(app)["menu"][snapshot(app)["menu_on"]]
        assert any(s.startswith(on) for _, _, _, s in rows)      # the row on is shown
        press(app, hal_keys.DOWN)


class Linked(linkkit.Console):
    DEFAULTS = dict(autoplay=True, ai_ms=0, target=300, link=True, lang="en")


def test_a_linked_match_offers_no_hint_or_redraw_on_the_other_players_turn(tmp_path, monkeypatch):
    import random
    from link import entropy
    r = random.Random(8)        # the consoles' random bytes seeded: the same deal every run
    monkeypatch.setattr(entropy, "random_bytes", lambda n: bytes(r.randrange(256) for _ in range(n)))
    a, b, clock, cable = linkkit.pair(Linked, tmp_path, kw_a={"autoplay": False})

    run_pair(a, b, clock, lambda: play(a.app) is not None and a.app.screen.name == "game"
             and link(a.app).state == session.PLAYING and link(a.app).idle())
    t = table(a.app)
    if t.my_turn():                     # we move first: draw, discard
        g = t.play.game
        assert t.play.play(game.DRAW, 0, b"", 0) == 0
        assert t.play.play(game.DISCARD, 0, bytes((g.racks[link(a.app).seat][0],)), 0) == 0
    assert not t.my_turn()
    rows = menu_of(a.app)
    assert ui_lang.t(ui_lang.M_HINT) not in rows and ui_lang.t(ui_lang.M_REDRAW) not in rows
    assert rows[-1] == ui_lang.t(ui_lang.M_QUIT)
    # the peer plays: its moves in this console's log; then our turn: the hint is back
    run_pair(a, b, clock, lambda: t.my_turn() and not link(a.app).events)     # (its moves shown)
    from burako import logview
    assert snapshot(a.app)["log_moves"] >= 2
    log = logview.texts(t.log, t.play)
    seat = link(b.app).seat
    assert log and log[0].startswith("P%d " % (seat + 1))
    assert ui_lang.t(ui_lang.M_HINT) in menu_of(a.app)
