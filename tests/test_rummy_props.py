"""Rummy invariants over random play (hypothesis): no tile is ever lost or
duplicated (R13.3, R13.5), a refused play changes nothing, every AI play is legal,
transcripts replay to the same state."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy import ai as rummy_ai
from rummy import rules
from engine import tiles

FULL = sorted(tiles.full_deck())
FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def every_tile(g):
    out = bytearray(g.stock)
    for r in g.racks:
        out += r
    for m in g.table:
        out += m
    if g.closing != rules.NO_TILE:
        out.append(g.closing)
    return sorted(out)


def snapshot(g):
    return (list(map(bytes, g.table)), [bytes(r) for r in g.racks], bytes(g.stock), g.closing,
            bytes(g.exposed), g.turn, g.phase, list(g.scores), g.passes, g.hand, len(g.history))


def mutate(data, g):
    """A plausible but random play: the table with a rack tile pushed into a
    meld, or a meld split, or two melds merged."""
    melds = [bytes(m) for m in g.table]
    rack = g.racks[g.turn]
    how = data.draw(st.integers(0, 2), label="how")
    if how == 0 and rack:
        t = rack[data.draw(st.integers(0, len(rack) - 1), label="tile")]
        if melds:
            i = data.draw(st.integers(0, len(melds) - 1), label="meld")
            melds[i] = melds[i] + bytes([t])
        else:
            melds.append(bytes([t, t, t]))
    elif how == 1 and melds:
        i = data.draw(st.integers(0, len(melds) - 1), label="meld")
        m = melds.pop(i)
        k = data.draw(st.integers(0, len(m)), label="cut")
        melds += [x for x in (m[:k], m[k:]) if x]
    elif len(melds) >= 2:
        melds = [melds[0] + melds[1]] + melds[2:]
    return (rules.PLAY, tuple(melds))


@FAST
@given(st.data(), st.integers(2, 4), st.integers(0, 10**6), st.lists(st.integers(1, 3), min_size=4, max_size=4))
def test_tiles_conserved_and_refusals_change_nothing(data, n, seed, levels):
    g = rules.Game(n, seed, hands=1)
    ais = [rummy_ai.RummyAI(lv, limit=150) for lv in levels[:n]]
    lines = [rules.header(g)]
    for _ in range(400):
        if g.phase == rules.P_MATCH_OVER:
            break
        if g.phase == rules.P_PLAY and data.draw(st.booleans(), label="try a random play"):
            mv = mutate(data, g)
            before = snapshot(g)
            if g.check(mv) != rules.OK:
                assert g.play(mv) != rules.OK
                assert snapshot(g) == before
                continue
        else:
            mv = ais[g.turn].choose(g)
        p = g.turn
        assert g.play(mv) == rules.OK, rules.move_text(mv)
        lines.append(rules.line(p, mv))
        assert every_tile(g) == FULL
        for m in g.table:
            assert rules.check_meld(m) == rules.OK
    # the transcript replays to the same position
    h, err = rules.replay("".join(lines).splitlines())
    assert err is None
    assert snapshot(h) == snapshot(g)


def test_every_ai_level_plays_whole_matches_legally():
    for n, levels in ((2, [1, 3]), (3, [2, 3, 1]), (4, [3, 2, 1, 3])):
        r = rummy_ai.play_match(n, 21, levels=levels)
        assert r["hands"] == 4 and len(r["scores"]) == n and r["refused"] == 0
        assert min(r["scores"]) == min(r["scores"][w] for w in r["winners"])


def test_a_single_natural_with_two_jokers_is_never_played_as_a_set_it_is_not():
    """R13.2: the solver once answered `R9 * *` meaning a set of 9s; the engine
    reads it as the run R9 R10 R11 (this position, from a 3-player match)."""
    from rummy import solve
    table = rules.parse_table("R3 B3 K3 | R13 B13 Y13 K13 | B1 Y1 K1 R1 | R1 B1 Y1 K1 | Y11 Y12 Y13 | "
                           "Y2 Y3 Y4 Y5 Y6 Y7 | R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 | "
                           "K5 K6 K7 K8 * K10 K11 K12 | R8 B8 Y8 K8 | R9 Y9 * | "
                           "B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 | R10 Y10 K10 B10 | R5 B5 Y5")
    rack = bytes(tiles.parse_list("Y2 Y6 K5 Y4 B6 Y11 B2 K11"))
    g = rules.Game(3, 3)
    g.table, g.racks[0], g.exposed[0], g.closing, g.turn, g.phase = list(table), bytearray(rack), 1, 1, 0, rules.P_PLAY
    for limit in (solve.NODES, 20 * solve.NODES):
        r = solve.solve(table, rack, True, 1, limit)
        assert r is not None and g.check_play(r[0]) == rules.OK


def test_a_set_of_twelves_with_two_jokers_stays_a_set():
    """R13.2: `* B12 *` reads as the run B11 B12 B13; the solver writes the set
    as `B12 * *` (from a 4-player match, seed 1023)."""
    from rummy import solve
    table = rules.parse_table("B3 Y3 K3 | B7 Y7 K7 | R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 | B12 Y12 * | "
                           "R13 B13 K13 | B13 Y13 K13 | R12 B12 * | R1 B1 Y1 K1 | K9 K10 K11 K12 | "
                           "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 | Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11 | "
                           "K2 K3 K4 K5 | K4 K5 K6 K7 K8 K9 | R8 B8 Y8 K8 | R11 Y11 K11")
    rack = bytes(tiles.parse_list("B10 K1 B2 R2 B4 R10 B11"))
    g = rules.Game(4, 1023)
    g.table, g.racks[0], g.exposed[0], g.closing, g.turn, g.phase = list(table), bytearray(rack), 1, 37, 0, rules.P_PLAY
    r = solve.solve(table, rack, True, 37)
    assert r is not None and g.check_play(r[0]) == rules.OK


def test_three_player_matches_at_level_3():
    r = rummy_ai.play_match(3, 3)
    assert r["refused"] == 0 and r["hands"] == 4


def test_stronger_levels_score_lower():
    """Level 3 (rearranging) beats level 1 (own melds only) over a few matches."""
    s1 = s3 = 0
    for seed in range(3):
        r = rummy_ai.play_match(2, seed, levels=[3, 1] if seed % 2 else [1, 3])
        a, b = r["scores"]
        s3 += b if seed % 2 == 0 else a
        s1 += a if seed % 2 == 0 else b
    assert s3 < s1


def _parse_by_words(text):
    # R13.1 notation read word by word with engine/tiles.py (what parse_table
    # did before it became one pass over the text)
    if not text.strip():
        return ()
    out = []
    for part in text.split("|"):
        ts = tiles.parse_list(part)
        if not ts:
            return None
        out.append(bytes(ts))
    return tuple(out)


WORDS = st.sampled_from(["R", "b", "Y", "k", "*", "1", "0", "3", "13", "14", "|", " ", ",",
                         "\t", "x", "01", "7", "\n", "R5", "K13", "y1"])


@settings(max_examples=800, deadline=None)
@given(st.lists(WORDS, max_size=14).map("".join))
def test_parse_table_reads_every_text_as_word_by_word_parsing_does(text):
    """R13.1: the one-pass parser accepts and refuses exactly what engine/tiles.py's words do."""
    assert rules.parse_table(text) == _parse_by_words(text)


def test_replaying_yields_after_each_move_then_the_result():
    out = []
    r = rummy_ai.play_match(2, 8, hands=1, emit=out.append)
    lines = "".join(out).split("\n")
    steps = list(rules.replaying(lines))
    assert steps[:-1] == [None] * r["moves"]
    g, err = steps[-1]
    assert err is None and list(g.scores) == r["scores"]
    assert rules.replay(lines)[0].scores == g.scores
