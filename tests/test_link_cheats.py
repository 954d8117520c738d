"""A cheating peer against an honest console (issue 33; docs/link.md "A cheating peer"): the attacks
of tests/cheats.py, each run by a real console that holds real keys and speaks the real protocol,
against a victim on CPython and inside real MicroPython at the device's heap (tests/hostile.py
drive()). Each ends with the victim's game and save as they were before the cheat and the link
ended naming the peer at the step (or the frame refused); silences within their limit."""
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import cheats
import hostile
from hiddenkit import hidden_consoles, same_hidden_match
from link import hidden
from link import hide
from link import msg
from link import session

VICTIMS = ["cpython", pytest.param("micropython", marks=pytest.mark.micropython)]
# seeds whose deal gives the attacker the seat an attack needs (hostile.drive: the victim's nonces
# from seed * 2 + 1, the attacker's from seed * 2 + 2; the guest's are its own): checked in each run
SEAT = {("cpython", 0): 3, ("cpython", 1): 1, ("micropython", 0): 1, ("micropython", 1): 3}


# The victim inside MicroPython (engine, AI and Link, no UI): hidden hands are the console UF2's
# (docs/link.md), whose heap has ~200 KB free at the table; the harness collects only between
# steps, so the guest gets the WASI harness's whole-console ceiling to lay its blocks out in
# (a 3.9 KB save no longer found a hole at 131072) and its sampled peak (live data and one
# step's garbage) is held to the stock budget.
HIDDEN_HEAP = 196608
PEAK = 131072


def run(scen, victim, seed=1, hidden_hands=True, **kw):
    if victim == "micropython" and hidden_hands:
        kw["heap"] = HIDDEN_HEAP
    out, atk, clock, (before, took) = hostile.drive(scen, victim, seed=seed, hidden=hidden_hands, **kw)
    if victim == "micropython":
        assert out.peak < PEAK, out.peak
    return out, atk, before, took


def unchanged(out, before):
    count, log, saves = before
    assert out.count == count and out.log == log          # the victim's match as before the cheat
    assert out.saves == saves                              # and its save: nothing written since


@pytest.mark.parametrize("victim", VICTIMS)
def test_an_open_nobody_asked_for_is_refused_at_once_and_never_stops_the_console(victim):
    # the one-frame crash: the peer's OPEN of stock tiles, then it draws one of them
    out, atk, before, took = run(cheats.unasked_open, victim)
    assert out.state == session.ENDED and out.reason == msg.R_HIDDEN and not out.by_peer
    assert took is not None and took < 1000
    unchanged(out, before)


def _why(out, atk, victim):
    # the check that caught the peer: the CPython victim's Link, the guest's last report
    return out.why


@pytest.mark.parametrize("victim", VICTIMS)
def test_a_draw_opened_to_another_tile_is_refused_at_once(victim):
    out, atk, before, took = run(cheats.chosen_draw, victim)
    assert out.state == session.ENDED and out.reason == msg.R_HIDDEN and out.why == hidden.BAD_OPEN
    assert took is not None and took < 1000
    unchanged(out, before)


@pytest.mark.parametrize("victim", VICTIMS)
def test_a_deck_that_copies_the_victims_rack_is_refused_where_it_arrives(victim):
    out, atk, before, took = run(cheats.deck_copy, victim, seed=SEAT[(victim, 1)])
    assert out.state == session.ENDED and out.reason == msg.R_HIDDEN and out.why == hidden.BAD_ELEMENT
    assert took is not None and took < 2000
    assert atk.link.hidden.h.known == bytearray(b"\xff" * atk.link.hidden.h.n) or \
        all(atk.link.hidden.h.known[j] == 255 for j in range(atk.link.hidden.k))   # it read nothing of A's


@pytest.mark.parametrize("victim", VICTIMS)
def test_a_tagged_pass_element_is_refused_where_it_arrives(victim):
    out, atk, before, took = run(cheats.tagged_element, victim, seed=SEAT[(victim, 0)])
    assert out.state == session.ENDED and out.reason == msg.R_HIDDEN and out.why == hidden.BAD_ELEMENT
    assert took is not None and took < 60_000


@pytest.mark.parametrize("victim", VICTIMS)
@pytest.mark.parametrize("when,decoy", [("deal", "seal"), ("draw", "seal"), ("key", "ask")])
def test_a_step_withheld_while_talking_is_silence_named_within_the_limit(victim, when, decoy):
    out, atk, before, took = run(cheats.stall(when, decoy), victim)
    assert out.state == session.ENDED and out.reason == msg.R_HIDDEN and out.by_peer
    assert out.why == hidden.WHY_SILENT
    assert took is not None and hide._QUIET_MS <= took < hide._QUIET_MS + 3_000


@pytest.mark.parametrize("victim", VICTIMS)
@pytest.mark.parametrize("hidden_hands", [True, False])
def test_a_catch_up_never_answered_is_named_within_30_s(victim, hidden_hands):
    out, atk, before, took = run(cheats.catch_up_stall, victim, hidden_hands=hidden_hands)
    assert out.state == session.ENDED and out.reason in (session.R_SILENT, msg.R_HIDDEN) and out.by_peer
    assert took is not None and took <= 31_000
    unchanged(out, before)


