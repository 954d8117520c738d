"""One group of tests per section of shared/RULES.md (R1..R10), including the
examples the seed documents give (seed file named in each test's docstring)."""
import pytest

from engine import codec
from engine import game
from engine import melds as engine_melds
from engine import reasons
from engine import reasons_en
from engine import rules as engine_rules
from engine import score
from engine import tiles
from enginekit import mv, position, ts

BURAKO = engine_rules.BURAKO
TORNEO = engine_rules.TORNEO


def meld(text, variant=BURAKO, end=engine_melds.END_DEFAULT):
    return engine_melds.make(ts(text), end, variant)


def ok(text, variant=BURAKO, end=engine_melds.END_DEFAULT):
    m = meld(text, variant, end)
    assert not isinstance(m, int), "%s refused: %s" % (text, reasons_en.text(m))
    return m


def refused(text, variant=BURAKO):
    m = meld(text, variant)
    assert isinstance(m, int), "%s accepted as %s" % (text, engine_melds.text(m))
    return m


# --- R1 tiles and notation -------------------------------------------------
def test_R1_deck_has_106_tiles_two_of_each_and_two_jokers():
    d = tiles.full_deck()
    assert len(d) == 106
    c = tiles.counts(d)
    assert all(c[i] == 2 for i in range(52)) and c[tiles.JOKER] == 2


def test_R1_tile_text_round_trips_and_is_case_insensitive():
    for t in range(53):
        assert tiles.parse(tiles.to_text(t)) == t
    assert tiles.parse("r5") == tiles.parse("R5") == tiles.tile(tiles.RED, 5)
    assert tiles.to_text(tiles.parse("k13")) == "K13"
    for bad in ("R0", "R14", "X5", "", "RR", "R05", "5R", "**", "B-1"):
        assert tiles.parse(bad) == -1, bad


def test_R1_tile_values_seed_000_and_003():
    """seed 000/003 tables: 1=15, 2=20, 3..7=5, 8..13=10, joker=50."""
    v = {1: 15, 2: 20, 3: 5, 7: 5, 8: 10, 13: 10}
    for n, want in v.items():
        for c in range(4):
            assert tiles.value(tiles.tile(c, n)) == want
    assert tiles.value(tiles.JOKER) == 50


def test_R1_wilds_are_jokers_and_every_two():
    assert tiles.is_wild(tiles.JOKER)
    for c in range(4):
        assert tiles.is_wild(tiles.tile(c, 2))
        assert not tiles.is_wild(tiles.tile(c, 3))


def test_R1_the_number_and_wild_tables_are_the_functions():
    assert len(tiles.NUMBERS) == len(tiles.WILDS) == tiles.NCODES
    for t in range(tiles.NCODES):
        assert tiles.NUMBERS[t] == tiles.number(t)
        assert tiles.WILDS[t] == tiles.is_wild(t)


def test_R1_two_keeps_its_value_as_a_wild():
    # R1: a 2 is worth 20 wherever it sits
    m = ok("R5 R6 K2")
    assert engine_melds.points(m, BURAKO) == 5 + 5 + 20


# --- R2 set-up -------------------------------------------------------------
@pytest.mark.parametrize("n,rack,stock", [(4, 11, 40), (2, 12, 60)])
def test_R2_deal_sizes(n, rack, stock):
    g = game.Game(BURAKO, n, 42)
    assert [len(r) for r in g.racks] == [rack] * n
    assert [len(m) for m in g.muertos] == [11, 11]
    assert len(g.stock) == stock and len(g.pile) == 0
    assert sum(g.tile_count()) == 106


def test_R2_torneo_deal_seed_002():
    """seed 002 4.4: two racks of 12, two muertos of 11, six stacks of 10."""
    g = game.Game(TORNEO, 2, 9)
    assert [len(r) for r in g.racks] == [12, 12] and len(g.stock) == 60


def test_R2_same_seed_same_deal_other_seed_other_deal():
    a = game.Game(BURAKO, 4, 7)
    b = game.Game(BURAKO, 4, 7)
    c = game.Game(BURAKO, 4, 8)
    assert codec.encode(a) == codec.encode(b)
    assert a.racks != c.racks


def test_R2_partners_sit_opposite_and_dealer_rotates():
    assert [game.side_of(p) for p in range(4)] == [0, 1, 0, 1]
    g = game.Game(BURAKO, 4, 3)
    assert g.turn == g.mano == 0
    g.phase = game.P_HAND_OVER
    assert g.play(mv("next")) == reasons.OK
    assert g.mano == 1 and g.turn == 1


# --- R3 a turn -------------------------------------------------------------
def test_R3_draw_takes_top_of_stock():
    g = position(racks=["R3 R9", "K5"], turn=0, phase=game.P_DRAW, stock_top="Y7")
    assert g.play(mv("draw")) == reasons.OK
    assert g.racks[0][-1] == tiles.parse("Y7") and g.phase == game.P_PLAY


