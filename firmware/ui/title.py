# The title: continue the saved game (when there is one), a new game, the language, the link
# cable 1v1 (its deal: hidden hands or the open deal, Left/Right; where no cable can be opened,
# the desktop without --link, how to link), every other game of ui/games.py (Rummy israelí), and
# on a board with a speaker the sound's volume; the language, the deal and the volume are kept
# in ui/settings_file.py. On a board with a battery, its level and a warning when it is low.
from engine import tiles
from hal import keys
from ui import lang
from ui import screen as regions
from ui import sounds
from ui.screen import Screen
from ui.games import GAMES, BURAKO
from ui.gfx import FELT_DARK, WHITE, GREY, CURSOR, ERR, HILITE, PURE, CAPS

# the rows (without a save there is no Continue and the others move up)
CONTINUE = 0
NEW = 1
LANGUAGE = 2
CABLE = 3
OTHERS = 4          # the other games, one row each
T_CABLE = 0         # the link's texts (ui/lang.py tx()): the entry, " (continue)"
T_RESUME = 1

# per glass (short, tall: ui/gfx.py Layout): the name's top, the menu's top and its step, the
# damaged save's line from the bottom, the foot line's (the keys). A short glass (135 rows) has
# no room for the tiles nor the foot line
GEOMETRY = ((4, 40, 19, 12, 0), (28, 120, 22, 40, 14))
# the battery's gauge in the top right corner, beside the name on a short glass (its width is
# the body's, a nub beyond it), and its level in percent left of it where the name is lower
GAUGE_W = 19
GAUGE_H = 9


