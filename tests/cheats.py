"""A cheating peer under hidden hands (issue 33): a real console (host/relay.py's Console, a real
Link with its own Hand, its real keys and the real protocol) that lies where told, the attacks of
issue 33 as scenarios for tests/hostile.py drive() (the victim on CPython or inside MicroPython at
the device's heap). Each scenario returns (the victim's state before the cheat: count, digest, log,
saves; ms from the cheat to the victim's link ending, or None) and leaves the attacker's Link as
the cheat left it.

The cheats (docs/link.md "A cheating peer"):
  unasked_open   an OPEN of stock tiles nobody drew (its layer honestly removed), then it draws one
                 of them: the one frame that stopped the other console
  chosen_draw    the victim's draw opened to a tile of its own rack (that tile's real proof)
  deck_copy      (role B) the deck's own-rack positions copy the victim's rack positions
  tagged_element (role A) the jokers' elements of its pass not squares: a bit that survives
  stall          a step it owes withheld (the deal, the victim's draw, its KEY), with its SEAL said
                 again (or an ASK of another hand) every 20 s: messages that are not the step
  catch_up_stall a MOVE whose number is ahead, then its SYNC never answered
  refused_log    a MOVE ahead, then LOG frames whose moves the rules refuse
  no_commit      (open deal) its COMMIT never sent"""
from link import hidden
from link import msg
from link import session
from hostile import settle, until

ENDED = session.ENDED


def hidden_mid(v, atk, clock, count=6):
    """Honest play until `count` moves, the attacker to move, both quiet with nothing of the
    hidden hands (if dealt) pending on either side; then the victim holds its moves."""
    def ready():
        L = atk.link
        H = L.hidden
        return (L.game is not None and v.count == L.count and v.idle and L.idle()
                and L.game.turn == L.seat and (H is None or H.stage == 0 and not H.want and not H.todo)
                and v.stage <= 0 and v.want <= 0)
    v.playing = atk.playing = True
    yield from until(lambda: atk.link.count >= count, clock)
    atk.playing = False
    yield from until(ready, clock)
    v.playing = False
    yield from settle(clock, 300)
    assert v.dig == atk.link.digest
    return (v.count, bytes(atk.link.log), v.saves)       # (the victim's log is the attacker's)


def _outgoing(atk, change):
    """Every hidden-hands payload the attacker sends passes change(p): its bytes, or None to
    withhold it."""
    H = atk.link.hidden
    send = H.send

    def sending(p):
        q = change(p)
        if q is not None:
            send(q)
    H.send = sending


def _end(v, clock, ms=120_000):
    t0 = clock.now
    yield from until(lambda: v.state == ENDED, clock, ms)
    return clock.now - t0


def unasked_open(v, atk, clock):
    before = yield from hidden_mid(v, atk, clock)
    L = atk.link
    H = L.hidden
    top = [H.base + len(L.game.stock) - 1 - i for i in range(3)]      # the stock's top three
    atk.say(H.h.give(top))
    atk.playing = True                  # its turn: it draws the first of them
    took = yield from _end(v, clock)
    yield from settle(clock, 300)
    return before, took


def chosen_draw(v, atk, clock):
    before = yield from hidden_mid(v, atk, clock)
    L = atk.link
    H = L.hidden
    h = H.h
    own = [j for j in range(h.n) if h.owner[j] == hidden.MINE][0]    # a tile of its own rack

    def change(p):
        if p[0] == hidden.OPEN and not p[1]:
            j = p[3]
            return bytes((hidden.OPEN, 0, 1, j)) + h.prove(own)      # the victim's draw: its tile
        return p
    _outgoing(atk, change)
    atk.playing = True                  # its turn; then the victim's, who draws
    yield from until(lambda: L.game.turn != L.seat, clock)
    atk.playing = False
    v.playing = True
    yield from until(lambda: L.count == v.count and v.want > 0, clock)   # the draw came: the cheat goes
    v.playing = False
    before = (v.count, bytes(L.log), v.saves)
    took = yield from _end(v, clock)
    yield from settle(clock, 300)
    return before, took


def deck_copy(v, atk, clock):
    """Role B: before its deck goes back, its own rack's positions take the victim's (A's)."""
    def ready():
        H = atk.link.hidden
        return H.h is not None and H.h.ready() and H.decked == 0
    v.playing = atk.playing = True
    yield from until(ready, clock)
    H = atk.link.hidden
    assert atk.link.seat == 1, "the deck copy is role B's"
    h = H.h
    k = H.k
    for i in range(k):
        h.deck[hidden.W * (k + i):hidden.W * (k + i + 1)] = h.deck[hidden.W * i:hidden.W * (i + 1)]
    took = yield from _end(v, clock)
    yield from settle(clock, 300)
    return (0, b"", 0), took


