# Session messages (the payload of a DATA frame) and the byte form of a move.
# Multi-byte numbers are little-endian. Layouts are in docs/link.md.
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


def skip_moves(b, count):
    """Byte offset of move number `count` in a log (a run of put_move forms)."""
    i = 0
    n = len(b)
    for _ in range(count):
        mv, i = get_move(b, i, n)
        if mv is None:
            return -1
    return i


# --- positions -----------------------------------------------------------------
def digest(pos):
    """The 4-byte digest of a position (codec.encode bytes)."""
    return hashlib.sha256(pos).digest()[:DIGEST]


def position(g):
    return codec.encode(g)


# --- messages -----------------------------------------------------------------
def hello(variant, target, fw, match_id, seat, count, dig):
    out = bytearray((HELLO, PROTO, variant))
    put16(out, target)
    fw = fw[:16]
    out.append(len(fw))
    out.extend(fw)
    if match_id is None:
        out.append(0)
    else:
        out.append(1)
        out.extend(match_id)
        out.append(seat)
        put16(out, count)
        out.extend(dig)
    return bytes(out)


def parse_hello(b, i, n):
    """(proto, variant, target, fw, match_id|None, seat, count, digest) or None."""
    if n - i < 6:
        return None
    proto = b[i + 1]
    variant = b[i + 2]
    target = u16(b, i + 3)
    k = b[i + 5]
    j = i + 6 + k
    if j >= n:
        return None
    fw = bytes(b[i + 6:j])
    if not b[j]:
        return (proto, variant, target, fw, None, 0, 0, b"") if j + 1 == n else None
    j += 1
    if n - j != MATCH_ID + 1 + 2 + DIGEST:
        return None
    mid = bytes(b[j:j + MATCH_ID])
    j += MATCH_ID
    return (proto, variant, target, fw, mid, b[j], u16(b, j + 1), bytes(b[j + 3:j + 3 + DIGEST]))


def move(ply, dig, mv):
    out = bytearray((MOVE,))
    put16(out, ply)
    out.extend(dig)
    put_move(out, mv)
    return bytes(out)


def with16(kind, v):
    out = bytearray((kind,))
    put16(out, v)
    return bytes(out)


def log_end(count, dig):
    out = bytearray((LOG_END,))
    put16(out, count)
    out.extend(dig)
    return bytes(out)


def deal(mine, theirs):
    """(seed, match id, seat of the owner of `mine`) from the two nonces.
    Symmetric: both consoles get the same seed and id and opposite seats."""
    lo, hi = (mine, theirs) if mine < theirs else (theirs, mine)
    h = hashlib.sha256(b"burako-deal" + lo + hi).digest()
    seed = (h[0] | (h[1] << 8) | (h[2] << 16) | (h[3] << 24)) & 0x3FFFFFFF
    lo_seat = h[12] & 1
    return seed, h[4:4 + MATCH_ID], lo_seat if mine == lo else 1 - lo_seat
