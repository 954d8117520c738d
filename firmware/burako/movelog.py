# The hand's log of moves (the table's menu, "Log of this hand"): every move of the hand in
# Play.move_text's words, newest first, the AI's, the peer's over the cable and ours. The engine's
# Game keeps no move list, so the table keeps one here, compactly: per move a header byte
# 0x80 | seat << 4 | kind, then the tiles its text names (a meld's, an addition's, a swap's, the
# discard; tile codes are below 64, so a header is the only byte with bit 7 set). One bytearray
# of CAP bytes, made at the hand's first move and kept by the console's one table for every
# match (burako/table.py); when it is full the oldest moves go. A draw names no tile, so a
# hidden hand's tiles never get here.
# Here too: what the table does with it (note() for each move, the log's keys and drawing), so
# that the table's class stays as small as it was (its methods are made in the heap, frozen or not).
from micropython import const
from engine import game
from hal import keys
from ui import lang
from ui import screen as regions
from ui.gfx import FELT_DARK, WHITE, CURSOR, GREY

CAP = const(192)        # ~60 moves of a hand (2-3 bytes each): a hand's last few turns at least
LINE = const(27)        # characters on a line, a column kept on the right for ^ and v


class MoveLog:
    def __init__(self):
        self.buf = bytearray(CAP)
        self.n = 0      # bytes in use

    def clear(self):
        self.n = 0

    def add(self, seat, kind, ts):
        """Seat `seat` played a move of `kind` naming tiles `ts` (b"": none)."""
        buf = self.buf
        need = 1 + len(ts)
        while self.n + need > CAP:
            self.drop()
        n = self.n
        buf[n] = 0x80 | seat << 4 | kind
        for i in range(len(ts)):
            buf[n + 1 + i] = ts[i]
        self.n = n + need

    def drop(self):
        """The oldest move goes: the bytes after it move to the front."""
        buf = self.buf
        n = self.n
        k = 1
        while k < n and not buf[k] & 0x80:
            k += 1
        for i in range(k, n):
            buf[i - k] = buf[i]
        self.n = n - k

    def count(self):
        c = 0
        buf = self.buf
        for i in range(self.n):
            if buf[i] & 0x80:
                c += 1
        return c

    def text(self, play, back):
        """The move `back` moves before the newest (0: the newest) in Play.move_text's words,
        and whether a person here played it; None past the oldest kept."""
        buf = self.buf
        end = self.n
        i = end - 1
        while i >= 0:
            if buf[i] & 0x80:
                if not back:
                    seat = (buf[i] >> 4) & 3
                    mv = (buf[i] & 15, 0, bytes(buf[i + 1:end]), 0)
                    return play.move_text(seat, mv), play.human(seat) and play.ais[seat] is None
                back -= 1
                end = i
            i -= 1
        return None

    def texts(self, play):
        """Every move kept, newest first (ui/state.py, tests)."""
        out = []
        while True:
            line = self.text(play, len(out))
            if line is None:
                return out
            out.append(line[0])


def note(table, seat, mv):
    """Play.after: `seat` played mv (here, by the AI or the peer). It goes into the hand's log; a
    meld the AI or the peer laid or added to is marked (table.fresh), and the meld list turns to
    its side (the rack in focus) so that it is seen landing; a person's move here clears the
    marks and turns the list back to the viewer's side. A new hand empties both."""
    play = table.play
    kind = mv[0]
    if kind > game.CLOSE:
        if kind == game.NEXT:
            if table.log is not None:
                table.log.clear()
            table.fresh = 0
        return
    if table.log is None:
        table.log = MoveLog()
    table.log.add(seat, kind, mv[2] if game.MELD <= kind <= game.DISCARD else b"")
    if (play.ai_seats >> seat) & 1:
        if game.MELD <= kind <= game.SWAP:
            side = game.side_of(seat)
            i = len(play.game.melds[side]) - 1 if kind == game.MELD else mv[1]
            if i < 15:
                table.fresh |= 1 << (side * 15 + i)
            if table.focus == 0:        # (burako/table.py RACK)
                rows = table.app.painter.lay.MROWS
                table.meld_side = side ^ game.side_of(play.viewer)
                table.meld_top = i - rows + 1 if i >= rows else 0
    elif table.fresh:
        table.fresh = 0
        if table.focus == 0:
            table.meld_side = 0
            table.meld_top = 0
        table.app.dirty |= regions.MELDS


def key(table, k):
    """The log shown (burako/table.py LOG_FOCUS): Up/Down scroll it (newest first), any other key
    goes back to the rack."""
    if k & (keys.UP | keys.DOWN):
        log = table.log
        top = table.top + (1 if k & keys.DOWN else -1)
        if 0 <= top < (log.count() if log is not None else 0):
            table.top = top
            table.app.dirty |= regions.MELDS
        return
    if k:
        table.set_focus(0)


def draw(table):
    """The log in the meld region (over the middle of a short glass): its title and the count of
    moves, then the moves from the table.top-th newest on, a long one over two lines; ^ and v
    say that more lie above or below."""
    p = table.app.painter
    layout = p.lay
    log = table.log
    play = table.play
    top = table.top
    y0 = layout.Y_MENU
    y1 = layout.Y_MSG if layout.Y_MENU == 44 else layout.Y_HINT     # (burako/table.py Y_MHEAD)
    p.fill(0, y0, p.w, y1 - y0, FELT_DARK)
    n = log.count() if log is not None else 0
    p.text(4, y0 + 2, 200, lang.t(lang.M_LOG) + " (" + str(n) + ")", CURSOR, FELT_DARK)
    if top:
        p.text(228, y0 + 2, 9, "^", CURSOR, FELT_DARK)
    y = y0 + 14
    if not n:
        p.text(4, y, 200, lang.t(lang.NO_MOVES), GREY, FELT_DARK)
        return
    k = top
    s = ""
    while y + 10 <= y1:
        line = log.text(play, k)
        if line is None:
            return
        k += 1
        s, ours = line
        colour = CURSOR if ours else WHITE
        while s and y + 10 <= y1:
            cut = len(s)
            if cut > LINE:
                cut = s.rfind(" ", 0, LINE + 1)
                if cut <= 0:
                    cut = LINE
            p.text(4, y, LINE * 8, s[:cut], colour, FELT_DARK)
            s = s[cut:].strip()
            if s:
                s = "  " + s        # (a long meld's second line, indented)
            y += 10
    if k < n or s:
        p.text(228, y1 - 10, 9, "v", CURSOR, FELT_DARK)