def tagged_element(v, atk, clock):
    """Role A: the jokers' elements of its pass negated (-1 is no square modulo P)."""
    v.playing = atk.playing = True
    yield from until(lambda: atk.link.hidden.h is not None, clock)
    assert atk.link.seat == 0, "the pass is role A's"
    h = atk.link.hidden.h
    jokers = [i for i in range(h.n) if h.perm[i] in (52, 105)]

    def change(p):
        if p[0] == hidden.SHUF and p[1] in jokers:
            return p[:3] + (hidden.P - int.from_bytes(p[3:35], "little")).to_bytes(32, "little") + p[35:]
        return p
    _outgoing(atk, change)
    took = yield from _end(v, clock)
    yield from settle(clock, 300)
    return (0, b"", 0), took


def stall(when, decoy="seal"):
    """The attacker withholds the step it owes `when` ("deal": its part of the deal mid-way,
    "draw": the victim's drawn tile, "key": its KEY at the hand's end) and says its SEAL again
    (decoy "seal") or ASKs of another hand (decoy "ask") every 20 s. Returns ms from the step
    owed to the link's end."""
    def scen(v, atk, clock):
        v.playing = atk.playing = True
        L = atk.link
        H = L.hidden
        if when == "deal":
            yield from until(lambda: H.h is not None and H.stage == 1 and H.h.got + H.h.sent > 20, clock)
            held = (hidden.SHUF, hidden.DECK, hidden.OPEN)
        elif when == "draw":
            yield from hidden_mid(v, atk, clock)
            held = (hidden.OPEN,)
            v.playing = atk.playing = True
        else:
            held = (hidden.KEY,)        # (from now on: the hand's end comes when it comes)
        _outgoing(atk, lambda p: None if p[0] in held else p)
        if when == "draw":
            yield from until(lambda: v.want > 0, clock)
        elif when == "key":
            yield from until(lambda: v.stage == 2, clock, 2_000_000)
        t0 = clock.now
        nxt = clock.now
        while v.state != ENDED:
            if clock.now >= nxt:
                nxt += 20_000
                if decoy == "seal" and H.h is not None:
                    atk.say(H.h.commit())
                else:
                    atk.say(bytes((hidden.ASK, 3, (H.hand + 1) & 255)))
            if clock.now - t0 > 300_000:
                break
            yield
        took = clock.now - t0 if v.state == ENDED else None
        yield from settle(clock, 300)
        return (0, b"", 0), took
    return scen


def catch_up_stall(v, atk, clock):
    before = yield from hidden_mid(v, atk, clock)
    atk.deaf(msg.SYNC, msg.REPAIR)
    count = v.count
    t0 = clock.now
    atk.say(msg.move(atk.link.count + 1, b"\0\0\0\0", (0, 0, b"", 0)))
    nxt = clock.now + 20_000
    while v.state != ENDED and clock.now - t0 < 300_000:
        if clock.now >= nxt:                # (talking all the while: its SEAL again, or a SYNC)
            nxt += 20_000
            atk.say(atk.link.hidden.h.commit() if atk.link.hidden is not None else
                    msg.move(count, b"\0\0\0\0", (0, 0, b"", 0)))
        yield
    took = clock.now - t0 if v.state == ENDED else None
    yield from settle(clock, 300)
    return before, took


def refused_log(v, atk, clock):
    """A MOVE ahead, then (its SYNC never answered honestly) LOG frames from the victim's count
    whose moves the rules refuse: draws again and again."""
    from link import repair
    before = yield from hidden_mid(v, atk, clock)
    atk.deaf(msg.SYNC, msg.REPAIR)
    count = v.count
    t0 = clock.now
    atk.say(msg.move(count + 1, b"\0\0\0\0", (0, 0, b"", 0)))
    yield from settle(clock, 100)
    sent = 0
    while v.state != ENDED and sent < 160:
        if len(atk.link.t.queue) < 4:
            atk.say(repair.with16(msg.LOG, count) + bytes(40))     # 40 DRAWs: the second is refused
            sent += 1
        yield
    took = clock.now - t0 if v.state == ENDED else None
    yield from settle(clock, 300)
    return before, took


def no_commit(v, atk, clock):
    atk.withhold(msg.COMMIT)
    yield from until(lambda: v.state == session.DEALING, clock, 60_000)
    took = yield from _end(v, clock)
    yield from settle(clock, 300)
    return (0, b"", 0), took
