# Hidden hands in a linked Burako-family match (docs/link.md "Hidden hands"):
# the session's side of link/hidden.py. Loaded only when a Link is made with
# hidden=True (off by default); Rummy israeli's shape of it is rummy/hide.py.
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
# A power cut (docs/link.md "Hidden hands": "A power cut"): with keep set (the
# UI saves), what depends on this hand's secret or on our move leaves the
# console only once the save holds it (the SEAL, our MOVE and its SHOW, the
# KEY), so a restored console never lost a step the peer has seen: the deal
# goes on from where the save has it (ASK 0), the tiles owed are asked again
# (ASK 1, 3), and the peer's moves it lacks come with their SHOWs (RESHOW).
#
# A peer that owes a step (its part of the deal, an OPEN of our draw or muerto,
# its KEY at the hand's end) and does not give it within _QUIET_MS of connected
# time (a pulled cable does not count) ends the link (R_HIDDEN, why "silent"), as
# a reveal withheld does (link/deal.py). The clock runs from when the step became
# owed, and only the step's arrival sets it back (the deck grows, a tile we wait
# for opens, the KEY comes): a peer that keeps talking without giving it (its
# SEAL again, ASKs of another hand) is silent all the same. No step waits on its
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
_HELD = const(16)       # (a rack's OPENs and the card turned up, after a restart mid-deal)
_DECK = const(2)        # deck elements a DECK frame (67 bytes)
_HAND_OVER = const(4)   # engine/game.py P_HAND_OVER
# engine/game.py's move kinds
_DRAW = const(0)
_REDRAW = const(2)
_MELD = const(3)
_DISCARD = const(6)
_MUERTO = const(7)
_QUIET_MS = const(30000)
_PENDING = const(64)     # RESHOWs a catch-up may bring: a hand's SHOWs, with room


def _fill(z, c):
    # the last placeholder of a zone becomes tile code c; False when there is none
    i = len(z) - 1
    while i >= 0:
        if z[i] == _HIDDEN:
            z[i] = c
            return True
        i -= 1
    return False


def count(z, c):
    """How many times code c is in zone z (MicroPython's bytearray has no count())."""
    k = 0
    for x in z:
        if x == c:
            k += 1
    return k


