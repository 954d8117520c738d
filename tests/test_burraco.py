"""Italian Burraco (seed 001) as the `burraco` variant of the one engine: every
rule is a test named after its line in docs/rules.md R12 (and R10/R11)."""
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from engine import codec
from engine import game
from engine import melds as engine_melds
from engine import notation
from engine import reasons
from engine import rules
from engine import score
from engine import tiles
from engine import transcript
import enginekit

BU = rules.BURRACO
ROOT = Path(__file__).resolve().parent.parent


def cs(text):
    out = tiles.parse_list(text, cards=True)
    assert out is not None, text
    return bytes(out)


def mv(text):
    m = notation.parse_move(text, cards=True)
    assert m is not None, text
    return m


def meld(text, end=engine_melds.END_DEFAULT):
    m = engine_melds.make(cs(text), end, BU)
    return m if isinstance(m, int) else engine_melds.text(m, True)


def extended(table, add, end=engine_melds.END_DEFAULT):
    m = engine_melds.from_table(cs(table), BU)
    assert not isinstance(m, int), table
    r = engine_melds.extend(m, cs(add), end, BU)
    return r if isinstance(r, int) else engine_melds.text(r, True)


def position(n=2, racks=None, melds=((), ()), pile="", taken=(0, 0), turn=0,
             phase=game.P_PLAY, stock=None):
    """An exact burraco position (tests/enginekit.py); stock=k keeps only k
    cards in the stock, the rest under the pile, so all 108 are somewhere."""
    g = enginekit.position("burraco", n, racks, melds, pile, taken=taken, turn=turn, phase=phase)
    if stock is not None:
        g.pile = g.stock[:len(g.stock) - stock] + g.pile
        g.stock = g.stock[len(g.stock) - stock:]
    assert sum(g.tile_count()) == 108
    return g


def refused(g, move, reason):
    before = codec.encode(g)
    assert g.play(mv(move)) == reason
    assert codec.encode(g) == before      # an illegal move changes nothing


# --- R12.1 cards -----------------------------------------------------------
def test_R12_1_deck_has_108_cards_two_of_each_and_four_jokers():
    d = tiles.full_deck(BU.jokers)
    assert len(d) == 108
    c = tiles.counts(d)
    assert all(c[i] == 2 for i in range(52)) and c[tiles.JOKER] == 4
    assert tiles.full_deck() == tiles.full_deck(2) and len(tiles.full_deck()) == 106   # Burako unchanged
    g = game.Game(BU, 4, 7)
    assert sum(g.tile_count()) == 108 and g.tile_count()[tiles.JOKER] == 4


def test_R12_1_copies_follow_the_deck():
    assert meld("5C 5C 5C") == reasons.COPIES
    assert tiles.over_copies(cs("* * * *"), 4) == -1
    assert tiles.over_copies(cs("* * * * *"), 4) == tiles.JOKER
    assert tiles.over_copies(cs("* * *")) == tiles.JOKER      # Burako: two jokers


def test_R12_1_card_notation_every_card_round_trips():
    for code in range(tiles.NCODES):
        text = tiles.to_text(code, True)
        assert tiles.parse(text, True) == code
        assert tiles.parse(text.lower(), True) == code
        assert text == text.upper()
    assert tiles.list_text(cs("ah 2s 10d jc qs kd *"), True) == "AH 2S 10D JC QS KD *"
    assert tiles.parse("AH", True) == tiles.tile(1, 1)          # suits S H D C are colours 0..3
    for bad in ("1H", "11S", "AX", "H", "10", "R5", "0S", "A", "**", "ZZ"):
        assert tiles.parse(bad, True) == -1, bad
    assert tiles.parse("AH") == -1                          # tile notation stays tiles
    assert notation.move_text(mv("meld 10h jh qh"), True) == "meld 10H JH QH"


