# The Rummy israelí screen (S_RUMMY): a small door to ui/rummy_view.py, which
# holds the screen and is imported only once a Rummy match is opened, so a
# Burako match never pays its heap (a 128 KB device: the texts, the
# workbench, the solver and its AI are tens of KB).
#
# The other way round, Burako's game (its engine, AI, save and screens: tens
# of KB once loaded) is unloaded while a Rummy match runs (ui/rummy_swap.py) and
# loaded again when the player goes back to the title, and Rummy's modules go
# then. Only under MicroPython: there the heap is the device's; CPython
# (emulator, tests) keeps every module, so objects a test holds stay the
# ones the app uses.
import sys
from micropython import const

X_TITLE = const(0)

SWAP = sys.implementation.name == "micropython"

# A swap takes frames: under the emulator's MicroPython garbage is collected
# only between frames (docs/micropython-harness.md), so the modules one game
# lets go must be collected before the other's are imported. The first frame
# unloads and draws a blank screen; the next one imports Rummy and carries out
# what was asked (_Wait.todo); going back, Burako's modules are imported one a
# frame. Meanwhile app.rm is a _Wait, so the app keeps ticking this screen and
# keys wait (waiting() is False). (Kept on the app, not in this module: two
# linked Apps share one process in the tests.)
_T_SETUP = const(1)
_T_NEW = const(2)
_T_CLOSE = const(3)
_T_LINK = const(4)

parked = None       # Burako's modules unloaded while Rummy runs (ui/rummy_swap.py)

# what a linked match imports (ui/linkrummy.py), leaves first
LINKED = ("ui.rummy_view", "link.frame", "link.transport", "link.entropy", "link.msg",
          "link.session", "engine.rummy_codec", "link.moves_rummy", "ui.linkrummy",
          "ui.linkrummy_screen")


class _Wait:
    g = None

    def __init__(self, todo, seats):
        self.todo = todo
        self.seats = seats
        self.drawn = False


def _w(app):
    # the swap under way (a _Wait), or None
    w = app.rm
    return w if type(w) is _Wait else None


def tx(i):
    # the title entry's name is the same in every language
    return "Rummy"


def _v():
    from ui import rummy_view
    return rummy_view


def _swap():
    from ui import rummy_swap
    return rummy_swap


def _ask(app, todo, seats=None):
    app.rm = _Wait(todo, seats)
    app.show(7)     # S_RUMMY


def _do(app, w):
    todo = w.todo
    if todo == _T_CLOSE:
        if SWAP and not _swap().back():
            return
        app.rm = None
        app.row = 0
        app.show(0)     # S_TITLE
        return
    if todo == _T_LINK:
        for n in LINKED:
            if n not in sys.modules:
                __import__(n)   # one a frame: each import's garbage is collected first
                return
    app.rm = None
    if todo == _T_SETUP:
        _v().setup(app)
    elif todo == _T_LINK:
        _v().setup(app)
        from ui import linkrummy_screen
        linkrummy_screen.start(app)
    else:
        _v().new(app, w.seats)


def _open(app, todo, seats=None):
    if SWAP:
        _swap().park(app)
    _ask(app, todo, seats)


def setup(app):
    """The Rummy set-up, from the title."""
    _open(app, _T_SETUP)


def new(app, seats=None):
    """A new Rummy match with the set-up's settings (seats: an AI bitmask)."""
    _open(app, _T_NEW, seats)


def link(app):
    """A Rummy match over the link cable (`burako emu --variant rummy --link`;
    the set-up's J2 row offers it too): ui/linkrummy.py."""
    _open(app, _T_LINK)


def close(app):
    """Leave Rummy for the title: Rummy's modules go, Burako's come back."""
    if SWAP:
        _swap().leave()
    _ask(app, _T_CLOSE)


def key(app, k):
    if not _w(app):
        _v().key(app, k)


def tick(app, now):
    w = _w(app)
    if w:
        if w.drawn:
            _do(app, w)
        return
    _v().tick(app, now)


def draw(app, dirty):
    w = _w(app)
    if w:
        app.p.fill(0, 0, 240, app.p.h, 0)
        w.drawn = True
        return
    _v().draw(app, dirty)


def waiting(app):
    return False if _w(app) else _v().waiting(app)


def state(app):
    return {"mode": "wait"} if _w(app) else _v().state(app)
