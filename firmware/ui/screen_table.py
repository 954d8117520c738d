# The table, where the game is played: top bar, pile/stock/muerto strip, the
# meld list (or the menu in its place), the message line, the rack strip and
# the hint lines. Its view state (cursor, selection, focus, menu row) lives on
# the app, which keeps it in step with every move (App.after, reset_view).
# Nothing here allocates on a cursor move or an idle frame.
from micropython import const
from engine import game
from engine import tiles
from engine import melds
from engine import reasons
from hal import keys
from ai import hint as ai_hint
from ui import gfx
from ui import lang
from ui.common import (S_TITLE, S_GAME, D_TOP, D_TABLE, D_MELDS, D_MSG, D_RACK, D_HINT,
                       D_CURSOR, D_CLEAR, RACK_N, pname, sname, hint, draw_top)
from ui.gfx import FELT, FELT_DARK, BAR, WHITE, GREY, CURSOR, DIM, ERR, PURE, IMPURE, HILITE
from ui.gfx import TW, SEL, CUR, NEW

# layout: the table strip and the meld lists' head are where they are on every glass; the rows
# below them are the glass's (app.painter.lay, ui/gfx.py Layout, chosen once when the Painter is made)
Y_TABLE = const(12)
Y_MHEAD = const(44)
Y_MELDS = const(55)
RACK_X = const(10)


# menu items (message ids)
MENU = (lang.M_BACK, lang.M_HINT, lang.M_REDRAW, lang.M_SORT_C, lang.M_SORT_N, lang.M_CLEAR, lang.M_OPP, lang.M_QUIT)


def my_turn(app):
    g = app.match.game
    return g.turn == app.match.viewer and not (app.match.ai_seats >> g.turn) & 1 and g.phase < game.P_HAND_OVER


def set_focus(app, f, side=0):
    """Move the focus (0 rack, 1 melds of `side`: 0 own, 1 the opponents', 2
    menu). Everything drawn differently by focus is marked: the meld region
    (list or menu), the hints, and the rack cursor, shown only on the rack."""
    ly = app.painter.lay
    if ly.Y_MENU < Y_MHEAD and (f == 2 or app.view.focus == 2):
        # a short glass: the menu covers the table strip, message and rack
        app.dirty |= D_TABLE | D_MSG | D_RACK
    app.view.focus = f
    app.view.meld_side = side
    app.view.meld_cursor = 0
    app.view.meld_top = 0
    app.dirty |= D_MELDS | D_HINT | D_CURSOR


def tick(app, now):
    # AIs move only while the table is shown. The test is inline: it runs
    # every idle frame, and a call into the app for it added 25% to that frame
    g = app.match.game
    if g.phase < game.P_HAND_OVER and app.match.ais[g.turn] is not None and app.due(now) and (
            app.link is None or app.link.my_turn()):
        # (over the cable only when the link may take a move: not while a hidden hand's
        # tile is on its way, when the rack still holds its placeholder)
        app.ai_move(now)


# --- keys --------------------------------------------------------------------
def key(app, k):
    # the moves of the cursor and the focus here, the game's actions in key_play: a call
    # whose frame is over 11 words takes it from the heap (MicroPython without a pystack),
    # and the allocator's search for it costs more the more the heap is broken up, so the
    # cursor's path keeps its frames small (docs/ui.md "Figures")
    if app.view.error and k:
        app.view.error = 0
        app.dirty |= D_HINT
    if app.view.focus == 2:
        key_menu(app, k)
        return
    if app.view.focus == 1:
        key_melds(app, k)
        return
    if k & keys.LEFT:
        move_cursor(app, -1)
        return
    if k & keys.RIGHT:
        move_cursor(app, 1)
        return
    if k & keys.PRESS and app.no_y and app.selected():
        k = keys.Y                 # a board without Y: press lays the selection
    if k & (keys.X | keys.PRESS):
        set_focus(app, 2)
        app.view.menu = 0
        return
    if k & keys.UP:
        set_focus(app, 1)
        return
    key_play(app, k)


