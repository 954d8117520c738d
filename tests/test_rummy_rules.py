"""Rummy israeli rules (docs/rules.md R13.1..R13.9), seed 000's examples as tests,
and the engine's conventions: a refused move changes nothing."""
import pytest

from rummy import rules as rummy
from engine import tiles


def tb(text):
    return rummy.parse_table(text)


def rk(text):
    return bytearray(tiles.parse_list(text))


def position(table, rack, exposed=True, closing=rummy.NO_TILE, n=2):
    g = rummy.Game(n, 1)
    g.table = [bytes(m) for m in tb(table)]
    g.racks[0] = rk(rack)
    g.exposed[0] = 1 if exposed else 0
    g.closing = closing
    g.turn = 0
    g.phase = rummy.P_PLAY
    return g


def snapshot(g):
    return (list(map(bytes, g.table)), [bytes(r) for r in g.racks], bytes(g.stock), g.closing,
            bytes(g.exposed), g.turn, g.phase, list(g.scores), g.passes, g.hand)


def play(g, table_text):
    return g.play((rummy.PLAY, tb(table_text)))


# --- R13.1, R13.3: tiles and set-up -----------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_R13_3_deal_fifteen_stacks_of_seven_and_a_closing_tile(n):
    g = rummy.Game(n, 7)
    assert all(len(r) == 14 for r in g.racks)
    assert len(g.stock) == 105 - 14 * n
    assert g.closing != rummy.NO_TILE
    every = bytearray(g.stock) + bytearray([g.closing])
    for r in g.racks:
        every += r
    assert sorted(every) == sorted(tiles.full_deck())


def test_R13_3_same_seed_same_deal_and_the_first_player_rotates():
    a, b = rummy.Game(3, 11), rummy.Game(3, 11)
    assert a.racks == b.racks and a.stock == b.stock and a.closing == b.closing
    assert a.turn == 0
    a.hand = 1
    a.deal()
    assert a.turn == 1 and a.hand == 2


# --- R13.2: melds -------------------------------------------------------------------
@pytest.mark.parametrize("text", ["R1 R2 R3", "B11 B12 B13", "Y5 * Y7", "* K12 K13", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13",
                                  "R8 B8 K8", "R8 B8 Y8 K8", "R8 * K8", "K2 R2 Y2"])
def test_R13_2_valid_melds(text):
    assert rummy.check_meld(rk(text)) == rummy.OK


@pytest.mark.parametrize("text,why", [
    ("R12 R13 R1", rummy.BAD_RUN),        # 1 does not follow 13
    ("R13 * R2", rummy.BAD_RUN),
    ("R3 R5 R6", rummy.BAD_RUN),
    ("R3 R4", rummy.TOO_FEW),
    ("R8 R8 K8", rummy.BAD_SET),          # every colour different
    ("R8 B8 Y8 K8 *", rummy.BAD_SET),     # at most 4
    ("R8 B9 K10", rummy.NOT_A_MELD),
    ("R12 R13 *", rummy.OK),              # the joker may only stand for R11... as written, R14: refused below
])
def test_R13_2_invalid_melds(text, why):
    if why == rummy.OK:
        assert rummy.check_meld(rk(text)) == rummy.BAD_RUN      # jokers stand where they sit: R14 does not exist
        assert rummy.check_meld(rk("* R12 R13")) == rummy.OK
        return
    assert rummy.check_meld(rk(text)) == why


def test_R13_2_a_single_natural_with_two_jokers_is_a_run_when_it_can_be():
    assert rummy.kind(rk("R5 * *")) == rummy.RUN and rummy.meld_points(rk("R5 * *")) == 18
    assert rummy.kind(rk("R13 * *")) == rummy.SET and rummy.meld_points(rk("R13 * *")) == 39


def test_R13_2_arrange_puts_tiles_in_table_order():
    assert rummy.arrange(rk("R7 * R5")) == bytes(rk("R5 * R7"))
    assert rummy.arrange(rk("R12 * R13")) == bytes(rk("* R12 R13"))
    assert rummy.arrange(rk("K8 * B8")) == bytes(rk("B8 K8 *"))
    assert rummy.arrange(rk("K8 B9 *")) is None


def test_R13_6_points_joker_counts_as_the_tile_it_stands_for():
    assert rummy.meld_points(rk("R3 * R5")) == 12
    assert rummy.meld_points(rk("K10 B10 *")) == 30


# --- R13.4: the turn ------------------------------------------------------------------
def test_R13_4_draw_first_then_play_or_pass():
    g = rummy.Game(2, 3)
    before = snapshot(g)
    assert g.play((rummy.PASS, ())) == rummy.MUST_DRAW
    assert snapshot(g) == before
    top = g.stock[-1]
    assert g.play((rummy.DRAW, ())) == rummy.OK
    assert g.racks[0][-1] == top and len(g.racks[0]) == 15
    assert g.play((rummy.DRAW, ())) == rummy.WRONG_PHASE
    assert g.play((rummy.PASS, ())) == rummy.OK
    assert g.turn == 1 and g.phase == rummy.P_DRAW


