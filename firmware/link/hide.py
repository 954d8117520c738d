# Hidden hands in a linked Burako-family match (docs/link.md "Hidden hands"):
# the session's side of link/hidden.py. Loaded only when a Link is made with
# hidden=True (off by default); Rummy israeli's pool is not wired yet.
#
# The engine deals HIDDEN placeholders (engine/game.py: tile i of its deal is
# position i of the encrypted deck: racks 0..k-1 and k..2k-1, the muertos,
# then the stock, drawn from its end), and this module fills in each tile as
# the protocol opens it: our rack and our draws from the peer's OPENs, the
# peer's melds and discards from its SHOWs, everything at the hand's end from
# the keys (then the engine counts the hand). One Hid per Link; one
# hidden.Hand per hand. At most one pow() a poll, so the UI keeps drawing;
# progress() is the UI's bar.
#
# Peer messages that come early (a MOVE while our deal or our hand-end check
# still runs, the next hand's SEAL) are held, in order, and taken when their
# time comes (at most _HELD of them: more is a flood, R_PROTOCOL).
#
# A peer that owes a step (its part of the deal, an OPEN of our draw or muerto,
# its KEY at the hand's end) and sends nothing of the hidden hands for _QUIET_MS
# of connected time (a pulled cable does not count) ends the link (R_HIDDEN,
# why "silent"), as a reveal withheld does (link/deal.py). No step waits on its
# player; the longest an honest console is quiet is its own hand-end check
# while we wait to deal the next hand (7.3-7.9 s on a Pico): 30 s is ~4 times
# that.
import hashlib
from micropython import const
from link import hidden
from link import msg

_HIDDEN = const(53)     # engine/game.py HIDDEN
_NONE = const(255)
_BUSY = const(100)      # session.BUSY
_HELD = const(6)
_DECK = const(2)        # deck elements a DECK frame (67 bytes)
_HAND_OVER = const(4)   # engine/game.py P_HAND_OVER
# engine/game.py's move kinds
_DRAW = const(0)
_REDRAW = const(2)
_MELD = const(3)
_DISCARD = const(6)
_MUERTO = const(7)
_QUIET_MS = const(30000)


def _fill(z, c):
    # the last placeholder of a zone becomes tile code c; False when there is none
    i = len(z) - 1
    while i >= 0:
        if z[i] == _HIDDEN:
            z[i] = c
            return True
        i -= 1
    return False


def _count(z, c):
    k = 0
    for x in z:
        if x == c:
            k += 1
    return k


