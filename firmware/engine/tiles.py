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
# burraco (R12): the same codes are cards; colour 0..3 is the suit S H D C and
# number 1..13 the rank A 2..10 J Q K
SUITS = "SHDC"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# number() and is_wild() of every code (the joker last) as tables: melds.py and the AIs ask
# them thousands of times a decision, a table read instead of a call each. Written out, so the
# console's UF2 keeps them in flash (tests/test_engine_rules.py holds them to the functions)
NUMBERS = (b"\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d"
           b"\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d"
           b"\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d"
           b"\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d" b"\x00")
WILDS = (b"\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
         b"\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
         b"\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
         b"\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" b"\x01")


def tile(colour, number):
    return colour * 13 + number - 1


def number(code):
    # 0 for the joker, so number(t) == 2 is a safe "is a two" test
    return 0 if code == JOKER else code % 13 + 1


def colour(code):
    return -1 if code == JOKER else code // 13


def is_wild(code):
    # R1: both jokers and every 2 are wilds (R4 lets a 2 stand as itself in a run)
    return code == JOKER or code % 13 == 1


def value(code, joker_value=50):
    # R1/R7: the same wherever the tile sits
    if code == JOKER:
        return joker_value
    tile_number = code % 13 + 1
    if tile_number == 1:
        return 15
    if tile_number == 2:
        return 20
    return 5 if tile_number <= 7 else 10


def to_text(code, cards=False):
    if code == JOKER:
        return "*"
    if code > JOKER:
        return "?"          # hidden hands: a tile this console does not know (game.HIDDEN)
    if cards:
        return RANKS[code % 13] + SUITS[code // 13]
    return COLOURS[code // 13] + str(code % 13 + 1)


def parse(text, cards=False):
    """One tile (or card, when cards) from text (case-insensitive); -1 when
    it is not one."""
    cleaned = text.strip().upper()
    if cleaned == "*":
        return JOKER
    if cards:
        if len(cleaned) < 2:
            return -1
        colour_index = SUITS.find(cleaned[-1])
        if colour_index < 0 or cleaned[:-1] not in RANKS:
            return -1
        return colour_index * 13 + RANKS.index(cleaned[:-1])
    if len(cleaned) < 2 or len(cleaned) > 3:
        return -1
    colour_index = COLOURS.find(cleaned[0])
    if colour_index < 0:
        return -1
    digits = cleaned[1:]
    for ch in digits:
        if ch < "0" or ch > "9":
            return -1
    tile_number = int(digits)
    if tile_number < 1 or tile_number > 13 or digits[0] == "0":
        return -1
    return colour_index * 13 + tile_number - 1


def parse_list(text, cards=False):
    """Tiles separated by spaces or commas; None when any word is not a tile."""
    out = bytearray()
    for word in text.replace(",", " ").split():
        code = parse(word, cards)
        if code < 0:
            return None
        out.append(code)
    return out


def list_text(tiles, cards=False):
    return " ".join([to_text(code, cards) for code in tiles])


def full_deck(jokers=COPIES):
    # R1: 4 colours x 13 numbers x 2 copies + 2 jokers = 106;
    # R12 burraco: 2 French decks with 4 jokers = 108 (the extra jokers last,
    # so the 106-tile deck and every Burako shuffle stay as they were)
    deck = bytearray()
    for _ in range(2):
        for code in range(52):
            deck.append(code)
        deck.append(JOKER)
    for _ in range(jokers - COPIES):
        deck.append(JOKER)
    return deck


def counts(tiles, into=None):
    tally = into if into is not None else bytearray(NCODES)
    for code in tiles:
        tally[code] += 1
    return tally


def over_copies(ts, jokers=COPIES):
    """R1: the first tile that ts holds more often than the box does, or -1.
    jokers: how many jokers the deck has (R12: 4 in burraco)."""
    tally = bytearray(NCODES)
    for code in ts:
        tally[code] += 1
        if tally[code] > (jokers if code == JOKER else COPIES):
            return code
    return -1
