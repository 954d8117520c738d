"""The heap at the table (docs/vpico.md "Heap"): what only the title, set-up, hand-end
and match-end screens use is unloaded when the table comes up (ui/app.py OFF_TABLE), and the
title -> set-up -> table -> hand end -> match end -> title loop keeps working with it.

Under real MicroPython (the WASI build) at the console UI's 128 KB heap, a hard limit: three whole
matches in a row played through the keys (all seats AI, level 1, target 1000: two hands each),
checked at every table frame for the modules that must be gone, and for the free heap there."""
import pytest

import scorelog
from ui import app

HEAP = 131072       # the UI's heap limit (tests/test_link_e2e.py MP_HEAP, emulator/runner.py)
# gc.mem_free() at the table's first frame after a collection, seed 1, measured 26 Nov 18:40:
# 35,936 B in the first match, 33,760 B in the later ones (the Painter's glyph caches hold what
# the hand and match ends drew); 34,528 and 32,096 B before the refusal reasons' English left the
# console (engine/reasons_en.py) and the match's state went into ui/app.py Match (commit
# 7bcae79); 30,304 and 19,328 B before the unloading (commit da27083). The margin is for code
# other work adds to the always-loaded modules; a module left loaded costs 0.5-5.5 KB (and the
# modules are checked by name besides).
MARGIN = 1536
FLOOR_FIRST = 35936 - MARGIN
FLOOR_LATER = 33760 - MARGIN

UP, DOWN, LEFT, A_KEY = 0x001, 0x002, 0x004, 0x020
# the set-up (2 players): rows variant, players, seat 1, seat 2, level, target, start
FIRST = (DOWN, DOWN, A_KEY,         # seat 1: AI too
         DOWN, DOWN, LEFT,          # level 2 -> 1
         DOWN, LEFT, LEFT, LEFT,    # target 3000 -> 1000
         DOWN, A_KEY)               # start
AGAIN = (UP, A_KEY)                 # the same choices: up wraps to start
SEED = 1
# the guest (tests/guests/ui_heap.py, after null_display.py) plays 3 matches: FIRST's set-up, then
# AGAIN's twice


@pytest.mark.micropython
def test_three_matches_in_a_row_at_128k_unload_what_the_table_does_not_use(tmp_path):
    from emulator.runtimes import wasi

    flash = tmp_path / "flash"
    flash.mkdir()
    res = wasi.Guest(heap=HEAP, flash=flash, result_cap=16).run_file(
        ["null_display.py", "ui_heap.py"], seed=SEED, KEYS=[FIRST, AGAIN, AGAIN])
    lines = res.lines
    assert not [ln for ln in lines if ln.startswith("LEFT")], [ln for ln in lines if ln.startswith("LEFT")][:3]
    end = lines[-1].split()
    assert end[0] == "END"
    peak, logged, level, seats, target = map(int, end[1:])
    assert (logged, level, seats, target) == (3, 1, 0b11, 1000)    # the set-up's choices held
    assert peak < HEAP
    # the title at power-on and after each match, never with a save left behind
    assert [ln for ln in lines if ln.startswith("TITLE")] == ["TITLE 0 False"] * 4
    table = [tuple(map(int, ln.split()[1:])) for ln in lines if ln.startswith("T ")]
    matches = [[t for t in table if t[0] == m] for m in range(3)]
    for i, m in enumerate(matches):
        assert m and max(h for _, h, _ in m) >= 1      # two hands: the hand end came and went
        first = m[0][2]                                # the table's first frame, a new match
        floor = FLOOR_FIRST if i == 0 else FLOOR_LATER
        assert first >= floor, (i, first, floor)
    # nothing accumulates from one match to the next
    assert matches[2][0][2] >= matches[1][0][2] - 512, (matches[1][0], matches[2][0])
    # every match logged (the score log imported at each match end, and dropped again)
    recs, problems = scorelog.read(str(flash / scorelog.FILENAME))
    assert not problems and [len(r["hands"]) for r in recs] == [2, 2, 2]
    assert all(max(r["final"]) >= 1000 and r["seats"] == "AA" for r in recs)
    assert not (flash / "burako.sav").exists()


def test_off_table_names_are_screen_modules_or_what_only_they_import():
    """OFF_TABLE names modules that exist; the table's own are not among them."""
    import importlib

    for n in app.OFF_TABLE:
        importlib.import_module(n)
    for s in (app.S_GAME, app.S_HANDOFF):
        assert app.NAMES[s] not in app.OFF_TABLE
