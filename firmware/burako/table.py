# The table, where a Burako-family match is played: top bar, pile/stock/muerto strip, the
# meld list (or the menu in its place), the message line, the rack strip and the hint lines.
# The Table screen owns the view of the match from the viewer's seat (cursor, selection,
# focus, menu row, the last move's line); one Table is kept per console for every match
# (BURAKO.table()), so the sort chosen and the last move's line stay as they were when a saved
# match is continued. Nothing here allocates on a cursor move or an idle frame.
from micropython import const
from engine import game
from engine import tiles
from engine import melds
from engine import reasons
from hal import keys
from ai import hint as ai_hint
from ui import gfx
from ui import lang
from ui import screen as regions
from ui import sounds
from ui.screen import Screen
from ui.common import RACK_N, pname, sname, hint, draw_top
from ui.gfx import FELT, FELT_DARK, BAR, WHITE, GREY, CURSOR, DIM, ERR, PURE, IMPURE, HILITE
from ui.gfx import TW, SEL, CUR, NEW

# layout: the table strip and the meld lists' head are where they are on every glass; the rows
# below them are the glass's (app.painter.lay, ui/gfx.py Layout, chosen once when the Painter is made)
Y_TABLE = const(12)
Y_MHEAD = const(44)
Y_MELDS = const(55)
RACK_X = const(10)
MAXRACK = const(120)

# focus
RACK = const(0)
MELD_LIST = const(1)
MENU_FOCUS = const(2)
LOG_FOCUS = const(3)        # the hand's log in the meld region (burako/logview.py: its keys, drawing)

# menu items (message ids), in their order; the menu offers only what can be done now (offered():
# no hint on another player's turn, the redraw only while R3.2 allows it). M_SORT and M_PACE are
# value rows ("Sort: < colour >"): Left/Right/A change them, the menu stays open
MENU = (lang.M_BACK, lang.M_HINT, lang.M_REDRAW, lang.M_SORT, lang.M_CLEAR, lang.M_OPP, lang.M_LOG,
        lang.M_PACE, lang.M_QUIT)