def test_R3_pile_is_taken_whole_with_no_minimum():
    g = position(racks=["R3 R9", "K5"], pile="B4 B9 K13", phase=game.P_DRAW)
    assert g.play(mv("pile")) == reasons.OK
    assert len(g.pile) == 0 and len(g.racks[0]) == 5
    g = position(racks=["R3 R9", "K5"], pile="B4", phase=game.P_DRAW)
    assert g.play(mv("pile")) == reasons.OK and len(g.racks[0]) == 3


def test_R3_empty_pile_cannot_be_taken():
    g = position(racks=["R3 R9", "K5"], phase=game.P_DRAW)
    assert g.play(mv("pile")) == reasons.PILE_EMPTY


def test_R3_must_draw_before_melding_or_discarding():
    g = position(racks=["R3 R4 R5 K9", "K5"], phase=game.P_DRAW)
    assert g.play(mv("meld R3 R4 R5")) == reasons.MUST_DRAW
    assert g.play(mv("discard K9")) == reasons.MUST_DRAW


def test_R3_first_turn_redraw_seed_000():
    """seed 000/002: the mano may keep the first tile or put it on the pile and draw again."""
    g = game.Game(BURAKO, 2, 11)
    first = g.stock[-1]
    second = g.stock[-2]
    assert g.play(mv("draw")) == reasons.OK
    assert g.play(mv("redraw")) == reasons.OK
    assert list(g.pile) == [first] and g.racks[0][-1] == second
    assert g.play(mv("redraw")) == reasons.NO_REDRAW          # only once


def test_R3_redraw_only_straight_after_the_first_draw():
    g = game.Game(BURAKO, 2, 11)
    g.play(mv("draw"))
    t = tiles.to_text(g.racks[0][0])
    assert g.play(mv("discard " + t)) == reasons.OK
    g.play(mv("draw"))
    assert g.play(mv("redraw")) == reasons.NO_REDRAW          # the second player has no privilege


def test_R3_no_minimum_points_to_meld():
    g = position(racks=["R3 R4 R5 K9", "K5"])
    assert g.play(mv("meld R3 R4 R5")) == reasons.OK          # 15 points is enough


def test_R3_discard_ends_the_turn():
    g = position(racks=["R3 K9", "K5"])
    assert g.play(mv("discard K9")) == reasons.OK
    assert g.turn == 1 and g.phase == game.P_DRAW and g.pile[-1] == tiles.parse("K9")


def test_R3_partner_adds_to_the_sides_melds():
    g = position(n=4, racks=["K1", "K2", "R6 Y9", "K4"], melds=[["R3 R4 R5"], []], turn=2)
    assert g.play(mv("add 0 R6")) == reasons.OK
    assert engine_melds.text(g.melds[0][0]) == "R3 R4 R5 R6"


def test_R3_cannot_add_to_the_opponents_melds():
    g = position(racks=["R6 Y9", "K4"], melds=[[], ["R3 R4 R5"]], turn=0)
    assert g.play(mv("add 0 R6")) == reasons.NO_MELD


def test_R3_tiles_must_be_in_the_rack():
    g = position(racks=["R3 R4 K9", "K5"])
    assert g.play(mv("meld R3 R4 R5")) == reasons.NOT_IN_RACK
    assert g.play(mv("discard R5")) == reasons.NOT_IN_RACK


def test_R3_keep_a_tile_seed_003():
    """seed 003: without a canasta a player with the muerto taken must discard
    and keep a tile; the last tile cannot be discarded."""
    g = position(racks=["R9", "K5"], melds=[["B3 B4 B5"], []], taken=(1, 0))
    assert g.play(mv("discard R9")) == reasons.KEEP_ONE
    g = position(racks=["R9 B6", "K5"], melds=[["B3 B4 B5"], []], taken=(1, 0))
    assert g.play(mv("add 0 B6")) == reasons.KEEP_ONE       # one tile left could never go


# --- R4 melds ----------------------------------------------------------------
def test_R4_run_examples_seed_000():
    """seed 000: 2-3-4-5 red and 10-11-12-13-1 yellow are runs."""
    m = ok("R2 R3 R4 R5")
    assert engine_melds.is_pure(m)                                  # the R2 stands in its own place
    m = ok("Y10 Y11 Y12 Y13 Y1")
    assert engine_melds.text(m) == "Y10 Y11 Y12 Y13 Y1" and engine_melds.is_pure(m)


def test_R4_run_needs_three_tiles_of_one_colour_in_sequence():
    refused("R3 R4")
    assert refused("R3 B4 R5") == reasons.MIXED
    assert refused("R3 R4 R6") == reasons.GAP
    assert refused("R3 R3 R4") == reasons.DUPLICATE


def test_R4_ace_low_or_high_never_wrapping():
    ok("B1 B2 B3")
    ok("B12 B13 B1")
    refused("B13 B1 B2 B3")                              # R11: no wrap
    refused("R13 R1 R2 R3")


