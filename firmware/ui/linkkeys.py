# The link screen's keys and words, for Burako's (ui/linkplay_screen.py) and Rummy's
# (rummy/linkplay_screen.py): a screen that appears by itself (the peer gone, the
# link ended) takes no key for a moment and none held as it came (a player
# laying a meld as it flashed up must not give the match up); giving up is
# asked; a match in play keeps its save whatever the peer says. Loaded with
# those screens, never while the table shows.
from micropython import const
from hal import keys
from ui.common import D_ALL
from ui.gfx import FELT_DARK, WHITE, GREY, ERR
from ui.lang import tx

# ids of ui/lang.py tx() (ui/link_*.py; ui/linkplay_screen.py names the others)
_T_H_ENDED = const(17)
_T_ENDED = const(18)
_T_BY_PEER = const(19)
_T_BY_ME = const(20)
T_ASK = const(21)          # give the match up? (a second, deliberate key)
T_H_ASK = const(22)
T_H_KEEP = const(23)       # the link ended with a match in play: keep or delete its save
T_OPEN_ONLY = const(27)    # the peer cannot hide hands: two lines, then its keys (link.downgraded)
T_REASON = const(30)       # + session.R_*: last, so the session may add reasons (ui/linkplay_screen.py's too)
PAUSE_MS = const(600)      # the link screen takes no key this long after it appears


def why(r):
    """The text of a session reason; a reason newer than this table reads as
    the session names it."""
    import sys
    from ui import lang
    tx(T_REASON)                    # the link screen's texts are loaded
    if T_REASON - 17 + r < len(sys.modules["ui.link_" + lang.code()].TX):
        return tx(T_REASON + r)
    from link import session
    return session.REASON_NAMES[r] if r < len(session.REASON_NAMES) else "? " + str(r)


def shown(app):
    """The link screen appears (by itself: the peer gone, the link ended) or
    asks again: for PAUSE_MS it takes no key, and a key held now is not one
    pressed for it (a player laying a meld as the screen flashed up)."""
    app.cable.t0 = app.now
    app.cable.held = app.board.buttons.held()
    app.cable.ask = False


def ready(app):
    """True once the link screen takes keys."""
    try:
        from time import ticks_diff
    except ImportError:
        from hal.clock import ticks_diff
    return ticks_diff(app.now, app.cable.t0) >= PAUSE_MS


def guard(app, k):
    """The keys of k the link screen acts on (0: none)."""
    h = app.cable.held & app.board.buttons.held()
    app.cable.held = h               # a held key counts again once released
    if not ready(app):
        return 0
    return k & ~h


def in_play(app):
    """The link holds a dealt match that is not over and not given up here:
    its save is the player's to delete, never the peer's (an END or HELLO)."""
    link = app.link
    g = link.game
    return link.match_id is not None and (g is None or g.phase != link.over) and \
        not (link.reason == app.cable.session.R_ABANDONED and not link.by_peer)


def asking(app):
    """Hidden hands were asked here and the peer cannot deal them (link.downgraded): the
    match is dealt open, and waits for its player's word before it is shown."""
    return app.link.downgraded and not app.cable.agreed


def key(app, k, leave, bind):
    """A key on the link screen (Burako's or Rummy's; leave(app, keep) goes back
    to the title, keep=False deleting the match's save; bind(app) shows the match)."""
    link = app.link
    k = guard(app, k)               # none for a while after it appeared by itself
    if asking(app) and app.cable.state != app.cable.session.ENDED:
        if k & (keys.A | keys.PRESS):
            app.cable.agreed = True     # the open deal, knowingly
            if link.game is not None:
                bind(app)
        elif k & keys.B:
            link.abandon()              # (the peer is told; nothing was played): "ended"
            shown(app)
            app.dirty = D_ALL
        return
    if app.cable.state == app.cable.session.ENDED:
        # a match in play keeps its save unless the player deletes it (X): never
        # the peer's END or HELLO
        if in_play(app):
            if k & keys.X:
                # the match ends here: into the score log with no winner and the link's
                # reason (the peer abandoned, cheated...), as the save goes (Burako's)
                if link.game is not None and app.rummy is None:
                    app.match.game = link.game         # not bound yet when it ended on resuming
                    from ui.screen_matchend import log
                    log(app, link.ended_reason())
                leave(app, False)
            elif k & (keys.A | keys.PRESS | keys.B):
                leave(app, True)
        elif k & (keys.A | keys.PRESS | keys.B):
            leave(app, False)       # over, given up here, or never dealt
        return
    if app.cable.ask:
        if k & keys.X:
            link.abandon()            # give the match up (the peer is told)
        elif k:
            app.cable.ask = False    # any other key: not given up
            app.dirty = D_ALL
        return
    if k & keys.B:
        leave(app, True)            # leave; the match stays saved for later
    elif k & keys.Y and link.match_id is not None:
        shown(app)                  # asked on a screen of its own, no key for a while again
        app.cable.ask = True
        app.dirty = D_ALL


def draw_asking(app, p):
    """asking(): the peer cannot hide hands, it will see this console's rack; returns the
    hint (A: play open, B: leave)."""
    p.text(0, 76, p.w, tx(T_OPEN_ONLY), ERR, FELT_DARK, 1)
    p.text(0, 90, p.w, tx(T_OPEN_ONLY + 1), ERR, FELT_DARK, 1)
    return tx(T_OPEN_ONLY + 2)


def draw(app, p):
    """The link ended, or "give up?" asked: its lines; returns the hint."""
    link = app.link
    if app.cable.state == app.cable.session.ENDED:
        p.text(0, 70, p.w, tx(_T_ENDED), ERR, FELT_DARK, 1)
        p.text(0, 90, p.w, why(link.reason), WHITE, FELT_DARK, 1)
        p.text(0, 106, p.w, tx(_T_BY_PEER if link.by_peer else _T_BY_ME), GREY, FELT_DARK, 1)
        return tx(T_H_KEEP if in_play(app) else _T_H_ENDED)
    p.text(0, 90, p.w, tx(T_ASK), ERR, FELT_DARK, 1)
    return tx(T_H_ASK)
