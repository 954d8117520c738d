# Rummy israelí (docs/rummy.md) on the console (rummy/door.py imports
# this module on first use): the match, the workbench table, hand-offs, hand
# and match ends, all in this one screen (S_RUMMY) with a mode, because the
# Burako screens read Burako's Game; the door hands the set-up's modes to
# rummy/setup.py and M_LINK to rummy/linkplay_screen.py.
# The match lives in app.rummy (a Match); app.match.game stays None, so nothing of
# Burako's (match clock, saves, the score log of app.py) sees a Rummy game.
# Over the link cable (Match.ln is rummy/linkplay.py, loaded only then) the
# local seat's committed moves go to ln.send() instead of the game, the
# peer's arrive through after(), the peer's seat reads as an AI's (no
# hand-off, its rack never shown) and ln saves, logs and draws M_LINK.
#
# A human turn is a workbench (rummy/bench.py): a scratch copy of the
# table and the rack that the player edits freely; Y commits it as one play
# when the engine accepts it, "undo all" throws the edits away.
import sys
from micropython import const
from rummy import rules
from engine import tiles
from hal import keys
from memory import drop
from ui import gfx
from ui import lang
from ui.common import S_RUMMY, S_MATCHEND, D_TOP, D_TABLE, D_MSG, D_RACK, D_HINT, D_ALL
from ui.gfx import (FELT, FELT_DARK, BAR, TURN, WHITE, CURSOR, DIM, ERR, HILITE, PURE, GREY,
                    MW, MH, TW, TH)

SAVE = "rummy.sav"

# modes
M_SETUP = const(0)
M_PLAY = const(1)
_M_HANDOFF = const(2)
M_HANDEND = const(3)
M_MATCHEND = const(4)
M_LOAD = const(5)          # resuming rummy.sav (a few moves a frame)
M_LINK = const(6)          # over the cable: connecting, peer gone, ended (rummy/linkplay.py)


# focus while playing
_F_RACK = const(0)
_F_TABLE = const(1)
_F_MENU = const(2)

# layout
_Y_TABLE = const(14)
_ROW_H = const(16)
_ROWS = const(9)          # meld rows visible
_Y_HELD = const(160)
Y_RACK = const(174)
Y_MSG = const(206)
Y_HINT = const(220)
RACK_N = const(13)
_X_MELD = const(12)
# the Pico-LCD-1.14's 135 rows (not app.painter.lay.tall; docs/ui.md "Pico-LCD-1.14"): 3 meld
# rows, the held tray, the rack, the message and the hints (h - 20). Private consts chosen
# per draw, not names of the glass's Layout: a linked match has no interned name to spare
# (docs/memory.md "qstr")
_S_ROW_H = const(15)
_S_ROWS = const(3)
_S_HELD = const(61)
_S_RACK = const(76)
_S_MSG = const(105)

# menu entries
MENU = (0, 1, 2, 3, 4, 5)    # undo all, pass, sort, closing tile, hint, save and quit

# texts: ids into TX of rummy/lang_<lang>.py. Public (X_) where another module uses the id
# (the set-up, the door, the link's screen, the tests), private (_X_) where only this one does:
# a private const is inlined and interns no name (docs/memory.md "const")
X_TITLE = const(0)
X_PLAYERS = const(1)
X_HANDS = const(2)
X_START = const(3)
X_UNDO = const(4)
_X_PASS = const(5)
_X_SORT = const(6)
_X_CLOSING = const(7)
_X_HINT = const(8)
X_QUIT = const(9)
_X_H_DRAW = const(10)
_X_H_RACK = const(11)
_X_H_TABLE = const(12)
_X_H_MENU = const(13)
_X_H_WAIT = const(14)
_X_DREW = const(15)
_X_PLAYED = const(16)
_X_PASSED = const(17)
X_HELD = const(18)
X_NEW_MELD = const(19)
_X_READY = const(20)
_X_POINTS = const(21)
_X_HAND_END = const(22)
_X_MATCH_END = const(23)
_X_WINS = const(24)
_X_TOTAL = const(25)
_X_H_NEXT = const(26)
_X_NO_HINT = const(27)
_X_CLOSED = const(28)
_X_BLOCKED = const(29)
X_RACK_N = const(30)
X_H_SETUP = const(31)
X_CABLE = const(32)
X_H_PEER = const(33)

