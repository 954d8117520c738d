"""Scripted button sequences through the headless emulator, under CPython and MicroPython.

Each flow presses the handheld's keys from the title screen on and then reads
the game state (ui/state.py) and the pixels of the emulated panel.
"""
import pytest

from uikit import HEAP, meld_seed
from engine import game
from engine import rules as engine_rules
from engine import tiles
from emulator import runner
from emulator.board import parse_keys
from ui import gfx

START = "A,UP,A"          # title: new game; setup: up wraps to Start; start (J1 human, J2 AI)
RUNTIMES = ["cpython", pytest.param("micropython", marks=pytest.mark.micropython)]


def play(runtime, keys, storage, seed=11, **opts):
    o = {"seed": seed, "ai_ms": 0}
    o.update(opts)
    feeder = runner.Feeder(parse_keys(keys), frames=5000, autoplay=o.get("autoplay", False))
    if runtime == "micropython":
        return runner.run_micropython(o, str(storage), feeder, heap=HEAP)
    board, app = runner.run_cpython(o, str(storage), feeder)
    return board.display, runner.snapshot(app)


def select_keys(rack, ts):
    """Cursor moves and A presses selecting tiles ts of rack (cursor starts at 0)."""
    want = list(ts)
    idx = []
    for i, t in enumerate(rack):
        if t in want:
            want.remove(t)
            idx.append(i)
    keys = []
    cur = 0
    for i in idx:
        keys += ["RIGHT"] * (i - cur) + ["A"]
        cur = i
    return idx, ",".join(keys)


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_lay_a_meld_from_selected_tiles(runtime, tmp_path):
    seed, rack, ts = meld_seed()
    idx, sel = select_keys(rack, ts)
    disp, st = play(runtime, START + ",A," + sel, tmp_path, seed)
    assert st["screen"] == "game" and st["phase"] == game.P_PLAY
    assert st["selected"] == idx
    disp, st = play(runtime, START + ",A," + sel + ",Y", tmp_path / "2", seed)
    assert st["melds"][0] and sorted(st["melds"][0][0].split()) == sorted(tiles.list_text(ts).split())
    assert len(st["racks"][0].split()) == len(rack) - len(ts)
    assert st["selected"] == [] and st["error"] == 0


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_illegal_meld_is_refused_with_reason_and_nothing_changes(runtime, tmp_path):
    seed = 11
    disp, before = play(runtime, START + ",A,A,RIGHT,A", tmp_path / "a", seed)
    disp, st = play(runtime, START + ",A,A,RIGHT,A,Y", tmp_path / "b", seed)
    assert st["error"] == 4 and st["error_text"] == "un juego necesita 3 fichas"
    for k in ("racks", "melds", "pile", "stock", "phase", "turn", "selected"):
        assert st[k] == before[k], k
    # the reason is on screen, on the message line (the hint lines keep the keys)
    assert any(disp.pixel(x, y) == gfx.ERR for y in range(169, 179) for x in range(0, 240, 1))
    disp, st = play(runtime, START + ",A,A,RIGHT,A,Y", tmp_path / "c", seed, lang="en")
    assert st["error_text"] == "a meld needs at least 3 tiles"


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_discard_then_take_the_pile(runtime, tmp_path):
    seed = 11
    # draw, discard the first tile (B twice: confirm), the AI plays its turn
    disp, st = play(runtime, START + ",A,B,B", tmp_path / "a", seed)
    assert st["turn"] == 0 and st["phase"] == game.P_DRAW and st["saves"] >= 2
    pile = st["pile"].split()
    assert pile, "the AI discarded"
    rack = st["racks"][0].split()
    disp, st2 = play(runtime, START + ",A,B,B,B", tmp_path / "b", seed)
    assert st2["phase"] == game.P_PLAY and st2["pile"] == ""
    assert len(st2["racks"][0].split()) == len(rack) + len(pile)


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_single_b_asks_before_discarding(runtime, tmp_path):
    disp, st = play(runtime, START + ",A,RIGHT,B", tmp_path, 11)
    assert st["turn"] == 0 and st["phase"] == game.P_PLAY and st["pile"] == ""


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_cursor_tile_has_its_colour_on_screen(runtime, tmp_path):
    disp, st = play(runtime, START + ",A,RIGHT,RIGHT,RIGHT", tmp_path, 11)
    assert st["cursor"] == 3
    t = tiles.parse(st["cursor_tile"])
    x = 10 + 3 * gfx.TW
    y = 188
    bar = disp.pixel(x + 8, y + 23)          # the colour bar at the tile's foot
    if t == tiles.JOKER:
        assert bar in gfx.TILE_C
    else:
        assert bar == gfx.TILE_C[tiles.colour(t)]
        assert disp.pixel(x + 1, y + 1) == gfx.CURSOR   # the cursor frame
    # a tile away from the cursor has a plain edge
    assert disp.pixel(10, y + 5) == gfx.EDGE


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_resume_saved_game_after_power_off(runtime, tmp_path):
    disp, st = play(runtime, START + ",A,B,B", tmp_path, 11)
    assert st["saves"] >= 2
    assert (tmp_path / "burako.sav").exists() and not (tmp_path / "burako.tmp").exists()
    # power on again with the same storage: "Continue" is the first title row
    disp, st2 = play(runtime, "A", tmp_path, 99)
    assert st2["screen"] == "game"
    for k in ("racks", "melds", "pile", "stock", "phase", "turn", "scores", "seed"):
        assert st2[k] == st[k], k


