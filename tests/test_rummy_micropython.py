"""Rummy inside real MicroPython (WASI build, -X heapsize): the same seeds give
byte-identical transcripts to CPython, and the solver's deepest searches fit a
device-sized heap (docs/micropython-harness.md's GC rule: collection only
between steps, so one decision must fit in what is free)."""
import pytest

from emulator.runtimes import wasi
from host import rummy as host_rummy

pytestmark = pytest.mark.micropython


@pytest.mark.parametrize("players,levels", [(2, [3, 1]), (4, [3, 2, 1, 3])])
def test_transcripts_identical_on_cpython_and_micropython(players, levels):
    seeds = [8]
    cp = host_rummy.run_cpython(players, seeds, hands=2, levels=levels, transcripts=True)
    mp = host_rummy.run_micropython(players, seeds, hands=2, levels=levels, meter=False, transcripts=True)
    assert mp.transcripts[8] == cp.transcripts[8]
    assert cp.transcripts[8].count("\n") > 50
    assert [m["scores"] for m in mp.matches] == [m["scores"] for m in cp.matches]


# a crowded table: 40 tiles in melds, a full rack with both jokers
TABLE = ("R3 R4 R5 R6 | B3 B4 B5 B6 | Y3 Y4 Y5 Y6 | K3 K4 K5 K6 | R7 B7 Y7 | R8 B8 K8 | "
         "R9 R10 R11 R12 | B9 B10 B11 | Y10 Y11 Y12 Y13 | K10 K11 K12")
RACK = "R1 B1 Y1 K1 R2 B2 Y2 Y8 Y9 K9 R13 B12 * *"

def test_solver_fits_a_64k_heap_at_the_device_budget_and_far_beyond():
    from rummy import rules as rummy
    from rummy import solve
    from engine import tiles

    for limit in (solve.NODES, 20 * solve.NODES):
        res = wasi.Guest(heap=64 * 1024, fuel=10**11, timeout=120).run_file(
            "rummy_solve_heap.py", table=TABLE, rack=RACK, limit=limit)
        pts, closes, exact, grew = res.lines[-1].split()
        want = solve.solve(rummy.parse_table(TABLE), bytes(tiles.parse_list(RACK)), True, rummy.NO_TILE, limit)
        assert int(pts) == want[1] and pts != "0"
        assert int(grew) < 24 * 1024        # the search allocates little beyond its frames


def test_a_whole_level_3_match_fits_in_64k():
    rep = host_rummy.run_micropython(2, [3], hands=1, levels=[3, 3], heap=64 * 1024, meter=False)
    assert rep.matches[0]["hands"] == 1
    assert rep.peak_heap < 64000