# --- R12.2 set-up -------------------------------------------------------------
@pytest.mark.parametrize("n", (2, 4))
def test_R12_2_eleven_cards_each_two_pozzetti_and_one_card_turned_up(n):
    g = game.Game(BU, n, 3)
    assert [len(r) for r in g.racks] == [11] * n
    assert [len(m) for m in g.muertos] == [11, 11]
    assert len(g.pile) == 1
    assert len(g.stock) == 108 - 11 * n - 22 - 1
    assert (game.PILE, 0, b"", 0) in list(g.legal_moves())


def test_R12_2_no_redraw_of_the_first_draw():
    g = game.Game(BU, 2, 3)
    assert g.play(mv("draw")) == reasons.OK
    assert g.check(mv("redraw")) == reasons.NO_REDRAW
    assert all(m[0] != game.REDRAW for m in g.legal_moves())


# --- R12.3 wilds ------------------------------------------------------------------
def test_R12_3_jokers_and_twos_are_wild_at_most_one_per_meld():
    assert meld("5C * 7C") == "5C * 7C"
    assert meld("5C 2H 7C") == "5C 2H 7C"
    assert meld("5C * 2H 8C") == reasons.TOO_MANY_WILDS
    assert meld("5C 5H * 2S") == reasons.TOO_MANY_WILDS
    assert meld("* * 2S") == reasons.FEW_NATURALS


def test_R12_3_a_two_of_the_suit_in_its_own_place_is_natural():
    assert meld("AH 2H 3H *") == "AH 2H 3H *"
    m = engine_melds.make(cs("AH 2H 3H"), engine_melds.END_DEFAULT, BU)
    assert engine_melds.is_pure(m)


# --- R12.4 sequences ------------------------------------------------------------
def test_R12_4_sequence_of_one_suit_ace_low_or_high_14_cards_with_a_wild():
    assert meld("QH KH AH") == "QH KH AH"
    assert meld("QH KH AS") == reasons.MIXED
    assert meld("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH *") == \
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH *"
    assert meld("KH AH 2H") == "2H KH AH"     # no wrap (R11): the 2 is a wild below the K


# --- R12.5 sets ------------------------------------------------------------------
def test_R12_5_set_suits_may_repeat_up_to_nine_cards():
    assert meld("5C 5C 5H") == "5H 5C 5C"
    assert meld("5S 5S 5H 5H 5D 5D 5C 5C *") == "5S 5S 5H 5H 5D 5D 5C 5C *"
    # ten cards would need two wilds or a third copy: the deck and R12.3 forbid it
    assert BU.max_set == 9
    assert engine_melds.make_set(cs("5S 5S 5H 5H 5D 5D 5C 5C * *"), BU) in (reasons.TOO_MANY_WILDS, reasons.SET_TOO_BIG)


def test_R12_5_set_of_more_than_nine_is_refused():
    # the limit itself, with a rules record that would allow the two wilds
    loose = rules._burraco()
    loose.max_wilds = 2
    assert engine_melds.make_set(cs("5S 5S 5H 5H 5D 5D 5C 5C * *"), loose) == reasons.SET_TOO_BIG


def test_R12_5_no_second_set_of_a_rank_the_side_already_has():
    g = position(racks=["7H 7D 7S 4C 9D", ""], melds=(("7C 7C 7S",), ()))
    refused(g, "meld 7H 7D 7S", reasons.SET_TWICE)
    assert g.play(mv("add 0 7H")) == reasons.OK             # it grows instead
    g2 = position(racks=["7H 7D 7S 4C 9D", ""], melds=((), ("7C 7C 7S",)))
    assert g2.play(mv("meld 7H 7D 7S")) == reasons.OK        # the other side's set does not count


# --- R12.6 burraco -----------------------------------------------------------
def test_R12_6_burraco_pulito_200_sporco_100():
    pulito = engine_melds.make(cs("3H 4H 5H 6H 7H 8H 9H"), engine_melds.END_DEFAULT, BU)
    sporco = engine_melds.make(cs("3H 4H 5H * 7H 8H 9H"), engine_melds.END_DEFAULT, BU)
    short = engine_melds.make(cs("3H 4H 5H 6H 7H 8H"), engine_melds.END_DEFAULT, BU)
    assert engine_melds.is_canasta(pulito, BU) and engine_melds.is_canasta(sporco, BU) and not engine_melds.is_canasta(short, BU)
    b = score.side([pulito, sporco], [], True, False, BU)
    assert b[score.PURE] == 1 and b[score.IMPURE] == 1
    assert b[score.TOTAL] == b[score.MELDED] + 200 + 100


