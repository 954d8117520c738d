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
# the end of the match) is a game's moves module, which the game gives the
# Link (`moves`): link/moves_burako.py (burako, torneo, burraco, the default)
# or rummy/moves.py; link/ names no game's package. What a move needs (its
# bytes, the position, the match's end) is copied onto the Link.
from micropython import const
from link import msg
from link import entropy
from link import deal
from link import repair
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

_SAVE_MS = const(2000)     # dirty this long: safe_to_write() says yes whatever the peer sends
_QUIET_MS = const(1000)    # a catch-up or repair shows as CONNECTING only after this long
FIRMWARE = b"dev"


def burako_moves():
    """The default game's side of the protocol: link/moves_burako.py. Imported when asked for,
    so a match of another game (rummy/moves.py) never imports Burako's engine."""
    from link import moves_burako
    return moves_burako


def replay(rules, seed, target, log, moves=None):
    """link/repair.py's replay (the match from its deal), for the host side. moves: the
    game's side of the protocol (None: Burako's; Rummy's rummy/moves.py, whose rules are
    its HANDS, R13.9's four hands)."""
    return repair.replay(moves or burako_moves(), rules, seed, target, log)


def _assign(dst, src):
    # keeps link.game the same object whatever happens to the position; every
    # attribute, so fields the engine gains later come along
    for field in src.__dict__:
        setattr(dst, field, getattr(src, field))


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
      moves      the game's side of the protocol (its module)
    plus the public fields (rules, variant, target, seed, seat, match_id,
    count, log, events, by_peer, dirty...) and the game's hooks (position,
    put_move, get_move, over)."""

    def __init__(self, board, variant="burako", target=0, saved=None, game=None,
                 nonce=None, firmware=FIRMWARE, rto=RTO_MS, hidden=False, moves=None):
        """board: .link (byte stream) and .clock. variant/target: the rules
        offered for a new match (variant: one of the game's names, an
        engine/rules.py name or "rummy"; target 0: the variant's default, none
        for Rummy). saved: bytes from saved() to resume a match (game: the
        UI's restored Game, used if it matches the save, else the match is
        replayed from its log). nonce(n): n random bytes. hidden: hidden hands
        (link/hide.py, Rummy israeli's rummy/hide.py; off by default:
        docs/link.md "Hidden hands"); the peer must offer them too. moves: the
        game's side of the protocol (None: Burako's, link/moves_burako.py;
        Rummy's is rummy/moves.py)."""
        if moves is None:
            moves = burako_moves()
        found = moves.find(variant)
        if found is None:
            raise ValueError("unknown variant")
        self.rules, self.variant, target_default = found
        self.target = target or target_default
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
        # peer's from its HELLO]; "" for none
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
            deal.restore(self, saved, game)
        self.t = Transport(board.link, board.clock, self.random(4), self, rto)

    # --- the UI's side ---------------------------------------------------
    @property
    def state(self):
        state = self.phase
        if state == ENDED:
            return ENDED
        if not self.t.up:
            return CONNECTING
        if not self.t.alive():
            return PEER_GONE
        if state == PLAYING and self.hidden is not None:
            state = self.hidden.phase       # DEALING while a hand's hidden deal runs
        syncing = self.syncing
        if syncing is not None and self.game is not None and \
                self.t.clock.ticks_diff(self.t.now, syncing[5]) < _QUIET_MS:
            return PLAYING          # a catch-up's first second: the table stays
        return state

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
            deal.poll(self, now)     # once our REVEAL is out, the peer's must come
        if self.syncing is not None:
            repair.poll(self, now)   # a catch-up the peer owes has a clock
        if self.serving is not None and not self.t.queue:
            repair.pump(self)
        state = self.state
        if state != self._shown:
            self._shown = state
            self.events.append((EV_STATE, state, self.reason))
        return len(self.events)

    def next_event(self):
        if self.events:
            return self.events.pop(0)
        return None

    @property
    def peer_seat(self):
        return 1 - self.seat if self.seat >= 0 else -1

    def my_turn(self):
        game = self.game
        return self.phase == PLAYING and game is not None and game.turn == self.seat \
            and game.phase != self.over and (self.hidden is None or self.hidden.idle())

    def send_move(self, mv):
        """Play the local player's move on link.game and send it. Returns 0,
        an engine reason (nothing changed), or BUSY when the link is not
        playing (connecting, dealing, catching up, ended)."""
        game = self.game
        if self.phase != PLAYING or game is None:
            return BUSY
        if self.hidden is not None:
            return self.hidden.send_move(mv)    # its SHOWs, then this again without it
        if game.turn != self.seat:
            return NOT_YOUR_TURN
        self.flush()
        # its bytes first: a Rummy play's refer to the table before it
        log = self.log
        start = len(log)
        try:
            self.put_move(log, mv, game)
            err = game.play(mv)
        except Exception:
            log[start:] = b""
            raise
        if err:
            log[start:] = b""
            return err
        # the MOVE (with the digest of the position after it) is built at the
        # next poll: the UI's answer to the move and the AI that chose it
        # share this frame's heap; the bytes on the wire are the same
        # (docs/memory.md "link moves")
        self.out_move = mv
        self._tail = start
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
        reason = self.reason
        if reason == R_SILENT or (reason == R_HIDDEN and self.by_peer and self.hidden is not None and
                             self.hidden.withheld()):
            return R_PEER_ABANDONED
        return reason

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
        hidden = self.hidden
        if self.events or (hidden is not None and self.syncing is not None):
            return False            # (hidden hands: not with a catch-up half played on the game)
        dirty = self.dirty
        if dirty and self.t.clock.ticks_diff(self.t.now, dirty) >= _SAVE_MS:
            return True             # a peer never lets it be quiet: save anyway (resent)
        if not self.t.idle() or (self.out_move is not None and hidden is None):
            return False            # (hidden hands: our MOVE waits for this save)
        waiting_bytes = getattr(self.t.stream, "any", None)
        return waiting_bytes is None or not waiting_bytes()

    def can_deal(self):
        """A source a deal may be drawn from: the one the Link was given, or os.urandom."""
        return self.random is not entropy.random_bytes or entropy.strong()

    def stir(self, moment):
        """Mix key-press timing into the device's randomness."""
        entropy.stir(moment)

    def saved(self):
        """Bytes the UI keeps in its save (None before the deal): rules,
        seed, seat, match id, peer firmware, move count, digest and the move
        log. Pass them back as Link(..., saved=...) after a power-off."""
        head = self.save_head()
        return None if head is None else head + self.log

    def save_head(self):
        """saved() without its last field, the move log: a UI short of heap
        writes this, then link.log as it lies (no copy of a whole match)."""
        if self.match_id is None:
            return None
        self.flush()
        out = bytearray(msg.SAVE_MAGIC)
        out.append(self.variant | (0x80 if self.hidden is not None else 0))    # (as in HELLO)
        msg.put16(out, self.target)
        seed = self.seed
        out.extend(bytes((seed & 0xFF, (seed >> 8) & 0xFF, (seed >> 16) & 0xFF, (seed >> 24) & 0xFF)))
        out.append(self.seat)
        out.extend(self.match_id)
        out.append(len(self.peer_fw))
        out.extend(self.peer_fw)
        msg.put16(out, self.count)
        out.extend(self.digest)
        if self.hidden is not None:
            hidden_bytes = self.hidden.saved()     # before the log: its secret, what it knows
            msg.put16(out, len(hidden_bytes))
            out.extend(hidden_bytes)
        self.dirty = False
        return bytes(out)

    def stats(self):
        transport = self.t
        return {"bytes_out": transport.bytes_out, "frames_out": transport.frames_out, "resends": transport.resends,
                "dups": transport.dups, "bad_frames": transport.rx.bad, "resets": transport.resets,
                "refused": self.refused, "repairs": self.repairs}

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
            repair.undo(self)

    def set_game(self, game):
        """game is the position now (link.game stays the same object); pos and
        digest follow it."""
        if self.game is None:
            self.game = game
        elif game is not self.game:
            _assign(self.game, game)
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
                repair.ask_repair(self)

    # --- transport callbacks ----------------------------------------------------
    def link_up(self):
        deal.link_up(self)

    def link_reset(self):
        deal.link_reset(self)

    def received(self, data, start, end):
        if start >= end:
            self.refuse(F_GARBAGE)      # an empty DATA frame
            return
        kind = data[start]
        if self.phase == ENDED and self.reason != R_MATCH_OVER:
            if kind == msg.HELLO:
                self.send(bytes((msg.END, self.reason)))
            return
        if self.hidden is not None and self.hidden.received(data, start, end):
            return                  # hidden hands' messages (10-16), a MOVE held or checked there
        if kind == msg.MOVE:
            self._on_move(data, start, end)
        elif msg.HELLO <= kind <= msg.REVEAL:
            deal.received(self, data, start, end, kind)
        elif msg.SYNC <= kind <= msg.LOG_END:
            repair.received(self, data, start, end, kind)
        elif kind == msg.END and end - start == 2:
            if self.phase != ENDED:
                reason = data[start + 1]
                if reason == R_MATCH_OVER:   # not so here: the peer leaves a match in play
                    reason = R_PEER_ABANDONED
                self.phase = ENDED
                self.reason = reason if 0 < reason < len(REASON_NAMES) else R_PROTOCOL
                self.by_peer = True
                self.serving = None
                self.sync_reset()
        else:
            self.refuse(F_GARBAGE)

    def _on_move(self, data, start, end):
        if end - start < 8:
            self.refuse(F_GARBAGE)
            return
        ply = msg.u16(data, start + 1)
        game = self.game
        if self.syncing is not None and game is not None and ply >= self.count:
            return                  # the log on its way holds it
        if self.phase != PLAYING or game is None:
            self.refuse(F_UNEXPECTED, 0, False)
            return
        if ply < self.count:
            self.refuse(F_STALE, 0, False)
            return
        if ply > self.count:
            repair.ask_sync(self)    # we missed moves (cannot happen between honest peers)
            return
        if len(self.log) + end - start > msg.MAX_LOG:
            self.end(R_PROTOCOL)    # longer than any match: the game and log stay
            return
        dig = bytes(data[start + 3:start + 7])
        mv, after = self.get_move(data, start + 7, end, game)
        if mv is None or after != end:
            self.refuse(F_GARBAGE)
            return
        if game.turn == self.seat:
            self.refuse(F_NOT_TURN)
            return
        seat = game.turn
        err = game.play(mv)
        if err:
            self.refuse(F_ILLEGAL, err)
            return
        pos = self.position(game)
        if msg.digest(pos) != dig:
            _assign(game, self.moves.decode(self.pos))
            self.refuse(F_DIGEST)
            return
        self.pos = pos
        self.digest = msg.digest(pos)
        log = self.log
        for at in range(start + 7, end):   # (a slice: garbage in the move's frame, docs/memory.md "link moves")
            log.append(data[at])
        self._logged()
        self.events.append((EV_MOVE, seat, mv, ply))