def test_R4_wrap_reading_r13_r1_r2():
    """R4: R13 R1 R2 is legal with the R2 a wild standing for R12."""
    m = ok("R13 R1 R2")
    assert engine_melds.text(m) == "R2 R13 R1" and not engine_melds.is_pure(m)


def test_R4_run_at_most_13_tiles():
    ok("K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13")
    assert refused("K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13 *") == reasons.TOO_LONG


def test_R4_set_examples_seed_000():
    """seed 000: 3-3-3-3 of four colours and 8-8-8 red, red, yellow."""
    m = ok("R3 Y3 K3 B3")
    assert m[0] == engine_melds.SET
    ok("R8 R8 Y8")


def test_R4_sets_have_no_upper_limit():
    m = ok("R8 R8 B8 B8 Y8 Y8 K8")
    assert engine_melds.is_canasta(m, BURAKO) and engine_melds.is_pure(m)


def test_R4_no_set_of_twos():
    refused("K2 K2 R2")
    refused("R2 B2 Y2 K2")


def test_R4_two_naturals_and_a_wild_seed_000():
    """seed 000/002: a meld may be laid with 2 tiles and a wild."""
    ok("R5 R6 *")
    ok("K9 R9 B2")
    assert refused("R5 * *") in (reasons.FEW_NATURALS, reasons.TOO_MANY_WILDS)
    assert refused("* * B2") == reasons.FEW_NATURALS          # R11: no meld of wilds


def test_R4_one_wild_per_meld_in_burako():
    assert refused("R5 R6 R7 * K2") == reasons.TOO_MANY_WILDS
    assert refused("K9 R9 B9 * Y2") == reasons.TOO_MANY_WILDS


def test_R4_torneo_two_wilds_at_two_to_one_seed_002():
    """seed 002 6.5: 5-comodín-8-9-comodín-11 style runs with 2 wilds at 2:1."""
    m = ok("R5 R6 * R8 R9 * R11", TORNEO)
    assert engine_melds.wilds_in(m) == 2 and engine_melds.text(m) == "R5 R6 * R8 R9 * R11"
    assert refused("R5 * R7 *", TORNEO) == reasons.WILD_RATIO
    assert refused("R5 R6 * R8 R9 * R11", BURAKO) == reasons.TOO_MANY_WILDS


def test_R4_spare_wild_goes_high_unless_low():
    assert engine_melds.text(ok("R3 R4 *")) == "R3 R4 *"
    assert engine_melds.text(ok("R3 R4 *", end=engine_melds.END_LOW)) == "* R3 R4"
    assert engine_melds.text(ok("R12 R13 *")) == "R12 R13 *"       # the wild stands for the ace
    m = ok("R13 R1 *")
    assert engine_melds.text(m) == "* R13 R1"                      # high end is full: low


def test_R4_two_in_its_own_place_is_natural():
    m = ok("B1 B2 B3")
    assert engine_melds.is_pure(m)
    m = ok("B2 B3 B4")
    assert engine_melds.is_pure(m)
    m = ok("B3 B4 R2")                                  # a red 2 in a blue run is wild
    assert not engine_melds.is_pure(m)


def test_R4_canasta_is_seven_tiles_pure_or_impure():
    assert engine_melds.is_canasta(ok("Y3 Y4 Y5 Y6 Y7 Y8 Y9"), BURAKO)
    assert not engine_melds.is_canasta(ok("Y3 Y4 Y5 Y6 Y7 Y8"), BURAKO)
    assert not engine_melds.is_pure(ok("Y3 Y4 Y5 * Y7 Y8 Y9"))


def test_R4_wild_added_to_pure_canasta_makes_it_impure():
    g = position(racks=["* K9 K10", "K5"], melds=[["Y3 Y4 Y5 Y6 Y7 Y8 Y9"], []])
    assert engine_melds.is_pure(g.melds[0][0])
    assert g.play(mv("add 0 *")) == reasons.OK
    assert engine_melds.is_canasta(g.melds[0][0], BURAKO) and not engine_melds.is_pure(g.melds[0][0])


# --- R5 moving wilds -----------------------------------------------------------
def test_R5_swap_moves_the_wild_to_an_end_seed_000():
    """seed 000/002 10.2: the natural takes the wild's place; the wild goes to the
    beginning or the end of the run."""
    g = position(racks=["R6 K9", "K5"], melds=[["R4 R5 * R7"], []])
    assert g.play(mv("swap 0 R6")) == reasons.OK
    assert engine_melds.text(g.melds[0][0]) == "R4 R5 R6 R7 *"
    g = position(racks=["R6 K9", "K5"], melds=[["R4 R5 * R7"], []])
    assert g.play(mv("swap 0 R6 low")) == reasons.OK
    assert engine_melds.text(g.melds[0][0]) == "* R4 R5 R6 R7"