# --- R12.7 pozzetto ----------------------------------------------------------
def test_R12_7_pozzetto_al_volo_by_melding_plays_on():
    g = position(racks=["5H 6H 7H", "3C 4C"])
    assert g.play(mv("meld 5H 6H 7H")) == reasons.OK
    assert g.phase == game.P_EMPTY
    assert g.play(mv("muerto")) == reasons.OK
    assert g.phase == game.P_PLAY and g.turn == 0 and len(g.racks[0]) == 11


def test_R12_7_pozzetto_with_the_discard_is_played_from_the_next_turn():
    g = position(racks=["5H", "3C 4C"])
    assert g.play(mv("discard 5H")) == reasons.OK
    assert g.phase == game.P_EMPTY_DISCARD
    assert list(g.legal_moves()) == [(game.MUERTO, 0, b"", 0)]
    assert g.play(mv("muerto")) == reasons.OK
    assert g.turn == 1 and g.phase == game.P_DRAW and len(g.racks[0]) == 11


def test_R12_7_pozzetto_not_taken_costs_100_and_taking_it_earns_nothing():
    assert score.side([], [], False, False, BU)[score.TOTAL] == -100
    assert score.side([], [], True, False, BU)[score.TOTAL] == 0


# --- R12.8 closing ---------------------------------------------------------------
BURRACO7 = "3H 4H 5H 6H 7H 8H 9H"


def test_R12_8_close_by_the_last_discard_with_a_burraco():
    g = position(racks=["KS", "3C 4C"], melds=((BURRACO7,), ()), taken=(1, 0))
    assert g.play(mv("discard KS")) == reasons.OK
    assert g.play(mv("close")) == reasons.OK
    assert g.phase == game.P_HAND_OVER and g.closer == 0
    assert g.hand_result()[0][score.CLOSE] == 100


def test_R12_8_never_by_melding_the_last_card():
    g = position(racks=["10H JH", "3C 4C"], melds=((BURRACO7,), ()), taken=(1, 0))
    assert g.play(mv("add 0 10H")) == reasons.OK            # one card kept for the discard
    refused(g, "add 0 JH", reasons.KEEP_ONE)


def test_R12_8_not_without_a_burraco():
    g = position(racks=["KS", "3C 4C"], melds=(("3H 4H 5H",), ()), taken=(1, 0))
    refused(g, "discard KS", reasons.KEEP_ONE)


def test_R12_8_never_with_a_wild():
    g = position(racks=["*", "3C 4C"], melds=((BURRACO7,), ()), taken=(1, 0))
    refused(g, "discard *", reasons.CLOSE_WILD)
    g = position(racks=["2S", "3C 4C"], melds=((BURRACO7,), ()), taken=(1, 0))
    refused(g, "discard 2S", reasons.CLOSE_WILD)
    # nor may a meld leave only a wild to close with
    g = position(racks=["10H *", "3C 4C"], melds=((BURRACO7,), ()), taken=(1, 0))
    refused(g, "add 0 10H", reasons.CLOSE_WILD)


def test_R12_8_never_with_the_single_card_taken_from_a_one_card_pile():
    g = position(racks=["QD", "3C 4C"], melds=((BURRACO7,), ()), taken=(1, 0),
                 pile="KS", phase=game.P_DRAW)
    assert g.play(mv("pile")) == reasons.OK
    assert g.check(mv("discard KS")) == reasons.OK          # not the last card: no close
    g = position(racks=["QD", "3C 4C"], melds=((BURRACO7, "QS QH QC"), ()), taken=(1, 0),
                 pile="KS", phase=game.P_DRAW)
    assert g.play(mv("pile")) == reasons.OK
    refused(g, "add 1 QD", reasons.CLOSE_LONE)              # it would leave only KS to close with
    assert g.play(mv("discard QD")) == reasons.OK           # any other card may go
    assert g.phase == game.P_DRAW and g.turn == 1
    g = position(racks=["KS", "3C 4C"], melds=((BURRACO7,), ()), taken=(1, 0))
    g.lone = tiles.parse("KS", True)                      # as the codec restores it
    refused(g, "discard KS", reasons.CLOSE_LONE)


