# The saved game: written at every turn boundary, read at power-on.
#
# File `burako.sav` at the storage root, written atomically: the bytes go to
# `burako.tmp`, which is then renamed over the old save (a power cut leaves
# either the old or the new file, never half of one). Layout:
#   "BUS" 1 | ai_seats (bit p: seat p is an AI) | ai_level | language index
#   | viewer seat | sort mode | the position (engine/codec.py bytes)
import os
import struct
from engine import codec
from engine import game as G
from engine import rules as RU

NAME = "burako.sav"
TMP = "burako.tmp"
MAGIC = b"BUS\x01"
HEAD = 9


def write(storage, ai_seats, level, lang_i, viewer, sort_mode, game):
    data = codec.encode(game)
    tmp = storage.path(TMP)
    with open(tmp, "wb") as f:
        f.write(MAGIC)
        f.write(bytes((ai_seats, level, lang_i, viewer, sort_mode)))
        f.write(data)
    dst = storage.path(NAME)
    try:
        os.rename(tmp, dst)
    except OSError:
        # file systems whose rename does not replace: remove, then rename
        try:
            os.remove(dst)
        except OSError:
            pass
        os.rename(tmp, dst)


def read(storage):
    """(ai_seats, level, lang_i, viewer, sort_mode, game), None when there is
    no save; raises codec.CodecError when the file is damaged."""
    try:
        with open(storage.path(NAME), "rb") as f:
            data = f.read()
    except OSError:
        return None
    if len(data) < HEAD or data[:4] != MAGIC:
        raise codec.CodecError("not a Burako save")
    try:
        g = codec.decode(data[HEAD:])
    except AttributeError:
        g = decode_mp(data[HEAD:])
    viewer = data[7]
    if viewer >= g.n:
        viewer = 0
    return (data[4], data[5], data[6], viewer, data[8], g)


def exists(storage):
    try:
        os.stat(storage.path(NAME))
        return True
    except OSError:
        return False


def remove(storage):
    try:
        os.remove(storage.path(NAME))
    except OSError:
        pass


def decode_mp(data):
    """engine/codec.decode for MicroPython 1.27, whose classes have no
    __new__ (codec.decode makes its Game with Game.__new__, and catches
    struct.error, which MicroPython lacks). Same layout, version 1: a real
    Game is built, then every field is set from the bytes."""
    if data[:3] != codec.MAGIC:
        raise codec.CodecError("not a Burako position (bad magic)")
    try:
        f = struct.unpack_from(codec._FIXED, data, 3)
        pos = 3 + struct.calcsize(codec._FIXED)
        v, n, phase, turn, mano, hand, flags, closer, winner, drawn, rng, seed, target, s0, s1 = f
        if v >= len(RU.VARIANTS) or n not in (2, 4) or phase > G.P_MATCH_OVER or turn >= n:
            raise codec.CodecError("position header out of range")
        g = G.Game(RU.VARIANTS[v], n, seed, target)
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
                raise codec.CodecError("position truncated")
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
                    raise codec.CodecError("position truncated")
                g.melds[s].append(meld)
                pos += 1 + m
    except (IndexError, ValueError):
        raise codec.CodecError("position truncated or malformed")
    if pos != len(data):
        raise codec.CodecError("trailing bytes after position")
    c = g.tile_count()
    for i in range(53):
        if c[i] != 2:
            raise codec.CodecError("position does not hold each tile twice")
    return g