def test_R5_two_moved_into_its_own_place_becomes_natural_seed_003():
    """seed 003: B3 B4 B2 B6 + B5 -> B2 B3 B4 B5 B6, a pure run."""
    g = position(racks=["B5 K9", "K5"], melds=[["B3 B4 B2 B6"], []])
    assert not engine_melds.is_pure(g.melds[0][0])
    assert g.play(mv("swap 0 B5 low")) == reasons.OK
    m = g.melds[0][0]
    assert engine_melds.text(m) == "B2 B3 B4 B5 B6" and engine_melds.is_pure(m)


def test_R5_swap_needs_the_natural_of_a_wild():
    g = position(racks=["R8 K9", "K5"], melds=[["R4 R5 * R7"], []])
    assert g.play(mv("swap 0 R8")) == reasons.NOT_A_SWAP
    g = position(racks=["K8 K9", "K5"], melds=[["R8 B8 *"], []])
    assert g.play(mv("swap 0 K8")) == reasons.NOT_A_SWAP        # in a set a wild stays


def test_R5_wilds_never_go_back_to_a_rack():
    g = position(racks=["R6 K9", "K5"], melds=[["R4 R5 * R7"], []])
    before = tiles.counts(b"".join(bytes(m[engine_melds.HEAD:]) for m in g.melds[0]))
    g.play(mv("swap 0 R6"))
    after = tiles.counts(b"".join(bytes(m[engine_melds.HEAD:]) for m in g.melds[0]))
    assert after[tiles.JOKER] == before[tiles.JOKER]
    assert tiles.JOKER not in g.racks[0]


def test_R5_a_wild_does_not_move_without_a_natural_taking_its_place():
    # the joker at the low end stays: adding R7 cannot push it to the high end
    g = position(racks=["R7 K9", "K5"], melds=[["* R4 R5 R6"], []])
    assert g.play(mv("add 0 R7")) == reasons.OK
    assert engine_melds.text(g.melds[0][0]) == "* R4 R5 R6 R7"
    # the wild standing for 6 cannot leave its gap for a new ace at the low end
    g = position(racks=["R1 K9", "K5"], melds=[["R3 R4 R5 R2"], []])
    assert g.play(mv("add 0 R1")) != reasons.OK


def test_R5_torneo_natural_two_cannot_move_as_wild_seed_002():
    """seed 002 10.4: a 2 laid as a natural 2 can no longer play as a wild."""
    g = position(variant="torneo", racks=["B7 K9", "K5"], melds=[["B2 B3 B4 B5"], []])
    assert g.play(mv("add 0 B7")) != reasons.OK
    g = position(variant="burako", racks=["B7 K9", "K5"], melds=[["B2 B3 B4 B5"], []])
    assert g.play(mv("add 0 B7")) == reasons.OK
    assert engine_melds.text(g.melds[0][0]) == "B3 B4 B5 B2 B7"


# --- R6 the muerto -------------------------------------------------------------
def test_R6_direct_muerto_continues_the_turn_seed_000():
    g = position(racks=["R3 R4 R5", "K5 K6"])
    muerto = bytes(g.muertos[0])
    assert g.play(mv("meld R3 R4 R5")) == reasons.OK
    assert g.phase == game.P_EMPTY
    assert g.play(mv("discard K5")) == reasons.WRONG_PHASE
    assert g.play(mv("muerto")) == reasons.OK
    assert bytes(g.racks[0]) == muerto and g.taken[0]
    assert g.turn == 0 and g.phase == game.P_PLAY           # same turn, ends with a discard


def test_R6_indirect_muerto_plays_from_next_turn_seed_000():
    g = position(racks=["K9", "K5 K6"])
    assert g.play(mv("discard K9")) == reasons.OK
    assert g.phase == game.P_EMPTY_DISCARD and g.turn == 0
    assert g.play(mv("muerto")) == reasons.OK
    assert len(g.racks[0]) == 11 and g.turn == 1 and g.phase == game.P_DRAW


def test_R6_muerto_at_most_once_then_emptying_is_closing():
    g = position(racks=["R3 R4 R5", "K5 K6"], taken=(1, 0),
                 melds=[["Y3 Y4 Y5 Y6 Y7 Y8 Y9"], []])
    assert g.play(mv("meld R3 R4 R5")) == reasons.OK
    assert g.play(mv("muerto")) == reasons.WRONG_PHASE
    assert g.play(mv("close")) == reasons.OK
    assert g.phase in (game.P_HAND_OVER, game.P_MATCH_OVER) and g.closer == 0


def test_R6_first_player_of_the_side_takes_it_4_players():
    g = position(n=4, racks=["K9", "K1", "R3 R4", "K4"], turn=0)
    g.play(mv("discard K9"))
    g.play(mv("muerto"))
    assert g.taken[0] and not g.taken[1]
    assert len(g.racks[0]) == 11 and len(g.racks[2]) == 2   # the partner keeps their rack


