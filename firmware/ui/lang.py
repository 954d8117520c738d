# UI text: message ids and the loader of one language table.
#
# Each language is its own module (lang_es, lang_it, lang_en) holding MSG (indexed
# by the ids below) and REASON (indexed by engine/reasons.py codes), so only the
# language in use takes heap. Spanish is the default (Italian for burraco).
from micropython import const

LANGS = ("es", "it", "en")

CONTINUE = const(0)
NEW = const(1)
LANGUAGE = const(2)
LANGNAME = const(3)
VARIANT = const(4)
PLAYERS = const(5)
HUMAN = const(6)
AI = const(7)
LEVEL = const(8)
TARGET = const(9)
START = const(10)
PLAYER = const(11)     # a seat's letter before its number: J1 (jugador), P1 (player)
STOCK = const(12)
PILE = const(13)
MUERTO = const(14)
HAND = const(15)
MELDS_OF = const(16)
NO_MELDS = const(17)
HANDOFF = const(18)
SHOW_RACK = const(19)
YOUR_TURN = const(20)
TURN_OF = const(21)
H_DRAW1 = const(22)
H_DRAW2 = const(23)
H_PLAY1 = const(24)
H_PLAY2 = const(25)
H_MELD1 = const(26)
H_MELD2 = const(27)
H_MUERTO = const(28)
H_CLOSE = const(29)
H_WAIT = const(30)
H_MENU = const(31)
H_NEXT = const(32)
H_SETUP1 = const(33)
H_SETUP2 = const(34)
CONFIRM_DISCARD = const(35)
SELECT_FIRST = const(36)
DID_DRAW = const(37)
DID_PILE = const(38)
DID_REDRAW = const(39)
DID_MELD = const(40)
DID_ADD = const(41)
DID_SWAP = const(42)
DID_DISCARD = const(43)
DID_MUERTO = const(44)
DID_CLOSE = const(45)
M_REDRAW = const(46)
M_SORT_C = const(47)     # the menu's sort values (M_SORT's row)
M_SORT_N = const(48)
M_CLEAR = const(49)
M_OPP = const(50)
M_QUIT = const(51)
M_BACK = const(52)
HAND_END = const(53)
VOID = const(54)
R_MELDED = const(55)
R_PURE = const(56)
R_IMPURE = const(57)
R_CLOSE = const(58)
R_MUERTO = const(59)
R_RACK = const(60)
R_TOTAL = const(61)
R_MATCH = const(62)
MATCH_END = const(63)
WINS = const(64)
SAVED = const(65)
BAD_SAVE = const(66)
PURE_L = const(67)
IMPURE_L = const(68)
ME = const(69)
CANASTA = const(70)
TAKEN = const(71)
TIMEUP = const(72)
M_HINT = const(73)
HINT_IS = const(74)
ROUND = const(75)
H_SETUP3 = const(76)    # set-up, a value row: what A does there (H_SETUP2: on Start)
NAME_OF = const(77)     # a seat's player name (ui/names.py)
NEW_NAME = const(78)
NO_NAME = const(79)
H_NAME = const(80)      # the three letters' editor
H_SETUP4 = const(81)    # set-up, a person's seat row: A human/AI, Click (or X) the name
H_MELD3 = const(82)     # the opponents' melds: Up goes back to your side's (H_MELD2: yours)
SOUND = const(83)       # the title's volume row (a board with a speaker): "Sound: < High >"
VOL_OFF = const(84)     # the volumes, in hal/sound.py's order (OFF, LOW, HIGH)
VOL_LOW = const(85)
VOL_HIGH = const(86)
BATTERY_LOW = const(87)     # the title's warning (a board with a battery)
LOW_SAVED = const(88)       # the table's, when the battery goes low in a match
# issue 37, table: the hint's advice, in the imperative: DO_DRAW + the move kind, DRAW..CLOSE
# (engine/game.py's order, as DID_DRAW..DID_CLOSE), ids 89-97: one name for the nine, each
# name a global of this module on the console's heap; what the 1.14's "A~"/"B~" mean (the
# table's message line)
DO_DRAW = const(89)
HOLD_KEYS = const(98)
# issue 37, title: the title's key legend, its cable entry, the linked table's top bar
H_TITLE = const(99)         # the title's foot line: its keys
CABLE_ROW = const(100)      # the title's cable entry: "Cable 1v1: < Hidden >"
DEAL_OPEN = const(101)      # its deals (Left/Right)
DEAL_HIDDEN = const(102)
CABLE_DESKTOP = const(103)  # the entry where no cable can be opened (the desktop without --link)
TOP_OPEN = const(104)       # a linked match's top bar, the hand's number after it: "Cable H2"
TOP_HIDDEN = const(105)     # ... dealt hidden: "Hidden H2"
# issue 37, pace: the table's menu (the sort and the AI's pace as value rows, the hand's log)
M_SORT = const(106)         # "Sort: < colour >" (M_SORT_C, M_SORT_N, SORT_DEALT: its values)
SORT_DEALT = const(107)
M_LOG = const(108)          # the hand's log of moves (burako/movelog.py), its row and its title
M_PACE = const(109)         # "AI pace: < Normal >" (ui/app.py PACE_MS)
PACE_FAST = const(110)      # the paces, in PACE_MS's order
PACE_NORMAL = const(111)
PACE_SLOW = const(112)
NO_MOVES = const(113)
H_LOG = const(114)

