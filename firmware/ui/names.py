# A seat's player name: three letters A-Z entered arcade style, or one of the names this
# console remembers (names.txt, the most recent first, at most KEEP). The set-up opens a
# NameEditor on a person's seat and draws it in its own rows.
#
# The list: "New name", the recent names, "No name". A on "New name" opens the three letters
# (UP/DOWN change the letter, LEFT/RIGHT move, A confirms, B back to the list).
from micropython import const
from hal import keys
from ui import lang
from ui.common import pname, hint
from ui.gfx import FELT_DARK, WHITE, CURSOR, HILITE

FILE = "names.txt"
KEEP = const(8)
LEN = const(3)


def load(storage):
    """The remembered names, most recent first (a damaged line is skipped)."""
    out = []
    try:
        with open(storage.path(FILE)) as file:
            for line in file:
                line = line.strip()
                if len(line) == LEN and line.isalpha() and line.isupper() and line not in out:
                    out.append(line)
    except OSError:
        pass
    return out[:KEEP]


def remember(storage, name, names):
    """names with `name` first, written to names.txt (a full flash keeps the old list)."""
    out = [name]
    for other in names:
        if other != name and len(out) < KEEP:
            out.append(other)
    try:
        with open(storage.path(FILE), "w") as file:
            file.write("\n".join(out) + "\n")
    except OSError:
        pass
    return out


class NameEditor:
    """The name of `seat` (app.settings.names) being chosen: the row of the list (0 new name,
    1..len(recent) a recent name, then no name), whether the three letters are being entered,
    the letters and the one UP/DOWN change."""

    def __init__(self, app, seat):
        self.app = app
        self.seat = seat
        self.recent = load(app.board.storage)
        current = app.settings.names[seat]
        self.row = 0
        for i in range(len(self.recent)):
            if self.recent[i] == current:
                self.row = i + 1
        self.edit = False
        self.pos = 0
        self.letters = bytearray(current.encode() if current else b"AAA")

    def pick(self, name):
        app = self.app
        app.settings.names[self.seat] = name
        if name:
            self.recent = remember(app.board.storage, name, self.recent)

    def key(self, key):
        """A key while the editor is open; True when it closes (back to the set-up rows)."""
        if self.edit:
            if key & keys.B:
                self.edit = False
            elif key & (keys.UP | keys.DOWN):
                letter = self.letters[self.pos] - 65 + (1 if key & keys.DOWN else -1)
                self.letters[self.pos] = 65 + letter % 26
            elif key & (keys.LEFT | keys.RIGHT):
                self.pos = min(LEN - 1, max(0, self.pos + (1 if key & keys.RIGHT else -1)))
            elif key & (keys.A | keys.PRESS):
                self.pick(bytes(self.letters).decode())
                return True
            return False
        count = len(self.recent) + 2
        if key & keys.B:
            return True
        if key & keys.UP:
            self.row = (self.row - 1) % count
        elif key & keys.DOWN:
            self.row = (self.row + 1) % count
        elif key & (keys.A | keys.PRESS):
            if self.row == 0:
                self.edit = True
                self.pos = 0
            else:
                self.pick(self.recent[self.row - 1] if self.row <= len(self.recent) else None)
                return True
        return False

    def draw(self, rows):
        """The editor in the set-up's rows (burako/setup.py ROWS, this glass's)."""
        y_head, y0, dy, pad, fh = rows
        painter = self.app.painter
        recent = self.recent
        painter.fill(0, 0, painter.w, painter.h, FELT_DARK)
        painter.text(0, y_head, painter.w, lang.t(lang.NAME_OF) + pname(self.seat), CURSOR, FELT_DARK, 1)
        hint(painter, lang.H_NAME if self.edit else lang.H_MENU, -1)
        count = len(recent) + 2
        top = self.row - 8 if self.row > 8 else 0        # nine rows on the glass, as the set-up's
        for i in range(top, min(count, top + 9)):
            y = y0 + (i - top) * dy
            on = i == self.row
            bg = HILITE if on else FELT_DARK
            painter.fill(4, y - pad, 232, fh, bg)
            if i == 0:
                if self.edit:
                    # the three letters centred two columns apart, the one UP/DOWN change
                    # underlined (band widths the set-up already uses: the Painter keeps one
                    # buffer per width)
                    letters = self.letters
                    painter.text(4, y, 232, chr(letters[0]) + "  " + chr(letters[1]) + "  " + chr(letters[2]), CURSOR, bg, 1)
                    painter.fill(92 + 24 * self.pos, y + 10, 8, 1, WHITE)
                else:
                    painter.text(8, y, 110, lang.t(lang.NEW_NAME), CURSOR if on else WHITE, bg)
            elif i <= len(recent):
                painter.text(8, y, 110, recent[i - 1], CURSOR if on else WHITE, bg)
            else:
                painter.text(8, y, 110, lang.t(lang.NO_NAME), CURSOR if on else WHITE, bg)