class Hid:
    """Hidden hands for one Link (link.hidden). The Link calls poll(),
    received() (True: taken here), send_move() and idle(); phase is DEALING
    while a hand's deal runs, else PLAYING."""

    def __init__(self, link):
        self.link = link
        link.position = self.public     # the digest covers what both consoles know
        self.h = None           # this hand's hidden.Hand
        self.hand = -1          # the game's hand number self.h deals
        self.stage = 0          # 0 playing, 1 dealing, 2 the hand's end (keys, check)
        self.phase = msg.PLAYING
        self.todo = []          # (position, public) OPENs we owe the peer, one a poll
        self.want = 0           # tiles we wait for (our rack, draw, muerto, the card turned up)
        self.held = []
        self.spent = False      # a peer message cost a pow() since the last poll: ours waits
        self.why = 0            # the check that caught the peer (hidden.WHY_NAMES), 0: none
        self.steps = 0
        self.total = 1
        self.dh = None          # sha256 of the deck (the digest's commitment)
        self.decked = 0         # B: deck elements sent back
        self.k = self.m = self.base = 0
        self.last = self.peer_last = _NONE      # the last stock position each of us drew
        self.quiet = 0          # connected ms since either console's last hidden-hands step
        self.at = 0             # the transport's time quiet was counted to

    # --- the Link's calls -------------------------------------------------------
    def idle(self):
        """No deal, no hand-end check, no tile awaited: the player may move. A
        hand dealt whose deal has not begun yet (a held NEXT taken after the
        check, this poll) is not idle: its racks are all placeholders."""
        g = self.link.game
        return self.stage == 0 and not self.want and (
            g is None or g.phase >= _HAND_OVER or (self.h is not None and self.hand == g.hand))

    def progress(self):
        """0..100: the deal (stage 1; 0 before it begins: no game yet, or a hand dealt whose
        deal has not begun) or the hand-end check (stage 2); 100 otherwise."""
        h = self.h
        if self.stage == 1:
            return min(99, self.steps * 100 // self.total)
        if self.stage == 2 and h is not None:
            return h.checked * 100 // h.n
        g = self.link.game
        if g is None or g.phase < _HAND_OVER and (h is None or self.hand != g.hand):
            return 0
        return 100

    def hide(self, g):
        """The new match's Game deals placeholders instead of its rng's tiles."""
        g.hidden = 1
        g.hand -= 1
        g.deal()

    def poll(self):
        L = self.link
        g = L.game
        if g is None or L.phase != msg.PLAYING:
            return
        h = self.h
        if h is None or self.hand != g.hand:
            if g.phase < _HAND_OVER:
                self.begin(g)           # a hand dealt: the first, or after NEXT
            return
        t = L.t
        if self.stage == 1 or self.want or (self.stage == 2 and h.tiles is None):
            if t.alive():
                self.quiet += t.clock.ticks_diff(t.now, self.at)
            if self.quiet >= _QUIET_MS:
                self.why = hidden.WHY_SILENT
                L.end(msg.R_HIDDEN)
                L.by_peer = True
                return
        else:
            self.quiet = 0              # nothing owed to us (our own check: the peer's too)
        self.at = t.now
        if self.spent:
            self.spent = False          # one pow() a poll: the peer's SHUF or OPEN had it
            return
        if len(L.t.queue) > 2:
            return                      # the cable's pace: a few frames waiting at most
        if self.stage == 1:
            if not h.role:
                if h.peer_seal is not None and h.sent < h.n:
                    self.send(h.shuffle(1))
                    self.steps += 1
                    return
            elif h.ready() and self.decked < h.n:
                # the deck back in small frames (hidden.deck_out's 14 elements, 451 bytes,
                # would almost never pass a cable at 1 % damaged bytes)
                j = self.decked
                k = min(_DECK, h.n - j)
                self.send(bytes((hidden.DECK, j, k)) + h.deck[hidden.W * j:hidden.W * (j + k)])
                self.decked = j + k
                return
        if self.todo and h.ready():
            j, pub = self.todo.pop(0)
            self.send(h.give(bytes((j,)), pub))
            self.steps += 1
            return
        if self.stage == 1 and h.ready() and not self.want:
            self.stage = 0
            self.phase = msg.PLAYING
            L.events.append((msg.EV_SYNC, L.count, 0))   # the racks are in: redraw
            self.release()
        elif self.stage == 2 and h.tiles is not None and not self.want:
            # (not before our own tiles are in: a muerto taken on the hand's last turn, or
            # just before the peer closed, still has OPENs on their way after its KEY; the
            # count would take their placeholders for tiles, and the check would miss them)
            left = h.check(1)
            if h.why:
                self.caught(g)
            elif not left:
                self.reveal(g, h)
                g.end_hand()            # R7: the hand counted, both racks known
                L.set_game(g)
                if g.phase == L.over:   # (the Link sees the match's end after a move; here
                    L.phase = msg.ENDED     # it comes with the last hand's count)
                    L.reason = msg.R_MATCH_OVER
                self.stage = 0
                L.events.append((msg.EV_SYNC, L.count, 0))
                self.release()

    def send(self, p):
        self.quiet = 0
        self.link.send(p)

    def begin(self, g):
        L = self.link
        r = g.rules
        k = r.rack_size(2)
        m = r.muerto
        n = len(g.stock) + len(g.pile) + len(g.racks[0]) + len(g.racks[1]) + \
            len(g.muertos[0]) + len(g.muertos[1])
        self.k, self.m, self.base = k, m, 2 * k + 2 * m
        self.h = h = hidden.Hand(L.seat, L.random(32), n)
        self.hand = g.hand
        self.stage = 1
        self.phase = msg.DEALING
        self.decked = 0
        self.dh = None
        self.last = self.peer_last = _NONE
        p = (1 - L.seat) * k
        self.todo = [(j, False) for j in range(p, p + k)]
        self.want = k
        if g.pile:
            self.todo.append((n - 1, True))    # R12: the card turned up, opened for both
            self.want += 1
        self.steps = 0
        self.total = n + 2 * len(self.todo)
        self.send(h.commit())
        self.release()

    def received(self, b, i, n):
        t = b[i]
        if t != msg.MOVE and not hidden.SEAL <= t <= hidden.ASK:
            return False
        L = self.link
        p = bytes(b[i:n])
        self.quiet = 0
        if self.holds(p):
            if len(self.held) >= _HELD:
                L.end(msg.R_PROTOCOL)
            else:
                self.held.append(p)
            return True
        g = L.game
        if t == msg.MOVE:
            if g is None:
                return False
            k = len(g.stock)
            c = L.count
            L.hidden = None         # the Link's own path, then ours
            try:
                L.received(p, 0, len(p))
            except Exception:
                # a digest that differs: the public bytes cannot put the position back
                L.end(msg.R_DESYNC)
            finally:
                L.hidden = self
            if L.count > c:
                self.peer_moved(L.events[-1][2], g, k)
            return True
        h = self.h
        if h is None or t == hidden.ASK:
            L.refuse(msg.F_UNEXPECTED, 0, False)   # (no resume under hidden hands yet)
            return True
        r = h.take(p)
        self.spent = t == hidden.SHUF or t == hidden.OPEN
        if h.why:
            self.caught(g)
        elif t == hidden.SHUF:
            self.steps += p[2]
        elif t == hidden.OPEN:
            z = g.pile if p[1] else g.racks[L.seat]
            for x in r:
                if _fill(z, hidden.tile_code(x)):
                    self.want -= 1
                    self.steps += 1
            self.drawn(g, self.last)
        elif t == hidden.SHOW:
            z = g.racks[1 - L.seat]
            for x in r:
                _fill(z, hidden.tile_code(x))
            self.drawn(g, self.peer_last)
        return True

    def send_move(self, mv):
        """Our move: the SHOW of its hidden tiles, then the Link's own path."""
        L = self.link
        g = L.game
        if not self.idle():
            return _BUSY
        show = self.shows(mv, g)
        k = len(g.stock)
        L.hidden = None
        try:
            err = L.send_move(mv)
        finally:
            L.hidden = self
        if err:
            return err
        if show:
            self.send(self.h.show(show))       # before the MOVE (built at the next poll)
        kind = mv[0]
        if (kind == _DRAW or kind == _REDRAW) and k:
            self.last = self.base + k - 1   # the stock's top: the peer opens it for us
            self.want += 1
        elif kind == _MUERTO:
            self.want += self.m
        self.ended(g)
        return 0

    # --- ours -------------------------------------------------------------------
    def holds(self, p):
        g = self.link.game
        cur = g is not None and self.h is not None and self.hand == g.hand
        if p[0] == msg.MOVE:
            return g is not None and (self.stage != 0 or (not cur and g.phase < _HAND_OVER))
        return p[0] == hidden.SEAL and (self.stage == 2 or not cur)

    def release(self):
        while self.held and not self.holds(self.held[0]) and self.link.phase == msg.PLAYING:
            p = self.held.pop(0)
            self.received(p, 0, len(p))

    def drawn(self, g, j):
        # the first draw's tile, while a redraw is open (R3.2), once known
        if g.drawn == _HIDDEN and j != _NONE and self.h.known[j] != _NONE:
            g.drawn = hidden.tile_code(self.h.known[j])

    def shows(self, mv, g):
        # the positions our move makes public: the drawn tile of a redraw; a
        # meld's or discard's tiles not covered by public copies in our rack
        # (taken with the pile), those first
        kind = mv[0]
        h = self.h
        if kind == _REDRAW:
            return bytes((self.last,))
        if kind < _MELD or kind > _DISCARD:
            return b""
        ts = mv[2]
        rack = g.racks[self.link.seat]
        out = bytearray()
        for x in range(len(ts)):
            c = ts[x]
            if _count(ts[:x], c):
                continue
            mine = [j for j in range(h.n) if h.owner[j] == hidden.MINE and hidden.tile_code(h.known[j]) == c]
            k = _count(ts, c) - (_count(rack, c) - len(mine))
            if k > 0:
                out.extend(bytes(mine[:k]))
        return bytes(out)

    def peer_moved(self, mv, g, k):
        kind = mv[0]
        if (kind == _DRAW or kind == _REDRAW) and k:
            self.peer_last = j = self.base + k - 1
            self.todo.append((j, False))
        elif kind == _MUERTO:
            a = 2 * self.k + (1 - self.link.seat) * self.m
            for j in range(a, a + self.m):
                self.todo.append((j, False))
        self.ended(g)

    def ended(self, g):
        # the hand is over (engine: hidden 2): both keys out, then the check
        if g.hidden == 2 and self.stage != 2:
            self.stage = 2
            self.send(self.h.reveal())

    def caught(self, g):
        # the hand void (never counted), the link ended on both (R_HIDDEN); which check
        # failed is self.why (hidden.WHY_NAMES)
        g.void = True
        self.stage = 0
        self.why = self.h.why
        self.link.end(msg.R_HIDDEN)

    def reveal(self, g, h):
        # the keys are out and checked: the peer's rack, the muertos and the stock known
        tl = h.tiles
        z = g.racks[1 - self.link.seat]
        for j in range(h.n):
            if h.owner[j] == hidden.PEERS:
                _fill(z, hidden.tile_code(tl[j]))
        for s in range(2):
            mu = g.muertos[s]
            a = 2 * self.k + s * self.m
            for i in range(len(mu)):
                mu[i] = hidden.tile_code(tl[a + i])
        st = g.stock
        for i in range(len(st)):
            st[i] = hidden.tile_code(tl[self.base + i])

    def public(self, g):
        """The position bytes the digest is taken over: what both consoles
        know (no rack, muerto or stock tile, no drawn tile), and this hand's
        commitments (both SEALs, the deck's hash) once the deck is complete."""
        out = bytearray(b"BH")
        out.extend(bytes((g.phase, g.turn, g.mano, g.hand & 255, g.first, g.timeup, g.void,
                          g.taken[0], g.taken[1], g.last, g.closer + 1, g.winner + 1, g.lone,
                          len(g.stock), len(g.muertos[0]), len(g.muertos[1]), len(g.pile))))
        for r in g.racks:
            out.append(len(r))
        out.extend(g.pile)
        for x in g.scores:
            out.extend((x & 0xFFFFFFFF).to_bytes(4, "little"))
        out.append(len(g.history) & 255)
        for m in g.melds:
            out.append(len(m))
            for x in m:
                out.append(len(x))
                out.extend(x)
        h = self.h
        if h is not None and self.hand == g.hand and h.ready() and h.peer_seal is not None:
            if self.dh is None:
                self.dh = hashlib.sha256(h.deck).digest()
            out.extend(h.peer_seal if h.role else h.seal)
            out.extend(h.seal if h.role else h.peer_seal)
            out.extend(self.dh)
        return bytes(out)
