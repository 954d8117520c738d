"""Link cable, session layer (firmware/link/session.py): two consoles in one
process on an in-memory cable (host/relay.py's fault model, simulated clock)
play whole 1v1 matches AI against AI (R2 deal and turn order, R9 match end),
survive pulled cables and power-offs, and refuse a dishonest peer."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import codec
from engine import game
from engine import reasons
from engine import rules
from host.relay import Cable, Console, Faults, SimClock, duel
from link import deal
from link import msg
from link import repair
from link import session
from link.session import Link
from linkkit import inject, unchanged


def _same_match(a, b):
    la, lb = a.link, b.link
    assert la.match_id == lb.match_id and la.match_id is not None
    assert {la.seat, lb.seat} == {0, 1}
    assert la.count == lb.count
    assert bytes(la.log) == bytes(lb.log)
    assert codec.encode(la.game) == codec.encode(lb.game)
    assert la.game.history == lb.game.history and la.game.scores == lb.game.scores


def _noisy(seed, p=0.01):
    return (Faults(drop=p / 2, flip=p, dup=p / 2, split=True, seed=seed),
            Faults(drop=p / 2, flip=p, dup=p / 2, delay=3, split=True, seed=seed + 1))


@pytest.mark.parametrize("variant,seed", [("burako", 1), ("torneo", 2)])
def test_whole_match_over_a_noisy_cable_R9(variant, seed):
    a, b, clock, cable = duel(variant, 0, seed, faults=_noisy(seed))
    for c in (a, b):
        assert c.link.state == session.ENDED and c.link.reason == session.R_MATCH_OVER
        assert c.link.game.phase == game.P_MATCH_OVER
    _same_match(a, b)
    g = a.link.game
    assert max(g.scores) >= g.target and g.winner in (0, 1)
    assert a.link.stats()["resends"] > 0       # the noise did cost something
    assert a.link.refused == b.link.refused == 0


def test_clean_cable_costs_at_most_32_bytes_a_move():
    a, b, clock, cable = duel("burako", 0, 3)
    moves = a.link.count
    sent = a.link.stats()["bytes_out"] + b.link.stats()["bytes_out"]
    assert sent / moves <= 32


def test_deal_is_fair_both_nonces_choose_seed_and_seat_R2():
    seats = set()
    seeds = set()
    for s in range(12):
        a, b, _, _ = duel("burako", 0, s, until=lambda a, b, c: a.link.count >= 1)
        assert a.link.seed == b.link.seed and a.link.match_id == b.link.match_id
        seats.add(a.link.seat)
        seeds.add(a.link.seed)
    assert seats == {0, 1}          # either console may start
    assert len(seeds) == 12
    # changing one side's nonce alone changes the deal
    s1, m1, _ = deal.deal(b"a" * 16, b"b" * 16)
    s2, m2, _ = deal.deal(b"a" * 16, b"c" * 16)
    assert (s1, m1) != (s2, m2)
    assert deal.deal(b"a" * 16, b"b" * 16)[2] == 1 - deal.deal(b"b" * 16, b"a" * 16)[2]


def test_cable_pulled_for_30s_mid_turn_resumes():
    clock = SimClock(1000)
    cable = Cable(clock, *_noisy(7, 0.003))
    state = {"cut": None}

    def until(a, b, clk):
        la = a.link
        if state["cut"] is None and la.count >= 40 and la.game.phase == game.P_PLAY:
            cable.cut = True
            state["cut"] = clk.now
            state["seen"] = {}
        if state["cut"] is not None and not state.get("back"):
            for c in (a, b):
                if c.link.state == session.PEER_GONE and c not in state["seen"]:
                    state["seen"][c] = clk.now - state["cut"]
            if clk.now - state["cut"] >= 30_000:
                cable.cut = False
                state["back"] = True
        return a.link.state == session.ENDED and b.link.state == session.ENDED and a.link.idle() and b.link.idle()

    a, b, clock, cable = duel("burako", 0, 7, until=until, clock=clock, cable=cable)
    assert state.get("back")
    assert sorted(state["seen"].values())[-1] <= 2000, "a console did not say 'peer gone' within 2 s"
    assert len(state["seen"]) == 2
    assert a.link.reason == b.link.reason == session.R_MATCH_OVER
    _same_match(a, b)


@pytest.mark.parametrize("who,at", [(0, 30), (1, 131)])
def test_power_off_and_on_resumes_from_the_save(who, at):
    clock = SimClock(1000)
    cable = Cable(clock, *_noisy(11, 0.003))
    done = {}

    def until(a, b, clk):
        c = (a, b)[who]
        if not done and c.link.count >= at:
            c.power_cycle()
            done["at"] = c.link.count
        return a.link.state == session.ENDED and b.link.state == session.ENDED and a.link.idle() and b.link.idle()

    a, b, clock, cable = duel("torneo", 0, 5, until=until, clock=clock, cable=cable)
    assert done and 0 < done["at"] <= at     # restored at its last turn boundary, behind
    assert a.link.reason == b.link.reason == session.R_MATCH_OVER
    _same_match(a, b)
    assert (a, b)[1 - who].link.stats()["resets"] == 1


def test_power_off_that_lost_the_save_is_told_so():
    a, b, clock, cable = duel("burako", 0, 4, until=lambda a, b, c: a.link.count >= 20)
    b.power_cycle(keep_save=False)
    duel(consoles=(a, b), clock=clock, cable=cable, max_ms=5000)
    assert a.link.state == b.link.state == session.ENDED
    assert a.link.reason == session.R_PEER_LOST and b.link.reason == session.R_LOST_MATCH
    assert a.link.count >= 20 and b.link.match_id is None


def test_a_dealt_match_without_moves_is_abandoned_not_dealt_again_after_a_restart():
    """Once a console has revealed, the deal is fixed: the peer coming back
    without the match (a restart, or a cheater fishing for another deal) is
    the peer abandoning it, named on both consoles; nobody deals again."""
    clock = SimClock(0)
    cable = Cable(clock)
    a = Console(cable.a, clock, "burako", 0, 1)
    b = Console(cable.b, clock, "burako", 0, 2)
    a.playing = b.playing = False
    duel(consoles=(a, b), clock=clock, cable=cable,
         until=lambda a, b, c: a.link.match_id and b.link.match_id)
    first = a.link.match_id
    b.power_cycle(keep_save=False)      # before anyone moved
    a.playing = b.playing = True
    duel(consoles=(a, b), clock=clock, cable=cable, max_ms=5000)
    assert a.link.state == session.ENDED and a.link.reason == session.R_PEER_ABANDONED and a.link.by_peer
    assert a.link.match_id == first and a.link.count == 0 and a.link.saved() is not None
    assert b.link.state == session.ENDED and b.link.reason == session.R_PEER_ABANDONED and b.link.by_peer
    assert b.link.match_id is None


def test_save_round_trip_and_safe_to_write():
    a, b, clock, cable = duel("burako", 0, 9, until=lambda a, b, c: a.link.count >= 25 and a.link.safe_to_write())
    assert a.link.idle()
    blob = a.link.saved()
    assert blob == a.link.save_head() + bytes(a.link.log) and not a.link.dirty
    c = Link(a.board, "burako", saved=blob)
    assert c.match_id == a.link.match_id and c.seat == a.link.seat and c.count == a.link.count
    assert codec.encode(c.game) == codec.encode(a.link.game)
    with pytest.raises(ValueError):
        Link(a.board, "burako", saved=blob[:-1] + bytes([blob[-1] ^ 0x40]) + b"\x07")
    # a frame half read: writing flash now would lose its bytes
    cable.ab.write(b"\x05\x01")
    a.link.poll()
    b.link.poll()
    assert not b.link.safe_to_write()


def _rewrite_sent(console, kind, fn):
    """The console's outgoing messages of one kind go through fn (a modified peer)."""
    send = console.link.t.send
    console.link.t.send = lambda p: send(fn(p) if p[0] == kind else p)


