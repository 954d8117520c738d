"""Rummy israelí on the console (rummy/game.py, rummy/play.py, rummy/table.py, docs/rummy.md):
the workbench turn driven by keys on a scripted position, whole AI matches through the UI
(CPython and MicroPython under the heap limit), and every new string fits its box."""
import pytest

from emulator import runner
from emulator.board import EmuBoard, ScriptButtons, VirtualClock, board_display, board_keys
from rummy import reasons_en
from rummy import rules
from engine import tiles
from hal import keys as hal_keys
import scorelog
from rummy import table as rummy_table
from rummy import text as rummy_text
from rummy.play import Play, table_tiles
from ui import gfx
from ui import lang as ui_lang
from ui.app import App
from ui.state import snapshot
from uikit import HEAP


def position(tmp_path, table, rack, exposed=1, lang="en", glass=None, closing=tiles.JOKER,
             stock="B1 B2 B3 B4 B5", ai_rack="R1 R2 R3 K9"):
    """An App on a Rummy position: seat 0 (human) to play, seat 1 an AI; its table shown (on the
    glass of board profile `glass`, its keys; None: the emulator's default)."""
    if glass is None:
        board = EmuBoard(str(tmp_path), buttons=ScriptButtons(), clock=VirtualClock())
    else:
        board = EmuBoard(str(tmp_path / (glass + lang)), buttons=ScriptButtons(), clock=VirtualClock(),
                         display=board_display(glass), keys=board_keys(glass))
    app = App(board, seed=1, ai_ms=0, lang=lang)
    g = rules.Game(2, 1, deal=False)
    g.table = [bytes(x) for x in rules.parse_table(table)] if table else []
    g.racks = [bytearray(rules.parse_table(rack)[0]), bytearray(rules.parse_table(ai_rack)[0])]
    g.stock = bytearray(rules.parse_table(stock)[0])
    g.closing = closing
    g.exposed = bytearray([exposed, 1])
    g.turn = 0
    g.phase = rules.P_PLAY
    Play(app, g, 0b10, app.settings.level).enter_turn()
    draw(app)
    assert app.screen.name == "rummy" and app.screen.mode == "play"
    return app


def draw(app, dirty=None):
    """The frame's redraw of what changed (or of `dirty`)."""
    app.screen.draw(app.dirty if dirty is None else dirty)
    app.dirty = 0


def press(app, *keys):
    for k in keys:
        app.screen.key(k)
        draw(app)       # every state the keys reach is drawn (no exception)


def test_workbench_ri5_split_run_refused_while_broken_then_committed(tmp_path):
    """R13.5, seed 000's example: Y3..Y7 + rack Y5 -> Y3 Y4 Y5 | Y5 Y6 Y7, built
    tile by tile on the workbench; commit is refused while tiles are held or a
    meld is broken (with the reason and the meld), then goes through."""
    app = position(tmp_path, "Y3 Y4 Y5 Y6 Y7", "K9 Y5 K1")
    t = app.screen
    g = t.play.game
    # up to the table (the new-meld row), up to meld 1, right to Y6: A picks it,
    # the press picks Y7 while Y6 is held
    press(app, hal_keys.UP, hal_keys.UP, hal_keys.RIGHT, hal_keys.RIGHT, hal_keys.RIGHT, hal_keys.A, hal_keys.PRESS)
    b = t.bench
    assert tiles.list_text(b.held) == "Y6 Y7"
    assert rules.table_text(b.melds) == "Y3 Y4 Y5"
    press(app, hal_keys.Y)
    assert t.error == rules.TILES_HELD and g.table == [rules.parse_table("Y3 Y4 Y5 Y6 Y7")[0]]
    # down to the new-meld row: put Y7 then Y6 -> a 2-tile meld, refused
    press(app, hal_keys.DOWN, hal_keys.A, hal_keys.A)
    assert not b.held
    press(app, hal_keys.Y)
    assert t.error == rules.TOO_FEW and t.bad == 1
    st = snapshot(app)["rummy"]
    assert st["error_text"] == rummy_text.texts("en").REASONS[rules.TOO_FEW]
    assert g.turn == 0 and len(g.racks[0]) == 3          # nothing changed in the game
    # down twice to the rack: Y5 is index 1; back up to meld 2 and put it: tidied to Y5 Y6 Y7
    press(app, hal_keys.DOWN, hal_keys.DOWN, hal_keys.RIGHT, hal_keys.A, hal_keys.UP, hal_keys.UP, hal_keys.A)
    assert rules.table_text(b.melds) == "Y3 Y4 Y5 | Y5 Y6 Y7"
    assert t.error == rules.OK
    press(app, hal_keys.Y)
    assert rules.table_text(g.table) == "Y3 Y4 Y5 | Y5 Y6 Y7"
    assert tiles.list_text(g.racks[0]) == "K9 K1"
    assert g.turn == 1


