# Rummy israelí's words on the console: the ids of its texts (TX of rummy/lang_<code>.py, one
# module a language, the one in use loaded) and its refusal reasons (REASONS, by rummy/rules.py's
# codes). The link's texts (the cable's lines) are ui/lang.py's tx().
from micropython import const
from rummy import rules
from ui import lang

SAVE = "rummy.sav"          # the match's transcript, appended at turn boundaries

TITLE = const(0)
PLAYERS = const(1)
HANDS = const(2)
START = const(3)
UNDO = const(4)             # the menu's rows, in order: undo all, pass, sort, the closing
PASS = const(5)             # tile, hint, save and quit
SORT = const(6)
CLOSING = const(7)
HINT = const(8)
QUIT = const(9)
H_DRAW = const(10)
H_RACK = const(11)
H_TABLE = const(12)
H_MENU = const(13)
H_WAIT = const(14)
DREW = const(15)
PLAYED = const(16)
PASSED = const(17)
HELD = const(18)
NEW_MELD = const(19)
READY = const(20)
POINTS = const(21)
HAND_END = const(22)
MATCH_END = const(23)
WINS = const(24)
TOTAL = const(25)
H_NEXT = const(26)
NO_HINT = const(27)
CLOSED = const(28)
BLOCKED = const(29)
RACK_N_TEXT = const(30)     # "tiles"
H_SETUP = const(31)
CABLE = const(32)
H_PEER = const(33)
TILE_ONE = const(34)        # "tile": RACK_N_TEXT's singular (count())
H_MORE = const(35)          # the hints' second line: X opens the menu, what it holds
MELD_30 = const(36)         # the held row: the first exposure's points against 30 (R13.6)
CLOSER = const(37)          # the held row: the closing tile (R13.8)
T_HIDDEN = const(26)        # ui/lang.py tx(): "Hidden" (the set-up's J2 row)

_modules = {}


def texts(code=None):
    """The module of the texts in a language (the one in use by default)."""
    code = code or lang.code()
    module = _modules.get(code)
    if module is None:
        if code == "it":
            from rummy import lang_it as module
        elif code == "en":
            from rummy import lang_en as module
        else:
            from rummy import lang_es as module
        _modules[code] = module
    return module


def tx(message):
    return texts().TX[message]


def count(n):
    """"1 tile", "2 tiles" in the language in use."""
    return str(n) + " " + tx(TILE_ONE if n == 1 else RACK_N_TEXT)


def reason(code):
    table = texts().REASONS
    return table[code if 0 <= code < len(table) else rules.BAD_MOVE]