# --- R7 scores -------------------------------------------------------------------
def side(melds, racks, taken=True, closed=False, rules=BURAKO):
    ms = [engine_melds.from_table(ts(t), rules) for t in melds]
    return score.side(ms, [ts(r) for r in racks], taken, closed, rules)


def test_R7_scores_seed_000_table():
    """seed 000: +100 closing, +100 impure, +200 pure, +100 muerto, tiles melded
    plus, rack tiles minus."""
    b = side(["Y3 Y4 Y5 Y6 Y7 Y8 Y9", "R8 R8 B8 *"], ["K13"], taken=True, closed=True)
    melded = 7 * 5 - 5 + 10 + 10 + 10 + 10 + 10 + 50   # Y3..Y7 = 25, Y8 Y9 = 20; R8 R8 B8 = 30; * = 50
    melded = 25 + 20 + 30 + 50
    assert b[score.MELDED] == melded
    assert b[score.PURE] == 1 and b[score.IMPURE] == 0
    assert b[score.CLOSE] == 100 and b[score.MUERTO] == 100 and b[score.RACK] == -10
    assert b[score.TOTAL] == melded + 200 + 100 + 100 - 10


def test_R7_impure_canasta_100():
    b = side(["Y3 Y4 Y5 * Y7 Y8 Y9"], [""])
    assert b[score.IMPURE] == 1 and b[score.TOTAL] == (25 - 5 + 50 + 20) + 100 + 100


def test_R7_untaken_muerto_is_minus_100_and_its_tiles_do_not_count():
    b = side(["Y3 Y4 Y5 Y6 Y7 Y8 Y9"], ["R5"], taken=False)
    assert b[score.MUERTO] == -100 and b[score.TOTAL] == 45 + 200 - 100 - 5


def test_R7_no_canasta_melds_count_against_seed_003():
    """seed 003: a side without a canasta counts everything against it."""
    b = side(["R3 R4 R5"], ["K9"], taken=True)
    assert b[score.MELDED] == -15 and b[score.TOTAL] == -15 + 100 - 10


def test_R7_partners_racks_both_count():
    b = side(["Y3 Y4 Y5 Y6 Y7 Y8 Y9"], ["R5", "*"], taken=True)
    assert b[score.RACK] == -55


def test_R7_torneo_no_muerto_bonus_seed_002():
    """seed 002 9.2: the muerto taken pays nothing; not taken, -100."""
    b = side(["Y3 Y4 Y5 Y6 Y7 Y8 Y9"], [""], taken=True, rules=TORNEO)
    assert b[score.MUERTO] == 0
    b = side(["Y3 Y4 Y5 Y6 Y7 Y8 Y9"], [""], taken=False, rules=TORNEO)
    assert b[score.MUERTO] == -100


def test_R7_hand_end_adds_to_match_totals():
    g = position(racks=["R3 R4 R5", "K5 K6"], taken=(1, 0), melds=[["Y3 Y4 Y5 Y6 Y7 Y8 Y9"], []],
                 scores=(100, 200))
    g.play(mv("meld R3 R4 R5"))
    g.play(mv("close"))
    res = g.hand_result()
    assert g.scores == [100 + res[0][score.TOTAL], 200 + res[1][score.TOTAL]]
    assert res[1][score.MUERTO] == -100 and res[1][score.RACK] == -10


# --- R8 closing and the end of a hand -------------------------------------------
def test_R8_close_needs_muerto_and_canasta():
    # canasta but no muerto: emptying the rack takes the muerto instead
    g = position(racks=["R3 R4 R5", "K5"], melds=[["Y3 Y4 Y5 Y6 Y7 Y8 Y9"], []])
    g.play(mv("meld R3 R4 R5"))
    assert g.play(mv("close")) == reasons.WRONG_PHASE
    # muerto but no canasta: cannot empty the rack
    g = position(racks=["R3 R4 R5", "K5"], taken=(1, 0))
    assert g.play(mv("meld R3 R4 R5")) == reasons.KEEP_ONE


def test_R8_close_by_discarding_the_last_tile():
    g = position(racks=["K9", "K5"], taken=(1, 0), melds=[["Y3 Y4 Y5 Y6 Y7 Y8 Y9"], []])
    assert g.play(mv("discard K9")) == reasons.OK and g.phase == game.P_EMPTY_DISCARD
    assert g.play(mv("close")) == reasons.OK
    assert g.hand_result()[0][score.CLOSE] == 100


def test_R8_close_with_a_wild_seed_002():
    """seed 002 11.12: one may close by playing a wild."""
    g = position(racks=["*", "K5"], taken=(1, 0), melds=[["Y3 Y4 Y5 Y6 Y7 Y8 Y9"], []], variant="torneo")
    assert g.play(mv("add 0 *")) == reasons.OK
    assert g.play(mv("close")) == reasons.OK


