# The drawing helpers more than one screen uses: the players' names, the hint lines at the
# glass's foot, the Burako-family top bar.
from micropython import const
from engine.game import side_of
from ui import gfx
from ui import lang
from ui.gfx import BAR, TURN, WHITE, CURSOR, DIM

Y_HINT = const(220)
RACK_N = const(13)     # tiles visible in the rack strip


def pname(seat):
    return lang.t(lang.PLAYER) + gfx.NUMS[seat + 1]


def sname(game, side):
    if game.n == 2:
        return pname(side)
    return lang.t(lang.PLAYER) + gfx.NUMS[side + 1] + "+" + gfx.NUMS[side + 3]


def hint(painter, first, second):
    """The two hint lines at the foot of the glass (Y_HINT on 240x240):
    message ids, -1 for an empty line."""
    y = painter.h - 20
    painter.text(0, y, painter.w, lang.t(first) if first >= 0 else "", DIM, BAR, gfx.CAPS)
    painter.text(0, y + 10, painter.w, lang.t(second) if second >= 0 else "", DIM, BAR, gfx.CAPS)


def draw_top(painter, game, viewer, turn=False, cable=None):
    """The Burako family's top bar: both sides' scores (the viewer's in yellow), the hand
    number; `turn`: the viewer is to move, the bar lights up and says so (steady, nothing
    blinks); `cable`: the link cable of a linked match (ui/cable.py), whose deal the hand's
    number names ("Cable H2", "Hidden H2")."""
    me = side_of(viewer)
    bg = TURN if turn else BAR
    # rows 0 and 11 plain, the texts on one band between (each pixel sent once)
    painter.fill(0, 0, painter.w, 1, bg)
    painter.band(bg)
    x = 2
    for side in range(2):
        text = sname(game, side) + " " + str(game.scores[side])
        painter.put(x, text, CURSOR if side == me else WHITE)
        x += len(text) * 8 + 12
    if turn:
        text = lang.t(lang.YOUR_TURN)
    elif cable is not None:
        text = lang.t(lang.TOP_OPEN if cable.link.hidden is None else lang.TOP_HIDDEN) + str(game.hand)
    else:
        text = lang.t(lang.HAND) + " " + str(game.hand)
    if x + len(text) * 8 < 238:
        painter.put(238 - len(text) * 8, text, WHITE if turn else DIM)
    painter.show(1)
    painter.fill(0, 11, painter.w, 1, bg)