def test_version_and_rules_mismatch_end_with_a_reason():
    clock = SimClock(0)
    cable = Cable(clock)
    a = Console(cable.a, clock, "burako", 0, 1)
    b = Console(cable.b, clock, "torneo", 0, 2)
    duel(consoles=(a, b), clock=clock, cable=cable, max_ms=3000)
    assert a.link.reason == b.link.reason == session.R_RULES

    clock = SimClock(0)
    cable = Cable(clock)
    a = Console(cable.a, clock, "burako", 0, 1)
    b = Console(cable.b, clock, "burako", 0, 2)
    future = deal.hello(0, 3000, b"future", None, 0, 0, b"")
    future = future[:1] + b"\x63" + future[2:]      # protocol 99
    _rewrite_sent(b, msg.HELLO, lambda p: future)
    duel(consoles=(a, b), clock=clock, cable=cable, max_ms=3000)
    assert a.link.reason == session.R_VERSION and b.link.reason == session.R_VERSION and b.link.by_peer
    assert a.link.peer_fw == b"future"


# --- a dishonest peer ------------------------------------------------------------
def _playing(seed=12, count=6):
    """Two consoles mid-match, at a point where it is b's turn to draw."""
    def until(a, b, c):
        g = a.link.game
        if g is None or a.link.count < count or g.turn != b.link.seat or g.phase != game.P_DRAW:
            return False
        b.playing = False
        return a.link.idle() and b.link.idle() and b.link.count == a.link.count
    a, b, clock, cable = duel("burako", 0, seed, until=until)
    b.playing = True
    return a, b, clock, cable


