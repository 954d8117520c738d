# The link cable 1v1 (issue 8, docs/ui.md "Link cable"), imported only when
# a link opens (ui/screen_link.py is the small always-loaded front: a local
# game pays nothing for this module): the screen shown while the other
# console is not there (connecting, dealing, gone) or when the link has ended
# for a reason other than the match's end, and the glue that runs the Link
# (link/session.py) under the ordinary screens:
#   start(app)  title entry "Cable 1v1" (and the emulator's --link): a Link on
#               board.link, resuming the match in link.sav if there is one
#   poll(app)   every frame from App.tick: the peer's moves go through
#               app.after() like any move; state changes switch screens
#   persist     link.sav (the session's own save bytes) at turn boundaries and
#               the score log at the match's end, only while safe_to_write()
#               (a flash write on the RP2040 stops interrupts: UART bytes lost)
# The local seat is the human (or the autoplay AI: app.ais[seat]); the peer's
# seat carries the AI bit in app.ai_seats, so the table neither waits for a
# key nor shows the rack of that seat, and its moves read like an AI's.
import os
from micropython import const
from engine import game as G
from engine import codec
from engine import rules as RU
from hal import keys as K
from ui import lang as L
from ui.common import S_TITLE, S_MATCHEND, S_LINK, D_MSG
from ui.gfx import FELT_DARK, WHITE, GREY, CURSOR, ERR, DIM

NAME = "link.sav"          # the session's bytes (Link.saved())
POS = "link.pos"           # the position then (engine/codec.py): no replay at power-on
TMP = "link.tmp"

# message ids in the languages' LINK tables (ui/lang_*.py)
T_MENU = const(0)
T_CONNECTING = const(1)
T_DEALING = const(2)
T_GONE = const(3)
T_WAIT_BACK = const(4)
T_H_LEAVE = const(5)
T_H_ENDED = const(6)
T_ENDED = const(7)
T_BY_PEER = const(8)
T_BY_ME = const(9)
T_REFUSED = const(10)
T_TITLE = const(11)
T_RESUMING = const(12)
T_REASON = const(13)       # + session.R_* (12 reasons)
T_FRAME = const(25)        # + session.F_* - 1 (6 refusal codes)

# reasons after which the saved match can never go on: the save goes
DEAD = (1, 4, 7, 8, 9, 10, 11)   # MATCH_OVER PEER_LOST BAD_REVEAL CHEAT DESYNC ABANDONED PROTOCOL


def tx(i):
    """Text i of the LINK table in the language in use."""
    import sys
    return sys.modules["ui.lang_" + L.code()].LINK[i]


# --- opening and closing -------------------------------------------------------
def start(app):
    """Start (or resume) a linked match: the link screen until the peer is there."""
    from link import session
    lk = None
    saved = read(app.b.storage)
    v = RU.VARIANTS[app.variant].name     # burako, torneo or burraco: the peer must agree
    if saved is not None:
        try:
            # the position saved with it spares replaying the whole match
            # (used only if it matches the save's digest)
            lk = session.Link(app.b, v, app.target, saved=saved, game=position(app.b.storage))
        except ValueError:
            remove(app.b.storage)
            app.bad_save = True
    if lk is None:
        lk = session.Link(app.b, v, app.target)
    app.link = lk
    app.LS = session
    app.link_state = session.CONNECTING
    app.link_note = ""
    app.log_due = False
    app.g = None
    app.ai_seats = 0
    for p in range(4):
        app.ais[p] = None
    app.show(S_LINK)


def close(app, keep):
    """Leave the linked match: back to the title; keep=False drops its save."""
    lk = app.link
    if lk is not None and keep and lk.match_id is not None:
        try:
            write(app.b.storage, lk.saved())     # leaving: write even mid-exchange
        except OSError:
            pass
    if not keep:
        remove(app.b.storage)
    app.link = None
    app.LS = None
    app.g = None
    app.ai_seats = 1 << 1
    app.row = 0
    app.show(S_TITLE)


