# The Rummy israelí screen (S_RUMMY): a small door to ui/rummy_view.py, which
# holds the screen and is imported only once a Rummy match is opened, so a
# Burako match never pays its heap (a 128 KB device: the texts, the
# workbench, the solver and its AI are tens of KB).
from micropython import const

X_TITLE = const(0)


def tx(i):
    # the title entry's name is the same in every language
    return "Rummy"


def _v():
    from ui import rummy_view
    return rummy_view


def setup(app):
    _v().setup(app)


def new(app, seats=None):
    _v().new(app, seats)


def key(app, k):
    _v().key(app, k)


def tick(app, now):
    _v().tick(app, now)


def draw(app, dirty):
    _v().draw(app, dirty)


def waiting(app):
    return _v().waiting(app)


def state(app):
    return _v().state(app)
