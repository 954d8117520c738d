# A 1v1 match over the link cable: hello, the fair deal (commit-reveal),
# every move checked by the local engine and by a digest of the position
# after it, repair from the move log, resume after a pulled cable or a
# power-off, and a clear reason whenever the link ends. docs/link.md.
#
# The session owns the shared Game (`link.game`, always the same object) and
# the move log. The UI plays its own player's moves with send_move(mv) and
# learns about everything else from next_event(); it calls poll() every frame.
#
# What differs between the games (the rules and their variant id, a Game
# dealt from the seed, a move's bytes, the position the digest is taken over,
# the end of the match) is a game module's: link/moves_burako.py (burako,
# torneo, burraco) or rummy/moves.py, so a Rummy match never imports
# Burako's engine. What a move needs (its bytes, the position, the match's
# end) is copied onto the Link; the rest is asked of the module while
# needed, and Burako's leaves the heap with deal.py and repair.py
# (docs/memory.md "link handshake").
from micropython import const
from link import msg
from link import entropy
from link.transport import Transport, RTO_MS
# the session's vocabulary lives in link/msg.py (deal.py and repair.py share it);
# the UI reads it here, as session.ENDED, session.REASON_NAMES...
from link.msg import (CONNECTING, DEALING, PLAYING, PEER_GONE, ENDED, STATE_NAMES,  # noqa: F401
                      R_NONE, R_MATCH_OVER, R_VERSION, R_RULES, R_PEER_LOST, R_LOST_MATCH,
                      R_OTHER_MATCH, R_BAD_REVEAL, R_CHEAT, R_DESYNC, R_ABANDONED, R_PROTOCOL,
                      R_PEER_ABANDONED, R_NO_REVEAL, R_HIDDEN, R_SILENT, R_NO_RANDOM, REASON_NAMES, F_ILLEGAL,
                      F_DIGEST, F_STALE,
                      F_GARBAGE, F_NOT_TURN, F_UNEXPECTED, EV_STATE, EV_MOVE, EV_SYNC, EV_REFUSED)

# the engine's reason for a move out of turn: engine/reasons.py NOT_YOUR_TURN,
# rummy/rules.py WRONG_PHASE (tests/test_link_rummy.py checks both)
NOT_YOUR_TURN = const(1)
BUSY = const(100)          # send_move: the link is not in a state to take a move

# (private consts are inlined: no interned name, docs/memory.md "const")
_WHY_SILENT = const(6)     # link/hidden.py WHY_SILENT (not imported: the open deal never loads it)
_SAVE_MS = const(2000)     # dirty this long: safe_to_write() says yes whatever the peer sends
_QUIET_MS = const(1000)    # a catch-up or repair shows as CONNECTING only after this long
FIRMWARE = b"dev"


def game_module(rummy):
    """rummy/moves.py or link/moves_burako.py: a game's side of the protocol (its rules and
    variant ids, a move's bytes, the position the digest covers, its hidden hands). Rummy's is
    found by name, the one import of link/ by a computed name: link/ imports no game's package
    (rummy/ imports link/, the arrow points one way)."""
    if rummy:
        return __import__("rummy.moves", None, None, ("VARIANT",))
    from link import moves_burako
    return moves_burako


def replay(rules, seed, target, log):
    """link/repair.py's replay (the match from its deal), for the host side.
    rules: an engine/rules.py Rules, or "rummy" (R13.9's four hands)."""
    from link import repair
    moves = game_module(rules == "rummy")
    # (moves is rummy/moves.py when rules is "rummy": HANDS is its)
    return repair.replay(moves, moves.HANDS if rules == "rummy" else rules, seed, target, log)  # pyright: ignore[reportAttributeAccessIssue]


def _assign(dst, src):
    # keeps link.game the same object whatever happens to the position; every
    # attribute, so fields the engine gains later come along
    for f in src.__dict__:
        setattr(dst, f, getattr(src, f))