def texts(code=None):
    """The module of the texts in a language (the one in use by default)."""
    n = "rummy.lang_" + (code or lang.code())
    m = sys.modules.get(n)
    return m if m is not None else __import__(n, None, None, ("TX",))


def tx(i):
    return texts().TX[i]


def reason(r):
    t = texts().REASONS
    return t[r if 0 <= r < len(t) else rules.BAD_MOVE]


class Match:
    """The Rummy match on the console and the state of its screen."""

    def __init__(self):
        self.players = 2
        self.seats = 0b10          # bit p: seat p is an AI
        self.hands = 4
        self.g = None
        self.ais = []
        self.bench = None
        self.mode = M_SETUP
        self.row = 0
        self.viewer = 0
        self.focus = _F_RACK
        self.cur = 0
        self.scroll = 0
        self.mi = 0                # table cursor: meld row (len(melds): a new meld)
        self.j = 0                 # and position in it (len(meld): its end)
        self.top = 0               # first meld row shown
        self.menu = 0
        self.msg = ""
        self.msg_c = WHITE
        self.err = 0               # the reason shown (0: none)
        self.bad = -1              # the meld it is about
        self.logged = 0
        # the save is the transcript, appended to rummy.sav at each turn
        # boundary: only the move lines not yet written stay in memory (a
        # whole match's lines are tens of KB), none when no human plays
        self.lines = []
        self.stored = 0            # rummy.sav holds this match's head and earlier lines
        self.saved = 0             # rummy.sav exists: the set-up offers to continue
        self.load = None           # while resuming: the replay (a generator)
        self.ln = None             # over the link cable: rummy/linkplay.py
        self.cable = 0             # the set-up's J2 plays over the cable
        self.nt = 0                # tiles on the table before the last move
        self.mv = None             # over the cable: the AI's move, played next frame

    def begin(self, g, stored):
        """Play game g (a fresh deal, or one replayed from rummy.sav: stored 1)."""
        self.g = g
        self.lines = []
        self.stored = stored
        self.logged = 0
        self.nt = _tiles(g.table)


def _tiles(melds):
    n = 0
    for mm in melds:
        n += len(mm)
    return n


def _human(m, p):
    return not (m.seats >> p) & 1


def humans(m):
    n = 0
    for p in range(m.players):
        n += _human(m, p)
    return n


# --- starting --------------------------------------------------------------
def setup(app):
    """The Rummy set-up (from the title); its last row resumes a saved match."""
    if app.rummy is None:
        app.rummy = Match()
    m = app.rummy
    m.mode = M_SETUP
    m.row = 0
    try:
        import os
        os.stat(app.board.storage.path(SAVE))
        m.saved = 1
    except OSError:
        m.saved = 0
    app.show(S_RUMMY)


def new(app, seats=None):
    """Start a match with the set-up's settings (seats: an AI bitmask)."""
    m = app.rummy
    if m is None:
        m = app.rummy = Match()
        if 2 <= app.settings.players <= 4:
            m.players = app.settings.players
    if seats is not None:
        m.seats = seats
    m.begin(rules.Game(m.players, app.new_seed(), m.hands), 0)
    _start(app)
    app.show(S_RUMMY)
    enter(app)


def _close(app):
    # back to the title: Rummy's modules leave the heap, Burako's come back
    from rummy import swap
    swap.close(app)


def _start(app):
    drop(("rummy.setup",))       # the set-up's heap is the match's (docs/memory.md "Rummy")
    m = app.rummy
    m.ais = [None] * m.players
    if m.seats:
        # imported when a match needs it, as the workbench's (_bench): a linked
        # match or one of people only holds neither module it does not use
        from rummy.ai import RummyAI
        for p in range(m.players):
            if (m.seats >> p) & 1:
                m.ais[p] = RummyAI(app.settings.level)
    m.viewer = _first_human(m, m.g.turn)
    app.next_ai = app.now + app.ai_ms


def _first_human(m, start):
    for i in range(m.players):
        p = (start + i) % m.players
        if _human(m, p):
            return p
    return start


