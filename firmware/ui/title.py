# The title: continue the saved game (when there is one), a new game, the language, the link
# cable 1v1 (its deal: hidden hands or the open deal, Left/Right), and every other game of
# ui/games.py (Rummy israelí).
from engine import tiles
from hal import keys
from ui import lang
from ui import screen as regions
from ui.screen import Screen
from ui.games import GAMES, BURAKO
from ui.gfx import FELT_DARK, WHITE, GREY, CURSOR, ERR, HILITE

# the rows (without a save there is no Continue and the others move up)
CONTINUE = 0
NEW = 1
LANGUAGE = 2
CABLE = 3
OTHERS = 4          # the other games, one row each
T_CABLE = 0         # the link's texts (ui/lang.py tx()): the entry, " (continue)", "Hidden deal"
T_RESUME = 1
T_HIDDEN = 24

# per glass (short, tall: ui/gfx.py Layout): the name's top, the menu's top and its step, the
# damaged save's line from the bottom, the foot line's (the keys). A short glass (135 rows) has
# no room for the tiles nor the foot line
GEOMETRY = ((4, 40, 19, 12, 0), (28, 120, 22, 40, 14))


class Title(Screen):
    name = "title"

    def __init__(self, app):
        super().__init__(app)
        app.dress(False)            # the title's tiles and words are Burako's
        self.has_save = BURAKO.has_save(app.board.storage)
        self.row = 0
        self.linked = False         # link.sav exists (read when the title is drawn whole)

    def rows(self):
        return OTHERS + len(GAMES) - 1

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
        if item == LANGUAGE and key & (keys.LEFT | keys.RIGHT | keys.A | keys.PRESS):
            i = lang.LANGS.index(lang.code())
            i = (i + (2 if key & keys.LEFT else 1)) % 3
            lang.use(lang.LANGS[i])
            app.redraw()
        elif item == CABLE and key & (keys.LEFT | keys.RIGHT) and not self.linked:
            # hidden hands or the open deal for a new linked match
            from link import hidden_ok
            app.settings.hidden = not app.settings.hidden and hidden_ok()
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
        if shown > 1:
            # more games than rows at the step: the rows closer, above the damaged save's line
            # or the foot line (a row's band is 14 high, its text 2 below its top)
            bottom = painter.h - (up if app.kept.get("bad_save") else foot)
            dy = min(dy, (bottom - y0 - 12) // (shown - 1))
        if dirty & regions.CLEAR:
            painter.fill(0, 0, painter.w, painter.h, FELT_DARK)
            painter.big(24, y_name, "BURAKO", WHITE, 4)
            if tall:
                x = 50
                for tile in (tiles.tile(0, 1), tiles.tile(1, 2), tiles.tile(2, 3), tiles.JOKER, tiles.tile(3, 13)):
                    painter.tile(x, 72, tile, 0, FELT_DARK)
                    x += 28
                painter.text(0, painter.h - foot, painter.w, "A/B/X/Y + joystick", GREY, FELT_DARK, 1)
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
                label = lang.tx(T_CABLE)
                if self.linked:
                    label += lang.tx(T_RESUME)              # " (continue)"
                elif app.settings.hidden:
                    label = lang.tx(T_HIDDEN) + " 1v1"      # "Hidden deal 1v1"
            elif item >= OTHERS:
                label = GAMES[item - OTHERS + 1].title
            else:
                label = lang.t(lang.LANGUAGE) + ": < " + lang.t(lang.LANGNAME) + " >"
            on = i == self.row
            painter.fill(20, y0 - 2 + i * dy, 200, 14, HILITE if on else FELT_DARK)
            painter.text(20, y0 + i * dy, 200, label, CURSOR if on else WHITE, HILITE if on else FELT_DARK, 1)
        if app.kept.get("bad_save"):
            # without a save the menu has four rows: the fifth row's place is free
            painter.text(0, painter.h - up, painter.w, lang.t(lang.BAD_SAVE), ERR, FELT_DARK, 1)
