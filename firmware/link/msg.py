# Session messages (the payload of a DATA frame) and the byte form of a move.
# Multi-byte numbers are little-endian. Layouts are in docs/link.md. The
# handshake's messages are link/deal.py's, the repair's link/repair.py's:
# this module stays on the heap for the whole match, those two do not.
import hashlib
from micropython import const
from engine import game as G
from engine import codec

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

_TILED = (G.MELD, G.ADD, G.SWAP, G.DISCARD)


def u16(b, i):
    return b[i] | (b[i + 1] << 8)


def put16(out, v):
    out.append(v & 0xFF)
    out.append((v >> 8) & 0xFF)


# --- moves ------------------------------------------------------------------
def put_move(out, mv):
    """Append the byte form of a move (1 byte for draw, 2 for a discard)."""
    kind, idx, ts, end = mv
    out.append(kind | (end << 4))
    if kind == G.ADD or kind == G.SWAP:
        out.append(idx)
    if kind == G.MELD or kind == G.ADD:
        out.append(len(ts))
    if kind in _TILED:
        out.extend(ts)


def get_move(b, i, n):
    """(move, next index) from b[i:n]; (None, -1) when it is not a move."""
    if i >= n:
        return None, -1
    k = b[i] & 0x0F
    end = b[i] >> 4
    i += 1
    if k > G.TIMEUP or end > 2:
        return None, -1
    idx = 0
    if k == G.ADD or k == G.SWAP:
        if i >= n:
            return None, -1
        idx = b[i]
        i += 1
    cnt = 0
    if k == G.MELD or k == G.ADD:
        if i >= n:
            return None, -1
        cnt = b[i]
        i += 1
        if cnt == 0 or cnt > MAX_TILES:
            return None, -1
    elif k == G.SWAP or k == G.DISCARD:
        cnt = 1
    if i + cnt > n:
        return None, -1
    ts = bytes(b[i:i + cnt])
    for t in ts:
        if t > 52:
            return None, -1
    return (k, idx, ts, end), i + cnt


def digest(pos):
    """The 4-byte digest of a position (codec.encode bytes)."""
    return hashlib.sha256(pos).digest()[:DIGEST]


def position(g):
    return codec.encode(g)


# --- messages -----------------------------------------------------------------
def move(ply, dig, mv):
    out = bytearray((MOVE,))
    put16(out, ply)
    out.extend(dig)
    put_move(out, mv)
    return bytes(out)
