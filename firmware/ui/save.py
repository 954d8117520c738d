# The saved game: written at every turn boundary, read at power-on.
#
# File `burako.sav` at the storage root, written atomically: the bytes go to
# `burako.tmp`, which is then renamed over the old save (a power cut leaves
# either the old or the new file, never half of one). Layout:
#   "BUS" 1 | ai_seats (bit p: seat p is an AI) | ai_level | language index
#   | viewer seat | sort mode | the position (engine/codec.py bytes)
import os
from engine import codec

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
    g = codec.decode(data[HEAD:])
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