def test_handoff_hides_rack_between_two_humans(tmp_path):
    # setup rows: variant, players, J1, J2, ...: make J2 human (DOWN x3, A), start
    disp, st = play("cpython", "A,DOWN,DOWN,DOWN,A,DOWN,DOWN,DOWN,A,A,B,B", tmp_path, 11)
    assert st["screen"] == "handoff" and st["turn"] == 1 and st["viewer"] == 1
    # no tile of the rack strip is on screen: rack band is plain background
    assert all(disp.pixel(x, 200) != gfx.CREAM for x in range(240))
    disp, st = play("cpython", "A,DOWN,DOWN,DOWN,A,DOWN,DOWN,DOWN,A,A,B,B,A", tmp_path / "2", 11)
    assert st["screen"] == "game" and any(disp.pixel(x, 200) == gfx.CREAM for x in range(240))


def test_languages_switch_on_title(tmp_path):
    disp, st = play("cpython", "DOWN,RIGHT", tmp_path, 1)
    assert st["lang"] == "it"
    disp, st = play("cpython", "DOWN,RIGHT,RIGHT", tmp_path / "b", 1)
    assert st["lang"] == "en"


def test_meld_focus_add_to_meld_needs_selection_and_shows_reason(tmp_path):
    seed, rack, ts = meld_seed()
    idx, sel = select_keys(rack, ts)
    # lay the meld, then select the first remaining tile and try adding it to meld 0
    disp, st = play("cpython", START + ",A," + sel + ",Y,A,UP,A", tmp_path, seed)
    assert st["melds"][0]
    if st["error"]:
        assert st["error_text"]
        assert len(st["melds"][0][0].split()) == len(ts)


