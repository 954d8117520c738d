"""The Rummy solver's dynamic programme (engine/rummy_dp.dp_value, docs/rummy.md "The
solver", issue 23): the best value of a position without jokers, against brute force on small
positions and against an independent integer programme (scipy's HiGHS MILP, the dev extra) on
positions of real level-3 games; the solver's plays proven best by it are the best."""
import pytest
from hypothesis import given

from engine import rummy as RM
from engine import rummy_dp as RD
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
    v, work = RD.dp_value(table, rack)
    assert v == brute(table, rack, True), (RM.table_text(table), T.list_text(rack))


def test_dp_value_refuses_jokers_and_stops_at_its_limit():
    assert RD.dp_value(RM.parse_table("R3 R4 *"), bytes(T.parse_list("R6")))[0] == -1
    assert RD.dp_value((), bytes(T.parse_list("* R6")))[0] == -1
    table = RM.parse_table("R3 R4 R5 | K3 K4 K5 | B7 B8 B9 | Y3 R3 K3")
    rack = bytes(T.parse_list("R6 K6 B6 Y6 B10 R7"))
    v, work = RD.dp_value(table, rack)
    assert v == 6 * 4 + 10 + 7
    assert RD.dp_value(table, rack, work - 1)[0] is None


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
        v, _ = RD.dp_value(table, rack)
        assert v == want, (RM.table_text(table), T.list_text(rack))
        r = RS.solve(table, rack, True, RM.NO_TILE, RS.NODES, key=RD.dp_value)
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


# The programme's tables, built from the rules (the module holds them as bytes literals so that
# importing it on the console allocates nothing)
def _set_ok():
    # (s0..s3) copies of a number going into sets, each 0..2: some number of
    # sets g with 3..4 distinct colours each takes them exactly
    out = bytearray(81)
    for i in range(81):
        s0 = i % 3
        s1 = i // 3 % 3
        s2 = i // 9 % 3
        s3 = i // 27
        tot = s0 + s1 + s2 + s3
        top = max(s0, s1, s2, s3)
        for g in range(3):
            if top <= g and 3 * g <= tot <= 4 * g:
                out[i] = 1
    return bytes(out)




def _colour_moves(cs, a, m, out):
    """What the copies of one tile can do from colour state cs (l1 * 4 + l2):
    a copies in play, m of them table copies. Appends (new state, copies to
    sets, copies left on the rack) codes as ns | s << 4 | left << 6."""
    l1 = cs >> 2
    l2 = cs & 3
    for c1 in ((0, 1) if l1 == 3 else ((1,) if l1 else (0,))):
        for c2 in ((0, 1) if l2 == 3 else ((1,) if l2 else (0,))):
            k = c1 + c2
            if k > a:
                continue
            stopped = (l1 and not c1) or (l2 and not c2)
            lens = []
            if c1:
                lens.append(l1 + 1 if l1 < 3 else 3)
            if c2:
                lens.append(l2 + 1 if l2 < 3 else 3)
            rest = a - k
            # a run that ended here and one that starts here are one run
            most_new = 0 if stopped else 2 - k
            for nn in range(min(most_new, rest) + 1):
                ls = lens + [1] * nn
                x = ls[0] if ls else 0
                y = ls[1] if len(ls) > 1 else 0
                ns = (x * 4 + y) if x >= y else (y * 4 + x)
                r2 = rest - nn
                for s in range(min(r2, 2) + 1):
                    left = r2 - s
                    if left <= a - m:
                        code = ns | s << 4 | left << 6
                        if code not in out:
                            out.append(code)


def _moves_table():
    # every colour state, copies in play (0..2) and table copies among them:
    # its moves as one byte each, in one bytes object (built once; a search
    # then allocates nothing for them)
    codes = bytearray()
    idx = bytearray(16 * 9 * 2)
    for cs in range(16):
        for a in range(3):
            for m in range(a + 1):
                o = []
                _colour_moves(cs, a, m, o)
                i = (cs * 9 + a * 3 + m) * 2
                idx[i] = len(codes)
                codes.extend(bytes(o))
                idx[i + 1] = len(codes)
    return bytes(codes), bytes(idx)


def test_the_tables_are_the_rules():
    assert RD._SETOK == _set_ok()
    assert (RD._MOVES, RD._MIDX) == _moves_table()
