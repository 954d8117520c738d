"""Level 4, the expert (docs/ai.md "Level 4"): legal in every
variant and table size, blind to hidden tiles, deterministic for its seed,
the same decisions on CPython and inside MicroPython, and it fits the heap."""
import random

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis import HealthCheck

from ai import make
from ai.basic import BasicAI
from ai.expert import ExpertAI
from ai.selfplay import play_match
from engine import codec
from engine import game
from engine import rules as engine_rules
from engine import tiles
from engine import melds as engine_melds

CASES = [("burako", 2), ("burako", 4), ("torneo", 2), ("burraco", 2), ("burraco", 4)]


@pytest.mark.parametrize("variant,n", CASES)
def test_level_four_plays_whole_matches_legally(variant, n):
    # play_match raises MatchError on any move the engine refuses
    for seed in (21, 22):
        players = [make(4 if p % 2 == 0 else 3, seed * 4 + p) for p in range(n)]
        r = play_match(variant, n, seed, players=players)
        assert r["winner"] in (0, 1)
        assert max(r["scores"]) >= engine_rules.by_name(variant).target


def _positions(variant, n, seed, every=5, limit=500):
    """Positions along a match of level 4 (even seats) against level 3 (codec bytes)."""
    from test_ai_levels import _positions as along
    return along(seed, (4, 3), n, every, limit, engine_rules.by_name(variant), make)


def _rehide(g, rnd):
    """The tiles the player to move cannot see (every other rack, the stock,
    the muertos not taken) dealt again at random, each zone keeping its size."""
    me = g.turn
    zones = [g.racks[p] for p in range(g.n) if p != me] + [g.stock] + \
        [g.muertos[s] for s in range(2) if not g.taken[s]]
    pool = bytearray()
    for z in zones:
        pool.extend(z)
    pool = list(pool)
    rnd.shuffle(pool)
    i = 0
    for p in range(g.n):
        if p != me:
            k = len(g.racks[p])
            g.racks[p] = bytearray(pool[i:i + k])
            i += k
    k = len(g.stock)
    g.stock = bytearray(pool[i:i + k])
    i += k
    for s in range(2):
        if not g.taken[s]:
            k = len(g.muertos[s])
            g.muertos[s] = bytearray(pool[i:i + k])
            i += k
    assert i == len(pool)
    assert g.tile_count() == codec.decode(codec.encode(g)).tile_count()


@pytest.mark.parametrize("variant,n", [("burako", 2), ("burako", 4), ("burraco", 2)])
def test_level_four_never_reads_hidden_tiles(variant, n):
    # the same visible position with the hidden tiles dealt differently: the
    # same decision, every time (its random numbers come from its seed and
    # what the seat sees, so the distribution is one point)
    rnd = random.Random(5)
    checked = 0
    for b in _positions(variant, n, 31, every=4):
        want = ExpertAI(9).choose(codec.decode(b))
        for _ in range(2):
            h = codec.decode(b)
            _rehide(h, rnd)
            assert ExpertAI(9).choose(h) == want
            checked += 1
    assert checked >= 100


def _clone(ai):
    # the AI with its memory as it stands (what choose() changes)
    import copy
    c = ExpertAI(ai.seed)
    c.mem = copy.deepcopy(ai.mem)
    c.took = ai.took
    return c


def test_level_four_with_its_memory_never_reads_hidden_tiles():
    # along a match, the AI as it is (its memory of piles taken and tops
    # left) decides the same on the real position and on one whose hidden
    # tiles were dealt again
    rnd = random.Random(8)
    g = game.Game(engine_rules.BURAKO, 2, 44)
    ais = [ExpertAI(3), BasicAI(3)]
    checked = 0
    while g.phase != game.P_MATCH_OVER and checked < 150:
        if g.turn == 0 and g.phase in (game.P_DRAW, game.P_PLAY):
            h = codec.decode(codec.encode(g))
            _rehide(h, rnd)
            assert _clone(ais[0]).choose(h) == _clone(ais[0]).choose(g)
            checked += 1
        assert g.play(ais[g.turn].choose(g)) == 0
    assert checked == 150


