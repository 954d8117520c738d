# The game on the 240x240 screen. This is the core: the device loop, the
# match being played (game, seats and AIs, viewer, save/load, the score log),
# the viewer's rack state, and the current screen, which gets every key, tick
# and redraw. The screens are modules ui/screen_*.py, each with
# key(app, k), tick(app, now) and draw(app, dirty); app.show(S_X) switches.
#
# App(board).run() is the device loop; step(now_ms) does one frame (poll the
# buttons, act, let an AI move when its time has come, redraw what changed),
# so the emulator and the MicroPython harness can drive frames themselves.
# Nothing is allocated by an idle frame or a cursor move: redraws go through
# ui/gfx.py's few fixed buffers, dirty bits say which screen regions changed.
import sys
from micropython import const
from memory import drop
from engine import game
from engine import rules
from engine import tiles
from ui import gfx
from ui import lang as ui_lang   # (lang: App's keyword argument)
from hal import keys
from ui.gfx import WHITE, CURSOR, ERR
# S_MATCHEND, S_HANDEND and D_ALL are also imported from here (emulator, benchmarks)
from ui.common import (S_TITLE, S_SETUP, S_GAME, S_HANDOFF, S_HANDEND, S_MATCHEND, S_LINK, S_RUMMY,
                       S_FAULT, D_TOP, D_TABLE, D_MELDS, D_MSG, D_RACK, D_HINT, D_ALL, RACK_N, pname, NAMES)

# the screen modules (ui/common.py NAMES), each imported when first shown (docs/memory.md
# "screens on first use")


class _Screens:
    """SCREENS[s]: the module of screen s, imported on first use. Looked up in sys.modules
    each time: a Rummy match unloads Burako's screens and loads them again (rummy/swap.py)."""

    def __len__(self):
        return len(NAMES)

    def __getitem__(self, s):
        n = NAMES[s]
        m = sys.modules.get(n)
        if m is None:
            __import__(n)
            m = sys.modules[n]
        return m


SCREENS = _Screens()

# what only the title, set-up, hand-end and match-end screens use: off the heap while the table
# shows, each imported again when next needed (docs/memory.md "OFF_TABLE")
OFF_TABLE = ("ui.screen_title", "ui.screen_setup", "rummy.door", "ui.screen_handend",
             "ui.screen_matchend", "ui.matchlog", "scorelog")


class _Later:
    """A linked match's end screen until its module comes: imported in a later frame that took
    no link work (App.due) once the match is logged (docs/memory.md "match end")."""

    # functions of the class, called as _Later.tick(app, now) like a screen module's: no self
    # (the comments type them for the type check, tests/test_firmware_types.py; pyright binds
    # them as methods all the same, hence the ignores where App calls self.scr: a staticmethod
    # would cost heap at every boot, docs/memory.md "qstr")
    def key(app, k):  # type: (App, int) -> None
        pass

    def tick(app, now):  # type: (App, int) -> None
        if app.due(now) and not app.log_due:
            app.scr = SCREENS[app.screen]
            app.dirty = D_ALL

    def draw(app, dirty):  # type: (App, int) -> None
        pass


def _sv():
    # ui/save.py and the codec it loads wait for the first save (docs/memory.md "save on first use")
    from ui import save
    return save


SAVE_NAME = "burako.sav"    # ui/save.py NAME: the title asks only whether it exists


# what Start and the first move need, imported one module a frame while the set-up screen
# waits for keys (docs/memory.md "PRELOAD")
PRELOAD = ("ai.rack", "ai.basic", "ui.screen_table", "engine.codec", "ui.save")


def _preload():
    for n in PRELOAD:
        if n not in sys.modules:
            __import__(n)
            return


def _ai(level):
    from ai import make
    return make(level)          # level 4 is ai/expert.py

MAXRACK = const(120)