def enter(app):
    """The mode for the position after a move."""
    m = app.rummy
    g = m.g
    if g.phase == rules.P_MATCH_OVER:
        m.mode = M_MATCHEND
        # the match-end screen id: the emulator's over() and ui/state.py read it
        app.screen = S_MATCHEND
        if m.ln is not None:
            m.ln.ended(app)         # logged once the cable is quiet; rummy.sav is not this match's
        else:
            if not m.logged:
                log(app)
            remove_save(app)
    elif g.phase == rules.P_HAND_OVER:
        m.mode = M_HANDEND
        app.next_ai = app.now + 4 * app.ai_ms
    else:
        t = g.turn
        if humans(m) == 0:
            m.viewer = t
            m.mode = M_PLAY
        elif _human(m, t) and t != m.viewer and humans(m) > 1:
            m.viewer = t
            m.mode = _M_HANDOFF
        else:
            m.mode = M_PLAY
        if _human(m, t) and not m.ais[t] and g.phase == rules.P_PLAY:
            _bench(m)
        else:
            m.bench = None
    m.focus = _F_RACK
    app.dirty = D_ALL


def _bench(m):
    # a person's workbench (an autoplay AI in a person's seat, over the
    # cable, needs none: a copy of the table it would not touch)
    for t in m.g.racks[m.g.turn]:
        if t >= tiles.NCODES:
            # hidden hands: a drawn tile on its way ("?"): the bench comes once it is
            # open (rummy/linkplay_hidden.py answers the draw again)
            m.bench = None
            return
    from rummy.bench import Bench
    m.bench = Bench(m.g)
    m.cur = 0
    m.scroll = 0
    m.mi = 0
    m.j = 0
    m.top = 0
    m.err = 0
    m.bad = -1


def log(app, mid=None):
    """The match into the score log; mid: a linked match's id (the same on
    both consoles; both seats people, as a linked Burako match logs)."""
    m = app.rummy
    g = m.g
    seats = ""
    for p in range(g.n):
        seats += "A" if (m.seats >> p) & 1 and mid is None else "H"
    if mid is None:
        from link import entropy
        mid = entropy.random_bytes(8)
    rec = {"variant": "rummy", "seats": seats, "final": list(g.scores),
           "winner": g.winners[0] if len(g.winners) == 1 else None,
           "id": int.from_bytes(mid, "little")}
    link = app.link
    if link is not None:
        # this console's seat (the other console logs the same match from its
        # side) and the names the HELLOs carried, as ui/matchlog.py does for Burako
        rec["own_seats"] = [link.seat]
        nm = link.names
        if nm[0] or nm[1]:
            rec["names"] = [nm[1] or None, nm[1] or None]
            rec["names"][link.seat] = nm[0] or None
    import scorelog     # ~10 KB of heap: only at a match's end
    try:
        rec["hands"] = [list(h) for h in g.history[-scorelog.MAX_HANDS:]]
        scorelog.append(app.board.storage.path(scorelog.FILENAME), rec)
        m.logged = 1
        app.logged += 1
    except (OSError, ValueError):
        pass        # a full or failing flash must not stop the game
    drop(("scorelog",))     # it leaves with the record (docs/memory.md "score log")


# --- saving (the transcript is the save, appended: docs/memory.md "Rummy save appended") ---
def save(app):
    m = app.rummy
    try:
        with open(app.board.storage.path(SAVE), "a" if m.stored else "w") as f:
            if not m.stored:
                f.write("# seats %d level %d\n" % (m.seats, app.settings.level))
                f.write(rules.header(m.g))
            for ln in m.lines:
                f.write(ln)
        m.stored = 1
        m.lines = []
    except OSError:
        pass


def remove_save(app):
    try:
        import os
        os.remove(app.board.storage.path(SAVE))
    except OSError:
        pass


# --- moves ---------------------------------------------------------------------
def _play(app, mv):
    """Play mv for the seat to move (over the cable: send it); the reason
    code (0: played)."""
    m = app.rummy
    g = m.g
    seat = g.turn
    err = m.ln.send(app, mv) if m.ln is not None else g.play(mv)
    if err:
        return err
    if humans(m) and m.ln is None:
        m.lines.append(rules.line(seat, mv))
    after(app, seat, mv)
    return 0