def test_illegal_move_is_refused_game_unchanged():
    a, b, clock, cable = _playing()
    g = a.link.game
    bad = (game.DISCARD, 0, bytes((g.racks[b.link.seat][0],)), 0)    # discard before drawing
    before = inject(b, msg.move(a.link.count, b"\0\0\0\0", bad), a, clock)
    assert a.link.last_refusal == (session.F_ILLEGAL, reasons.MUST_DRAW)
    unchanged(a, before)


def test_move_for_the_wrong_seat_and_garbage_are_refused():
    a, b, clock, cable = _playing()
    before = inject(b, b"\x42garbage", a, clock)
    assert a.link.last_refusal[0] == session.F_GARBAGE
    unchanged(a, before)
    before = inject(b, msg.move(a.link.count, b"\0\0\0\0", (game.DRAW, 0, b"", 0))[:-1], a, clock)
    assert a.link.last_refusal[0] == session.F_GARBAGE
    # raw noise on the wire never gets past the frame layer
    bad = a.link.stats()["bad_frames"]
    cable.ba.write(bytes(range(1, 200)) + b"\x00")
    before = inject(b, b"", a, clock, 50)
    assert a.link.stats()["bad_frames"] == bad + 1


def test_wrong_digest_is_refused_then_repaired_from_the_log():
    a, b, clock, cable = _playing()
    draw = (game.DRAW, 0, b"", 0)
    before = inject(b, msg.move(a.link.count, b"\x01\x02\x03\x04", draw), a, clock, 100)
    assert a.link.last_refusal == (session.F_DIGEST, 0)
    unchanged(a, before)
    assert a.link.repairs == 1
    # the honest peer answers the repair with its log; the match goes on
    duel(consoles=(a, b), clock=clock, cable=cable)
    assert a.link.reason == b.link.reason == session.R_MATCH_OVER
    _same_match(a, b)


def test_corrupted_position_is_repaired_by_replaying_the_transcript():
    a, b, clock, cable = _playing(13, 30)
    b.link.game.scores[0] += 50          # b's memory goes bad: its digests stop matching
    duel(consoles=(a, b), clock=clock, cable=cable)
    assert a.link.repairs >= 1
    assert a.link.reason == b.link.reason == session.R_MATCH_OVER
    _same_match(a, b)


def test_replayed_old_move_is_refused_as_stale():
    a, b, clock, cable = _playing(14, 12)
    # b's last move again, with its sequence number in a new frame
    g2, _ = session.replay(rules.BURAKO, a.link.seed, a.link.target, a.link.log[:repair.skip_moves(a.link.log, 0)])
    i = repair.skip_moves(a.link.log, a.link.count - 1)
    mv, _ = msg.get_move(a.link.log, i, len(a.link.log))
    before = inject(b, msg.move(a.link.count - 1, a.link.digest, mv), a, clock)
    assert a.link.last_refusal == (session.F_STALE, 0)
    unchanged(a, before)
    assert a.link.strikes == 0


def test_peer_that_keeps_cheating_after_repair_is_cut_off():
    a, b, clock, cable = _playing()
    draw = (game.DRAW, 0, b"", 0)
    for k in range(msg.MAX_STRIKES):
        # a false digest; b's honest session answers the repair, then it lies again
        inject(b, msg.move(a.link.count, b"\xde\xad\xbe\xef", draw), a, clock, 300)
        assert a.link.last_refusal == (session.F_DIGEST, 0) and a.link.repairs == k + 1
        assert a.link.state == session.PLAYING
    inject(b, msg.move(a.link.count, b"\xde\xad\xbe\xef", draw), a, clock, 300)
    assert a.link.state == session.ENDED and a.link.reason == session.R_CHEAT
    assert a.link.send_move(draw) == session.BUSY
    duel(consoles=(a, b), clock=clock, cable=cable, max_ms=2000)
    assert b.link.state == session.ENDED and b.link.reason == session.R_CHEAT and b.link.by_peer