class Settings:
    """The set-up's choices for the next match (ui/screen_setup.py): the AI level, the variant
    (its index in engine/rules.VARIANTS; "rummy" is not one of them), the players, the target
    (0: the variant's), a burraco tournament's round of hands (0: play to the target) and a
    person's name per seat (None: none chosen; ui/names.py); burraco's Italian: the language
    the console started in (lang0) and whether the set-up put Italian on (auto_it); the
    seat name's editor while the set-up shows it (ui/names.py; None: closed); whether a
    linked match deals hidden hands (docs/link.md "Hidden hands": the peer must ask too)."""

    def __init__(self, variant, players, target):
        self.level = 2
        self.variant = 0
        for i in range(len(rules.VARIANTS)):
            if rules.VARIANTS[i].name == variant:
                self.variant = i
        self.players = players
        self.target = target
        self.hands = 0
        self.names = [None, None, None, None]
        self.lang0 = ""
        self.auto_it = False
        self.editor = None
        self.hidden = False


class View:
    """The table's view of the match from the viewer's seat: the last move's line under the
    table (message, in its colour), the rack's cursor (and the one
    drawn before it), its scroll, the selection flags per rack index (bit 0 selected, bit 1
    just taken), the sort (0 as dealt, 1 by colour, 2 by number), the focus (0 rack, 1 melds,
    2 menu), the meld list shown (its side: 0 the viewer's, 1 the other; its cursor and first
    row), the menu row, a rack index waiting for a second B (-1: none) and the reason shown
    in the hint lines (0: none)."""

    def __init__(self):
        self.selection = bytearray(MAXRACK)
        self.sort = 0
        self.menu = 0
        self.message = ""           # the last move's line (or a warning) under the table
        self.message_colour = WHITE
        self.reset()

    def reset(self):
        self.cursor = 0
        self.old_cursor = 0
        self.scroll = 0
        self.focus = 0
        self.meld_side = 0
        self.meld_cursor = 0
        self.meld_top = 0
        self.confirm = -1
        self.error = 0
        s = self.selection
        for i in range(MAXRACK):
            s[i] = 0


class Match:
    """The Burako match being played: its game (None between matches and while Rummy is
    played: app.rummy), the seats an AI plays (bit p: seat p) and their AIs, the seat whose rack
    the table shows (the viewer), per counted hand its canastas of side 0 and of side 1 and the
    closer + 1 (stats, for the score log), and the torneo's clock (R9: the time played, and the
    frame's time it counts from)."""

    def __init__(self):
        self.game = None  # type: game.Game | None
        self.ai_seats = 1 << 1             # seat 1 is an AI by default
        self.ais = [None, None, None, None]  # type: list
        self.viewer = 0
        self.stats = bytearray()
        self.played_ms = 0
        self.last_now = 0

    def start(self, g, viewer, level, played_ms, stats):
        """g is the match now (new, resumed or the link's): the viewer (-1: the first person
        from the seat to move on), AIs of `level` in the AI seats (0: none, a linked match's
        peer), the clock and stats it has (a new match: 0 and empty)."""
        self.game = g
        self.viewer = viewer if viewer >= 0 else self.first_human(g.turn)
        self.played_ms = played_ms
        self.stats = stats
        for p in range(4):
            self.ais[p] = _ai(level) if level and p < g.n and (self.ai_seats >> p) & 1 else None

    def end(self):
        """No match (the title, the link screen, Rummy): its game and AIs go."""
        self.game = None
        for p in range(4):
            self.ais[p] = None

    def time_up(self, now):
        """R9 torneo: True once the match has been played `minutes` (it ends with the hand in
        progress). Only time in the game counts (a frame adds at most 1 s, so sleeping or a
        paused emulator does not); the save keeps it."""
        dt = _diff(now, self.last_now)
        self.last_now = now
        g = self.game
        if not g.rules.minutes or g.timeup or g.phase >= game.P_MATCH_OVER:
            return False
        self.played_ms += dt if 0 < dt < 1000 else 0
        return self.played_ms >= g.rules.minutes * 60000

    def humans(self):
        n = 0
        for p in range(self.game.n):
            if not (self.ai_seats >> p) & 1:
                n += 1
        return n

    def first_human(self, start):
        g = self.game
        for i in range(g.n):
            p = (start + i) % g.n
            if not (self.ai_seats >> p) & 1:
                return p
        return start