def test_R12_8_a_card_from_a_longer_pile_may_close():
    g = position(racks=["QD", "3C 4C"], melds=((BURRACO7, "QS QH QC"), ()), taken=(1, 0),
                 pile="5D KS", phase=game.P_DRAW)
    assert g.play(mv("pile")) == reasons.OK
    assert g.play(mv("add 1 QD")) == reasons.OK
    assert g.play(mv("discard 5D")) == reasons.OK
    assert g.phase == game.P_DRAW                        # KS kept
    g = position(racks=["QD 5D", "3C 4C"], melds=((BURRACO7, "QS QH QC"), ()), taken=(1, 0),
                 pile="KS", phase=game.P_DRAW)
    assert g.play(mv("pile")) == reasons.OK
    assert g.play(mv("add 1 QD")) == reasons.OK
    refused(g, "meld 5D", reasons.TOO_FEW)
    assert g.check(mv("discard KS")) == reasons.OK          # not the last card: no close


# --- R12.9 the end without closing -----------------------------------------------
def test_R12_9_who_draws_the_third_last_card_plays_one_more_turn_then_the_hand_ends():
    g = position(racks=["5C 9D", "6C 10S"], phase=game.P_DRAW, stock=3)
    assert g.play(mv("draw")) == reasons.OK
    assert len(g.stock) == 2 and g.phase == game.P_PLAY
    assert g.play(mv("discard 9D")) == reasons.OK
    assert g.phase == game.P_HAND_OVER and g.closer == -1
    res = g.hand_result()
    assert res[0][score.CLOSE] == 0 and res[1][score.CLOSE] == 0
    assert g.history == [(res[0][score.TOTAL], res[1][score.TOTAL])]


def test_R12_9_the_turn_before_plays_normally():
    g = position(racks=["5C 9D", "6C 10S"], phase=game.P_DRAW, stock=4)
    assert g.play(mv("draw")) == reasons.OK
    assert g.play(mv("discard 9D")) == reasons.OK
    assert g.phase == game.P_DRAW and g.turn == 1


# --- R12.10 scores ---------------------------------------------------------------
def test_R12_10_card_values():
    vals = {"3H": 5, "7S": 5, "8D": 10, "KC": 10, "10H": 10, "AS": 15, "2D": 20, "*": 30}
    for text, v in vals.items():
        assert tiles.value(tiles.parse(text, True), BU.joker_value) == v, text


def test_R12_10_hand_score_melded_plus_bonuses_minus_rack():
    pulito = engine_melds.from_table(cs(BURRACO7), BU)        # 5*5 + 2*10 = 45
    other = engine_melds.from_table(cs("QS QH *"), BU)        # 10 + 10 + 30 = 50
    b = score.side([pulito, other], [cs("AS 2D")], True, True, BU)
    assert b == (95, 1, 0, 100, 0, -35, 95 + 200 + 100 - 35)
    # melded cards count for the side even without a burraco (seed 001's "punti positivi")
    b = score.side([other], [b""], False, False, BU)
    assert b[score.MELDED] == 50 and b[score.TOTAL] == 50 - 100


# --- R12.11 the match ------------------------------------------------------------
def test_R12_11_match_to_2005_by_default():
    assert BU.target == 2005
    g = game.Game(BU, 2, 1, 500)
    assert g.target == 500


# --- R12.12 match points and victory points ----------------------------------
VP_ROWS = [(0, 50, 10), (55, 150, 11), (155, 250, 12), (255, 350, 13), (355, 500, 14),
           (505, 650, 15), (655, 800, 16), (805, 1000, 17), (1005, 1250, 18),
           (1255, 1500, 19)]


