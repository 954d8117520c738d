# Rummy israelí over the link cable, 1v1 (docs/rummy.md "Over the link
# cable"): the glue between a Link (link/session.py, variant "rummy") and the
# Rummy screen (rummy/view.py) while a linked match is played. Imported
# only for a linked Rummy match, once rummy/swap.py has unloaded Burako's
# game: neither this module nor the link imports Burako's engine
# (ui/linkplay.py and ui/linkplay_screen.py, the Burako match's glue, do). The
# link's own screen and the opening and closing of the match are
# rummy/linkplay_screen.py, loaded only while needed: it imports this module,
# this one never imports it (rummy/door.py hands it M_LINK's keys and
# redraws).
#   the view    Match.ln is this module: the local seat's committed moves go
#               to send() (the session plays and sends them), the peer's come
#               back as events, already played on link.game, through the
#               view's after(); the peer's seat carries the AI bit in
#               Match.seats, so there is no hand-off and its rack is never
#               drawn (the viewer is the local seat)
#   M_LINK      the view's mode while connecting, dealing, the other console
#               gone or the link ended (rummy/linkplay_screen.py draws it)
#   persist     rlink.sav (the session's bytes) and rlink.pos (the position,
#               rummy/codec.py: no replay at power-on) at turn
#               boundaries, the score log at the match's end, only while the
#               cable is quiet (a flash write on the RP2040 stops interrupts)
#   hidden      with hidden hands, rummy/linkplay_hidden.py: the deal's bar,
#               the drawn tile opened, the hand-end check, the save after
#               every move of ours
import os
import sys
from micropython import const
from rummy import rules
from hal import keys
from memory import MPY, drop
from rummy import view
from ui.common import agreed
from ui.common import S_RUMMY, D_ALL
from ui.gfx import ERR
from ui.lang import tx

NAME = "rlink.sav"         # not link.sav: a saved linked Burako match stays
POS = "rlink.pos"
TMP = "rlink.tmp"

# ids in the languages' LINK tables (ui/linkplay.py's numbers)
T_REFUSED = const(2)
T_FRAME = const(3)         # + session.F_* - 1


# the link screen's modules, off the heap while the match is played (docs/memory.md "link screen")
SCREEN = ("rummy.linkplay_screen", "ui.linkkeys", "ui.link_es", "ui.link_it", "ui.link_en")


def bind(app):
    """link.game is (again) the match: the local seat's view of it."""
    link = app.link
    m = app.rummy
    me = link.seat
    g = link.game
    m.begin(g, 1)
    m.players = 2
    m.hands = g.hands
    m.seats = 1 << (1 - me)         # the peer's seat moves by itself, as an AI's
    m.ais = [None, None]
    if app.autoplay:
        # level 1, the lightest (as a linked Burako match's autoplay): a
        # level 2 search's garbage on top of the link leaves no room in 128 KB
        from rummy.ai import RummyAI
        m.ais = [RummyAI(1) if p == me else None for p in range(2)]
    m.viewer = me
    m.msg = ""
    m.pos_n = -1                    # the move count rlink.pos was written at
    app.next_ai = app.now + app.ai_ms
    view.enter(app)


def ended(app):
    """The view entered the match's end: the score log waits for a quiet cable."""
    if app.link.dirty and not app.rummy.logged:
        app.log_due = True


# --- the view's sink --------------------------------------------------------------
def send(app, mv):
    """The local seat's move: played on link.game and sent; the reason code
    (0: played; the session's BUSY while the link is not playing)."""
    return app.link.send_move(mv)


# --- every frame (ui/screen_link.py's poll) ----------------------------------------
def poll(app, now):
    m = app.rummy
    link = app.link
    if m is None or link is None or m.ln is None:
        return              # a swap's frames
    if MPY and m.mode != view.M_LINK and SCREEN[0] in sys.modules:
        drop(SCREEN)
    if link.events:
        # what the last frame's poll received, answered in a frame of its own
        events(app, now)
        return
    h = link.hidden
    sent = link.out_move is not None and (h is None or not h.dirty)   # (hidden: once saved)
    busy = link.poll(now) or sent
    if h is not None:
        hidden().poll(app, h)
    if busy:
        app.next_ai = now + 1       # the AI thinks in a frame that took no link work
        return
    persist(app)


def hidden():
    """Hidden hands' part of the glue (rummy/linkplay_hidden.py), loaded only with them:
    named by a bytes literal, so the stock firmware, which does not offer them, interns no
    name for it (docs/memory.md "qstr")."""
    return __import__(b"rummy.linkplay_hidden".decode(), None, None, ("poll",))


def events(app, now):
    session = app.cable.session
    link = app.link
    m = app.rummy
    app.next_ai = now + 1
    ev = link.events
    while ev:
        e = ev[0]
        k = e[0]
        if k == session.EV_MOVE:
            if m.g is not None:
                view.after(app, e[1], e[2])
        elif k == session.EV_SYNC:
            if (link.hidden is None or link.hidden.idle()) and agreed(app):
                bind(app)           # (a hidden deal to run or running: its EV_SYNC comes at its end)
        elif k == session.EV_REFUSED:
            app.cable.note = tx(T_REFUSED) + tx(T_FRAME + e[1] - 1)
            m.msg = app.cable.note
            m.msg_c = ERR
            app.dirty = D_ALL
        elif k == session.EV_STATE:
            state(app, e[1])
        ev.pop(0)


