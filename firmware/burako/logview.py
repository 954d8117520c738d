# The hand's log shown (the table's menu, "Log of this hand", burako/table.py LOG_FOCUS): its
# moves in Play.move_text's words, newest first, read from table.log (burako/movelog.py's format),
# its keys and its drawing in the meld region (over the middle of a short glass). Loaded only
# when the log is opened.
from micropython import const
from hal import keys
from ui import lang
from ui import screen as regions
from ui.gfx import FELT_DARK, WHITE, CURSOR, GREY

LINE = const(27)        # characters on a line, a column kept on the right for ^ and v


def count(log):
    c = 0
    if log is not None:
        for i in range(1, log[0] + 1):
            if log[i] & 0x80:
                c += 1
    return c


def text(log, play, back):
    """The move `back` moves before the newest (0: the newest) in Play.move_text's words, and
    whether a person here played it; None past the oldest kept."""
    if log is None:
        return None
    end = log[0] + 1
    i = end - 1
    while i >= 1:
        if log[i] & 0x80:
            if not back:
                seat = (log[i] >> 4) & 3
                mv = (log[i] & 15, 0, bytes(log[i + 1:end]), 0)
                return play.move_text(seat, mv), play.human(seat)
            back -= 1
            end = i
        i -= 1
    return None


def texts(log, play):
    """Every move kept, newest first (ui/state.py, tests)."""
    out = []
    while True:
        line = text(log, play, len(out))
        if line is None:
            return out
        out.append(line[0])


def key(table, k):
    """Up/Down scroll the log (newest first), any other key goes back to the rack."""
    if k & (keys.UP | keys.DOWN):
        top = table.top + (1 if k & keys.DOWN else -1)
        if 0 <= top < count(table.log):
            table.top = top
            table.app.dirty |= regions.MELDS
        return
    if k:
        table.set_focus(0)      # (burako/table.py RACK)


def draw(table):
    """The log's title and count of moves, then the moves from the table.top-th newest on, a long
    one over two lines; ^ and v say that more lie above or below."""
    p = table.app.painter
    layout = p.lay
    log = table.log
    play = table.play
    top = table.top
    y0 = layout.Y_MENU
    y1 = layout.Y_MSG if layout.Y_MENU == 44 else layout.Y_HINT     # (burako/table.py Y_MHEAD)
    p.fill(0, y0, p.w, y1 - y0, FELT_DARK)
    n = count(log)
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
        line = text(log, play, k)
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
