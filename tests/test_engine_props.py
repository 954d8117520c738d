"""Invariants across random play (hypothesis): no tile is ever lost or
duplicated, an illegal move changes nothing, transcripts replay to the same
state, and scores recompute from melds and racks."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import codec
from engine import game
from engine import melds
from engine import notation
from engine import reasons
from engine import reasons_en
from engine import rules as engine_rules
from engine import score
from engine import tiles as engine_tiles
from engine import transcript
from ai.basic import BasicAI

FULL = engine_tiles.counts(engine_tiles.full_deck())
VARIANTS = st.sampled_from([("burako", 2), ("burako", 4), ("torneo", 2)])
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_game(data, variant, n, seed, steps):
    """Play `steps` moves, each either the AI's choice or a random legal move."""
    g = game.Game(engine_rules.by_name(variant), n, seed)
    lines = [transcript.header(g)]
    ai = BasicAI()
    for _ in range(steps):
        if g.phase == game.P_MATCH_OVER:
            break
        if data.draw(st.booleans(), label="ai"):
            mv = ai.choose(g)
        else:
            moves = list(g.legal_moves())
            mv = moves[data.draw(st.integers(0, len(moves) - 1), label="pick")]
        p = g.turn
        assert g.play(mv) == reasons.OK, notation.move_text(mv)
        lines.append(transcript.line(p, mv))
        yield g, lines


@FAST
@given(VARIANTS, st.integers(0, 2**31), st.data())
def test_no_tile_lost_or_duplicated(vn, seed, data):
    variant, n = vn
    for g, _ in random_game(data, variant, n, seed, 150):
        assert g.tile_count() == FULL


@FAST
@given(VARIANTS, st.integers(0, 2**31), st.data())
def test_transcript_replays_to_the_same_state(vn, seed, data):
    variant, n = vn
    g = lines = None
    for g, lines in random_game(data, variant, n, seed, 120):
        pass
    h, err = transcript.replay("".join(lines).splitlines())
    assert err is None
    assert codec.encode(h) == codec.encode(g)
    assert codec.encode(codec.decode(codec.encode(g))) == codec.encode(g)


def any_move():
    tiles = st.lists(st.integers(0, 52), min_size=0, max_size=5).map(bytes)
    return st.tuples(st.integers(0, 10), st.integers(0, 4), tiles, st.integers(0, 2))


@FAST
@given(VARIANTS, st.integers(0, 2**31), st.data(), st.lists(any_move(), min_size=1, max_size=30))
def test_illegal_moves_change_nothing(vn, seed, data, proposals):
    variant, n = vn
    for g, _ in random_game(data, variant, n, seed, 60):
        pass
    for mv in proposals:
        before = codec.encode(g)
        err = g.play(mv)
        if err:
            assert codec.encode(g) == before, (notation.move_text(mv), reasons_en.text(err))
        assert g.tile_count() == FULL
        assert g.check(mv) == g._prepare(mv)[0]


