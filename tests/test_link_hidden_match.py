"""Hidden hands wired into the link session (firmware/link/hide.py, docs/link.md "Hidden
hands"; issue 25): two Links on an in-memory cable (host/relay.py's duel, AI against AI) play
whole linked matches with the deal done by commutative encryption, each console never
holding a tile of the other's rack, a muerto or the stock until the rules make it public
(RULES.md R3.4 a discard, R4 a meld, R6 a muerto taken, R10/R12 the card turned up, R7 the
count at the hand's end); a cheat at the hand's end is caught by both with the reason, the
hand void; with the option off nothing changes."""
import pytest

from engine import game
from host.relay import duel
from link import hidden
from link import session

HIDDEN = game.HIDDEN


def _knows_only_its_own(c):
    """What console c holds of the hand in play: its Hand knows no position of the peer's
    rack, a muerto or the stock, and its engine holds placeholders there."""
    L = c.link
    hid = L.hidden
    g = L.game
    h = hid.h
    if g is None or h is None or hid.hand != g.hand or g.hidden != 1 or hid.stage != 0 \
            or g.phase >= game.P_HAND_OVER:     # (after the keys: everything is known)
        return 0
    for j in range(h.n):
        if h.owner[j] in (hidden.PEERS, hidden.STOCK):
            assert h.known[j] == 255, "a hidden tile known"
    assert set(g.stock) <= {HIDDEN}
    for s in range(2):
        assert set(g.muertos[s]) <= {HIDDEN}
    peer = g.racks[L.peer_seat]
    # every tile of the peer's rack this console knows came public (pile taken, shown):
    # a placeholder for each position dealt or drawn to it (or owed to it: its draw's or
    # its muerto's OPENs not yet given), never shown
    owed = sum(1 for j, pub in hid.todo if h.owner[j] == hidden.STOCK)
    assert peer.count(HIDDEN) == sum(1 for j in range(h.n) if h.owner[j] == hidden.PEERS) + owed
    assert HIDDEN not in g.racks[L.seat] or not hid.idle()
    return 1


def _watch(seen):
    def until(a, b, clock):
        seen[0] += _knows_only_its_own(a) + _knows_only_its_own(b)
        return a.link.state == session.ENDED and b.link.state == session.ENDED \
            and a.link.idle() and b.link.idle()
    return until


@pytest.mark.parametrize("variant,seed", [("burako", 1), ("torneo", 2), ("burraco", 3)])
def test_a_whole_linked_match_with_hidden_hands_neither_console_sees_the_other_rack(variant, seed):
    seen = [0]
    a, b, clock, cable = duel(variant, 0, seed, hidden=True, until=_watch(seen))
    la, lb = a.link, b.link
    for L in (la, lb):
        assert L.state == session.ENDED and L.reason == session.R_MATCH_OVER
        assert L.game.phase == game.P_MATCH_OVER and L.refused == 0
    assert bytes(la.log) == bytes(lb.log) and la.count == lb.count
    assert la.digest == lb.digest
    ga, gb = la.game, lb.game
    assert ga.history == gb.history and ga.scores == gb.scores and ga.winner == gb.winner
    assert max(ga.scores) >= ga.target and ga.hand >= 2
    assert seen[0] > 200                      # the watch ran through the match
    # the digest is over public bytes: no rack tile in it
    pub = la.position(ga)
    assert pub[:2] == b"BH" and bytes(ga.racks[0]) not in pub[2:] or len(ga.racks[0]) < 3


def test_the_open_deal_is_unchanged_when_the_option_is_off():
    a, b, clock, cable = duel("burako", 0, 1)
    assert a.link.hidden is None and a.link.position(a.link.game)[:2] == b"BK"
    assert set(a.link.game.stock) <= set(range(53))


def _cheater(c, how):
    """Console c's Hand lies: 'show' names the other copy of a tile it melds or
    discards (a tile it does not hold), 'key' reveals another secret at the hand's end."""
    hid = c.link.hidden
    begin = hid.begin

    def cheating_begin(g):
        begin(g)
        h = hid.h
        if how == "show":
            show = h.show

            def other_copy(positions):
                p = bytearray(show(positions))
                if p[3] < 106:
                    p[3] = (p[3] + 53) % 106
                return bytes(p)
            h.show = other_copy
        else:
            h.reveal = lambda: bytes((hidden.KEY,)) + bytes(32)
    hid.begin = cheating_begin


@pytest.mark.parametrize("how", ["show", "key"])
def test_a_cheat_is_caught_by_both_with_the_reason_and_the_hand_is_void(how):
    a, b, clock, cable = duel("burako", 0, 4, hidden=True, max_ms=10,
                              until=lambda a, b, c: True)
    _cheater(b, how)
    a, b, clock, cable = duel("burako", 0, 4, consoles=(a, b), clock=clock, cable=cable)
    la, lb = a.link, b.link
    assert la.state == lb.state == session.ENDED
    assert la.reason == lb.reason == session.R_HIDDEN
    assert session.REASON_NAMES[session.R_HIDDEN] == "hidden deal cheated"
    assert not la.by_peer and lb.by_peer              # the honest console caught it
    g = la.game
    assert g.void and len(g.history) == g.hand - 1    # the hand was never counted
    assert la.hidden.h.why in (hidden.NOT_HELD, hidden.BAD_KEY)


def test_hidden_hands_need_both_consoles_otherwise_the_rules_differ():
    from host.relay import Cable, Console, SimClock
    clock = SimClock(1000)
    cable = Cable(clock, None, None)
    a = Console(cable.a, clock, "burako", 0, 1, hidden=True)
    b = Console(cable.b, clock, "burako", 0, 2)
    duel(consoles=(a, b), clock=clock, cable=cable)
    assert a.link.reason == b.link.reason == session.R_RULES


def test_the_ui_sees_a_deal_in_progress_and_its_progress():
    states = set()
    marks = []

    def until(a, b, clock):
        L = a.link
        states.add(L.state)
        if L.hidden.stage == 1:
            marks.append(L.hidden.progress())
        return L.count >= 3
    a, b, clock, cable = duel("burako", 0, 5, hidden=True, until=until)
    assert session.DEALING in states and session.PLAYING in states
    assert marks == sorted(marks) and marks[-1] >= 90 and max(marks) < 100