def test_workbench_undo_all_restores_table_and_rack(tmp_path):
    """Undo all (menu entry 0, Bench.reset) puts every tile back where the turn found it."""
    app = position(tmp_path, "R3 R4 R5 | K7 B7 Y7", "R6 Y10 K1")
    t = app.screen
    press(app, hal_keys.A, hal_keys.UP, hal_keys.UP, hal_keys.UP, hal_keys.A, hal_keys.PRESS, hal_keys.DOWN, hal_keys.A)
    b = t.bench
    assert rules.table_text([x for x in b.melds if x]) != "R3 R4 R5 | K7 B7 Y7"
    press(app, hal_keys.X, hal_keys.A)          # the menu, its first entry: undo all
    assert rules.table_text(b.melds) == "R3 R4 R5 | K7 B7 Y7"
    assert tiles.list_text(b.rack) == "R6 Y10 K1" and not b.held
    assert t.play.game.turn == 0


def test_first_exposure_ri6_needs_30(tmp_path):
    """R13.6: a first play under 30 points is refused with its reason; pass moves on."""
    app = position(tmp_path, "", "R1 R2 R3 K9", exposed=0)
    t = app.screen
    g = t.play.game
    press(app, hal_keys.A, hal_keys.A, hal_keys.A, hal_keys.UP, hal_keys.A, hal_keys.A, hal_keys.A)     # R1 R2 R3 as a new meld
    assert rules.table_text(t.bench.melds) == "R1 R2 R3"
    press(app, hal_keys.Y)
    assert t.error == rules.FIRST_30 and g.table == []
    press(app, hal_keys.X, hal_keys.DOWN, hal_keys.A)  # the menu: pass
    assert g.turn == 1


def test_autoplay_match_through_the_ui_ends_with_a_winner(tmp_path):
    """R13.9: an AI-only match through the UI plays every hand and names the lowest total."""
    opts = {"seed": 3, "ai_ms": 0, "autoplay": True, "variant": "rummy", "lang": "it"}
    board, app = runner.run_cpython(opts, str(tmp_path), runner.Feeder(frames=20000, autoplay=True))
    st = snapshot(app)
    r = st["rummy"]
    assert st["screen"] == "matchend" and r["mode"] == "matchend"
    assert len(r["history"]) == 4
    assert r["winners"] and all(r["scores"][w] == min(r["scores"]) for w in r["winners"])
    recs, problems = scorelog.read(board.storage.path(scorelog.FILENAME))
    assert not problems
    assert recs[-1]["variant"] == "rummy" and recs[-1]["final"] == r["scores"]


# The console's heap (uikit.HEAP) is a hard limit under the harness's collect-between-frames
# rule.


@pytest.mark.micropython
def test_autoplay_match_micropython_heap_limit(tmp_path):
    """The same match inside real MicroPython at the console's heap."""
    opts = {"seed": 3, "ai_ms": 0, "autoplay": True, "variant": "rummy"}
    _, st = runner.run_micropython(opts, str(tmp_path), runner.Feeder(frames=20000, autoplay=True),
                                   heap=HEAP)
    r = st["rummy"]
    assert st["screen"] == "matchend" and len(r["history"]) == 4 and r["winners"]
    assert st["peak_heap_bytes"] <= HEAP


# title -> Rummy set-up: seat 1 an AI too, 1 hand, start; the AI match plays;
# A at its end -> the title; A, UP, A: a Burako match; A draws
CYCLE = "DOWN,DOWN,DOWN,A,DOWN,A,DOWN,DOWN,DOWN,LEFT,LEFT,LEFT,DOWN,A,A,A,UP,A,A"


def _cycle_check(st, scorelog_path):
    assert st["screen"] == "game" and st["variant"] == "burako"
    assert len(st["racks"][0].split()) == 13   # the Burako match began and seat 0 drew
    recs, problems = scorelog.read(scorelog_path)
    assert not problems and [r["variant"] for r in recs] == ["rummy"]
    assert len(recs[0]["hands"]) == 1


def test_rummy_then_burako_from_the_title(tmp_path):
    """A whole Rummy match from the title, back to the title, then a Burako match."""
    from emulator.board import parse_keys

    from burako.play import Play as BurakoPlay

    board, app = runner.run_cpython({"seed": 5, "ai_ms": 0, "lang": "en"}, str(tmp_path),
                                    runner.Feeder(parse_keys(CYCLE), frames=20000))
    assert isinstance(app.screen.play, BurakoPlay)      # the Rummy match is gone, Burako's shown
    _cycle_check(snapshot(app), board.storage.path(scorelog.FILENAME))


