# The drawing helpers more than one screen uses: the players' names, the hint lines at the
# glass's foot, the Burako-family top bar.
from micropython import const
from engine import game
from ui import gfx
from ui import lang
from ui.gfx import BAR, TURN, WHITE, CURSOR, DIM

Y_HINT = const(220)
RACK_N = const(13)     # tiles visible in the rack strip


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


def draw_top(p, g, viewer, turn=False):
    """The Burako family's top bar: both sides' scores (the viewer's in yellow), the hand
    number; `turn`: the viewer is to move, the bar lights up and says so (steady, nothing
    blinks)."""
    me = game.side_of(viewer)
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