_table = None
_code = ""
_cards = False      # burraco: the texts of the language's CARDS override MSG
_card_words = None


def use(code):
    """Use the language `code` ("es", "it", "en"; any other: Spanish)."""
    global _table, _code
    if code not in LANGS:
        code = "es"
    if code == _code:
        return
    if code == "it":
        from ui import lang_it as module
    elif code == "en":
        from ui import lang_en as module
    else:
        from ui import lang_es as module
    _table = module
    _code = code
    cards(_cards)


def cards(on):
    """R12: words of a card game (the pozzetto, burrachi, cards) while a burraco
    match is on; each language's CARDS maps message ids to them."""
    global _cards, _card_words
    _cards = on
    _card_words = _table.CARDS if on and _table is not None else None


def code():
    return _code


def t(message):
    """The text of message id `message` in the language in use."""
    alternatives = _card_words
    if alternatives is not None:
        text = alternatives.get(message)
        if text is not None:
            return text
    return _table.MSG[message]


def tx(message):
    """The link cable's text `message`: 0-16 are the language's LINK table, from 17 the link's end,
    "give up?" and hidden hands' (ui/link_<code>.py)."""
    if message < 17:
        return _table.LINK[message]
    return link_texts()[message - 17]


def link_texts():
    if _code == "it":
        from ui.link_it import TX
    elif _code == "en":
        from ui.link_en import TX
    else:
        from ui.link_es import TX
    return TX


def tx_count():
    """How many link texts this language has (its LINK table's and ui/link_<code>.py's)."""
    return 17 + len(link_texts())


def tiles(text, cards=False):
    """Tiles (or cards) written in engine/tiles.py's notation ("Y13 *", "9H QS"), in the
    letters of the language in use: a tile's colour is its first letter, a card's suit its
    last (the language module's TILES in RBYK order, SUITS in SHDC order; none: as written)."""
    tab = getattr(_table, "SUITS" if cards else "TILES", None)
    if tab is None:
        return text
    out = text.split(" ")
    for i in range(len(out)):
        word = out[i]
        if word and word != "*":
            out[i] = word[:-1] + tab["SHDC".find(word[-1])] if cards else tab["RBYK".find(word[0])] + word[1:]
    return " ".join(out)


def reason(code):
    """The engine reason `code` as text in the language in use."""
    rs = _table.REASON
    return rs[code] if 0 <= code < len(rs) else rs[2]
