# New game: variant, players, each seat human or AI, AI level, target score (burraco: or a
# tournament round of 1..4 hands, seed 001's MP/VP at its end). A person's seat can carry a
# name: the press (or X) on its row opens a NameEditor (ui/names.py).
from micropython import const
from engine import rules
from hal import keys
from ui import gfx
from ui import lang
from ui import screen as regions
from ui.screen import Screen
from ui.common import pname, hint
from ui.gfx import FELT_DARK, WHITE, CURSOR, HILITE
from ai import LEVELS

# rows
VARIANT = const(0)
PLAYERS = const(1)
SEAT = const(2)        # SEAT + p for seat p
LEVEL = const(6)
TARGET = const(7)
START = const(8)
TARGETS = (1000, 1500, 2000, 3000, 5000)
ROUNDS = const(4)      # burraco: after the targets, rounds of 1..ROUNDS hands

# per glass (short, tall: ui/gfx.py Layout): nine rows between the heading and the hints, for
# the set-up and the name editor (ui/names.py): the heading's row, the first row, the step, a
# row's band above its text and the band's height
ROWS = ((1, 13, 11, 0, 11), (6, 26, 20, 2, 14))


def targets(variant):
    """The targets the set-up cycles through: TARGETS with the variant's own default in its
    place (burraco's 2005 is none of them, and once changed could not be chosen again)."""
    default = variant.target
    if default in TARGETS:
        return TARGETS
    out = [target for target in TARGETS if target < default]
    out.append(default)
    return out + [target for target in TARGETS if target > default]


class Setup(Screen):
    """The set-up's rows; the choices are the console's settings (kept for the next match)."""

    name = "setup"

    def __init__(self, app):
        super().__init__(app)
        self.row = 0
        self.editor = None

    def rows(self):
        settings = self.app.settings
        players = settings.players if settings.players in rules.VARIANTS[settings.variant].players else 2
        out = bytearray((VARIANT, PLAYERS))
        for seat in range(players):
            out.append(SEAT + seat)
        out.append(LEVEL)
        out.append(TARGET)
        out.append(START)
        return out

    def key(self, key):
        app = self.app
        settings = app.settings
        if self.editor is not None:
            if self.editor.key(key):
                self.editor = None
            app.redraw()
            return
        shown = self.rows()
        if key & keys.B:
            from ui.title import Title
            app.show(Title(app))
            return
        if key & keys.UP:
            self.row = (self.row - 1) % len(shown)
            app.redraw(regions.MELDS)
            return
        if key & keys.DOWN:
            self.row = (self.row + 1) % len(shown)
            app.redraw(regions.MELDS)
            return
        row = shown[self.row]
        if row == START and key & (keys.A | keys.PRESS):
            from burako.game import new_match
            new_match(app)
            return
        if SEAT <= row < SEAT + 4 and key & (keys.X | keys.PRESS) and not (settings.ai_seats >> (row - SEAT)) & 1:
            from ui.names import NameEditor
            self.editor = NameEditor(app, row - SEAT)
            app.redraw()
            return
        if key & (keys.A | keys.LEFT | keys.RIGHT | keys.PRESS):
            step = -1 if key & keys.LEFT else 1
            if row == VARIANT:
                settings.variant = (settings.variant + step) % len(rules.VARIANTS)
                settings.target = 0
                settings.hands = 0
                if settings.players not in rules.VARIANTS[settings.variant].players:
                    settings.players = 2
                self.language(rules.VARIANTS[settings.variant] is rules.BURRACO)
            elif row == PLAYERS:
                if 4 in rules.VARIANTS[settings.variant].players:
                    settings.players = 6 - settings.players
            elif SEAT <= row < SEAT + 4:
                settings.ai_seats ^= 1 << (row - SEAT)
            elif row == LEVEL:
                settings.level = (settings.level - 1 + step) % LEVELS + 1
            elif row == TARGET:
                chosen = rules.VARIANTS[settings.variant]
                ts = targets(chosen)
                count = len(ts)
                if settings.hands:
                    i = count - 1 + settings.hands
                else:
                    target = settings.target or chosen.target
                    i = 0
                    while i < count and ts[i] < target:
                        i += 1
                i = (i + step) % (count + (ROUNDS if chosen is rules.BURRACO else 0))
                settings.hands = i - count + 1 if i >= count else 0
                if i < count:
                    settings.target = ts[i]
            if self.row >= len(self.rows()):
                self.row = 0
            app.redraw()

    def language(self, burraco):
        # R12: burraco is played in Italian unless the player changed the language in this
        # session (settings.lang0 is the language the console started in); leaving burraco goes
        # back to that language, unless it was changed since (settings.auto_it: Italian was
        # put on here)
        settings = self.app.settings
        if burraco:
            if lang.code() == settings.lang0 and lang.code() != "it":
                lang.use("it")
                settings.auto_it = True
        elif settings.auto_it:
            if lang.code() == "it":
                lang.use(settings.lang0)
            settings.auto_it = False

    def draw(self, dirty):
        app = self.app
        settings = app.settings
        painter = app.painter
        rows = ROWS[painter.lay.tall]
        y_head, y0, dy, pad, fh = rows
        if self.editor is not None:
            self.editor.draw(rows)
            return
        shown = self.rows()
        if dirty & regions.CLEAR:
            painter.fill(0, 0, painter.w, painter.h, FELT_DARK)
            painter.text(0, y_head, painter.w, lang.t(lang.NEW), CURSOR, FELT_DARK, 1)
        # A starts the match on Start and changes the value on any other row: the hint says
        # which, for the row under the cursor (redrawn as it moves)
        row = shown[self.row] if self.row < len(shown) else START
        person = SEAT <= row < SEAT + 4 and not (settings.ai_seats >> (row - SEAT)) & 1
        hint(painter, lang.H_SETUP1, lang.H_SETUP2 if row == START else lang.H_SETUP4 if person else lang.H_SETUP3)
        chosen = rules.VARIANTS[settings.variant]
        for i in range(9):
            y = y0 + i * dy
            if i >= len(shown):
                painter.fill(0, y - pad, painter.w, fh, FELT_DARK)
                continue
            row = shown[i]
            on = i == self.row
            bg = HILITE if on else FELT_DARK
            painter.fill(4, y - pad, 232, fh, bg)
            if row == START:
                painter.text(4, y, 232, "> " + lang.t(lang.START) + " <", CURSOR if on else WHITE, bg, 1)
                continue
            if row == VARIANT:
                label = lang.t(lang.VARIANT)
                value = chosen.name
            elif row == PLAYERS:
                label = lang.t(lang.PLAYERS)
                value = gfx.NUMS[settings.players if settings.players in chosen.players else 2]
            elif row == LEVEL:
                label = lang.t(lang.LEVEL)
                value = gfx.NUMS[settings.level]
            elif row == TARGET:
                # burraco: a target, or a round of 1..4 hands (seed 001 tournaments)
                label = lang.t(lang.ROUND) if settings.hands else lang.t(lang.TARGET)
                value = gfx.NUMS[settings.hands] if settings.hands else str(settings.target or chosen.target)
            else:
                label = pname(row - SEAT)
                value = lang.t(lang.AI) if (settings.ai_seats >> (row - SEAT)) & 1 else settings.names[row - SEAT] or lang.t(lang.HUMAN)
            painter.text(8, y, 110, label, WHITE, bg)
            painter.text(118, y, 114, "< " + value + " >", CURSOR if on else WHITE, bg, 2)
