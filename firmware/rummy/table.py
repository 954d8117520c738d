# Rummy israelí's table (docs/rummy.md): the melds on the table, the held tray, the rack, the
# message line and the hints. A person's turn is a workbench (rummy/bench.py): a scratch copy
# of the table and the rack that the player edits freely; Y commits it as one play when the
# engine accepts it, "undo all" throws the edits away. The Table screen owns that view (the
# workbench, the focus, the cursors, the menu row, the last move's line); one Table is kept per
# console for every match (RUMMY.table()).
from micropython import const
from rummy import rules
from rummy import text
from rummy.text import tx
from engine import tiles
from hal import keys
from ui import gfx
from ui import lang
from ui import screen as regions
from ui import sounds
from ui.screen import Screen
from ui.gfx import (FELT, FELT_DARK, BAR, TURN, WHITE, CURSOR, DIM, ERR, HILITE, PURE, GREY,
                    MW, MH, TW, TH)

# focus while playing
RACK = const(0)
TABLE = const(1)
MENU = const(2)
MENU_ROWS = const(6)       # undo all, pass, sort, closing tile, hint, save and quit

# layout, the Pico-LCD-1.3's rows (then the Pico-LCD-1.14's 135: 3 meld rows, the held tray,
# the rack, the message and the hints at h - 20)
Y_TABLE = const(14)
ROW_H = const(16)
ROWS = const(9)            # meld rows visible
Y_HELD = const(160)
Y_RACK = const(174)
Y_MSG = const(206)
RACK_N = const(13)
X_MELD = const(12)
SHORT_ROW_H = const(15)
SHORT_ROWS = const(3)
SHORT_HELD = const(61)
SHORT_RACK = const(76)
SHORT_MSG = const(105)


