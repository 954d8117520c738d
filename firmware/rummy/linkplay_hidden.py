# Hidden hands in a linked Rummy israelí match, the screens' side (docs/link.md "Hidden
# hands", docs/ui.md "Rummy israelí over the link cable"): what rummy/linkplay.py and
# rummy/linkplay_screen.py do differently when the Link deals hidden hands (link.hidden,
# rummy/hide.py), as ui/linkplay.py does for Burako:
#   the deal     its progress bar on the link screen (the view's M_LINK), ~9 s on a Pico
#   a draw       the drawn tile is a placeholder ("?") until the peer opens it, and a
#                person has no workbench (rummy/view.py _bench()); then the draw's answer
#                again, the workbench with the tile under the cursor (view.after())
#   the check    the hand is counted once both keys are checked: the hand end's screen
#                shows the check's progress by tens, then the count
#   persist      rlink.sav after every move of ours, in any phase (our steps leave the
#                console once the save holds them, link/hide.py), and no rlink.pos: a
#                restore rebuilds each hand as this console knew it
# Loaded only with hidden hands. rummy/linkplay.py hidden() names it by a bytes literal and
# calls it by names it already holds (poll, persist, start, draw): the stock firmware, which
# does not offer hidden hands, interns nothing for it (docs/memory.md "qstr").
from micropython import const
from rummy import linkplay
from rummy import rules
from rummy import view
from ui.common import D_ALL
from ui.gfx import WHITE, CURSOR, DIM, FELT_DARK
from ui.lang import tx

_T_HIDDEN = const(24)      # "Hidden deal" (ui/linkplay_screen.py T_HIDDEN)
_T_CHECKING = const(25)    # "Checking the hand" (ui/linkplay.py T_CHECKING)
_BAR_STEP = const(5)       # the link screen is drawn whole: a redraw every 5 % of the deal


def start(app):
    """The Link was made (or restored) with hidden hands: our steps wait for the save; the
    deal's bar and the tiles we wait for start empty."""
    app.link.hidden.keep = True
    app.cable.bar = -1
    app.cable.want = 0


def poll(app, h):
    """Every poll: what hidden hands change without a move of the view's."""
    m = app.rummy
    c = app.cable
    if m.mode == view.M_LINK:
        p = h.progress() // _BAR_STEP * _BAR_STEP if c.state == c.session.DEALING else -1
        if p != c.bar:
            c.bar = p
            app.dirty = D_ALL
        return
    g = m.g
    if g is None:
        return
    if h.stage == 2:
        # the hand-end check (7-8 s on a Pico)
        p = h.progress() // 10 * 10
        if p != c.bar:
            c.bar = p
            m.msg = tx(_T_CHECKING) + " " + str(p) + "%"
            m.msg_c = WHITE
            app.dirty = D_ALL
    elif c.bar >= 0:
        c.bar = -1
        if m.mode == view.M_HANDEND:
            m.msg = ""
            view.enter(app)         # counted: the hand's score, or the match's end
    if h.want != c.want:
        c.want = h.want
        if not h.want and m.mode == view.M_PLAY and m.bench is None and not m.ais[g.turn] \
                and g.phase == rules.P_PLAY and g.turn == app.link.seat:
            view.after(app, g.turn, (rules.DRAW, ()))   # our drawn tile is open: the bench
        app.dirty = D_ALL


def persist(app):
    """rlink.sav after every move of ours, in any phase, before the match is bound too (a
    hidden deal saves as it goes); the match's end is rummy/linkplay.py's."""
    link = app.link
    g = link.game
    if link.dirty and link.match_id is not None and g is not None and g.phase != rules.P_MATCH_OVER \
            and link.safe_to_write():
        try:
            linkplay.write_saved(app.board.storage, link)
            app.saves += 1
        except OSError:
            link.dirty = False          # a failing flash must not stop the game
            link.hidden.dirty = False   # (nor our steps, which wait for the save)
        app.next_ai = app.now + 1


def draw(app, p):
    """The link screen's line for hidden hands, and the deal's bar while it runs."""
    p.text(0, 76, p.w, tx(_T_HIDDEN), DIM, FELT_DARK, 1)
    if app.cable.bar >= 0:
        w = (p.w - 40) * app.cable.bar // 100
        p.fill(20, 108, w, 6, CURSOR)
        p.fill(20 + w, 108, p.w - 40 - w, 6, DIM)
