"""The Rummy solver's dynamic programme (engine/rummy_solve.dp_value, docs/rummy.md "The
solver", issue 23): the best value of a position without jokers, against brute force on small
positions and against an independent integer programme (scipy's HiGHS MILP, the dev extra) on
positions of real level-3 games; the solver's plays proven best by it are the best."""
import pytest
from hypothesis import given

from engine import rummy as RM
from engine import rummy_solve as RS
from engine import tiles as T
from test_rummy_solver import SMALL, brute, small_position


def _no_joker(table, rack):
    return T.JOKER not in rack and all(T.JOKER not in m for m in table)


@SMALL
@given(small_position())
def test_dp_value_matches_brute_force(pos):
    table, rack, total = pos
    if total > 9 or not _no_joker(table, rack):
        return
    v, work = RS.dp_value(table, rack)
    assert v == brute(table, rack, True), (RM.table_text(table), T.list_text(rack))


def test_dp_value_refuses_jokers_and_stops_at_its_limit():
    assert RS.dp_value(RM.parse_table("R3 R4 *"), bytes(T.parse_list("R6")))[0] == -1
    assert RS.dp_value((), bytes(T.parse_list("* R6")))[0] == -1
    table = RM.parse_table("R3 R4 R5 | K3 K4 K5 | B7 B8 B9 | Y3 R3 K3")
    rack = bytes(T.parse_list("R6 K6 B6 Y6 B10 R7"))
    v, work = RS.dp_value(table, rack)
    assert v == 6 * 4 + 10 + 7
    assert RS.dp_value(table, rack, work - 1)[0] is None


def _real_positions():
    """Every play search of level-3 players who have exposed, 2 and 4 players, seeds 1-3,
    without a joker in table or rack (benchmarks/rummy_figures.positions)."""
    from ai import rummy as AR
    out = []
    for players in (2, 4):
        for seed in (1, 2, 3):
            g = RM.Game(players, seed)
            ai = AR.RummyAI(3)
            while g.phase != RM.P_MATCH_OVER:
                if g.phase == RM.P_PLAY and g.exposed[g.turn]:
                    table = [bytes(m) for m in g.table]
                    rack = bytes(g.racks[g.turn])
                    if _no_joker(table, rack):
                        out.append((table, rack))
                g.play(ai.choose(g))
    return out


def _milp(table, rack):
    """The most points laid, as an integer programme: how many times (0..2) each meld of a
    covering family is laid (runs of 3-5 tiles: a longer run splits into those; sets of 3 and
    4 colours), every table tile used, no more of a tile than table and rack hold."""
    np = pytest.importorskip("numpy")
    opt = pytest.importorskip("scipy.optimize")
    melds = []
    for c in range(4):
        for s in range(13):
            for n in (3, 4, 5):
                if s + n <= 13:
                    melds.append([c * 13 + s + i for i in range(n)])
    for v in range(13):
        for drop in (-1, 0, 1, 2, 3):
            melds.append([c * 13 + v for c in range(4) if c != drop])
    a = np.zeros((52, len(melds)))
    for j, m in enumerate(melds):
        for t in m:
            a[t, j] += 1
    val = np.array([t % 13 + 1 for t in range(52)], float)
    lo = np.zeros(52)
    hi = np.zeros(52)
    for m in table:
        for t in m:
            lo[t] += 1
    hi += lo
    for t in rack:
        hi[t] += 1
    res = opt.milp(-(val @ a), constraints=[opt.LinearConstraint(a, lo, hi)],
                   integrality=np.ones(len(melds)), bounds=opt.Bounds(0, 2))
    assert res.status == 0
    return int(round(-res.fun - val @ lo))


def test_dp_value_and_the_solver_against_an_integer_programme_on_real_games():
    pytest.importorskip("scipy")
    pos = _real_positions()
    assert len(pos) >= 100
    proven = 0
    for table, rack in pos:
        want = _milp(table, rack)
        v, _ = RS.dp_value(table, rack)
        assert v == want, (RM.table_text(table), T.list_text(rack))
        r = RS.solve(table, rack, True, RM.NO_TILE, RS.NODES)
        got = r[1] if r else 0
        assert got <= want
        if r and r[3]:
            # proven at the device's budget: nothing lays more
            assert got == want, (RM.table_text(table), T.list_text(rack))
            proven += 1
    assert proven >= len(pos) // 4       # 41 of 129 on 26 Nov


def test_rummy_solve_says_whether_the_play_is_proven():
    from test_rummy_cli import burako
    # no joker: the programme knows 9 is the best at once (R6 and R3 added)
    code, out, _ = burako("solve", "--table", "R3 R4 R5 | K7 B7 Y7", "--rack", "R6 R3 Y12")
    assert code == 0 and out.strip().splitlines()[-1].endswith("(proven best)")
    # a budget of one unit proves nothing: the seed play is all there is
    code, out, _ = burako("solve", "--table", "R3 R4 R5 | K7 B7 Y7 | Y8 Y9 Y10 | B1 K1 R1",
                          "--rack", "R6 K6 B6 Y6 R7 Y11 B2 K2 *", "--limit", "1")
    assert code == 0 and "not proven best" in out.strip().splitlines()[-1]
