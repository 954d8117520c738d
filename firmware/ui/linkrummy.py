# Rummy israelí over the link cable, 1v1 (docs/rummy.md "Over the link
# cable"): the glue between a Link (link/session.py, variant "rummy") and the
# Rummy screen (ui/rummy_view.py). Imported only for a linked Rummy match,
# once ui/rummy_swap.py has unloaded Burako's game: neither this module nor
# the link imports Burako's engine (ui/linkplay.py and ui/linkscreen.py, the
# Burako match's glue, do).
#   the view    Match.ln is this module: the local seat's committed moves go
#               to send() (the session plays and sends them), the peer's come
#               back as events, already played on link.game, through the
#               view's after(); the peer's seat carries the AI bit in
#               Match.seats, so there is no hand-off and its rack is never
#               drawn (the viewer is the local seat)
#   M_LINK      the view's mode while connecting, dealing, the other console
#               gone or the link ended: drawn and keyed here
#   persist     rlink.sav (the session's bytes) and rlink.pos (the position,
#               engine/rummy_codec.py: no replay at power-on) at turn
#               boundaries, the score log at the match's end, only while the
#               cable is quiet (a flash write on the RP2040 stops interrupts)
import os
import sys
from micropython import const
from engine import rummy as RM
from hal import keys as K
from ui import rummy_view as V
from ui import screen_rummy
from ui.common import S_RUMMY, S_MATCHEND, D_ALL
from ui.gfx import FELT_DARK, WHITE, GREY, CURSOR, ERR, DIM
from ui.screen_link import tx

NAME = "rlink.sav"         # not link.sav: a saved linked Burako match stays
POS = "rlink.pos"
TMP = "rlink.tmp"

# ids in the languages' LINK tables, as ui/linkscreen.py and ui/linkplay.py
# number them (those two import Burako's engine: not loaded here)
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
T_REASON = const(13)       # + session.R_*
T_FRAME = const(25)        # + session.F_* - 1

# reasons after which the saved match can never go on: the save goes
DEAD = (1, 4, 7, 8, 9, 10, 11)


# --- opening and closing -------------------------------------------------------
def start(app):
    """Start (or resume, from rlink.sav) a linked Rummy match: app.rm is the
    view's Match (the set-up's, or a fresh one)."""
    from link import session as S
    m = app.rm
    st = app.b.storage
    lk = None
    saved = read(st)
    if saved is not None:
        try:
            # the position saved with it spares replaying the match (used
            # only if it matches the save's digest)
            lk = S.Link(app.b, "rummy", 0, saved=saved, game=position(st))
        except ValueError:
            remove(st)
            app.bad_save = True
    if lk is None:
        lk = S.Link(app.b, "rummy", 0)
    m.ln = sys.modules["ui.linkrummy"]
    m.mode = V.M_LINK
    m.g = None
    app.link = lk
    app.LS = S
    app.link_state = S.CONNECTING
    app.link_note = ""
    app.log_due = False
    app.show(S_RUMMY)


def leave(app, keep):
    """Back to the title (the menu's "Save and quit", B on the link screen,
    the match's end); keep=False drops the match's save."""
    lk = app.link
    st = app.b.storage
    m = app.rm
    if app.log_due:
        V.log(app, lk.match_id)     # a key before the cable was quiet: logged now
    if lk is not None and keep and lk.match_id is not None:
        try:
            write_saved(st, lk)     # leaving: written even mid-exchange
        except OSError:
            pass
    if not keep:
        remove(st)
    app.link = None
    app.LS = None
    app.log_due = False
    m.ln = None
    m.g = None
    screen_rummy.close(app)


