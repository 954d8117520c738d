# A position as compact bytes: for save files and, later, the link cable.
# Layout (little-endian), version 1:
#   "BK" 1 | variant n phase turn mano | hand:u16 | flags closer+1 winner+1 drawn
#   | rng:u32 seed:u32 target:u16 | score0:i32 score1:i32
#   | hands:u8 then (i16, i16) per hand
#   | zones, each u8 length + tiles: stock, pile, racks (n), muertos (2)
#   | per side: u8 meld count, each meld u8 length + meld bytes
# flags: first, timeup, void, taken0, taken1, then (R12, burraco only) last turn
# and "drawn holds the card taken from a one-card pile" (burraco has no redraw)
import struct
from engine import rules
from engine import game
from engine import melds
from engine import tiles

MAGIC = b"BK\x01"
_StructError = getattr(struct, "error", ValueError)  # MicroPython raises ValueError
_FIXED = "<5BH4BIIHii"


class CodecError(Exception):
    pass


def encode(g):
    flags = g.first | (g.timeup << 1) | (g.void << 2) | (g.taken[0] << 3) | (g.taken[1] << 4) \
        | (g.last << 5) | ((g.lone != game.NO_TILE) << 6)
    drawn = g.lone if g.lone != game.NO_TILE else g.drawn
    out = bytearray(MAGIC)
    out += struct.pack(_FIXED, rules.VARIANTS.index(g.rules), g.n, g.phase, g.turn, g.mano,
                       g.hand, flags, g.closer + 1, g.winner + 1, drawn,
                       g.rng, g.seed & 0xFFFFFFFF, g.target, g.scores[0], g.scores[1])
    out.append(len(g.history))
    for a, b in g.history:
        out += struct.pack("<hh", a, b)
    for z in [g.stock, g.pile] + g.racks + g.muertos:
        out.append(len(z))
        out += z
    for s in range(2):
        out.append(len(g.melds[s]))
        for m in g.melds[s]:
            out.append(len(m))
            out += m
    return bytes(out)


def decode(data):
    """A Game from bytes; raises CodecError on anything malformed."""
    if data[:3] != MAGIC:
        raise CodecError("not a Burako position (bad magic)")
    try:
        f = struct.unpack_from(_FIXED, data, 3)
        pos = 3 + struct.calcsize(_FIXED)
        v, n, phase, turn, mano, hand, flags, closer, winner, drawn, rng, seed, target, s0, s1 = f
        if v >= len(rules.VARIANTS) or n not in rules.VARIANTS[v].players or phase > game.P_MATCH_OVER \
                or turn >= n or mano >= n or not (drawn < 53 or drawn == game.NO_TILE) \
                or closer > 2 or winner > 2 or flags > 127 or target == 0 \
                or flags & 64 and drawn == game.NO_TILE:
            # what encode never writes: target 0 would read as the variant's
            # default (Game's `target or rules.target`) and encode back as that;
            # the one-card-pile flag without its card would encode back as unset
            raise CodecError("position header out of range")
        g = game.Game(rules.VARIANTS[v], n, seed, target, deal=False)
        g.phase = phase
        g.turn = turn
        g.mano = mano
        g.hand = hand
        g.first = bool(flags & 1)
        g.timeup = bool(flags & 2)
        g.void = bool(flags & 4)
        g.taken = bytearray(((flags >> 3) & 1, (flags >> 4) & 1))
        g.closer = closer - 1
        g.winner = winner - 1
        g.last = bool(flags & 32)
        if flags & 64:
            g.lone = drawn
        else:
            g.drawn = drawn
        g.rng = rng
        g.scores = [s0, s1]
        k = data[pos]
        pos += 1
        g.history = []
        for _ in range(k):
            g.history.append(struct.unpack_from("<hh", data, pos))
            pos += 4
        zones = []
        for _ in range(2 + n + 2):
            k = data[pos]
            z = bytearray(data[pos + 1:pos + 1 + k])
            if len(z) != k:
                raise CodecError("position truncated")
            zones.append(z)
            pos += 1 + k
        g.stock = zones[0]
        g.pile = zones[1]
        g.racks = zones[2:2 + n]
        g.muertos = zones[2 + n:]
        g.melds = [[], []]
        for s in range(2):
            k = data[pos]
            pos += 1
            for _ in range(k):
                m = data[pos]
                meld = bytearray(data[pos + 1:pos + 1 + m])
                if len(meld) != m or m < 3:
                    raise CodecError("position truncated")
                g.melds[s].append(meld)
                pos += 1 + m
    except (IndexError, ValueError, _StructError):
        raise CodecError("position truncated or malformed")
    if pos != len(data):
        raise CodecError("trailing bytes after position")
    _check(g)
    return g


def _check(g):
    # what play() relies on: real tiles, legal melds, a consistent turn
    for z in [g.stock, g.pile] + g.racks + g.muertos:
        for t in z:
            if t >= tiles.NCODES:
                raise CodecError("position holds a byte that is not a tile")
    for s in range(2):
        if g.taken[s] and g.muertos[s] or not g.taken[s] and len(g.muertos[s]) != g.rules.muerto:
            raise CodecError("muerto does not match whether it was taken")
        for m in g.melds[s]:
            for i in range(melds.HEAD, len(m)):
                if m[i] >= tiles.NCODES:
                    raise CodecError("position holds a byte that is not a tile")
            if melds.from_table(m[melds.HEAD:], g.rules) != m:
                raise CodecError("position holds a meld that is not legal")
    if g.drawn != game.NO_TILE and (g.phase != game.P_PLAY or not tiles.counts(g.racks[g.turn])[g.drawn]):
        raise CodecError("redraw tile is not in the rack")
    if (g.phase == game.P_MATCH_OVER) != (g.winner >= 0):
        raise CodecError("winner does not match the phase")
    if g.target > rules.MAX_TARGET or g.hand < 1:
        raise CodecError("position header out of range")
    c = g.tile_count()
    for i in range(52):
        if c[i] != 2:
            raise CodecError("position does not hold each tile twice")
    if c[52] != g.rules.jokers:
        raise CodecError("position does not hold every joker")
    if (g.last or g.lone != game.NO_TILE) and g.rules.stock_reserve == 0:
        raise CodecError("position header out of range")