class Table(Screen):
    """The view of the match from the viewer's seat: the last move's line under the table
    (message, in its colour), the rack's cursor (and the one drawn before it), its scroll,
    the selection flags per rack index (bit 0 selected, bit 1 just taken), the sort (0 as
    dealt, 1 by colour, 2 by number), the focus (RACK, MELD_LIST, MENU_FOCUS), the meld list
    shown (its side: 0 the viewer's, 1 the other; its cursor and first row), the menu row, a
    rack index waiting for a second B (-1: none) and the refusal's reason (error) shown on the
    message line until the next key. The menu's item on (menu: its index in MENU) and top, the
    first row (of the menu, or move of the log) shown; the hand's log (log: burako/movelog.py,
    made at the first move); fresh: bit side * 15 + i: meld i of that side was laid or added to
    by the AI (or the peer) since the last move of a person here, drawn highlighted (a few small
    ints: the table's heap)."""

    name = "game"

    def __init__(self, app):
        super().__init__(app)
        self.play = None
        self.selection = bytearray(MAXRACK)
        self.sort = 0
        self.menu = 0
        self.top = 0
        self.log = None
        self.fresh = 0
        self.message = ""
        self.message_colour = WHITE
        self.reset()

    def begin(self, play):
        """A match (new, continued, over the cable) is shown from here on; the hand's log and the
        marks are kept when it is the same game bound again (over the cable: a catch-up)."""
        if self.play is None or play.game is not self.play.game:
            if self.log is not None:
                self.log[0] = 0         # (the log's bytes in use: burako/movelog.py)
            self.fresh = 0
        self.play = play
        self.reset()

    def reset(self):
        """A new viewer (or match): the cursor home, nothing selected, the rack sorted."""
        self.cursor = 0
        self.old_cursor = 0
        self.scroll = 0
        self.focus = RACK
        self.meld_side = 0
        self.meld_cursor = 0
        self.meld_top = 0
        self.confirm = -1
        self.error = 0
        self.clear_selection()
        if self.play is not None:
            self.resort()

    # --- the rack -------------------------------------------------------------
    def rack(self):
        play = self.play
        return play.game.racks[play.viewer]

    def clear_selection(self):
        s = self.selection
        for i in range(MAXRACK):
            s[i] = 0

    def selected(self):
        r = self.rack()
        out = bytearray()
        for i in range(len(r)):
            if self.selection[i] & 1:
                out.append(r[i])
        return bytes(out)

    def mark_new(self, first):
        """Mark the rack tiles from index `first` on as just taken (bit 1 of the selection
        flags, moving with them when the rack is sorted); every older mark goes: a mark lasts
        until the next move."""
        s = self.selection
        n = len(self.rack())
        for i in range(MAXRACK):
            s[i] = (s[i] & 1) | (2 if first <= i < n else 0)

    def resort(self):
        if not self.sort:
            return
        r = self.rack()
        s = self.selection
        number = self.sort == 2
        # insertion sort of the rack in place, the selection flags moving along
        for i in range(1, len(r)):
            t = r[i]
            f = s[i]
            k = sort_key(t, number)
            j = i - 1
            while j >= 0 and sort_key(r[j], number) > k:
                r[j + 1] = r[j]
                s[j + 1] = s[j]
                j -= 1
            r[j + 1] = t
            s[j + 1] = f

    def fix_cursor(self):
        n = len(self.rack())
        if self.cursor >= n:
            self.cursor = n - 1 if n else 0
        self.old_cursor = self.cursor
        self.fix_scroll()

    def fix_scroll(self):
        n = len(self.rack())
        c = self.cursor
        if c < self.scroll:
            self.scroll = c
            return True
        if c >= self.scroll + RACK_N:
            self.scroll = c - RACK_N + 1
            return True
        if self.scroll > 0 and self.scroll + RACK_N > n:
            self.scroll = n - RACK_N if n > RACK_N else 0
            return True
        return False

    def my_turn(self):
        play = self.play
        g = play.game
        return g.turn == play.viewer and not (play.ai_seats >> g.turn) & 1 and g.phase < game.P_HAND_OVER

    def refuse(self, err):
        """An illegal choice: show the engine's reason on the message line in place of the
        last move's (until the next key), the hint lines keep the keys; change nothing (err 0:
        a move played, the reason shown goes)."""
        self.error = err
        self.confirm = -1
        self.app.dirty |= regions.HINT | regions.MESSAGE
        if err:
            sounds.cue(self.app, sounds.REFUSED)

    def select_first(self):
        """A meld's key with no tile selected (Y, or A/Y/press on a meld): the message line
        says how to select."""
        self.message = lang.t(lang.SELECT_FIRST)
        self.message_colour = ERR
        self.app.dirty |= regions.MESSAGE

    def set_focus(self, focus, side=0):
        """Move the focus (RACK, MELD_LIST of `side`: 0 own, 1 the opponents', MENU_FOCUS).
        Everything drawn differently by focus is marked: the meld region (list or menu), the
        hints, and the rack cursor, shown only on the rack."""
        app = self.app
        layout = app.painter.lay
        if layout.Y_MENU < Y_MHEAD and (focus >= MENU_FOCUS or self.focus >= MENU_FOCUS):
            # a short glass: the menu (and the log) covers the table strip, message and rack
            app.dirty |= regions.TABLE | regions.MESSAGE | regions.RACK
        self.focus = focus
        self.meld_side = side
        self.meld_cursor = 0
        self.meld_top = 0
        app.dirty |= regions.MELDS | regions.HINT | regions.CURSOR

    # --- time ------------------------------------------------------------------
    def tick(self, now):
        # AIs move only while the table is shown (the test is inline: it runs every idle frame)
        play = self.play
        if play.clock(now):
            return
        g = play.game
        cable = play.cable
        if g.phase < game.P_HAND_OVER and play.ais[g.turn] is not None and play.due(now) and (
                cable is None or cable.link.my_turn()):
            # (over the cable only when the link may take a move: not while a hidden hand's
            # tile is on its way, when the rack still holds its placeholder)
            play.ai_move(now)

    def waiting(self):
        play = self.play
        g = play.game
        return g.phase >= game.P_HAND_OVER or not (play.ai_seats >> g.turn) & 1

    # --- keys ------------------------------------------------------------------
    def key(self, k):
        # the moves of the cursor and the focus here, the game's actions in key_play: a call
        # whose frame is over 11 words takes it from the heap (MicroPython without a pystack),
        # and the allocator's search for it costs more the more the heap is broken up, so the
        # cursor's path keeps its frames small (docs/ui.md "Figures")
        if self.error and k:
            self.error = 0
            self.app.dirty |= regions.MESSAGE      # the last move's line again
        if self.focus == MENU_FOCUS:
            self.key_menu(k)
            return
        if self.focus == LOG_FOCUS:
            from burako.logview import key
            key(self, k)
            return
        if self.focus == MELD_LIST:
            self.key_melds(k)
            return
        if k & keys.LEFT:
            self.move_cursor(-1)
            return
        if k & keys.RIGHT:
            self.move_cursor(1)
            return
        if k & keys.PRESS and self.app.no_y() and self.selected():
            k = keys.Y                 # a board without Y: press lays the selection
        if k & (keys.X | keys.PRESS):
            self.set_focus(MENU_FOCUS)
            self.menu = 0
            self.top = 0
            return
        if k & keys.UP:
            self.set_focus(MELD_LIST)
            return
        self.key_play(k)

    def key_play(self, k):
        app = self.app
        play = self.play
        g = play.game
        mine = self.my_turn()
        phase = g.phase
        if mine and phase == game.P_DRAW:
            if k & keys.A:
                self.refuse(play.play(game.DRAW, 0, b"", 0))
            elif k & keys.B:
                self.refuse(play.play(game.PILE, 0, b"", 0))
            elif k & keys.Y:
                self.refuse(reasons.MUST_DRAW)
            return
        if mine and (phase == game.P_EMPTY or phase == game.P_EMPTY_DISCARD):
            if k & keys.A:
                kind = game.CLOSE if g.taken[game.side_of(g.turn)] else game.MUERTO
                self.refuse(play.play(kind, 0, b"", 0))
            return
        if k & keys.A:
            if len(self.rack()):
                self.selection[self.cursor] ^= 1
                app.dirty |= regions.CURSOR
            return
        if not mine:
            return
        if k & keys.Y:
            chosen = self.selected()
            if not chosen:
                self.select_first()
                return
            self.refuse(play.play(game.MELD, 0, chosen, melds.END_DEFAULT))
        elif k & keys.B:
            rack = self.rack()
            if not len(rack):
                return
            if self.confirm == self.cursor:
                self.refuse(play.play(game.DISCARD, 0, bytes((rack[self.cursor],)), 0))
            else:
                self.confirm = self.cursor
                app.dirty |= regions.HINT

    def move_cursor(self, step):
        n = len(self.rack())
        if not n:
            return
        c = self.cursor + step
        if c < 0 or c >= n:
            return          # the cursor stops at the rack's ends: a count of presses never wraps
        app = self.app
        if app.dirty & regions.CURSOR == 0:
            self.old_cursor = self.cursor
        self.cursor = c
        if self.confirm >= 0:
            self.confirm = -1
            app.dirty |= regions.HINT
        if self.fix_scroll():
            app.dirty |= regions.RACK
        else:
            app.dirty |= regions.CURSOR

    def key_melds(self, k):
        app = self.app
        play = self.play
        layout = app.painter.lay
        g = play.game
        side = game.side_of(play.viewer) ^ self.meld_side
        n = len(g.melds[side])
        if k & (keys.B | keys.X):
            self.set_focus(RACK)
            return
        if k & (keys.LEFT | keys.RIGHT) or (k & keys.UP and self.meld_cursor == 0):
            # the other side's melds: left/right, or up past the first row
            self.set_focus(MELD_LIST, self.meld_side ^ 1)
            return
        if k & keys.UP:
            self.meld_cursor -= 1
            app.dirty |= regions.MELDS
        elif k & keys.DOWN:
            if self.meld_cursor + 1 >= n:
                self.set_focus(RACK)
                return
            self.meld_cursor += 1
            app.dirty |= regions.MELDS
        if self.meld_cursor < self.meld_top:
            self.meld_top = self.meld_cursor
        elif self.meld_cursor >= self.meld_top + layout.MROWS:
            self.meld_top = self.meld_cursor - layout.MROWS + 1
        if not k & (keys.A | keys.Y | keys.PRESS):
            return
        if not self.my_turn() or self.meld_side:
            self.refuse(reasons.NOT_YOUR_TURN if not self.my_turn() else reasons.NO_MELD)
            return
        chosen = self.selected()
        if not chosen:
            self.select_first()
            return
        if k & keys.A:
            err = play.play(game.ADD, self.meld_cursor, chosen, melds.END_DEFAULT)
        elif k & keys.Y:
            err = play.play(game.ADD, self.meld_cursor, chosen, melds.END_LOW)
        else:
            err = play.play(game.SWAP, self.meld_cursor, chosen, melds.END_DEFAULT)
        if err:
            self.refuse(err)
        elif app.screen is self:
            self.set_focus(RACK)

    def offered(self, i):
        """The menu's item MENU[i] can be done now: Hint on your turn, the redraw while it is
        legal (R3.2), the others always."""
        item = MENU[i]
        if item == lang.M_HINT:
            return self.my_turn()
        if item == lang.M_REDRAW:
            return self.my_turn() and self.play.game.check((game.REDRAW, 0, b"", 0)) == 0
        return True

    def menu_rows(self):
        """The menu's rows now and the row of its item on (the item no more offered: Back's)."""
        n = 0
        at = 0
        for i in range(len(MENU)):
            if self.offered(i):
                if i == self.menu:
                    at = n
                n += 1
        return n, at

    def key_menu(self, k):
        app = self.app
        play = self.play
        if not self.offered(self.menu):
            self.menu = 0       # (its row has gone: the hint once the turn passed)
        if k & (keys.UP | keys.DOWN):
            # the next row offered; round from the last to the first (Up from Back: Save and quit)
            i = self.menu
            while True:
                i = (i + (len(MENU) - 1 if k & keys.UP else 1)) % len(MENU)
                if self.offered(i):
                    break
            self.menu = i
            app.dirty |= regions.MELDS | regions.HINT
            return
        if k & (keys.B | keys.X):
            self.set_focus(RACK)
            return
        item = MENU[self.menu]
        if item == lang.M_SORT or item == lang.M_PACE:
            if k & (keys.LEFT | keys.RIGHT | keys.A | keys.PRESS):
                if item == lang.M_SORT:
                    # by colour, by number (the deal's order, once left, cannot come back)
                    self.sort = 2 if self.sort == 1 else 1
                    self.resort()
                    app.dirty |= regions.RACK
                else:
                    app.set_pace((app.settings.pace + (2 if k & keys.LEFT else 1)) % 3)
                app.dirty |= regions.MELDS
            return
        if not k & (keys.A | keys.PRESS):
            return
        self.set_focus(RACK)
        if item == lang.M_HINT:
            self.show_hint()
        elif item == lang.M_REDRAW:
            self.refuse(play.play(game.REDRAW, 0, b"", 0))
        elif item == lang.M_CLEAR:
            self.clear_selection()
            app.dirty |= regions.RACK
        elif item == lang.M_OPP:
            self.set_focus(MELD_LIST, 1)
        elif item == lang.M_LOG:
            self.set_focus(LOG_FOCUS)
            self.top = 0
        elif item == lang.M_QUIT:
            if play.cable is not None:
                play.cable.leave()      # the linked match stays in link.sav
                return
            play.save()
            from ui.title import Title
            app.show(Title(app))

    def show_hint(self):
        """The menu's hint: the move AI level 4 would make, a meld ready in the rack before
        a discard (ai.hint), as advice on the message line ("Hint: lay R11 R12 R13"); the
        tiles it would lay or add are selected, the tile it would discard gets the cursor.
        Nothing is played."""
        play = self.play
        g = play.game
        if not self.my_turn():
            self.refuse(reasons.NOT_YOUR_TURN)
            return
        mv = ai_hint(g, play.viewer)
        if mv is None:
            return
        app = self.app
        kind = mv[0]
        # the imperative texts are in the move kinds' order, DRAW..CLOSE, as the DID_ texts
        # (play.move_text); on the viewer's turn in play the hint is one of those kinds
        text = lang.t(lang.HINT_IS) + lang.t(lang.DO_DRAW + kind)
        if game.MELD <= kind <= game.DISCARD:
            cards = g.rules.cards
            text += " " + lang.tiles(tiles.list_text(mv[2][:1] if kind == game.DISCARD else mv[2], cards), cards)
        self.message = text
        self.message_colour = WHITE
        app.dirty |= regions.MESSAGE
        if kind == game.MELD or kind == game.ADD or kind == game.SWAP or kind == game.DISCARD:
            r = self.rack()
            s = self.selection
            for i in range(len(r)):
                s[i] &= 2
            for t in mv[2]:
                for i in range(len(r)):
                    if r[i] == t and not s[i] & 1:
                        if kind == game.DISCARD:
                            self.cursor = i
                        else:
                            s[i] |= 1
                        break
            self.fix_scroll()
            app.dirty |= regions.RACK

    # --- drawing -----------------------------------------------------------------
    def draw(self, dirty):
        # (no locals but dirty: a cursor move comes through here, see key())
        if self.focus >= MENU_FOCUS and self.app.painter.lay.Y_MENU < Y_MHEAD:
            # the menu (the log) lies over these on a short glass: drawn again when it closes
            dirty &= ~(regions.TABLE | regions.MESSAGE | regions.RACK | regions.CURSOR)
        if dirty & regions.CLEAR:
            self.draw_clear()
        if dirty & regions.TOP:
            draw_top(self.app.painter, self.play.game, self.play.viewer, self.my_turn(), self.app.cable)
        if dirty & regions.TABLE:
            self.draw_table()
        if dirty & regions.MELDS:
            if self.focus == MENU_FOCUS:
                self.draw_menu()
            elif self.focus == LOG_FOCUS:
                from burako.logview import draw
                draw(self)
            else:
                self.draw_melds()
        if dirty & regions.MESSAGE:
            self.draw_message()
        if dirty & regions.RACK:
            self.draw_rack()
        elif dirty & regions.CURSOR:
            if self.old_cursor != self.cursor:
                self.draw_slot(self.old_cursor)
            self.draw_slot(self.cursor)
            self.old_cursor = self.cursor
        if dirty & regions.HINT:
            self.draw_hint()

    def draw_clear(self):
        # every region paints its own background (a whole-screen fill under them would send
        # every pixel twice over SPI); the meld region owns its gap rows too, since the menu
        # paints over them
        p = self.app.painter
        layout = p.lay
        p.fill(0, layout.Y_MSG + 10, p.w, layout.Y_RACK - layout.Y_MSG - 10, FELT)

    def draw_message(self):
        app = self.app
        p = app.painter
        if self.error:
            # a refusal's reason (lang_*.py REASON: each fits the line's 30 characters)
            p.text(0, p.lay.Y_MSG, p.w, lang.reason(self.error), ERR, FELT, 0)
        elif not self.message and app.no_y():
            # nothing played yet this hand, on a board without X and Y: what "A~"/"B~" mean
            p.text(0, p.lay.Y_MSG, p.w, lang.t(lang.HOLD_KEYS), DIM, FELT, 0)
        else:
            p.text(0, p.lay.Y_MSG, p.w, self.message, self.message_colour, FELT, 0)

    def draw_table(self):
        p = self.app.painter
        g = self.play.game
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
        # three rows on the right: the stock, the word muerto whole ("Pozzetto" is 8 letters),
        # and one badge per side (green: taken)
        p.text(128, Y_TABLE + 1, 112, lang.t(lang.STOCK) + " " + str(len(g.stock)), WHITE, FELT_DARK)
        p.text(128, Y_TABLE + 11, 112, lang.t(lang.MUERTO) + ":", DIM, FELT_DARK)
        for side in range(2):
            taken = g.taken[side]
            p.text(128 + side * 56, Y_TABLE + 21, 54, sname(g, side), WHITE if taken else GREY,
                   PURE if taken else FELT, 1)
        p.fill(182, Y_TABLE + 21, 2, 10, FELT_DARK)
        p.fill(238, Y_TABLE + 21, 2, 10, FELT_DARK)

    def draw_melds(self):
        p = self.app.painter
        layout = p.lay
        play = self.play
        g = play.game
        side = game.side_of(play.viewer) ^ self.meld_side
        shown = g.melds[side]
        on = self.focus == MELD_LIST
        head = lang.t(lang.MELDS_OF) + sname(g, side)
        if on:
            head = "<> " + head
        count = len(shown)
        if count > layout.MROWS:
            # more melds than rows (the 1.14 shows one): which are shown, of how many, at the
            # head's right end ("2/5", "1-7/9"), and ^ v while more lie above or below
            top = self.meld_top
            last = top + layout.MROWS if top + layout.MROWS < count else count
            mark = ("^" if top else " ") + ("v" if last < count else " ")
            where = str(top + 1) + ("-" + str(last) if last > top + 1 else "") + "/" + str(count) + " " + mark
            p.band(FELT)
            p.put(0, head, CURSOR if on else DIM)
            p.put(p.w - len(where) * 8, where, CURSOR if on else WHITE)
            p.show(Y_MHEAD)
        else:
            p.text(0, Y_MHEAD, p.w, head, CURSOR if on else DIM, FELT, 0)
        p.fill(0, Y_MHEAD + 10, p.w, Y_MELDS - Y_MHEAD - 10, FELT)
        p.fill(0, Y_MELDS + layout.MROWS * 16, p.w, layout.Y_MSG - Y_MELDS - layout.MROWS * 16, FELT)
        for row in range(layout.MROWS):
            y = Y_MELDS + row * 16
            k = self.meld_top + row
            if k >= len(shown):
                # this row and all below are empty: one window for them
                p.fill(0, y, p.w, (layout.MROWS - row) * 16, FELT)
                if k == 0:
                    p.text(0, y + 2, p.w, lang.t(lang.NO_MELDS), GREY, FELT, 1)
                break
            meld = shown[k]
            n = melds.size(meld)
            current = on and k == self.meld_cursor
            # just laid or added to by the AI (the peer): the size label lit and the row framed
            new = k < 15 and (self.fresh >> (side * 15 + k)) & 1
            frame = CURSOR if current else WHITE if new else FELT
            p.fill(0, y, 30, 2, FELT)           # around the size label
            p.fill(0, y + 12, 30, 4, FELT)
            if melds.is_canasta(meld, g.rules):
                pure = melds.is_pure(meld)
                label = (lang.t(lang.PURE_L) if pure else lang.t(lang.IMPURE_L)) + gfx.NUMS[n if n < 14 else 13]
                p.text(0, y + 2, 30, label, WHITE, HILITE if new else PURE if pure else IMPURE, 1)
            else:
                p.text(0, y + 2, 30, gfx.NUMS[n if n < 14 else 13], WHITE if new else DIM, HILITE if new else FELT, 1)
            p.fill(30, y, 2, 16, frame)
            x = 32
            for j in range(n):
                if x + gfx.MW > p.w:
                    break
                t = meld[melds.HEAD + j]
                if meld[0] == melds.RUN:
                    wild = t != melds.natural_at(meld[1], meld[2] + j)
                else:
                    wild = tiles.is_wild(t)
                p.small(x, y + 1, t, gfx.WILD if wild else 0)
                x += gfx.MW
            if x < p.w:
                p.fill(x, y, 2, 16, frame)
                p.fill(x + 2, y, p.w - x - 2, 16, CURSOR if current else FELT)
            p.fill(32, y, x - 32, 1, frame)
            p.fill(32, y + 15, x - 32, 1, frame)

    def draw_menu(self):
        p = self.app.painter
        layout = p.lay
        app = self.app
        y = layout.Y_MSG if layout.Y_MENU == Y_MHEAD else layout.Y_HINT
        p.fill(0, layout.Y_MENU, p.w, y - layout.Y_MENU, FELT_DARK)
        n, at = self.menu_rows()
        # the rows that fit above the message line (the hints on a short glass); more scroll
        fit = (y - layout.Y_MENU - 4) // layout.MENU_DY
        if at < self.top:
            self.top = at
        elif at >= self.top + fit:
            self.top = at - fit + 1
        if self.top > n - fit:
            self.top = n - fit if n > fit else 0
        row = -self.top - 1     # the glass's row of the item offered (from the menu's top)
        for i in range(len(MENU)):
            if not self.offered(i):
                continue
            row += 1
            if row < 0 or row >= fit:
                continue
            item = MENU[i]
            on = i == self.menu
            text = lang.t(item)
            if item == lang.M_SORT:
                text += ": < " + lang.t(lang.SORT_DEALT if not self.sort else lang.M_SORT_C + self.sort - 1) + " >"
            elif item == lang.M_PACE:
                text += ": < " + lang.t(lang.PACE_FAST + app.settings.pace) + " >"
            yy = layout.Y_MENU + 4 + row * layout.MENU_DY
            p.text(20, yy, 200, text, CURSOR if on else WHITE, HILITE if on else FELT_DARK, 1)
            if row == 0 and self.top:
                p.text(228, yy, 9, "^", CURSOR, FELT_DARK)
            elif row == fit - 1 and self.top + fit < n:
                p.text(228, yy, 9, "v", CURSOR, FELT_DARK)

    def draw_rack(self):
        p = self.app.painter
        layout = p.lay
        r = self.rack()
        # the margins; each slot paints its own background
        p.fill(0, layout.Y_RACK, RACK_X, layout.Y_HINT - layout.Y_RACK, FELT)
        p.fill(RACK_X + RACK_N * TW, layout.Y_RACK, p.w - RACK_X - RACK_N * TW,
               layout.Y_HINT - layout.Y_RACK, FELT)
        for i in range(RACK_N):
            self.draw_slot(self.scroll + i)
        if self.scroll > 0:
            p.text(0, layout.Y_TILE + 9, 9, "<", CURSOR, FELT)
        if self.scroll + RACK_N < len(r):
            p.text(231, layout.Y_TILE + 9, 9, ">", CURSOR, FELT)
        self.old_cursor = self.cursor

    def draw_slot(self, k):
        """One rack position (tile, raise, cursor mark) without touching others: the slot in
        one window (Painter.slot: felt, the tile raised when selected, the cursor's bar)."""
        i = k - self.scroll
        if i < 0 or i >= RACK_N:
            return
        r = self.rack()
        if k >= len(r):
            self.app.painter.slot(RACK_X + i * TW, -1, 0)
            return
        f = self.selection[k]          # bit 0 selected, bit 1 just taken (mark_new)
        f = ((SEL if f & 1 else 0) | (NEW if f & 2 else 0)
             | (CUR if k == self.cursor and self.focus == RACK else 0))
        self.app.painter.slot(RACK_X + i * TW, r[k], f)

    def draw_hint(self):
        app = self.app
        p = app.painter
        layout = p.lay
        play = self.play
        g = play.game
        if self.focus == MENU_FOCUS:
            item = MENU[self.menu]
            first = lang.H_MENU
            second = lang.H_SETUP1 if item == lang.M_SORT or item == lang.M_PACE else -1
        elif self.focus == LOG_FOCUS:
            first, second = lang.H_LOG, -1
        elif self.focus == MELD_LIST:
            first = lang.H_MELD1 if self.my_turn() and not self.meld_side else -1
            second = lang.H_MELD3 if self.meld_side else lang.H_MELD2
        elif not self.my_turn():
            p.text(0, layout.Y_HINT, p.w, lang.t(lang.TURN_OF) + pname(g.turn) +
                   (" (" + lang.t(lang.AI) + ")" if (play.ai_seats >> g.turn) & 1 and play.cable is None else ""),
                   DIM, BAR)
            p.text(0, layout.Y_HINT + 10, p.w, lang.t(lang.H_WAIT), DIM, BAR)
            return
        elif g.phase == game.P_DRAW:
            first, second = lang.H_DRAW1, lang.H_DRAW2
        elif g.phase == game.P_EMPTY or g.phase == game.P_EMPTY_DISCARD:
            first, second = lang.H_CLOSE if g.taken[game.side_of(g.turn)] else lang.H_MUERTO, -1
        elif self.confirm >= 0:
            r = self.rack()
            c = g.rules.cards
            p.text(0, layout.Y_HINT, p.w, lang.t(lang.CONFIRM_DISCARD) + lang.tiles(tiles.to_text(r[self.confirm], c), c),
                   CURSOR, BAR)
            p.text(0, layout.Y_HINT + 10, p.w, "", DIM, BAR)
            return
        else:
            first, second = lang.H_PLAY1, lang.H_PLAY2
        # in the keys the board has: without X and Y (Pico-LCD-1.14) ui/keynames.py renames them
        if app.no_y():
            from ui.keynames import hint as keyhint
            keyhint(p, first, second)
        else:
            hint(p, first, second)

    def state(self, out):
        from burako import logview
        play = self.play
        g = play.game
        rack = g.racks[play.viewer]
        c = g.rules.cards
        out.update({"focus": self.focus, "msg": self.message,
                    "error": self.error, "error_text": lang.reason(self.error) if self.error else "",
                    "cursor": self.cursor, "scroll": self.scroll,
                    "cursor_tile": tiles.to_text(rack[self.cursor], c) if self.cursor < len(rack) else "",
                    "selected": [i for i in range(len(rack)) if self.selection[i] & 1],
                    "new": [i for i in range(len(rack)) if self.selection[i] & 2],
                    "meld_side": self.meld_side, "meld_top": self.meld_top,
                    "fresh": [[i for i in range(15) if (self.fresh >> (side * 15 + i)) & 1] for side in range(2)],
                    "pace": self.app.settings.pace, "ai_ms": self.app.ai_ms,
                    "log_moves": logview.count(self.log)})
        if self.focus == LOG_FOCUS:
            # (its lines only while it is shown: a snapshot in the MicroPython guest holds them all)
            out["log"] = logview.texts(self.log, play)
            out["log_top"] = self.top
        if self.focus == MENU_FOCUS:
            out["menu_ids"] = [MENU[i] for i in range(len(MENU)) if self.offered(i)]
            out["menu"] = [lang.t(i) for i in out["menu_ids"]]
            out["menu_on"] = self.menu_rows()[1]
            out["menu_top"] = self.top


def sort_key(t, number):
    """The rack's sort: by colour then number, or by number then colour; jokers last."""
    if t == tiles.JOKER:
        return 255
    if number:
        return (t % 13) * 4 + t // 13
    return t