def test_level_four_is_deterministic_for_its_seed():
    a = play_match("burako", 2, 8, players=[ExpertAI(1), BasicAI(3)])
    b = play_match("burako", 2, 8, players=[ExpertAI(1), BasicAI(3)])
    assert a["transcript_sha256"] == b["transcript_sha256"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), steps=st.integers(0, 400),
       case=st.sampled_from(CASES), aiseed=st.integers(0, 2 ** 24))
def test_level_four_only_chooses_legal_moves(seed, steps, case, aiseed):
    variant, n = case
    g = game.Game(engine_rules.by_name(variant), n, seed)
    lv = [BasicAI(2), BasicAI(3), BasicAI(1), BasicAI(3)]
    for _ in range(steps):
        if g.phase == game.P_MATCH_OVER:
            break
        assert g.play(lv[g.turn].choose(g)) == 0
    if g.phase != game.P_MATCH_OVER:
        mv = ExpertAI(aiseed).choose(g)
        assert g.check(mv) == 0


def position(rack, pile="", melds=(), opp=(), taken=(0, 0), variant="burako", players=2):
    rules = engine_rules.by_name(variant)
    g = game.Game(rules, players, 1)
    g.racks[0] = bytearray(tiles.parse_list(rack))
    g.pile = bytearray(tiles.parse_list(pile))
    g.melds = [[engine_melds.from_table(bytes(tiles.parse_list(m)), rules) for m in ms] for ms in (melds, opp)]
    g.taken = bytearray(taken)
    g.turn = 0
    g.phase = game.P_PLAY
    g.first = False
    g.drawn = game.NO_TILE
    return g


def test_level_four_holds_back_its_opening_three_tile_meld():
    # R3/R4: no meld of its side on the table and a long rack: level 3 lays
    # its three naturals at once, level 4 keeps them (docs/ai.md says why)
    g = position("R3 R4 R5 K9 Y12 B7 B11 K6 Y8")
    assert BasicAI(3).choose(g)[0] == game.MELD
    assert ExpertAI(0).choose(g)[0] == game.DISCARD
    # with a meld of its side already down it lays them as level 3 does
    g = position("R3 R4 R5 K9 Y12 B7 B11 K6 Y8", melds=("B13 B13 Y13",))
    assert ExpertAI(0).choose(g)[0] == game.MELD


def test_level_four_with_a_partner_keeps_its_pair_over_a_one_tile_pile():
    # R3: the empty pile under a discard is one tile. With two players level
    # 4 breaks its pair of nines rather than hand the next player R5, which
    # joins its run; with four it keeps the pair and lets R5 go (a pile the
    # next player may take weighs 2 tenths there: docs/ai.md says why)
    two = position("K9 B9 R5", opp=("R6 R7 R8",))
    assert ExpertAI(0).choose(two) == (game.DISCARD, 0, bytes(tiles.parse_list("K9")), 0)
    four = position("K9 B9 R5", opp=("R6 R7 R8",), players=4)
    assert ExpertAI(0).choose(four) == (game.DISCARD, 0, bytes(tiles.parse_list("R5")), 0)
    assert BasicAI(3).choose(four) == (game.DISCARD, 0, bytes(tiles.parse_list("K9")), 0)


