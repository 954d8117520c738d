# A Rummy israeli position (rummy/rules.py Game) as compact bytes: what the
# link cable's digest is taken over (docs/link.md "Rummy"), and the position
# a session puts back after a refused move. Every field that makes two
# positions differ is in it. Layout (little-endian), version 1:
#   "RM" 1 | n phase turn passes closer+1 closing | hand:u16 hands:u16 target:u16
#   | rng:u32 seed:u32 | scores: n x u32 | history: count:u16, n x u16 a hand
#   | winners: count, seats | exposed: n bytes | stock: u8 length + tiles
#   | racks: n x (u8 length + tiles) | table: u8 meld count, each u8 length + tiles
import struct
from rummy import rules
from engine import tiles

MAGIC = b"RM\x01"
_HEAD = "<6BHHHII"


def _zone(out, ts):
    out.append(len(ts))
    out.extend(ts)


def encode(g):
    out = bytearray(MAGIC)
    out.extend(struct.pack(_HEAD, g.n, g.phase, g.turn, g.passes, g.closer + 1, g.closing,
                           g.hand, g.hands, g.target, g.rng, g.seed))
    for s in g.scores:
        out.extend(struct.pack("<I", s))
    out.extend(struct.pack("<H", len(g.history)))
    for pen in g.history:
        for s in pen:
            out.extend(struct.pack("<H", s))
    _zone(out, bytes(g.winners))
    out.extend(g.exposed)
    _zone(out, g.stock)
    for r in g.racks:
        _zone(out, r)
    out.append(len(g.table))
    for m in g.table:
        _zone(out, m)
    return bytes(out)


class _Reader:
    def __init__(self, b):
        self.b = b
        self.i = 0

    def take(self, k):
        i = self.i
        if i + k > len(self.b):
            raise ValueError("rummy position is cut short")
        self.i = i + k
        return self.b[i:i + k]

    def zone(self):
        ts = self.take(self.take(1)[0])
        for t in ts:
            if t >= tiles.NCODES:
                raise ValueError("not a tile in a rummy position")
        return ts


def decode(b):
    """The Game encode() wrote (ValueError when b is not one)."""
    if bytes(b[:3]) != MAGIC:
        raise ValueError("not a rummy position")
    r = _Reader(b)
    r.i = 3
    n, phase, turn, passes, closer, closing, hand, hands, target, x, seed = struct.unpack(
        _HEAD, r.take(struct.calcsize(_HEAD)))
    if not 2 <= n <= 4 or phase > rules.P_MATCH_OVER or turn >= n or closer > n:
        raise ValueError("bad rummy position")
    g = rules.Game(n, seed, hands, target, False)
    g.phase, g.turn, g.passes, g.closer, g.closing = phase, turn, passes, closer - 1, closing
    g.hand, g.rng = hand, x
    g.scores = [struct.unpack("<I", r.take(4))[0] for _ in range(n)]
    g.history = [[struct.unpack("<H", r.take(2))[0] for _ in range(n)]
                 for _ in range(struct.unpack("<H", r.take(2))[0])]
    g.winners = list(r.zone())
    g.exposed = bytearray(r.take(n))
    g.stock = bytearray(r.zone())
    g.racks = [bytearray(r.zone()) for _ in range(n)]
    g.table = [bytes(r.zone()) for _ in range(r.take(1)[0])]
    if r.i != len(b):
        raise ValueError("bytes after a rummy position")
    return g
