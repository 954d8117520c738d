# Rummy israelí's set-up: players, each seat a person or the AI (J2 with two players also over
# the link cable, with hidden hands where the firmware deals them, or the open deal), the AI's
# level, the hands of a match; Start, and Continue when rummy.sav holds a match. The choices
# are the console's (app.settings.rummy: players, AI seats, hands, J2 over the cable).
from micropython import const
from rummy import rules
from rummy import text
from rummy.text import tx
from hal import keys
from ui import gfx
from ui import lang
from ui.screen import Screen
from ui.gfx import FELT_DARK, WHITE, CURSOR, DIM, HILITE

LEVELS = const(3)          # rummy/ai.py's levels
# the J2 row with 2 players: AI, human, over the cable with hidden hands (where the firmware
# can deal them: link/__init__.py hidden_ok(); the default, docs/link.md), over the cable with the
# open deal (A and RIGHT go this way)
CYCLE = (1, 0, 3, 2)
CYCLE_OPEN = (1, 0, 2)      # (where the firmware cannot)

# per glass (short, tall: ui/gfx.py Layout): up to 9 rows between the title and the hint: the
# title's row, the first row, the step, a row's band above its text and its height, the hint's
# line from the bottom
ROWS = ((2, 16, 12, 1, 12, 11), (6, 26, 20, 2, 14, 15))


def exists(storage):
    try:
        import os
        os.stat(storage.path(text.SAVE))
        return True
    except OSError:
        return False


class Setup(Screen):
    """The set-up's rows; saved: Continue offered (rummy.sav exists)."""

    name = "rummy"
    mode = "setup"

    def __init__(self, app, saved=None):
        super().__init__(app)
        self.row = 0
        self.saved = int(exists(app.board.storage) if saved is None else saved)

    def key(self, key):
        app = self.app
        settings = app.settings
        choice = settings.rummy            # players, AI seats, hands, J2 over the cable
        players = choice[0]
        count = 4 + players + self.saved    # players, seats, level, hands, start, continue
        if key & keys.B:
            from ui.title import Title
            app.show(Title(app))
            return
        if key & keys.UP:
            self.row = (self.row - 1) % count
        elif key & keys.DOWN:
            self.row = (self.row + 1) % count
        elif key & (keys.A | keys.LEFT | keys.RIGHT | keys.PRESS):
            step = -1 if key & keys.LEFT else 1
            row = self.row
            if self.saved and row == count - 1:
                if key & (keys.A | keys.PRESS) and not self.resume():
                    self.saved = 0
                    self.row = 0
                    app.redraw()
                return
            if row == count - 1 - self.saved:
                if key & (keys.A | keys.PRESS):
                    from rummy.game import GAME, new_match
                    if choice[3] and players == 2:
                        from ui.cable import Cable
                        Cable.open(app, GAME)
                    else:
                        new_match(app)
                return
            if row == 0:
                choice[0] = (players - 2 + step) % 3 + 2
            elif row == 2 and players == 2:
                # J2: the AI, a person here, a person over the link cable (1v1), with hidden hands
                mode = 2 + settings.hidden if choice[3] else (choice[1] >> 1) & 1
                from link import hidden_ok
                order = CYCLE if hidden_ok() else CYCLE_OPEN
                mode = order[(order.index(mode) + step) % len(order)]
                choice[3] = mode >> 1
                if choice[3]:
                    settings.hidden = mode == 3           # (the deal chosen stays for the next time)
                choice[1] = (choice[1] & 1) | (mode & 1) << 1
            elif row <= players:
                choice[1] ^= 1 << (row - 1)
            elif row == players + 1:
                settings.level = (settings.level - 1 + step) % LEVELS + 1
            else:
                choice[2] = (choice[2] - 1 + step) % 8 + 1
            choice[1] &= (1 << choice[0]) - 1
            if choice[0] != 2:
                choice[3] = 0
            if self.row >= 4 + choice[0] + self.saved:
                self.row = 0
        app.redraw()

    def resume(self):
        """Continue the saved match: its moves replayed a few a frame; False when there is no
        save (a bad one shows at the end of its replay: the set-up again)."""
        from rummy.ends import Loading
        try:
            file = open(self.app.board.storage.path(text.SAVE))
        except OSError:
            return False
        self.app.show(Loading(self.app, replaying(file)))
        return True

    def draw(self, dirty):
        app = self.app
        painter = app.painter
        choice = app.settings.rummy
        players = choice[0]
        y_head, y0, dy, pad, fh, up = ROWS[painter.lay.tall]
        painter.fill(0, 0, painter.w, painter.h, FELT_DARK)
        painter.text(0, y_head, painter.w, tx(text.TITLE), CURSOR, FELT_DARK, 1)
        count = 4 + players + self.saved
        for i in range(count):
            y = y0 + i * dy
            on = i == self.row
            bg = HILITE if on else FELT_DARK
            painter.fill(4, y - pad, 232, fh, bg)
            if i >= count - 1 - self.saved:
                action = tx(text.START) if i == count - 1 - self.saved else lang.t(lang.CONTINUE)
                painter.text(4, y, 232, "> " + action + " <", CURSOR if on else WHITE, bg, 1)
                continue
            if i == 0:
                label = tx(text.PLAYERS)
                value = gfx.NUMS[players]
            elif i <= players:
                label = lang.t(lang.PLAYER) + gfx.NUMS[i]
                value = lang.t(lang.AI) if (choice[1] >> (i - 1)) & 1 else lang.t(lang.HUMAN)
                if i == 2 and choice[3]:
                    value = lang.tx(text.T_HIDDEN) if app.settings.hidden else tx(text.CABLE)
            elif i == players + 1:
                label = lang.t(lang.LEVEL)
                value = gfx.NUMS[app.settings.level]
            else:
                label = tx(text.HANDS)
                value = gfx.NUMS[choice[2]]
            painter.text(8, y, 110, label, WHITE, bg)
            painter.text(118, y, 114, "< " + value + " >", CURSOR if on else WHITE, bg, 2)
        # what A does on the row under the cursor: change a value, or start on Start / Continue
        hint = lang.t(lang.H_SETUP2) if self.row >= count - 1 - self.saved else tx(text.H_SETUP)
        painter.text(0, painter.h - up, painter.w, hint, DIM, FELT_DARK, 1 | gfx.CAPS)


def replaying(file):
    # the save's head line, then the transcript a move at a time; yields None, then
    # (game, seats, level, error)
    with file:
        try:
            words = file.readline().split()
            seats = int(words[2])
            level = int(words[4])
        except (IndexError, ValueError):
            yield None, 0, 0, "bad head"
            return
        for step in rules.replaying(file):
            if step is None:
                yield None
            else:
                yield step[0], seats, level, step[1]