@pytest.mark.parametrize("victim", VICTIMS)
@pytest.mark.parametrize("hidden_hands", [True, False])
def test_a_catch_up_of_moves_the_rules_refuse_ends_at_the_first(victim, hidden_hands):
    out, atk, before, took = run(cheats.refused_log, victim, hidden_hands=hidden_hands)
    assert out.state == session.ENDED and out.reason == session.R_CHEAT
    assert took is not None and took < 2000
    unchanged(out, before)


@pytest.mark.parametrize("victim", VICTIMS)
def test_a_commit_withheld_ends_the_deal_within_20_s(victim):
    out, atk, before, took = run(cheats.no_commit, victim, hidden_hands=False)
    assert out.state == session.ENDED and out.reason == session.R_NO_REVEAL and out.by_peer
    assert took is not None and took <= 21_000


# --- random well-formed messages, built with the peer's real keys ------------------------------
def _forged(kind, h, rnd, n_hand):
    """A hidden-hands message of `kind`, well formed and built from the attacker's real Hand h:
    real elements, real layers removed with real proofs, real commitments, positions and tiles
    drawn by rnd (a random.Random) from what it knows or at random."""
    n = h.n
    pos = lambda: rnd.randrange(n)               # noqa: E731
    if kind == hidden.SEAL:
        key = h.key if h.key is not None and rnd.random() < 0.5 else hidden.power(hidden.G, rnd.randrange(2, 1000))
        return bytes((hidden.SEAL,)) + (h.seal if rnd.random() < 0.5 else bytes(rnd.randrange(256) for _ in range(32))) \
            + key.to_bytes(32, "little")
    if kind in (hidden.SHUF, hidden.DECK):
        start = rnd.choice((0, h.got, rnd.randrange(n)))
        k = rnd.randrange(1, 3)
        els = [hidden.power(hidden.element(rnd.randrange(n)), h.e) for _ in range(k)]
        if rnd.random() < 0.5 and h.ready():
            els = [int.from_bytes(h.deck[32 * j:32 * j + 32], "little") for j in (pos() for _ in range(k))]
        return bytes((kind, start % 256, k)) + b"".join(x.to_bytes(32, "little") for x in els)
    if kind == hidden.OPEN:
        if not h.ready():
            return None
        j, other = pos(), pos()
        body = h.prove(other if rnd.random() < 0.5 else j)
        return bytes((hidden.OPEN, rnd.randrange(2), 1, j)) + body
    if kind in (hidden.SHOW, hidden.RESHOW):
        k = rnd.randrange(1, 3)
        pairs = b"".join(bytes((pos(), rnd.randrange(n))) for _ in range(k))
        head = bytes((hidden.SHOW, k)) if kind == hidden.SHOW else bytes((hidden.RESHOW, rnd.randrange(256), 0, k))
        return head + pairs
    if kind == hidden.KEY:
        return bytes((hidden.KEY,)) + (h.secret if rnd.random() < 0.3 else bytes(rnd.randrange(256) for _ in range(32)))
    what = rnd.choice((0, 1, 3))
    hand = n_hand + rnd.choice((-1, 0, 1))
    if what == 0:
        return bytes((hidden.ASK, 0, hand & 255, rnd.randrange(n)))
    if what == 1:
        return bytes((hidden.ASK, 1, hand & 255)) + bytes(pos() for _ in range(rnd.randrange(1, 4)))
    return bytes((hidden.ASK, 3, hand & 255))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(at=st.integers(0, 80), kind=st.integers(hidden.SEAL, hidden.RESHOW), salt=st.integers(0, 2**16))
def test_random_well_formed_messages_with_real_keys_never_raise_nor_count_a_cheated_hand(at, kind, salt):
    """At a random moment (in the deal when `at` is 0) the attacker slips one well-formed message of a
    random kind, built with its real keys, among its honest ones: nothing raises on the victim; a
    hand the victim counts passed its check (why 0); a match played to its end is the same on both."""
    import random
    from host.relay import duel
    a, b, clock, cable = hidden_consoles("burako", 0, 7)
    mid = (lambda a, b, clk: b.link.hidden.stage == 1 and b.link.hidden.h is not None) if at == 0 else \
        (lambda a, b, clk: a.link.count >= at)
    a, b, clock, cable = duel(consoles=(a, b), clock=clock, cable=cable, until=mid, max_ms=20_000_000)
    H = b.link.hidden
    p = _forged(kind, H.h, random.Random(salt), H.hand)
    if p is not None:
        assert b.link.t.send(p)
    counted = []

    def watch(a, b, clk):
        g = a.link.game
        if g is not None and len(g.history) > len(counted):
            counted.append(a.link.hidden.why)       # a hand the victim counted: checked, not cheated
        return a.link.state == session.ENDED and b.link.state == session.ENDED and a.link.idle()
    a, b, clock, cable = duel(consoles=(a, b), clock=clock, cable=cable, until=watch, max_ms=20_000_000)
    assert all(w == hidden.OK for w in counted)
    assert a.link.state == session.ENDED
    if a.link.reason == session.R_MATCH_OVER:
        same_hidden_match(a, b)
    else:
        assert a.link.game is None or a.link.game.void or a.link.reason != msg.R_HIDDEN
