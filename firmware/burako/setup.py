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
    d = variant.target
    if d in TARGETS:
        return TARGETS
    out = [t for t in TARGETS if t < d]
    out.append(d)
    return out + [t for t in TARGETS if t > d]


class Setup(Screen):
    """The set-up's rows; the choices are the console's settings (kept for the next match)."""

    name = "setup"

    def __init__(self, app):
        super().__init__(app)
        self.row = 0
        self.editor = None

    def rows(self):
        s = self.app.settings
        n = s.players if s.players in rules.VARIANTS[s.variant].players else 2
        out = bytearray((VARIANT, PLAYERS))
        for p in range(n):
            out.append(SEAT + p)
        out.append(LEVEL)
        out.append(TARGET)
        out.append(START)
        return out

    def key(self, k):
        app = self.app
        s = app.settings
        if self.editor is not None:
            if self.editor.key(k):
                self.editor = None
            app.dirty = regions.ALL
            return
        shown = self.rows()
        if k & keys.B:
            from ui.title import Title
            app.show(Title(app))
            return
        if k & keys.UP:
            self.row = (self.row - 1) % len(shown)
            app.dirty |= regions.MELDS
            return
        if k & keys.DOWN:
            self.row = (self.row + 1) % len(shown)
            app.dirty |= regions.MELDS
            return
        r = shown[self.row]
        if r == START and k & (keys.A | keys.PRESS):
            from burako.game import new_match
            new_match(app)
            return
        if SEAT <= r < SEAT + 4 and k & (keys.X | keys.PRESS) and not (s.ai_seats >> (r - SEAT)) & 1:
            from ui.names import NameEditor
            self.editor = NameEditor(app, r - SEAT)
            app.dirty = regions.ALL
            return
        if k & (keys.A | keys.LEFT | keys.RIGHT | keys.PRESS):
            step = -1 if k & keys.LEFT else 1
            if r == VARIANT:
                s.variant = (s.variant + step) % len(rules.VARIANTS)
                s.target = 0
                s.hands = 0
                if s.players not in rules.VARIANTS[s.variant].players:
                    s.players = 2
                self.language(rules.VARIANTS[s.variant] is rules.BURRACO)
            elif r == PLAYERS:
                if 4 in rules.VARIANTS[s.variant].players:
                    s.players = 6 - s.players
            elif SEAT <= r < SEAT + 4:
                s.ai_seats ^= 1 << (r - SEAT)
            elif r == LEVEL:
                s.level = (s.level - 1 + step) % LEVELS + 1
            elif r == TARGET:
                chosen = rules.VARIANTS[s.variant]
                ts = targets(chosen)
                n = len(ts)
                if s.hands:
                    i = n - 1 + s.hands
                else:
                    t = s.target or chosen.target
                    i = 0
                    while i < n and ts[i] < t:
                        i += 1
                i = (i + step) % (n + (ROUNDS if chosen is rules.BURRACO else 0))
                s.hands = i - n + 1 if i >= n else 0
                if i < n:
                    s.target = ts[i]
            if self.row >= len(self.rows()):
                self.row = 0
            app.dirty = regions.ALL

    def language(self, burraco):
        # R12: burraco is played in Italian unless the player changed the language in this
        # session (settings.lang0 is the language the console started in); leaving burraco goes
        # back to that language, unless it was changed since (settings.auto_it: Italian was
        # put on here)
        s = self.app.settings
        if burraco:
            if lang.code() == s.lang0 and lang.code() != "it":
                lang.use("it")
                s.auto_it = True
        elif s.auto_it:
            if lang.code() == "it":
                lang.use(s.lang0)
            s.auto_it = False

    def draw(self, dirty):
        app = self.app
        s = app.settings
        p = app.painter
        rows = ROWS[p.lay.tall]
        y_head, y0, dy, pad, fh = rows
        if self.editor is not None:
            self.editor.draw(rows)
            return
        shown = self.rows()
        if dirty & regions.CLEAR:
            p.fill(0, 0, p.w, p.h, FELT_DARK)
            p.text(0, y_head, p.w, lang.t(lang.NEW), CURSOR, FELT_DARK, 1)
        # A starts the match on Start and changes the value on any other row: the hint says
        # which, for the row under the cursor (redrawn as it moves)
        r = shown[self.row] if self.row < len(shown) else START
        person = SEAT <= r < SEAT + 4 and not (s.ai_seats >> (r - SEAT)) & 1
        hint(p, lang.H_SETUP1, lang.H_SETUP2 if r == START else lang.H_SETUP4 if person else lang.H_SETUP3)
        chosen = rules.VARIANTS[s.variant]
        for i in range(9):
            y = y0 + i * dy
            if i >= len(shown):
                p.fill(0, y - pad, p.w, fh, FELT_DARK)
                continue
            r = shown[i]
            on = i == self.row
            bg = HILITE if on else FELT_DARK
            p.fill(4, y - pad, 232, fh, bg)
            if r == START:
                p.text(4, y, 232, "> " + lang.t(lang.START) + " <", CURSOR if on else WHITE, bg, 1)
                continue
            if r == VARIANT:
                label = lang.t(lang.VARIANT)
                value = chosen.name
            elif r == PLAYERS:
                label = lang.t(lang.PLAYERS)
                value = gfx.NUMS[s.players if s.players in chosen.players else 2]
            elif r == LEVEL:
                label = lang.t(lang.LEVEL)
                value = gfx.NUMS[s.level]
            elif r == TARGET:
                # burraco: a target, or a round of 1..4 hands (seed 001 tournaments)
                label = lang.t(lang.ROUND) if s.hands else lang.t(lang.TARGET)
                value = gfx.NUMS[s.hands] if s.hands else str(s.target or chosen.target)
            else:
                label = pname(r - SEAT)
                value = lang.t(lang.AI) if (s.ai_seats >> (r - SEAT)) & 1 else s.names[r - SEAT] or lang.t(lang.HUMAN)
            p.text(8, y, 110, label, WHITE, bg)
            p.text(118, y, 114, "< " + value + " >", CURSOR if on else WHITE, bg, 2)
