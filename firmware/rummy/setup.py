# The Rummy set-up's keys and drawing, and "Continue" (rummy.sav replayed a
# few moves a frame): rummy/door.py imports this module while the set-up
# shows, rummy/view.py drops it when a match starts (its heap is the match's).
from micropython import const
from rummy import rules
from hal import keys
from ui import gfx
from ui import lang
from rummy import view
from ui.common import S_RUMMY, D_ALL
from ui.gfx import FELT_DARK, WHITE, CURSOR, DIM, HILITE

REPLAY_N = const(4)        # moves replayed a frame while resuming
_T_LINK = const(4)         # rummy/swap.py ask(): a linked match

# the J2 row with 2 players: AI, human, over the cable with hidden hands (where the firmware
# can deal them: ui/screen_link.py hidden_ok(); the default, docs/link.md), over the cable
# with the open deal (A and RIGHT go this way)
CYCLE = (1, 0, 3, 2)
CYCLE_OPEN = (1, 0, 2)      # (where the firmware cannot)
_T_HIDDEN = const(26)      # ui/lang.py tx(): "Hidden" (ui/link_*.py)


def resume(app):
    """Resume the saved Rummy match: its moves are replayed a few a frame
    (tick); False when there is no save (a bad one shows at the end)."""
    try:
        f = open(app.board.storage.path(view.SAVE))
    except OSError:
        return False
    m = app.rummy
    m.load = _loading(f)
    m.mode = view.M_LOAD
    app.dirty = D_ALL
    return True


def _loading(f):
    # the save's head line, then the transcript a move at a time: a long
    # match's replay at once would fill the heap with garbage under the
    # emulator's collect-between-frames rule; yields None, then
    # (game, seats, level, error)
    with f:
        try:
            w = f.readline().split()
            seats = int(w[2])
            level = int(w[4])
        except (IndexError, ValueError):
            yield None, 0, 0, "bad head"
            return
        for r in rules.replaying(f):
            if r is None:
                yield None
            else:
                yield r[0], seats, level, r[1]


def load(app, m):
    r = None
    try:
        for _ in range(REPLAY_N):
            r = next(m.load)
            if r is not None:
                break
    except (OSError, StopIteration):
        r = (None, 0, 0, "unreadable")
    if r is None:
        return
    m.load = None
    g, seats, level, err = r
    if err or g is None or g.phase == rules.P_MATCH_OVER:
        m.mode = view.M_SETUP
        m.saved = 0
        m.row = 0
        app.dirty = D_ALL
        return
    m.begin(g, 1)
    m.players = g.n
    m.hands = g.hands
    m.seats = seats
    app.settings.level = level
    view._start(app)
    app.show(S_RUMMY)
    view.enter(app)


def key(app, m, k):
    nrows = 4 + m.players + m.saved    # players, seats, level, hands, start, continue
    if k & keys.B:
        view._close(app)
        return
    if k & keys.UP:
        m.row = (m.row - 1) % nrows
    elif k & keys.DOWN:
        m.row = (m.row + 1) % nrows
    elif k & (keys.A | keys.LEFT | keys.RIGHT | keys.PRESS):
        step = -1 if k & keys.LEFT else 1
        r = m.row
        if m.saved and r == nrows - 1:
            if k & (keys.A | keys.PRESS) and not resume(app):
                m.saved = 0
                m.row = 0
                app.dirty = D_ALL
            return
        if r == nrows - 1 - m.saved:
            if k & (keys.A | keys.PRESS):
                if m.cable and m.players == 2:
                    from rummy import swap  # (only for the swap: its heap is the match's)
                    swap.ask(app, _T_LINK)    # Burako is parked already
                else:
                    view.new(app)
            return
        if r == 0:
            m.players = (m.players - 2 + step) % 3 + 2
        elif r == 2 and m.players == 2:
            # J2: the AI, a person here, a person over the link cable (1v1), with hidden hands
            v = 2 + app.settings.hidden if m.cable else (m.seats >> 1) & 1
            from ui.screen_link import hidden_ok
            c = CYCLE if hidden_ok() else CYCLE_OPEN
            v = c[(c.index(v) + step) % len(c)]
            m.cable = v >> 1
            if m.cable:
                app.settings.hidden = v == 3    # (the deal chosen stays for the next time)
            m.seats = (m.seats & 1) | (v & 1) << 1
        elif r <= m.players:
            m.seats ^= 1 << (r - 1)
        elif r == m.players + 1:
            app.settings.level = (app.settings.level - 1 + step) % 3 + 1
        else:
            m.hands = (m.hands - 1 + step) % 8 + 1
        m.seats &= (1 << m.players) - 1
        if m.players != 2:
            m.cable = 0
        if m.row >= 4 + m.players + m.saved:
            m.row = 0
    app.dirty = D_ALL


# per glass (short, tall: ui/gfx.py Layout): up to 9 rows between the title and the hint: the
# title's row, the first row, the step, a row's band above its text and its height, the hint's
# line from the bottom
GEOMETRY = ((2, 16, 12, 1, 12, 11), (6, 26, 20, 2, 14, 15))


def draw(app, m, p):
    y_head, y0, dy, pad, fh, up = GEOMETRY[p.lay.tall]
    p.fill(0, 0, p.w, p.h, FELT_DARK)
    p.text(0, y_head, p.w, view.tx(view.X_TITLE), CURSOR, FELT_DARK, 1)
    nrows = 4 + m.players + m.saved
    for i in range(nrows):
        y = y0 + i * dy
        on = i == m.row
        bg = HILITE if on else FELT_DARK
        p.fill(4, y - pad, 232, fh, bg)
        if i >= nrows - 1 - m.saved:
            t = view.tx(view.X_START) if i == nrows - 1 - m.saved else lang.t(lang.CONTINUE)
            p.text(4, y, 232, "> " + t + " <", CURSOR if on else WHITE, bg, 1)
            continue
        if i == 0:
            a = view.tx(view.X_PLAYERS)
            v = gfx.NUMS[m.players]
        elif i <= m.players:
            a = lang.t(lang.P) + gfx.NUMS[i]
            v = lang.t(lang.AI) if (m.seats >> (i - 1)) & 1 else lang.t(lang.HUMAN)
            if i == 2 and m.cable:
                v = lang.tx(_T_HIDDEN) if app.settings.hidden else view.tx(view.X_CABLE)
        elif i == m.players + 1:
            a = lang.t(lang.LEVEL)
            v = gfx.NUMS[app.settings.level]
        else:
            a = view.tx(view.X_HANDS)
            v = gfx.NUMS[m.hands]
        p.text(8, y, 110, a, WHITE, bg)
        p.text(118, y, 114, "< " + v + " >", CURSOR if on else WHITE, bg, 2)
    # what A does on the row under the cursor: change a value, or start on Start / Continue
    h = lang.t(lang.H_SETUP2) if m.row >= nrows - 1 - m.saved else view.tx(view.X_H_SETUP)
    p.text(0, p.h - up, p.w, h, DIM, FELT_DARK, 1 | gfx.CAPS)
