"""The three AI levels. Level 2 is the greedy player without the baseline's
misplays: each misplay is a constructed position where the baseline (level 0,
tests/test_ai_exact.py) goes wrong and level 2 must now do the right thing."""
import pytest

from ai.basic import BasicAI
from ai.selfplay import play_match
from engine import game as G
from engine import melds as M
from engine import rules as RU
from engine import tiles as T


def position(rack, pile="", melds=(), opp=(), taken=(0, 0), phase=G.P_PLAY, variant="burako"):
    """Seat 0 (side 0) to move in a 2-player hand: its rack, the pile (top
    last), the melds of both sides in table order."""
    rules = RU.by_name(variant)
    g = G.Game(rules, 2, 1)
    g.racks[0] = bytearray(T.parse_list(rack))
    g.pile = bytearray(T.parse_list(pile))
    g.melds = [[M.from_table(bytes(T.parse_list(m)), rules) for m in ms] for ms in (melds, opp)]
    for ms in g.melds:
        for m in ms:
            assert not isinstance(m, int)
    g.taken = bytearray(taken)
    g.turn = 0
    g.phase = phase
    g.first = False
    g.drawn = G.NO_TILE
    return g


def test_r3_takes_a_pile_that_lays_three_tiles_at_once():
    # the top (K1) plays nowhere, but R5 R6 under it make a run with R3 R4
    g = position("R3 R4 B9 K11 Y7 B13 K5 Y12", pile="R5 R6 K1", phase=G.P_DRAW)
    assert BasicAI(0).choose(g)[0] == G.DRAW           # the baseline's misplay
    assert BasicAI(2).choose(g)[0] == G.PILE


def test_r3_a_pile_with_nothing_to_lay_is_left():
    g = position("R3 R9 B9 K11 Y7 B13 K5 Y12", pile="R5 B6 K1", phase=G.P_DRAW)
    assert BasicAI(2).choose(g)[0] == G.DRAW


def test_r8_closes_when_the_rack_can_go_out():
    # greedy adds R9 to the run first and is left with Y8 B8; melding the
    # three 8s first and then laying R9 empties the rack: closing (R8)
    g = position("R9 R8 Y8 B8", melds=["R10 R11 R12", "K3 K4 K5 K6 K7 K8 K9"], taken=(1, 0))
    ai = BasicAI(2)
    while g.phase == G.P_PLAY and g.turn == 0:
        assert g.play(ai.choose(g)) == 0
    assert g.phase == G.P_EMPTY or g.phase == G.P_EMPTY_DISCARD
    assert ai.choose(g)[0] == G.CLOSE
    # the baseline misses it
    g = position("R9 R8 Y8 B8", melds=["R10 R11 R12", "K3 K4 K5 K6 K7 K8 K9"], taken=(1, 0))
    ai = BasicAI(0)
    while g.phase == G.P_PLAY and g.turn == 0:
        assert g.play(ai.choose(g)) == 0
    assert g.phase == G.P_DRAW and g.racks[0]


def test_r4_r7_no_wild_onto_a_pure_canasta():
    g = position("* K5 Y9", melds=["R3 R4 R5 R6 R7 R8 R9", "B5 B6 * B8"])
    pure = (G.ADD, 0, bytes((T.JOKER,)), 0)
    assert BasicAI(0).choose(g) == pure                 # the baseline's misplay: 300 -> 200
    mv = BasicAI(2).choose(g)
    assert mv != pure and mv[0] == G.DISCARD


def test_r4_lays_the_three_tile_meld_it_holds():
    # B2 B3 with K2 as the wild is a run; the baseline counted K2 twice
    g = position("K2 B2 B3 K5 Y10 K10 K3")
    assert BasicAI(0).choose(g)[0] == G.DISCARD
    mv = BasicAI(2).choose(g)
    assert mv[0] == G.MELD and g.check(mv) == 0


def test_r4_a_lone_two_is_not_both_wild_and_natural():
    g = position("R3 Y4 Y2 K6 K2")
    mv = BasicAI(2).choose(g)
    assert mv[0] == G.MELD and sorted(mv[2]) == sorted(T.parse_list("Y2 Y4 K2"))


@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_level_finishes_a_hand_with_legal_moves(level):
    g = G.Game(RU.BURAKO, 2, 77)
    ais = [BasicAI(level), BasicAI(2)]
    while g.phase not in (G.P_HAND_OVER, G.P_MATCH_OVER):
        assert g.play(ais[g.turn].choose(g)) == 0


def _positions(seed, levels=(3, 3), n=2, every=7, limit=400):
    """Positions along a match (as codec bytes), every few moves."""
    from engine import codec
    g = G.Game(RU.BURAKO, n, seed)
    ais = [BasicAI(levels[p % 2]) for p in range(n)]
    out = []
    k = 0
    while g.phase != G.P_MATCH_OVER and k < limit:
        if k % every == 0 and g.phase in (G.P_DRAW, G.P_PLAY):
            out.append(codec.encode(g))
        assert g.play(ais[g.turn].choose(g)) == 0
        k += 1
    return out


def test_hint_is_level_three_choice():
    from ai.basic import hint
    from engine import codec
    for b in _positions(5):
        g = codec.decode(b)
        assert hint(g, g.turn) == BasicAI(3).choose(codec.decode(b))
        assert hint(g, (g.turn + 1) % g.n) is None


def test_level_three_never_reads_hidden_tiles():
    # the opponent's rack and the stock swapped around (same sizes): level 3
    # must choose the same move; it may only use what the seat can see
    from engine import codec
    for b in _positions(11, every=5):
        g = codec.decode(b)
        want = BasicAI(3).choose(g)
        h = codec.decode(b)
        opp = (h.turn + 1) % h.n
        hidden = h.racks[opp] + h.stock
        k = len(h.racks[opp])
        h.racks[opp] = bytearray(hidden[-k:])
        h.stock = bytearray(hidden[:-k])
        assert BasicAI(3).choose(h) == want


def test_level_three_remembers_who_took_the_pile():
    g = position("R3 R4 K9 Y12 B7", pile="B1 Y6")
    g.racks[1] = bytearray(T.parse_list("Y4 Y5 B8 B8 K13 R11"))
    ai = BasicAI(3)
    mv = ai.choose(g)
    assert mv[0] == G.DISCARD
    assert g.play(mv) == 0
    left = bytes(g.pile)
    assert g.play((G.PILE, 0, b"", 0)) == 0          # seat 1 takes the pile...
    assert g.play((G.DISCARD, 0, bytes(T.parse_list("K13")), 0)) == 0
    assert ai.choose(g)[0] in (G.DRAW, G.PILE)       # ...which seat 0 notices
    held = ai.mem.held[1]
    for t in left:
        assert held[t] >= 1