def test_R13_4_empty_stock_a_round_of_passes_ends_the_hand():
    g = rummy.Game(3, 3)
    g.stock = bytearray()
    g.phase = rummy.P_PLAY
    racks = [bytes(r) for r in g.racks]
    for p in range(3):
        assert g.turn == p and g.phase == rummy.P_PLAY      # no draw with the stock gone
        assert g.play((rummy.PASS, ())) == rummy.OK
    assert g.phase == rummy.P_HAND_OVER
    assert g.scores == [rummy.penalty(r) for r in racks]


# --- R13.5: the atomic play -------------------------------------------------------------
def test_R13_5_seed_000_example_add_and_take_out():
    """Rack Y10 B7 K7, table Y7 Y8 Y9: Y10 goes on the run, the Y7 comes out
    into the set B7 K7 Y7."""
    g = position("Y7 Y8 Y9", "Y10 B7 K7 R1")
    assert play(g, "Y8 Y9 Y10 | B7 K7 Y7") == rummy.OK
    assert bytes(g.racks[0]) == bytes(rk("R1"))
    assert g.table == list(tb("Y8 Y9 Y10 | B7 K7 Y7"))


def test_R13_5_seed_000_example_split_a_run():
    """Rack Y5, table Y3..Y7: split into 3-4-5 and 5-6-7."""
    g = position("Y3 Y4 Y5 Y6 Y7", "Y5 R1")
    assert play(g, "Y3 Y4 Y5 | Y5 Y6 Y7") == rummy.OK


def test_R13_5_seed_000_example_two_tiles_taken_for_a_new_set():
    """Rack K2, table red run 2-3-4-5 and the four 2s: Y2 from the set, R2
    from the run, a set K2 R2 Y2; the run keeps 3-4-5, the set 3 tiles."""
    g = position("R2 R3 R4 R5 | R2 B2 Y2 K2", "K2 R1")
    assert play(g, "R3 R4 R5 | R2 B2 K2 | K2 R2 Y2") == rummy.OK


def test_R13_5_a_table_tile_never_goes_back_to_the_rack():
    g = position("Y3 Y4 Y5 Y6", "Y7 R1")
    before = snapshot(g)
    assert play(g, "Y4 Y5 Y6 Y7") == rummy.TABLE_TILE_GONE
    assert snapshot(g) == before


def test_R13_5_only_rack_tiles_may_be_laid_and_at_least_one():
    g = position("Y3 Y4 Y5 Y6", "Y7 R1")
    before = snapshot(g)
    assert play(g, "Y3 Y4 Y5 Y6 Y7 Y8") == rummy.NOT_IN_RACK
    assert play(g, "Y3 Y4 Y5 | Y6 * *") in (rummy.TABLE_TILE_GONE, rummy.NOT_IN_RACK)
    assert play(g, "Y3 Y4 Y5 Y6") == rummy.NOTHING_LAID
    assert play(g, "Y3 Y4 Y5 Y6 Y7 R1") == rummy.NOT_A_MELD
    assert snapshot(g) == before


def test_R13_5_every_meld_valid_at_the_end():
    g = position("Y3 Y4 Y5 Y6", "Y7 R1")
    assert play(g, "Y3 Y4 | Y5 Y6 Y7") == rummy.TOO_FEW


# --- R13.6: the first exposure -----------------------------------------------------------
def test_R13_6_first_exposure_needs_30_points_from_the_rack():
    g = position("R3 R4 R5", "K9 B9 Y9 R1", exposed=False)
    before = snapshot(g)
    assert play(g, "R3 R4 R5 | K9 B9 Y9") == rummy.FIRST_30          # 27
    assert snapshot(g) == before
    g = position("R3 R4 R5", "K10 B10 Y10 R1", exposed=False)
    assert play(g, "R3 R4 R5 | K10 B10 Y10") == rummy.OK
    assert g.exposed[0] == 1


def test_R13_6_first_exposure_counts_a_joker_as_its_tile_and_leaves_the_table_alone():
    g = position("R3 R4 R5", "K10 B10 * R1", exposed=False)
    assert play(g, "R3 R4 R5 | K10 B10 *") == rummy.OK                # 10 + 10 + 10
    g = position("R3 R4 R5", "R6 K10 B10 Y10", exposed=False)
    assert play(g, "R3 R4 R5 R6 | K10 B10 Y10") == rummy.FIRST_OWN


# --- R13.7: jokers ---------------------------------------------------------------------------
def test_R13_7_swap_a_run_joker_and_use_it_in_the_same_turn():
    g = position("R3 * R5", "R4 B9 K9 Y1")
    assert play(g, "R3 R4 R5 | B9 K9 *") == rummy.OK