def bind(app):
    """link.game is (again) the match: the local seat's view of it."""
    lk = app.link
    m = app.rm
    me = lk.seat
    g = lk.game
    m.begin(g, 1)
    m.players = 2
    m.hands = g.hands
    m.seats = 1 << (1 - me)         # the peer's seat moves by itself, as an AI's
    m.ais = [None, None]
    if app.autoplay:
        # level 1, the lightest (as a linked Burako match's autoplay): a
        # level 2 search's garbage on top of the link leaves no room in 128 KB
        from ai.rummy import RummyAI
        m.ais[me] = RummyAI(1)
    m.viewer = me
    m.msg = ""
    m.pos_n = -1                    # the move count rlink.pos was written at
    app.next_ai = app.now + app.ai_ms
    V.enter(app)


def ended(app):
    """The view entered the match's end: the score log waits for a quiet cable."""
    if app.link.dirty and not app.rm.logged:
        app.log_due = True


# --- the view's sink --------------------------------------------------------------
def send(app, mv):
    """The local seat's move: played on link.game and sent; the reason code
    (0: played; the session's BUSY while the link is not playing)."""
    return app.link.send_move(mv)


# --- every frame (ui/screen_link.py's poll) ----------------------------------------
def poll(app, now):
    m = app.rm
    lk = app.link
    if m is None or lk is None or m.ln is None:
        return              # a swap's frames
    if lk.events:
        # what the last frame's poll received, answered in a frame of its own
        events(app, now)
        return
    sent = lk.out_move is not None
    if lk.poll(now) or sent:
        app.next_ai = now + 1       # the AI thinks in a frame that took no link work
        return
    persist(app)


def events(app, now):
    S = app.LS
    lk = app.link
    m = app.rm
    app.next_ai = now + 1
    ev = lk.events
    while ev:
        e = ev[0]
        k = e[0]
        if k == S.EV_MOVE:
            if m.g is not None:
                V.after(app, e[1], e[2])
        elif k == S.EV_SYNC:
            bind(app)
        elif k == S.EV_REFUSED:
            app.link_note = tx(T_REFUSED) + tx(T_FRAME + e[1] - 1)
            m.msg = app.link_note
            m.msg_c = ERR
            app.dirty = D_ALL
        elif k == S.EV_STATE:
            state(app, e[1])
        ev.pop(0)


def state(app, s):
    S = app.LS
    lk = app.link
    m = app.rm
    app.link_state = s
    if s == S.PLAYING or (s == S.ENDED and lk.reason == S.R_MATCH_OVER):
        if m.g is None:
            if lk.game is not None:
                bind(app)
        elif m.mode == V.M_LINK:
            V.enter(app)
    else:
        m.mode = V.M_LINK
        app.screen = S_RUMMY
    app.dirty = D_ALL


def persist(app):
    lk = app.link
    m = app.rm
    g = m.g
    if g is None:
        return
    st = app.b.storage
    if g.phase == RM.P_MATCH_OVER:
        if app.log_due and (lk.safe_to_write() or not lk.t.alive()):
            if unload_play(app):
                return              # the score log's code comes in a frame later
            app.log_due = False
            V.log(app, lk.match_id)
            return
        if not app.log_due and lk.dirty:
            # logged: the match is over on both consoles, its save goes
            remove(st)
            lk.dirty = False
        return
    # at turn boundaries: a turn's draw is not one (with the stock gone every move is)
    if lk.dirty and lk.match_id is not None and (g.phase != RM.P_PLAY or not g.stock) \
            and lk.safe_to_write():
        try:
            # the position, then the session's bytes in the next quiet frame
            # (each frame's garbage is one file's); a move between them and
            # the position is written again
            if m.pos_n != lk.count:
                write(st, position_bytes(g), POS)
                m.pos_n = lk.count
            else:
                write_saved(st, lk)
                app.saves += 1
        except OSError:
            lk.dirty = False        # a failing flash must not stop the game
        app.next_ai = app.now + 1


# what a finished match no longer needs: the AI, its solver, the workbench
PLAY = ("ai.rummy", "engine.rummy_solve", "engine.rummy_bench")