def after(app, seat, mv):
    """The screen's answer to mv, already played by seat (here, or by the
    peer over the cable)."""
    m = app.rummy
    g = m.g
    k = mv[0]
    name = lang.t(lang.P) + gfx.NUMS[seat + 1] + " "
    if k == rules.DRAW:
        m.msg = name + tx(_X_DREW)
    elif k == rules.PASS:
        m.msg = name + tx(_X_PASSED)
    elif k == rules.PLAY:
        # the tiles laid: the new table's beyond the old one's
        m.msg = name + tx(_X_CLOSED if g.closer == seat else _X_PLAYED) + " " + str(_tiles(mv[1]) - m.nt) \
            + " " + tx(X_RACK_N)
    else:
        m.msg = ""
    m.nt = _tiles(g.table)
    m.msg_c = WHITE if (m.seats >> seat) & 1 else CURSOR
    m.err = 0
    if k != rules.DRAW or g.phase != rules.P_PLAY:
        if g.phase >= rules.P_HAND_OVER or g.turn != seat:
            if humans(m) and m.ln is None:
                save(app)
        enter(app)
    elif _human(m, seat) and not m.ais[seat]:
        if m.ln is None:
            save(app)       # the drawn tile stays drawn: saved before it is shown
        _bench(m)
        # the drawn tile is the last of the rack: show it
        m.cur = len(g.racks[seat]) - 1
        _fix_scroll(m)
    app.dirty = D_ALL


def _fix_scroll(m):
    n = len(m.bench.rack) if m.bench else len(m.g.racks[m.viewer])
    if m.cur >= n:
        m.cur = n - 1 if n else 0
    if m.cur < m.scroll:
        m.scroll = m.cur
    elif m.cur >= m.scroll + RACK_N:
        m.scroll = m.cur - RACK_N + 1
    if m.scroll and m.scroll + RACK_N > n:
        m.scroll = n - RACK_N if n > RACK_N else 0


def _fix_top(m, tall):
    n = _ROWS if tall else _S_ROWS
    if m.mi < m.top:
        m.top = m.mi
    elif m.mi >= m.top + n:
        m.top = m.mi - n + 1


def _status(m):
    """Why the bench cannot be played now (0: it can), and the meld at fault."""
    b = m.bench
    r, mi = b.status()
    m.err = r
    m.bad = mi
    return r


# --- keys ----------------------------------------------------------------------
def key(app, k, leave):
    """The keys of the play's modes (rummy/door.py hands the set-up's and M_LINK's to
    their modules); leave(app, keep): out of a linked match (rummy/door.py's)."""
    m = app.rummy
    if m.mode == _M_HANDOFF:
        if k & (keys.A | keys.PRESS):
            m.mode = M_PLAY
            app.dirty = D_ALL
    elif m.mode == M_HANDEND:
        if k & (keys.A | keys.PRESS):
            _play(app, (rules.NEXT, ()))
    elif m.mode == M_MATCHEND:
        if k & (keys.A | keys.PRESS | keys.B):
            _close(app)
    else:
        _key_play(app, m, k, leave)


