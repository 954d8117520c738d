# Session messages (the payload of a DATA frame), the position digest, the
# byte form of a Burako-family move (burako, torneo, burraco: the protocol's
# first game; Rummy's is rummy/moves.py's), and the session's vocabulary
# (states, reasons, refusal codes, events, bounds) that link/session.py,
# link/deal.py and link/repair.py share. Multi-byte numbers are little-endian;
# layouts are in docs/link.md. The bottom of link/: it imports nothing of the
# package (and no engine module: a Rummy match never imports Burako's
# engine), so the modules above it never import each other for shared names.
# The handshake's messages are link/deal.py's, the repair's link/repair.py's.
import hashlib
from micropython import const

PROTO = const(1)       # bump on any change to the wire format

HELLO = const(1)       # proto variant target:u16 fwlen fw [has match_id:8 seat count:u16 digest:4]
COMMIT = const(2)      # sha256(nonce):32
REVEAL = const(3)      # nonce:16
MOVE = const(4)        # ply:u16 digest:4 move
SYNC = const(5)        # from:u16  (send me your moves from here)
REPAIR = const(6)      # ply:u16   (rebuild from your log, then send all of it)
LOG = const(7)         # start:u16 moves...
LOG_END = const(8)     # count:u16 digest:4
END = const(9)         # reason

NONCE = const(16)
DIGEST = const(4)
MATCH_ID = const(8)
MAX_TILES = const(40)

# --- the session's vocabulary (link/session.py passes these on to the UI) ---
# states (Link.phase; Link.state is what the UI shows)
CONNECTING = const(0)   # waiting for the other console, or catching up with it
DEALING = const(1)      # commit-reveal of the deal in progress
PLAYING = const(2)
PEER_GONE = const(3)    # nothing heard for 1.6 s; comes back by itself
ENDED = const(4)        # see Link.reason
STATE_NAMES = ("connecting", "dealing", "playing", "peer gone", "ended")

# why the link ended (Link.reason, the body of END; Link.by_peer says which console decided)
R_NONE = const(0)
R_MATCH_OVER = const(1)    # the match was played to its end
R_VERSION = const(2)       # the consoles speak different protocol versions
R_RULES = const(3)         # different variant, target or deal (hidden hands on one side only)
R_PEER_LOST = const(4)     # the peer has no record of our match (lost its save)
R_LOST_MATCH = const(5)    # the peer has a match in progress this console lost
R_OTHER_MATCH = const(6)   # both have matches, not the same one
R_BAD_REVEAL = const(7)    # the peer's nonce does not match its commitment
R_CHEAT = const(8)         # illegal moves or bad digests went on after repair
R_DESYNC = const(9)        # same moves, different positions: the engines differ
R_ABANDONED = const(10)    # a player gave up the match (Link.abandon())
R_PROTOCOL = const(11)     # the peer flooded us, overran a bound or broke the message order
R_PEER_ABANDONED = const(12)  # the peer left a match in play: a re-deal after our reveal,
                              # a restart mid-deal, END(match over) with the match in play
R_NO_REVEAL = const(13)    # the peer withheld its reveal (20 s of connected time: deal.py)
R_HIDDEN = const(14)       # a hidden hand's check failed: a tile not held, a wrong key... (hide.py; which: Link.why)
R_SILENT = const(15)       # a catch-up the peer owes made no progress for 30 s connected (repair.py)
R_NO_RANDOM = const(16)    # this console has no source of randomness to deal from (entropy.strong())
REASON_NAMES = ("", "match over", "protocol version differs", "variant, target or deal differs",
                "peer lost the match", "this console lost the match", "another match",
                "dishonest deal", "peer cheated", "positions differ", "abandoned",
                "protocol error", "peer abandoned", "no reveal", "hidden deal cheated", "peer stalled",
                "no randomness to deal from")

# why one incoming frame was refused (Link.last_refusal = (code, engine reason))
F_ILLEGAL = const(1)       # the engine refused the move (engine reason given)
F_DIGEST = const(2)        # legal, but the position after it is not the peer's
F_STALE = const(3)         # an old move again (replayed frame)
F_GARBAGE = const(4)       # a well-framed message that is not one
F_NOT_TURN = const(5)      # a move for our seat
F_UNEXPECTED = const(6)    # a message that has no place in this state

# events (Link.next_event())
EV_STATE = const(1)        # (EV_STATE, state, reason)
EV_MOVE = const(2)         # (EV_MOVE, seat, move, ply): the peer's move, already played
EV_SYNC = const(3)         # (EV_SYNC, count, 0): Link.game was dealt, caught up or rebuilt
EV_REFUSED = const(4)      # (EV_REFUSED, F_* code, engine reason)

MAX_STRIKES = const(3)     # refused peer moves (each triggers a repair) before R_CHEAT
MAX_LOG = const(12288)     # the move log's bound, bytes (docs/link.md "Bounds"): past it, R_PROTOCOL
SAVE_MAGIC = b"BKLS\x01"   # Link.saved()'s first bytes

# engine/game.py's move kinds (the wire's numbers: they never change)
_MELD = const(3)
_ADD = const(4)
_SWAP = const(5)
_DISCARD = const(6)
_TIMEUP = const(10)


def u16(data, at):
    return data[at] | (data[at + 1] << 8)


def put16(out, value):
    out.append(value & 0xFF)
    out.append((value >> 8) & 0xFF)


# --- moves ------------------------------------------------------------------
def put_move(out, mv, game=None):
    """Append the byte form of a move (1 byte for draw, 2 for a discard).
    `game` (the game before the move) is for the other games' forms."""
    kind, idx, ts, end = mv
    out.append(kind | (end << 4))
    if kind == _ADD or kind == _SWAP:
        out.append(idx)
    if kind == _MELD or kind == _ADD:
        out.append(len(ts))
    if _MELD <= kind <= _DISCARD:
        out.extend(ts)


def get_move(data, at, stop, game=None):
    """(move, next index) from data[at:stop]; (None, -1) when it is not a move.
    `game` (the game before the move) is for the other games' forms."""
    if at >= stop:
        return None, -1
    kind = data[at] & 0x0F
    end = data[at] >> 4
    at += 1
    if kind > _TIMEUP or end > 2:
        return None, -1
    idx = 0
    if kind == _ADD or kind == _SWAP:
        if at >= stop:
            return None, -1
        idx = data[at]
        at += 1
    cnt = 0
    if kind == _MELD or kind == _ADD:
        if at >= stop:
            return None, -1
        cnt = data[at]
        at += 1
        if cnt == 0 or cnt > MAX_TILES:
            return None, -1
    elif kind == _SWAP or kind == _DISCARD:
        cnt = 1
    if at + cnt > stop:
        return None, -1
    ts = bytes(data[at:at + cnt])
    for tile in ts:
        if tile > 52:
            return None, -1
    return (kind, idx, ts, end), at + cnt


def digest(pos):
    """The 4-byte digest of a position (the game module's position() bytes)."""
    return hashlib.sha256(pos).digest()[:DIGEST]


# --- messages -----------------------------------------------------------------
def move(ply, dig, mv, log=None, at=0):
    """A MOVE: of mv (a Burako-family move), or of the move at byte `at`
    of log, the last one there."""
    out = bytearray((MOVE,))
    put16(out, ply)
    out.extend(dig)
    if log is None:
        put_move(out, mv)
    else:
        for index in range(at, len(log)):
            out.append(log[index])
    return bytes(out)
