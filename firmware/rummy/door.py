# The Rummy israelí screen (S_RUMMY): a small door, the module the app knows,
# to the Rummy modules it imports only once a Rummy match is opened, so a
# Burako match never pays their heap (docs/memory.md "Rummy"): the view
# (rummy/view.py: play, hand-offs, ends), the set-up (rummy/setup.py) and
# over the cable the link's screen (rummy/linkplay_screen.py). The door hands
# each key, tick and redraw to the one the match's mode names; none of them
# imports the door.
#
# The other way round, Burako's game (its engine, AI, save and screens: tens
# of KB once loaded) is unloaded while a Rummy match runs (rummy/swap.py) and
# loaded again when the player goes back to the title, and Rummy's modules go
# then. Only under MicroPython (memory.MPY): there the heap is the device's;
# CPython (emulator, tests) keeps every module, so objects a test holds stay
# the ones the app uses.
import sys
from micropython import const
from memory import MPY
from ui.common import S_TITLE

# A swap takes frames: under the emulator's MicroPython garbage is collected
# only between frames (docs/micropython-harness.md), so the modules one game
# lets go must be collected before the other's are imported. The first frame
# unloads and draws a blank screen; the next one imports Rummy and carries out
# what was asked (the request's todo, rummy/swap.py ask()); going back,
# Burako's modules are imported one a frame. Meanwhile app.rummy is the request,
# so the app keeps ticking this screen and keys wait (waiting() is False).
# (Kept on the app, not in this module: two linked Apps share one process in
# the tests.) The todo numbers are rummy/swap.py's (private consts cost no
# interned name: docs/memory.md "const").
_T_SETUP = const(1)
_T_NEW = const(2)
_T_CLOSE = const(3)
_T_LINK = const(4)

# Burako's modules unloaded while Rummy runs: what rummy/swap.py back() puts back
# (here, not there: swap leaves the heap between the swaps)
parked = None

# what a linked match imports (rummy/linkplay.py), leaves first
LINKED = ("rummy.view", "link.frame", "link.transport", "link.entropy", "link.msg",
          "link.session", "rummy.codec", "rummy.moves", "rummy.linkplay",
          "rummy.linkplay_screen")


def _w(app):
    # the swap under way (rummy/swap.py's request), or None
    w = app.rummy
    return w if hasattr(w, "todo") else None


def _v():
    from rummy import view
    return view


def _swap():
    from rummy import swap
    return swap


def _su():
    # the set-up's keys and drawing and the resume of rummy.sav: loaded
    # while the set-up shows, dropped when a match starts (view._start)
    from rummy import setup
    return setup


def _do(app, w):
    global parked
    todo = w.todo
    if todo == _T_CLOSE:
        if MPY:
            if not _swap().back(parked):
                return
            parked = None
        app.rummy = None
        app.row = 0
        app.show(S_TITLE)
        return
    if todo == _T_LINK:
        for n in LINKED:
            if n not in sys.modules:
                __import__(n)   # one a frame: each import's garbage is collected first
                return
    app.rummy = None
    if todo == _T_SETUP:
        _v().setup(app)
    elif todo == _T_LINK:
        _v().setup(app)
        from rummy import linkplay_screen
        linkplay_screen.start(app)
    else:
        _v().new(app, w.seats)


def _open(app, todo, seats=None):
    global parked
    s = _swap()
    if MPY and parked is None:
        parked = s.park(app)
    s.ask(app, todo, seats)


def setup(app):
    """The Rummy set-up, from the title."""
    _open(app, _T_SETUP)


def new(app, seats=None):
    """A new Rummy match with the set-up's settings (seats: an AI bitmask)."""
    _open(app, _T_NEW, seats)


def link(app):
    """A Rummy match over the link cable (`burako emu --variant rummy --link`;
    the set-up's J2 row offers it too): rummy/linkplay.py."""
    _open(app, _T_LINK)


def leave(app, keep):
    """Leave a linked match for the title (the view's menu, ui/screen_link.py); keep=False
    drops its save: rummy/linkplay_screen.py closes it."""
    from rummy import linkplay_screen
    linkplay_screen.leave(app, keep)


def key(app, k):
    if _w(app):
        return
    v = _v()
    m = app.rummy
    if m.mode == v.M_SETUP:
        _su().key(app, m, k)
    elif m.mode == v.M_LINK:
        from rummy import linkplay_screen
        linkplay_screen.key(app, k)
    elif m.mode != v.M_LOAD:
        v.key(app, k, leave)


def tick(app, now):
    w = _w(app)
    if w:
        if w.drawn:
            _do(app, w)
        return
    v = _v()
    m = app.rummy
    if m is not None and m.mode == v.M_LOAD:
        _su().load(app, m)
    else:
        v.tick(app, now)


def draw(app, dirty):
    w = _w(app)
    if w:
        app.painter.fill(0, 0, app.painter.w, app.painter.h, 0)
        w.drawn = True
        return
    v = _v()
    m = app.rummy
    if m is not None and m.mode == v.M_SETUP:
        _su().draw(app, m, app.painter)
    elif m is not None and m.mode == v.M_LINK:
        from rummy import linkplay_screen
        linkplay_screen.draw(app)
    else:
        v.draw(app, dirty)


def waiting(app):
    return False if _w(app) else _v().waiting(app)


def state(app):
    return {"mode": "wait"} if _w(app) else _v().state(app)