def _key_play(app, m, k, leave):
    g = m.g
    if not _human(m, g.turn) or g.phase >= rules.P_HAND_OVER or m.ln is not None and not app.link.my_turn():
        return      # (over the cable: a hidden hand's drawn tile on its way is "?", the bench waits)
    if g.phase == rules.P_DRAW:
        if k & (keys.A | keys.PRESS):
            _play(app, (rules.DRAW, ()))
        return
    b = m.bench
    if m.focus == _F_MENU:
        if k & keys.UP:
            m.menu = (m.menu - 1) % len(MENU)
        elif k & keys.DOWN:
            m.menu = (m.menu + 1) % len(MENU)
        elif k & (keys.B | keys.X):
            m.focus = _F_RACK
        elif k & (keys.A | keys.PRESS):
            m.focus = _F_RACK
            _menu(app, m, m.menu, leave)
            return
        app.dirty = D_ALL
        return
    if k & keys.X:
        m.focus = _F_MENU
        m.menu = 0
        app.dirty = D_ALL
        return
    if k & keys.Y:
        if _status(m) == 0:
            _play(app, b.move())
        app.dirty |= D_MSG | D_TABLE
        return
    if m.focus == _F_RACK:
        if k & keys.LEFT and m.cur > 0:
            m.cur -= 1
        elif k & keys.RIGHT and m.cur + 1 < len(b.rack):
            m.cur += 1
        elif k & keys.UP:
            m.focus = _F_TABLE
            m.mi = len(b.melds)
            m.j = 0
            _fix_top(m, app.painter.lay.tall)
        elif k & (keys.A | keys.PRESS) and b.rack:
            b.pick_rack(m.cur)
        elif k & keys.B and b.held:
            b.put_back()
        _fix_scroll(m)
    else:
        n = len(b.melds)
        if k & keys.UP:
            if m.mi > 0:
                m.mi -= 1
        elif k & keys.DOWN:
            if m.mi < n:
                m.mi += 1
            else:
                m.focus = _F_RACK
        elif k & keys.LEFT:
            if m.j > 0:
                m.j -= 1
        elif k & keys.RIGHT:
            m.j += 1
        elif k & keys.A and b.held:
            b.put(m.mi, min(m.j, len(b.melds[m.mi]) if m.mi < n else 0))
            m.j = m.j + 1 if m.mi < n else 1
            # in table order as soon as its tiles make a meld (a joker's
            # identity is its place, R13.2): the cursor follows to the end
            if b.tidy(m.mi):
                m.j = len(b.melds[m.mi])
        elif k & (keys.A | keys.PRESS):
            # A with empty hands, or the press at any time, picks a table tile
            if m.mi < n and m.j < len(b.melds[m.mi]):
                b.pick_table(m.mi, m.j)
        elif k & keys.B:
            if b.held:
                b.put_back()
            else:
                m.focus = _F_RACK
        n = len(b.melds)
        if m.mi > n:
            m.mi = n
        lim = len(b.melds[m.mi]) if m.mi < n else 0
        if m.j > lim:
            m.j = lim
        _fix_top(m, app.painter.lay.tall)
    _status(m)
    app.dirty = D_ALL & ~D_TOP


