# Pass-and-play: hides the rack until the next human player presses A.
from hal import keys
from ui import gfx
from ui import lang
from ui.common import S_GAME, pname, draw_top
from ui.gfx import FELT_DARK, WHITE, CURSOR


UP = (40, 0)    # per glass (short, tall: ui/gfx.py Layout): a short one (135 rows) draws it higher


def key(app, k):
    if k & (keys.A | keys.PRESS):
        app.show(S_GAME)


def tick(app, now):
    pass


def draw(app, dirty):
    p = app.painter
    up = UP[p.lay.tall]
    p.fill(0, 0, p.w, p.h, FELT_DARK)
    p.text(0, 60 - up, p.w, lang.t(lang.HANDOFF), WHITE, FELT_DARK, 1)
    name = pname(app.match.viewer)
    p.big(120 - len(name) * 16, 90 - up, name, CURSOR, 4)
    p.text(0, 140 - up, p.w, lang.t(lang.SHOW_RACK), WHITE, FELT_DARK, 1 | gfx.CAPS)
    draw_top(app)