def test_level_four_with_a_partner_stops_minding_the_pile_once_a_close_is_near():
    # R7: R12 joins the next player's run. With four players and the
    # opponents short of a canasta level 4 keeps it and lets K3 go; once
    # their canasta is down the pile the next player may take stops
    # counting against a discard and the 12's points go (docs/ai.md says
    # why). With two players the pile still counts and R12 stays.
    opp = ("R9 R10 R11", "B3 B4 B5 B6")
    done = ("R9 R10 R11", "B3 B4 B5 B6 B7 B8 B9")
    k3 = (game.DISCARD, 0, bytes(tiles.parse_list("K3")), 0)
    r12 = (game.DISCARD, 0, bytes(tiles.parse_list("R12")), 0)
    for seed in (0, 1, 7):
        assert ExpertAI(seed).choose(position("K9 B9 R12 K3", opp=opp, players=4)) == k3
        assert ExpertAI(seed).choose(position("K9 B9 R12 K3", opp=done, players=4)) == r12
        assert ExpertAI(seed).choose(position("K9 B9 R12 K3", opp=done)) != r12
    # R8: the same once its own side is free to close (muerto and canasta),
    # the opponents still short of a canasta; before its muerto K3 goes
    ours = ("Y3 Y4 Y5 Y6 Y7 Y8 Y9",)
    for seed in (0, 1, 7):
        g = position("K9 B9 R12 K3", melds=ours, opp=opp, taken=(1, 0), players=4)
        assert ExpertAI(seed).choose(g) == r12
        g = position("K9 B9 R12 K3", melds=ours, opp=opp, players=4)
        assert ExpertAI(seed).choose(g) == k3
        g = position("K9 B9 R12 K3", melds=ours, opp=opp, taken=(1, 0))
        assert ExpertAI(seed).choose(g) != r12


def test_level_four_discards_points_when_the_opponent_can_close():
    # R7/R8: the opponents took their muerto, have a canasta and hold two
    # tiles: what stays in the rack counts against it, so the ace goes
    opp = ("Y3 Y4 Y5 Y6 Y7 Y8 Y9",)
    g = position("B1 K5 R9 Y12", opp=opp, taken=(0, 1))
    g.racks[1] = bytearray(tiles.parse_list("K12 R7"))
    mv = ExpertAI(0).choose(g)
    assert mv[0] == game.DISCARD and mv[2] == bytes(tiles.parse_list("B1"))



def _drawing(rack, pile, **kw):
    # drawing, the next player holding three tiles (its racks, dealt from
    # the hidden tiles, rarely lay two tiles more with a pile of four)
    g = position(rack, pile, **kw)
    g.phase = game.P_DRAW
    g.racks[1] = g.racks[1][:3]
    return g


def test_level_four_races_for_its_muerto_and_the_close():
    # R6/R8: R5 on top melds with R3 R4, the three tiles under it play
    # nowhere (it lays 3 of the 4 it would bring). Level 3 takes it; level
    # 4 draws, before its muerto with a short rack and once free to close
    # (muerto and a canasta), the race that docs/ai.md measures
    short = "R3 R4 K9 Y12 K6"
    for kw in ({}, {"melds": ("B3 B4 B5 B6 B7 B8 B9",), "taken": (1, 0)}):
        assert BasicAI(3).choose(_drawing(short, "K1 Y9 Y6 R5", **kw))[0] == game.PILE
        assert ExpertAI(0).choose(_drawing(short, "K1 Y9 Y6 R5", **kw))[0] == game.DRAW
        # a pile that lets it lay all it brings is taken
        assert ExpertAI(0).choose(_drawing(short, "R5", **kw))[0] == game.PILE
    # a long rack before the muerto takes it as level 3 does
    assert ExpertAI(0).choose(_drawing(short + " B11 R8 K13", "K1 Y9 Y6 R5"))[0] == game.PILE
    # with a partner the side's shorter rack races: this one, not when the
    # partner's is shorter
    g = _drawing(short, "K1 Y9 Y6 R5", players=4)
    assert ExpertAI(0).choose(g)[0] == game.DRAW
    g.racks[2] = bytearray(tiles.parse_list("K7 B12 Y1"))
    assert ExpertAI(0).choose(g)[0] == game.PILE



def test_level_four_races_when_the_opponent_may_close():
    # R7/R8: the opponents took their muerto, have a canasta and the next
    # player holds three tiles: a long rack races too (what the pile leaves
    # in it would count against the side at the close), level 3 takes it
    long = "R3 R4 K9 Y12 K6 B11 R8 K13"
    g = _drawing(long, "K1 Y9 Y6 R5", opp=("Y3 Y4 Y5 Y6 Y7 Y8 Y9",), taken=(0, 1))
    assert BasicAI(3).choose(g)[0] == game.PILE
    assert ExpertAI(0).choose(g)[0] == game.DRAW