class Link:
    """One console's side of a linked match.

    The UI's side: poll(), next_event(), send_move(), state, game, log,
    saved()... (docs/link.md "The API for the UI").

    The handshake's and the repair's side (link/deal.py and link/repair.py,
    loaded while needed, take the Link as `link` and use only these):
      phase      the session's own state: CONNECTING, DEALING, PLAYING or
                 ENDED (state, the UI's, also says what the cable does)
      dealing    the handshake while it runs (deal.py), else None
      serving    our log going out to the peer (repair.py), else None
      syncing    the peer's log coming in (repair.py), else None
      restored   from a save, before its first sync: may take its own moves
                 past the saved count from the peer (docs/link.md "Resume")
      pos, digest  the position after the last logged move, and its digest
      send(payload), end(reason), refuse(code, why, strike)
      set_game(g), new_match_state(), sync_reset()
      deal(), repair(), game_module(): the modules loaded while needed
    plus the public fields (rules, variant, target, seed, seat, match_id,
    count, log, events, by_peer, dirty...) and the game's hooks (position,
    put_move, get_move, over)."""

    def __init__(self, board, variant="burako", target=0, saved=None, game=None,
                 nonce=None, firmware=FIRMWARE, rto=RTO_MS, hidden=False):
        """board: .link (byte stream) and .clock. variant/target: the rules
        offered for a new match (variant: an engine/rules.py name, or
        "rummy"; target 0: the variant's default, none for Rummy). saved: bytes from saved() to resume a match
        (game: the UI's restored Game, used if it matches the save, else the
        match is replayed from its log). nonce(n): n random bytes. hidden:
        hidden hands (link/hide.py, Rummy israeli's rummy/hide.py; off by default:
        docs/link.md "Hidden hands"); the peer must offer them too."""
        moves = game_module(variant == "rummy")
        r = moves.find(variant)
        if r is None:
            raise ValueError("unknown variant")
        self.rules, self.variant, t = r
        self.target = target or t
        self.moves = moves
        # the game's hooks a move needs
        self.over = moves.OVER
        self.position = moves.position
        self.put_move = moves.put_move
        self.get_move = moves.get_move
        # hidden hands' side (link/hide.py's Hid, Rummy's rummy/hide.py) or None: the open
        # deal from the seed
        self.hidden = None
        if saved is not None and len(saved) > 5:
            hidden = saved[5] & 0x80        # a save says whether its match deals hidden hands
        if hidden:
            self.hidden = moves.hidden_side()(self)
        self.random = nonce or entropy.random_bytes
        self.fw = bytes(firmware)
        self.peer_fw = b""
        # the players' names: [this console's, sent in HELLO (the UI sets it), the
        # peer's from its HELLO]; "" for none. One list, not two attributes: each
        # attribute name is an interned string for good (docs/memory.md "interned names")
        self.names = ["", ""]
        self.downgraded = False     # hidden hands asked, the peer cannot: this match is dealt open
        self.events = []
        self.reason = R_NONE
        self.by_peer = False
        self.refused = 0
        self.last_refusal = (0, 0)
        self.strikes = 0
        self.repairs = 0            # repairs this console asked for
        self.repaired = 0           # logs the peer asked of us (SYNC, REPAIR) since our last move
        self.dirty = False          # the log grew since saved() was last called: when (ms | 1)
        self.restored = False
        self.phase = CONNECTING
        self._shown = CONNECTING
        self.new_match_state()
        # the handshake's, the serving's and the catching up's state: one slot
        # each, a small list only while it runs (deal.py, repair.py say what it
        # holds; docs/memory.md "link moves")
        self.dealing = None
        self.serving = None
        self.syncing = None
        self.out_move = None        # a local move whose MOVE goes out at the next poll
        self._tail = 0              # where its bytes start in the log
        if saved is not None:
            self.deal().restore(self, saved, game)
        self.t = Transport(board.link, board.clock, self.random(4), self, rto)

    # --- the UI's side ---------------------------------------------------
    @property
    def state(self):
        s = self.phase
        if s == ENDED:
            return ENDED
        if not self.t.up:
            return CONNECTING
        if not self.t.alive():
            return PEER_GONE
        if s == PLAYING and self.hidden is not None:
            s = self.hidden.phase       # DEALING while a hand's hidden deal runs
        i = self.syncing
        if i is not None and self.game is not None and \
                self.t.clock.ticks_diff(self.t.now, i[5]) < _QUIET_MS:
            return PLAYING          # a catch-up's first second: the table stays
        return s

    def poll(self, now=None):
        """Run the link: read, answer, resend. Call every frame (at least
        every 300 ms, or the peer sees this console as gone). Returns the
        number of events waiting."""
        if now is None:
            now = self.t.clock.ticks_ms()
        if self.hidden is None or not self.hidden.dirty:
            self.flush()            # (hidden hands: our MOVE leaves once saved: save_head)
        self.t.poll(now)
        if self.hidden is not None:
            self.hidden.poll()              # at most one pow() a poll
        if self.dealing is not None:
            self.deal().poll(self, now)     # once our REVEAL is out, the peer's must come
        if self.syncing is not None:
            self.repair().poll(self, now)   # a catch-up the peer owes has a clock
        if self.serving is not None and not self.t.queue:
            self.repair().pump(self)
        s = self.state
        if s != self._shown:
            self._shown = s
            self.events.append((EV_STATE, s, self.reason))
        return len(self.events)

    def next_event(self):
        if self.events:
            return self.events.pop(0)
        return None

    @property
    def peer_seat(self):
        return 1 - self.seat if self.seat >= 0 else -1

    def my_turn(self):
        g = self.game
        return self.phase == PLAYING and g is not None and g.turn == self.seat \
            and g.phase != self.over and (self.hidden is None or self.hidden.idle())

    def send_move(self, mv):
        """Play the local player's move on link.game and send it. Returns 0,
        an engine reason (nothing changed), or BUSY when the link is not
        playing (connecting, dealing, catching up, ended)."""
        g = self.game
        if self.phase != PLAYING or g is None:
            return BUSY
        if self.hidden is not None:
            return self.hidden.send_move(mv)    # its SHOWs, then this again without it
        if g.turn != self.seat:
            return NOT_YOUR_TURN
        self.flush()
        # its bytes first: a Rummy play's refer to the table before it
        log = self.log
        k = len(log)
        try:
            self.put_move(log, mv, g)
            err = g.play(mv)
        except Exception:
            log[k:] = b""
            raise
        if err:
            log[k:] = b""
            return err
        # the MOVE (with the digest of the position after it) is built at the
        # next poll: the UI's answer to the move and the AI that chose it
        # share this frame's heap; the bytes on the wire are the same
        # (docs/memory.md "link moves")
        self.out_move = mv
        self._tail = k
        self._logged()
        return 0

    def flush(self):
        if self.out_move is not None:
            self.out_move = None
            if self.hidden is not None:
                self.hidden.flush(self.count - 1)   # its SHOW first
            self.pos = self.position(self.game)
            self.digest = msg.digest(self.pos)
            self.send(msg.move(self.count - 1, self.digest, None, self.log, self._tail))

    def abandon(self):
        """Give the match up (tells the peer if it is there)."""
        if self.phase != ENDED:
            self.flush()
            self.end(R_ABANDONED)

    def ended_reason(self):
        """The reason a score log keeps for a match the link ended in play: a peer that
        withheld a step it owed (R_SILENT; a hidden hand's "silent", hidden.WHY_SILENT)
        abandoned the match, whatever the screen names."""
        r = self.reason
        if r == R_SILENT or (r == R_HIDDEN and self.by_peer and self.hidden is not None and
                             self.hidden.why == _WHY_SILENT):
            return R_PEER_ABANDONED
        return r

    def connected(self):
        """The peer was heard from within the last 1.6 s."""
        return self.t.alive()

    def idle(self):
        """Nothing half received or waiting for an acknowledgement."""
        return self.out_move is None and self.t.idle()

    def safe_to_write(self):
        """True when a flash write now loses nothing: no frame half read,
        nothing unacknowledged, no byte waiting in the UART, no event the UI
        has not finished taking off next_event() (its answer to one is not
        a moment for the flash). (Bytes that arrive during the write are
        lost and resent, never misread.)"""
        h = self.hidden
        if self.events or (h is not None and self.syncing is not None):
            return False            # (hidden hands: not with a catch-up half played on the game)
        d = self.dirty
        if d and self.t.clock.ticks_diff(self.t.now, d) >= _SAVE_MS:
            return True             # a peer never lets it be quiet: save anyway (resent)
        if not self.t.idle() or (self.out_move is not None and h is None):
            return False            # (hidden hands: our MOVE waits for this save)
        a = getattr(self.t.stream, "any", None)
        return a is None or not a()

    def can_deal(self):
        """A source a deal may be drawn from: the one the Link was given, or os.urandom."""
        return self.random is not entropy.random_bytes or entropy.strong()

    def stir(self, x):
        """Mix key-press timing into the device's randomness."""
        entropy.stir(x)

    def saved(self):
        """Bytes the UI keeps in its save (None before the deal): rules,
        seed, seat, match id, peer firmware, move count, digest and the move
        log. Pass them back as Link(..., saved=...) after a power-off."""
        h = self.save_head()
        return None if h is None else h + self.log

    def save_head(self):
        """saved() without its last field, the move log: a UI short of heap
        writes this, then link.log as it lies (no copy of a whole match)."""
        if self.match_id is None:
            return None
        self.flush()
        out = bytearray(msg.SAVE_MAGIC)
        out.append(self.variant | (0x80 if self.hidden is not None else 0))    # (as in HELLO)
        msg.put16(out, self.target)
        s = self.seed
        out.extend(bytes((s & 0xFF, (s >> 8) & 0xFF, (s >> 16) & 0xFF, (s >> 24) & 0xFF)))
        out.append(self.seat)
        out.extend(self.match_id)
        out.append(len(self.peer_fw))
        out.extend(self.peer_fw)
        msg.put16(out, self.count)
        out.extend(self.digest)
        if self.hidden is not None:
            b = self.hidden.saved()     # before the log: its secret, what it knows
            msg.put16(out, len(b))
            out.extend(b)
        self.dirty = False
        return bytes(out)

    def stats(self):
        t = self.t
        return {"bytes_out": t.bytes_out, "frames_out": t.frames_out, "resends": t.resends,
                "dups": t.dups, "bad_frames": t.rx.bad, "resets": t.resets,
                "refused": self.refused, "repairs": self.repairs}

    # --- the handshake's, the repair's and the game's modules ------------------
    def deal(self):
        """link/deal.py: the handshake, a resume."""
        from link import deal
        return deal

    def repair(self):
        """link/repair.py: catching up, repair."""
        from link import repair
        return repair

    def game_module(self):
        """The game module (new_game, rules_at, decode...)."""
        return self.moves

    # --- match state ---------------------------------------------------------
    def new_match_state(self):
        """No match yet: no game, no log (a deal starts again from here)."""
        self.game = None
        self.match_id = None
        self.seed = 0
        self.seat = -1
        self.count = 0
        self.log = bytearray()
        self.pos = b""
        self.digest = b""

    def sync_reset(self):
        """Give up the peer's log on its way to us (repair.py's ask_sync,
        ask_repair). A catch-up plays it on link.game itself (no second Game
        on the heap: docs/memory.md "link moves"), so the position is put
        back as it was."""
        if self.syncing is not None:
            self.repair().undo(self)

    def set_game(self, g):
        """g is the position now (link.game stays the same object); pos and
        digest follow it."""
        if self.game is None:
            self.game = g
        elif g is not self.game:
            _assign(self.game, g)
        self.pos = self.position(self.game)
        self.digest = msg.digest(self.pos)

    def _logged(self):
        self.count += 1
        self.repaired = 0
        if not self.dirty:
            self.dirty = self.t.now | 1
        if self.game.phase == self.over:
            self.phase = ENDED
            self.reason = R_MATCH_OVER

    # --- sending -------------------------------------------------------------
    def send(self, payload):
        """Queue one message for the peer. A full queue (only a flood of
        requests fills it) ends the link: R_PROTOCOL."""
        if not self.t.send(payload):
            self.phase = ENDED
            self.reason = R_PROTOCOL
            self.t.drop_queue()
            self.t.send(bytes((msg.END, R_PROTOCOL)))

    def end(self, reason):
        """This console ends the link (and tells the peer). A finished match
        may still end otherwise (a peer that is behind asks with SYNC)."""
        if self.phase == ENDED and self.reason != R_MATCH_OVER:
            return
        self.phase = ENDED
        self.reason = reason
        self.by_peer = False
        self.serving = None
        self.sync_reset()
        self.send(bytes((msg.END, reason)))

    def refuse(self, code, why=0, strike=True):
        """One incoming message refused (an F_* code, the engine's reason):
        an event for the UI; a strike asks for a repair, MAX_STRIKES end the
        link (R_CHEAT)."""
        self.refused += 1
        self.last_refusal = (code, why)
        self.events.append((EV_REFUSED, code, why))
        if not strike:
            return
        self.strikes += 1
        if self.strikes > msg.MAX_STRIKES:
            self.end(R_CHEAT)
        elif self.syncing is None and self.game is not None and self.phase == PLAYING:
            if getattr(self.game, "hidden", 0):
                self.end(R_CHEAT)   # a replay from the seed deals no hidden hand (docs/link.md)
            else:
                self.repair().ask_repair(self)

    # --- transport callbacks ----------------------------------------------------
    def link_up(self):
        self.deal().link_up(self)

    def link_reset(self):
        self.deal().link_reset(self)

    def received(self, b, i, n):
        if i >= n:
            self.refuse(F_GARBAGE)      # an empty DATA frame
            return
        t = b[i]
        if self.phase == ENDED and self.reason != R_MATCH_OVER:
            if t == msg.HELLO:
                self.send(bytes((msg.END, self.reason)))
            return
        if self.hidden is not None and self.hidden.received(b, i, n):
            return                  # hidden hands' messages (10-16), a MOVE held or checked there
        if t == msg.MOVE:
            self._on_move(b, i, n)
        elif msg.HELLO <= t <= msg.REVEAL:
            self.deal().received(self, b, i, n, t)
        elif msg.SYNC <= t <= msg.LOG_END:
            self.repair().received(self, b, i, n, t)
        elif t == msg.END and n - i == 2:
            if self.phase != ENDED:
                r = b[i + 1]
                if r == R_MATCH_OVER:   # not so here: the peer leaves a match in play
                    r = R_PEER_ABANDONED
                self.phase = ENDED
                self.reason = r if 0 < r < len(REASON_NAMES) else R_PROTOCOL
                self.by_peer = True
                self.serving = None
                self.sync_reset()
        else:
            self.refuse(F_GARBAGE)

    def _on_move(self, b, i, n):
        if n - i < 8:
            self.refuse(F_GARBAGE)
            return
        ply = msg.u16(b, i + 1)
        g = self.game
        if self.syncing is not None and g is not None and ply >= self.count:
            return                  # the log on its way holds it
        if self.phase != PLAYING or g is None:
            self.refuse(F_UNEXPECTED, 0, False)
            return
        if ply < self.count:
            self.refuse(F_STALE, 0, False)
            return
        if ply > self.count:
            self.repair().ask_sync(self)    # we missed moves (cannot happen between honest peers)
            return
        if len(self.log) + n - i > msg.MAX_LOG:
            self.end(R_PROTOCOL)    # longer than any match: the game and log stay
            return
        dig = bytes(b[i + 3:i + 7])
        mv, j = self.get_move(b, i + 7, n, g)
        if mv is None or j != n:
            self.refuse(F_GARBAGE)
            return
        if g.turn == self.seat:
            self.refuse(F_NOT_TURN)
            return
        seat = g.turn
        err = g.play(mv)
        if err:
            self.refuse(F_ILLEGAL, err)
            return
        pos = self.position(g)
        if msg.digest(pos) != dig:
            _assign(g, self.game_module().decode(self.pos))
            self.refuse(F_DIGEST)
            return
        self.pos = pos
        self.digest = msg.digest(pos)
        log = self.log
        for k in range(i + 7, n):   # (a slice: garbage in the move's frame, docs/memory.md "link moves")
            log.append(b[k])
        self._logged()
        self.events.append((EV_MOVE, seat, mv, ply))
