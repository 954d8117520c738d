# The link screen's keys and words, for Burako's (ui/linkscreen.py) and Rummy's
# (ui/linkrummy_screen.py): a screen that appears by itself (the peer gone, the
# link ended) takes no key for a moment and none held as it came (a player
# laying a meld as it flashed up must not give the match up); giving up is
# asked; a match in play keeps its save whatever the peer says. Loaded with
# those screens, never while the table shows.
from micropython import const

# ids in the languages' LINK tables (ui/lang_*.py)
T_ASK = const(19)          # give the match up? (a second, deliberate key)
T_H_ASK = const(20)
T_H_KEEP = const(21)       # the link ended with a match in play: keep or delete its save
T_REASON = const(23)       # + session.R_*: last, so the session may add reasons
PAUSE_MS = const(600)      # the link screen takes no key this long after it appears


def why(r):
    """The text of a session reason; a reason newer than this table reads as
    the session names it."""
    import sys
    from ui import lang as L
    t = sys.modules["ui.lang_" + L.code()].LINK
    if T_REASON + r < len(t):
        return t[T_REASON + r]
    from link import session
    return session.REASON_NAMES[r] if r < len(session.REASON_NAMES) else "? " + str(r)


def shown(app):
    """The link screen appears (by itself: the peer gone, the link ended) or
    asks again: for PAUSE_MS it takes no key, and a key held now is not one
    pressed for it (a player laying a meld as the screen flashed up)."""
    app.link_t0 = app.now
    app.link_held = app.b.buttons.held()
    app.link_ask = False


def ready(app):
    """True once the link screen takes keys."""
    from ui.app import _diff
    return _diff(app.now, app.link_t0) >= PAUSE_MS


def guard(app, k):
    """The keys of k the link screen acts on (0: none)."""
    h = app.link_held & app.b.buttons.held()
    app.link_held = h               # a held key counts again once released
    if not ready(app):
        return 0
    return k & ~h


def in_play(app):
    """The link holds a dealt match that is not over and not given up here:
    its save is the player's to delete, never the peer's (an END or HELLO)."""
    lk = app.link
    g = lk.game
    return lk.match_id is not None and (g is None or g.phase != lk.over) and \
        not (lk.reason == app.LS.R_ABANDONED and not lk.by_peer)