class Title(Screen):
    name = "title"

    def __init__(self, app):
        super().__init__(app)
        app.dress(False)            # the title's tiles and words are Burako's
        self.has_save = BURAKO.has_save(app.board.storage)
        self.row = 0
        self.linked = False         # link.sav exists (read when the title is drawn whole)
        # the last row is the volume's where the board has a speaker (-1: no such row)
        self.volume_row = OTHERS + len(GAMES) - 1 if app.board.sound.present else -1
        self.level = -1             # the battery's level as drawn (-1: not yet), and its warning
        self.low = app.board.battery.low
        # a cable to open: the device's UART, the desktop's --link (emulator/board.py NullLink,
        # no peer possible, says present = False)
        self.linkable = getattr(app.board.link, "present", True)

    def at_cable(self):
        """The cursor on the cable entry (the desktop's --link: a person picks the deal)."""
        self.row = CABLE - (0 if self.has_save else 1)

    def rows(self):
        return OTHERS + len(GAMES) - (0 if self.volume_row >= 0 else 1)

    def tick(self, now):
        battery = self.app.board.battery
        if battery.low != self.low:
            self.low = battery.low
            self.app.redraw()           # the warning's line, the rows closed up or not
        elif battery.present and battery.level != self.level:
            self.app.redraw(regions.TOP)

    def key(self, key):
        app = self.app
        first = 0 if self.has_save else 1
        count = self.rows() - first
        if key & keys.UP:
            self.row = (self.row - 1) % count
            app.redraw(regions.MELDS)
        elif key & keys.DOWN:
            self.row = (self.row + 1) % count
            app.redraw(regions.MELDS)
        item = self.row + first
        if item == self.volume_row and key & (keys.LEFT | keys.RIGHT | keys.A | keys.PRESS):
            from ui import settings_file
            sound = app.board.sound
            sound.set_volume((sound.volume + (2 if key & keys.LEFT else 1)) % 3)     # OFF LOW HIGH
            settings_file.write(app.board.storage, settings_file.VOLUME, sound.volume)
            sounds.cue(app, sounds.DRAW)        # the new volume heard (none at OFF)
            app.redraw(regions.MELDS)
        elif item == LANGUAGE and key & (keys.LEFT | keys.RIGHT | keys.A | keys.PRESS):
            i = lang.LANGS.index(lang.code())
            i = (i + (2 if key & keys.LEFT else 1)) % 3
            lang.use(lang.LANGS[i])
            from ui import settings_file        # the player's language at the next power-on
            settings_file.write(app.board.storage, settings_file.LANG, i)
            app.redraw()
        elif item == CABLE and key & (keys.LEFT | keys.RIGHT):
            # hidden hands or the open deal for a new linked match, kept for the next power-on
            from link import hidden_ok
            hidden = not app.settings.hidden and hidden_ok()
            if self.linkable and not self.linked and hidden != app.settings.hidden:
                from ui import settings_file
                app.settings.hidden = hidden
                settings_file.write(app.board.storage, settings_file.HIDDEN, int(hidden))
                app.redraw(regions.MELDS)
        elif key & (keys.A | keys.PRESS):
            if item == CONTINUE:
                code = lang.code()
                try:
                    resumed = BURAKO.resume(app)
                except Exception:           # a damaged save (engine/codec.py CodecError)
                    resumed = False
                    app.kept["bad_save"] = True
                if resumed:
                    lang.use(code)  # the language on the title is the player's latest choice
                else:
                    self.has_save = False
                    self.row = 0
                    app.redraw()
            elif item == CABLE:
                if self.linkable:                  # (else the entry says how to link)
                    from ui.cable import Cable
                    Cable.open(app, BURAKO)
            elif item >= OTHERS:
                GAMES[item - OTHERS + 1].setup(app)
            else:
                BURAKO.setup(app)

    def draw(self, dirty):
        app = self.app
        painter = app.painter
        tall = painter.lay.tall
        y_name, y0, dy, up, foot = GEOMETRY[tall]
        first = 0 if self.has_save else 1
        shown = self.rows() - first
        # the battery's warning: in the foot line's place, else (a glass without one) in the
        # damaged save's, the rows closed up above it as for that line
        warn_in_save_line = self.low and not foot
        if shown > 1:
            # more games than rows at the step: the rows closer, above the damaged save's line
            # or the foot line (a row's band is 14 high, its text 2 below its top)
            bottom = painter.h - (up if app.kept.get("bad_save") or warn_in_save_line else foot)
            dy = min(dy, (bottom - y0 - 12) // (shown - 1))
        if dirty & regions.CLEAR:
            painter.fill(0, 0, painter.w, painter.h, FELT_DARK)
            painter.big(24, y_name, "BURAKO", WHITE, 4)
            if tall:
                x = 50
                for tile in (tiles.tile(0, 1), tiles.tile(1, 2), tiles.tile(2, 3), tiles.JOKER, tiles.tile(3, 13)):
                    painter.tile(x, 72, tile, 0, FELT_DARK)
                    x += 28
                if not self.low:
                    painter.text(0, painter.h - foot, painter.w, lang.t(lang.H_TITLE), GREY, FELT_DARK, 1 | CAPS)
            # a linked match waits to resume (link.sav): the entry says so
            self.linked = app.board.storage.exists(BURAKO.link_save)
        for i in range(max(5, shown)):
            item = i + first
            if item >= self.rows():
                painter.fill(0, y0 + i * dy, painter.w, 14, FELT_DARK)
                continue
            if item == CONTINUE:
                label = lang.t(lang.CONTINUE)
            elif item == NEW:
                label = lang.t(lang.NEW)
            elif item == CABLE:
                if not self.linkable:
                    label = lang.t(lang.CABLE_DESKTOP)      # "Cable: burako emu --link"
                elif self.linked:
                    label = lang.tx(T_CABLE) + lang.tx(T_RESUME)    # "Link cable 1v1 (continue)"
                else:
                    # "Cable 1v1: < Hidden >", the arrows where Left/Right changes the deal
                    from link import hidden_ok      # (the stock firmware deals only open)
                    label = lang.t(lang.DEAL_HIDDEN if app.settings.hidden else lang.DEAL_OPEN)
                    if hidden_ok():
                        label = "< " + label + " >"
                    label = lang.t(lang.CABLE_ROW) + ": " + label
            elif item == self.volume_row:
                label = lang.t(lang.SOUND) + ": < " + lang.t(lang.VOL_OFF + app.board.sound.volume) + " >"
            elif item >= OTHERS:
                label = GAMES[item - OTHERS + 1].title
            else:
                label = lang.t(lang.LANGUAGE) + ": < " + lang.t(lang.LANGNAME) + " >"
            on = i == self.row
            painter.fill(20, y0 - 2 + i * dy, 200, 14, HILITE if on else FELT_DARK)
            painter.text(20, y0 + i * dy, 200, label, CURSOR if on else WHITE, HILITE if on else FELT_DARK, 1)
        if app.kept.get("bad_save") and not warn_in_save_line:
            # without a save the menu has four rows: the fifth row's place is free
            painter.text(0, painter.h - up, painter.w, lang.t(lang.BAD_SAVE), ERR, FELT_DARK, 1)
        if app.board.battery.present and dirty & (regions.CLEAR | regions.TOP):
            self.draw_battery(painter, y_name, foot or up)

    def draw_battery(self, painter, y_name, warn_from_bottom):
        """The battery's gauge (its body filled to the level: green, red when low), the level in
        percent beside it where the name leaves room (left of the gauge: a short glass's name
        reaches it), and the warning when it is low, warn_from_bottom rows from the bottom."""
        battery = self.app.board.battery
        self.level = level = battery.level
        colour = ERR if battery.low else PURE
        left = painter.w - GAUGE_W - 3
        painter.fill(left, 4, GAUGE_W, GAUGE_H, GREY)              # the body's frame
        painter.fill(left + GAUGE_W, 6, 2, GAUGE_H - 4, GREY)      # its nub
        inside = GAUGE_W - 2
        full = inside * level // 100
        if full:
            painter.fill(left + 1, 5, full, GAUGE_H - 2, colour)
        if full < inside:
            painter.fill(left + 1 + full, 5, inside - full, GAUGE_H - 2, FELT_DARK)
        if y_name > 4 + GAUGE_H:
            painter.text(left - 44, 4, 40, str(level) + "%", colour, FELT_DARK, 2)
        if battery.low:
            painter.text(0, painter.h - warn_from_bottom, painter.w, lang.t(lang.BATTERY_LOW), ERR, FELT_DARK, 1)
