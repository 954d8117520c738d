# Pass-and-play: hides the rack until the next human player presses A.
from hal import keys as K
from ui import gfx
from ui import lang as L
from ui.common import S_GAME, pname, draw_top
from ui.gfx import FELT_DARK, WHITE, CURSOR


def key(app, k):
    if k & (K.A | K.PRESS):
        app.show(S_GAME)


def tick(app, now):
    pass


def draw(app, dirty):
    p = app.p
    p.fill(0, 0, 240, 240, FELT_DARK)
    p.text(0, 60, 240, L.t(L.HANDOFF), WHITE, FELT_DARK, 1)
    name = pname(app.viewer)
    p.big(120 - len(name) * 16, 90, name, CURSOR, 4)
    p.text(0, 140, 240, L.t(L.SHOW_RACK), WHITE, FELT_DARK, 1 | gfx.CAPS)
    draw_top(app)
