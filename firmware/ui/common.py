# What the screens share: screen ids, the dirty bits, the table layout, and
# the drawing helpers more than one screen uses (top bar, hint lines, names).
# A name imported from here is a global lookup in the importing module (a
# const is inlined only inside the module that defines it); that costs a few
# dict lookups per frame, less than copying the numbers into every screen.
from micropython import const
from engine import game
from ui import gfx
from ui import lang
from ui.gfx import BAR, TURN, WHITE, CURSOR, DIM

# screens: indexes into NAMES (app.SCREENS imports them) and ui/state.py's names
S_TITLE = const(0)
S_SETUP = const(1)
S_GAME = const(2)
S_HANDOFF = const(3)
S_HANDEND = const(4)
S_MATCHEND = const(5)
S_LINK = const(6)        # the link cable: connecting, peer gone, link ended
S_RUMMY = const(7)       # Rummy israelí: its set-up, table and ends (rummy/door.py)
S_FAULT = const(8)       # the last resort: a step raised (ui/screen_fault.py)

# the module of each screen, by screen id: ui/app.py imports each on first use; a module
# that needs a screen's code ahead of time (ui/linkplay.py, the table) imports it by its id
NAMES = ("ui.screen_title", "ui.screen_setup", "ui.screen_table", "ui.screen_handoff",
         "ui.screen_handend", "ui.screen_matchend", "ui.screen_link", "rummy.door", "ui.screen_fault")

# dirty regions (the table's names; other screens use D_CLEAR and D_MELDS)
D_TOP = const(1)
D_TABLE = const(2)
D_MELDS = const(4)
D_MSG = const(8)
D_RACK = const(16)
D_HINT = const(32)
D_CURSOR = const(64)
D_CLEAR = const(128)
D_ALL = const(255)

# layout
Y_HINT = const(220)
RACK_N = const(13)     # tiles visible in the rack strip


class Cable:
    """What the link's modules share while a link is open (app.cable; None without one): the
    session module (link/session.py: its state and reason names), the Link's state as last
    seen, a note the link screen shows, and that screen's key guard (ui/linkkeys.py: when it
    appeared, the keys held then, whether giving up is being asked); Burako's hidden hands:
    the deal's progress drawn and the tiles awaited (ui/linkplay.py hidden_news). Made by the
    link screen's start(), which sets them all (Rummy's the first six). Data only, no
    defaults: a function would hold its module, class attributes cost heap at every boot
    (docs/memory.md "no methods"). The annotations are for the type check; MicroPython
    compiles them to nothing."""
    session: object
    state: int
    note: str
    t0: int
    held: int
    ask: bool
    bar: int
    want: int
    agreed: bool


def agreed(app):
    """A linked match may be shown: dealt as this console asked, or its player said yes to
    the open deal where hidden hands were asked (link.downgraded: the link screen asks,
    ui/linkkeys.py asking(), and shows the match on A). Not yet: the screen is redrawn
    with its question."""
    if app.link.downgraded and not app.cable.agreed:
        app.dirty = D_ALL
        return False
    return True


def pname(p):
    return lang.t(lang.P) + gfx.NUMS[p + 1]


def sname(g, s):
    if g.n == 2:
        return pname(s)
    return lang.t(lang.P) + gfx.NUMS[s + 1] + "+" + gfx.NUMS[s + 3]


def hint(p, a, b):
    """The two hint lines at the foot of the glass (Y_HINT on 240x240):
    message ids, -1 for an empty line."""
    y = p.h - 20
    p.text(0, y, p.w, lang.t(a) if a >= 0 else "", DIM, BAR, gfx.CAPS)
    p.text(0, y + 10, p.w, lang.t(b) if b >= 0 else "", DIM, BAR, gfx.CAPS)


def draw_top(app, turn=False):
    """The top bar: both sides' scores (the viewer's in yellow), the hand
    number; `turn`: the viewer is to move, the bar lights up and says so
    (steady, nothing blinks)."""
    p = app.painter
    g = app.match.game
    me = game.side_of(app.match.viewer)
    bg = TURN if turn else BAR
    # rows 0 and 11 plain, the texts on one band between (each pixel sent once)
    p.fill(0, 0, p.w, 1, bg)
    p.band(bg)
    x = 2
    for s in range(2):
        t = sname(g, s) + " " + str(g.scores[s])
        p.put(x, t, CURSOR if s == me else WHITE)
        x += len(t) * 8 + 12
    if turn:
        t = lang.t(lang.YOUR_TURN)
    else:
        t = lang.t(lang.HAND) + " " + str(g.hand)
    if x + len(t) * 8 < 238:
        p.put(238 - len(t) * 8, t, WHITE if turn else DIM)
    p.show(1)
    p.fill(0, 11, p.w, 1, bg)
