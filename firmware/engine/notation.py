# R1: moves as text, one per line: "meld R3 R4 * low", "add 0 R7", "discard K9".
from engine import tiles
from engine import melds
from engine import game

_ENDS = ("", "low", "high")


def whole(text):
    """A whole number written in ASCII digits (at most 10), else -1. Python's
    isdigit() also accepts digits such as '\u00b2' that int() refuses."""
    if not text or len(text) > 10:
        return -1
    for ch in text:
        if ch < "0" or ch > "9":
            return -1
    return int(text)


def move_text(mv, cards=False):
    kind, idx, ts, end = mv
    out = game.KIND_NAMES[kind]
    if kind == game.ADD or kind == game.SWAP:
        out += " " + str(idx)
    if ts:
        out += " " + tiles.list_text(ts, cards)
    if end:
        out += " " + _ENDS[end]
    return out


def parse_move(text, cards=False):
    """A move from text (cards: in card notation, R12), or None when the text
    is not a move."""
    words = text.strip().lower().split()
    if not words:
        return None
    try:
        kind = game.KIND_NAMES.index(words[0])
    except ValueError:
        return None
    args = words[1:]
    end = melds.END_DEFAULT
    if args and args[-1] in ("low", "high"):
        end = melds.END_LOW if args[-1] == "low" else melds.END_HIGH
        args = args[:-1]
    idx = 0
    if kind == game.ADD or kind == game.SWAP:
        idx = whole(args[0]) if args else -1
        if idx < 0 or idx > 255:
            return None
        args = args[1:]
    ts = bytearray()
    for a in args:
        t = tiles.parse(a, cards)
        if t < 0:
            return None
        ts.append(t)
    takes_tiles = kind in (game.MELD, game.ADD, game.SWAP, game.DISCARD)
    if takes_tiles != bool(ts) or (end and kind not in (game.MELD, game.ADD, game.SWAP)):
        return None
    return (kind, idx, bytes(ts), end)