def test_peer_that_never_answers_a_repair_is_named_after_30_s_connected():
    # issue 33: a repair (or catch-up) the peer owes has a clock: 30 s of connected time with
    # no move of its log, then the link ends naming it (R_SILENT); game and log as they were
    a, b, clock, cable = _playing()
    b.link.received = lambda buf, i, n: None     # b ignores the repair request
    before = inject(b, msg.move(a.link.count, b"\xde\xad\xbe\xef", (game.DRAW, 0, b"", 0)), a, clock, 25_000)
    unchanged(a, before)
    assert a.link.state == session.CONNECTING and a.link.connected()
    end = clock.now + 6_000
    while clock.now < end:
        clock.now += 5
        a.step(play=False)
        b.link.poll()
    unchanged(a, before)
    assert a.link.state == session.ENDED and a.link.reason == session.R_SILENT and a.link.by_peer


def test_reveal_that_does_not_match_its_commitment_is_refused():
    clock = SimClock(0)
    cable = Cable(clock)
    a = Console(cable.a, clock, "burako", 0, 1)
    b = Console(cable.b, clock, "burako", 0, 2)
    # reveals another nonce than it committed to
    _rewrite_sent(b, msg.REVEAL, lambda p: bytes((msg.REVEAL,)) + b"\x55" * 16)
    duel(consoles=(a, b), clock=clock, cable=cable, max_ms=3000)
    assert a.link.reason == session.R_BAD_REVEAL and a.link.match_id is None
    assert a.link.game is None


def test_local_moves_are_checked_and_refused_out_of_turn():
    a, b, clock, cable = _playing()
    before = codec.encode(a.link.game)
    assert a.link.send_move((game.DRAW, 0, b"", 0)) == reasons.NOT_YOUR_TURN
    assert b.link.send_move((game.DISCARD, 0, b"\x00", 0)) in (reasons.MUST_DRAW, reasons.NOT_IN_RACK)
    assert codec.encode(a.link.game) == before


def test_cable_out_for_a_week_then_the_match_goes_on():
    """Longer than the tick counter's half period (2**29 ms, 6.2 days): the
    silence must not wrap around into 'connected'."""
    a, b, clock, cable = duel("burako", 0, 15, until=lambda a, b, c: a.link.count >= 60)
    cable.cut = True
    week = 7 * 24 * 3600 * 1000
    end = clock.now + week
    while clock.now < end:
        clock.now += 600_000        # the UI asleep, polling every 10 minutes
        a.step()
        b.step()
        assert a.link.state == b.link.state == session.PEER_GONE
    cable.cut = False
    duel(consoles=(a, b), clock=clock, cable=cable)
    assert a.link.reason == b.link.reason == session.R_MATCH_OVER
    _same_match(a, b)


@settings(derandomize=True, deadline=None, max_examples=10, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**16), st.floats(0, 0.02),
       st.lists(st.tuples(st.sampled_from(["cut", "off_a", "off_b"]), st.integers(1, 80),
                          st.integers(100, 20_000)), max_size=4))
def test_any_mix_of_noise_cuts_and_power_offs_ends_in_one_match(seed, p, events):
    """Whatever happens to the cable and the consoles, both finish the same
    match: same moves, same position, same id (R9)."""
    clock = SimClock(1000)
    cable = Cable(clock, *_noisy(seed, p))
    todo = sorted(events, key=lambda e: e[1])
    st_ = {"back": None}

    def until(a, b, clk):
        if st_["back"] is not None and clk.now >= st_["back"]:
            cable.cut = False
            st_["back"] = None
        if todo and a.link.count >= todo[0][1]:
            what, _, ms = todo.pop(0)
            if what == "cut" and st_["back"] is None:
                cable.cut = True
                st_["back"] = clk.now + ms
            elif what != "cut":
                c = a if what == "off_a" else b
                if c.save is not None:
                    c.power_cycle()
        return a.link.state == session.ENDED and b.link.state == session.ENDED and a.link.idle() and b.link.idle()

    a, b, clock, cable = duel("torneo", 300, seed, until=until, clock=clock, cable=cable)
    assert a.link.reason == b.link.reason == session.R_MATCH_OVER
    _same_match(a, b)
