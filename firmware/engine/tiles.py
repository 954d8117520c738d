# R1: tiles are small ints. colour*13 + (number-1) for the 104 numbered tiles,
# JOKER for the two jokers. Copies share a code: they are indistinguishable in play.
from micropython import const

RED = const(0)
BLUE = const(1)
YELLOW = const(2)
BLACK = const(3)
JOKER = const(52)
NCODES = const(53)
COPIES = const(2)     # R1: the box holds two of each tile and two jokers
COLOURS = "RBYK"


def tile(colour, number):
    return colour * 13 + number - 1


def number(t):
    # 0 for the joker, so number(t) == 2 is a safe "is a two" test
    return 0 if t == JOKER else t % 13 + 1


def colour(t):
    return -1 if t == JOKER else t // 13


def is_wild(t):
    # R1: both jokers and every 2 are wilds (R4 lets a 2 stand as itself in a run)
    return t == JOKER or t % 13 == 1


def value(t, joker_value=50):
    # R1/R7: the same wherever the tile sits
    if t == JOKER:
        return joker_value
    n = t % 13 + 1
    if n == 1:
        return 15
    if n == 2:
        return 20
    return 5 if n <= 7 else 10


def to_text(t):
    if t == JOKER:
        return "*"
    return COLOURS[t // 13] + str(t % 13 + 1)


def parse(text):
    """One tile from text (case-insensitive); -1 when it is not a tile."""
    s = text.strip().upper()
    if s == "*":
        return JOKER
    if len(s) < 2 or len(s) > 3:
        return -1
    c = COLOURS.find(s[0])
    if c < 0:
        return -1
    digits = s[1:]
    for ch in digits:
        if ch < "0" or ch > "9":
            return -1
    n = int(digits)
    if n < 1 or n > 13 or digits[0] == "0":
        return -1
    return c * 13 + n - 1


def parse_list(text):
    """Tiles separated by spaces or commas; None when any word is not a tile."""
    out = bytearray()
    for word in text.replace(",", " ").split():
        t = parse(word)
        if t < 0:
            return None
        out.append(t)
    return out


def list_text(tiles):
    return " ".join([to_text(t) for t in tiles])


def full_deck():
    # R1: 4 colours x 13 numbers x 2 copies + 2 jokers = 106
    d = bytearray()
    for _ in range(2):
        for t in range(52):
            d.append(t)
        d.append(JOKER)
    return d


def counts(tiles, into=None):
    c = into if into is not None else bytearray(NCODES)
    for t in tiles:
        c[t] += 1
    return c


def over_copies(ts):
    """R1: the first tile that ts holds more often than the box does, or -1."""
    c = bytearray(NCODES)
    for t in ts:
        c[t] += 1
        if c[t] > COPIES:
            return t
    return -1
