# The Rummy israelí screen (S_RUMMY): a small door to ui/rummy_view.py, which
# holds the screen and is imported only once a Rummy match is opened, so a
# Burako match never pays its heap (a 128 KB device: the texts, the
# workbench, the solver and its AI are tens of KB).
#
# The other way round, Burako's game (its engine, AI, save and screens, ~45 KB
# once loaded) is unloaded while a Rummy match runs and loaded again when the
# player goes back to the title, and Rummy's modules go then. Only under
# MicroPython: there the heap is the device's; CPython (emulator, tests) keeps
# every module, so objects a test holds stay the ones the app uses.
import sys
from micropython import const

X_TITLE = const(0)

# Burako's modules a Rummy match does not use (those loaded are unloaded),
# each after the modules it imports: they are loaded again one a frame
BURAKO = ("engine.reasons", "engine.melds", "engine.score", "engine.rules", "engine.game",
          "engine.codec", "engine.notation", "engine.transcript", "ai.rack", "ai.lookahead",
          "ai.basic", "ui.save", "ui.screen_handoff", "ui.screen_handend", "ui.screen_matchend",
          "ui.screen_setup", "ui.screen_table", "ui.screen_title")
RUMMY = ("ui.rummy_view", "ui.rummy_en", "ui.rummy_es", "ui.rummy_it", "ai.rummy",
         "engine.rummy_solve", "engine.rummy_bench", "engine.rummy", "link.entropy")

SWAP = sys.implementation.name == "micropython"

# The swap takes two frames: under the emulator's MicroPython garbage is
# collected only between frames (docs/micropython-harness.md), so the modules
# one game lets go must be collected before the other's are imported. The
# first frame unloads and draws a blank screen; the next one imports and
# carries out what was asked (_todo). Meanwhile app.rm is _WAIT, so the app
# keeps ticking this screen and keys wait (waiting() is False).
T_SETUP = const(1)
T_NEW = const(2)
T_CLOSE = const(3)

_parked = None      # what reload() needs to put Burako's modules back
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


def _ask(app, todo):
    global _todo, _drawn
    _todo = todo
    _drawn = False
    app.rm = _WAIT
    app.show(7)     # S_RUMMY


def _do(app):
    global _todo, _parked
    if _todo == T_CLOSE:
        if _parked is not None:
            order = _parked[0]
            while order:
                n = order.pop(0)
                if n not in sys.modules:
                    __import__(n)
                    return          # one module a frame: each load's garbage goes first
            restore(_parked)
            _parked = None
        _todo = 0
        app.rm = None
        app.row = 0
        app.show(0)     # S_TITLE
        return
    todo = _todo
    _todo = 0
    app.rm = None
    if todo == T_SETUP:
        _v().setup(app)
    else:
        _v().new(app, _seats)


def _open(app, todo):
    global _parked
    if SWAP and _parked is None:
        app.g = None                    # a finished Burako match: its objects go too
        for p in range(len(app.ais)):
            app.ais[p] = None
        app.scr = None                  # the title's module
        _parked = unload(BURAKO)
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
    if SWAP and _parked is not None:
        unload(RUMMY)
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


# --- unloading modules ----------------------------------------------------------
def _spec(v, gone):
    # what v is, if it is one of the unloaded modules or a class or function of
    # theirs: ("name", None) or ("name", "attr"); else None
    if type(v) is type(sys):
        n = v.__name__
        return (n, None) if n in gone else None
    if isinstance(v, type):
        n = getattr(v, "__module__", None)
        return (n, v.__name__) if n in gone else None
    g = getattr(v, "__globals__", None)
    if g is not None:
        for n in gone:
            if gone[n] is g:
                return (n, v.__name__)
    return None


def unload(names):
    """Unload the modules of `names` that are loaded: out of sys.modules and
    their packages, and every global of a module that stays that holds one of
    them, or a class or function of theirs (in a tuple too), is set to None.
    Returns what reload() needs. The caller collects garbage after."""
    mods = sys.modules
    gone = {}
    order = []
    for n in names:
        if n in mods:
            gone[n] = mods[n].__dict__
            order.append(n)
    refs = []
    for n in list(mods):
        if n in gone:
            continue
        d = mods[n].__dict__
        for k in list(d):
            v = d[k]
            if type(v) is tuple:
                specs = [_spec(x, gone) for x in v]
                if any(specs):
                    refs.append((n, k, specs))
                    d[k] = tuple(None if s else x for x, s in zip(v, specs))
                continue
            s = _spec(v, gone)
            if s:
                refs.append((n, k, s))
                if s[1] is None and s[0] == n + "." + k:
                    del d[k]        # a package's submodule (import sets it again)
                else:
                    d[k] = None
    for n in order:
        del mods[n]
    return order, refs


def reload(parked):
    """Import the modules unload() unloaded and put back every global it cleared."""
    for n in parked[0]:
        __import__(n)
    restore(parked)


def restore(parked):
    """Put back every global unload() cleared (its modules imported again)."""
    mods = sys.modules
    for n, k, s in parked[1]:
        d = mods[n].__dict__
        if type(s) is list:
            old = d[k]
            d[k] = tuple(_get(mods, x) if x else old[i] for i, x in enumerate(s))
        else:
            d[k] = _get(mods, s)


def _get(mods, s):
    m = mods[s[0]]
    return m if s[1] is None else getattr(m, s[1])