def key_play(app, k):
    g = app.match.game
    mine = my_turn(app)
    ph = g.phase
    if mine and ph == game.P_DRAW:
        if k & keys.A:
            app.refuse(app.play(game.DRAW, 0, b"", 0))
        elif k & keys.B:
            app.refuse(app.play(game.PILE, 0, b"", 0))
        elif k & keys.Y:
            app.refuse(reasons.MUST_DRAW)
        return
    if mine and (ph == game.P_EMPTY or ph == game.P_EMPTY_DISCARD):
        if k & keys.A:
            kind = game.CLOSE if g.taken[game.side_of(g.turn)] else game.MUERTO
            app.refuse(app.play(kind, 0, b"", 0))
        return
    if k & keys.A:
        if len(app.rack()):
            app.view.selection[app.view.cursor] ^= 1
            app.dirty |= D_CURSOR
        return
    if not mine:
        return
    if k & keys.Y:
        ts = app.selected()
        if not ts:
            app.view.message = lang.t(lang.SELECT_FIRST)
            app.view.message_colour = ERR
            app.dirty |= D_MSG
            return
        app.refuse(app.play(game.MELD, 0, ts, melds.END_DEFAULT))
    elif k & keys.B:
        r = app.rack()
        if not len(r):
            return
        if app.view.confirm == app.view.cursor:
            app.refuse(app.play(game.DISCARD, 0, bytes((r[app.view.cursor],)), 0))
        else:
            app.view.confirm = app.view.cursor
            app.dirty |= D_HINT


def move_cursor(app, dx):
    n = len(app.rack())
    if not n:
        return
    c = app.view.cursor + dx
    if c < 0:
        c = n - 1
    elif c >= n:
        c = 0
    if app.dirty & D_CURSOR == 0:
        app.view.old_cursor = app.view.cursor
    app.view.cursor = c
    if app.view.confirm >= 0:
        app.view.confirm = -1
        app.dirty |= D_HINT
    if app.fix_scroll():
        app.dirty |= D_RACK
    else:
        app.dirty |= D_CURSOR


def key_melds(app, k):
    ly = app.painter.lay
    g = app.match.game
    side = game.side_of(app.match.viewer) ^ app.view.meld_side
    n = len(g.melds[side])
    if k & (keys.B | keys.X):
        set_focus(app, 0)
        return
    if k & (keys.LEFT | keys.RIGHT) or (k & keys.UP and app.view.meld_cursor == 0):
        # the other side's melds: left/right, or up past the first row
        set_focus(app, 1, app.view.meld_side ^ 1)
        return
    if k & keys.UP:
        app.view.meld_cursor -= 1
        app.dirty |= D_MELDS
    elif k & keys.DOWN:
        if app.view.meld_cursor + 1 >= n:
            set_focus(app, 0)
            return
        app.view.meld_cursor += 1
        app.dirty |= D_MELDS
    if app.view.meld_cursor < app.view.meld_top:
        app.view.meld_top = app.view.meld_cursor
    elif app.view.meld_cursor >= app.view.meld_top + ly.MROWS:
        app.view.meld_top = app.view.meld_cursor - ly.MROWS + 1
    if not k & (keys.A | keys.Y | keys.PRESS):
        return
    if not my_turn(app) or app.view.meld_side:
        app.refuse(reasons.NOT_YOUR_TURN if not my_turn(app) else reasons.NO_MELD)
        return
    ts = app.selected()
    if not ts:
        app.view.message = lang.t(lang.SELECT_FIRST)
        app.view.message_colour = ERR
        app.dirty |= D_MSG
        return
    if k & keys.A:
        err = app.play(game.ADD, app.view.meld_cursor, ts, melds.END_DEFAULT)
    elif k & keys.Y:
        err = app.play(game.ADD, app.view.meld_cursor, ts, melds.END_LOW)
    else:
        err = app.play(game.SWAP, app.view.meld_cursor, ts, melds.END_DEFAULT)
    if err:
        app.refuse(err)
    elif app.screen == S_GAME:
        set_focus(app, 0)


