# The game on the 240x240 screen: title, new-game setup, the table, hand-off,
# end of hand and end of match.
#
# App(board).run() is the device loop; step(now_ms) does one frame (poll the
# buttons, act, let an AI move when its time has come, redraw what changed),
# so the emulator and the MicroPython harness can drive frames themselves.
# Nothing is allocated by an idle frame or a cursor move: redraws go through
# ui/gfx.py's few fixed buffers, dirty bits say which screen regions changed.
from micropython import const
from engine import game as G
from engine import rules as RU
from engine import tiles as T
from engine import melds as M
from engine import score as SC
from engine import reasons as R
from ai.basic import BasicAI
from hal import keys as K
from ui import gfx
from ui import lang as L
from ui import save as SV
import scorelog
from ui.gfx import FELT, FELT_DARK, BAR, WHITE, GREY, CURSOR, DIM, ERR, PURE, IMPURE, HILITE

# screens
S_TITLE = const(0)
S_SETUP = const(1)
S_GAME = const(2)
S_HANDOFF = const(3)
S_HANDEND = const(4)
S_MATCHEND = const(5)

# dirty regions of the game screen
D_TOP = const(1)
D_TABLE = const(2)
D_MELDS = const(4)
D_MSG = const(8)
D_RACK = const(16)
D_HINT = const(32)
D_CURSOR = const(64)
D_CLEAR = const(128)
D_ALL = const(255)

# layout
Y_TABLE = const(12)
Y_MHEAD = const(44)
Y_MELDS = const(55)
MROWS = const(7)
Y_MSG = const(169)
Y_RACK = const(180)
Y_TILE = const(188)
Y_RAISED = const(182)
Y_HINT = const(220)
RACK_X = const(10)
RACK_N = const(13)     # tiles visible in the rack strip

# setup rows
R_VARIANT = const(0)
R_PLAYERS = const(1)
R_SEAT = const(2)      # R_SEAT + p for seat p
R_LEVEL = const(6)
R_TARGET = const(7)
R_START = const(8)
TARGETS = (1000, 1500, 2000, 3000, 5000)

# menu items (message ids)
MENU = (L.M_BACK, L.M_REDRAW, L.M_SORT_C, L.M_SORT_N, L.M_CLEAR, L.M_OPP, L.M_QUIT)

MAXRACK = const(120)