def test_menu_sorts_rack_by_number_and_redraw_is_refused_after_melding(tmp_path):
    # X opens the menu: back, hint, redraw (while legal), sort (a value row: A colour, A again
    # number), clear, opponents', log, pace, save and quit; B closes it
    disp, st = play("cpython", START + ",A,X" + ",UP" * 6 + ",A,A,B", tmp_path / "a", 11)
    rack = [tiles.parse(w) for w in st["racks"][0].split()]
    keys = [99 if t == tiles.JOKER else (t % 13) * 4 + t // 13 for t in rack]
    assert keys == sorted(keys)
    # redraw is the first player's privilege right after the first draw: allowed once
    disp, st = play("cpython", START + ",A,X,DOWN,DOWN,A", tmp_path / "b", 11)
    assert st["error"] == 0 and st["pile"] != ""
    # once redrawn, the menu offers it no more (issue 37: only what can be done)
    disp, st = play("cpython", START + ",A,X,DOWN,DOWN,A,X", tmp_path / "c", 11)
    assert st["focus"] == 2 and "Devolver y robar otra" not in st["menu"] and len(st["menu"]) == 8


def test_drawing_twice_is_refused(tmp_path):
    # in the play phase A selects; in the draw phase Y (meld) gives "draw first"
    disp, st = play("cpython", START + ",Y", tmp_path, 11)
    assert st["error"] == 19 and st["phase"] == game.P_DRAW


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_a_drawn_tile_stays_drawn_after_power_off(runtime, tmp_path):
    # guards against a past bug: draw, power off, Continue: the turn restarted before the draw with the same
    # stock, so the player had seen the next tile and could take the pile instead. The draw is
    # saved before the tile is shown (R3.1: the draw is the turn's first act, taken once).
    disp, st = play(runtime, START + ",A", tmp_path, 11)
    assert st["phase"] == game.P_PLAY and st["turn"] == 0
    disp, st2 = play(runtime, "A", tmp_path, 99)            # power on: Continue
    assert st2["screen"] == "game" and st2["phase"] == game.P_PLAY
    for k in ("racks", "stock", "pile", "turn"):
        assert st2[k] == st[k], k


def test_a_taken_pile_stays_taken_after_power_off(tmp_path):
    # the same for the pile (R3.1): take it (after the first draw and discard come round)
    disp, st = play("cpython", START + ",A,B,B", tmp_path, 11)
    assert st["turn"] == 0 and st["phase"] == game.P_DRAW and st["pile"]
    disp, st = play("cpython", "A,B", tmp_path, 11)         # Continue, take the pile
    assert st["phase"] == game.P_PLAY and not st["pile"]
    disp, st2 = play("cpython", "A", tmp_path, 99)
    assert st2["phase"] == game.P_PLAY and st2["racks"] == st["racks"] and not st2["pile"]


# --- the set-up screen ----------------------------------------------------
def hint_line(disp, y=230):
    """The pixels of the set-up's second hint line (ui/common.hint, 240x240)."""
    return [disp.pixel(x, yy) for yy in range(y, y + 10) for x in range(240)]


def drawn(text, y=230):
    """The same band with `text` drawn as the hint draws it."""
    from emulator.display import Display
    d = Display(240, 240)
    gfx.Painter(d).text(0, y, 240, text, gfx.DIM, gfx.BAR, gfx.CAPS)
    return hint_line(d, y)


SETUP_IT = "DOWN,RIGHT,UP,A"        # title: Italian, then New game
SETUP_EN = "DOWN,RIGHT,RIGHT,UP,A"


@pytest.mark.parametrize("runtime", RUNTIMES)
@pytest.mark.parametrize("keys,text", [
    ("A", "A:cambiar B:volver"),                           # variant row: A changes it
    ("A,UP", "A:empezar B:volver"),                        # Start: A starts
    (SETUP_IT + ",DOWN,DOWN,DOWN,DOWN,DOWN", "A:cambia B:indietro"),    # Obiettivo
    (SETUP_IT + ",UP", "A:inizia B:indietro"),
    (SETUP_EN + ",DOWN,DOWN,DOWN,DOWN,DOWN", "A:change B:back"),
    (SETUP_EN + ",UP", "A:start B:back"),
])
def test_setup_hint_says_what_A_does_on_the_row(runtime, tmp_path, keys, text):
    """The hint said A:empezar / A:inizia on every row, where A changes the
    value (Obiettivo 2000 -> 3000); it follows the cursor now."""
    disp, st = play(runtime, keys, tmp_path)
    assert st["screen"] == "setup"
    assert hint_line(disp) == drawn(text)


# burraco's target row: variant A,A (burako -> torneo -> burraco), then down to
# the target (variant, players, J1, J2, level, target); then start is one down
BURRACO_TARGET = "A,A,A,DOWN,DOWN,DOWN,DOWN,DOWN"


@pytest.mark.parametrize("presses,target", [
    (0, 2005), (1, 3000), (2, 5000), (7, 1000), (9, 2000), (10, 2005)])
def test_burraco_target_cycle_comes_back_to_its_default(tmp_path, presses, target):
    """R12/R9: burraco's own target, 2005, was none of the set-up's targets:
    once changed (2005 -> 3000 -> 5000 -> rounds of 1..4 hands -> 1000 ...)
    it could not be chosen again."""
    keys = BURRACO_TARGET + ",A" * presses + ",DOWN,A"
    disp, st = play("cpython", keys, tmp_path)
    assert st["screen"] == "game" and st["variant"] == "burraco"
    assert st["target"] == target


def test_burraco_target_left_from_the_default(tmp_path):
    disp, st = play("cpython", BURRACO_TARGET + ",LEFT,DOWN,A", tmp_path)
    assert st["variant"] == "burraco" and st["target"] == 2000
    disp, st = play("cpython", BURRACO_TARGET + ",LEFT,RIGHT,DOWN,A", tmp_path / "2")
    assert st["target"] == 2005


def test_setup_target_cycle_of_each_variant_holds_its_default():
    from burako import setup as burako_setup
    for rules in engine_rules.VARIANTS:
        ts = list(burako_setup.targets(rules))
        assert rules.target in ts and ts == sorted(set(ts)), (rules.name, ts)


@pytest.mark.parametrize("lang", ["es", "it", "en"])
def test_the_meld_lists_hints_say_what_up_and_y_do(tmp_path, lang):
    # guards against a past bug: on the opponents' melds the hint still said "Up: opponents", and Y on a meld
    # (the spare wild at the low end) was called "down" ("Y:abajo", "Y:giù")
    from ui import lang as ui_lang

    board, app = runner.run_cpython({"seed": 11, "ai_ms": 0, "lang": lang}, str(tmp_path / lang),
                                    runner.Feeder(parse_keys(START + ",A,UP"), frames=400))
    said = []
    text = app.painter.text
    app.painter.text = lambda x, y, w, s, *a: (said.append(s), text(x, y, w, s, *a))
    table = app.screen
    assert table.name == "game" and table.focus == 1 and not table.meld_side
    table.draw_hint()
    assert ui_lang.t(ui_lang.H_MELD2) in said and ui_lang.t(ui_lang.H_MELD1) in said
    assert "abajo" not in ui_lang.t(ui_lang.H_MELD1) and "giù" not in ui_lang.t(ui_lang.H_MELD1)
    table.meld_side = 1                                      # the opponents' melds
    said.clear()
    table.draw_hint()
    assert ui_lang.t(ui_lang.H_MELD3) in said and ui_lang.t(ui_lang.H_MELD2) not in said
