# The title: continue the saved game (when there is one), new game, language,
# the link cable 1v1 (ui/screen_link.py), Rummy israelí (rummy/door.py).
from engine import game
from engine import tiles
from hal import keys
from ui import lang
from ui.common import NAMES, S_SETUP, S_RUMMY, S_HANDOFF, D_MELDS, D_CLEAR, D_ALL
from ui.gfx import FELT_DARK, WHITE, GREY, CURSOR, ERR, HILITE

_linked = False     # link.sav exists (read when the title is drawn whole)


def key(app, k):
    rows = 5 if app.has_save else 4
    off = 0 if app.has_save else 1
    if k & keys.UP:
        app.row = (app.row - 1) % rows
        app.dirty |= D_MELDS
    elif k & keys.DOWN:
        app.row = (app.row + 1) % rows
        app.dirty |= D_MELDS
    item = app.row + off
    if item == 2 and k & (keys.LEFT | keys.RIGHT | keys.A | keys.PRESS):
        i = lang.LANGS.index(lang.code())
        i = (i + (2 if k & keys.LEFT else 1)) % 3
        lang.use(lang.LANGS[i])
        app.dirty = D_ALL
    elif item == 3 and k & (keys.LEFT | keys.RIGHT) and not _linked:
        # hidden hands or the open deal for a new linked match (both consoles must choose alike)
        from ui import screen_link
        app.settings.hidden = not app.settings.hidden and screen_link.hidden_ok()
        app.dirty |= D_MELDS
    elif k & (keys.A | keys.PRESS):
        if item == 0:
            code = lang.code()
            if app.load():
                lang.use(code)     # the language on the title is the player's latest choice
            else:
                app.has_save = False
                app.row = 0
                app.dirty = D_ALL
        elif item == 3:
            app.row = 0
            from ui import screen_link      # (the link's front comes when chosen: docs/memory.md "link glue")
            screen_link.start(app)
        elif item == 4:
            app.row = 0
            # the Rummy door by its name: ui/ imports no game's package
            __import__(NAMES[S_RUMMY], None, None, ("setup",)).setup(app)
        else:
            app.show(S_SETUP)
            app.row = 0


def load(app):
    """App.load: resume the saved match (also the quick start's); False when there is none
    (app.bad_save when the file is damaged)."""
    from ui import save
    try:
        r = save.read(app.board.storage)
    except Exception:
        r = None
        app.bad_save = True
    if r is None:
        return False
    app.match.ai_seats, app.settings.level, li, v, app.view.sort, played_s, g, app.settings.hands, stats, app.settings.names = r
    app.dress(g.rules.cards)
    lang.use(lang.LANGS[li] if li < 3 else "es")
    app.match.start(g, v, app.settings.level, played_s * 1000, stats)
    app.reset_view()
    app.next_ai = app.now + app.ai_ms
    if g.phase < game.P_HAND_OVER and not (app.match.ai_seats >> g.turn) & 1 and app.match.humans() > 1:
        app.show(S_HANDOFF)
        app.match.viewer = g.turn
    else:
        app.enter_turn()
    return True


def tick(app, now):
    pass


# per glass (short, tall: ui/gfx.py Layout): the name's top, the menu's top and its step, the
# damaged save's line from the bottom. A short glass (135 rows) has no room for the tiles
GEOMETRY = ((4, 40, 19, 12), (28, 120, 22, 40))


def draw(app, dirty):
    p = app.painter
    tall = p.lay.tall
    y_name, y0, dy, up = GEOMETRY[tall]
    if dirty & D_CLEAR:
        p.fill(0, 0, p.w, p.h, FELT_DARK)
        p.big(24, y_name, "BURAKO", WHITE, 4)
        if tall:
            x = 50
            for t in (tiles.tile(0, 1), tiles.tile(1, 2), tiles.tile(2, 3), tiles.JOKER, tiles.tile(3, 13)):
                p.tile(x, 72, t, 0, FELT_DARK)
                x += 28
            p.text(0, 226, p.w, "A/B/X/Y + joystick", GREY, FELT_DARK, 1)
    off = 0 if app.has_save else 1
    if dirty & D_CLEAR:
        global _linked
        # a linked match waits to resume (link.sav, ui/linkplay.py NAME): the entry says so
        _linked = app.board.storage.exists("link.sav")
    for i in range(5):
        item = i + off
        if item > 4:
            p.fill(0, y0 + i * dy, p.w, 14, FELT_DARK)
            continue
        if item == 0:
            s = lang.t(lang.CONTINUE)
        elif item == 1:
            s = lang.t(lang.NEW)
        elif item == 3:
            s = lang.tx(0)                  # the link's entry (ui/screen_link.py T_MENU)
            if _linked:
                s += lang.tx(1)             # " (continue)"
            elif app.settings.hidden:
                s = lang.tx(24) + " 1v1"    # "Hidden deal 1v1" (ui/linkplay_screen.py T_HIDDEN)
        elif item == 4:
            s = "Rummy"                     # the same in every language (rummy/door.py tx)
        else:
            s = lang.t(lang.LANGUAGE) + ": < " + lang.t(lang.LANGNAME) + " >"
        on = i == app.row
        p.fill(20, y0 - 2 + i * dy, 200, 14, HILITE if on else FELT_DARK)
        p.text(20, y0 + i * dy, 200, s, CURSOR if on else WHITE, HILITE if on else FELT_DARK, 1)
    if app.bad_save:
        # without a save the menu has four rows: the fifth row's place is free
        p.text(0, p.h - up, p.w, lang.t(lang.BAD_SAVE), ERR, FELT_DARK, 1)
