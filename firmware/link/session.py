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
# torneo, burraco) or link/moves_rummy.py, so a Rummy match never imports
# Burako's engine. What a move needs (its bytes, the position, the match's
# end) is copied onto the Link; the rest is asked of the module while
# needed, and Burako's leaves the heap with deal.py and repair.py.
from micropython import const
from link import msg as M
from link import entropy
from link.transport import Transport, RTO_MS

# states (link.state)
CONNECTING = const(0)   # waiting for the other console, or catching up with it
DEALING = const(1)      # commit-reveal of the deal in progress
PLAYING = const(2)
PEER_GONE = const(3)    # nothing heard for 1.6 s; comes back by itself
ENDED = const(4)        # see link.reason
STATE_NAMES = ("connecting", "dealing", "playing", "peer gone", "ended")

# why the link ended (link.reason; link.by_peer says which console decided)
R_NONE = const(0)
R_MATCH_OVER = const(1)    # the match was played to its end
R_VERSION = const(2)       # the consoles speak different protocol versions
R_RULES = const(3)         # different variant or target
R_PEER_LOST = const(4)     # the peer has no record of our match (lost its save)
R_LOST_MATCH = const(5)    # the peer has a match in progress this console lost
R_OTHER_MATCH = const(6)   # both have matches, not the same one
R_BAD_REVEAL = const(7)    # the peer's nonce does not match its commitment
R_CHEAT = const(8)         # illegal moves or bad digests went on after repair
R_DESYNC = const(9)        # same moves, different positions: the engines differ
R_ABANDONED = const(10)    # a player gave up the match (link.abandon())
R_PROTOCOL = const(11)     # the peer flooded us, overran a bound or broke the message order
R_PEER_ABANDONED = const(12)  # the peer left a match in play: a re-deal after our reveal,
                              # a restart mid-deal, END(match over) with the match in play
R_NO_REVEAL = const(13)    # the peer withheld its reveal (20 s of connected time: deal.py)
REASON_NAMES = ("", "match over", "protocol version differs", "variant or target differs",
                "peer lost the match", "this console lost the match", "another match",
                "dishonest deal", "peer cheated", "positions differ", "abandoned",
                "protocol error", "peer abandoned", "no reveal")

# why one incoming frame was refused (link.last_refusal = (code, engine reason))
F_ILLEGAL = const(1)       # the engine refused the move (engine reason given)
F_DIGEST = const(2)        # legal, but the position after it is not the peer's
F_STALE = const(3)         # an old move again (replayed frame)
F_GARBAGE = const(4)       # a well-framed message that is not one
F_NOT_TURN = const(5)      # a move for our seat
F_UNEXPECTED = const(6)    # a message that has no place in this state

# events (link.next_event())
EV_STATE = const(1)        # (EV_STATE, state, reason)
EV_MOVE = const(2)         # (EV_MOVE, seat, move, ply): the peer's move, already played
EV_SYNC = const(3)         # (EV_SYNC, count, 0): link.game was dealt, caught up or rebuilt
EV_REFUSED = const(4)      # (EV_REFUSED, F_* code, engine reason)

RUMMY = const(3)           # Rummy's variant id (link/moves_rummy.py)
# the engine's reason for a move out of turn: engine/reasons.py NOT_YOUR_TURN,
# engine/rummy.py WRONG_PHASE (tests/test_link_rummy.py checks both)
NOT_YOUR_TURN = const(1)
BUSY = const(100)          # send_move: the link is not in a state to take a move

MAX_STRIKES = const(3)     # refused peer moves (each triggers a repair) before R_CHEAT
# (private consts: no interned name; repair.py holds the same _MAX_LOG)
_MAX_LOG = const(12288)    # the move log's bound, bytes (docs/link.md "Bounds"): past it, R_PROTOCOL
_SAVE_MS = const(2000)     # dirty this long: safe_to_write() says yes whatever the peer sends
_QUIET_MS = const(1000)    # a catch-up or repair shows as CONNECTING only after this long
SAVE_MAGIC = b"BKLS\x01"
FIRMWARE = b"dev"