def leave(app):
    """The table menu's "Save and quit" during a linked match."""
    close(app, True)


def bind(app):
    """link.game is (again) the match: the local seat's view of it."""
    lk = app.link
    app.g = lk.game
    me = lk.seat
    app.ai_seats = 1 << (1 - me)
    for p in range(4):
        app.ais[p] = None
    if app.autoplay:
        # level 1, the lightest: a person's console runs no AI at all, and a
        # level 2 search's garbage on top of the link leaves no room in 128 KB
        from ai.basic import BasicAI
        app.ais[me] = BasicAI(1)
    app.viewer = me
    app.reset_view()
    app.next_ai = app.now + app.ai_ms
    if app.g.phase == G.P_MATCH_OVER and lk.dirty:
        app.log_due = True          # caught up to the end: log it once the cable is quiet
    app.enter_turn()


# --- every frame -------------------------------------------------------------
def poll(app, now):
    lk = app.link
    S = app.LS
    if not lk.poll(now):
        # saves and the score log go in frames of their own: a frame that
        # also took a move would hold both one's garbage and the other's
        persist(app)
        return
    app.next_ai = now + 1           # the AI thinks in a frame that took no peer message
    while True:
        e = lk.next_event()
        if e is None:
            break
        k = e[0]
        if k == S.EV_MOVE:
            if app.g is not None:
                # the peer's move, already played on link.game: the same turn
                # cue, save and screen flow as a move made here (phase 0: the
                # match was not over before it)
                app.after(e[1], 0, e[2])
        elif k == S.EV_SYNC:
            bind(app)
        elif k == S.EV_REFUSED:
            # a refused frame changed nothing; say so where the turn cue goes
            app.link_note = tx(T_REFUSED) + tx(T_FRAME + e[1] - 1)
            app.msg = app.link_note
            app.msg_c = ERR
            app.dirty |= D_MSG
        elif k == S.EV_STATE:
            state(app, e[1])


def state(app, s):
    S = app.LS
    app.link_state = s
    lk = app.link
    if s == S.PLAYING:
        if app.g is None:
            if lk.game is not None:
                bind(app)
        elif app.screen == S_LINK:
            app.enter_turn()
    elif s == S.ENDED and lk.reason == S.R_MATCH_OVER and lk.game is not None:
        if app.g is None:
            bind(app)
    else:
        app.show(S_LINK)


def persist(app):
    lk = app.link
    g = app.g
    if g is None:
        return
    if g.phase == G.P_MATCH_OVER:
        if app.log_due and (lk.safe_to_write() or not lk.t.alive()):
            app.log_match()
        if not app.log_due and lk.dirty:
            # logged: the match is over on both consoles, its save goes
            remove(app.b.storage)
            lk.dirty = False
        return
    if lk.dirty and lk.match_id is not None and g.phase != G.P_MATCH_OVER and \
            (g.phase == G.P_DRAW or g.phase == G.P_HAND_OVER) and lk.safe_to_write():
        try:
            write_saved(app.b.storage, lk)
            write(app.b.storage, codec.encode(g), POS)
            app.saves += 1
        except OSError:
            lk.dirty = False        # a failing flash must not stop the game
        app.next_ai = app.now + 1   # and the AI thinks in the next frame, not this one


def settled(app):
    """The linked match is over and nothing is left to do for it here: logged,
    its save removed, the last move acknowledged (or the peer gone)."""
    lk = app.link
    g = app.g
    return g is not None and g.phase == G.P_MATCH_OVER and not app.log_due \
        and not lk.dirty and (lk.idle() or not lk.t.alive())


def over(app):
    """For the emulator's headless runs: the match is over and may stop."""
    if app.link is None:
        return app.screen == S_MATCHEND
    return app.screen == S_MATCHEND and settled(app)


def waiting(app):
    """App.waiting() for a linked match: only the local player's keys count."""
    g = app.g
    if app.screen == S_LINK:
        return app.link_state == app.LS.ENDED
    if g is None or app.screen == S_MATCHEND:
        return True
    if g.phase == G.P_HAND_OVER:
        return g.turn == app.link.seat and not app.autoplay
    return g.turn == app.link.seat


