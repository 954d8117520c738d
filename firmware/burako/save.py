# The saved game: written at every turn boundary, read at power-on.
#
# File `burako.sav` at the storage root, written atomically: the bytes go to
# `burako.tmp`, which is then renamed over the old save (a power cut leaves
# either the old or the new file, never half of one). Layout:
#   "BUS" 3 | ai_seats (bit p: seat p is an AI) | ai_level | language index
#   | viewer seat | sort mode | played seconds (u16, the torneo match clock)
#   | round (burraco: a round of this many hands, 0: to the target)
#   | k | k hands of 3 bytes (per side pure << 4 | impure canastas, closer + 1)
#   | version 4 only: 4 seats' names, 3 bytes each (A-Z; 3 zero bytes: no name)
#   | the position (engine/codec.py bytes)
# A match without names is written as version 3 (byte for byte the format before names).
# Version 3 files (no names), version 2 files (no round, no per-hand bytes) and version 1
# files (no played seconds either) still load, with the clock at 0, no round, no per-hand
# bytes, no names.
import os
from ai import LEVELS
from engine import codec

NAME = "burako.sav"
TMP = "burako.tmp"
MAGIC = b"BUS\x03"
HEAD = 13           # without per-hand bytes (and names)
MAGIC_V4 = b"BUS\x04"  # MAGIC's layout with the seats' names after the per-hand bytes
NAMES = 12          # 4 seats x 3 letters
MAGIC_V2 = b"BUS\x02"
HEAD_V2 = 11
MAGIC_V1 = b"BUS\x01"
HEAD_V1 = 9


def write(storage, ai_seats, level, lang_i, viewer, sort_mode, game, played_s=0, hands=0, stats=b"",
          names=None):
    data = codec.encode(game)
    tmp = storage.path(TMP)
    played_s = min(played_s, 0xFFFF)
    counted = len(stats) // 3
    if counted > 255:
        counted = 0       # more hands than a byte counts: the log goes without them
    named = False
    if names:
        for nm in names:
            if nm:
                named = True
    with open(tmp, "wb") as file:
        file.write(MAGIC_V4 if named else MAGIC)
        file.write(bytes((ai_seats, level, lang_i, viewer, sort_mode, played_s & 0xFF, played_s >> 8,
                       hands, counted)))
        file.write(stats[:3 * counted])
        if named:
            nb = bytearray(NAMES)
            for i in range(4):
                nm = names[i]
                if nm and len(nm) == 3:
                    for j in range(3):
                        nb[3 * i + j] = ord(nm[j])
            file.write(nb)
        file.write(data)
    storage.replace(TMP, NAME)


def read(storage):
    """(ai_seats, level, lang_i, viewer, sort_mode, played_s, game, hands, stats, names), None when
    there is no save; raises codec.CodecError (and nothing else) when the file
    is damaged: settings out of range, a position codec.decode refuses."""
    try:
        with open(storage.path(NAME), "rb") as file:
            data = file.read()
    except OSError:
        return None
    hands = 0
    stats = bytearray()
    names = [None, None, None, None]
    if (data[:4] == MAGIC or data[:4] == MAGIC_V4) and len(data) >= HEAD:
        hands = data[11]
        head = HEAD + 3 * data[12]
        stats = bytearray(data[HEAD:head])
        played_s = data[9] | (data[10] << 8)
        if data[3] == MAGIC_V4[3]:
            nb = data[head:head + NAMES]
            head += NAMES
            if len(nb) < NAMES:
                raise codec.CodecError("save names cut short")
            for i in range(4):
                letters = nb[3 * i:3 * i + 3]
                if letters != b"\x00\x00\x00":
                    for letter in letters:
                        if not 65 <= letter <= 90:
                            raise codec.CodecError("save names not A-Z")
                    names[i] = letters.decode()
    elif data[:4] == MAGIC_V2 and len(data) >= HEAD_V2:
        head = HEAD_V2
        played_s = data[9] | (data[10] << 8)
    elif data[:4] == MAGIC_V1 and len(data) >= HEAD_V1:
        head = HEAD_V1
        played_s = 0
    else:
        raise codec.CodecError("not a Burako save")
    # the settings index the UI's tables: out of range is damage, not a choice
    if data[4] > 15 or not 1 <= data[5] <= LEVELS or data[6] > 2 or data[8] > 2 or hands > 8:
        raise codec.CodecError("save settings out of range")
    game = codec.decode(data[head:])
    viewer = data[7]
    if viewer >= game.n:
        viewer = 0
    return (data[4], data[5], data[6], viewer, data[8], played_s, game, hands, stats, names)


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