def test_level_four_does_not_leave_a_big_pile_to_the_next_player():
    # R3: B10 B11 B12 lie in the pile: any rack of the next player lays
    # them (two tiles more with the pile than without, level 3's rule to
    # take it), so level 4 does not race past it although it lays only 6
    # of the 7 tiles (R3 R4 R5 and the run); level 3's rule takes it
    pile = "B10 B11 B12 K1 Y6 Y9 R5"
    g = _drawing("R3 R4 K9 Y12 K6", pile)
    ai = ExpertAI(0)
    assert ai._pile_gain(g) == 6
    assert ai.choose(g)[0] == game.PILE
    # the same tiles short of the run: it races
    assert ExpertAI(0).choose(_drawing("R3 R4 K9 Y12 K6", "B10 B12 K1 Y6 Y9 R5"))[0] == game.DRAW

@pytest.mark.micropython
@pytest.mark.parametrize("variant,n,seed", [("burako", 2, 3), ("burako", 4, 4), ("burraco", 2, 5)])
def test_level_four_same_decisions_inside_micropython_at_128k(variant, n, seed):
    # the console UI's heap (tests/test_ui_heap.py HEAP): a whole match of
    # level 4 against level 3, garbage collected between steps only
    from emulator.runtimes import wasi
    want = play_match(variant, n, seed, players=[
        ExpertAI(seed * 4 + p) if p % 2 == 0 else BasicAI(3) for p in range(n)])["transcript_sha256"]
    res = wasi.Guest(heap=131072).run_file("expert_match.py", variant=variant, n=n, seed=seed)
    assert res.lines[0] == want
    peak = int(res.lines[1].split()[1])
    assert peak < 80000       # the table UI holds the rest of 128 KB (test_ui_heap's floors)


@pytest.mark.micropython
def test_level_four_fits_beside_the_table_ui_at_the_consoles_heap(tmp_path):
    # a whole match through the keys, both seats level 4, in the console's heap (test_ui_heap.HEAP)
    # with garbage collected only between frames (tests/guests/ui_heap.py,
    # as tests/test_ui_heap.py runs it): every decision's garbage fits beside the table
    import test_ui_heap
    from emulator.runtimes import wasi
    DOWN, LEFT, RIGHT, A_KEY = 0x002, 0x004, 0x008, 0x020
    first = (DOWN, DOWN, A_KEY,          # seat 1: AI too
             DOWN, DOWN, RIGHT, RIGHT,   # level 2 -> 4
             DOWN, LEFT, LEFT, LEFT,     # target 3000 -> 1000
             DOWN, A_KEY)
    flash = tmp_path / "flash"
    flash.mkdir()
    res = wasi.Guest(heap=test_ui_heap.HEAP, flash=flash, result_cap=16).run_file(
        ["null_display.py", "ui_heap.py"], seed=1, KEYS=[first])
    end = res.lines[-1].split()
    assert end[0] == "END"
    peak, logged, level, seats, target = map(int, end[1:])
    assert (logged, level, seats, target) == (1, 4, 0b11, 1000)
    assert peak < test_ui_heap.HEAP


def test_burako_sim_plays_chosen_levels_the_same_on_both_runtimes():
    # burako sim --levels 4,3: side 1 level 4, side 2 level 3 (ai/leveled.py)
    import json
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent

    def sim(*args):
        p = subprocess.run([sys.executable, "-m", "host.cli", "sim", *args], cwd=root,
                           capture_output=True, text=True, timeout=600)
        return p.returncode, p.stdout, p.stderr

    want = play_match("burako", 2, 5, players=[ExpertAI(20), BasicAI(3)])["transcript_sha256"]
    for runtime in ("cpython", "micropython"):
        code, out, _ = sim("--levels", "4,3", "--seed", "5", "--json", "--runtime", runtime)
        assert code == 0
        assert json.loads(out.splitlines()[0])["transcript_sha256"] == want
    for bad in ("5,3", "x", "4,3,2", ""):
        code, out, err = sim("--levels", bad)
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err
