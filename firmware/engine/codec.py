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


def encode(game_state):
    flags = game_state.first | (game_state.timeup << 1) | (game_state.void << 2) | (game_state.taken[0] << 3) | (game_state.taken[1] << 4) \
        | (game_state.last << 5) | ((game_state.lone != game.NO_TILE) << 6)
    drawn = game_state.lone if game_state.lone != game.NO_TILE else game_state.drawn
    out = bytearray(MAGIC)
    out += struct.pack(_FIXED, rules.VARIANTS.index(game_state.rules), game_state.n, game_state.phase, game_state.turn, game_state.mano,
                       game_state.hand, flags, game_state.closer + 1, game_state.winner + 1, drawn,
                       game_state.rng, game_state.seed & 0xFFFFFFFF, game_state.target, game_state.scores[0], game_state.scores[1])
    out.append(len(game_state.history))
    for a, b in game_state.history:
        out += struct.pack("<hh", a, b)
    for row in [game_state.stock, game_state.pile] + game_state.racks + game_state.muertos:
        out.append(len(row))
        out += row
    for side in range(2):
        out.append(len(game_state.melds[side]))
        for meld in game_state.melds[side]:
            out.append(len(meld))
            out += meld
    return bytes(out)


def decode(data):
    """A Game from bytes; raises CodecError on anything malformed."""
    if data[:3] != MAGIC:
        raise CodecError("not a Burako position (bad magic)")
    try:
        fixed = struct.unpack_from(_FIXED, data, 3)
        pos = 3 + struct.calcsize(_FIXED)
        variant, players, phase, turn, mano, hand, flags, closer, winner, drawn, rng, seed, target, s0, s1 = fixed
        if variant >= len(rules.VARIANTS) or players not in rules.VARIANTS[variant].players or phase > game.P_MATCH_OVER \
                or turn >= players or mano >= players or not (drawn < 53 or drawn == game.NO_TILE) \
                or closer > 2 or winner > 2 or flags > 127 or target == 0 \
                or flags & 64 and drawn == game.NO_TILE:
            # what encode never writes: target 0 would read as the variant's
            # default (Game's `target or rules.target`) and encode back as that;
            # the one-card-pile flag without its card would encode back as unset
            raise CodecError("position header out of range")
        game_state = game.Game(rules.VARIANTS[variant], players, seed, target, deal=False)
        game_state.phase = phase
        game_state.turn = turn
        game_state.mano = mano
        game_state.hand = hand
        game_state.first = bool(flags & 1)
        game_state.timeup = bool(flags & 2)
        game_state.void = bool(flags & 4)
        game_state.taken = bytearray(((flags >> 3) & 1, (flags >> 4) & 1))
        game_state.closer = closer - 1
        game_state.winner = winner - 1
        game_state.last = bool(flags & 32)
        if flags & 64:
            game_state.lone = drawn
        else:
            game_state.drawn = drawn
        game_state.rng = rng
        game_state.scores = [s0, s1]
        k = data[pos]
        pos += 1
        game_state.history = []
        for _ in range(k):
            game_state.history.append(struct.unpack_from("<hh", data, pos))
            pos += 4
        zones = []
        for _ in range(2 + players + 2):
            k = data[pos]
            row = bytearray(data[pos + 1:pos + 1 + k])
            if len(row) != k:
                raise CodecError("position truncated")
            zones.append(row)
            pos += 1 + k
        game_state.stock = zones[0]
        game_state.pile = zones[1]
        game_state.racks = zones[2:2 + players]
        game_state.muertos = zones[2 + players:]
        game_state.melds = [[], []]
        for side in range(2):
            k = data[pos]
            pos += 1
            for _ in range(k):
                m = data[pos]
                meld = bytearray(data[pos + 1:pos + 1 + m])
                if len(meld) != m or m < 3:
                    raise CodecError("position truncated")
                game_state.melds[side].append(meld)
                pos += 1 + m
    except (IndexError, ValueError, _StructError):
        raise CodecError("position truncated or malformed")
    if pos != len(data):
        raise CodecError("trailing bytes after position")
    _check(game_state)
    return game_state


def _check(game_state):
    # what play() relies on: real tiles, legal melds, a consistent turn
    for row in [game_state.stock, game_state.pile] + game_state.racks + game_state.muertos:
        for tile in row:
            if tile >= tiles.NCODES:
                raise CodecError("position holds a byte that is not a tile")
    for side in range(2):
        if game_state.taken[side] and game_state.muertos[side] or not game_state.taken[side] and len(game_state.muertos[side]) != game_state.rules.muerto:
            raise CodecError("muerto does not match whether it was taken")
        for meld in game_state.melds[side]:
            for i in range(melds.HEAD, len(meld)):
                if meld[i] >= tiles.NCODES:
                    raise CodecError("position holds a byte that is not a tile")
            if melds.from_table(meld[melds.HEAD:], game_state.rules) != meld:
                raise CodecError("position holds a meld that is not legal")
    if game_state.drawn != game.NO_TILE and (game_state.phase != game.P_PLAY or not tiles.counts(game_state.racks[game_state.turn])[game_state.drawn]):
        raise CodecError("redraw tile is not in the rack")
    if (game_state.phase == game.P_MATCH_OVER) != (game_state.winner >= 0):
        raise CodecError("winner does not match the phase")
    if game_state.target > rules.MAX_TARGET or game_state.hand < 1:
        raise CodecError("position header out of range")
    counts = game_state.tile_count()
    for i in range(52):
        if counts[i] != 2:
            raise CodecError("position does not hold each tile twice")
    if counts[52] != game_state.rules.jokers:
        raise CodecError("position does not hold every joker")
    if (game_state.last or game_state.lone != game.NO_TILE) and game_state.rules.stock_reserve == 0:
        raise CodecError("position header out of range")