@settings(max_examples=12, deadline=None)
@given(VARIANTS, st.integers(0, 2**31))
def test_scores_recompute_from_melds_and_racks(vn, seed):
    variant, n = vn
    g = game.Game(engine_rules.by_name(variant), n, seed)
    ai = [BasicAI() for _ in range(n)]
    checked = 0
    while g.phase != game.P_MATCH_OVER and checked < 3:
        g.play(ai[g.turn].choose(g))
        if g.phase in (game.P_HAND_OVER, game.P_MATCH_OVER) and not g.void:
            for s in range(2):
                racks = [g.racks[p] for p in range(s, n, 2)]
                want = score.side(g.melds[s], racks, g.taken[s], g.closer == s, g.rules)[score.TOTAL]
                # by hand, straight from R7, as a second opinion
                melded = sum(melds.points(m, g.rules) for m in g.melds[s])
                pure = sum(1 for m in g.melds[s] if melds.is_canasta(m, g.rules) and melds.is_pure(m))
                impure = sum(1 for m in g.melds[s] if melds.is_canasta(m, g.rules) and not melds.is_pure(m))
                if pure + impure == 0:
                    melded = -melded
                rack = -sum(engine_tiles.value(t) for r in racks for t in r)
                muerto = g.rules.muerto_bonus if g.taken[s] else -100
                close = 100 if g.closer == s else 0
                assert want == melded + 200 * pure + 100 * impure + rack + muerto + close
                assert g.history[-1][s] == want
            checked += 1


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 52), min_size=3, max_size=9), st.sampled_from([0, 1, 2]))
def test_new_meld_is_the_same_tiles_and_legal_when_accepted(tiles, end):
    ts = bytes(tiles)
    for rules in engine_rules.VARIANTS:
        m = melds.make(ts, end, rules)
        if isinstance(m, int):
            continue
        assert sorted(m[melds.HEAD:]) == sorted(ts)
        assert melds.wilds_in(m) <= rules.max_wilds
        assert len(ts) - melds.wilds_in(m) >= 2
        if m[0] == melds.RUN:
            lo = m[2]
            assert 1 <= lo and lo + melds.size(m) - 1 <= 14 and melds.size(m) <= 13
            for i, t in enumerate(m[melds.HEAD:]):
                if not engine_tiles.is_wild(t):
                    p = lo + i
                    assert t == melds.natural_at(m[1], p)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300), st.integers(0, 2**31), st.data())
def test_corrupt_position_bytes_raise_only_codec_error(junk, seed, data):
    good = codec.encode(game.Game(engine_rules.BURAKO, 4, seed))
    cut = data.draw(st.integers(0, len(good)))
    for blob in (junk, good[:cut], good[:cut] + junk, b"BK\x01" + junk):
        try:
            g = codec.decode(blob)
        except codec.CodecError:
            continue
        assert g.tile_count() == FULL
        assert codec.encode(g) == bytes(blob)


def _wild_moves(old, new):
    """R5, checked independently of melds.py: positions of `old` (a run) whose
    wild left without its natural arriving, or whose natural left its place."""
    bad = []
    c = old[1]
    for i in range(melds.HEAD, len(old)):
        p = old[2] + i - melds.HEAD
        j = melds.HEAD + p - new[2]
        now = new[j] if melds.HEAD <= j < len(new) else None
        nat = melds.natural_at(c, p)
        if old[i] != nat and now not in (old[i], nat):
            bad.append(p)
        if old[i] == nat and now != nat and engine_tiles.number(nat) != 2:
            bad.append(p)
    return bad


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(VARIANTS, st.integers(0, 2**31), st.data())
def test_R5_no_add_or_swap_moves_a_table_wild_without_a_natural(vn, seed, data):
    """R5: adding or swapping never relocates a wild (or a natural) already on
    the table, except a wild whose place a natural takes; in torneo a natural
    2 never leaves its place either."""
    variant, n = vn
    rules = engine_rules.by_name(variant)
    g = game.Game(rules, n, seed)
    ai = BasicAI()
    for _ in range(150):
        if g.phase == game.P_MATCH_OVER:
            break
        adds = []
        if g.phase == game.P_PLAY and g.melds[game.side_of(g.turn)] and data.draw(st.booleans(), label="try"):
            adds = [m for m in g.legal_moves() if m[0] in (game.ADD, game.SWAP)]
        if adds:
            mv = adds[data.draw(st.integers(0, len(adds) - 1), label="which")]
        else:
            mv = ai.choose(g)
        s = game.side_of(g.turn)
        old = bytes(g.melds[s][mv[1]]) if mv[0] in (game.ADD, game.SWAP) else None
        assert g.play(mv) == reasons.OK
        if old is not None and old[0] == melds.RUN:
            new = g.melds[s][mv[1]]
            assert not _wild_moves(old, new), (melds.text(old), notation.move_text(mv), melds.text(new))
            if rules.lock_natural_two and melds.has_natural_two(bytearray(old)):
                assert melds.has_natural_two(new)
