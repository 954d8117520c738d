# A seat's player name: three letters A-Z entered arcade style, or one of the
# names this console remembers (names.txt, the most recent first, at most KEEP). Imported by
# the set-up screen only while its editor is open, and dropped when it closes: nothing of it
# is on the heap while a match is played.
#
# The list: "New name", the recent names, "No name". A on "New name" opens the three
# letters (UP/DOWN change the letter, LEFT/RIGHT move, A confirms, B back to the list).
from micropython import const
from hal import keys
from ui import lang
from ui.common import pname, hint
from ui.gfx import FELT_DARK, WHITE, CURSOR, HILITE

FILE = "names.txt"
KEEP = const(8)
LEN = const(3)

seat = 0
row = 0             # 0 new name, 1..len(recent) a recent name, then no name
recent = []
edit = False        # the three letters are being entered
buf = bytearray(b"AAA")
pos = 0


def load(storage):
    """The remembered names, most recent first (a damaged line is skipped)."""
    out = []
    try:
        with open(storage.path(FILE)) as f:
            for ln in f:
                ln = ln.strip()
                if len(ln) == LEN and ln.isalpha() and ln.isupper() and ln not in out:
                    out.append(ln)
    except OSError:
        pass
    return out[:KEEP]


def remember(storage, name, names):
    """names with `name` first, written to names.txt (a full flash keeps the old list)."""
    out = [name]
    for n in names:
        if n != name and len(out) < KEEP:
            out.append(n)
    try:
        with open(storage.path(FILE), "w") as f:
            f.write("\n".join(out) + "\n")
    except OSError:
        pass
    return out


def start(app, s):
    global seat, row, recent, edit, pos
    seat = s
    recent = load(app.board.storage)
    cur = app.settings.names[s]
    row = 0
    for i in range(len(recent)):
        if recent[i] == cur:
            row = i + 1
    edit = False
    pos = 0
    b = cur.encode() if cur else b"AAA"
    for i in range(LEN):
        buf[i] = b[i]


def _pick(app, name):
    global recent
    app.settings.names[seat] = name
    if name:
        recent = remember(app.board.storage, name, recent)


def key(app, k):
    """A key while the editor is open; True when it closes (back to the set-up rows)."""
    global row, edit, pos
    if edit:
        if k & keys.B:
            edit = False
        elif k & (keys.UP | keys.DOWN):
            c = buf[pos] - 65 + (1 if k & keys.DOWN else -1)
            buf[pos] = 65 + c % 26
        elif k & (keys.LEFT | keys.RIGHT):
            pos = min(LEN - 1, max(0, pos + (1 if k & keys.RIGHT else -1)))
        elif k & (keys.A | keys.PRESS):
            _pick(app, bytes(buf).decode())
            return True
        return False
    n = len(recent) + 2
    if k & keys.B:
        return True
    if k & keys.UP:
        row = (row - 1) % n
    elif k & keys.DOWN:
        row = (row + 1) % n
    elif k & (keys.A | keys.PRESS):
        if row == 0:
            edit = True
            pos = 0
        else:
            _pick(app, recent[row - 1] if row <= len(recent) else None)
            return True
    return False


def draw(app, geometry):
    """The editor in the set-up's rows (ui/screen_setup.py GEOMETRY, this glass's)."""
    y_head, y0, dy, pad, fh = geometry
    p = app.painter
    p.fill(0, 0, p.w, p.h, FELT_DARK)
    p.text(0, y_head, p.w, lang.t(lang.NAME_OF) + pname(seat), CURSOR, FELT_DARK, 1)
    hint(p, lang.H_NAME if edit else lang.H_MENU, -1)
    n = len(recent) + 2
    top = row - 8 if row > 8 else 0        # nine rows on the glass, as the set-up's
    for i in range(top, min(n, top + 9)):
        y = y0 + (i - top) * dy
        on = i == row
        bg = HILITE if on else FELT_DARK
        p.fill(4, y - pad, 232, fh, bg)
        if i == 0:
            if edit:
                # the three letters centred two columns apart, the one UP/DOWN change
                # underlined (band widths the set-up already uses: the Painter keeps one
                # buffer per width)
                b = buf
                p.text(4, y, 232, chr(b[0]) + "  " + chr(b[1]) + "  " + chr(b[2]), CURSOR, bg, 1)
                p.fill(92 + 24 * pos, y + 10, 8, 1, WHITE)
            else:
                p.text(8, y, 110, lang.t(lang.NEW_NAME), CURSOR if on else WHITE, bg)
        elif i <= len(recent):
            p.text(8, y, 110, recent[i - 1], CURSOR if on else WHITE, bg)
        else:
            p.text(8, y, 110, lang.t(lang.NO_NAME), CURSOR if on else WHITE, bg)