def test_R8_canasta_made_by_the_closing_meld_counts():
    g = position(racks=["Y9", "K5"], taken=(1, 0), melds=[["Y3 Y4 Y5 Y6 Y7 Y8"], []])
    assert g.play(mv("add 0 Y9")) == reasons.OK
    assert g.play(mv("close")) == reasons.OK


def test_R8_stock_exhausted_ends_the_hand_without_closing_bonus_seed_000():
    g = position(racks=["R9 R10", "K5 K6"], melds=[["Y3 Y4 Y5 Y6 Y7 Y8 Y9"], []],
                 phase=game.P_DRAW, stock_empty=True)
    assert g.play(mv("draw")) == reasons.OK
    assert g.phase in (game.P_HAND_OVER, game.P_MATCH_OVER)
    res = g.hand_result()
    assert res[0][score.CLOSE] == 0 and res[1][score.CLOSE] == 0


def test_R8_stock_exhausted_player_may_still_take_the_pile():
    g = position(racks=["R9 R10", "K5 K6"], pile="K7", phase=game.P_DRAW, stock_empty=True)
    assert g.play(mv("pile")) == reasons.OK and g.phase == game.P_PLAY


def test_R8_torneo_void_hand_without_canasta_seed_002():
    """seed 002 13.1: stock gone and nobody has a canasta: the hand is played again."""
    g = position(variant="torneo", racks=["R9 R10", "K5 K6"], melds=[["Y3 Y4 Y5"], []],
                 phase=game.P_DRAW, stock_empty=True, scores=(300, 400))
    assert g.play(mv("draw")) == reasons.OK
    assert g.void and g.hand_result() is None and g.scores == [300, 400] and g.history == []
    mano = g.mano
    assert g.play(mv("next")) == reasons.OK
    assert g.mano == mano and len(g.stock) == 60        # dealt again by the same dealer


def test_R8_burako_no_void_without_canasta():
    g = position(racks=["R9 R10", "K5 K6"], melds=[["Y3 Y4 Y5"], []],
                 phase=game.P_DRAW, stock_empty=True)
    g.play(mv("draw"))
    assert not g.void and len(g.history) == 1


# --- R9 the match ----------------------------------------------------------------
def close_hand(g):
    assert g.play(mv("meld R3 R4 R5")) == reasons.OK
    assert g.play(mv("close")) == reasons.OK


def closing_position(**kw):
    return position(racks=["R3 R4 R5", "K5"], taken=(1, 1),
                    melds=[["Y3 Y4 Y5 Y6 Y7 Y8 Y9"], ["B3 B4 B5 B6 B7 B8 B9"]], **kw)


def test_R9_match_ends_when_a_side_reaches_the_target():
    g = closing_position(scores=(2900, 0))
    close_hand(g)
    assert g.phase == game.P_MATCH_OVER and g.winner == 0
    assert g.play(mv("next")) == reasons.MATCH_OVER


def test_R9_both_over_target_higher_wins():
    g = closing_position(scores=(2900, 2950))
    close_hand(g)
    a, b = g.scores
    assert g.phase == game.P_MATCH_OVER and g.winner == (0 if a > b else 1) and a != b


def test_R9_exact_tie_plays_one_more_hand():
    g = closing_position(scores=(2900, 2900))
    res_a = score.side(g.melds[0], [ts("")], 1, True, BURAKO)[score.TOTAL] + 15
    # make side 1's hand score equal side 0's so the totals tie
    g.scores = [2900, 2900 + res_a - score.side(g.melds[1], [ts("K5")], 1, False, BURAKO)[score.TOTAL]]
    close_hand(g)
    assert g.scores[0] == g.scores[1]
    assert g.phase == game.P_HAND_OVER and g.winner == -1


def test_R9_targets_per_variant_seed_000_002():
    assert BURAKO.target == 3000 and TORNEO.target == 1500
    assert game.Game(BURAKO, 2, 1, target=2000).target == 2000   # seed 003: a setting


def test_R9_torneo_time_up_ends_match_after_this_hand_seed_002():
    g = closing_position(variant="torneo", scores=(100, 50))
    assert g.play(mv("timeup")) == reasons.OK
    close_hand(g)
    assert g.phase == game.P_MATCH_OVER and g.winner == 0
    b = closing_position(variant="burako")
    assert b.play(mv("timeup")) == reasons.WRONG_PHASE         # burako has no clock


# --- R10 variants are data ---------------------------------------------------------
def test_R10_variant_fields():
    assert (BURAKO.max_wilds, TORNEO.max_wilds) == (1, 2)
    assert BURAKO.pile_open and not TORNEO.pile_open
    assert (BURAKO.muerto_bonus, TORNEO.muerto_bonus) == (100, 0)
    assert BURAKO.players == (2, 4) and TORNEO.players == (2,)
    assert TORNEO.lock_natural_two and not BURAKO.lock_natural_two
    assert TORNEO.void_without_canasta and not BURAKO.void_without_canasta
    assert engine_rules.by_name("nope") is None


