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
from link import repair

# copies of engine/game.py's numbers (a Rummy match loads this module and never Burako's
# engine; session.py imports this module's game side, so not the other way round):
# tests/test_link_layout.py checks they agree
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


def _fill(zone, code):
    # the last placeholder of a zone becomes tile code `code`; False when there is none
    i = len(zone) - 1
    while i >= 0:
        if zone[i] == _HIDDEN:
            zone[i] = code
            return True
        i -= 1
    return False


def count(zone, code):
    """How many times `code` is in `zone` (MicroPython's bytearray has no count())."""
    found = 0
    for tile in zone:
        if tile == code:
            found += 1
    return found


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
        game = self.link.game
        return self.stage == 0 and not self.want and not self.dirty and (
            game is None or game.phase >= self.HAND_OVER or (self.h is not None and self.hand == game.hand))

    def progress(self):
        """0..100: the deal (stage 1; 0 before it begins: no game yet, or a hand dealt whose
        deal has not begun) or the hand-end check (stage 2); 100 otherwise."""
        deal = self.h
        if self.stage == 1:
            return min(99, self.steps * 100 // self.total)
        if self.stage == 2 and deal is not None:
            return deal.checked * 100 // deal.n
        game = self.link.game
        if game is None or game.phase < self.HAND_OVER and (deal is None or self.hand != game.hand):
            return 0
        return 100

    def hide(self, game):
        """The new match's Game deals placeholders instead of its rng's tiles."""
        game.hidden = 1
        game.hand -= 1
        game.deal()

    def poll(self):
        link = self.link
        game = link.game
        if game is None:
            self.at = link.t.now
            return
        deal = self.h
        if deal is not None and self.hand == game.hand and self.silent():
            return
        if link.phase != msg.PLAYING:
            return
        if deal is None or self.hand != game.hand:
            if game.phase < self.HAND_OVER:
                self.begin(game)           # a hand dealt: the first, or after NEXT
            return
        transport = link.t
        if self.spent:
            self.spent = False          # one pow() a poll: the peer's SHUF or OPEN had it
            return
        if len(link.t.queue) > 2 or self.dirty:
            return                      # the cable's pace; a step the save does not hold yet
        if not self.sealed:
            self.sealed = True
            self.send(deal.commit())
            return
        if self.stage == 2 and not self.keyed:
            self.keyed = True
            self.send(deal.reveal())       # the hand is over: our secret, for the check
            return
        # (the pass and the deck go on in any stage: a peer restarted mid-deal asks for
        # the rest with ASK 0 after our own deal is done)
        if not deal.role:
            if deal.peer_seal is not None and deal.sent < deal.n:
                self.send(deal.shuffle(1))
                self.steps += 1
                return
        elif deal.ready() and self.decked < deal.n:
            # the deck back in small frames (hidden.deck_out's 14 elements, 451 bytes,
            # would almost never pass a cable at 1 % damaged bytes)
            start = self.decked
            count = min(_DECK, deal.n - start)
            self.send(bytes((hidden.DECK, start, count)) + deal.deck[hidden.W * start:hidden.W * (start + count)])
            self.decked = start + count
            return
        if self.held and deal.ready() and self.held[0][0] == hidden.OPEN:
            self.release()
        if self.todo and deal.ready():
            start, pub = self.todo.pop(0)
            if pub or deal.owner[start] != hidden.SHOWN:   # (shown since: a catch-up's draw, then
                self.send(deal.give(bytes((start,)), pub))     # its meld; the peer had the tile)
                self.steps += 1
            return
        if self.stage == 1 and deal.ready() and not self.want:
            self.stage = 0
            self.phase = msg.PLAYING
            link.events.append((msg.EV_SYNC, link.count, 0))   # the racks are in: redraw
            self.catch_up()
            self.release()
        elif self.stage == 2 and deal.tiles is not None and not self.want:
            # (not before our own tiles are in: a muerto taken on the hand's last turn, or
            # just before the peer closed, still has OPENs on their way after its KEY; the
            # count would take their placeholders for tiles, and the check would miss them)
            left = deal.check(1)
            if deal.why:
                self.caught(game)
            elif not left:
                self.reveal(game, deal)
                game.end_hand()            # R7: the hand counted, both racks known
                self.past.extend(deal.tiles)
                link.set_game(game)
                if not link.dirty:
                    link.dirty = transport.now | 1     # the count in the save
                if game.phase == link.over:   # (the Link sees the match's end after a move; here
                    link.phase = msg.ENDED     # it comes with the last hand's count)
                    link.reason = msg.R_MATCH_OVER
                self.stage = 0
                link.events.append((msg.EV_SYNC, link.count, 0))
                self.catch_up()
                self.release()

    def catch_up(self):
        # the moves the peer made while we were off, once our deal or check is done (as
        # its live MOVEs would have waited: held; those held are then the log's to bring)
        link = self.link
        if self.sync_due:
            self.sync_due = False
            if link.phase == msg.PLAYING and link.syncing is None:
                repair.ask_sync(link)

    def send(self, payload):
        self.link.send(payload)

    def waiting(self):
        """A step of the peer's is owed to us: its SEAL; its pass (we are B) or the deck (we
        are A, our pass all out); a tile we wait for; its KEY at the hand's end. Not while
        only our own steps are left to give (our pass, the deck back, the peer's tiles)."""
        deal = self.h
        if self.want or (self.stage == 2 and deal.tiles is None):
            return True
        if self.stage != 1:
            return False
        return deal.peer_seal is None or (not deal.ready() and (deal.role == 1 or deal.sent == deal.n))

    def silent(self):
        """Count the time the peer owes us a step (its part of the deal, a tile we wait for,
        its KEY) while its transport is up, from when the step became owed; True once that
        passes _QUIET_MS: the link ends naming it. Counted through a reconnection or a
        catch-up too (a peer that keeps restarting or stalls a catch-up stays named); set
        back by the step's arrival (received()) or by the peer taking a frame of ours (our
        own stream of the deal is under way: it is not idle)."""
        link = self.link
        transport = link.t
        if transport.tx_seq != self.acked:
            self.acked = transport.tx_seq
            self.quiet = 0
        if link.phase != msg.ENDED and self.waiting():
            if transport.alive() and self.at:
                # (not from the first poll: at 0 would count every ms since power-on,
                # and a console restored more than 30 s after it was switched on would
                # take its peer for silent at once)
                self.quiet += transport.clock.ticks_diff(transport.now, self.at)
        else:
            self.quiet = 0              # nothing owed to us (our own check: the peer's too)
        self.at = transport.now
        if self.quiet < _QUIET_MS:
            return False
        self.why = hidden.WHY_SILENT
        link.end(msg.R_HIDDEN)
        link.by_peer = True
        return True

    def withheld(self):
        """The peer withheld a step it owed (silent() ended the link): a score log keeps
        that as a match it abandoned (Link.ended_reason)."""
        return self.why == hidden.WHY_SILENT

    def owed(self):
        """What the peer owes us, as a number that grows with each step it gives: the deck's
        elements in, its SEAL, the tiles we wait for still to come (counted down), its KEY."""
        deal = self.h
        if deal is None:
            return 0
        return deal.got + (deal.peer_seal is not None) - self.want + (deal.tiles is not None) * 256

    def begin(self, game):
        link = self.link
        if self.h is not None:
            self.old_peer = self.h.peer_secret
            if self.keyed:
                self.old_key = (self.hand & 255, self.h.reveal())
        self.measure(game)
        positions = self.n
        self.h = hidden.Hand(link.seat, link.random(32), positions)
        self.hand = game.hand
        self.stage = 1
        self.phase = msg.DEALING
        self.decked = 0
        self.dh = None
        self.last = self.peer_last = _NONE
        self.sealed = self.keyed = False
        self.showed = bytearray()
        self.pending = []
        rack = self.k
        peer_start = (1 - link.seat) * rack
        self.ours = bytearray()
        for position in range(link.seat * rack, link.seat * rack + rack):
            self.ours_too(position)
        self.todo = []
        for position in range(peer_start, peer_start + rack):
            self.owe(position, True)           # (the peer's from the deal: its SHOW may come first
        self.want = rack                   # after a restart, while our OPENs are given again)
        if self.has_card(game):
            self.todo.append((positions - 1, True))    # R12: the card turned up, opened for both
            self.h.expect(positions - 1, True)
            self.want += 1
        self.steps = 0
        self.total = positions + 2 * len(self.todo)
        self.mark()                     # the SEAL goes out once the save holds the secret
        self.release()

    def measure(self, game):
        # the deal's shape: racks of k, muertos of m, the stock from base; n positions
        rules = game.rules
        self.k = rack = rules.rack_size(2)
        self.m = muerto = rules.muerto
        self.base = 2 * rack + 2 * muerto
        self.n = len(game.stock) + len(game.pile) + len(game.racks[0]) + len(game.racks[1]) + \
            len(game.muertos[0]) + len(game.muertos[1])

    def mark(self):
        # a step that must be in the save before it goes out (keep: the UI saves)
        if self.keep:
            self.dirty = True
            link = self.link
            if not link.dirty:
                link.dirty = link.t.now | 1

    def received(self, data, start, end):
        kind = data[start]
        if kind != msg.MOVE and not hidden.SEAL <= kind <= hidden.RESHOW:
            return False
        link = self.link
        payload = bytes(data[start:end])
        if self.holds(payload):
            if len(self.held) >= _HELD:
                link.end(msg.R_PROTOCOL)
            else:
                self.held.append(payload)
            return True
        game = link.game
        if kind == msg.MOVE:
            if game is None:
                return False
            stock = len(game.stock)
            count = link.count
            link.hidden = None         # the Link's own path, then ours
            try:
                link.received(payload, 0, len(payload))
            except Exception:
                # a digest that differs: the public bytes cannot put the position back
                link.end(msg.R_DESYNC)
            finally:
                link.hidden = self
            if link.count > count:
                self.peer_moved(link.events[-1][2], game, stock)
                self.ended(game)
            return True
        deal = self.h
        if kind == hidden.RESHOW:
            if len(self.pending) >= _PENDING or len(payload) < 4:
                link.end(msg.R_PROTOCOL)
            else:
                self.pending.append(payload)  # (applied as the catch-up reaches its move)
            return True
        if deal is None:
            link.refuse(msg.F_UNEXPECTED, 0, False)
            return True
        if kind == hidden.ASK:
            self.asked(payload, game, deal)
            return True
        # again after a reconnection: the same SEAL or KEY (the last hand's too: a peer
        # restored in its hand-end check says it again while we deal the next), a pass's
        # element we hold (or before the peer's SEAL: it says it again, ASK 0)
        if (kind == hidden.SEAL and payload[1:1 + hidden.W] == deal.peer_seal) or (kind == hidden.KEY and (
                payload[1:] == deal.peer_secret or payload[1:] == self.old_peer)) \
                or ((kind == hidden.SHUF or kind == hidden.DECK) and (len(payload) < 3 or payload[1] != deal.got or deal.peer_seal is None)):
            return True
        if kind == hidden.SHOW:
            if link.syncing is None and not self.sync_due:
                self.shown(payload, game)        # (behind: its move and its RESHOW come in the catch-up)
            return True
        if kind == hidden.OPEN and len(payload) == 3 + hidden.ENTRY and not payload[1] and payload[3] < deal.n and \
                deal.owner[payload[3]] == hidden.PUBLIC:
            return True     # ours again (ASK 1), and shown since: nothing it could teach
        if kind == hidden.SEAL and deal.peer_seal is None and self.sealed:
            self.send(deal.commit())       # (ours went out before the peer's restart, maybe)
        before = self.owed()
        learned = deal.take(payload)
        self.spent = kind == hidden.SHUF or kind == hidden.OPEN
        if deal.why:
            self.caught(game)
        elif kind == hidden.SHUF:
            self.steps += payload[2]
        elif kind == hidden.OPEN:
            rack = game.racks[link.seat]
            for tile_id in learned:
                if self.set_card(game, hidden.tile_code(tile_id)) if payload[1] else _fill(rack, hidden.tile_code(tile_id)):
                    self.want -= 1
                    self.steps += 1
            self.drawn(game, self.last)
        if self.owed() != before:
            self.quiet = 0              # a step owed to us came: the clock starts again
        return True

    def shown(self, payload, game):
        # the peer's tiles made public (SHOW, or a RESHOW as its move is caught up):
        # into its rack's placeholders, before its move is played
        deal = self.h
        claims = bytearray((hidden.SHOW, 0))
        for i in range(2, len(payload) - 1, 2):
            if payload[i] >= deal.n or deal.owner[payload[i]] != hidden.SHOWN or deal.known[payload[i]] != payload[i + 1]:
                claims.extend(payload[i:i + 2])    # (the same claim again: its SHOW came, its MOVE did not)
                claims[1] += 1
        learned = deal.take(bytes(claims) if len(payload) >= 2 and len(payload) == 2 + 2 * payload[1] else payload)
        if deal.why:
            self.caught(game)
            return
        rack = game.racks[1 - self.link.seat]
        for tile_id in learned:
            _fill(rack, hidden.tile_code(tile_id))
        self.drawn(game, self.peer_last)

    def asked(self, payload, game, deal):
        # ASK after a reconnection, for a hand: 0 hand got (the pass or the deck from
        # there on), 1 hand pos* (the OPENs the peer lacks: only of its own positions, or
        # the card turned up), 3 hand (our KEY again, once that hand is over). An ASK of
        # another hand than ours is passed over: the peer is a hand behind or ahead, and
        # the deal's own steps bring it what it lacks.
        what = payload[1] if len(payload) > 2 else 255
        if what != 255 and what != 3 and payload[2] != self.hand & 255:
            return
        if what == 0 and len(payload) == 4 and payload[3] <= deal.n:
            if self.sealed:
                self.send(deal.commit())   # (its Hand from before its restart may lack it)
            if deal.role:
                self.decked = payload[3]
            elif payload[3] <= deal.sent:
                deal.sent = payload[3]
            return
        if what == 1:
            for position in payload[3:]:
                owner = deal.owner[position] if position < deal.n else _NONE
                if owner == hidden.PEERS:
                    self.todo.append((position, False))
                elif position == deal.n - 1 and self.has_card(game):
                    self.todo.append((position, True))
                elif owner != hidden.STOCK:
                    # (a stock position: its draw's MOVE is still on its way, and brings it)
                    deal.why = hidden.GARBAGE      # not a tile of the peer's: a probe
                    self.caught(game)
                    return
            return
        if what == 3 and len(payload) == 3:
            if payload[2] == self.hand & 255 and self.keyed:
                self.send(deal.reveal())
            elif self.old_key is not None and self.old_key[0] == payload[2]:
                self.send(self.old_key[1])
            return
        deal.why = hidden.GARBAGE
        self.caught(game)

    def send_move(self, mv):
        """Our move: the SHOW of its hidden tiles, then the Link's own path."""
        link = self.link
        game = link.game
        if not self.idle():
            return _BUSY
        link.flush()                       # (a move before it goes out with its SHOW)
        show = self.shows(mv, game)
        stock = len(game.stock)
        link.hidden = None
        try:
            err = link.send_move(mv)
        finally:
            link.hidden = self
        if err:
            return err
        if show:
            self.out_show = self.h.show(show)   # out with the MOVE (Link.flush: flush())
        kind = mv[0]
        if self.mine_moved(mv, stock):
            self.want += 1              # the stock's top: the peer opens it for us
        elif kind == _MUERTO:
            self.want += self.m
        self.mark()                     # the MOVE goes out once the save holds it
        self.ended(game)
        return 0

    def flush(self, ply):
        """Link.flush: our move's SHOW goes out before its MOVE (number ply), and is
        kept for a catch-up (RESHOW)."""
        show = self.out_show
        if show is not None:
            self.out_show = None
            self.send(show)
            reshow = bytes((hidden.RESHOW, ply & 255, ply >> 8)) + show[1:]
            self.showed.append(len(reshow))
            self.showed.extend(reshow)
            if self.link.serving is not None:
                self.send(reshow)            # (a catch-up under way: the peer takes SHOWs from its log)

    # --- ours -------------------------------------------------------------------
    def holds(self, payload):
        game = self.link.game
        cur = game is not None and self.h is not None and self.hand == game.hand
        if payload[0] == msg.MOVE:
            return game is not None and (self.stage != 0 or (not cur and game.phase < self.HAND_OVER))
        if payload[0] == hidden.OPEN:
            # before our deck is whole again (a restart mid-deal: the peer's OPENs of our
            # rack may come while our pass is rebuilt from its ASK 0)
            return cur and not self.h.ready()
        # a SEAL is the next hand's until that hand is dealt and begun here
        return payload[0] == hidden.SEAL and (self.stage == 2 or not cur or game.phase >= self.HAND_OVER)

    def release(self):
        while self.held and not self.holds(self.held[0]) and self.link.phase == msg.PLAYING:
            payload = self.held.pop(0)
            self.received(payload, 0, len(payload))

    def drawn(self, game, position):
        # the first draw's tile, while a redraw is open (R3.2), once known
        if game.drawn == _HIDDEN and position != _NONE and self.h.known[position] != _NONE:
            game.drawn = hidden.tile_code(self.h.known[position])

    def shows(self, mv, game):
        # the positions our move makes public: the drawn tile of a redraw; a
        # meld's or discard's tiles not covered by public copies in our rack
        # (taken with the pile), those first
        kind = mv[0]
        deal = self.h
        if kind == _REDRAW:
            return bytes((self.last,))
        if kind < _MELD or kind > _DISCARD:
            return b""
        ts = mv[2]
        rack = game.racks[self.link.seat]
        out = bytearray()
        for index in range(len(ts)):
            code = ts[index]
            if count(ts[:index], code):
                continue
            mine = [position for position in range(deal.n) if deal.owner[position] == hidden.MINE and hidden.tile_code(deal.known[position]) == code]
            extra = count(ts, code) - (count(rack, code) - len(mine))
            if extra > 0:
                out.extend(bytes(mine[:extra]))
        return bytes(out)

    def peer_moved(self, mv, game, stock, owe=True):
        # the peer's draw (the stock's top) or muerto: its positions are the peer's now
        # (owe: we give their OPENs; a restore leaves that to the peer's ASK 1)
        kind = mv[0]
        if self.draws(kind) and stock:
            self.peer_last = position = self.base + stock - 1
            self.owe(position, owe)
        elif kind == _MUERTO:
            start = 2 * self.k + (1 - self.link.seat) * self.m
            for position in range(start, start + self.m):
                self.owe(position, owe)

    def owe(self, position, give):
        deal = self.h
        if deal.why:
            return
        owner = deal.owner[position]
        if owner == hidden.STOCK:
            deal.owner[position] = hidden.PEERS
        elif owner != hidden.PEERS and owner != hidden.SHOWN:
            # ours, or public: the peer's move took a tile the stock does not hold for it
            deal.why = hidden.BAD_DRAW
            self.caught(self.link.game)
            return
        if give:
            self.todo.append((position, False))

    def ours_too(self, position):
        # `position` is dealt or drawn to us: the one OPEN of it we take
        self.ours.append(position)
        self.h.expect(position)

    def mine_moved(self, mv, stock):
        # our draw (True: a tile to wait for) or muerto: positions of ours
        kind = mv[0]
        if self.draws(kind) and stock:
            self.last = self.base + stock - 1
            self.ours_too(self.last)
            return True
        if kind == _MUERTO:
            start = 2 * self.k + self.link.seat * self.m
            for position in range(start, start + self.m):
                self.ours_too(position)
        return False

    def ended(self, game):
        # the hand is over (engine: hidden 2): both keys out (poll(): ours once the
        # save holds the hand's end), then the check
        if game.hidden == 2 and self.stage != 2:
            self.stage = 2
            self.keyed = False
            self.mark()

    def caught(self, game):
        # the hand void (never counted), the link ended on both (R_HIDDEN); which check
        # failed is self.why (hidden.WHY_NAMES)
        game.void = True
        self.stage = 0
        self.why = self.h.why
        self.link.end(msg.R_HIDDEN)

    def reveal(self, game, deal):
        # the keys are out and checked: the peer's rack, the muertos and the stock known
        tl = deal.tiles
        zone = game.racks[1 - self.link.seat]
        for position in range(deal.n):
            if deal.owner[position] == hidden.PEERS:
                _fill(zone, hidden.tile_code(tl[position]))
        for zone, start in self.zones(game):
            for i in range(len(zone)):
                zone[i] = hidden.tile_code(tl[start + i])

    def public(self, game):
        """The position bytes the digest is taken over: what both consoles
        know (no rack, muerto or stock tile, no drawn tile), and this hand's
        commitments (both SEALs, the deck's hash) once the deck is complete."""
        out = bytearray(b"BH")
        out.extend(bytes((game.phase, game.turn, game.mano, game.hand & 255, game.first, game.timeup, game.void,
                          game.taken[0], game.taken[1], game.last, game.closer + 1, game.winner + 1, game.lone,
                          len(game.stock), len(game.muertos[0]), len(game.muertos[1]), len(game.pile))))
        for rack in game.racks:
            out.append(len(rack))
        out.extend(game.pile)
        for score in game.scores:
            out.extend((score & 0xFFFFFFFF).to_bytes(4, "little"))
        out.append(len(game.history) & 255)
        for meld in game.melds:
            out.append(len(meld))
            for score in meld:
                out.append(len(score))
                out.extend(score)
        return self.commitments(game, out)

    def commitments(self, game, out):
        # public()'s end: this hand's SEALs (A's first) and the deck's hash, once it is whole
        deal = self.h
        if deal is not None and self.hand == game.hand and deal.ready() and deal.peer_seal is not None:
            if self.dh is None:
                self.dh = hashlib.sha256(deal.deck).digest()
            out.extend(deal.peer_seal if deal.role else deal.seal)
            out.extend(deal.seal if deal.role else deal.peer_seal)
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
        game = self.link.game
        deal = self.h
        if deal is None or game is None or self.hand != game.hand:
            return self.sync_due
        hand = self.hand & 255
        if not deal.ready():
            self.send(bytes((hidden.ASK, 0, hand, deal.got)))
        out = bytearray((hidden.ASK, 1, hand))
        for position in self.ours:
            if deal.known[position] == _NONE:
                out.append(position)
        if self.card_hidden(game):
            out.append(deal.n - 1)         # the card turned up (R12), not open here yet
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
        showed = self.showed
        i = 0
        while i < len(showed):
            end = i + 1 + showed[i]
            if showed[i + 2] | (showed[i + 3] << 8) >= start:
                self.send(bytes(showed[i + 1:end]))
            i = end

    def on_log(self, ply, game, mv=None, stock=0):
        """link/repair.py, around the caught-up move number ply (the peer's: ours are
        in our save): before it is played, its SHOW (mv None); after, mv and the stock's
        size before it."""
        if mv is None:
            for reshow in self.pending:
                if reshow[1] | (reshow[2] << 8) == ply:
                    self.shown(bytes((hidden.SHOW,)) + reshow[3:], game)
        elif self.h is not None and self.hand == game.hand:
            self.peer_moved(mv, game, stock)
            self.ended(game)
            self.ask_key()              # (its KEY went out before our restart)

    def saved(self):
        """The part of the Link's save that hidden hands add (Link.save_head): every
        counted hand's tiles, this hand's SHOWs, the last hand's KEY, this hand's
        Hand (its secret, what it knows, the deck) and its stage, the peer's last
        secret (its KEY again is a copy)."""
        game = self.link.game
        deal = self.h
        cur = deal is not None and game is not None and self.hand == game.hand
        ok = self.old_key if cur else (
            (self.hand & 255, deal.reveal()) if deal is not None and self.keyed else None)
        op = self.old_peer if cur else (deal.peer_secret if deal is not None else None)
        out = bytearray(b"BKS1")
        out.append(self.stage if cur else 0)
        for part in (self.past, self.showed if cur else b"", b"" if ok is None else bytes((ok[0],)) + ok[1],
                     deal.saved() if cur else b"", op or b""):
            out.extend(len(part).to_bytes(2, "little"))
            out.extend(part)
        self.dirty = False
        return bytes(out)

    def restore(self, data, moves, log):
        """A Link restored from its save: saved()'s bytes `data`, then the match rebuilt
        from its log (rebuild()); ValueError when they are damaged."""
        if data[:4] != b"BKS1" or len(data) < 13:
            raise ValueError("hidden hands save")
        parts = []
        i = 5
        for _ in range(5):
            if i + 2 > len(data):
                raise ValueError("hidden hands save")
            end = i + 2 + (data[i] | (data[i + 1] << 8))
            parts.append(bytes(data[i + 2:end]))
            i = end
        if i != len(data) or data[4] > 2 or len(parts[2]) not in (0, 2 + hidden.W) or len(parts[4]) not in (0, hidden.W):
            raise ValueError("hidden hands save")
        self.past = bytearray(parts[0])
        self.showed = bytearray(parts[1])
        self.old_key = (parts[2][0], parts[2][1:]) if parts[2] else None
        self.old_peer = parts[4] or None
        self.h = hidden.restore(parts[3]) if parts[3] else None
        self.stage = data[4] if self.h is not None else 0
        return self.rebuild(moves, log)

    def rebuild(self, moves, log):
        """The match from its log after restore() (or a catch-up given up: link/repair.py
        undo()): each hand dealt as the protocol dealt it,
        with the tiles this console knows (all of a counted hand's; of this hand's, ours
        and those made public); None when the log does not replay. Then what we wait for
        and how far the deal is, as at the save."""
        link = self.link
        game = moves.new_game(link.rules, link.seed, link.target)
        self.hide(game)
        hands = 0
        cur = self.fill(game, 0)
        i = 0
        end = len(log)
        while i < end:
            mv, i = moves.get_move(log, i, end, game)
            if mv is None:
                return None
            hand, seat, stock = game.hand, game.turn, len(game.stock)
            if game.play(mv):
                return None
            if cur and hand == game.hand:
                if seat == link.seat:
                    self.mine_moved(mv, stock)
                else:
                    self.peer_moved(mv, game, stock, False)
            if game.hidden == 2 and not cur:
                game.end_hand()            # a counted hand: every tile was filled in
            if game.hand != hand:
                hands += 1
                cur = self.fill(game, hands)
        deal = self.h
        if deal is not None:
            self.hand = game.hand          # (saved() keeps only the last dealt hand's Hand)
        if self.stage == 2 and game.hidden != 2:
            self.stage = 0              # (a catch-up given up had reached the hand's end:
            self.keyed = False          # our KEY waited for a save, none came meanwhile)
        if not cur:
            self.stage = 0              # (a counted hand's: its SEAL and KEY went out)
            self.sealed = self.keyed = deal is not None
            return game
        self.want = count(game.racks[link.seat], _HIDDEN) + self.card_hidden(game)
        # mid-deal, the peer's rack again (which of its OPENs went out before the cut is
        # not known here; a copy teaches it nothing); later, the peer asks (ASK 1)
        peer_start = (1 - link.seat) * self.k
        self.todo = [(position, False) for position in range(peer_start, peer_start + self.k)] if self.stage == 1 else []
        if self.has_card(game) and deal.owner[self.n - 1] == hidden.STOCK:
            self.todo.append((self.n - 1, True))
        self.phase = msg.DEALING if self.stage == 1 else msg.PLAYING
        # B mid-deal: the deck again (the peer takes only what it lacks; it may have begun
        # this hand after its own ASKs went out)
        self.decked = 0 if self.stage == 1 else self.n
        self.sealed = self.stage != 1   # (the SEAL again: the peer takes a copy as nothing)
        self.steps = deal.got + self.k - self.want
        self.total = self.n + 2 * self.k
        self.drawn(game, self.last)
        return game

    def fill(self, game, number):
        # hand `number` of the match, just dealt: its tiles where this console knows them
        # (a counted hand: self.past; this hand: the Hand's). True: this hand's
        self.measure(game)
        positions = self.n
        cur = False
        if len(self.past) >= positions * (number + 1):
            src = self.past[positions * number:positions * (number + 1)]
        elif self.h is not None and len(self.past) == positions * number:
            src = self.h.known
            cur = True
            self.hand = game.hand
            self.ours = bytearray(range(self.link.seat * self.k, self.link.seat * self.k + self.k))
            self.last = self.peer_last = _NONE
        else:
            return False                # (a hand dealt whose deal has not begun: placeholders)
        for zone, start in [(game.racks[0], 0), (game.racks[1], self.k)] + self.zones(game):
            for i in range(len(zone)):
                tile_id = src[start + i]
                if tile_id != _NONE:
                    zone[i] = hidden.tile_code(tile_id)
        if self.has_card(game) and src[positions - 1] != _NONE:
            self.set_card(game, hidden.tile_code(src[positions - 1]))
        return cur

    # --- the game's shape (the Burako family's; rummy/hide.py's for Rummy) --------
    def zones(self, game):
        # the face-down zones after the racks, each with its first position
        return [(game.muertos[0], 2 * self.k), (game.muertos[1], 2 * self.k + self.m), (game.stock, self.base)]

    def has_card(self, game):
        # a tile turned up at the deal (R12: burraco's first pile card), position n - 1
        return game.rules.pile_start

    def card_hidden(self, game):
        return count(game.pile, _HIDDEN)

    def set_card(self, game, code):
        # the card turned up, opened: False when it is not there as a placeholder
        return _fill(game.pile, code)

    def draws(self, kind):
        return kind == _DRAW or kind == _REDRAW