class App:
    def __init__(self, board, seed=None, autoplay=False, ai_ms=700, variant="burako",
                 players=2, target=0, lang="es", quick=False):
        self.b = board
        self.d = board.display
        self.p = gfx.Painter(self.d)
        self.autoplay = autoplay
        self.ai_ms = ai_ms
        self.seed = seed
        self.now = 0
        self.screen = S_TITLE
        self.dirty = D_ALL
        self.row = 0
        self.g = None
        self.ais = [None, None, None, None]
        self.ai_seats = 1 << 1             # seat 1 is an AI by default
        self.level = 2
        self.variant = 0 if variant == "burako" else 1
        self.players = players
        self.target = target
        self.viewer = 0
        self.cur = 0
        self.old_cur = 0
        self.scroll = 0
        self.sel = bytearray(MAXRACK)
        self.sort_mode = 0
        self.focus = 0                     # 0 rack, 1 melds, 2 menu
        self.mside = 0                     # melds shown: 0 the viewer's side, 1 the other
        self.mcur = 0
        self.mtop = 0
        self.menu = 0
        self.msg = ""
        self.msg_c = WHITE
        self.err = 0                       # a reason shown in the hint lines
        self.confirm = -1                  # rack index waiting for a second B
        self.next_ai = 0
        self.has_save = False
        self.saves = 0
        self.logged = 0             # matches written to the score log
        self.played_ms = 0          # R9 torneo match clock
        self.last_now = 0
        self.bad_save = False
        L.use(lang)
        self.has_save = SV.exists(board.storage)
        if autoplay:
            self.ai_seats = 15
            self.new_game()
        elif quick:
            # straight into the game: the saved one if there is one (never
            # overwrite it), else a new match, you in seat 0, the AI in the others
            if not (self.has_save and self.load()):
                self.ai_seats = 0b1110
                self.new_game()
        elif self.has_save:
            self.row = 0

    # --- the loop ------------------------------------------------------------
    def run(self):
        clk = self.b.clock
        self.d.backlight(True)
        while True:
            self.step(clk.ticks_ms())
            clk.sleep_ms(15)

    def step(self, now):
        self.now = now
        k = self.b.buttons.poll(now)
        if k:
            self.key(k)
        self.tick(now)
        if self.dirty:
            self.draw()

    def waiting(self):
        """True while nothing happens until a key is pressed (for scripted input)."""
        g = self.g
        if self.screen == S_GAME and g is not None and g.phase < G.P_HAND_OVER:
            return not (self.ai_seats >> g.turn) & 1
        if self.screen == S_HANDEND:
            return not self.autoplay
        return True

    # --- games -------------------------------------------------------------
    def new_game(self):
        self.played_ms = 0
        if self.seed is None:
            seed = self.b.clock.ticks_ms() & 0x3FFFFFFF
        else:
            seed = self.seed
            self.seed = seed + 1
        rules = RU.VARIANTS[self.variant]
        n = self.players if self.players in rules.players else 2
        self.g = G.Game(rules, n, seed, self.target)
        self.start_game()

    def start_game(self):
        g = self.g
        for p in range(4):
            self.ais[p] = BasicAI(self.level) if p < g.n and (self.ai_seats >> p) & 1 else None
        self.viewer = self.first_human(g.turn)
        self.reset_view()
        self.next_ai = self.now + self.ai_ms
        self.enter_turn()

    def humans(self):
        n = 0
        for p in range(self.g.n):
            if not (self.ai_seats >> p) & 1:
                n += 1
        return n

    def first_human(self, start):
        g = self.g
        for i in range(g.n):
            p = (start + i) % g.n
            if not (self.ai_seats >> p) & 1:
                return p
        return start

    def reset_view(self):
        self.cur = 0
        self.old_cur = 0
        self.scroll = 0
        self.focus = 0
        self.mside = 0
        self.mcur = 0
        self.mtop = 0
        self.confirm = -1
        self.err = 0
        self.clear_sel()
        self.resort()

    def clear_sel(self):
        s = self.sel
        for i in range(MAXRACK):
            s[i] = 0

    def enter_turn(self):
        """Screen for the position after a move: hand-off, hand end, match end, table."""
        g = self.g
        if g.phase == G.P_MATCH_OVER:
            self.screen = S_MATCHEND
        elif g.phase == G.P_HAND_OVER:
            self.screen = S_HANDEND
            self.next_ai = self.now + 4 * self.ai_ms
        else:
            t = g.turn
            human = not (self.ai_seats >> t) & 1
            if self.humans() == 0:
                if t != self.viewer:
                    self.viewer = t
                    self.reset_view()
                self.screen = S_GAME
            elif human and t != self.viewer and self.humans() > 1:
                self.viewer = t
                self.reset_view()
                self.screen = S_HANDOFF
            else:
                self.screen = S_GAME
        self.dirty = D_ALL

    def save(self):
        try:
            SV.write(self.b.storage, self.ai_seats, self.level, L.LANGS.index(L.code()),
                     self.viewer, self.sort_mode, self.g, self.played_ms // 1000)
            self.saves += 1
            self.has_save = True
        except OSError:
            pass

    def load(self):
        try:
            r = SV.read(self.b.storage)
        except Exception:
            r = None
            self.bad_save = True
        if r is None:
            return False
        self.ai_seats, self.level, li, self.viewer, self.sort_mode, played_s, self.g = r
        self.played_ms = played_s * 1000
        L.use(L.LANGS[li] if li < 3 else "es")
        v = self.viewer
        for p in range(4):
            self.ais[p] = BasicAI(self.level) if p < self.g.n and (self.ai_seats >> p) & 1 else None
        self.reset_view()
        self.viewer = v
        self.next_ai = self.now + self.ai_ms
        g = self.g
        if g.phase < G.P_HAND_OVER and not (self.ai_seats >> g.turn) & 1 and self.humans() > 1:
            self.screen = S_HANDOFF
            self.viewer = g.turn
            self.dirty = D_ALL
        else:
            self.enter_turn()
        return True

    # --- moves -------------------------------------------------------------
    def play(self, kind, index, ts, end):
        """Play a move for the seat to move; returns the reason code."""
        g = self.g
        seat = g.turn
        phase = g.phase
        mv = (kind, index, ts, end)
        err = g.play(mv)
        if err:
            return err
        self.after(seat, phase, mv)
        return 0

    def after(self, seat, phase, mv):
        g = self.g
        kind = mv[0]
        self.msg = self.move_text(seat, mv)
        self.msg_c = WHITE if (self.ai_seats >> seat) & 1 else CURSOR
        self.err = 0
        self.confirm = -1
        d = D_TOP | D_TABLE | D_MSG | D_HINT
        if kind == G.MELD or kind == G.ADD or kind == G.SWAP or kind == G.NEXT:
            d |= D_MELDS
        if seat == self.viewer:
            if kind != G.DRAW and kind != G.PILE and kind != G.REDRAW:
                self.clear_sel()
            self.resort()
            self.fix_cursor()
            d |= D_RACK
        self.dirty |= d
        if g.phase == G.P_MATCH_OVER and phase != G.P_MATCH_OVER:
            self.log_match()
        boundary = g.turn != seat or g.phase >= G.P_HAND_OVER or kind == G.NEXT
        if boundary:
            self.save()
            if kind == G.NEXT:
                if self.humans():
                    self.viewer = self.first_human(g.turn)
                self.reset_view()
            self.enter_turn()

    def log_match(self):
        # issue 4: every finished match goes to the score log, written here,
        # between games (never during a link exchange: flash writes stop the UART)
        g = self.g
        seats = ""
        for p in range(g.n):
            seats += "A" if (self.ai_seats >> p) & 1 else "H"
        try:
            scorelog.append(self.b.storage.path(scorelog.FILENAME), {
                "variant": g.rules.name, "seats": seats,
                "hands": [list(h) for h in g.history[-scorelog.MAX_HANDS:]],
                "final": list(g.scores), "winner": g.winner})
            self.logged += 1
        except (OSError, ValueError):
            pass        # a full or failing flash must not stop the game

    def move_text(self, seat, mv):
        kind = mv[0]
        who = self.pname(seat) + " "
        if kind == G.DRAW:
            return who + L.t(L.DID_DRAW)
        if kind == G.PILE:
            return who + L.t(L.DID_PILE)
        if kind == G.REDRAW:
            return who + L.t(L.DID_REDRAW)
        if kind == G.MELD:
            return who + L.t(L.DID_MELD) + " " + T.list_text(mv[2])
        if kind == G.ADD:
            return who + L.t(L.DID_ADD) + " " + T.list_text(mv[2])
        if kind == G.SWAP:
            return who + L.t(L.DID_SWAP) + " " + T.list_text(mv[2])
        if kind == G.DISCARD:
            return who + L.t(L.DID_DISCARD) + " " + T.to_text(mv[2][0])
        if kind == G.MUERTO:
            return who + L.t(L.DID_MUERTO)
        if kind == G.CLOSE:
            return who + L.t(L.DID_CLOSE)
        return ""

    def refuse(self, err):
        """An illegal choice: show the engine's reason, change nothing."""
        self.err = err
        self.confirm = -1
        self.dirty |= D_HINT

    def tick(self, now):
        g = self.g
        if g is None:
            return
        if self.match_clock(g, now):
            self.next_ai = now + 2 * self.ai_ms     # let the message be read
            return
        if self.screen == S_GAME and g.phase < G.P_HAND_OVER:
            ai = self.ais[g.turn]
            if ai is not None and _diff(now, self.next_ai) >= 0:
                mv = ai.choose(g)
                seat = g.turn
                phase = g.phase
                if mv is None or g.play(mv):
                    # an AI with no legal idea: draw or give up the turn safely
                    mv = (G.DRAW, 0, b"", 0)
                    if g.play(mv):
                        return
                self.after(seat, phase, mv)
                self.next_ai = now + self.ai_ms
        elif self.screen == S_HANDEND and self.autoplay and _diff(now, self.next_ai) >= 0:
            self.play(G.NEXT, 0, b"", 0)
            self.next_ai = now + self.ai_ms

    def match_clock(self, g, now):
        # R9 torneo: after `minutes` of play the match ends with the hand in
        # progress. Only time in the game counts (a frame adds at most 1 s, so
        # sleeping or a paused emulator does not); the save keeps it.
        dt = _diff(now, self.last_now)
        self.last_now = now
        if not g.rules.minutes or g.timeup or g.phase >= G.P_MATCH_OVER:
            return False
        self.played_ms += dt if 0 < dt < 1000 else 0
        if self.played_ms >= g.rules.minutes * 60000 and g.play((G.TIMEUP, 0, b"", 0)) == 0:
            self.msg = L.t(L.TIMEUP)
            self.msg_c = ERR
            self.dirty |= D_MSG
            return True
        return False

    # --- the rack ------------------------------------------------------------
    def rack(self):
        return self.g.racks[self.viewer]

    def resort(self):
        if self.g is None or not self.sort_mode:
            return
        r = self.g.racks[self.viewer]
        s = self.sel
        num = self.sort_mode == 2
        # insertion sort of the rack in place, the selection flags moving along
        for i in range(1, len(r)):
            t = r[i]
            f = s[i]
            k = _key(t, num)
            j = i - 1
            while j >= 0 and _key(r[j], num) > k:
                r[j + 1] = r[j]
                s[j + 1] = s[j]
                j -= 1
            r[j + 1] = t
            s[j + 1] = f

    def fix_cursor(self):
        n = len(self.rack())
        if self.cur >= n:
            self.cur = n - 1 if n else 0
        self.old_cur = self.cur
        self.fix_scroll()

    def fix_scroll(self):
        n = len(self.rack())
        c = self.cur
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

    def selected(self):
        r = self.rack()
        out = bytearray()
        for i in range(len(r)):
            if self.sel[i]:
                out.append(r[i])
        return bytes(out)

    def move_cursor(self, dx):
        n = len(self.rack())
        if not n:
            return
        c = self.cur + dx
        if c < 0:
            c = n - 1
        elif c >= n:
            c = 0
        if self.dirty & D_CURSOR == 0:
            self.old_cur = self.cur
        self.cur = c
        if self.confirm >= 0:
            self.confirm = -1
            self.dirty |= D_HINT
        if self.fix_scroll():
            self.dirty |= D_RACK
        else:
            self.dirty |= D_CURSOR

    # --- keys --------------------------------------------------------------
    def key(self, k):
        s = self.screen
        if s == S_TITLE:
            self.key_title(k)
        elif s == S_SETUP:
            self.key_setup(k)
        elif s == S_GAME:
            self.key_game(k)
        elif s == S_HANDOFF:
            if k & (K.A | K.PRESS):
                self.screen = S_GAME
                self.dirty = D_ALL
        elif s == S_HANDEND:
            if k & (K.A | K.PRESS):
                self.play(G.NEXT, 0, b"", 0)
        elif s == S_MATCHEND:
            if k & (K.A | K.PRESS | K.B):
                SV.remove(self.b.storage)
                self.has_save = False
                self.g = None
                self.screen = S_TITLE
                self.row = 0
                self.dirty = D_ALL

    def title_rows(self):
        return 3 if self.has_save else 2

    def key_title(self, k):
        rows = self.title_rows()
        off = 0 if self.has_save else 1
        if k & K.UP:
            self.row = (self.row - 1) % rows
            self.dirty |= D_MELDS
        elif k & K.DOWN:
            self.row = (self.row + 1) % rows
            self.dirty |= D_MELDS
        item = self.row + off
        if item == 2 and k & (K.LEFT | K.RIGHT | K.A | K.PRESS):
            i = L.LANGS.index(L.code())
            i = (i + (2 if k & K.LEFT else 1)) % 3
            L.use(L.LANGS[i])
            self.dirty = D_ALL
        elif k & (K.A | K.PRESS):
            if item == 0:
                if not self.load():
                    self.has_save = False
                    self.row = 0
                    self.dirty = D_ALL
            else:
                self.screen = S_SETUP
                self.row = 0
                self.dirty = D_ALL

    def setup_rows(self):
        n = 2 if self.variant == 1 else self.players
        rows = bytearray((R_VARIANT, R_PLAYERS))
        for p in range(n):
            rows.append(R_SEAT + p)
        rows.append(R_LEVEL)
        rows.append(R_TARGET)
        rows.append(R_START)
        return rows

    def key_setup(self, k):
        rows = self.setup_rows()
        if k & K.B:
            self.screen = S_TITLE
            self.row = 0
            self.dirty = D_ALL
            return
        if k & K.UP:
            self.row = (self.row - 1) % len(rows)
            self.dirty |= D_MELDS
            return
        if k & K.DOWN:
            self.row = (self.row + 1) % len(rows)
            self.dirty |= D_MELDS
            return
        r = rows[self.row]
        if r == R_START and k & (K.A | K.PRESS):
            self.new_game()
            return
        if k & (K.A | K.LEFT | K.RIGHT | K.PRESS):
            step = -1 if k & K.LEFT else 1
            if r == R_VARIANT:
                self.variant ^= 1
                self.target = 0
                if self.variant == 1:
                    self.players = 2
            elif r == R_PLAYERS:
                if self.variant == 0:
                    self.players = 6 - self.players
            elif r >= R_SEAT and r < R_SEAT + 4:
                self.ai_seats ^= 1 << (r - R_SEAT)
            elif r == R_LEVEL:
                self.level = (self.level - 1 + step) % 3 + 1
            elif r == R_TARGET:
                t = self.target or RU.VARIANTS[self.variant].target
                i = 0
                while i < len(TARGETS) and TARGETS[i] < t:
                    i += 1
                self.target = TARGETS[(i + step) % len(TARGETS)]
            if self.row >= len(self.setup_rows()):
                self.row = 0
            self.dirty = D_ALL

    def my_turn(self):
        g = self.g
        return g.turn == self.viewer and not (self.ai_seats >> g.turn) & 1 and g.phase < G.P_HAND_OVER

    def key_game(self, k):
        g = self.g
        if self.err and k:
            self.err = 0
            self.dirty |= D_HINT
        if self.focus == 2:
            self.key_menu(k)
            return
        if self.focus == 1:
            self.key_melds(k)
            return
        if k & K.LEFT:
            self.move_cursor(-1)
            return
        if k & K.RIGHT:
            self.move_cursor(1)
            return
        if k & (K.X | K.PRESS):
            self.focus = 2
            self.menu = 0
            self.dirty |= D_MELDS | D_HINT
            return
        mine = self.my_turn()
        ph = g.phase
        if mine and ph == G.P_DRAW:
            if k & K.A:
                self.refuse(self.play(G.DRAW, 0, b"", 0))
            elif k & K.B:
                self.refuse(self.play(G.PILE, 0, b"", 0))
            elif k & (K.Y | K.UP):
                self.refuse(R.MUST_DRAW)
            return
        if mine and (ph == G.P_EMPTY or ph == G.P_EMPTY_DISCARD):
            if k & K.A:
                kind = G.CLOSE if g.taken[G.side_of(g.turn)] else G.MUERTO
                self.refuse(self.play(kind, 0, b"", 0))
            return
        if k & K.A:
            if len(self.rack()):
                self.sel[self.cur] ^= 1
                self.dirty |= D_CURSOR
            return
        if k & K.UP:
            self.focus = 1
            self.mside = 0
            self.mcur = 0
            self.mtop = 0
            self.dirty |= D_MELDS | D_HINT
            return
        if not mine:
            return
        if k & K.Y:
            ts = self.selected()
            if not ts:
                self.msg = L.t(L.SELECT_FIRST)
                self.msg_c = ERR
                self.dirty |= D_MSG
                return
            self.refuse(self.play(G.MELD, 0, ts, M.END_DEFAULT))
        elif k & K.B:
            r = self.rack()
            if not len(r):
                return
            if self.confirm == self.cur:
                self.refuse(self.play(G.DISCARD, 0, bytes((r[self.cur],)), 0))
            else:
                self.confirm = self.cur
                self.dirty |= D_HINT

    def key_melds(self, k):
        g = self.g
        side = G.side_of(self.viewer) ^ self.mside
        n = len(g.melds[side])
        if k & (K.B | K.X):
            self.focus = 0
            self.mside = 0
            self.dirty |= D_MELDS | D_HINT
            return
        if k & (K.LEFT | K.RIGHT):
            self.mside ^= 1
            self.mcur = 0
            self.mtop = 0
            self.dirty |= D_MELDS
            return
        if k & K.UP:
            if self.mcur > 0:
                self.mcur -= 1
            self.dirty |= D_MELDS
        elif k & K.DOWN:
            if self.mcur + 1 >= n:
                self.focus = 0
                self.mside = 0
                self.dirty |= D_MELDS | D_HINT
                return
            self.mcur += 1
            self.dirty |= D_MELDS
        if self.mcur < self.mtop:
            self.mtop = self.mcur
        elif self.mcur >= self.mtop + MROWS:
            self.mtop = self.mcur - MROWS + 1
        if not k & (K.A | K.Y | K.PRESS):
            return
        if not self.my_turn() or self.mside:
            self.refuse(R.NOT_YOUR_TURN if not self.my_turn() else R.NO_MELD)
            return
        ts = self.selected()
        if not ts:
            self.msg = L.t(L.SELECT_FIRST)
            self.msg_c = ERR
            self.dirty |= D_MSG
            return
        if k & K.A:
            err = self.play(G.ADD, self.mcur, ts, M.END_DEFAULT)
        elif k & K.Y:
            err = self.play(G.ADD, self.mcur, ts, M.END_LOW)
        else:
            err = self.play(G.SWAP, self.mcur, ts, M.END_DEFAULT)
        if err:
            self.refuse(err)
        elif self.screen == S_GAME:
            self.focus = 0
            self.dirty |= D_MELDS | D_HINT

    def key_menu(self, k):
        if k & K.UP:
            self.menu = (self.menu - 1) % len(MENU)
            self.dirty |= D_MELDS
            return
        if k & K.DOWN:
            self.menu = (self.menu + 1) % len(MENU)
            self.dirty |= D_MELDS
            return
        if k & (K.B | K.X):
            self.focus = 0
            self.dirty |= D_MELDS | D_HINT
            return
        if not k & (K.A | K.PRESS):
            return
        item = MENU[self.menu]
        self.focus = 0
        self.dirty |= D_MELDS | D_HINT
        if item == L.M_REDRAW:
            if self.my_turn():
                self.refuse(self.play(G.REDRAW, 0, b"", 0))
            else:
                self.refuse(R.NOT_YOUR_TURN)
        elif item == L.M_SORT_C or item == L.M_SORT_N:
            self.sort_mode = 1 if item == L.M_SORT_C else 2
            self.resort()
            self.dirty |= D_RACK
        elif item == L.M_CLEAR:
            self.clear_sel()
            self.dirty |= D_RACK
        elif item == L.M_OPP:
            self.focus = 1
            self.mside = 1
            self.mcur = 0
            self.mtop = 0
        elif item == L.M_QUIT:
            self.save()
            self.g = None
            self.screen = S_TITLE
            self.row = 0
            self.dirty = D_ALL

    # --- drawing -------------------------------------------------------------
    def draw(self):
        s = self.screen
        if s == S_GAME:
            self.draw_game()
        elif s == S_TITLE:
            self.draw_title()
        elif s == S_SETUP:
            self.draw_setup()
        elif s == S_HANDOFF:
            self.draw_handoff()
        elif s == S_HANDEND:
            self.draw_handend()
        else:
            self.draw_matchend()
        self.dirty = 0

    def pname(self, p):
        return L.t(L.P) + gfx.NUMS[p + 1]

    def sname(self, s):
        if self.g.n == 2:
            return self.pname(s)
        return L.t(L.P) + gfx.NUMS[s + 1] + "+" + gfx.NUMS[s + 3]

    def hint(self, a, b):
        p = self.p
        p.text(0, Y_HINT, 240, L.t(a) if a >= 0 else "", DIM, BAR)
        p.text(0, Y_HINT + 10, 240, L.t(b) if b >= 0 else "", DIM, BAR)

    def draw_title(self):
        p = self.p
        if self.dirty & D_CLEAR:
            p.fill(0, 0, 240, 240, FELT_DARK)
            p.big(24, 28, "BURAKO", WHITE, 4)
            x = 50
            for t in (T.tile(0, 1), T.tile(1, 2), T.tile(2, 3), T.JOKER, T.tile(3, 13)):
                p.tile(x, 72, t, 0, FELT_DARK)
                x += 28
            p.text(0, 226, 240, "A/B/X/Y + joystick", GREY, FELT_DARK, 1)
        off = 0 if self.has_save else 1
        for i in range(3):
            item = i + off
            if item > 2:
                p.fill(0, 120 + i * 22, 240, 14, FELT_DARK)
                continue
            if item == 0:
                s = L.t(L.CONTINUE)
            elif item == 1:
                s = L.t(L.NEW)
            else:
                s = L.t(L.LANGUAGE) + ": < " + L.t(L.LANGNAME) + " >"
            on = i == self.row
            p.fill(20, 118 + i * 22, 200, 14, HILITE if on else FELT_DARK)
            p.text(20, 120 + i * 22, 200, s, CURSOR if on else WHITE, HILITE if on else FELT_DARK, 1)
        if self.bad_save:
            p.text(0, 200, 240, L.t(L.BAD_SAVE), ERR, FELT_DARK, 1)

    def draw_setup(self):
        p = self.p
        if self.dirty & D_CLEAR:
            p.fill(0, 0, 240, 240, FELT_DARK)
            p.text(0, 6, 240, L.t(L.NEW), CURSOR, FELT_DARK, 1)
            self.hint(L.H_SETUP1, L.H_SETUP2)
        rows = self.setup_rows()
        rules = RU.VARIANTS[self.variant]
        for i in range(9):
            y = 26 + i * 20
            if i >= len(rows):
                p.fill(0, y - 2, 240, 14, FELT_DARK)
                continue
            r = rows[i]
            on = i == self.row
            bg = HILITE if on else FELT_DARK
            p.fill(4, y - 2, 232, 14, bg)
            if r == R_START:
                p.text(4, y, 232, "> " + L.t(L.START) + " <", CURSOR if on else WHITE, bg, 1)
                continue
            if r == R_VARIANT:
                a = L.t(L.VARIANT)
                b = rules.name
            elif r == R_PLAYERS:
                a = L.t(L.PLAYERS)
                b = gfx.NUMS[self.players if self.variant == 0 else 2]
            elif r == R_LEVEL:
                a = L.t(L.LEVEL)
                b = gfx.NUMS[self.level]
            elif r == R_TARGET:
                a = L.t(L.TARGET)
                b = str(self.target or rules.target)
            else:
                a = self.pname(r - R_SEAT)
                b = L.t(L.AI) if (self.ai_seats >> (r - R_SEAT)) & 1 else L.t(L.HUMAN)
            p.text(8, y, 110, a, WHITE, bg)
            p.text(118, y, 114, "< " + b + " >", CURSOR if on else WHITE, bg, 2)

    def draw_handoff(self):
        p = self.p
        p.fill(0, 0, 240, 240, FELT_DARK)
        p.text(0, 60, 240, L.t(L.HANDOFF), WHITE, FELT_DARK, 1)
        name = self.pname(self.viewer)
        p.big(120 - len(name) * 16, 90, name, CURSOR, 4)
        p.text(0, 140, 240, L.t(L.SHOW_RACK), WHITE, FELT_DARK, 1)
        self.draw_top()

    def draw_top(self):
        p = self.p
        g = self.g
        me = G.side_of(self.viewer)
        p.fill(0, 0, 240, 12, BAR)
        x = 2
        for s in range(2):
            t = self.sname(s) + " " + str(g.scores[s])
            p.text(x, 1, len(t) * 8, t, CURSOR if s == me else WHITE, BAR)
            x += len(t) * 8 + 12
        t = L.t(L.HAND) + " " + str(g.hand)
        if x + len(t) * 8 < 238:
            p.text(238 - len(t) * 8, 1, len(t) * 8, t, DIM, BAR)

    def draw_game(self):
        dirty = self.dirty
        p = self.p
        if dirty & D_CLEAR:
            # every region paints its own background; only the rows between
            # regions are left (a whole-screen fill first doubled the SPI traffic)
            p.fill(0, Y_MHEAD + 10, 240, Y_MELDS - Y_MHEAD - 10, FELT)
            p.fill(0, Y_MELDS + MROWS * 16, 240, Y_MSG - Y_MELDS - MROWS * 16, FELT)
            p.fill(0, Y_MSG + 10, 240, Y_RACK - Y_MSG - 10, FELT)
        if dirty & D_TOP:
            self.draw_top()
        if dirty & D_TABLE:
            self.draw_table()
        if dirty & D_MELDS:
            if self.focus == 2:
                self.draw_menu()
            else:
                self.draw_melds()
        if dirty & D_MSG:
            p.text(0, Y_MSG, 240, self.msg, self.msg_c, FELT, 0)
        if dirty & D_RACK:
            self.draw_rack()
        elif dirty & D_CURSOR:
            if self.old_cur != self.cur:
                self.draw_slot(self.old_cur)
            self.draw_slot(self.cur)
            self.old_cur = self.cur
        if dirty & D_HINT:
            self.draw_hint()

    def draw_table(self):
        p = self.p
        g = self.g
        p.fill(0, Y_TABLE, 240, 32, FELT_DARK)
        pile = g.pile
        if pile:
            p.tile(4, Y_TABLE + 2, pile[-1], 0, FELT_DARK)
        else:
            p.fill(4, Y_TABLE + 2, gfx.TW, gfx.TH, FELT)
        p.text(24, Y_TABLE + 2, 96, L.t(L.PILE) + " " + str(len(pile)), WHITE, FELT_DARK)
        if g.rules.pile_open:
            # the open pile: the tiles under the top, newest first
            x = 24
            i = len(pile) - 2
            while i >= 0 and x + gfx.MW <= 124:
                p.small(x, Y_TABLE + 16, pile[i], 0)
                x += gfx.MW
                i -= 1
        p.text(128, Y_TABLE + 2, 110, L.t(L.STOCK) + " " + str(len(g.stock)), WHITE, FELT_DARK)
        p.text(128, Y_TABLE + 18, 56, L.t(L.MUERTO)[:6], DIM, FELT_DARK)
        for s in range(2):
            name = self.pname(s) if g.n == 2 else L.t(L.P) + gfx.NUMS[s + 1] + gfx.NUMS[s + 3]
            taken = g.taken[s]
            p.text(186 + s * 27, Y_TABLE + 18, 26, name, WHITE if taken else GREY,
                   PURE if taken else FELT, 1)

    def draw_melds(self):
        p = self.p
        g = self.g
        side = G.side_of(self.viewer) ^ self.mside
        ms = g.melds[side]
        on = self.focus == 1
        head = L.t(L.MELDS_OF) + self.sname(side)
        if on:
            head = "<> " + head
        p.text(0, Y_MHEAD, 240, head, CURSOR if on else DIM, FELT, 0)
        for i in range(MROWS):
            y = Y_MELDS + i * 16
            k = self.mtop + i
            if k >= len(ms):
                p.fill(0, y, 240, 16, FELT)
                if k == 0:
                    p.text(0, y + 2, 240, L.t(L.NO_MELDS), GREY, FELT, 1)
                continue
            m = ms[k]
            n = M.size(m)
            cur = on and k == self.mcur
            if M.is_canasta(m, g.rules):
                pure = M.is_pure(m)
                lab = (L.t(L.PURE_L) if pure else L.t(L.IMPURE_L)) + gfx.NUMS[n if n < 14 else 13]
                p.text(0, y + 2, 30, lab, WHITE, PURE if pure else IMPURE, 1)
            else:
                p.text(0, y + 2, 30, gfx.NUMS[n if n < 14 else 13], DIM, FELT, 1)
            p.fill(30, y, 2, 16, CURSOR if cur else FELT)
            x = 32
            for j in range(n):
                if x + gfx.MW > 240:
                    break
                t = m[M.HEAD + j]
                if m[0] == M.RUN:
                    wild = t != M.natural_at(m[1], m[2] + j)
                else:
                    wild = T.is_wild(t)
                p.small(x, y + 1, t, gfx.WILD if wild else 0)
                x += gfx.MW
            if x < 240:
                p.fill(x, y, 240 - x, 16, CURSOR if cur else FELT)
            p.fill(32, y, x - 32, 1, CURSOR if cur else FELT)
            p.fill(32, y + 15, x - 32, 1, CURSOR if cur else FELT)

    def draw_menu(self):
        p = self.p
        p.fill(0, Y_MHEAD, 240, Y_MSG - Y_MHEAD, FELT_DARK)
        for i in range(len(MENU)):
            on = i == self.menu
            bg = HILITE if on else FELT_DARK
            p.text(20, Y_MHEAD + 6 + i * 16, 200, L.t(MENU[i]), CURSOR if on else WHITE, bg, 1)

    def draw_rack(self):
        p = self.p
        r = self.rack()
        # the margins; each slot paints its own background
        p.fill(0, Y_RACK, RACK_X, Y_HINT - Y_RACK, FELT)
        p.fill(RACK_X + RACK_N * gfx.TW, Y_RACK, 240 - RACK_X - RACK_N * gfx.TW, Y_HINT - Y_RACK, FELT)
        for i in range(RACK_N):
            self.draw_slot(self.scroll + i)
        if self.scroll > 0:
            p.text(0, Y_TILE + 9, 9, "<", CURSOR, FELT)
        if self.scroll + RACK_N < len(r):
            p.text(231, Y_TILE + 9, 9, ">", CURSOR, FELT)
        self.old_cur = self.cur

    def draw_slot(self, k):
        """One rack position (tile, raise, cursor mark) without touching others."""
        i = k - self.scroll
        if i < 0 or i >= RACK_N:
            return
        x = RACK_X + i * gfx.TW
        p = self.p
        r = self.rack()
        p.fill(x, Y_RACK, gfx.TW, Y_HINT - Y_RACK, FELT)
        if k >= len(r):
            return
        sel = self.sel[k]
        cur = k == self.cur and self.focus == 0
        p.tile(x, Y_RAISED if sel else Y_TILE, r[k], (gfx.SEL if sel else 0) | (gfx.CUR if cur else 0))
        if cur:
            p.fill(x + 2, Y_HINT - 3, gfx.TW - 4, 2, CURSOR)

    def draw_hint(self):
        p = self.p
        g = self.g
        if self.err:
            # the reason, on up to two lines of 30 characters
            s = L.reason(self.err)
            cut = len(s)
            if cut > 30:
                cut = s.rfind(" ", 0, 31)
                if cut < 0:
                    cut = 30
            p.text(0, Y_HINT, 240, s[:cut], ERR, BAR)
            p.text(0, Y_HINT + 10, 240, s[cut:].strip(), ERR, BAR)
            return
        if self.focus == 2:
            self.hint(L.H_MENU, -1)
            return
        if self.focus == 1:
            self.hint(L.H_MELD1, L.H_MELD2)
            return
        if not self.my_turn():
            p.text(0, Y_HINT, 240, L.t(L.TURN_OF) + self.pname(g.turn) +
                   (" (" + L.t(L.AI) + ")" if (self.ai_seats >> g.turn) & 1 else ""), DIM, BAR)
            p.text(0, Y_HINT + 10, 240, L.t(L.H_WAIT), DIM, BAR)
            return
        ph = g.phase
        if ph == G.P_DRAW:
            self.hint(L.H_DRAW1, L.H_DRAW2)
        elif ph == G.P_EMPTY or ph == G.P_EMPTY_DISCARD:
            self.hint(L.H_CLOSE if g.taken[G.side_of(g.turn)] else L.H_MUERTO, -1)
        elif self.confirm >= 0:
            r = self.rack()
            p.text(0, Y_HINT, 240, L.t(L.CONFIRM_DISCARD) + T.to_text(r[self.confirm]), CURSOR, BAR)
            p.text(0, Y_HINT + 10, 240, "", DIM, BAR)
        else:
            self.hint(L.H_PLAY1, L.H_PLAY2)

    def draw_handend(self):
        p = self.p
        g = self.g
        p.fill(0, 12, 240, 228, FELT_DARK)
        self.draw_top()
        n = len(g.history)
        p.text(0, 18, 240, L.t(L.HAND_END) + str(n), CURSOR, FELT_DARK, 1)
        res = g.hand_result()
        y = 36
        if res is None:
            p.text(0, y, 240, L.t(L.VOID), WHITE, FELT_DARK, 1)
        else:
            p.text(128, y, 52, self.sname(0), WHITE, FELT_DARK, 2)
            p.text(184, y, 52, self.sname(1), WHITE, FELT_DARK, 2)
            y += 14
            rules = g.rules
            labels = (L.R_MELDED, L.R_PURE, L.R_IMPURE, L.R_CLOSE, L.R_MUERTO, L.R_RACK, L.R_TOTAL)
            for i in range(7):
                c = CURSOR if i == 6 else WHITE
                if i == 6:
                    p.fill(4, y - 2, 232, 1, GREY)
                p.text(4, y, 124, L.t(labels[i]), c, FELT_DARK)
                for s in range(2):
                    v = res[s][i]
                    if i == SC.PURE and v:
                        v = str(v) + "x" + str(rules.pure_bonus)
                    elif i == SC.IMPURE and v:
                        v = str(v) + "x" + str(rules.impure_bonus)
                    else:
                        v = str(v)
                    p.text(128 + s * 56, y, 52, v, c, FELT_DARK, 2)
                y += 14
        y = 160
        p.fill(4, y - 4, 232, 1, GREY)
        p.text(4, y, 124, L.t(L.R_MATCH), CURSOR, FELT_DARK)
        for s in range(2):
            p.text(128 + s * 56, y, 52, str(g.scores[s]), CURSOR, FELT_DARK, 2)
        p.text(4, y + 14, 232, L.t(L.TARGET) + " " + str(g.target), DIM, FELT_DARK)
        self.hint(L.H_NEXT, -1)

    def draw_matchend(self):
        p = self.p
        g = self.g
        p.fill(0, 0, 240, 240, FELT_DARK)
        self.draw_top()
        p.text(0, 24, 240, L.t(L.MATCH_END), CURSOR, FELT_DARK, 1)
        if g.winner >= 0:
            w = L.t(L.WINS) + self.sname(g.winner)
            p.big(120 - len(w) * 8, 44, w, WHITE, 2)
        y = 76
        p.text(0, y, 120, self.sname(0), WHITE, FELT_DARK, 1)
        p.text(120, y, 120, self.sname(1), WHITE, FELT_DARK, 1)
        y += 14
        h = g.history
        first = len(h) - 8 if len(h) > 8 else 0
        for i in range(first, len(h)):
            p.text(0, y, 40, str(i + 1), GREY, FELT_DARK, 2)
            p.text(40, y, 80, str(h[i][0]), WHITE, FELT_DARK, 2)
            p.text(140, y, 80, str(h[i][1]), WHITE, FELT_DARK, 2)
            y += 11
        p.fill(20, y + 2, 200, 1, GREY)
        p.text(40, y + 6, 80, str(g.scores[0]), CURSOR, FELT_DARK, 2)
        p.text(140, y + 6, 80, str(g.scores[1]), CURSOR, FELT_DARK, 2)
        self.hint(L.H_NEXT, -1)


def _key(t, num):
    # sort key: by colour then number, or by number then colour; jokers last
    if t == T.JOKER:
        return 255
    if num:
        return (t % 13) * 4 + t // 13
    return t


try:
    from time import ticks_diff as _diff
except ImportError:
    from hal.clock import ticks_diff as _diff