def test_R10_engine_never_branches_on_the_variant_name():
    import pathlib
    src = pathlib.Path(__file__).parent.parent / "firmware" / "engine"
    for f in src.glob("*.py"):
        text = f.read_text()
        assert '== "torneo"' not in text and '== "burako"' not in text, f.name


# --- exact rules ----------------------------------------------------------
def table(text, variant=BURAKO):
    m = engine_melds.from_table(ts(text), variant)
    assert not isinstance(m, int), (text, reasons_en.text(m))
    return m


def extended(old, add, variant=BURAKO, end=engine_melds.END_DEFAULT):
    m = engine_melds.extend(table(old, variant), ts(add), end, variant)
    return m if isinstance(m, int) else engine_melds.text(m)


@pytest.mark.parametrize("variant", [BURAKO, TORNEO])
def test_R5_added_wild_does_not_push_the_table_wild_out(variant):
    """R5: R3 R2 R5 (the 2 stands for R4) + * was laid as R2 R3 * R5: the R2
    left its place with no natural arriving. Refused in every variant (in
    torneo two wilds need four naturals, R4)."""
    for end in (engine_melds.END_DEFAULT, engine_melds.END_LOW, engine_melds.END_HIGH):
        assert isinstance(extended("R3 R2 R5", "*", variant, end), int)
    g = position(variant=variant.name, racks=["* K9", "K5"], melds=[["R3 R2 R5"], []])
    assert g.play(mv("add 0 *")) != reasons.OK
    assert engine_melds.text(g.melds[0][0]) == "R3 R2 R5"


def test_R5_reason_names_the_real_obstacle():
    # keeping R2 in place, the joker is a second wild: that is what refuses it
    assert extended("R3 R2 R5", "*") == reasons.TOO_MANY_WILDS
    assert extended("R3 R2 R5", "*", TORNEO) == reasons.WILD_RATIO
    assert extended("R3 R2 R5", "* R6") == reasons.TOO_MANY_WILDS


def test_R5_torneo_second_wild_on_a_new_place_is_fine():
    """R4/R5 torneo: 2 wilds at 2:1; the wild already laid stays where it is."""
    assert extended("R3 R4 * R6 R7", "*", TORNEO) == "R3 R4 * R6 R7 *"
    assert extended("R3 R4 * R6 R7", "*", TORNEO, engine_melds.END_LOW) == "* R3 R4 * R6 R7"
    assert extended("R3 R4 R5 R6 R7 R2", "*", TORNEO) == "R3 R4 R5 R6 R7 R2 *"


def test_R5_natural_arriving_frees_the_wild_and_a_two_goes_home():
    """R5 + seed 003: the natural takes the wild's place; a 2 of the run's colour
    may then land in its own place and become natural."""
    assert extended("R3 R2 R5", "R4") == "R2 R3 R4 R5"
    assert extended("R3 R2 R5", "R4 *") == "R2 R3 R4 R5 *"
    assert extended("R3 R2 R5", "R4 *", end=engine_melds.END_LOW) == "* R2 R3 R4 R5"
    assert extended("R3 R2 R5", "R6 R7") == "R3 R2 R5 R6 R7"


def test_R5_wild_two_of_the_colour_does_not_go_home_unreplaced():
    # B4 B5 B2: the B2 stands for B6; adding B3 and * must not slide it to 2
    assert engine_melds.text(table("B4 B5 B2")) == "B4 B5 B2"
    assert extended("B4 B5 B2", "B3 *") == reasons.TOO_MANY_WILDS
    assert extended("B4 B5 B2", "B3") == "B3 B4 B5 B2"


def test_R5_table_wild_keeps_its_own_tile_when_a_different_wild_joins():
    """R5 torneo: Y8..Y13 R2 (R2 standing for the ace) + Y2: the R2 stays, the
    Y2 takes the free end (it used to swap places with the R2)."""
    assert extended("Y8 Y9 Y10 Y11 Y12 Y13 R2", "Y2", TORNEO) == "Y2 Y8 Y9 Y10 Y11 Y12 Y13 R2"


def test_R5_torneo_natural_two_never_leaves_its_place():
    """seed 002 10.4, R5 torneo: a 2 laid as natural keeps its place."""
    assert extended("B2 B3 B4 B5", "B7", TORNEO) == reasons.GAP     # no wild for B6
    assert extended("B2 B3 B4 B5", "*", TORNEO) == "B2 B3 B4 B5 *"
    assert extended("B2 B3 B4 B5", "B7", BURAKO) == "B3 B4 B5 B2 B7"