def game_module(rummy):
    """link/moves_rummy.py or link/moves_burako.py."""
    if rummy:
        from link import moves_rummy as gm
    else:
        from link import moves_burako as gm
    return gm


def replay(rules, seed, target, log):
    """link/repair.py's replay (the match from its deal), for the host side.
    rules: an engine/rules.py Rules, or "rummy" (R13.9's four hands)."""
    from link import repair
    gm = game_module(rules == "rummy")
    # (gm is link/moves_rummy.py when rules is "rummy": HANDS is its)
    return repair.replay(gm, gm.HANDS if rules == "rummy" else rules, seed, target, log)  # pyright: ignore[reportAttributeAccessIssue]


def _drop():
    # the handshake and the repair code leave the heap (sys.modules and the
    # package's attribute are their only references): ~5 KB a Pico keeps
    # for the game while moves flow (docs/link.md "Heap")
    import sys
    import link
    for name, short in (("link.deal", "deal"), ("link.repair", "repair"),
                        ("link.moves_burako", "moves_burako")):
        if name in sys.modules:
            del sys.modules[name]
        if short in link.__dict__:
            delattr(link, short)


def _assign(dst, src):
    # keeps link.game the same object whatever happens to the position; every
    # attribute, so fields the engine gains later come along
    for f in src.__dict__:
        setattr(dst, f, getattr(src, f))