def key_menu(app, k):
    if k & keys.UP:
        app.view.menu = (app.view.menu - 1) % len(MENU)
        app.dirty |= D_MELDS
        return
    if k & keys.DOWN:
        app.view.menu = (app.view.menu + 1) % len(MENU)
        app.dirty |= D_MELDS
        return
    if k & (keys.B | keys.X):
        set_focus(app, 0)
        return
    if not k & (keys.A | keys.PRESS):
        return
    item = MENU[app.view.menu]
    set_focus(app, 0)
    if item == lang.M_HINT:
        show_hint(app)
    elif item == lang.M_REDRAW:
        if my_turn(app):
            app.refuse(app.play(game.REDRAW, 0, b"", 0))
        else:
            app.refuse(reasons.NOT_YOUR_TURN)
    elif item == lang.M_SORT_C or item == lang.M_SORT_N:
        app.view.sort = 1 if item == lang.M_SORT_C else 2
        app.resort()
        app.dirty |= D_RACK
    elif item == lang.M_CLEAR:
        app.clear_sel()
        app.dirty |= D_RACK
    elif item == lang.M_OPP:
        set_focus(app, 1, 1)
    elif item == lang.M_QUIT:
        if app.link is not None:
            from ui import screen_link  # (a local match holds none of the link: docs/memory.md "link glue")
            screen_link.leave(app)      # the linked match stays in link.sav
            return
        app.save()
        app.match.end()
        app.show(S_TITLE)
        app.row = 0


def show_hint(app):
    """The menu's hint: the move AI level 4 would make (ai.hint), on the
    message line; the tiles it would lay or add are selected, the tile it
    would discard gets the cursor. Nothing is played."""
    g = app.match.game
    if not my_turn(app):
        app.refuse(reasons.NOT_YOUR_TURN)
        return
    mv = ai_hint(g, app.match.viewer)
    if mv is None:
        return
    seat = app.match.viewer
    app.view.message = lang.t(lang.HINT_IS) + app.move_text(seat, mv)[len(pname(seat)) + 1:]
    app.view.message_colour = WHITE
    app.dirty |= D_MSG
    kind = mv[0]
    if kind == game.MELD or kind == game.ADD or kind == game.SWAP or kind == game.DISCARD:
        r = app.rack()
        s = app.view.selection
        for i in range(len(r)):
            s[i] &= 2
        for t in mv[2]:
            for i in range(len(r)):
                if r[i] == t and not s[i] & 1:
                    if kind == game.DISCARD:
                        app.view.cursor = i
                    else:
                        s[i] |= 1
                    break
        app.fix_scroll()
        app.dirty |= D_RACK


# --- drawing -----------------------------------------------------------------
def draw(app, dirty):
    if app.view.focus == 2 and app.painter.lay.Y_MENU < Y_MHEAD:
        # the menu lies over these on a short glass: drawn again when it closes
        dirty &= ~(D_TABLE | D_MSG | D_RACK | D_CURSOR)
    if dirty & D_CLEAR:
        draw_clear(app)
    if dirty & D_TOP:
        draw_top(app, my_turn(app))
    if dirty & D_TABLE:
        draw_table(app)
    if dirty & D_MELDS:
        if app.view.focus == 2:
            draw_menu(app)
        else:
            draw_melds(app)
    if dirty & D_MSG:
        draw_message(app)
    if dirty & D_RACK:
        draw_rack(app)
    elif dirty & D_CURSOR:
        if app.view.old_cursor != app.view.cursor:
            draw_slot(app, app.view.old_cursor)
        draw_slot(app, app.view.cursor)
        app.view.old_cursor = app.view.cursor
    if dirty & D_HINT:
        draw_hint(app)


def draw_clear(app):
    # every region paints its own background (a whole-screen fill under them
    # would send every pixel twice over SPI); the meld region owns its gap rows
    # too, since the menu paints over them
    p = app.painter
    ly = p.lay
    p.fill(0, ly.Y_MSG + 10, p.w, ly.Y_RACK - ly.Y_MSG - 10, FELT)


def draw_message(app):
    p = app.painter
    p.text(0, p.lay.Y_MSG, p.w, app.view.message, app.view.message_colour, FELT, 0)


