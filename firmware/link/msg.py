# Session messages (the payload of a DATA frame), the position digest and
# the byte form of a Burako-family move (burako, torneo, burraco: the
# protocol's first game; Rummy's is link/moves_rummy.py's). Multi-byte numbers
# are little-endian. Layouts are in docs/link.md. The handshake's messages
# are link/deal.py's, the repair's link/repair.py's: this module stays on the
# heap for the whole match, those two do not. It imports no engine module: a
# Rummy match unloads Burako's (ui/rummy_swap.py).
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

# engine/game.py's move kinds (the wire's numbers: they never change)
_MELD = const(3)
_ADD = const(4)
_SWAP = const(5)
_DISCARD = const(6)
_TIMEUP = const(10)


def u16(b, i):
    return b[i] | (b[i + 1] << 8)


def put16(out, v):
    out.append(v & 0xFF)
    out.append((v >> 8) & 0xFF)


# --- moves ------------------------------------------------------------------
def put_move(out, mv, g=None):
    """Append the byte form of a move (1 byte for draw, 2 for a discard).
    g (the game before the move) is for the other games' forms."""
    kind, idx, ts, end = mv
    out.append(kind | (end << 4))
    if kind == _ADD or kind == _SWAP:
        out.append(idx)
    if kind == _MELD or kind == _ADD:
        out.append(len(ts))
    if _MELD <= kind <= _DISCARD:
        out.extend(ts)


def get_move(b, i, n, g=None):
    """(move, next index) from b[i:n]; (None, -1) when it is not a move.
    g (the game before the move) is for the other games' forms."""
    if i >= n:
        return None, -1
    k = b[i] & 0x0F
    end = b[i] >> 4
    i += 1
    if k > _TIMEUP or end > 2:
        return None, -1
    idx = 0
    if k == _ADD or k == _SWAP:
        if i >= n:
            return None, -1
        idx = b[i]
        i += 1
    cnt = 0
    if k == _MELD or k == _ADD:
        if i >= n:
            return None, -1
        cnt = b[i]
        i += 1
        if cnt == 0 or cnt > MAX_TILES:
            return None, -1
    elif k == _SWAP or k == _DISCARD:
        cnt = 1
    if i + cnt > n:
        return None, -1
    ts = bytes(b[i:i + cnt])
    for t in ts:
        if t > 52:
            return None, -1
    return (k, idx, ts, end), i + cnt


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
        for k in range(at, len(log)):
            out.append(log[k])
    return bytes(out)
