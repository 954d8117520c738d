# Why a move is refused. The engine returns these small ints; each UI language
# has its own table keyed by them (ui/lang.py). English text lives here for the
# host tool and tests.
from micropython import const

OK = const(0)
NOT_YOUR_TURN = const(1)
WRONG_PHASE = const(2)
NOT_IN_RACK = const(3)
TOO_FEW = const(4)
MIXED = const(5)
DUPLICATE = const(6)
FEW_NATURALS = const(7)
TOO_MANY_WILDS = const(8)
WILD_RATIO = const(9)
GAP = const(10)
TOO_LONG = const(11)
NO_MELD = const(12)
WILD_STAYS = const(13)
NOT_A_SWAP = const(14)
KEEP_ONE = const(15)
STOCK_EMPTY = const(16)
PILE_EMPTY = const(17)
NO_REDRAW = const(18)
MUST_DRAW = const(19)
BAD_MOVE = const(20)
NATURAL_TWO = const(21)
MATCH_OVER = const(22)
WRAP = const(23)
NO_END = const(24)
BAD_ORDER = const(25)
COPIES = const(26)
SET_TWICE = const(27)
SET_TOO_BIG = const(28)
CLOSE_WILD = const(29)
CLOSE_LONE = const(30)

TEXT = (
    "ok",
    "it is not this player's turn",
    "that move is not allowed now",
    "those tiles are not in the rack",
    "a meld needs at least 3 tiles",
    "tiles of a meld must share a colour (run) or a number (set)",
    "a run cannot hold the same number twice",
    "a meld needs at least 2 natural tiles",
    "too many wilds in one meld",
    "two wilds need at least twice as many naturals",
    "not enough wilds to fill the gaps of the run",
    "a run has at most 13 tiles",
    "the side has no such meld",
    "a wild on the table moves only when a natural takes its place",
    "that tile does not replace a wild in that run",
    "you must keep a tile: the side cannot close yet",
    "the stock is empty",
    "the discard pile is empty",
    "only the first player's first draw may be redrawn",
    "draw first: from the stock or the whole discard pile",
    "that is not a move",
    "a natural 2 cannot move as a wild",
    "the match is over",
    "a run cannot wrap from 13 through 1 to 2",
    "there is no room at that end of the run",
    "those tiles do not sit in that order in a run",
    "the box holds only two of each tile and two jokers",
    "the side already has a set of that number",
    "a set has at most 9 cards",
    "the closing discard cannot be a wild",
    "the card just taken from a one-card pile cannot close",
)


def text(code):
    return TEXT[code] if 0 <= code < len(TEXT) else "illegal move"