def draw_table(app):
    p = app.painter
    g = app.match.game
    p.fill(0, Y_TABLE, p.w, 32, FELT_DARK)
    pile = g.pile
    if pile:
        p.tile(4, Y_TABLE + 2, pile[-1], 0, FELT_DARK)
    else:
        p.fill(4, Y_TABLE + 2, gfx.TW, gfx.TH, FELT)
    p.text(24, Y_TABLE + 2, 96, lang.t(lang.PILE) + " " + str(len(pile)), WHITE, FELT_DARK)
    if g.rules.pile_open:
        # the open pile: the tiles under the top, newest first
        x = 24
        i = len(pile) - 2
        while i >= 0 and x + gfx.MW <= 124:
            p.small(x, Y_TABLE + 16, pile[i], 0)
            x += gfx.MW
            i -= 1
    # three rows on the right: the stock, the word muerto whole ("Pozzetto"
    # is 8 letters), and one badge per side (green: taken)
    p.text(128, Y_TABLE + 1, 112, lang.t(lang.STOCK) + " " + str(len(g.stock)), WHITE, FELT_DARK)
    p.text(128, Y_TABLE + 11, 112, lang.t(lang.MUERTO) + ":", DIM, FELT_DARK)
    for s in range(2):
        taken = g.taken[s]
        p.text(128 + s * 56, Y_TABLE + 21, 54, sname(g, s), WHITE if taken else GREY,
               PURE if taken else FELT, 1)
    p.fill(182, Y_TABLE + 21, 2, 10, FELT_DARK)
    p.fill(238, Y_TABLE + 21, 2, 10, FELT_DARK)


def draw_melds(app):
    p = app.painter
    ly = p.lay
    g = app.match.game
    side = game.side_of(app.match.viewer) ^ app.view.meld_side
    ms = g.melds[side]
    on = app.view.focus == 1
    head = lang.t(lang.MELDS_OF) + sname(g, side)
    if on:
        head = "<> " + head
    p.text(0, Y_MHEAD, p.w, head, CURSOR if on else DIM, FELT, 0)
    p.fill(0, Y_MHEAD + 10, p.w, Y_MELDS - Y_MHEAD - 10, FELT)
    p.fill(0, Y_MELDS + ly.MROWS * 16, p.w, ly.Y_MSG - Y_MELDS - ly.MROWS * 16, FELT)
    for i in range(ly.MROWS):
        y = Y_MELDS + i * 16
        k = app.view.meld_top + i
        if k >= len(ms):
            # this row and all below are empty: one window for them
            p.fill(0, y, p.w, (ly.MROWS - i) * 16, FELT)
            if k == 0:
                p.text(0, y + 2, p.w, lang.t(lang.NO_MELDS), GREY, FELT, 1)
            break
        m = ms[k]
        n = melds.size(m)
        cur = on and k == app.view.meld_cursor
        p.fill(0, y, 30, 2, FELT)           # around the size label
        p.fill(0, y + 12, 30, 4, FELT)
        if melds.is_canasta(m, g.rules):
            pure = melds.is_pure(m)
            lab = (lang.t(lang.PURE_L) if pure else lang.t(lang.IMPURE_L)) + gfx.NUMS[n if n < 14 else 13]
            p.text(0, y + 2, 30, lab, WHITE, PURE if pure else IMPURE, 1)
        else:
            p.text(0, y + 2, 30, gfx.NUMS[n if n < 14 else 13], DIM, FELT, 1)
        p.fill(30, y, 2, 16, CURSOR if cur else FELT)
        x = 32
        for j in range(n):
            if x + gfx.MW > p.w:
                break
            t = m[melds.HEAD + j]
            if m[0] == melds.RUN:
                wild = t != melds.natural_at(m[1], m[2] + j)
            else:
                wild = tiles.is_wild(t)
            p.small(x, y + 1, t, gfx.WILD if wild else 0)
            x += gfx.MW
        if x < p.w:
            p.fill(x, y, p.w - x, 16, CURSOR if cur else FELT)
        p.fill(32, y, x - 32, 1, CURSOR if cur else FELT)
        p.fill(32, y + 15, x - 32, 1, CURSOR if cur else FELT)


