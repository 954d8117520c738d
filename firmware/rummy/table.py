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
                    MW, MH, TW)

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
RACK_X = const(9)          # the rack's first tile; "<" and ">" in the margins (as Burako's)
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
    at fault, the tiles on the table before the last move, and whether the player chose to
    keep the rack sorted (the menu's "sort rack": kept through plays, draws and turns)."""

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
        self.sorted = False

    def begin(self, play):
        from rummy.play import table_tiles
        self.play = play
        self.tiles_before = table_tiles(play.game.table)

    def workbench(self):
        """A person's workbench, the cursors home (an autoplay AI in a person's seat, over the
        cable, needs none)."""
        game = self.play.game
        for tile in game.racks[game.turn]:
            if tile >= tiles.NCODES:
                # hidden hands: a drawn tile on its way ("?"): the bench comes once it is open
                # (the play answers the draw again, rummy/play.py hidden_news)
                self.bench = None
                return
        from rummy.bench import Bench
        self.bench = Bench(game)
        if self.sorted:
            sort_rack(self.bench.rack)
        self.cursor = 0
        self.scroll = 0
        self.meld = 0
        self.position = 0
        self.top = 0
        self.error = 0
        self.bad = -1

    def show_tile(self, tile):
        """The rack's cursor on `tile` (its first copy; the rack's last tile when it is not
        there), scrolled into view."""
        rack = self.bench.rack if self.bench is not None else self.play.game.racks[self.play.viewer]
        self.cursor = len(rack) - 1
        for i in range(len(rack)):
            if rack[i] == tile:
                self.cursor = i
                break
        self.fix_scroll()

    def put_back(self):
        """The top held tile back (Bench.put_back); on a rack kept sorted, into its place, the
        rack's cursor following it there."""
        bench = self.bench
        tile = bench.held[-1]
        if bench.put_back() and self.sorted:
            sort_rack(bench.rack)
            if self.focus == RACK:
                self.show_tile(tile)

    def fix_scroll(self):
        count = len(self.bench.rack) if self.bench else len(self.play.game.racks[self.play.viewer])
        if self.cursor >= count:
            self.cursor = count - 1 if count else 0
        if self.cursor < self.scroll:
            self.scroll = self.cursor
        elif self.cursor >= self.scroll + RACK_N:
            self.scroll = self.cursor - RACK_N + 1
        if self.scroll and self.scroll + RACK_N > count:
            self.scroll = count - RACK_N if count > RACK_N else 0

    def fix_top(self):
        rows = ROWS if self.app.painter.lay.tall else SHORT_ROWS
        if self.meld < self.top:
            self.top = self.meld
        elif self.meld >= self.top + rows:
            self.top = self.meld - rows + 1

    def status(self):
        """Why the bench cannot be played now (0: it can), and the meld at fault."""
        reason, meld = self.bench.status()
        self.error = reason
        self.bad = meld
        return reason

    # --- time ------------------------------------------------------------------
    def tick(self, now):
        play = self.play
        game = play.game
        if game.phase >= rules.P_HAND_OVER:
            return
        ai = play.ais[game.turn]
        cable = play.cable
        if ai is None or not play.due(now) or cable is not None and not cable.link.my_turn():
            return      # (over the cable: not while a hidden hand's drawn tile is on its way)
        mv = play.pending
        if mv is None:
            mv = ai.choose(game)
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
    def key(self, key):
        play = self.play
        game = play.game
        app = self.app
        cable = play.cable
        if not play.human(game.turn) or game.phase >= rules.P_HAND_OVER or cable is not None and not cable.link.my_turn():
            return      # (over the cable: a hidden hand's drawn tile on its way is "?", the bench waits)
        if game.phase == rules.P_DRAW:
            if key & (keys.A | keys.PRESS):
                play.play((rules.DRAW, ()))
            return
        bench = self.bench
        if self.focus == MENU:
            if key & keys.UP:
                self.menu = (self.menu - 1) % MENU_ROWS
            elif key & keys.DOWN:
                self.menu = (self.menu + 1) % MENU_ROWS
            elif key & (keys.B | keys.X):
                self.focus = RACK
            elif key & (keys.A | keys.PRESS):
                self.focus = RACK
                self.menu_item(self.menu)
                return
            app.redraw()
            return
        if key & keys.X:
            self.focus = MENU
            self.menu = 0
            app.redraw()
            return
        if key & keys.Y:
            if self.status() == 0:
                play.play(bench.move())
            else:
                sounds.cue(app, sounds.REFUSED)     # the reason is on the message line
            app.redraw(regions.MESSAGE | regions.TABLE)
            return
        if self.focus == RACK:
            if key & keys.LEFT and self.cursor > 0:
                self.cursor -= 1
            elif key & keys.RIGHT and self.cursor + 1 < len(bench.rack):
                self.cursor += 1
            elif key & keys.UP:
                self.focus = TABLE
                self.meld = len(bench.melds)
                self.position = 0
                self.fix_top()
            elif key & (keys.A | keys.PRESS) and bench.rack:
                bench.pick_rack(self.cursor)
            elif key & keys.B and bench.held:
                self.put_back()
            self.fix_scroll()
        else:
            melds = len(bench.melds)
            if key & keys.UP:
                if self.meld > 0:
                    self.meld -= 1
            elif key & keys.DOWN:
                if self.meld < melds:
                    self.meld += 1
                else:
                    self.focus = RACK
            elif key & keys.LEFT:
                if self.position > 0:
                    self.position -= 1
            elif key & keys.RIGHT:
                self.position += 1
            elif key & keys.A and bench.held:
                bench.put(self.meld, min(self.position, len(bench.melds[self.meld]) if self.meld < melds else 0))
                self.position = self.position + 1 if self.meld < melds else 1
                # in table order as soon as its tiles make a meld (a joker's identity is its
                # place, R13.2): the cursor follows to the end
                if bench.tidy(self.meld):
                    self.position = len(bench.melds[self.meld])
            elif key & (keys.A | keys.PRESS):
                # A with empty hands, or the press at any time, picks a table tile
                if self.meld < melds and self.position < len(bench.melds[self.meld]):
                    bench.pick_table(self.meld, self.position)
            elif key & keys.B:
                if bench.held:
                    self.put_back()
                else:
                    self.focus = RACK
            melds = len(bench.melds)
            if self.meld > melds:
                self.meld = melds
            limit = len(bench.melds[self.meld]) if self.meld < melds else 0
            if self.position > limit:
                self.position = limit
            self.fix_top()
        self.status()
        app.dirty = regions.ALL & ~regions.TOP

    def menu_item(self, row):
        app = self.app
        play = self.play
        game = play.game
        bench = self.bench
        if row == 0:
            bench.reset()
            if self.sorted:
                sort_rack(bench.rack)
            self.cursor = 0
            self.scroll = 0
            self.meld = 0
            self.position = 0
            self.top = 0
            self.status()
        elif row == 1:
            play.play((rules.PASS, ()))
            return
        elif row == 2:
            # kept sorted from now on (Table.sorted): a play, a draw or a turn does not undo it
            self.sorted = True
            sort_rack(bench.rack)
        elif row == 3:
            bench.pick_closing()
        elif row == 4:
            from rummy import solve
            seat = game.turn
            found = solve.solve(game.table, game.racks[seat], game.exposed[seat], game.closing, solve.NODES, True, True)
            if found is None:
                # nothing to lay: the menu stays open on "pass", the line says A passes
                self.message = tx(text.NO_HINT)
                self.focus = MENU
                self.menu = 1
            else:
                # the tiles the suggestion lays
                count = bytearray(tiles.NCODES)
                for meld in found[0]:
                    for tile in meld:
                        count[tile] += 1
                for meld in game.table:
                    for tile in meld:
                        count[tile] -= 1
                out = bytearray()
                for tile in range(tiles.NCODES):
                    for _ in range(count[tile]):
                        out.append(tile)
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
        app.redraw()

    # --- drawing -----------------------------------------------------------------
    def draw(self, dirty):
        painter = self.app.painter
        play = self.play
        game = play.game
        bench = self.bench
        if dirty & regions.TOP:
            self.draw_top(painter)
        melds = bench.melds if bench is not None else game.table
        held = bench.held if bench is not None else b""
        rack = bench.rack if bench is not None else game.racks[play.viewer]
        if bench is None and self.sorted:
            rack = bytes(sorted(rack, key=sort_key))      # (a redraw's, not a frame's)
        closing = bench.closing if bench is not None else game.closing
        on_table = bench is not None and self.focus == TABLE
        short = not painter.lay.tall
        rows = SHORT_ROWS if short else ROWS
        row_h = SHORT_ROW_H if short else ROW_H
        y_held = SHORT_HELD if short else Y_HELD
        y_rack = SHORT_RACK if short else Y_RACK
        if dirty & regions.TABLE and self.focus == MENU and bench is not None:
            # the menu takes the melds' band while it is open: it never covers the workbench
            self.draw_menu(painter, rows, row_h)
        elif dirty & regions.TABLE:
            painter.fill(0, Y_TABLE - 2, painter.w, rows * row_h + 2, FELT)
            count = len(melds)
            for row in range(rows):
                i = self.top + row
                y = Y_TABLE + row * row_h
                if i > count or (i == count and bench is None):
                    break
                on = on_table and i == self.meld
                if i == count:
                    painter.text(X_MELD, y + 2, 200, "+ " + tx(text.NEW_MELD), CURSOR if on else DIM, FELT)
                    if on:
                        put_mark(painter, X_MELD - 4, y, held)
                    continue
                meld = melds[i]
                if meld and rules.check_meld(meld):
                    painter.fill(2, y, 4, MH, ERR)        # a broken meld: a red bar
                elif on:
                    painter.fill(2, y, 4, MH, CURSOR)
                x = X_MELD
                for j in range(len(meld)):
                    if x > painter.w - MW:
                        break
                    if on and j == self.position:
                        put_mark(painter, x - 2, y, held)
                    painter.small(x, y, meld[j], 0)
                    x += MW
                if on and self.position >= len(meld):
                    put_mark(painter, x - 1, y, held)
            if self.top:
                painter.text(224, Y_TABLE, 16, "^", DIM, FELT)
            if self.top + rows <= count:
                painter.text(224, Y_TABLE + (rows - 1) * row_h, 16, "v", DIM, FELT)
        if dirty & regions.RACK:
            painter.fill(0, y_held - 2, painter.w, (SHORT_MSG if short else Y_MSG) - y_held + 2, FELT_DARK)
            # the held row, from the right: the closing tile (R13.8) and, before the player's
            # first exposure, the new melds' points against 30 (R13.6), each named; the held
            # tiles in the room left (the top ones when not all fit)
            right = painter.w - 2
            if closing != rules.NO_TILE:
                right -= MW
                painter.small(right, y_held, closing, 0)
                label = tx(text.CLOSER)
                right -= len(label) * 8 + 3
                painter.text(right, y_held + 2, len(label) * 8, label, GREY, FELT_DARK)
                right -= 8
            if bench is not None and not game.exposed[game.turn]:
                points = self.points()
                label = tx(text.MELD_30) + " "
                figure = str(points) + "/30"
                right -= len(figure) * 8
                painter.text(right, y_held + 2, len(figure) * 8, figure, PURE if points >= 30 else WHITE, FELT_DARK)
                right -= len(label) * 8
                painter.text(right, y_held + 2, len(label) * 8, label, GREY, FELT_DARK)
                right -= 6
            label = tx(text.HELD)
            painter.text(2, y_held + 2, len(label) * 8, label, DIM, FELT_DARK)
            x = 4 + len(label) * 8
            first = len(held) - (right - x) // MW
            for j in range(first if first > 0 else 0, len(held)):
                painter.small(x, y_held, held[j], gfx.WILD if j == len(held) - 1 else 0)
                x += MW
            on_rack = bench is not None and self.focus == RACK
            for slot in range(RACK_N):
                i = self.scroll + slot
                if i >= len(rack):
                    break
                painter.tile(RACK_X + slot * TW, y_rack, rack[i], gfx.CUR if on_rack and i == self.cursor else 0, FELT_DARK)
            # tiles scrolled out of view, on either side: Burako's "<" and ">" in the margins
            if self.scroll:
                painter.text(0, y_rack + 9, RACK_X, "<", CURSOR, FELT_DARK)
            if self.scroll + RACK_N < len(rack):
                painter.text(RACK_X + RACK_N * TW + 1, y_rack + 9, RACK_X, ">", CURSOR, FELT_DARK)
        if dirty & (regions.MESSAGE | regions.HINT | regions.TABLE | regions.RACK):
            self.draw_message(painter)        # its line ends with the rack's tile count

    def points(self):
        """R13.6: the first exposure's points, counted while building it (the new melds that are
        melds)."""
        points = 0
        for meld in self.bench.melds:
            if meld and not rules.check_meld(meld):
                points += rules.meld_points(meld)
        for meld in self.play.game.table:
            points -= rules.meld_points(meld)
        return points if points > 0 else 0

    def draw_top(self, painter):
        play = self.play
        game = play.game
        me = play.human(game.turn) and game.turn == play.viewer and game.phase < rules.P_HAND_OVER
        bg = TURN if me else BAR
        painter.fill(0, 0, painter.w, 12, bg)
        x = 2
        for seat in range(game.n):
            text = lang.t(lang.PLAYER) + gfx.NUMS[seat + 1] + " " + str(game.scores[seat])
            colour = CURSOR if seat == play.viewer else WHITE
            if seat == game.turn:
                colour = PURE if seat != play.viewer else CURSOR
            painter.text(x, 1, len(text) * 8, text, colour, bg)
            x += len(text) * 8 + 6
        # at the right: the stock's count, named where it fits; before it, on the viewer's turn
        # "Your turn" (as Burako's bar says it), else over the cable the deal and the hand
        # ("Hidden H2"); 4 players' scores may leave room for those words only (the count gives
        # way to them)
        cable = self.app.cable
        if me:
            lead = lang.t(lang.YOUR_TURN)
        elif cable is not None:
            lead = lang.t(lang.TOP_OPEN if cable.link.hidden is None else lang.TOP_HIDDEN) + str(game.hand)
        else:
            lead = ""
        need = len(lead) * 8 + 8 if lead else 0
        text = lang.t(lang.STOCK) + " " + str(len(game.stock))
        if x + need + len(text) * 8 > 238:
            text = str(len(game.stock))
        right = 238
        if x + need + len(text) * 8 <= 238:
            right -= len(text) * 8
            painter.text(right, 1, len(text) * 8, text, DIM, bg)
            right -= 8
        if lead and x + len(lead) * 8 <= right:
            painter.text(right - len(lead) * 8, 1, len(lead) * 8, lead, WHITE if me else DIM, bg)

    def draw_menu(self, painter, rows, row_h):
        # the melds' band, the menu's rows in it (the 1.14's 3 scroll with the choice; ^ v
        # say more are there)
        painter.fill(0, Y_TABLE - 2, painter.w, rows * row_h + 2, BAR)
        first = self.menu - rows + 1 if self.menu >= rows else 0
        for row in range(rows):
            i = first + row
            if i >= MENU_ROWS:
                break
            on = i == self.menu
            painter.text(X_MELD, Y_TABLE + row * row_h + 2, 200, tx(text.UNDO + i), CURSOR if on else WHITE,
                         HILITE if on else BAR)
        if first:
            painter.text(224, Y_TABLE + 2, 16, "^", DIM, BAR)
        if first + rows < MENU_ROWS:
            painter.text(224, Y_TABLE + (rows - 1) * row_h + 2, 16, "v", DIM, BAR)

    def draw_message(self, painter):
        app = self.app
        play = self.play
        game = play.game
        bench = self.bench
        tall = painter.lay.tall
        y_msg = Y_MSG if tall else SHORT_MSG
        y_hint = painter.h - 20
        if bench is not None and self.error and self.error != rules.TILES_HELD:
            line = text.reason(self.error)
            if self.bad >= 0:
                line = "#" + str(self.bad + 1) + " " + line
            colour = ERR
        elif bench is not None and self.error == 0 and (bench.held or len(bench.rack) != len(game.racks[game.turn]) or
                                                    len(bench.laid())):
            line = tx(text.READY)
            if app.no_y():
                from ui.keynames import name    # "Y:" is A held there
                line = name(line)
            colour = PURE
        else:
            line = self.message
            colour = self.message_colour
        # the rack's tile count at the message line's end (under the rack it was drawn over)
        count = str(len(bench.rack) if bench is not None else len(game.racks[play.viewer]))
        width = len(count) * 8 + 4
        painter.text(0, y_msg, painter.w - width, line, colour, FELT_DARK)
        painter.text(painter.w - width, y_msg, width, count, DIM, FELT_DARK, 2)
        # the rows between the message and the hints: the set-up's pixels stayed there
        painter.fill(0, y_msg + 10, painter.w, y_hint - y_msg - 10, FELT_DARK)
        if not play.human(game.turn):
            first = tx(text.H_WAIT if play.cable is None else text.H_PEER)
            second = ""
        elif game.phase == rules.P_DRAW:
            first = tx(text.H_DRAW)
            second = ""
        elif self.focus == MENU:
            first = tx(text.H_MENU)
            second = ""
        else:
            # one meaning a key: X opens the menu, named once, on its own line
            first = tx(text.H_RACK if self.focus == RACK else text.H_TABLE)
            second = tx(text.H_MORE)
        if app.no_y():
            # no X or Y keys (Pico-LCD-1.14): the texts name B held and A held
            from ui.keynames import name
            first = name(first)
            second = name(second)
        painter.text(0, y_hint, painter.w, first, DIM, BAR, gfx.CAPS)
        painter.text(0, y_hint + 10, painter.w, second, DIM, BAR, gfx.CAPS)

    def state(self, out):
        out["msg"] = self.message
        out["error"] = self.error
        out["error_text"] = text.reason(self.error) if self.error else ""
        bench = self.bench
        if bench is not None:
            out["bench"] = {"table": rules.table_text([meld for meld in bench.melds if meld]),
                            "rack": tiles.list_text(bench.rack), "held": tiles.list_text(bench.held),
                            "focus": self.focus, "cursor": self.cursor, "meld": self.meld,
                            "pos": self.position}


def sort_key(tile):
    # the menu's sort: by number, then colour; jokers (and a hidden "?") last
    return (tile % 13) * 4 + tile // 13 if tile < tiles.JOKER else 200 + tile


def sort_rack(rack):
    rack[:] = bytes(sorted(rack, key=sort_key))


def put_mark(painter, x, y, held):
    # where A puts the held tile (or which tile A picks)
    painter.fill(x, y - 1, 2, MH + 2, CURSOR if held else WHITE)