def unload_play(app):
    """The match is over: the AI and the workbench leave the heap before the
    score log's code comes in (its import and record take ~10 KB). True when
    something went. Only under MicroPython (as ui/rummy_swap.py)."""
    m = app.rm
    m.ais = [None, None]
    m.bench = None
    if not screen_rummy.SWAP or PLAY[0] not in sys.modules:
        return False
    # the view's names for them are their only other holders (rummy_swap's
    # unload() would find them, but its walk of every module is ~10 KB of
    # garbage in the frame)
    V.RummyAI = None
    V.Bench = None
    for n in PLAY:
        if n in sys.modules:
            del sys.modules[n]
            i = n.index(".")
            sys.modules[n[:i]].__dict__.pop(n[i + 1:], None)
    return True


def settled(app):
    """The linked match is over and nothing is left to do for it here: logged,
    its save removed, the last move acknowledged (or the peer gone)."""
    lk = app.link
    g = app.rm.g
    return g is not None and g.phase == RM.P_MATCH_OVER and not app.log_due \
        and not lk.dirty and (lk.idle() or not lk.t.alive())


def over(app):
    """For the emulator's headless runs: the match is over and may stop."""
    m = app.rm
    return m is not None and m.ln is not None and m.mode == V.M_MATCHEND and settled(app)


def waiting(app):
    """App.waiting() for a linked match: only the local player's keys count."""
    m = app.rm
    if m is None or m.ln is None:
        return False                # a swap's frames
    if m.mode == V.M_LINK:
        return app.link_state == app.LS.ENDED
    g = m.g
    if g is None or m.mode == V.M_MATCHEND:
        return True
    me = app.link.seat
    if m.mode == V.M_HANDEND:
        return g.turn == me and not app.autoplay
    return g.turn == me


def key_hook(app, k):
    """Keys before the screen gets them; True when taken here."""
    m = app.rm
    lk = app.link
    if m is None or m.ln is None:
        return False
    lk.stir(app.now)
    if lk.events:
        events(app, app.now)        # the screen shows what the key acts on
    if m.mode == V.M_MATCHEND and k & (K.A | K.PRESS | K.B):
        leave(app, False)           # rummy.sav (pass-and-play) stays untouched
        return True
    return False


# --- the link's own screen (the view's M_LINK) -----------------------------------
def key(app, k):
    S = app.LS
    lk = app.link
    if app.link_state == S.ENDED:
        if k & (K.A | K.PRESS | K.B):
            leave(app, lk.reason not in DEAD)
        return
    if k & K.B:
        leave(app, True)            # leave; the match stays saved for later
    elif k & K.Y and lk.match_id is not None:
        lk.abandon()                # give the match up (the peer is told)


def draw(app):
    p = app.p
    S = app.LS
    lk = app.link
    s = app.link_state
    p.fill(0, 0, 240, 240, FELT_DARK)
    t = V.tx(V.X_TITLE) + " - " + V.tx(V.X_CABLE)
    p.text(0, 24, 240, t, WHITE, FELT_DARK, 1)
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


# --- rlink.sav, rlink.pos --------------------------------------------------------
def read(storage, name=NAME):
    try:
        with open(storage.path(name), "rb") as f:
            return f.read()
    except OSError:
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


def position_bytes(g):
    from engine import rummy_codec
    return rummy_codec.encode(g)


def position(storage):
    """The Game saved next to rlink.sav, or None (missing or damaged)."""
    b = read(storage, POS)
    if b is None:
        return None
    try:
        from engine import rummy_codec
        return rummy_codec.decode(b)
    except Exception:
        return None


def write(storage, data, name):
    with open(storage.path(TMP), "wb") as f:
        f.write(data)
    storage.replace(TMP, name)      # rlink.tmp over the file, atomically


def write_saved(storage, lk):
    """lk.saved() into rlink.sav without building it (the move log is its last
    field: the head, then the log from where it lies)."""
    with open(storage.path(TMP), "wb") as f:
        f.write(lk.save_head())
        f.write(lk.log)
    storage.replace(TMP, NAME)