class Hid:
    """Hidden hands for one Link (link.hidden). The Link calls poll(),
    received() (True: taken here), send_move() and idle(); phase is DEALING
    while a hand's deal runs, else PLAYING. The Burako family's game; the
    game's shape (its zones, moves, card turned up, public position) is in the
    methods rummy/hide.py's Hid overrides for Rummy israeli."""

    HAND_OVER = _HAND_OVER

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
        self.k = self.m = self.base = self.n = 0
        self.last = self.peer_last = _NONE      # the last stock position each of us drew
        self.quiet = 0          # connected ms a step has been owed to us (silent())
        self.acked = 0          # the transport's sequence at our last acknowledged frame
        self.at = 0             # the transport's time quiet was counted to (0: not yet)
        self.keep = False       # the UI saves: our steps wait for the save (resume: above)
        self.dirty = False      # a step waits for the next saved()
        self.sealed = self.keyed = False    # this hand's SEAL, KEY out
        self.out_show = None    # our move's SHOW: it goes out with the MOVE (Link.flush)
        self.showed = bytearray()   # this hand's SHOWs as RESHOWs (a length byte each)
        self.pending = []       # RESHOWs taken, applied as a catch-up reaches their moves
        self.ours = bytearray()     # positions dealt or drawn to us this hand (ASK 1)
        self.past = bytearray()     # every counted hand's tiles, position by position
        self.old_key = None     # (hand, KEY payload) of the hand before this one (ASK 3)
        self.old_peer = None    # the peer's secret of the hand before this one (its KEY again)
        self.sync_due = False   # the peer is ahead: catch up once our deal or hand-end check is done

    # --- the Link's calls -------------------------------------------------------
    def idle(self):
        """No deal, no hand-end check, no tile awaited: the player may move. A
        hand dealt whose deal has not begun yet (a held NEXT taken after the
        check, this poll) is not idle: its racks are all placeholders."""
        g = self.link.game
        return self.stage == 0 and not self.want and not self.dirty and (
            g is None or g.phase >= self.HAND_OVER or (self.h is not None and self.hand == g.hand))

    def progress(self):
        """0..100: the deal (stage 1; 0 before it begins: no game yet, or a hand dealt whose
        deal has not begun) or the hand-end check (stage 2); 100 otherwise."""
        h = self.h
        if self.stage == 1:
            return min(99, self.steps * 100 // self.total)
        if self.stage == 2 and h is not None:
            return h.checked * 100 // h.n
        g = self.link.game
        if g is None or g.phase < self.HAND_OVER and (h is None or self.hand != g.hand):
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
        if g is None:
            self.at = L.t.now
            return
        h = self.h
        if h is not None and self.hand == g.hand and self.silent():
            return
        if L.phase != msg.PLAYING:
            return
        if h is None or self.hand != g.hand:
            if g.phase < self.HAND_OVER:
                self.begin(g)           # a hand dealt: the first, or after NEXT
            return
        t = L.t
        if self.spent:
            self.spent = False          # one pow() a poll: the peer's SHUF or OPEN had it
            return
        if len(L.t.queue) > 2 or self.dirty:
            return                      # the cable's pace; a step the save does not hold yet
        if not self.sealed:
            self.sealed = True
            self.send(h.commit())
            return
        if self.stage == 2 and not self.keyed:
            self.keyed = True
            self.send(h.reveal())       # the hand is over: our secret, for the check
            return
        # (the pass and the deck go on in any stage: a peer restarted mid-deal asks for
        # the rest with ASK 0 after our own deal is done)
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
        if self.held and h.ready() and self.held[0][0] == hidden.OPEN:
            self.release()
        if self.todo and h.ready():
            j, pub = self.todo.pop(0)
            if pub or h.owner[j] != hidden.SHOWN:   # (shown since: a catch-up's draw, then
                self.send(h.give(bytes((j,)), pub))     # its meld; the peer had the tile)
                self.steps += 1
            return
        if self.stage == 1 and h.ready() and not self.want:
            self.stage = 0
            self.phase = msg.PLAYING
            L.events.append((msg.EV_SYNC, L.count, 0))   # the racks are in: redraw
            self.catch_up()
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
                self.past.extend(h.tiles)
                L.set_game(g)
                if not L.dirty:
                    L.dirty = t.now | 1     # the count in the save
                if g.phase == L.over:   # (the Link sees the match's end after a move; here
                    L.phase = msg.ENDED     # it comes with the last hand's count)
                    L.reason = msg.R_MATCH_OVER
                self.stage = 0
                L.events.append((msg.EV_SYNC, L.count, 0))
                self.catch_up()
                self.release()

    def catch_up(self):
        # the moves the peer made while we were off, once our deal or check is done (as
        # its live MOVEs would have waited: held; those held are then the log's to bring)
        L = self.link
        if self.sync_due:
            self.sync_due = False
            if L.phase == msg.PLAYING and L.syncing is None:
                L.repair().ask_sync(L)

    def send(self, p):
        self.link.send(p)

    def waiting(self):
        """A step of the peer's is owed to us: its SEAL; its pass (we are B) or the deck (we
        are A, our pass all out); a tile we wait for; its KEY at the hand's end. Not while
        only our own steps are left to give (our pass, the deck back, the peer's tiles)."""
        h = self.h
        if self.want or (self.stage == 2 and h.tiles is None):
            return True
        if self.stage != 1:
            return False
        return h.peer_seal is None or (not h.ready() and (h.role == 1 or h.sent == h.n))

    def silent(self):
        """Count the time the peer owes us a step (its part of the deal, a tile we wait for,
        its KEY) while its transport is up, from when the step became owed; True once that
        passes _QUIET_MS: the link ends naming it. Counted through a reconnection or a
        catch-up too (a peer that keeps restarting or stalls a catch-up stays named); set
        back by the step's arrival (received()) or by the peer taking a frame of ours (our
        own stream of the deal is under way: it is not idle)."""
        L = self.link
        t = L.t
        if t.tx_seq != self.acked:
            self.acked = t.tx_seq
            self.quiet = 0
        if L.phase != msg.ENDED and self.waiting():
            if t.alive() and self.at:
                # (not from the first poll: at 0 would count every ms since power-on,
                # and a console restored more than 30 s after it was switched on would
                # take its peer for silent at once)
                self.quiet += t.clock.ticks_diff(t.now, self.at)
        else:
            self.quiet = 0              # nothing owed to us (our own check: the peer's too)
        self.at = t.now
        if self.quiet < _QUIET_MS:
            return False
        self.why = hidden.WHY_SILENT
        L.end(msg.R_HIDDEN)
        L.by_peer = True
        return True

    def owed(self):
        """What the peer owes us, as a number that grows with each step it gives: the deck's
        elements in, its SEAL, the tiles we wait for still to come (counted down), its KEY."""
        h = self.h
        if h is None:
            return 0
        return h.got + (h.peer_seal is not None) - self.want + (h.tiles is not None) * 256

    def begin(self, g):
        L = self.link
        if self.h is not None:
            self.old_peer = self.h.peer_secret
            if self.keyed:
                self.old_key = (self.hand & 255, self.h.reveal())
        self.measure(g)
        n = self.n
        self.h = hidden.Hand(L.seat, L.random(32), n)
        self.hand = g.hand
        self.stage = 1
        self.phase = msg.DEALING
        self.decked = 0
        self.dh = None
        self.last = self.peer_last = _NONE
        self.sealed = self.keyed = False
        self.showed = bytearray()
        self.pending = []
        k = self.k
        p = (1 - L.seat) * k
        self.ours = bytearray()
        for j in range(L.seat * k, L.seat * k + k):
            self.ours_too(j)
        self.todo = []
        for j in range(p, p + k):
            self.owe(j, True)           # (the peer's from the deal: its SHOW may come first
        self.want = k                   # after a restart, while our OPENs are given again)
        if self.has_card(g):
            self.todo.append((n - 1, True))    # R12: the card turned up, opened for both
            self.h.expect(n - 1, True)
            self.want += 1
        self.steps = 0
        self.total = n + 2 * len(self.todo)
        self.mark()                     # the SEAL goes out once the save holds the secret
        self.release()

    def measure(self, g):
        # the deal's shape: racks of k, muertos of m, the stock from base; n positions
        r = g.rules
        self.k = k = r.rack_size(2)
        self.m = m = r.muerto
        self.base = 2 * k + 2 * m
        self.n = len(g.stock) + len(g.pile) + len(g.racks[0]) + len(g.racks[1]) + \
            len(g.muertos[0]) + len(g.muertos[1])

    def mark(self):
        # a step that must be in the save before it goes out (keep: the UI saves)
        if self.keep:
            self.dirty = True
            L = self.link
            if not L.dirty:
                L.dirty = L.t.now | 1

    def received(self, b, i, n):
        t = b[i]
        if t != msg.MOVE and not hidden.SEAL <= t <= hidden.RESHOW:
            return False
        L = self.link
        p = bytes(b[i:n])
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
                self.ended(g)
            return True
        h = self.h
        if t == hidden.RESHOW:
            if len(self.pending) >= _PENDING or len(p) < 4:
                L.end(msg.R_PROTOCOL)
            else:
                self.pending.append(p)  # (applied as the catch-up reaches its move)
            return True
        if h is None:
            L.refuse(msg.F_UNEXPECTED, 0, False)
            return True
        if t == hidden.ASK:
            self.asked(p, g, h)
            return True
        # again after a reconnection: the same SEAL or KEY (the last hand's too: a peer
        # restored in its hand-end check says it again while we deal the next), a pass's
        # element we hold (or before the peer's SEAL: it says it again, ASK 0)
        if (t == hidden.SEAL and p[1:1 + hidden.W] == h.peer_seal) or (t == hidden.KEY and (
                p[1:] == h.peer_secret or p[1:] == self.old_peer)) \
                or ((t == hidden.SHUF or t == hidden.DECK) and (len(p) < 3 or p[1] != h.got or h.peer_seal is None)):
            return True
        if t == hidden.SHOW:
            if L.syncing is None and not self.sync_due:
                self.shown(p, g)        # (behind: its move and its RESHOW come in the catch-up)
            return True
        if t == hidden.OPEN and len(p) == 3 + hidden.ENTRY and not p[1] and p[3] < h.n and \
                h.owner[p[3]] == hidden.PUBLIC:
            return True     # ours again (ASK 1), and shown since: nothing it could teach
        if t == hidden.SEAL and h.peer_seal is None and self.sealed:
            self.send(h.commit())       # (ours went out before the peer's restart, maybe)
        before = self.owed()
        r = h.take(p)
        self.spent = t == hidden.SHUF or t == hidden.OPEN
        if h.why:
            self.caught(g)
        elif t == hidden.SHUF:
            self.steps += p[2]
        elif t == hidden.OPEN:
            z = g.racks[L.seat]
            for x in r:
                if self.set_card(g, hidden.tile_code(x)) if p[1] else _fill(z, hidden.tile_code(x)):
                    self.want -= 1
                    self.steps += 1
            self.drawn(g, self.last)
        if self.owed() != before:
            self.quiet = 0              # a step owed to us came: the clock starts again
        return True

    def shown(self, p, g):
        # the peer's tiles made public (SHOW, or a RESHOW as its move is caught up):
        # into its rack's placeholders, before its move is played
        h = self.h
        q = bytearray((hidden.SHOW, 0))
        for i in range(2, len(p) - 1, 2):
            if p[i] >= h.n or h.owner[p[i]] != hidden.SHOWN or h.known[p[i]] != p[i + 1]:
                q.extend(p[i:i + 2])    # (the same claim again: its SHOW came, its MOVE did not)
                q[1] += 1
        r = h.take(bytes(q) if len(p) >= 2 and len(p) == 2 + 2 * p[1] else p)
        if h.why:
            self.caught(g)
            return
        z = g.racks[1 - self.link.seat]
        for x in r:
            _fill(z, hidden.tile_code(x))
        self.drawn(g, self.peer_last)

    def asked(self, p, g, h):
        # ASK after a reconnection, for a hand: 0 hand got (the pass or the deck from
        # there on), 1 hand pos* (the OPENs the peer lacks: only of its own positions, or
        # the card turned up), 3 hand (our KEY again, once that hand is over). An ASK of
        # another hand than ours is passed over: the peer is a hand behind or ahead, and
        # the deal's own steps bring it what it lacks.
        w = p[1] if len(p) > 2 else 255
        if w != 255 and w != 3 and p[2] != self.hand & 255:
            return
        if w == 0 and len(p) == 4 and p[3] <= h.n:
            if self.sealed:
                self.send(h.commit())   # (its Hand from before its restart may lack it)
            if h.role:
                self.decked = p[3]
            elif p[3] <= h.sent:
                h.sent = p[3]
            return
        if w == 1:
            for j in p[3:]:
                o = h.owner[j] if j < h.n else _NONE
                if o == hidden.PEERS:
                    self.todo.append((j, False))
                elif j == h.n - 1 and self.has_card(g):
                    self.todo.append((j, True))
                elif o != hidden.STOCK:
                    # (a stock position: its draw's MOVE is still on its way, and brings it)
                    h.why = hidden.GARBAGE      # not a tile of the peer's: a probe
                    self.caught(g)
                    return
            return
        if w == 3 and len(p) == 3:
            if p[2] == self.hand & 255 and self.keyed:
                self.send(h.reveal())
            elif self.old_key is not None and self.old_key[0] == p[2]:
                self.send(self.old_key[1])
            return
        h.why = hidden.GARBAGE
        self.caught(g)

    def send_move(self, mv):
        """Our move: the SHOW of its hidden tiles, then the Link's own path."""
        L = self.link
        g = L.game
        if not self.idle():
            return _BUSY
        L.flush()                       # (a move before it goes out with its SHOW)
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
            self.out_show = self.h.show(show)   # out with the MOVE (Link.flush: flush())
        kind = mv[0]
        if self.mine_moved(mv, k):
            self.want += 1              # the stock's top: the peer opens it for us
        elif kind == _MUERTO:
            self.want += self.m
        self.mark()                     # the MOVE goes out once the save holds it
        self.ended(g)
        return 0

    def flush(self, ply):
        """Link.flush: our move's SHOW goes out before its MOVE (number ply), and is
        kept for a catch-up (RESHOW)."""
        p = self.out_show
        if p is not None:
            self.out_show = None
            self.send(p)
            r = bytes((hidden.RESHOW, ply & 255, ply >> 8)) + p[1:]
            self.showed.append(len(r))
            self.showed.extend(r)
            if self.link.serving is not None:
                self.send(r)            # (a catch-up under way: the peer takes SHOWs from its log)

    # --- ours -------------------------------------------------------------------
    def holds(self, p):
        g = self.link.game
        cur = g is not None and self.h is not None and self.hand == g.hand
        if p[0] == msg.MOVE:
            return g is not None and (self.stage != 0 or (not cur and g.phase < self.HAND_OVER))
        if p[0] == hidden.OPEN:
            # before our deck is whole again (a restart mid-deal: the peer's OPENs of our
            # rack may come while our pass is rebuilt from its ASK 0)
            return cur and not self.h.ready()
        # a SEAL is the next hand's until that hand is dealt and begun here
        return p[0] == hidden.SEAL and (self.stage == 2 or not cur or g.phase >= self.HAND_OVER)

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
            if count(ts[:x], c):
                continue
            mine = [j for j in range(h.n) if h.owner[j] == hidden.MINE and hidden.tile_code(h.known[j]) == c]
            k = count(ts, c) - (count(rack, c) - len(mine))
            if k > 0:
                out.extend(bytes(mine[:k]))
        return bytes(out)

    def peer_moved(self, mv, g, k, owe=True):
        # the peer's draw (the stock's top) or muerto: its positions are the peer's now
        # (owe: we give their OPENs; a restore leaves that to the peer's ASK 1)
        kind = mv[0]
        if self.draws(kind) and k:
            self.peer_last = j = self.base + k - 1
            self.owe(j, owe)
        elif kind == _MUERTO:
            a = 2 * self.k + (1 - self.link.seat) * self.m
            for j in range(a, a + self.m):
                self.owe(j, owe)

    def owe(self, j, give):
        h = self.h
        if h.why:
            return
        o = h.owner[j]
        if o == hidden.STOCK:
            h.owner[j] = hidden.PEERS
        elif o != hidden.PEERS and o != hidden.SHOWN:
            # ours, or public: the peer's move took a tile the stock does not hold for it
            h.why = hidden.BAD_DRAW
            self.caught(self.link.game)
            return
        if give:
            self.todo.append((j, False))

    def ours_too(self, j):
        # position j is dealt or drawn to us: the one OPEN of it we take
        self.ours.append(j)
        self.h.expect(j)

    def mine_moved(self, mv, k):
        # our draw (True: a tile to wait for) or muerto: positions of ours
        kind = mv[0]
        if self.draws(kind) and k:
            self.last = self.base + k - 1
            self.ours_too(self.last)
            return True
        if kind == _MUERTO:
            a = 2 * self.k + self.link.seat * self.m
            for j in range(a, a + self.m):
                self.ours_too(j)
        return False

    def ended(self, g):
        # the hand is over (engine: hidden 2): both keys out (poll(): ours once the
        # save holds the hand's end), then the check
        if g.hidden == 2 and self.stage != 2:
            self.stage = 2
            self.keyed = False
            self.mark()

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
        for z, a in self.zones(g):
            for i in range(len(z)):
                z[i] = hidden.tile_code(tl[a + i])

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
        return self.commitments(g, out)

    def commitments(self, g, out):
        # public()'s end: this hand's SEALs (A's first) and the deck's hash, once it is whole
        h = self.h
        if h is not None and self.hand == g.hand and h.ready() and h.peer_seal is not None:
            if self.dh is None:
                self.dh = hashlib.sha256(h.deck).digest()
            out.extend(h.peer_seal if h.role else h.seal)
            out.extend(h.seal if h.role else h.peer_seal)
            out.extend(self.dh)
        return bytes(out)

    # --- a reconnection, a catch-up, a power cut ----------------------------------
    def link_up(self, behind):
        """link/deal.py, on the peer's HELLO of our match (behind: it has moves we
        lack): say again what a restart (ours or the peer's) may have lost on the
        way: where our deal's stream stands (ASK 0: the peer says its SEAL again), the tiles we wait for
        (ASK 1), the peer's KEY in our hand-end check (ASK 3). True: the catch-up
        waits for our deal or hand-end check (the peer's moves meanwhile would have
        waited for them too: held)."""
        self.pending = []
        self.sync_due = behind and self.stage != 0
        g = self.link.game
        h = self.h
        if h is None or g is None or self.hand != g.hand:
            return self.sync_due
        hand = self.hand & 255
        if not h.ready():
            self.send(bytes((hidden.ASK, 0, hand, h.got)))
        out = bytearray((hidden.ASK, 1, hand))
        for j in self.ours:
            if h.known[j] == _NONE:
                out.append(j)
        if self.card_hidden(g):
            out.append(h.n - 1)         # the card turned up (R12), not open here yet
        if len(out) > 3:
            self.send(bytes(out))
        self.ask_key()
        return self.sync_due

    def ask_key(self):
        # the peer's KEY, in our hand-end check without it (it asks for ours the same way)
        if self.stage == 2 and self.h.tiles is None:
            self.send(bytes((hidden.ASK, 3, self.hand & 255)))

    def serve_log(self, start):
        """link/repair.py, serving SYNC(start): our SHOWs of the moves the peer lacks
        go first (RESHOW), so that it plays them as it played them live."""
        b = self.showed
        i = 0
        while i < len(b):
            e = i + 1 + b[i]
            if b[i + 2] | (b[i + 3] << 8) >= start:
                self.send(bytes(b[i + 1:e]))
            i = e

    def on_log(self, ply, g, mv=None, k=0):
        """link/repair.py, around the caught-up move number ply (the peer's: ours are
        in our save): before it is played, its SHOW (mv None); after, mv and the stock's
        size before it."""
        if mv is None:
            for p in self.pending:
                if p[1] | (p[2] << 8) == ply:
                    self.shown(bytes((hidden.SHOW,)) + p[3:], g)
        elif self.h is not None and self.hand == g.hand:
            self.peer_moved(mv, g, k)
            self.ended(g)
            self.ask_key()              # (its KEY went out before our restart)

    def saved(self):
        """The part of the Link's save that hidden hands add (Link.save_head): every
        counted hand's tiles, this hand's SHOWs, the last hand's KEY, this hand's
        Hand (its secret, what it knows, the deck) and its stage, the peer's last
        secret (its KEY again is a copy)."""
        g = self.link.game
        h = self.h
        cur = h is not None and g is not None and self.hand == g.hand
        ok = self.old_key if cur else (
            (self.hand & 255, h.reveal()) if h is not None and self.keyed else None)
        op = self.old_peer if cur else (h.peer_secret if h is not None else None)
        out = bytearray(b"BKS1")
        out.append(self.stage if cur else 0)
        for part in (self.past, self.showed if cur else b"", b"" if ok is None else bytes((ok[0],)) + ok[1],
                     h.saved() if cur else b"", op or b""):
            out.extend(len(part).to_bytes(2, "little"))
            out.extend(part)
        self.dirty = False
        return bytes(out)

    def restore(self, b, moves, log):
        """A Link restored from its save: saved()'s bytes b, then the match rebuilt
        from its log (rebuild()); ValueError when b is damaged."""
        if b[:4] != b"BKS1" or len(b) < 13:
            raise ValueError("hidden hands save")
        parts = []
        i = 5
        for _ in range(5):
            if i + 2 > len(b):
                raise ValueError("hidden hands save")
            e = i + 2 + (b[i] | (b[i + 1] << 8))
            parts.append(bytes(b[i + 2:e]))
            i = e
        if i != len(b) or b[4] > 2 or len(parts[2]) not in (0, 2 + hidden.W) or len(parts[4]) not in (0, hidden.W):
            raise ValueError("hidden hands save")
        self.past = bytearray(parts[0])
        self.showed = bytearray(parts[1])
        self.old_key = (parts[2][0], parts[2][1:]) if parts[2] else None
        self.old_peer = parts[4] or None
        self.h = hidden.restore(parts[3]) if parts[3] else None
        self.stage = b[4] if self.h is not None else 0
        return self.rebuild(moves, log)

    def rebuild(self, moves, log):
        """The match from its log after restore() (or a catch-up given up: link/repair.py
        undo()): each hand dealt as the protocol dealt it,
        with the tiles this console knows (all of a counted hand's; of this hand's, ours
        and those made public); None when the log does not replay. Then what we wait for
        and how far the deal is, as at the save."""
        L = self.link
        g = moves.new_game(L.rules, L.seed, L.target)
        self.hide(g)
        hands = 0
        cur = self.fill(g, 0)
        i = 0
        n = len(log)
        while i < n:
            mv, i = moves.get_move(log, i, n, g)
            if mv is None:
                return None
            hand, seat, k = g.hand, g.turn, len(g.stock)
            if g.play(mv):
                return None
            if cur and hand == g.hand:
                if seat == L.seat:
                    self.mine_moved(mv, k)
                else:
                    self.peer_moved(mv, g, k, False)
            if g.hidden == 2 and not cur:
                g.end_hand()            # a counted hand: every tile was filled in
            if g.hand != hand:
                hands += 1
                cur = self.fill(g, hands)
        h = self.h
        if h is not None:
            self.hand = g.hand          # (saved() keeps only the last dealt hand's Hand)
        if self.stage == 2 and g.hidden != 2:
            self.stage = 0              # (a catch-up given up had reached the hand's end:
            self.keyed = False          # our KEY waited for a save, none came meanwhile)
        if not cur:
            self.stage = 0              # (a counted hand's: its SEAL and KEY went out)
            self.sealed = self.keyed = h is not None
            return g
        self.want = count(g.racks[L.seat], _HIDDEN) + self.card_hidden(g)
        # mid-deal, the peer's rack again (which of its OPENs went out before the cut is
        # not known here; a copy teaches it nothing); later, the peer asks (ASK 1)
        p = (1 - L.seat) * self.k
        self.todo = [(j, False) for j in range(p, p + self.k)] if self.stage == 1 else []
        if self.has_card(g) and h.owner[self.n - 1] == hidden.STOCK:
            self.todo.append((self.n - 1, True))
        self.phase = msg.DEALING if self.stage == 1 else msg.PLAYING
        # B mid-deal: the deck again (the peer takes only what it lacks; it may have begun
        # this hand after its own ASKs went out)
        self.decked = 0 if self.stage == 1 else self.n
        self.sealed = self.stage != 1   # (the SEAL again: the peer takes a copy as nothing)
        self.steps = h.got + self.k - self.want
        self.total = self.n + 2 * self.k
        self.drawn(g, self.last)
        return g

    def fill(self, g, x):
        # hand number x of the match, just dealt: its tiles where this console knows them
        # (a counted hand: self.past; this hand: the Hand's). True: this hand's
        self.measure(g)
        n = self.n
        cur = False
        if len(self.past) >= n * (x + 1):
            src = self.past[n * x:n * (x + 1)]
        elif self.h is not None and len(self.past) == n * x:
            src = self.h.known
            cur = True
            self.hand = g.hand
            self.ours = bytearray(range(self.link.seat * self.k, self.link.seat * self.k + self.k))
            self.last = self.peer_last = _NONE
        else:
            return False                # (a hand dealt whose deal has not begun: placeholders)
        for z, a in [(g.racks[0], 0), (g.racks[1], self.k)] + self.zones(g):
            for i in range(len(z)):
                t = src[a + i]
                if t != _NONE:
                    z[i] = hidden.tile_code(t)
        if self.has_card(g) and src[n - 1] != _NONE:
            self.set_card(g, hidden.tile_code(src[n - 1]))
        return cur

    # --- the game's shape (the Burako family's; rummy/hide.py's for Rummy) --------
    def zones(self, g):
        # the face-down zones after the racks, each with its first position
        return [(g.muertos[0], 2 * self.k), (g.muertos[1], 2 * self.k + self.m), (g.stock, self.base)]

    def has_card(self, g):
        # a tile turned up at the deal (R12: burraco's first pile card), position n - 1
        return g.rules.pile_start

    def card_hidden(self, g):
        return count(g.pile, _HIDDEN)

    def set_card(self, g, c):
        # the card turned up, opened: False when it is not there as a placeholder
        return _fill(g.pile, c)

    def draws(self, kind):
        return kind == _DRAW or kind == _REDRAW