def test_R12_12_seed_example_3000_2700():
    assert score.match_points(3000, 2700) == (300, -300, 13, 7)
    assert score.match_points(2700, 3000) == (-300, 300, 7, 13)


@pytest.mark.parametrize("lo,hi,vp", VP_ROWS)
def test_R12_12_victory_points_at_every_boundary(lo, hi, vp):
    for d in (lo, hi):
        assert score.match_points(2000 + d, 2000) == (d, -d, vp, 20 - vp)
        assert score.match_points(2000, 2000 + d) == (-d, d, 20 - vp, vp)
    # the next multiple of 5 is the next row
    nxt = score.match_points(2000 + hi + 5, 2000)[2]
    assert nxt == vp + 1


def test_R12_12_beyond_1500_is_20_0():
    assert score.match_points(1505, 0)[2:] == (20, 0)
    assert score.match_points(0, 9000)[2:] == (0, 20)
    assert score.match_points(1501, 0)[2:] == (20, 0)
    assert score.match_points(51, 0)[2:] == (11, 9)       # between rows: the next row


# --- R12.13 (R11) wilds move inside their own meld ----------------------------
def test_R12_13_a_natural_takes_the_wilds_place_and_the_wild_goes_to_an_end():
    assert extended("5C * 7C", "6C") == "5C 6C 7C *"


def test_R12_13_a_wild_at_an_end_may_move_into_a_gap():
    assert extended("2C 5C 6C", "8C") == "5C 6C 2C 8C"
    # Burako keeps it (R5): the same cards refused there
    m = engine_melds.from_table(tiles.parse_list("K2 K5 K6"), rules.BURAKO)
    assert isinstance(engine_melds.extend(m, tiles.parse_list("K8"), engine_melds.END_DEFAULT, rules.BURAKO), int)


def test_R12_13_a_wild_never_leaves_its_meld():
    g = position(racks=["8C 9D", ""], melds=(("5C * 7C", "9S 9H 9C"), ()))
    refused(g, "swap 1 9D", reasons.NOT_A_SWAP)


# --- engine-wide properties ---------------------------------------------------
def _walk(seed, n, steps):
    from ai.basic import BasicAI
    g = game.Game(BU, n, seed)
    ai = BasicAI()
    rnd = random.Random(seed)
    for _ in range(steps):
        if g.phase == game.P_MATCH_OVER:
            break
        yield g, rnd
        g.play(ai.choose(g))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.sampled_from((2, 4)))
def test_R12_illegal_actions_change_nothing_and_every_card_stays(seed, n):
    for g, rnd in _walk(seed, n, 150):
        assert sum(g.tile_count()) == 108
        before = codec.encode(g)
        legal = set(g.legal_moves())
        for _ in range(4):
            kind = rnd.randrange(11)
            cards = bytes(rnd.randrange(53) for _ in range(rnd.randrange(1, 4)))
            m = (kind, rnd.randrange(4), cards if kind in (game.MELD, game.ADD, game.SWAP, game.DISCARD) else b"",
                 rnd.randrange(3))
            err = g.check(m)
            if err:
                assert g.play(m) == err
                assert codec.encode(g) == before
                assert m not in legal
        for m in legal:
            assert g.check(m) == reasons.OK


def test_R12_position_round_trips_through_the_codec_with_its_turn_state():
    g = position(racks=["QD", "3C 4C"], melds=((BURRACO7,), ()), taken=(1, 0),
                 pile="KS", phase=game.P_DRAW)
    g.play(mv("pile"))
    g.last = True
    h = codec.decode(codec.encode(g))
    assert h.lone == tiles.parse("KS", True) and h.last and h.drawn == game.NO_TILE
    assert codec.encode(h) == codec.encode(g)
    assert h.check(mv("discard QD")) == reasons.OK
    assert h.check(mv("discard KS")) == reasons.OK        # two cards: KS is not a closing discard
    for seed in range(3):
        for g, _ in _walk(seed, 4, 300):
            assert codec.encode(codec.decode(codec.encode(g))) == codec.encode(g)