class App:
    def __init__(self, board, seed=None, autoplay=False, ai_ms=700, variant="burako",
                 players=2, target=0, lang=None, quick=False, link=False, hidden=None):
        self.board = board
        self.fault = ""             # what a step raised (the fault screen: App.frame)
        # no Y key (Pico-LCD-1.14): the joystick press lays the selected tiles
        self.no_y = not getattr(board, "keys", keys.ALL) & keys.Y
        self.display = board.display
        self.painter = gfx.Painter(self.display)
        self.autoplay = autoplay
        self.ai_ms = ai_ms
        self.seed = seed
        self.now = 0
        self.screen = S_TITLE
        self.scr = None             # the title's module, unless another screen comes first
        self.dirty = D_ALL
        self.row = 0
        self.match = Match()
        self.settings = Settings(variant, players, target)
        if hidden is None:
            # hidden hands by default where this firmware can deal them (docs/link.md)
            from ui.screen_link import hidden_ok
            hidden = hidden_ok()
        self.settings.hidden = hidden
        self.view = View()
        self.next_ai = 0
        self.has_save = False
        self.saves = 0
        self.logged = 0             # matches written to the score log
        self.bad_save = False
        self.link = None            # the link cable's session (ui/screen_link.py)
        self.cable = None           # what the link's modules share while a link is open (Cable)
        self.log_due = False        # a finished linked match waits to be logged
        self.rummy = None           # a Rummy match (rummy/door.py); match.game stays None
        ui_lang.use(lang or ("it" if variant == "burraco" else "es"))   # R12: Italian for burraco
        self.settings.lang0 = ui_lang.code()  # the language the console started in (screen_setup)
        self.has_save = board.storage.exists(SAVE_NAME)
        if link:
            SCREENS[S_LINK].start(self, variant)
        elif autoplay and variant == "rummy":
            SCREENS[S_RUMMY].new(self, 15)
        elif autoplay:
            self.match.ai_seats = 15
            self.new_game()
        elif quick:
            # straight into the game: the saved one if there is one (never
            # overwrite it), else a new match, you in seat 0, the AI in the others
            if not (self.has_save and self.load()):
                self.match.ai_seats = 0b1110
                self.new_game()
        elif self.has_save:
            self.row = 0
        if self.scr is None:
            self.scr = SCREENS[S_TITLE]

    # --- the loop ------------------------------------------------------------
    def run(self):
        clk = self.board.clock
        btn = self.board.buttons
        self.display.backlight(True)
        while True:
            now = clk.ticks_ms()
            self.frame(now)
            # the next frame 15 ms after this one began, or sooner when a key changes or a
            # link byte comes in: asked every 2 ms (a pin-interrupt flag, the UART's count),
            # a press or a peer's frame is acted on within about 2 ms; 1 ms slices kept the
            # board about 7 % busy at an idle screen, against 2.6 % for none
            end = clk.ticks_add(now, 15)
            while clk.ticks_diff(end, now) > 0 and not btn.pending(now) and not (
                    self.link is not None and self.board.link.any()):
                clk.sleep_ms(2)
                now = clk.ticks_ms()

    def frame(self, now):
        """step(now), kept alive (the device loop and the emulator's window): whatever a step
        raises, the console shows what happened and how to go on (ui/screen_fault.py), the
        save as the flash holds it. KeyboardInterrupt is not caught (mpremote breaks in)."""
        try:
            self.step(now)
        except Exception as e:
            if self.screen == S_FAULT:
                return              # (the fault screen itself: nothing more to show)
            import gc
            gc.collect()            # (a MemoryError's garbage: the fault screen needs a little)
            try:
                self.fault = type(e).__name__ + ": " + str(e)
            except Exception:
                self.fault = "?"
            self.link = None        # nothing of the failed match is saved or sent again
            self.cable = None
            self.show(S_FAULT)

    def restart(self):
        """Start the console again from what the flash holds (the fault screen's A): a reset
        on the device, the App made anew where there is none (the desktop)."""
        try:
            import machine
            machine.reset()
        except (ImportError, AttributeError):
            self.__init__(self.board, ai_ms=self.ai_ms)

    def step(self, now):
        self.now = now
        k = self.board.buttons.poll(now)
        if k:
            self.key(k)
        self.tick(now)
        if self.dirty:
            self.draw()

    def waiting(self):
        """True while nothing happens until a key is pressed (for scripted input)."""
        if self.link is not None:
            return SCREENS[S_LINK].waiting(self)
        if self.rummy is not None:
            return SCREENS[S_RUMMY].waiting(self)
        g = self.match.game
        if self.screen == S_GAME and g is not None and g.phase < game.P_HAND_OVER:
            return not (self.match.ai_seats >> g.turn) & 1
        if self.screen == S_HANDEND:
            return not self.autoplay
        return True

    # --- games -------------------------------------------------------------
    # a new match, resuming the saved one, logging a finished one: code the table does not
    # need, kept in the screens that do it (not loaded while a match is played: OFF_TABLE)
    def new_game(self):
        """A new match with the set-up's choices (ui/screen_setup.py)."""
        SCREENS[S_SETUP].new_game(self)

    def load(self):
        """Resume the saved match (ui/screen_title.py); False when there is none."""
        return SCREENS[S_TITLE].load(self)

    def new_seed(self):
        """A new match's deal (Burako's or Rummy's): from the clock, or the seed the App was
        given and then the next one (tests and the emulator repeat a session)."""
        s = self.seed
        if s is None:
            return self.board.clock.ticks_ms() & 0x3FFFFFFF
        self.seed = s + 1
        return s

    def reset_view(self):
        self.view.reset()
        self.resort()

    def clear_sel(self):
        s = self.view.selection
        for i in range(MAXRACK):
            s[i] = 0

    def enter_turn(self):
        """Screen for the position after a move: hand-off, hand end, match end, table."""
        m = self.match
        g = m.game
        if g.phase == game.P_MATCH_OVER:
            self.show(S_MATCHEND)
        elif g.phase == game.P_HAND_OVER:
            self.show(S_HANDEND)
            self.next_ai = self.now + 4 * self.ai_ms
        else:
            t = g.turn
            human = not (m.ai_seats >> t) & 1
            if m.humans() == 0:
                if t != m.viewer:
                    m.viewer = t
                    self.reset_view()
                self.show(S_GAME)
            elif human and t != m.viewer and m.humans() > 1:
                m.viewer = t
                self.reset_view()
                self.show(S_HANDOFF)
            else:
                self.show(S_GAME)
        self.dirty = D_ALL

    def save(self):
        if self.link is not None:
            return      # a linked match lives in link.sav (screen_link.persist)
        try:
            # (stats: a bytearray where write's default is b"": it only slices it)
            m = self.match
            _sv().write(self.board.storage, m.ai_seats, self.settings.level, ui_lang.LANGS.index(ui_lang.code()),
                     m.viewer, self.view.sort, m.game, m.played_ms // 1000, self.settings.hands,
                     m.stats,  # pyright: ignore[reportArgumentType]
                     self.settings.names)
            self.saves += 1
            self.has_save = True
        except OSError:
            pass

    # --- moves -------------------------------------------------------------
    def play(self, kind, index, ts, end):
        """Play a move for the seat to move; returns the reason code."""
        g = self.match.game
        seat = g.turn
        phase = g.phase
        mv = (kind, index, ts, end)
        n0 = len(g.racks[seat])
        err = self.apply(mv)
        if err:
            return err
        if seat == self.match.viewer:
            n = len(g.racks[seat])
            self.mark_new(n0 if kind == game.PILE else n - 1 if kind == game.DRAW or kind == game.REDRAW else n)
        self.after(seat, phase, mv)
        return 0

    def apply(self, mv):
        """Play mv on the game; over the link cable the session plays and sends it."""
        if self.link is not None:
            return self.link.send_move(mv)
        return self.match.game.play(mv)

    def mark_new(self, first):
        """Mark the rack tiles from index `first` on as just taken (bit 2 of the
        selection flags, moving with them when the rack is sorted); every older
        mark goes: a mark lasts until the next move."""
        s = self.view.selection
        n = len(self.rack())
        for i in range(MAXRACK):
            s[i] = (s[i] & 1) | (2 if first <= i < n else 0)

    def after(self, seat, phase, mv):
        m = self.match
        g = m.game
        kind = mv[0]
        self.view.message = self.move_text(seat, mv)
        self.view.message_colour = WHITE if (m.ai_seats >> seat) & 1 else CURSOR
        self.view.error = 0
        self.view.confirm = -1
        d = D_TOP | D_TABLE | D_MSG | D_HINT
        if kind == game.MELD or kind == game.ADD or kind == game.SWAP or kind == game.NEXT:
            d |= D_MELDS
        if seat == m.viewer:
            if kind != game.DRAW and kind != game.PILE and kind != game.REDRAW:
                self.clear_sel()
            self.resort()
            self.fix_cursor()
            d |= D_RACK
        self.dirty |= d
        if g.phase >= game.P_HAND_OVER and phase < game.P_HAND_OVER:
            SCREENS[S_HANDEND].ended(self)  # canastas and closer for the log; a round's end
        if g.phase == game.P_MATCH_OVER and phase != game.P_MATCH_OVER:
            # logged from the next frame on (screen_matchend.tick): this frame's garbage
            # (an AI's search) is gone by then; a link logs once the cable is quiet
            self.log_due = True
            if self.link is not None:
                self.log_match()
        boundary = g.turn != seat or g.phase >= game.P_HAND_OVER or kind == game.NEXT
        if boundary or (kind == game.DRAW or kind == game.PILE or kind == game.REDRAW or kind == game.MUERTO) \
                and not (m.ai_seats >> seat) & 1:
            # a tile a person has taken stays taken: saved before the screen shows it, so
            # quitting and resuming cannot undo a draw after seeing the tile
            self.save()
        if boundary:
            if kind == game.NEXT:
                if m.humans():
                    m.viewer = m.first_human(g.turn)
                self.reset_view()
            self.enter_turn()

    def log_match(self):
        # every finished match goes to the score log (ui/screen_matchend.py), between
        # games (never during a link exchange: flash writes stop the UART)
        link = self.link
        if link is not None and not (link.safe_to_write() or not link.t.alive()):
            self.log_due = True     # screen_link.persist writes it once the cable is quiet
            return
        SCREENS[S_MATCHEND].log(self)

    def move_text(self, seat, mv):
        kind = mv[0]
        if kind > game.CLOSE:
            return ""
        # the DID_ texts are in the kinds' order; a meld, an addition, a swap and a discard
        # name their tiles, in the language's own letters (lang.tiles)
        s = pname(seat) + " " + ui_lang.t(ui_lang.DID_DRAW + kind)
        if game.MELD <= kind <= game.DISCARD:
            c = self.match.game.rules.cards
            s += " " + ui_lang.tiles(tiles.list_text(mv[2][:1] if kind == game.DISCARD else mv[2], c), c)
        return s

    def refuse(self, err):
        """An illegal choice: show the engine's reason, change nothing."""
        self.view.error = err
        self.view.confirm = -1
        self.dirty |= D_HINT

    def tick(self, now):
        if self.link is not None:
            SCREENS[S_LINK].poll(self, now)     # before a game exists too: connecting
        g = self.match.game
        if g is None:
            if self.rummy is not None:
                self.scr.tick(self, now)  # pyright: ignore[reportAttributeAccessIssue]  (_Later: see there)
            elif self.screen == S_SETUP:
                _preload()
            return
        if self.match_clock(now):
            self.next_ai = now + 2 * self.ai_ms     # let the message be read
            return
        self.scr.tick(self, now)  # pyright: ignore[reportAttributeAccessIssue]

    def due(self, now):
        """True once the time set in next_ai has come (the AI's pace, autoplay's pauses)."""
        return _diff(now, self.next_ai) >= 0

    def ai_move(self, now):
        """The AI in the seat to move plays one move (the table calls this when it is due)."""
        m = self.match
        g = m.game
        mv = m.ais[g.turn].choose(g)
        seat = g.turn
        phase = g.phase
        if mv is None or self.apply(mv):
            # an AI with no legal idea: draw or give up the turn safely
            mv = (game.DRAW, 0, b"", 0)
            if self.apply(mv):
                return
        self.after(seat, phase, mv)
        self.next_ai = now + self.ai_ms

    def match_clock(self, now):
        # over the cable apply() sends the time-up, and only the seat to move may (docs/rules.md
        # R9): the other console takes it from the peer (ui/linkplay.py)
        if self.match.time_up(now) and self.apply((game.TIMEUP, 0, b"", 0)) == 0:
            self.view.message = ui_lang.t(ui_lang.TIMEUP)
            self.view.message_colour = ERR
            self.dirty |= D_MSG
            return True
        return False

    # --- the rack ------------------------------------------------------------
    def rack(self):
        m = self.match
        return m.game.racks[m.viewer]

    def resort(self):
        if self.match.game is None or not self.view.sort:
            return
        r = self.rack()
        s = self.view.selection
        num = self.view.sort == 2
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
        if self.view.cursor >= n:
            self.view.cursor = n - 1 if n else 0
        self.view.old_cursor = self.view.cursor
        self.fix_scroll()

    def fix_scroll(self):
        n = len(self.rack())
        c = self.view.cursor
        if c < self.view.scroll:
            self.view.scroll = c
            return True
        if c >= self.view.scroll + RACK_N:
            self.view.scroll = c - RACK_N + 1
            return True
        if self.view.scroll > 0 and self.view.scroll + RACK_N > n:
            self.view.scroll = n - RACK_N if n > RACK_N else 0
            return True
        return False

    def selected(self):
        r = self.rack()
        out = bytearray()
        for i in range(len(r)):
            if self.view.selection[i] & 1:
                out.append(r[i])
        return bytes(out)

    # --- screens -------------------------------------------------------------
    def dress(self, cards):
        """Draw and name the pieces as burraco's cards (R12) or as tiles."""
        self.painter.cards = cards
        ui_lang.cards(cards)

    def show(self, s):
        """Switch to screen s (an S_ id): it gets the keys, ticks and a full redraw."""
        if s == S_TITLE:
            self.dress(False)       # the title's tiles and words are Burako's
        self.screen = s
        self.dirty = D_ALL
        if s == S_MATCHEND and self.link is not None and NAMES[s] not in sys.modules:
            self.scr = _Later
        else:
            self.scr = SCREENS[s]
        if s == S_GAME:
            drop(OFF_TABLE)
            if self.link is None:
                drop(NAMES[S_LINK:S_LINK + 1])      # docs/memory.md "link glue": a local match's
        elif s == S_TITLE or s == S_MATCHEND:
            # the match is over (or left): its hand end goes, on the title its match end too
            drop(OFF_TABLE[3:] if s == S_TITLE else OFF_TABLE[3:4])

    def key(self, k):
        if self.link is not None and SCREENS[S_LINK].key_hook(self, k):
            return
        self.scr.key(self, k)  # pyright: ignore[reportAttributeAccessIssue]

    def draw(self):
        self.scr.draw(self, self.dirty)  # pyright: ignore[reportAttributeAccessIssue]
        self.dirty = 0



def _key(t, num):
    # sort key: by colour then number, or by number then colour; jokers last
    if t == tiles.JOKER:
        return 255
    if num:
        return (t % 13) * 4 + t // 13
    return t


try:
    from time import ticks_diff as _diff
except ImportError:
    from hal.clock import ticks_diff as _diff