@pytest.mark.micropython
def test_rummy_then_burako_micropython_heap_limit(tmp_path):
    """The same inside MicroPython with the console's heap: a Rummy match, then a Burako
    match in the same power-on."""
    from emulator.board import parse_keys
    from hal.storage import Storage

    _, st = runner.run_micropython({"seed": 5, "ai_ms": 0, "lang": "en"}, str(tmp_path),
                                   runner.Feeder(parse_keys(CYCLE), frames=20000), heap=HEAP)
    _cycle_check(st, Storage(str(tmp_path) + "/").path(scorelog.FILENAME))
    assert st["peak_heap_bytes"] <= HEAP


@pytest.mark.parametrize("lang", ui_lang.LANGS)
def test_strings_fit(lang):
    """Every Rummy text fits the band it is drawn in (8 px a letter) and has glyphs."""
    tx = rummy_text.texts(lang).TX
    reasons = rummy_text.texts(lang).REASONS
    wide = {rummy_text.NEW_MELD: 200 - 16, rummy_text.PLAYERS: 110, rummy_text.HANDS: 110, rummy_text.START: 232 - 32,
            rummy_text.HELD: 60, rummy_text.RACK_N_TEXT: 80 - 24}
    for i in range(rummy_text.UNDO, rummy_text.QUIT + 1):
        wide[i] = 152
    assert len(tx) == len(rummy_text.texts("en").TX)
    for i, s in enumerate(tx):
        w = wide.get(i, 240)
        assert len(s) * 8 <= w, (lang, i, s)
        for ch in s:
            assert ord(ch) < 128 or ch in gfx.ACC, (lang, s, ch)
    assert len(reasons) == len(reasons_en.TEXT)
    for s in reasons:
        assert len(s) * 8 <= 240 - 32, (lang, s)       # after "#12 "
        for ch in s:
            assert ord(ch) < 128 or ch in gfx.ACC, (lang, s, ch)


def test_title_setup_save_and_continue(tmp_path):
    """From the title: Rummy, start against the AI, draw, save and quit (the
    transcript in rummy.sav); Rummy again, Continue: the same position."""
    from emulator.board import parse_keys

    keys = "DOWN,DOWN,DOWN,A,UP,A,A,X,UP,A"
    board, app = runner.run_cpython({"seed": 5, "ai_ms": 0, "lang": "es"}, str(tmp_path),
                                    runner.Feeder(parse_keys(keys), frames=200))
    assert snapshot(app)["screen"] == "title"
    with open(board.storage.path(rummy_text.SAVE)) as f:
        text = f.read()
    assert rules.MAGIC in text and "\n0 draw\n" in text
    g, err = rules.replay(text.split("\n")[1:])
    assert err is None
    board, app = runner.run_cpython({"seed": 99, "ai_ms": 0, "lang": "es"}, str(tmp_path),
                                    runner.Feeder(parse_keys("DOWN,DOWN,DOWN,A,UP,A"), frames=200))
    r = snapshot(app)["rummy"]
    assert r["mode"] == "play" and r["phase"] == rules.P_PLAY and r["turn"] == 0
    assert r["racks"] == [tiles.list_text(x) for x in g.racks]
    assert r["bench"]["rack"] == tiles.list_text(g.racks[0])


def test_pass_and_play_hands_off_between_humans(tmp_path):
    """Two humans: set-up rows (players, J1, J2, level, hands, start); J1 draws and
    passes (R13.4), the hand-off screen hides the rack until J2 presses A."""
    from emulator.board import parse_keys

    keys = "DOWN,DOWN,DOWN,A,DOWN,DOWN,A,DOWN,DOWN,DOWN,A,A,X,DOWN,A"
    board, app = runner.run_cpython({"seed": 5, "ai_ms": 0}, str(tmp_path),
                                    runner.Feeder(parse_keys(keys), frames=300))
    r = snapshot(app)["rummy"]
    assert r["seats"] == 0 and r["mode"] == "handoff" and r["turn"] == 1
    assert len(r["racks"][0]) > 0 and r["stock"] == 76
    app.screen.key(hal_keys.A)
    assert app.screen.mode == "play" and app.screen.play.viewer == 1