def state(app, s):
    session = app.cable.session
    link = app.link
    m = app.rummy
    app.cable.state = s
    if s == session.PLAYING or (s == session.ENDED and link.reason == session.R_MATCH_OVER and
                          link.game is not None and link.game.phase == rules.P_MATCH_OVER):
        if m.g is None:
            if link.game is not None and agreed(app):
                bind(app)
        elif m.mode == view.M_LINK:
            view.enter(app)
    else:
        # (an END "match over" with the game still in play too)
        if m.mode != view.M_LINK or s == session.ENDED:
            from ui.linkkeys import shown
            shown(app)              # it appears by itself: no key for a while
        m.mode = view.M_LINK
        app.screen = S_RUMMY
    app.dirty = D_ALL


def persist(app):
    link = app.link
    m = app.rummy
    g = m.g
    if g is None or link.hidden is not None and g.phase != rules.P_MATCH_OVER:
        if link.hidden is not None:
            hidden().persist(app)   # after every move of ours, before the match is bound too
        return
    st = app.board.storage
    if g.phase == rules.P_MATCH_OVER:
        if app.log_due and (link.safe_to_write() or not link.t.alive()):
            if unload_play(app):
                return              # the score log's code comes in a frame later
            app.log_due = False
            view.log(app, link.match_id)
            return
        if not app.log_due and link.dirty:
            # logged: the match is over on both consoles, its save goes
            remove(st)
            link.dirty = False
        return
    # at turn boundaries: a turn's draw is not one (with the stock gone every move is)
    if link.dirty and link.match_id is not None and (g.phase != rules.P_PLAY or not g.stock) \
            and link.safe_to_write():
        try:
            # the position, then the session's bytes in the next quiet frame
            # (each frame's garbage is one file's); a move between them and
            # the position is written again
            if m.pos_n != link.count:
                write(st, position_bytes(g), POS)
                m.pos_n = link.count
            else:
                write_saved(st, link)
                app.saves += 1
        except OSError:
            link.dirty = False        # a failing flash must not stop the game
        app.next_ai = app.now + 1


# what a finished match no longer needs: the AI, its solver, the workbench
PLAY = ("rummy.ai", "rummy.solve", "rummy.bench")


def unload_play(app):
    """The match is over: the AI and the workbench leave the heap before the
    score log's code comes in (docs/memory.md "match end"). True when something
    went."""
    m = app.rummy
    m.ais = [None, None]
    m.bench = None
    if not MPY:
        return False
    # the view imports them where it uses them (ai, bench above): no module
    # holds them (rummy/swap.py's unload() walk of every module, ~10 KB of
    # garbage in the frame, is not needed)
    gone = False
    for n in PLAY:
        if n in sys.modules:
            gone = True
    drop(PLAY)
    return gone


def settled(app):
    """The linked match is over and nothing is left to do for it here: logged,
    its save removed, the last move acknowledged (or the peer gone)."""
    link = app.link
    g = app.rummy.g
    return g is not None and g.phase == rules.P_MATCH_OVER and not app.log_due \
        and not link.dirty and (link.idle() or not link.t.alive())


def over(app):
    """For the emulator's headless runs: the match is over and may stop."""
    m = app.rummy
    return m is not None and m.ln is not None and m.mode == view.M_MATCHEND and settled(app)


def waiting(app):
    """App.waiting() for a linked match: only the local player's keys count."""
    m = app.rummy
    if m is None or m.ln is None:
        return False                # a swap's frames
    if m.mode == view.M_LINK:
        if app.cable.state != app.cable.session.ENDED and not (app.link.downgraded and not app.cable.agreed):
            return False
        from ui.linkkeys import ready
        return ready(app)           # after its pause
    g = m.g
    if g is None or m.mode == view.M_MATCHEND:
        return True
    me = app.link.seat
    if m.mode == view.M_HANDEND:
        return g.turn == me and not app.autoplay
    return g.turn == me


def key_hook(app, k, leave):
    """Keys before the screen gets them; True when taken here. leave(app, keep): back to
    the title (ui/screen_link.py's)."""
    m = app.rummy
    link = app.link
    if m is None or m.ln is None:
        return False
    link.stir(app.now)
    if link.events:
        events(app, app.now)        # the screen shows what the key acts on
    if m.mode == view.M_MATCHEND and k & (keys.A | keys.PRESS | keys.B):
        leave(app, False)           # rummy.sav (pass-and-play) stays untouched
        return True
    return False


# --- rlink.sav, rlink.pos --------------------------------------------------------
def remove(storage):
    for name in (NAME, POS):
        try:
            os.remove(storage.path(name))
        except OSError:
            pass


def position_bytes(g):
    from rummy import codec
    return codec.encode(g)


def write(storage, data, name):
    with open(storage.path(TMP), "wb") as f:
        f.write(data)
    storage.replace(TMP, name)      # rlink.tmp over the file, atomically


def write_saved(storage, link):
    """link.saved() into rlink.sav without building it (the move log is its last
    field: the head, then the log from where it lies; docs/memory.md "link.sav head")."""
    with open(storage.path(TMP), "wb") as f:
        f.write(link.save_head())
        f.write(link.log)
    storage.replace(TMP, NAME)
