# The link screen of a linked Rummy match (the Rummy view's mode M_LINK:
# connecting, dealing, the other console gone, the link ended; docs/ui.md
# "Rummy israelí over the link cable") and the opening and closing of the
# match, its saves read and removed. Imported while that screen shows or the
# match opens or closes; rummy/linkplay.py (the glue kept while moves flow)
# drops it once the match is played again.
import os
from micropython import const
from rummy import linkplay
from rummy import view
from ui.common import S_RUMMY, Cable
from ui.gfx import FELT_DARK, WHITE, CURSOR, ERR, DIM
from ui.lang import tx

# ids of ui/lang.py tx(), as ui/linkplay_screen.py numbers them (it
# imports Burako's engine: not loaded during a Rummy match)
_T_CONNECTING = const(9)
_T_DEALING = const(10)
_T_GONE = const(11)
_T_WAIT_BACK = const(12)
_T_H_LEAVE = const(13)
_T_RESUMING = const(15)
_T_OPEN = const(16)


# --- opening and closing -------------------------------------------------------
def start(app):
    """Start (or resume, from rlink.sav) a linked Rummy match: app.rummy is the
    view's Match (the set-up's, or a fresh one)."""
    from link import session
    m = app.rummy
    st = app.board.storage
    link = None
    saved = read(st)
    if saved is not None:
        try:
            # the position saved with it spares replaying the match (used
            # only if it matches the save's digest)
            link = session.Link(app.board, "rummy", 0, saved=saved, game=position(st))
        except ValueError:
            linkplay.remove(st)
            app.bad_save = True
    if link is None:
        link = session.Link(app.board, "rummy", 0, hidden=app.settings.hidden)
    # the name this console sends in HELLO (docs/ui.md "Names"): the set-up's first seat's,
    # else the most recent in names.txt, else none
    nm = app.settings.names[0]
    if not nm:
        try:
            # bytes, not a str constant: no new name interned (docs/memory.md "qstr")
            with open(app.board.storage.path(b"names.txt".decode())) as f:
                nm = f.readline().strip()
        except OSError:
            pass
    if nm and len(nm) == 3 and nm.isalpha() and nm.isupper():
        link.names[0] = nm
    m.ln = linkplay
    m.mode = view.M_LINK
    m.g = None
    app.link = link
    app.cable = Cable()
    app.cable.session = session
    app.cable.state = session.CONNECTING
    app.cable.note = ""
    app.cable.agreed = app.autoplay     # an open deal where hidden hands were asked: said yes
    m.msg = ""                      # not the last match's last move
    app.log_due = False
    app.show(S_RUMMY)
    app.cable.ask = False           # the link screen's key guard (ui/linkkeys.py)
    app.cable.held = 0
    app.cable.t0 = app.now - 600   # opened by the player: keys at once (linkkeys.PAUSE_MS)
    if link.hidden is not None:
        linkplay.hidden().start(app)


def leave(app, keep):
    """Back to the title (the menu's "Save and quit", B on the link screen,
    the match's end); keep=False drops the match's save."""
    link = app.link
    st = app.board.storage
    m = app.rummy
    if app.log_due:
        view.log(app, link.match_id)     # a key before the cable was quiet: logged now
    if link is not None and keep and link.match_id is not None and (link.hidden is None or link.syncing is None):
        try:
            # leaving: written even mid-exchange (not with a catch-up half played on the
            # game: hidden hands' save must match its log; the last one does)
            linkplay.write_saved(st, link)
        except OSError:
            pass
    if not keep:
        linkplay.remove(st)
    app.link = None
    app.cable = None
    app.log_due = False
    m.ln = None
    m.g = None
    view._close(app)


# --- the link's own screen (the view's M_LINK) -----------------------------------
def key(app, k):
    from ui import linkkeys     # (loaded only once a key comes or the link ends)
    linkkeys.key(app, k, leave, linkplay.bind)


def draw(app):
    p = app.painter
    session = app.cable.session
    link = app.link
    s = app.cable.state
    # the hint at the glass's foot (p.h: 135 rows on the Pico-LCD-1.14)
    p.fill(0, 0, p.w, p.h, FELT_DARK)
    t = view.tx(view.X_TITLE) + " - " + view.tx(view.X_CABLE)
    p.text(0, 24, p.w, t, WHITE, FELT_DARK, 1)
    if s == session.ENDED or app.cable.ask:
        from ui import linkkeys
        t = linkkeys.draw(app, p)
    else:
        t = _status(app, p, session, link, s)
    if app.no_y:
        from ui.keynames import name    # "Y:" is A held there, "X:" B held
        t = name(t)
    p.text(0, p.h - 20, p.w, t, DIM, FELT_DARK)


def _status(app, p, session, link, s):
    from ui import linkkeys
    if linkkeys.asking(app):
        return linkkeys.draw_asking(app, p)
    if s == session.PEER_GONE:
        p.text(0, 80, p.w, tx(_T_GONE), CURSOR, FELT_DARK, 1)
        p.text(0, 100, p.w, tx(_T_WAIT_BACK), WHITE, FELT_DARK, 1)
    elif s == session.DEALING:
        p.text(0, 90, p.w, tx(_T_DEALING), WHITE, FELT_DARK, 1)
    else:
        p.text(0, 90, p.w, tx(_T_RESUMING if link.match_id is not None else _T_CONNECTING),
               WHITE, FELT_DARK, 1)
    # the deal both consoles must have asked for (docs/link.md "Hidden hands")
    if link.hidden is None:
        p.text(0, 76, p.w, tx(_T_OPEN), DIM, FELT_DARK, 1)
    else:
        linkplay.hidden().draw(app, p)
    if app.cable.note:
        p.text(0, p.h - 90, p.w, app.cable.note, ERR, FELT_DARK, 1)
    return tx(_T_H_LEAVE)


# --- rlink.sav, rlink.pos (written and removed by rummy/linkplay.py) --------------------------------------------------------
def read(storage, name=linkplay.NAME):
    try:
        with open(storage.path(name), "rb") as f:
            return f.read()
    except OSError:
        return None


def exists(storage):
    try:
        os.stat(storage.path(linkplay.NAME))
        return True
    except OSError:
        return False


def position(storage):
    """The Game saved next to rlink.sav, or None (missing or damaged)."""
    b = read(storage, linkplay.POS)
    if b is None:
        return None
    try:
        from rummy import codec
        return codec.decode(b)
    except Exception:
        return None
