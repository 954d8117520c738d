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


def encode(game):
    out = bytearray(MAGIC)
    out.extend(struct.pack(_HEAD, game.n, game.phase, game.turn, game.passes, game.closer + 1, game.closing,
                           game.hand, game.hands, game.target, game.rng, game.seed))
    for score in game.scores:
        out.extend(struct.pack("<I", score))
    out.extend(struct.pack("<H", len(game.history)))
    for pen in game.history:
        for score in pen:
            out.extend(struct.pack("<H", score))
    _zone(out, bytes(game.winners))
    out.extend(game.exposed)
    _zone(out, game.stock)
    for rack in game.racks:
        _zone(out, rack)
    out.append(len(game.table))
    for meld in game.table:
        _zone(out, meld)
    return bytes(out)


class _Reader:
    def __init__(self, data):
        self.data = data
        self.at = 0

    def take(self, count):
        start = self.at
        if start + count > len(self.data):
            raise ValueError("rummy position is cut short")
        self.at = start + count
        return self.data[start:start + count]

    def zone(self):
        ts = self.take(self.take(1)[0])
        for tile in ts:
            if tile >= tiles.NCODES:
                raise ValueError("not a tile in a rummy position")
        return ts


def decode(data):
    """The Game encode() wrote (ValueError when data is not one)."""
    if bytes(data[:3]) != MAGIC:
        raise ValueError("not a rummy position")
    reader = _Reader(data)
    reader.at = 3
    players, phase, turn, passes, closer, closing, hand, hands, target, rng, seed = struct.unpack(
        _HEAD, reader.take(struct.calcsize(_HEAD)))
    if not 2 <= players <= 4 or phase > rules.P_MATCH_OVER or turn >= players or closer > players:
        raise ValueError("bad rummy position")
    game = rules.Game(players, seed, hands, target, False)
    game.phase, game.turn, game.passes, game.closer, game.closing = phase, turn, passes, closer - 1, closing
    game.hand, game.rng = hand, rng
    game.scores = [struct.unpack("<I", reader.take(4))[0] for _ in range(players)]
    game.history = [[struct.unpack("<H", reader.take(2))[0] for _ in range(players)]
                 for _ in range(struct.unpack("<H", reader.take(2))[0])]
    game.winners = list(reader.zone())
    game.exposed = bytearray(reader.take(players))
    game.stock = bytearray(reader.zone())
    game.racks = [bytearray(reader.zone()) for _ in range(players)]
    game.table = [bytes(reader.zone()) for _ in range(reader.take(1)[0])]
    if reader.at != len(data):
        raise ValueError("bytes after a rummy position")
    return game