@pytest.mark.micropython
def test_resume_a_long_match_micropython_heap_limit(tmp_path):
    """Continue a save of 440 moves inside MicroPython at the console's heap:
    rummy.sav is read line by line and replayed a few moves a frame (at once,
    its garbage would not fit under the collect-between-frames rule)."""
    from rummy import ai as rummy_ai
    from emulator.board import parse_keys

    out = []
    rummy_ai.play_match(2, 5, emit=out.append)     # (a long match: 464 lines with the solver of 27 Nov)
    lines = [x for x in "".join(out).split("\n") if x][:-10]       # the last hand, unfinished
    assert len(lines) > 440
    (tmp_path / rummy_text.SAVE).write_text("# seats 2 level 2\n" + "\n".join(lines) + "\n")
    g, err = rules.replay(lines)
    assert err is None and g.phase < rules.P_HAND_OVER
    _, st = runner.run_micropython({"seed": 5, "ai_ms": 0, "lang": "en"}, str(tmp_path),
                                   runner.Feeder(parse_keys("DOWN,DOWN,DOWN,A,UP,A"), frames=3000),
                                   heap=HEAP)
    r = st["rummy"]
    assert r["mode"] == "play" and r["hand"] == g.hand and r["racks"][0] == tiles.list_text(g.racks[0])
    assert st["peak_heap_bytes"] <= HEAP


def test_a_drawn_tile_stays_drawn_after_power_off(tmp_path):
    # a Rummy draw is saved before the tile is shown; quitting cannot undo it
    from emulator.board import parse_keys

    keys = "DOWN,DOWN,DOWN,A,UP,A,A"            # Rummy, start against the AI, draw
    board, app = runner.run_cpython({"seed": 5, "ai_ms": 0, "lang": "es"}, str(tmp_path),
                                    runner.Feeder(parse_keys(keys), frames=200))
    before = snapshot(app)["rummy"]
    assert before["phase"] == rules.P_PLAY
    board, app = runner.run_cpython({"seed": 99, "ai_ms": 0, "lang": "es"}, str(tmp_path),
                                    runner.Feeder(parse_keys("DOWN,DOWN,DOWN,A,UP,A"), frames=200))
    r = snapshot(app)["rummy"]
    assert r["phase"] == rules.P_PLAY and r["racks"] == before["racks"] and r["stock"] == before["stock"]


@pytest.mark.parametrize("lang", ["es", "it", "en"])
def test_the_setup_hint_says_what_a_does_on_the_row(tmp_path, lang):
    # guards against a past bug: the Rummy set-up said "A:cambiar B:volver" on its Start row too, where A starts
    from emulator.board import parse_keys
    from ui import lang as ui_lang

    for keys, start in (("DOWN,DOWN,DOWN,A", False), ("DOWN,DOWN,DOWN,A,UP", True)):
        board, app = runner.run_cpython({"seed": 5, "ai_ms": 0, "lang": lang}, str(tmp_path / lang),
                                        runner.Feeder(parse_keys(keys), frames=200))
        said = []
        text = app.painter.text
        app.painter.text = lambda x, y, w, s, *a: (said.append(s), text(x, y, w, s, *a))
        assert app.screen.mode == "setup"
        draw(app, 255)
        want = ui_lang.t(ui_lang.H_SETUP2) if start else rummy_text.tx(rummy_text.H_SETUP)
        assert said[-1] == want and (ui_lang.t(ui_lang.H_SETUP2) != rummy_text.tx(rummy_text.H_SETUP))


def test_a_play_says_how_many_tiles_it_laid(tmp_path):
    # guards against a past bug: "J2 jugó 7" did not say seven of what
    app = position(tmp_path, "Y3 Y4 Y5", "R7 R8 R9 K1")
    t = app.screen
    t.tiles_before = table_tiles(t.play.game.table)     # the tiles on the table before the play
    assert t.play.play((rules.PLAY, [bytes(x) for x in rules.parse_table("Y3 Y4 Y5 | R7 R8 R9")])) == 0
    assert t.message.endswith(" 3 " + rummy_text.tx(rummy_text.RACK_N_TEXT)), t.message


def test_the_rack_count_the_stock_label_and_the_scroll_signs_show(tmp_path):
    # guards against a past bug: the rack's tile count under the rack was drawn over by the message line, nothing
    # marked tiles scrolled out of view past 13, and the stock's count had no label
    app = position(tmp_path, "", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 K1 K2")
    t, p = app.screen, app.painter
    said = []
    text = p.text
    p.text = lambda x, y, w, s, *a: (said.append((x, y, s)), text(x, y, w, s, *a))
    draw(app, 255)
    assert (240 - 20, rummy_table.Y_MSG, "15") in said                 # on the message line, at its end
    assert any(s == ui_lang.t(ui_lang.STOCK) + " 5" for _, _, s in said)
    # (since issue 37 Burako's "<" and ">" at the rack's ends, where a thin bar was)
    y = rummy_table.Y_RACK + 9
    assert [s for x, yy, s in said if yy == y] == [">"]
    said.clear()
    t.cursor = 14
    t.fix_scroll()
    draw(app, 255)
    assert [s for x, yy, s in said if yy == y] == ["<"]
