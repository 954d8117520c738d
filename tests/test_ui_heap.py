"""The console's heap through whole matches (docs/vpico.md "Heap"): the title -> set-up ->
table -> hand end -> match end -> title loop, three times in one power-on.

Under real MicroPython (the WASI build) at the console's heap (uikit.HEAP), a hard limit:
three whole matches in a row played through the keys (all seats AI, level 1, target 1000: two
hands each), the free heap read at every table frame after a collection: nothing a match
leaves behind accumulates into the next."""
import pytest

import scorelog
from uikit import HEAP

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
def test_three_matches_in_a_row_at_the_consoles_heap(tmp_path):
    from emulator.runtimes import wasi

    flash = tmp_path / "flash"
    flash.mkdir()
    res = wasi.Guest(heap=HEAP, flash=flash, result_cap=16).run_file(
        ["null_display.py", "ui_heap.py"], seed=SEED, KEYS=[FIRST, AGAIN, AGAIN])
    lines = res.lines
    end = lines[-1].split()
    assert end[0] == "END"
    peak, logged, level, seats, target = map(int, end[1:])
    assert (logged, level, seats, target) == (3, 1, 0b11, 1000)    # the set-up's choices held
    assert peak < HEAP
    # the title at power-on and after each match, never with a save left behind
    assert [ln for ln in lines if ln.startswith("TITLE")] == ["TITLE 0 False"] * 4
    table = [tuple(map(int, ln.split()[1:])) for ln in lines if ln.startswith("T ")]
    matches = [[t for t in table if t[0] == m] for m in range(3)]
    for m in matches:
        assert m and max(h for _, h, _ in m) >= 1      # two hands: the hand end came and went
    # nothing accumulates from one match to the next (the first match loads what the later
    # ones find loaded: the second and third start alike)
    assert matches[2][0][2] >= matches[1][0][2] - 512, (matches[1][0], matches[2][0])
    # every match logged
    recs, problems = scorelog.read(str(flash / scorelog.FILENAME))
    assert not problems and [len(r["hands"]) for r in recs] == [2, 2, 2]
    assert all(max(r["final"]) >= 1000 and r["seats"] == "AA" for r in recs)
    assert not (flash / "burako.sav").exists()