def test_R5_swap_puts_the_natural_in_the_wild_s_place():
    # R11 ace after 13: R11 R12 R13 * (the joker is the ace); swapping R1 must
    # put the ace where the joker stood, never at the low end
    g = position(racks=["R1 K9", "K5"], melds=[["R11 R12 R13 *"], []])
    assert g.play(mv("swap 0 R1")) == reasons.OK
    assert engine_melds.text(g.melds[0][0]) == "* R11 R12 R13 R1"


@pytest.mark.parametrize("text", ["R1 R1 R1", "R1 R1 R1 R1 R1 R1 R1 R1 R1", "* * * R5 R5", "K8 K8 K8 *"])
def test_R1_no_meld_holds_more_copies_than_the_box(text):
    """R1: two of each tile and two jokers; R1 x9 was a 135-point canasta."""
    assert refused(text) == reasons.COPIES
    assert engine_melds.from_table(ts(text), BURAKO) == reasons.COPIES


def test_R1_adding_cannot_make_a_third_copy():
    assert extended("R8 R8 B8", "R8") == reasons.COPIES
    assert extended("R3 R4 R5 R6 R7 *", "* *", TORNEO) == reasons.COPIES
    assert extended("R8 R8 B8", "B8") == "R8 R8 B8 B8"


def test_R1_copies_reason_has_text_in_every_language():
    import importlib
    for code in ("es", "it", "en"):
        lang = importlib.import_module("ui.lang_" + code)
        assert len(lang.REASON) == len(reasons_en.TEXT), code


def test_R3_time_up_keeps_the_first_redraw_open():
    """R3.2 / R9: the clock running out is not a move of the first player."""
    g = game.Game(TORNEO, 2, 5)
    assert g.play(mv("draw")) == reasons.OK
    assert g.play(mv("timeup")) == reasons.OK
    assert g.play(mv("redraw")) == reasons.OK


def test_R9_time_up_between_hands_ends_the_match_now():
    """R9 torneo: time-up called after a hand ended: no next hand is dealt."""
    g = closing_position(variant="torneo", scores=(100, 50))
    close_hand(g)
    assert g.phase == game.P_HAND_OVER
    assert g.play(mv("timeup")) == reasons.OK
    assert g.phase == game.P_MATCH_OVER and g.winner == (0 if g.scores[0] > g.scores[1] else 1)
    assert g.play(mv("next")) == reasons.MATCH_OVER


def test_R9_time_up_between_hands_on_a_tie_plays_one_more_hand():
    g = closing_position(variant="torneo")
    close_hand(g)
    g.scores = [700, 700]
    assert g.play(mv("timeup")) == reasons.OK
    assert g.phase == game.P_HAND_OVER and g.winner == -1 and g.timeup
    assert g.play(mv("next")) == reasons.OK and g.phase == game.P_DRAW


def test_R11_void_hand_after_time_up_ends_the_match_on_the_totals():
    """R8 vs R9 (R11 reading): the time is up and the stock runs out with no
    canasta: no redeal, the totals as they stand decide."""
    g = position(variant="torneo", racks=["R9 R10", "K5 K6"], melds=[["Y3 Y4 Y5"], []],
                 phase=game.P_DRAW, stock_empty=True, scores=(300, 400))
    assert g.play(mv("timeup")) == reasons.OK
    assert g.play(mv("draw")) == reasons.OK
    assert g.void and g.scores == [300, 400]
    assert g.phase == game.P_MATCH_OVER and g.winner == 1
    # on equal totals the void hand is dealt again (R9: a tie takes one more hand)
    g = position(variant="torneo", racks=["R9 R10", "K5 K6"], melds=[["Y3 Y4 Y5"], []],
                 phase=game.P_DRAW, stock_empty=True, scores=(300, 300))
    g.play(mv("timeup"))
    g.play(mv("draw"))
    assert g.phase == game.P_HAND_OVER and g.play(mv("next")) == reasons.OK


def test_R9_time_up_only_once_and_never_in_burako():
    g = closing_position(variant="torneo")
    assert g.play(mv("timeup")) == reasons.OK
    assert g.play(mv("timeup")) == reasons.WRONG_PHASE
    assert closing_position().play(mv("timeup")) == reasons.WRONG_PHASE


def test_a_variant_names_each_rule_it_sets():
    # R10: engine/rules.py Rules takes its fields by keyword only, so no variant's list of
    # rules can shift by one place
    fields = dict(players=(2, 4), rack2=12, rack4=11, max_wilds=1, wild_ratio=2, joker_value=50,
                  pile_open=True, muerto_bonus=100, lock_natural_two=False,
                  void_without_canasta=False, target=3000, minutes=0, melds_negative=True)
    r = engine_rules.Rules("burako", **fields)
    assert all(getattr(r, k) == v for k, v in fields.items())
    assert all(getattr(r, k) == getattr(engine_rules.BURAKO, k) for k in vars(engine_rules.BURAKO))
    with pytest.raises(TypeError):
        engine_rules.Rules("burako", *fields.values())