def test_R12_ai_matches_end_and_transcripts_replay_in_card_notation():
    from ai.selfplay import play_match
    for n in (2, 4):
        lines = []
        r = play_match("burraco", n, 11, emit=lines.append)
        assert r["winner"] in (0, 1) and max(r["scores"]) >= 2005
        text = "".join(lines)
        assert "variant burraco\n" in text
        assert " R" not in text.split("target")[1] and ("H " in text or "H\n" in text)
        g, err = transcript.replay(text.splitlines())
        assert err is None and list(g.scores) == r["scores"]


# --- the command line --------------------------------------------------------
def burako(*args, stdin=None):
    p = subprocess.run([sys.executable, "-m", "host.cli", *args], cwd=ROOT, input=stdin,
                       capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def test_R12_12_cli_vp_prints_both_sides():
    code, out, err = burako("vp", "3000", "2700")
    assert code == 0 and out.split("\n")[:2] == ["A: +300 MP, 13 VP", "B: -300 MP, 7 VP"]
    code, out, _ = burako("vp", "2700", "3000", "--json")
    assert json.loads(out) == {"mp": [-300, 300], "vp": [7, 13]}
    code, out, err = burako("vp", "3000", "x")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1


def test_R12_cli_meld_score_sim_replay(tmp_path):
    code, out, _ = burako("meld", "--variant", "burraco", "--json", "--onto", "2C 5C 6C", "8c")
    assert code == 0 and json.loads(out)["meld"] == "5C 6C 2C 8C"
    code, out, err = burako("meld", "--variant", "burraco", "R3", "R4", "R5")
    assert code == 2 and "is not a card" in err and out == ""
    f = tmp_path / "hand.json"
    f.write_text(json.dumps({"sides": [
        {"melds": [BURRACO7, "QS QH *"], "racks": ["AS 2D"], "muerto_taken": True, "closed": True},
        {"melds": ["7C 7C 7S", "7H 7D *"], "racks": [""], "muerto_taken": False}]}))
    code, out, err = burako("score", "--variant", "burraco", "--json", str(f))
    assert code == 2 and "already has a set" in err
    f.write_text(json.dumps({"sides": [
        {"melds": [BURRACO7, "QS QH *"], "racks": ["AS 2D"], "muerto_taken": True, "closed": True},
        {"melds": ["7C 7C 7S"], "racks": ["*"], "muerto_taken": False}]}))
    code, out, err = burako("score", "--variant", "burraco", "--json", str(f))
    assert code == 0, err
    sides = json.loads(out)["sides"]
    assert sides[0]["total"] == 360 and sides[1]["total"] == 15 - 30 - 100
    code, out, err = burako("sim", "--variant", "burraco", "--players", "4", "--seed", "5",
                            "--json", "--transcripts", str(tmp_path))
    assert code == 0, err
    tr = tmp_path / "burraco-4p-seed5.txt"
    code, out, err = burako("replay", str(tr))
    assert code == 0 and out.startswith("burraco, 4 players"), err


def test_R12_score_breakdown_speaks_burraco():
    """`burako score --variant burraco` names seed 001's things: burraco
    pulito/sporco and the pozzetto, not canastas and the muerto."""
    hand = ('{"sides": [{"melds": ["3H 4H 5H 6H 7H 8H 9H"], "racks": ["KS"], "muerto_taken": true, "closed": false},'
            ' {"melds": [], "racks": ["*"], "muerto_taken": false, "closed": false}]}')
    code, out, err = burako("score", "--variant", "burraco", "-", stdin=hand)
    assert code == 0, err
    rows = {line[:16].strip(): line[16:].split() for line in out.splitlines()[1:]}
    assert rows["burraco pulito"][:2] == ["1", "(+200)"]
    assert rows["pozzetto"] == ["0", "-100"]
    assert "canastas" not in out and "muerto" not in out