def _menu(app, m, i, leave):
    g = m.g
    b = m.bench
    if i == 0:
        b.reset()
        m.cur = 0
        m.scroll = 0
        m.mi = 0
        m.j = 0
        m.top = 0
        _status(m)
    elif i == 1:
        _play(app, (rules.PASS, ()))
        return
    elif i == 2:
        r = sorted(b.rack, key=lambda t: (t % 13) * 4 + t // 13 if t != tiles.JOKER else 255)
        b.rack[:] = bytes(r)
    elif i == 3:
        b.pick_closing()
    elif i == 4:
        from rummy import solve
        p = g.turn
        s = solve.solve(g.table, g.racks[p], g.exposed[p], g.closing, solve.NODES, True, True)
        if s is None:
            m.msg = tx(_X_NO_HINT)
        else:
            # the tiles the suggestion lays
            c = bytearray(tiles.NCODES)
            for mm in s[0]:
                for t in mm:
                    c[t] += 1
            for mm in g.table:
                for t in mm:
                    c[t] -= 1
            out = bytearray()
            for t in range(tiles.NCODES):
                for _ in range(c[t]):
                    out.append(t)
            m.msg = tx(_X_HINT) + ": " + lang.tiles(tiles.list_text(out))
        m.msg_c = CURSOR
    elif m.ln is not None:
        leave(app, True)            # the linked match stays saved (rlink.sav)
        return
    else:
        save(app)
        _close(app)
        return
    _fix_scroll(m)
    app.dirty = D_ALL


# --- time ----------------------------------------------------------------------
def tick(app, now):
    m = app.rummy
    if m is None or m.g is None:
        return
    g = m.g
    if m.mode == M_HANDEND:
        # over the cable the seat to move deals the next hand
        if (app.autoplay or humans(m) == 0) and app.due(now) and (m.ln is None or m.ais[g.turn]):
            _play(app, (rules.NEXT, ()))
        return
    if m.mode != M_PLAY or g.phase >= rules.P_HAND_OVER:
        return
    ai = m.ais[g.turn]
    if ai is None or not app.due(now) or m.ln is not None and not app.link.my_turn():
        return      # (over the cable: not while a hidden hand's drawn tile is on its way)
    mv = m.mv
    if mv is None:
        mv = ai.choose(g)
        if m.ln is not None:
            # over the cable the move is played in the next frame: the
            # search's garbage and the move's (the link's, the redraw's)
            # would otherwise share one frame's heap
            m.mv = mv
            app.next_ai = now + 1
            return
    m.mv = None
    if _play(app, mv):
        _play(app, (rules.PASS, ()))      # never stall on an AI bug
    app.next_ai = now + app.ai_ms


def waiting(app):
    """True while nothing happens until a key is pressed."""
    m = app.rummy
    if m is not None and m.mode == M_LOAD:
        return False
    if m is None or m.g is None or m.mode == M_SETUP or m.mode == M_MATCHEND:
        return True
    if m.mode == M_HANDEND:
        return not (app.autoplay or humans(m) == 0)
    if m.mode == _M_HANDOFF:
        return True
    return _human(m, m.g.turn)


def state(app):
    """Plain data for ui/state.py."""
    m = app.rummy
    g = m.g
    out = {"mode": ("setup", "play", "handoff", "handend", "matchend", "load", "link")[m.mode],
           "players": m.players, "seats": m.seats, "hands": m.hands}
    if g is None:
        return out
    out.update({"phase": g.phase, "turn": g.turn, "hand": g.hand, "scores": list(g.scores),
                "history": [list(h) for h in g.history], "winners": list(g.winners),
                "table": rules.table_text(g.table), "stock": len(g.stock),
                "racks": [tiles.list_text(r) for r in g.racks], "msg": m.msg,
                "error": m.err, "error_text": reason(m.err) if m.err else ""})
    b = m.bench
    if b is not None:
        out["bench"] = {"table": rules.table_text([x for x in b.melds if x]),
                        "rack": tiles.list_text(b.rack), "held": tiles.list_text(b.held),
                        "focus": m.focus, "cursor": m.cur, "meld": m.mi, "pos": m.j}
    return out


# --- drawing -----------------------------------------------------------------------
def draw(app, dirty):
    m = app.rummy
    p = app.painter
    if m is None:
        return
    if m.mode == M_LOAD:
        p.fill(0, 0, p.w, p.h, FELT_DARK)
        p.text(0, 6, p.w, tx(X_TITLE), CURSOR, FELT_DARK, 1)
        return
    if m.mode == _M_HANDOFF:
        s = not p.lay.tall
        p.fill(0, 0, p.w, p.h, FELT_DARK)
        p.text(0, 24 if s else 60, p.w, lang.t(lang.HANDOFF), WHITE, FELT_DARK, 1)
        name = lang.t(lang.P) + gfx.NUMS[m.viewer + 1]
        p.big(120 - len(name) * 16, 50 if s else 90, name, CURSOR, 4)
        p.text(0, 100 if s else 140, p.w, lang.t(lang.SHOW_RACK), WHITE, FELT_DARK, 1 | gfx.CAPS)
        return
    if m.mode == M_HANDEND or m.mode == M_MATCHEND:
        _draw_end(app, m, p)
        return
    _draw_play(app, m, p, dirty)


def _draw_top(app, m, p):
    g = m.g
    me = _human(m, g.turn) and g.turn == m.viewer and g.phase < rules.P_HAND_OVER
    bg = TURN if me else BAR
    p.fill(0, 0, p.w, 12, bg)
    x = 2
    for s in range(g.n):
        t = lang.t(lang.P) + gfx.NUMS[s + 1] + " " + str(g.scores[s])
        c = CURSOR if s == m.viewer else WHITE
        if s == g.turn:
            c = PURE if s != m.viewer else CURSOR
        p.text(x, 1, len(t) * 8, t, c, bg)
        x += len(t) * 8 + 6
    # the stock's count, named where it fits (4 players' scores may leave room only for it)
    t = str(len(g.stock))
    if x + (len(t) + 6) * 8 <= 238:
        t = lang.t(lang.STOCK) + " " + t
    p.text(238 - len(t) * 8, 1, len(t) * 8, t, DIM, bg)


def _draw_play(app, m, p, dirty):
    g = m.g
    b = m.bench
    if dirty & D_TOP:
        _draw_top(app, m, p)
    melds = b.melds if b is not None else g.table
    held = b.held if b is not None else b""
    rack = b.rack if b is not None else g.racks[m.viewer]
    closing = b.closing if b is not None else g.closing
    tfocus = b is not None and m.focus == _F_TABLE
    s = not p.lay.tall
    rows = _S_ROWS if s else _ROWS
    rh = _S_ROW_H if s else _ROW_H
    yh = _S_HELD if s else _Y_HELD
    yr = _S_RACK if s else Y_RACK
    if dirty & D_TABLE:
        p.fill(0, _Y_TABLE - 2, p.w, rows * rh + 2, FELT)
        n = len(melds)
        for r in range(rows):
            i = m.top + r
            y = _Y_TABLE + r * rh
            if i > n or (i == n and b is None):
                break
            on = tfocus and i == m.mi
            if i == n:
                p.text(_X_MELD, y + 2, 200, "+ " + tx(X_NEW_MELD), CURSOR if on else DIM, FELT)
                if on:
                    _put_mark(p, _X_MELD - 4, y, held)
                continue
            mm = melds[i]
            if mm and rules.check_meld(mm):
                p.fill(2, y, 4, MH, ERR)        # a broken meld: a red bar
            elif on:
                p.fill(2, y, 4, MH, CURSOR)
            x = _X_MELD
            for j in range(len(mm)):
                if x > p.w - MW:
                    break
                if on and j == m.j:
                    _put_mark(p, x - 2, y, held)
                p.small(x, y, mm[j], 0)
                x += MW
            if on and m.j >= len(mm):
                _put_mark(p, x - 1, y, held)
        if m.top:
            p.text(224, _Y_TABLE, 16, "^", DIM, FELT)
        if m.top + rows <= n:
            p.text(224, _Y_TABLE + (rows - 1) * rh, 16, "v", DIM, FELT)
    if dirty & D_RACK:
        p.fill(0, yh - 2, p.w, (_S_MSG if s else Y_MSG) - yh + 2, FELT_DARK)
        t = tx(X_HELD)
        p.text(2, yh + 2, len(t) * 8, t, DIM, FELT_DARK)
        x = 4 + len(t) * 8
        for j in range(len(held)):
            if x > 130 - MW:
                break
            p.small(x, yh, held[j], gfx.WILD if j == len(held) - 1 else 0)
            x += MW
        if closing != rules.NO_TILE:
            p.text(196, yh + 2, 24, "C:", GREY, FELT_DARK)
            p.small(218, yh, closing, 0)
        rfocus = b is not None and m.focus == _F_RACK
        for s in range(RACK_N):
            i = m.scroll + s
            x = 2 + s * (TW + 1)
            if i >= len(rack):
                break
            p.tile(x, yr, rack[i], gfx.CUR if rfocus and i == m.cur else 0, FELT_DARK)
        # tiles scrolled out of view, on either side: a bar at that edge
        if m.scroll:
            p.fill(0, yr, 2, TH, CURSOR)
        if m.scroll + RACK_N < len(rack):
            p.fill(237, yr, 2, TH, CURSOR)
    if dirty & (D_MSG | D_HINT | D_TABLE | D_RACK):
        _draw_msg(app, m, p)        # its line ends with the rack's tile count
    # last: on the 1.14 the menu lies over the held tray and the rack
    if dirty & D_TABLE and m.focus == _F_MENU and b is not None:
        _draw_menu(p, m)


def _put_mark(p, x, y, held):
    # where A puts the held tile (or which tile A picks)
    p.fill(x, y - 1, 2, MH + 2, CURSOR if held else WHITE)


def _draw_menu(p, m):
    d = 14 if p.lay.tall else 12       # the 1.14's menu ends above the message line
    p.fill(40, _Y_TABLE + 8, 160, len(MENU) * d + 8, BAR)
    for i in range(len(MENU)):
        on = i == m.menu
        bg = HILITE if on else BAR
        p.text(44, _Y_TABLE + 12 + i * d, 152, tx(X_UNDO + i), CURSOR if on else WHITE, bg)


def _draw_msg(app, m, p):
    g = m.g
    b = m.bench
    big = p.lay.tall
    ym = Y_MSG if big else _S_MSG
    yi = p.h - 20          # the hints (Y_HINT on the 1.3)
    if b is not None and m.err and m.err != rules.TILES_HELD:
        s = reason(m.err)
        if m.bad >= 0:
            s = "#" + str(m.bad + 1) + " " + s
        c = ERR
    elif b is not None and m.err == 0 and (b.held or len(b.rack) != len(g.racks[g.turn]) or
                                        len(b.laid())):
        s = tx(_X_READY)
        if app.no_y:
            from ui.keynames import name    # "Y:" is A held there
            s = name(s)
        c = PURE
    else:
        s = m.msg
        c = m.msg_c
    if b is not None and not g.exposed[g.turn]:
        # R13.6: the first exposure's points, counted while building it
        pts = 0
        for mm in b.melds:
            if mm and not rules.check_meld(mm):
                pts += rules.meld_points(mm)
        for mm in g.table:
            pts -= rules.meld_points(mm)
        s2 = str(pts if pts > 0 else 0) + "/30"
        p.text(132, (_Y_HELD if big else _S_HELD) + 2, 56, s2, PURE if pts >= 30 else DIM, FELT_DARK, 2)
    # the rack's tile count at the message line's end (under the rack it was drawn over)
    t = str(len(b.rack) if b is not None else len(g.racks[m.viewer]))
    w = len(t) * 8 + 4
    p.text(0, ym, p.w - w, s, c, FELT_DARK)
    p.text(p.w - w, ym, w, t, DIM, FELT_DARK, 2)
    # the rows between the message and the hints: the set-up's pixels stayed there
    p.fill(0, ym + 10, p.w, yi - ym - 10, FELT_DARK)
    if not _human(m, g.turn):
        a = tx(_X_H_WAIT if m.ln is None else X_H_PEER)
        h = ""
    elif g.phase == rules.P_DRAW:
        a = tx(_X_H_DRAW)
        h = ""
    elif m.focus == _F_MENU:
        a = tx(_X_H_MENU)
        h = ""
    else:
        a = tx(_X_H_RACK if m.focus == _F_RACK else _X_H_TABLE)
        h = "X:" + tx(X_UNDO) + "/" + tx(_X_PASS)
    if app.no_y:
        # no X or Y keys (Pico-LCD-1.14): the texts name B held and A held
        from ui.keynames import name
        a = name(a)
        h = name(h)
    p.text(0, yi, p.w, a, DIM, BAR, gfx.CAPS)
    p.text(0, yi + 10, p.w, h, DIM, BAR, gfx.CAPS)


def _draw_end(app, m, p):
    g = m.g
    big = p.lay.tall
    p.fill(0, 0, p.w, p.h, FELT_DARK)
    over = m.mode == M_MATCHEND
    p.text(0, 8, p.w, tx(_X_MATCH_END if over else _X_HAND_END), CURSOR, FELT_DARK, 1)
    if g.hidden == 2:
        # hidden hands: counted once both keys are checked (rummy/linkplay_hidden.py's line)
        p.text(0, 60, p.w, m.msg, WHITE, FELT_DARK, 1)
        return
    last = g.history[-1] if g.history else [0] * g.n
    y = 34
    for s in range(g.n):
        t = lang.t(lang.P) + gfx.NUMS[s + 1]
        c = CURSOR if s in g.winners or (not over and g.closer == s) else WHITE
        p.text(8, y, 40, t, c, FELT_DARK)
        p.text(48, y, 80, str(len(g.racks[s])) + " " + tx(X_RACK_N), DIM, FELT_DARK)
        p.text(128, y, 48, "+" + str(last[s]), WHITE, FELT_DARK, 2)
        p.text(180, y, 52, str(g.scores[s]), c, FELT_DARK, 2)
        y += 16
    if over:
        w = ""
        for s in g.winners:
            w += lang.t(lang.P) + gfx.NUMS[s + 1] + " "
        p.text(0, y + (16 if big else 4), p.w, w + tx(_X_WINS), CURSOR, FELT_DARK, 1)
    else:
        t = lang.t(lang.P) + gfx.NUMS[g.closer + 1] + " " + tx(_X_CLOSED) if g.closer >= 0 else tx(_X_BLOCKED)
        p.text(0, y + (16 if big else 4), p.w, t, WHITE, FELT_DARK, 1)
    # over the cable the seat to move deals the next hand
    a = _X_H_NEXT if over or m.ln is None or _human(m, g.turn) else X_H_PEER
    p.text(0, p.h - 15, p.w, tx(a), DIM, FELT_DARK, 1 | gfx.CAPS)