class Link:
    def __init__(self, board, variant="burako", target=0, saved=None, game=None,
                 nonce=None, firmware=FIRMWARE, rto=RTO_MS):
        """board: .link (byte stream) and .clock. variant/target: the rules
        offered for a new match (variant: an engine/rules.py name, or
        "rummy"; target 0: the variant's default, none for Rummy). saved: bytes from saved() to resume a match
        (game: the UI's restored Game, used if it matches the save, else the
        match is replayed from its log). nonce(n): n random bytes."""
        gm = game_module(variant == "rummy")
        r = gm.find(variant)
        if r is None:
            raise ValueError("unknown variant")
        self.rules, self.variant, t = r
        self.target = target or t
        # the game's hooks a move needs (moves_burako's are msg's and the
        # engine's own functions: its module is not kept)
        self.over = gm.OVER
        self.position = gm.position
        self.put_move = gm.put_move
        self.get_move = gm.get_move
        self._lazy = True           # link/deal.py, link/repair.py or moves_burako.py loaded
        self.random = nonce or entropy.random_bytes
        self.fw = bytes(firmware)
        self.peer_fw = b""
        # the players' names (issue 21): [this console's, sent in HELLO (the UI sets it), the
        # peer's from its HELLO]; "" for none. One list, no new attribute names: the qstr pool
        self.names = ["", ""]
        self.events = []
        self.reason = R_NONE
        self.by_peer = False
        self.refused = 0
        self.last_refusal = (0, 0)
        self.strikes = 0
        self.repairs = 0            # repairs this console asked for
        self.repaired = 0           # logs the peer asked of us (SYNC, REPAIR) since our last move
        self.dirty = False          # the log grew since saved() was last called: when (ms | 1)
        self._restored = False      # from a save, before its first sync: may take its own
                                    # moves past the saved count from the peer (docs/link.md)
        self._st = CONNECTING
        self._shown = CONNECTING
        self._new_match_state()
        self._deal_reset()
        self._in = None             # (see _sync_reset)
        self._serve_reset()
        self.out_move = None        # a local move whose MOVE goes out at the next poll
        self._tail = 0              # where its bytes start in the log
        if saved is not None:
            self._deal().restore(self, saved, game)
        self.t = Transport(board.link, board.clock, self.random(4), self, rto)

    # --- the UI's side ---------------------------------------------------
    @property
    def state(self):
        s = self._st
        if s == ENDED:
            return ENDED
        if not self.t.up:
            return CONNECTING
        if not self.t.alive():
            return PEER_GONE
        i = self._in
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
        self._flush()
        self.t.poll(now)
        if self._dealing is not None:
            self._deal().poll(self, now)    # once our REVEAL is out, the peer's must come
        if self._serve is not None:
            if not self.t.queue:
                self._repair().pump(self)
        elif self._lazy and (self._st == PLAYING or self._st == ENDED) and self._in is None:
            _drop()
            self._lazy = False
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
        return self._st == PLAYING and g is not None and g.turn == self.seat \
            and g.phase != self.over

    def send_move(self, mv):
        """Play the local player's move on link.game and send it. Returns 0,
        an engine reason (nothing changed), or BUSY when the link is not
        playing (connecting, dealing, catching up, ended)."""
        g = self.game
        if self._st != PLAYING or g is None:
            return BUSY
        if g.turn != self.seat:
            return NOT_YOUR_TURN
        self._flush()
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
        self.out_move = mv
        self._tail = k
        self._logged()
        return 0

    def _flush(self):
        if self.out_move is not None:
            self.out_move = None
            self._pos = self.position(self.game)
            self._dig = M.digest(self._pos)
            self._send(M.move(self.count - 1, self._dig, None, self.log, self._tail))

    def abandon(self):
        """Give the match up (tells the peer if it is there)."""
        if self._st != ENDED:
            self._flush()
            self._end(R_ABANDONED)

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
        if self.events:
            return False
        d = self.dirty
        if d and self.t.clock.ticks_diff(self.t.now, d) >= _SAVE_MS:
            return True             # a peer never lets it be quiet: save anyway (resent)
        if not self.idle():
            return False
        a = getattr(self.t.stream, "any", None)
        return a is None or not a()

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
        self._flush()
        out = bytearray(SAVE_MAGIC)
        out.append(self.variant)
        M.put16(out, self.target)
        s = self.seed
        out.extend(bytes((s & 0xFF, (s >> 8) & 0xFF, (s >> 16) & 0xFF, (s >> 24) & 0xFF)))
        out.append(self.seat)
        out.extend(self.match_id)
        out.append(len(self.peer_fw))
        out.extend(self.peer_fw)
        M.put16(out, self.count)
        out.extend(self._dig)
        self.dirty = False
        return bytes(out)

    def stats(self):
        t = self.t
        return {"bytes_out": t.bytes_out, "frames_out": t.frames_out, "resends": t.resends,
                "dups": t.dups, "bad_frames": t.rx.bad, "resets": t.resets,
                "refused": self.refused, "repairs": self.repairs}

    # --- the code loaded only while needed -------------------------------------
    def _deal(self):
        self._lazy = True
        from link import deal
        return deal

    def _repair(self):
        self._lazy = True
        from link import repair
        return repair

    def _game(self):
        """The game module (new_game, rules_at, decode...)."""
        self._lazy = True
        return game_module(self.variant == RUMMY)

    # --- match state ---------------------------------------------------------
    def _new_match_state(self):
        self.game = None
        self.match_id = None
        self.seed = 0
        self.seat = -1
        self.count = 0
        self.log = bytearray()
        self._pos = b""
        self._dig = b""

    # the handshake's, the serving's and the catching up's state: one slot
    # each, a small list only while it runs (deal.py, repair.py)
    def _deal_reset(self):
        self._dealing = None        # [our nonce, the peer's commitment or None]

    def _serve_reset(self):
        self._serve = None          # [byte offset in the log of the next move to send, its number]

    def _sync_reset(self):
        # a LOG is on its way to us (repair.py's ask_sync/ask_repair); a
        # catch-up plays it on link.game itself (no second Game on the heap),
        # so one given up puts the position back as it was
        if self._in is not None:
            self._repair().undo(self)

    def _set_game(self, g):
        if self.game is None:
            self.game = g
        elif g is not self.game:
            _assign(self.game, g)
        self._pos = self.position(self.game)
        self._dig = M.digest(self._pos)

    def _logged(self):
        self.count += 1
        self.repaired = 0
        if not self.dirty:
            self.dirty = self.t.now | 1
        if self.game.phase == self.over:
            self._st = ENDED
            self.reason = R_MATCH_OVER

    # --- sending -------------------------------------------------------------
    def _send(self, payload):
        if not self.t.send(payload):
            self._st = ENDED        # only a flood of requests fills the queue
            self.reason = R_PROTOCOL
            self.t.drop_queue()
            self.t.send(bytes((M.END, R_PROTOCOL)))

    def _end(self, reason):
        if self._st == ENDED and self.reason != R_MATCH_OVER:
            return
        self._st = ENDED
        self.reason = reason
        self.by_peer = False
        self._serve_reset()
        self._sync_reset()
        self._send(bytes((M.END, reason)))

    def _refuse(self, code, why=0, strike=True):
        self.refused += 1
        self.last_refusal = (code, why)
        self.events.append((EV_REFUSED, code, why))
        if not strike:
            return
        self.strikes += 1
        if self.strikes > MAX_STRIKES:
            self._end(R_CHEAT)
        elif self._in is None and self.game is not None and self._st == PLAYING:
            self._repair().ask_repair(self)

    # --- transport callbacks ----------------------------------------------------
    def link_up(self):
        self._deal().link_up(self)

    def link_reset(self):
        self._deal().link_reset(self)

    def received(self, b, i, n):
        if i >= n:
            self._refuse(F_GARBAGE)     # an empty DATA frame
            return
        t = b[i]
        if self._st == ENDED and self.reason != R_MATCH_OVER:
            if t == M.HELLO:
                self._send(bytes((M.END, self.reason)))
            return
        if t == M.MOVE:
            self._on_move(b, i, n)
        elif M.HELLO <= t <= M.REVEAL:
            self._deal().received(self, b, i, n, t)
        elif M.SYNC <= t <= M.LOG_END:
            self._repair().received(self, b, i, n, t)
        elif t == M.END and n - i == 2:
            if self._st != ENDED:
                r = b[i + 1]
                if r == R_MATCH_OVER:   # not so here: the peer leaves a match in play
                    r = R_PEER_ABANDONED
                self._st = ENDED
                self.reason = r if 0 < r < len(REASON_NAMES) else R_PROTOCOL
                self.by_peer = True
                self._serve_reset()
                self._sync_reset()
        else:
            self._refuse(F_GARBAGE)

    def _on_move(self, b, i, n):
        if n - i < 8:
            self._refuse(F_GARBAGE)
            return
        ply = M.u16(b, i + 1)
        g = self.game
        if self._in is not None and g is not None and ply >= self.count:
            return                  # the log on its way holds it
        if self._st != PLAYING or g is None:
            self._refuse(F_UNEXPECTED, 0, False)
            return
        if ply < self.count:
            self._refuse(F_STALE, 0, False)
            return
        if ply > self.count:
            self._repair().ask_sync(self)   # we missed moves (cannot happen between honest peers)
            return
        if len(self.log) + n - i > _MAX_LOG:
            self._end(R_PROTOCOL)   # longer than any match: the game and log stay
            return
        dig = bytes(b[i + 3:i + 7])
        mv, j = self.get_move(b, i + 7, n, g)
        if mv is None or j != n:
            self._refuse(F_GARBAGE)
            return
        if g.turn == self.seat:
            self._refuse(F_NOT_TURN)
            return
        seat = g.turn
        err = g.play(mv)
        if err:
            self._refuse(F_ILLEGAL, err)
            return
        pos = self.position(g)
        if M.digest(pos) != dig:
            _assign(g, self._game().decode(self._pos))
            self._refuse(F_DIGEST)
            return
        self._pos = pos
        self._dig = M.digest(pos)
        log = self.log
        for k in range(i + 7, n):   # (a slice would be garbage in the move's frame)
            log.append(b[k])
        self._logged()
        self.events.append((EV_MOVE, seat, mv, ply))
