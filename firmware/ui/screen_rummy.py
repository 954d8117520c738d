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
# what was asked (_todo); going back, Burako's modules are imported one a
# frame. Meanwhile app.rm is _WAIT, so the app keeps ticking this screen and
# keys wait (waiting() is False).
T_SETUP = const(1)
T_NEW = const(2)
T_CLOSE = const(3)

_todo = 0
_seats = None
_drawn = False


class _Wait:
    g = None


_WAIT = _Wait()


def tx(i):
    # the title entry's name is the same in every language
    return "Rummy"


def _v():
    from ui import rummy_view
    return rummy_view


def _swap():
    from ui import rummy_swap
    return rummy_swap


def _ask(app, todo):
    global _todo, _drawn
    _todo = todo
    _drawn = False
    app.rm = _WAIT
    app.show(7)     # S_RUMMY


def _do(app):
    global _todo
    todo = _todo
    if todo == T_CLOSE:
        if SWAP and not _swap().back():
            return
        _todo = 0
        app.rm = None
        app.row = 0
        app.show(0)     # S_TITLE
        return
    _todo = 0
    app.rm = None
    if todo == T_SETUP:
        _v().setup(app)
    else:
        _v().new(app, _seats)


def _open(app, todo):
    if SWAP:
        _swap().park(app)
    _ask(app, todo)


def setup(app):
    """The Rummy set-up, from the title."""
    _open(app, T_SETUP)


def new(app, seats=None):
    """A new Rummy match with the set-up's settings (seats: an AI bitmask)."""
    global _seats
    _seats = seats
    _open(app, T_NEW)


def close(app):
    """Leave Rummy for the title: Rummy's modules go, Burako's come back."""
    if SWAP:
        _swap().leave()
    _ask(app, T_CLOSE)


def key(app, k):
    if not _todo:
        _v().key(app, k)


def tick(app, now):
    if _todo:
        if _drawn:
            _do(app)
        return
    _v().tick(app, now)


def draw(app, dirty):
    global _drawn
    if _todo:
        app.p.fill(0, 0, 240, 240, 0)
        _drawn = True
        return
    _v().draw(app, dirty)


def waiting(app):
    return False if _todo else _v().waiting(app)


def state(app):
    return {"mode": "wait"} if _todo else _v().state(app)
