# The console: the device loop and what every screen shares (docs/interfaces.md). The
# screens are objects (ui/screen.py); the games they belong to are found in ui/games.py;
# a match's own state lives with its game (burako/play.py, rummy/play.py), the link
# cable's with ui/cable.py. App(board).run() is the device loop; step(now_ms) does one
# frame (poll the buttons, hand a key to the screen, tick it, redraw what changed), so the
# emulator and the MicroPython harness can drive frames themselves. Nothing is allocated by
# an idle frame or a cursor move: redraws go through ui/gfx.py's few fixed buffers, dirty
# bits say which screen regions changed.
from ui import gfx
from ui import lang as ui_lang   # (lang: App's keyword argument)
from ui import screen as regions
from ui.games import GAMES, RUMMY

# the AI's pace (the table's menu, kept in ui/settings_file.py): the time each AI move stays on
# the glass before the next, fast / normal / slow (docs/ui.md "The AI's pace")
PACE_MS = (400, 1200, 2500)


class Settings:
    """The choices a person made on this console, kept between matches: the language's start
    (lang0: the language the console started in; auto_it: burraco put Italian on, R12), the
    AI level, the Burako family's set-up (its variant's index in engine/rules.VARIANTS, players,
    the seats the AI plays, the target, a burraco round of hands), each seat's name, Rummy's
    set-up (players, AI seats, hands, J2 over the cable: its first choices again at each visit
    from the title, rummy/game.py), and whether a linked match deals hidden hands."""

    def __init__(self, variant, players, target, hidden):
        from engine import rules
        self.level = 2
        self.variant = 0
        for i in range(len(rules.VARIANTS)):
            if rules.VARIANTS[i].name == variant:
                self.variant = i
        self.players = players
        self.ai_seats = 1 << 1              # seat 1 is an AI by default
        self.target = target
        self.hands = 0
        self.names = [None, None, None, None]
        self.rummy = list(RUMMY.choices)   # players, AI seats, hands, J2 over the cable
        self.lang0 = ""
        self.auto_it = False
        self.hidden = hidden
        self.pace = 1                       # the AI's pace: PACE_MS's index (normal)