def test_R13_7_a_freed_joker_cannot_go_back_to_the_rack():
    g = position("R3 * R5 R6", "R4 B9")
    assert play(g, "R3 R4 R5 R6") == rummy.TABLE_TILE_GONE


def test_R13_7_a_joker_moves_only_when_its_tile_is_laid():
    g = position("R3 R4 R5 * | B9 K9 Y9", "Y1 B1 K1 R13")
    before = snapshot(g)
    # the joker stood for R6: moving it to the set without laying R6 is refused
    assert play(g, "R3 R4 R5 | B9 K9 Y9 * | Y1 B1 K1") == rummy.JOKER_STAYS
    assert play(g, "* R3 R4 R5 | B9 K9 Y9 | Y1 B1 K1") == rummy.JOKER_STAYS
    assert play(g, "R3 R4 R5 * | B9 K9 Y9 | Y1 B1 K1") == rummy.OK
    g = position("R3 R4 R5 * | B9 K9 Y9", "Y1 B1 K1 R13")
    assert snapshot(g) == before
    g = position("R3 R4 R5 * R7 | B9 K9 Y9", "R8 Y1")
    assert play(g, "R3 R4 R5 * R7 R8 | B9 K9 Y9") == rummy.OK       # the joker keeps standing for R6


def test_R13_7_joker_swap_moves_it_where_the_player_wants():
    g = position("R3 R4 R5 * | B9 K9 Y9", "R6 Y1")
    assert play(g, "R3 R4 R5 R6 | B9 K9 Y9 *") == rummy.OK


def test_R13_7_no_swap_in_a_set_of_three():
    g = position("B5 K5 * | R8 R9 R10", "R5 Y5 Y1")
    before = snapshot(g)
    assert play(g, "B5 K5 R5 | R8 R9 R10 *") == rummy.JOKER_SET3
    assert snapshot(g) == before
    # completing it to 4 keeps the joker in the set: allowed
    assert play(g, "B5 K5 R5 * | R8 R9 R10") == rummy.OK


def test_R13_7_swap_in_a_set_of_four():
    g = position("B5 K5 Y5 * | R8 R9 R10", "R5 Y1")
    assert play(g, "B5 K5 Y5 R5 | R8 R9 R10 *") == rummy.OK


# --- R13.8: closing ---------------------------------------------------------------------------
def test_R13_8_laying_the_last_tile_closes_the_hand_and_others_count_their_racks():
    g = position("R3 R4 R5", "R6")
    g.racks[1] = rk("K13 * B2")
    assert play(g, "R3 R4 R5 R6") == rummy.OK
    assert g.phase == rummy.P_HAND_OVER and g.closer == 0
    assert g.history == [[0, 13 + 50 + 2]]
    assert g.play((rummy.NEXT, ())) == rummy.OK and g.hand == 2 and g.turn == 1


def test_R13_8_the_closing_tile_only_to_close():
    g = position("R3 R4 R5", "B9 K9 R1", closing=tiles.parse("Y9"))
    before = snapshot(g)
    assert play(g, "R3 R4 R5 | B9 K9 Y9") == rummy.CLOSING_TILE
    assert snapshot(g) == before
    g = position("R3 R4 R5", "B9 K9", closing=tiles.parse("Y9"))
    assert play(g, "R3 R4 R5 | B9 K9 Y9") == rummy.OK
    assert g.closing == rummy.NO_TILE and g.closer == 0


def test_R13_8_a_rack_copy_of_the_closing_tile_is_used_first():
    g = position("R3 R4 R5", "B9 K9 Y9 R1", closing=tiles.parse("Y9"))
    assert play(g, "R3 R4 R5 | B9 K9 Y9") == rummy.OK
    assert g.closing == tiles.parse("Y9") and bytes(g.racks[0]) == bytes(rk("R1"))


# --- R13.9: the match ---------------------------------------------------------------------------
def test_R13_9_four_hands_and_the_lowest_total_wins():
    g = rummy.Game(2, 1)
    for h in range(4):
        g.stock = bytearray()
        g.phase = rummy.P_PLAY
        g.racks[0] = rk("R1")
        g.racks[1] = rk("R5")
        g.play((rummy.PASS, ()))
        g.play((rummy.PASS, ()))
        if h < 3:
            assert g.phase == rummy.P_HAND_OVER
            g.play((rummy.NEXT, ()))
    assert g.phase == rummy.P_MATCH_OVER and g.scores == [4, 20] and g.winners == [0]
    assert g.play((rummy.NEXT, ())) == rummy.MATCH_OVER


