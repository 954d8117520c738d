# Swapping Burako's game for Rummy's on the heap and back (docs/memory.md
# "Rummy"): modules are unloaded (out of sys.modules, their packages, and every
# global of a module that stays which holds them) and loaded again later; and
# the requests that start a swap (ask(), close()), which rummy/door.py
# carries out in the frames after. Imported only while a swap is under way: it
# drops itself once the request is made (what back() needs is kept in
# rummy/door.py's `parked`: this module's ~2 KB are the match's) and again
# when Burako is back.
import sys
from micropython import const
from memory import MPY
from ui.common import S_RUMMY

# what the door does once the swap's blank frame is drawn (rummy/door.py: the same
# numbers, private there too)
_T_CLOSE = const(3)

# Burako's modules a Rummy match does not use (those loaded are unloaded),
# each after the modules it imports: they are loaded again one a frame
BURAKO = ("engine.reasons", "engine.melds", "engine.score", "engine.rules", "engine.game",
          "engine.codec", "engine.notation", "engine.transcript", "ai.rack", "ai.lookahead",
          "ai.basic", "ai.expert", "ui.save", "ui.screen_handoff", "ui.screen_handend", "ui.screen_matchend",
          "ui.screen_setup", "ui.screen_table", "ui.screen_title")
RUMMY = ("rummy.linkplay_screen", "rummy.linkplay", "rummy.setup", "rummy.view", "rummy.lang_en",
         "rummy.lang_es", "rummy.lang_it", "rummy.ai", "rummy.solve", "rummy.bench",
         "rummy.codec", "rummy.rules", "link.session", "link.deal", "link.repair",
         "rummy.moves", "link.msg", "link.transport", "link.frame", "link.entropy")
# the Burako link's glue (emulator/runner.py imports it before a linked App):
# unloaded with Burako's modules, loaded again only by a linked Burako match
DROP = ("ui.linkplay_screen", "ui.linkplay")

class _Wait:
    """app.rummy while a swap is under way: todo, seats, drawn (set by ask()). No method: a
    function would hold this module's globals after it has left the heap (the annotations
    are for the type check: MicroPython compiles them to nothing)."""
    g = None
    todo: int
    seats: object
    drawn: bool


def ask(app, todo, seats=None):
    """Ask the Rummy screen (rummy/door.py) for todo once a blank frame is drawn:
    set-up (1), new match (2), close (3, close()), linked match (4)."""
    w = _Wait()
    w.todo = todo
    w.seats = seats
    w.drawn = False
    app.rummy = w
    app.show(S_RUMMY)
    if todo != _T_CLOSE and MPY:
        _drop()


def close(app):
    """Leave Rummy for the title: Rummy's modules and a linked match's go now (link/ as a
    whole: each holds the others), Burako's come back a frame at a time (back())."""
    if MPY:
        unload(RUMMY)
    ask(app, _T_CLOSE)


def _drop():
    from memory import drop
    drop(("rummy.swap",))


def park(app):
    """Unload Burako's modules; returns what back() needs to load them again. The
    caller's frame ends before Rummy's are imported, so they are collected first."""
    app.match.end()                 # a finished Burako match: its objects go too
    app.scr = None                  # the title's module
    unload(DROP)
    return unload(BURAKO)


def back(parked):
    """Import the next of Burako's modules (one a frame: each load's garbage
    is collected before the next); once all are back, put back every global
    unload() cleared, drop this module and return True."""
    if parked is not None:
        order = parked[0]
        while order:
            n = order.pop(0)
            if n not in sys.modules:
                __import__(n)
                return False
        restore(parked)
    _drop()
    return True


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
    Returns (the names unloaded, what restore() puts back). The caller
    collects garbage after."""
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
    from memory import drop
    drop(order)
    return order, refs


def restore(parked):
    """Put back every global unload() cleared, once its modules are imported again."""
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