class App:
    """board: the hal's (docs/interfaces.md). seed: the first match's deal (None: the clock);
    autoplay: the AI plays every seat; ai_ms: the time between the AI's moves (None: the pace
    setting's, PACE_MS; a number wins over it: tests, scripts, `burako emu --ai-ms`); variant,
    players, target: the set-up's first choices (variant: an engine/rules.py variant, or a game
    of ui/games.py by name); lang: the language (None: the one last chosen on the title,
    ui/settings_file.py, else Spanish; Italian for burraco); quick: straight into a match (the
    saved one, else a new one against the AI); link: straight onto the link cable; hidden: a
    linked match deals hidden hands (None: as last chosen on the title, else where the firmware
    can); at_cable: the title first, its cable entry chosen, not the cable at once (a person on
    the desktop's `burako emu --link` picks the deal there; the Burako family's: another game's
    link opens at once)."""

    def __init__(self, board, seed=None, autoplay=False, ai_ms=None, variant="burako",
                 players=2, target=0, lang=None, quick=False, link=False, hidden=None, at_cable=False):
        self.board = board
        self.painter = gfx.Painter(board.display)
        self.seed = seed
        self.autoplay = autoplay
        self.fixed_ms = ai_ms       # (the App's argument: kept for restart())
        self.now = 0
        self.dirty = regions.ALL
        self.cable = None           # the link cable while it is open (ui/cable.py)
        # what the console keeps between its screens and matches: a game's own (the Burako
        # table's view, Rummy's set-up), "bad_save" once a damaged save was found
        self.kept = {}
        # the choices kept across power-ons (ui/settings_file.py; none: as a new console)
        from ui import settings_file
        saved = settings_file.read(board.storage)
        if hidden is None:
            from link import hidden_ok
            hidden = hidden_ok() and saved.get(settings_file.HIDDEN) != 0
        self.settings = Settings(variant, players, target, hidden)
        if not lang:
            # R12: Italian for burraco; else the language last chosen on the title, else Spanish
            i = saved.get(settings_file.LANG, 0)
            lang = "it" if variant == "burraco" else ui_lang.LANGS[i if i < 3 else 0]
        ui_lang.use(lang)
        self.settings.lang0 = ui_lang.code()
        # the volume chosen on the title (a board with a speaker), the AI's pace chosen at the
        # table (an ai_ms given to the App wins: tests, scripts)
        volume = saved.get(settings_file.VOLUME)
        if board.sound.present and volume is not None and volume <= 2:    # (OFF, LOW, HIGH: hal/sound.py)
            board.sound.set_volume(volume)
        pace = saved.get(settings_file.PACE)
        if pace is not None and pace < len(PACE_MS):
            self.settings.pace = pace
        self.ai_ms = ai_ms if ai_ms is not None else PACE_MS[self.settings.pace]
        self.screen = None
        # the game of that name (ui/games.py), else the first: the Burako family's variants
        game = self.game_of(variant) or GAMES[0]
        at_cable = at_cable and game is GAMES[0]    # (the title's cable entry is the Burako family's)
        if link and not at_cable:
            from ui.cable import Cable
            Cable.open(self, game)
        elif autoplay:
            game.watch(self)        # every seat the AI's
        elif quick:
            # straight into the game: the saved one if there is one (never overwritten),
            # else a new match, you in seat 0, the AI in the others
            try:
                resumed = game.resume(self)
            except Exception:               # a damaged save (engine/codec.py CodecError)
                resumed = False
                self.kept["bad_save"] = True
            if not resumed:
                game.quick(self)
        if self.screen is None:
            self.home(at_cable)

    # --- the loop ------------------------------------------------------------
    def run(self):
        clk = self.board.clock
        btn = self.board.buttons
        self.board.display.backlight(True)
        while True:
            now = clk.ticks_ms()
            self.frame(now)
            # the next frame 15 ms after this one began, or sooner when a key changes or a
            # link byte comes in: asked every 2 ms (a pin-interrupt flag, the UART's count),
            # a press or a peer's frame is acted on within about 2 ms; 1 ms slices kept the
            # board about 7 % busy at an idle screen, against 2.6 % for none
            end = clk.ticks_add(now, 15)
            while clk.ticks_diff(end, now) > 0 and not btn.pending(now) and not (
                    self.cable is not None and self.board.link.any()):
                clk.sleep_ms(2)
                now = clk.ticks_ms()

    def frame(self, now):
        """step(now), kept alive (the device loop and the emulator's window): whatever a step
        raises, the console shows what happened and how to go on (ui/fault.py), the save as
        the flash holds it. KeyboardInterrupt is not caught (mpremote breaks in)."""
        # every frame comes through here, so the fault screen's import waits in fault(): an
        # import looks the module up at each call (~66 k fuel and 16 B of garbage a frame). The
        # try makes this call's frame 15 words, taken from the heap (docs/memory.md "call frames")
        try:
            self.step(now)
        except Exception as error:
            self.fault(error)

    def fault(self, error):
        """What a step raised, on the fault screen (ui/fault.py)."""
        from ui.fault import Fault
        if isinstance(self.screen, Fault):
            return              # (the fault screen itself: nothing more to show)
        import gc
        gc.collect()            # (a MemoryError's garbage: the fault screen needs a little)
        self.cable = None       # nothing of the failed match is saved or sent again
        self.show(Fault(self, error))

    def restart(self):
        """Start the console again from what the flash holds (the fault screen's A): a reset
        on the device, the App made anew where there is none (the desktop)."""
        try:
            import machine
            machine.reset()
        except (ImportError, AttributeError):
            self.__init__(self.board, ai_ms=self.fixed_ms)

    def step(self, now):
        self.now = now
        # the speaker's next note, the battery (read every 2 s: hal/battery.py); on a board
        # without them (hal/absent.py) an attribute each, not a call, in every frame
        board = self.board
        sound = board.sound
        if sound.present:
            sound.tick(now)
        battery = board.battery
        if battery.present:
            battery.poll(now)
            if battery.low != self.kept.get("battery_low", False):
                self.battery_changed(battery.low)
        key = board.buttons.poll(now)
        if key and not (self.cable is not None and self.cable.key_hook(key)):
            self.screen.key(key)
        if self.cable is not None:
            self.cable.poll(now)    # before a game exists too: connecting
        self.screen.tick(now)
        if self.dirty:
            self.screen.draw(self.dirty)
            self.dirty = 0

    def waiting(self):
        """True while nothing happens until a key is pressed (for scripted input)."""
        if self.cable is not None:
            return self.cable.waiting()
        return self.screen.waiting()

    def over(self):
        """For the emulator's headless runs: the match is over and may stop."""
        if self.cable is not None:
            return self.cable.over()
        return self.screen.name == "matchend"

    def battery_changed(self, low):
        """The battery has gone low (or been charged past the warning again): a match in play is
        saved now by its Play (the save it makes at a turn's end), which says so on its table,
        so nothing is lost if the battery gives out; the title shows the warning itself."""
        self.kept["battery_low"] = low
        play = getattr(self.screen, "play", None)
        warn = getattr(play, "battery_low", None)
        if low and warn is not None:
            warn()

    # --- shared --------------------------------------------------------------
    def show(self, screen):
        """screen is the current one now: it gets the keys, ticks and a full redraw."""
        self.screen = screen
        self.dirty = regions.ALL

    def plug(self, cable):
        """The link cable is open (a ui/cable.py Cable, polled every frame and asked before
        the screen for keys), or pulled (None)."""
        self.cable = cable

    def redraw(self, parts=regions.ALL):
        """The screen's regions `parts` (ui/screen.py's bits; the whole screen by default) are
        drawn again at the end of this frame."""
        self.dirty |= parts

    def home(self, at_cable=False):
        """Back to the title, the console's home (the link cable's way back: ui/ imports point
        one way, the title opens the cable); at_cable: its cable entry chosen."""
        from ui.title import Title
        title = Title(self)
        if at_cable:
            title.at_cable()
        self.show(title)

    def new_seed(self):
        """A new match's deal: from the clock, or the seed the App was given and then the next
        one (tests and the emulator repeat a session)."""
        seed = self.seed
        if seed is None:
            return self.board.clock.ticks_ms() & 0x3FFFFFFF
        self.seed = seed + 1
        return seed

    def dress(self, cards):
        """Draw and name the pieces as burraco's cards (R12) or as tiles."""
        self.painter.cards = cards
        ui_lang.cards(cards)

    def no_y(self):
        """A board without Y (and X): the Pico-LCD-1.14 makes them from held keys, and the
        hints name them so (ui/keynames.py)."""
        from hal import keys
        return not getattr(self.board, "keys", keys.ALL) & keys.Y

    def set_pace(self, pace):
        """The AI's pace is PACE_MS[pace] from now on (the table's menu), kept in the settings
        file (written only when it changes); an ai_ms given to the App still wins."""
        self.settings.pace = pace
        if self.fixed_ms is None:
            self.ai_ms = PACE_MS[pace]
        from ui import settings_file
        settings_file.write(self.board.storage, settings_file.PACE, pace)

    def game_of(self, name):
        for game in GAMES:
            if game.name == name:
                return game
        return None