def test_R13_9_a_target_ends_the_match_instead():
    g = rummy.Game(2, 1, hands=0, target=10)
    g.stock = bytearray()
    g.phase = rummy.P_PLAY
    g.racks[1] = rk("R5 R6")
    g.racks[0] = rk("R1")
    g.play((rummy.PASS, ()))
    g.play((rummy.PASS, ()))
    assert g.phase == rummy.P_MATCH_OVER and g.winners == [0]


# --- text and transcripts ------------------------------------------------------------------
def test_move_text_round_trip():
    for text in ("draw", "pass", "next", "play R3 R4 R5 | K7 B7 Y7 *"):
        mv = rummy.parse_move(text)
        assert mv is not None and rummy.move_text(mv) == text
    for bad in ("", "play", "play R3 R4 | X9", "draw R3", "meld R3 R4 R5"):
        assert rummy.parse_move(bad) is None


def test_replay_refuses_the_first_illegal_line():
    text = rummy.header(rummy.Game(2, 5)) + "0 draw\n0 play R1 R2 R3\n"
    g, err = rummy.replay(text.splitlines())
    assert g is not None and err.startswith("line 7")
    g, err = rummy.replay(["hello"])
    assert g is None and "not a Rummy transcript" in err
    g, err = rummy.replay([rummy.MAGIC, "players 9", "seed 1", "0 draw"])
    assert g is None and "2 to 4 players" in err


# --- the workbench a UI drives (rummy/bench.py) ----------------------------------
def test_bench_builds_seed_000_example_1_and_commits_only_when_valid():
    from rummy.bench import Bench

    g = position("Y7 Y8 Y9", "Y10 B7 K7 R1")
    before = snapshot(g)
    b = Bench(g)
    b.pick_rack(0)                 # Y10
    b.put(0)                       # Y7 Y8 Y9 Y10
    b.pick_table(0, 0)             # Y7 in hand
    assert b.status() == (rummy.TILES_HELD, -1)
    b.put(1)                       # a new meld: Y7
    assert b.status() == (rummy.TOO_FEW, 1)
    b.pick_rack(0)                 # B7
    b.put(1)
    b.pick_rack(0)                 # K7
    b.put(1, 0)
    assert b.status() == (rummy.OK, -1)
    assert bytes(b.laid()) == bytes(rk("Y10 B7 K7"))
    assert snapshot(g) == before   # nothing happens until the move is played
    assert g.play(b.move()) == rummy.OK
    assert g.table == list(tb("Y8 Y9 Y10 | K7 Y7 B7"))


def test_bench_table_tiles_never_go_back_to_the_rack_and_reset_undoes_all():
    from rummy.bench import Bench

    g = position("Y7 Y8 Y9", "Y10 R1")
    b = Bench(g)
    b.pick_table(0, 2)
    assert b.put_back() is False
    b.pick_rack(1)
    assert b.put_back() is True and sorted(b.rack) == sorted(rk("Y10 R1"))
    b.reset()
    assert [bytes(m) for m in b.melds] == list(tb("Y7 Y8 Y9")) and not b.held
    b.pick_rack(0)
    b.put(0, 0)
    assert b.status() == (rummy.BAD_RUN, 0)          # Y10 Y7 Y8 Y9
    assert b.tidy(0) is True and b.status() == (rummy.OK, -1)
    assert bytes(b.melds[0]) == bytes(rk("Y7 Y8 Y9 Y10"))


def test_bench_closing_tile():
    from rummy.bench import Bench

    g = position("R3 R4 R5", "B9 K9", closing=tiles.parse("Y9"))
    b = Bench(g)
    b.pick_closing()
    b.put(1)
    b.pick_rack(0)
    b.put(1)
    assert b.status() == (rummy.TOO_FEW, 1)
    b.pick_rack(0)
    b.put(1)
    assert b.tidy(1) and b.status() == (rummy.OK, -1)
    assert sorted(b.laid()) == sorted(rk("B9 K9 Y9"))
    assert g.play(b.move()) == rummy.OK and g.closer == 0


def test_rummy_tests_cite_subsections_of_R13_that_exist():
    """Every R13.n a Rummy test names or cites is a subsection of docs/rules.md's R13."""
    import pathlib
    import re

    root = pathlib.Path(__file__).resolve().parent.parent
    rules = (root / "docs" / "rules.md").read_text()
    have = set(re.findall(r"(?m)^### (R13\.\d+) ", rules))
    assert "## R13 Rummy israel" in rules and len(have) >= 9
    cited = set()
    for f in list((root / "tests").glob("test_rummy_*.py")) + [root / "tests" / "test_ui_rummy.py"]:
        text = f.read_text()
        cited |= {"R13.%s" % n for n in re.findall(r"def test_R13_(\d+)_", text)}
        cited |= set(re.findall(r"\bR13\.\d+", text))
        assert not re.search(r"\bRI\d", text), f.name      # the old numbering
    assert cited and cited <= have, cited - have