def key_hook(app, k):
    """Keys before the screen gets them; True when taken here."""
    app.link.stir(app.now)
    if app.screen == S_MATCHEND and k & (K.A | K.PRESS | K.B):
        close(app, False)           # the pass-and-play save stays untouched
        return True
    return False


# --- link.sav ----------------------------------------------------------------
def write(storage, data, name=NAME):
    with open(storage.path(TMP), "wb") as f:
        f.write(data)
    _commit(storage, name)


def _commit(storage, name):
    # link.tmp over the file: a power cut leaves the old one or the new one
    tmp = storage.path(TMP)
    dst = storage.path(name)
    try:
        os.rename(tmp, dst)
    except OSError:
        try:
            os.remove(dst)
        except OSError:
            pass
        os.rename(tmp, dst)


def write_saved(storage, lk):
    """lk.saved() into link.sav without building it: the move log is its last
    field, so the head is saved() over an empty log and the log is written
    from where it lies (saved() would copy a whole match's log twice, ~5 KB
    of garbage in one frame at the end of a long match)."""
    log = lk.log
    lk.log = b""
    try:
        head = lk.saved()
    finally:
        lk.log = log
    tmp = storage.path(TMP)
    with open(tmp, "wb") as f:
        f.write(head)
        f.write(log)
    _commit(storage, NAME)


def read(storage, name=NAME):
    try:
        with open(storage.path(name), "rb") as f:
            return f.read()
    except OSError:
        return None


def position(storage):
    """The Game saved next to link.sav, or None (missing or damaged)."""
    b = read(storage, POS)
    if b is None:
        return None
    try:
        return codec.decode(b)
    except Exception:
        return None


def exists(storage):
    try:
        os.stat(storage.path(NAME))
        return True
    except OSError:
        return False


def remove(storage):
    for name in (NAME, POS):
        try:
            os.remove(storage.path(name))
        except OSError:
            pass


# --- the screen ----------------------------------------------------------------
def key(app, k):
    S = app.LS
    lk = app.link
    if app.link_state == S.ENDED:
        if k & (K.A | K.PRESS | K.B):
            close(app, lk.reason not in DEAD)
        return
    if k & K.B:
        close(app, True)            # leave; the match stays saved for later
    elif k & K.Y and lk.match_id is not None:
        lk.abandon()                # give the match up (the peer is told)


def tick(app, now):
    pass


def draw(app, dirty):
    p = app.p
    S = app.LS
    lk = app.link
    s = app.link_state
    p.fill(0, 0, 240, 240, FELT_DARK)
    p.big(120 - len(tx(T_TITLE)) * 8, 24, tx(T_TITLE), WHITE, 2)
    if s == S.ENDED:
        p.text(0, 70, 240, tx(T_ENDED), ERR, FELT_DARK, 1)
        p.text(0, 90, 240, tx(T_REASON + lk.reason), WHITE, FELT_DARK, 1)
        p.text(0, 106, 240, tx(T_BY_PEER if lk.by_peer else T_BY_ME), GREY, FELT_DARK, 1)
        p.text(0, 220, 240, tx(T_H_ENDED), DIM, FELT_DARK)
        return
    if s == S.PEER_GONE:
        p.text(0, 80, 240, tx(T_GONE), CURSOR, FELT_DARK, 1)
        p.text(0, 100, 240, tx(T_WAIT_BACK), WHITE, FELT_DARK, 1)
    elif s == S.DEALING:
        p.text(0, 90, 240, tx(T_DEALING), WHITE, FELT_DARK, 1)
    else:
        p.text(0, 90, 240, tx(T_RESUMING if lk.match_id is not None else T_CONNECTING),
               WHITE, FELT_DARK, 1)
    if app.link_note:
        p.text(0, 150, 240, app.link_note, ERR, FELT_DARK, 1)
    p.text(0, 220, 240, tx(T_H_LEAVE), DIM, FELT_DARK)
