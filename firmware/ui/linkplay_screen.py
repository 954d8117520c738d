# The link cable's screen (connecting, dealing, the other console gone, the
# link ended: docs/ui.md "Link cable") and the opening and closing of a
# linked match. Burako's: ui/linkplay.py is the glue it imports, rummy/linkplay_screen.py
# Rummy's. Imported while that screen shows or a link opens or closes;
# ui/linkplay.py (the glue that runs during the match) drops it when the
# table is back, so a linked match keeps this heap for the game.
import os
from micropython import const
from engine import rules
from engine import codec
from ui import linkplay
from ui.common import S_TITLE, S_LINK, D_HINT, Cable
from ui.gfx import FELT_DARK, WHITE, CURSOR, ERR, DIM
from ui.lang import tx

# ids of ui/lang.py tx()
T_CONNECTING = const(9)
T_DEALING = const(10)
T_GONE = const(11)
T_WAIT_BACK = const(12)
T_H_LEAVE = const(13)
T_H_ENDED = const(17)
T_ENDED = const(18)
T_BY_PEER = const(19)
T_BY_ME = const(20)
T_TITLE = const(14)
T_RESUMING = const(15)
T_HIDDEN = const(24)       # (the title's literal too; 25 is ui/linkplay.py T_CHECKING, 26
                           # rummy/setup.py's "Hidden")
_T_OPEN = const(16)        # "Open deal" (the language's table: the stock firmware shows it)
T_REASON = const(30)       # + session.R_* (ui/linkkeys.py why())


# --- opening and closing -------------------------------------------------------
def start(app):
    """Start (or resume) a linked match: the link screen until the peer is there."""
    from link import session
    link = None
    saved = read(app.board.storage)
    v = rules.VARIANTS[app.settings.variant].name     # burako, torneo or burraco: the peer must agree
    if saved is not None:
        try:
            # the position saved with it spares replaying the whole match
            # (used only if it matches the save's digest)
            link = session.Link(app.board, v, app.settings.target, saved=saved, game=position(app.board.storage))
        except ValueError:
            linkplay.remove(app.board.storage)
            app.bad_save = True
    if link is None:
        link = session.Link(app.board, v, app.settings.target, hidden=app.settings.hidden)
    if link.hidden is not None:
        link.hidden.keep = True     # our steps wait for the save (docs/link.md "A power cut")
    # the name this console sends in HELLO (docs/ui.md "Names"): the set-up's first seat's,
    # else the most recent in names.txt, else none
    nm = app.settings.names[0]
    if not nm:
        try:
            with open(app.board.storage.path("names.txt")) as f:
                nm = f.readline().strip()
        except OSError:
            pass
    if nm and len(nm) == 3 and nm.isalpha() and nm.isupper():
        link.names[0] = nm
    app.link = link
    app.cable = Cable()
    app.cable.session = session
    app.cable.state = session.CONNECTING
    app.cable.note = ""
    app.cable.bar = -1              # hidden hands: the deal's progress drawn, the tiles we
    app.cable.want = 0              # wait for (ui/linkplay.py hidden_news)
    app.cable.agreed = app.autoplay     # an open deal where hidden hands were asked: said yes
    app.view.message = ""                    # not the last match's last move
    app.log_due = False
    app.match.end()
    app.match.ai_seats = 0
    app.show(S_LINK)
    app.cable.ask = False           # the link screen's key guard (ui/linkkeys.py)
    app.cable.held = 0
    app.cable.t0 = app.now - 600   # opened by the player: keys at once (linkkeys.PAUSE_MS)


def close(app, keep):
    """Leave the linked match: back to the title; keep=False drops its save."""
    link = app.link
    if link is not None and keep and link.match_id is not None and (link.hidden is None or link.syncing is None):
        # leaving: write even mid-exchange (not with a catch-up half played on the game:
        # hidden hands' save must match its log; the last one does)
        try:
            linkplay.write_saved(app.board.storage, link)
        except OSError:
            pass
    if not keep:
        linkplay.remove(app.board.storage)
    app.link = None
    app.cable = None
    app.match.end()
    app.view.message = ""
    app.match.ai_seats = 1 << 1
    app.row = 0
    app.show(S_TITLE)


# --- link.sav (written by ui/linkplay.py) --------------------------------------
def read(storage, name=linkplay.NAME):
    try:
        with open(storage.path(name), "rb") as f:
            return f.read()
    except OSError:
        return None


def position(storage):
    """The Game saved next to link.sav, or None (missing or damaged)."""
    b = read(storage, linkplay.POS)
    if b is None:
        return None
    try:
        return codec.decode(b)
    except Exception:
        return None


def exists(storage):
    try:
        os.stat(storage.path(linkplay.NAME))
        return True
    except OSError:
        return False


# --- the screen ----------------------------------------------------------------
def key(app, k):
    from ui import linkkeys     # (loaded only once a key comes or the link ends)
    linkkeys.key(app, k, close, linkplay.bind)


def draw(app, dirty):
    p = app.painter
    session = app.cable.session
    link = app.link
    s = app.cable.state
    if dirty == D_HINT:
        _bar(app, p)                # the hidden deal's progress alone (ui/linkplay.py poll)
        return
    # the hints at the glass's foot (p.h: 135 rows on the Pico-LCD-1.14)
    p.fill(0, 0, p.w, p.h, FELT_DARK)
    p.big(120 - len(tx(T_TITLE)) * 8, 24, tx(T_TITLE), WHITE, 2)
    if s == session.ENDED or app.cable.ask:
        from ui import linkkeys
        t = linkkeys.draw(app, p)
    else:
        t = _status(app, p, session, link, s)
    if app.no_y:
        from ui.keynames import name    # "Y:" is A held there, "X:" B held
        t = name(t)
    p.text(0, p.h - 20, p.w, t, DIM, FELT_DARK)


def _bar(app, p):
    # a hidden hand's deal (docs/link.md "Hidden hands": ~9 s on a Pico), on both consoles
    if app.link.hidden is not None and app.cable.state == app.cable.session.DEALING:
        w = (p.w - 40) * max(app.cable.bar, 0) // 100
        p.fill(20, 108, w, 6, CURSOR)
        p.fill(20 + w, 108, p.w - 40 - w, 6, DIM)


def _status(app, p, session, link, s):
    from ui import linkkeys
    if linkkeys.asking(app):
        return linkkeys.draw_asking(app, p)
    if s == session.PEER_GONE:
        p.text(0, 80, p.w, tx(T_GONE), CURSOR, FELT_DARK, 1)
        p.text(0, 100, p.w, tx(T_WAIT_BACK), WHITE, FELT_DARK, 1)
    elif s == session.DEALING:
        p.text(0, 90, p.w, tx(T_DEALING), WHITE, FELT_DARK, 1)
        _bar(app, p)
    else:
        p.text(0, 90, p.w, tx(T_RESUMING if link.match_id is not None else T_CONNECTING),
               WHITE, FELT_DARK, 1)
    # the deal both consoles must have asked for (docs/link.md "Hidden hands")
    p.text(0, 76, p.w, tx(_T_OPEN if link.hidden is None else T_HIDDEN), DIM, FELT_DARK, 1)
    nm = link.names
    if nm[1]:                       # who is at the other end (its HELLO named a player)
        p.text(0, 60, p.w, (nm[0] or "?") + " - " + nm[1], WHITE, FELT_DARK, 1)
    if app.cable.note:
        p.text(0, p.h - 90, p.w, app.cable.note, ERR, FELT_DARK, 1)
    return tx(T_H_LEAVE)