class Table(Screen):
    """The view of the match from the viewer's seat: the workbench (None: not a person's turn
    to play), the focus (RACK, TABLE, MENU), the rack's cursor and scroll, the table's cursor
    (the meld row, len(melds) a new meld, and the position in it), its first row shown, the
    menu row, the last move's line and its colour, the reason a play is refused and the meld
    at fault, the tiles on the table before the last move."""

    name = "rummy"
    mode = "play"

    def __init__(self, app):
        super().__init__(app)
        self.play = None
        self.bench = None
        self.focus = RACK
        self.cursor = 0
        self.scroll = 0
        self.meld = 0
        self.position = 0
        self.top = 0
        self.menu = 0
        self.message = ""
        self.message_colour = WHITE
        self.error = 0
        self.bad = -1
        self.tiles_before = 0

    def begin(self, play):
        from rummy.play import table_tiles
        self.play = play
        self.tiles_before = table_tiles(play.game.table)

    def workbench(self):
        """A person's workbench, the cursors home (an autoplay AI in a person's seat, over the
        cable, needs none)."""
        g = self.play.game
        for t in g.racks[g.turn]:
            if t >= tiles.NCODES:
                # hidden hands: a drawn tile on its way ("?"): the bench comes once it is open
                # (the play answers the draw again, rummy/play.py hidden_news)
                self.bench = None
                return
        from rummy.bench import Bench
        self.bench = Bench(g)
        self.cursor = 0
        self.scroll = 0
        self.meld = 0
        self.position = 0
        self.top = 0
        self.error = 0
        self.bad = -1

    def fix_scroll(self):
        n = len(self.bench.rack) if self.bench else len(self.play.game.racks[self.play.viewer])
        if self.cursor >= n:
            self.cursor = n - 1 if n else 0
        if self.cursor < self.scroll:
            self.scroll = self.cursor
        elif self.cursor >= self.scroll + RACK_N:
            self.scroll = self.cursor - RACK_N + 1
        if self.scroll and self.scroll + RACK_N > n:
            self.scroll = n - RACK_N if n > RACK_N else 0

    def fix_top(self):
        n = ROWS if self.app.painter.lay.tall else SHORT_ROWS
        if self.meld < self.top:
            self.top = self.meld
        elif self.meld >= self.top + n:
            self.top = self.meld - n + 1

    def status(self):
        """Why the bench cannot be played now (0: it can), and the meld at fault."""
        r, meld = self.bench.status()
        self.error = r
        self.bad = meld
        return r

    # --- time ------------------------------------------------------------------
    def tick(self, now):
        play = self.play
        g = play.game
        if g.phase >= rules.P_HAND_OVER:
            return
        ai = play.ais[g.turn]
        cable = play.cable
        if ai is None or not play.due(now) or cable is not None and not cable.link.my_turn():
            return      # (over the cable: not while a hidden hand's drawn tile is on its way)
        mv = play.pending
        if mv is None:
            mv = ai.choose(g)
            if cable is not None:
                # over the cable the move is played in the next frame: the search's garbage and
                # the move's (the link's, the redraw's) would otherwise share one frame's heap
                play.pending = mv
                play.next_ai = now + 1
                return
        play.pending = None
        if play.play(mv):
            play.play((rules.PASS, ()))      # never stall on an AI bug
        play.next_ai = now + self.app.ai_ms

    def waiting(self):
        return self.play.human(self.play.game.turn)

    # --- keys ------------------------------------------------------------------
    def key(self, k):
        play = self.play
        g = play.game
        app = self.app
        cable = play.cable
        if not play.human(g.turn) or g.phase >= rules.P_HAND_OVER or cable is not None and not cable.link.my_turn():
            return      # (over the cable: a hidden hand's drawn tile on its way is "?", the bench waits)
        if g.phase == rules.P_DRAW:
            if k & (keys.A | keys.PRESS):
                play.play((rules.DRAW, ()))
            return
        b = self.bench
        if self.focus == MENU:
            if k & keys.UP:
                self.menu = (self.menu - 1) % MENU_ROWS
            elif k & keys.DOWN:
                self.menu = (self.menu + 1) % MENU_ROWS
            elif k & (keys.B | keys.X):
                self.focus = RACK
            elif k & (keys.A | keys.PRESS):
                self.focus = RACK
                self.menu_item(self.menu)
                return
            app.dirty = regions.ALL
            return
        if k & keys.X:
            self.focus = MENU
            self.menu = 0
            app.dirty = regions.ALL
            return
        if k & keys.Y:
            if self.status() == 0:
                play.play(b.move())
            else:
                sounds.cue(app, sounds.REFUSED)     # the reason is on the message line
            app.dirty |= regions.MESSAGE | regions.TABLE
            return
        if self.focus == RACK:
            if k & keys.LEFT and self.cursor > 0:
                self.cursor -= 1
            elif k & keys.RIGHT and self.cursor + 1 < len(b.rack):
                self.cursor += 1
            elif k & keys.UP:
                self.focus = TABLE
                self.meld = len(b.melds)
                self.position = 0
                self.fix_top()
            elif k & (keys.A | keys.PRESS) and b.rack:
                b.pick_rack(self.cursor)
            elif k & keys.B and b.held:
                b.put_back()
            self.fix_scroll()
        else:
            n = len(b.melds)
            if k & keys.UP:
                if self.meld > 0:
                    self.meld -= 1
            elif k & keys.DOWN:
                if self.meld < n:
                    self.meld += 1
                else:
                    self.focus = RACK
            elif k & keys.LEFT:
                if self.position > 0:
                    self.position -= 1
            elif k & keys.RIGHT:
                self.position += 1
            elif k & keys.A and b.held:
                b.put(self.meld, min(self.position, len(b.melds[self.meld]) if self.meld < n else 0))
                self.position = self.position + 1 if self.meld < n else 1
                # in table order as soon as its tiles make a meld (a joker's identity is its
                # place, R13.2): the cursor follows to the end
                if b.tidy(self.meld):
                    self.position = len(b.melds[self.meld])
            elif k & (keys.A | keys.PRESS):
                # A with empty hands, or the press at any time, picks a table tile
                if self.meld < n and self.position < len(b.melds[self.meld]):
                    b.pick_table(self.meld, self.position)
            elif k & keys.B:
                if b.held:
                    b.put_back()
                else:
                    self.focus = RACK
            n = len(b.melds)
            if self.meld > n:
                self.meld = n
            limit = len(b.melds[self.meld]) if self.meld < n else 0
            if self.position > limit:
                self.position = limit
            self.fix_top()
        self.status()
        app.dirty = regions.ALL & ~regions.TOP

    def menu_item(self, i):
        app = self.app
        play = self.play
        g = play.game
        b = self.bench
        if i == 0:
            b.reset()
            self.cursor = 0
            self.scroll = 0
            self.meld = 0
            self.position = 0
            self.top = 0
            self.status()
        elif i == 1:
            play.play((rules.PASS, ()))
            return
        elif i == 2:
            r = sorted(b.rack, key=lambda t: (t % 13) * 4 + t // 13 if t != tiles.JOKER else 255)
            b.rack[:] = bytes(r)
        elif i == 3:
            b.pick_closing()
        elif i == 4:
            from rummy import solve
            p = g.turn
            found = solve.solve(g.table, g.racks[p], g.exposed[p], g.closing, solve.NODES, True, True)
            if found is None:
                self.message = tx(text.NO_HINT)
            else:
                # the tiles the suggestion lays
                count = bytearray(tiles.NCODES)
                for meld in found[0]:
                    for t in meld:
                        count[t] += 1
                for meld in g.table:
                    for t in meld:
                        count[t] -= 1
                out = bytearray()
                for t in range(tiles.NCODES):
                    for _ in range(count[t]):
                        out.append(t)
                self.message = tx(text.HINT) + ": " + lang.tiles(tiles.list_text(out))
            self.message_colour = CURSOR
        elif play.cable is not None:
            play.cable.leave(True)      # the linked match stays saved (rlink.sav)
            return
        else:
            play.save()
            from ui.title import Title
            app.show(Title(app))
            return
        self.fix_scroll()
        app.dirty = regions.ALL

    # --- drawing -----------------------------------------------------------------
    def draw(self, dirty):
        p = self.app.painter
        play = self.play
        g = play.game
        b = self.bench
        if dirty & regions.TOP:
            self.draw_top(p)
        melds = b.melds if b is not None else g.table
        held = b.held if b is not None else b""
        rack = b.rack if b is not None else g.racks[play.viewer]
        closing = b.closing if b is not None else g.closing
        on_table = b is not None and self.focus == TABLE
        short = not p.lay.tall
        rows = SHORT_ROWS if short else ROWS
        row_h = SHORT_ROW_H if short else ROW_H
        y_held = SHORT_HELD if short else Y_HELD
        y_rack = SHORT_RACK if short else Y_RACK
        if dirty & regions.TABLE:
            p.fill(0, Y_TABLE - 2, p.w, rows * row_h + 2, FELT)
            n = len(melds)
            for r in range(rows):
                i = self.top + r
                y = Y_TABLE + r * row_h
                if i > n or (i == n and b is None):
                    break
                on = on_table and i == self.meld
                if i == n:
                    p.text(X_MELD, y + 2, 200, "+ " + tx(text.NEW_MELD), CURSOR if on else DIM, FELT)
                    if on:
                        put_mark(p, X_MELD - 4, y, held)
                    continue
                meld = melds[i]
                if meld and rules.check_meld(meld):
                    p.fill(2, y, 4, MH, ERR)        # a broken meld: a red bar
                elif on:
                    p.fill(2, y, 4, MH, CURSOR)
                x = X_MELD
                for j in range(len(meld)):
                    if x > p.w - MW:
                        break
                    if on and j == self.position:
                        put_mark(p, x - 2, y, held)
                    p.small(x, y, meld[j], 0)
                    x += MW
                if on and self.position >= len(meld):
                    put_mark(p, x - 1, y, held)
            if self.top:
                p.text(224, Y_TABLE, 16, "^", DIM, FELT)
            if self.top + rows <= n:
                p.text(224, Y_TABLE + (rows - 1) * row_h, 16, "v", DIM, FELT)
        if dirty & regions.RACK:
            p.fill(0, y_held - 2, p.w, (SHORT_MSG if short else Y_MSG) - y_held + 2, FELT_DARK)
            t = tx(text.HELD)
            p.text(2, y_held + 2, len(t) * 8, t, DIM, FELT_DARK)
            x = 4 + len(t) * 8
            for j in range(len(held)):
                if x > 130 - MW:
                    break
                p.small(x, y_held, held[j], gfx.WILD if j == len(held) - 1 else 0)
                x += MW
            if closing != rules.NO_TILE:
                p.text(196, y_held + 2, 24, "C:", GREY, FELT_DARK)
                p.small(218, y_held, closing, 0)
            on_rack = b is not None and self.focus == RACK
            for s in range(RACK_N):
                i = self.scroll + s
                x = 2 + s * (TW + 1)
                if i >= len(rack):
                    break
                p.tile(x, y_rack, rack[i], gfx.CUR if on_rack and i == self.cursor else 0, FELT_DARK)
            # tiles scrolled out of view, on either side: a bar at that edge
            if self.scroll:
                p.fill(0, y_rack, 2, TH, CURSOR)
            if self.scroll + RACK_N < len(rack):
                p.fill(237, y_rack, 2, TH, CURSOR)
        if dirty & (regions.MESSAGE | regions.HINT | regions.TABLE | regions.RACK):
            self.draw_message(p)        # its line ends with the rack's tile count
        # last: on the 1.14 the menu lies over the held tray and the rack
        if dirty & regions.TABLE and self.focus == MENU and b is not None:
            self.draw_menu(p)

    def draw_top(self, p):
        play = self.play
        g = play.game
        me = play.human(g.turn) and g.turn == play.viewer and g.phase < rules.P_HAND_OVER
        bg = TURN if me else BAR
        p.fill(0, 0, p.w, 12, bg)
        x = 2
        for s in range(g.n):
            t = lang.t(lang.P) + gfx.NUMS[s + 1] + " " + str(g.scores[s])
            c = CURSOR if s == play.viewer else WHITE
            if s == g.turn:
                c = PURE if s != play.viewer else CURSOR
            p.text(x, 1, len(t) * 8, t, c, bg)
            x += len(t) * 8 + 6
        # the stock's count, named where it fits (4 players' scores may leave room only for it)
        t = str(len(g.stock))
        if x + (len(t) + 6) * 8 <= 238:
            t = lang.t(lang.STOCK) + " " + t
        p.text(238 - len(t) * 8, 1, len(t) * 8, t, DIM, bg)

    def draw_menu(self, p):
        step = 14 if p.lay.tall else 12       # the 1.14's menu ends above the message line
        p.fill(40, Y_TABLE + 8, 160, MENU_ROWS * step + 8, BAR)
        for i in range(MENU_ROWS):
            on = i == self.menu
            bg = HILITE if on else BAR
            p.text(44, Y_TABLE + 12 + i * step, 152, tx(text.UNDO + i), CURSOR if on else WHITE, bg)

    def draw_message(self, p):
        app = self.app
        play = self.play
        g = play.game
        b = self.bench
        tall = p.lay.tall
        y_msg = Y_MSG if tall else SHORT_MSG
        y_hint = p.h - 20
        if b is not None and self.error and self.error != rules.TILES_HELD:
            s = text.reason(self.error)
            if self.bad >= 0:
                s = "#" + str(self.bad + 1) + " " + s
            c = ERR
        elif b is not None and self.error == 0 and (b.held or len(b.rack) != len(g.racks[g.turn]) or
                                                    len(b.laid())):
            s = tx(text.READY)
            if app.no_y():
                from ui.keynames import name    # "Y:" is A held there
                s = name(s)
            c = PURE
        else:
            s = self.message
            c = self.message_colour
        if b is not None and not g.exposed[g.turn]:
            # R13.6: the first exposure's points, counted while building it
            points = 0
            for meld in b.melds:
                if meld and not rules.check_meld(meld):
                    points += rules.meld_points(meld)
            for meld in g.table:
                points -= rules.meld_points(meld)
            s2 = str(points if points > 0 else 0) + "/30"
            p.text(132, (Y_HELD if tall else SHORT_HELD) + 2, 56, s2, PURE if points >= 30 else DIM, FELT_DARK, 2)
        # the rack's tile count at the message line's end (under the rack it was drawn over)
        t = str(len(b.rack) if b is not None else len(g.racks[play.viewer]))
        w = len(t) * 8 + 4
        p.text(0, y_msg, p.w - w, s, c, FELT_DARK)
        p.text(p.w - w, y_msg, w, t, DIM, FELT_DARK, 2)
        # the rows between the message and the hints: the set-up's pixels stayed there
        p.fill(0, y_msg + 10, p.w, y_hint - y_msg - 10, FELT_DARK)
        if not play.human(g.turn):
            first = tx(text.H_WAIT if play.cable is None else text.H_PEER)
            second = ""
        elif g.phase == rules.P_DRAW:
            first = tx(text.H_DRAW)
            second = ""
        elif self.focus == MENU:
            first = tx(text.H_MENU)
            second = ""
        else:
            first = tx(text.H_RACK if self.focus == RACK else text.H_TABLE)
            second = "X:" + tx(text.UNDO) + "/" + tx(text.PASS)
        if app.no_y():
            # no X or Y keys (Pico-LCD-1.14): the texts name B held and A held
            from ui.keynames import name
            first = name(first)
            second = name(second)
        p.text(0, y_hint, p.w, first, DIM, BAR, gfx.CAPS)
        p.text(0, y_hint + 10, p.w, second, DIM, BAR, gfx.CAPS)

    def state(self, out):
        out["msg"] = self.message
        out["error"] = self.error
        out["error_text"] = text.reason(self.error) if self.error else ""
        b = self.bench
        if b is not None:
            out["bench"] = {"table": rules.table_text([x for x in b.melds if x]),
                            "rack": tiles.list_text(b.rack), "held": tiles.list_text(b.held),
                            "focus": self.focus, "cursor": self.cursor, "meld": self.meld,
                            "pos": self.position}


def put_mark(p, x, y, held):
    # where A puts the held tile (or which tile A picks)
    p.fill(x, y - 1, 2, MH + 2, CURSOR if held else WHITE)