def draw_menu(app):
    p = app.painter
    ly = p.lay
    y = ly.Y_MSG if ly.Y_MENU == Y_MHEAD else ly.Y_HINT
    p.fill(0, ly.Y_MENU, p.w, y - ly.Y_MENU, FELT_DARK)
    for i in range(len(MENU)):
        on = i == app.view.menu
        bg = HILITE if on else FELT_DARK
        p.text(20, ly.Y_MENU + 4 + i * ly.MENU_DY, 200, lang.t(MENU[i]), CURSOR if on else WHITE, bg, 1)


def draw_rack(app):
    p = app.painter
    ly = p.lay
    r = app.rack()
    # the margins; each slot paints its own background
    p.fill(0, ly.Y_RACK, RACK_X, ly.Y_HINT - ly.Y_RACK, FELT)
    p.fill(RACK_X + RACK_N * TW, ly.Y_RACK, p.w - RACK_X - RACK_N * TW, ly.Y_HINT - ly.Y_RACK, FELT)
    for i in range(RACK_N):
        draw_slot(app, app.view.scroll + i)
    if app.view.scroll > 0:
        p.text(0, ly.Y_TILE + 9, 9, "<", CURSOR, FELT)
    if app.view.scroll + RACK_N < len(r):
        p.text(231, ly.Y_TILE + 9, 9, ">", CURSOR, FELT)
    app.view.old_cursor = app.view.cursor


def draw_slot(app, k):
    """One rack position (tile, raise, cursor mark) without touching others."""
    view = app.view
    i = k - view.scroll
    if i < 0 or i >= RACK_N:
        return
    r = app.rack()
    if k >= len(r):
        app.painter.slot(RACK_X + i * TW, -1, 0)
        return
    f = view.selection[k]          # bit 0 selected, bit 1 just taken (App.mark_new)
    f = ((SEL if f & 1 else 0) | (NEW if f & 2 else 0)
         | (CUR if k == view.cursor and view.focus == 0 else 0))
    app.painter.slot(RACK_X + i * TW, r[k], f)


def draw_hint(app):
    p = app.painter
    ly = p.lay
    g = app.match.game
    if app.view.error:
        # the reason, on up to two lines of 30 characters
        s = lang.reason(app.view.error)
        cut = len(s)
        if cut > 30:
            cut = s.rfind(" ", 0, 31)
            if cut < 0:
                cut = 30
        p.text(0, ly.Y_HINT, p.w, s[:cut], ERR, BAR)
        p.text(0, ly.Y_HINT + 10, p.w, s[cut:].strip(), ERR, BAR)
        return
    if app.view.focus == 2:
        a, b = lang.H_MENU, -1
    elif app.view.focus == 1:
        a, b = lang.H_MELD1 if my_turn(app) and not app.view.meld_side else -1, lang.H_MELD3 if app.view.meld_side else lang.H_MELD2
    elif not my_turn(app):
        p.text(0, ly.Y_HINT, p.w, lang.t(lang.TURN_OF) + pname(g.turn) +
               (" (" + lang.t(lang.AI) + ")" if (app.match.ai_seats >> g.turn) & 1 and app.link is None else ""), DIM, BAR)
        p.text(0, ly.Y_HINT + 10, p.w, lang.t(lang.H_WAIT), DIM, BAR)
        return
    elif g.phase == game.P_DRAW:
        a, b = lang.H_DRAW1, lang.H_DRAW2
    elif g.phase == game.P_EMPTY or g.phase == game.P_EMPTY_DISCARD:
        a, b = lang.H_CLOSE if g.taken[game.side_of(g.turn)] else lang.H_MUERTO, -1
    elif app.view.confirm >= 0:
        r = app.rack()
        c = app.match.game.rules.cards
        p.text(0, ly.Y_HINT, p.w, lang.t(lang.CONFIRM_DISCARD) + lang.tiles(tiles.to_text(r[app.view.confirm], c), c), CURSOR, BAR)
        p.text(0, ly.Y_HINT + 10, p.w, "", DIM, BAR)
        return
    else:
        a, b = lang.H_PLAY1, lang.H_PLAY2
    # in the keys the board has: without X and Y (Pico-LCD-1.14) ui/keynames.py renames them
    h = hint
    if app.no_y:
        from ui.keynames import hint as h
    h(p, a, b)
