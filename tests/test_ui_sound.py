"""The game's sounds, volume and battery on a board with a speaker and a battery (the PicoSystem,
as `burako emu --board picosystem` builds it: emulator/board.py board_sound(), board_battery()).
The emulator's speaker logs every play() (emulator/sound.py), so a test hears what the console
played and when. Each match is checked step by step against what its state says a person hears:
their turn beginning, a tile they took, a canasta made, a hand closed, the match's end; a move
the rules refuse is heard; the title's volume row cycles and is kept across a power-on (OFF
plays nothing); the battery's level is drawn on the title, and when it goes low mid-match the
match is saved and the table and title say so. A Pico board (no speaker, no battery) shows no
volume row and writes no settings file."""
import os

from ai.basic import BasicAI
from burako import save as burako_save
from burako.game import GAME as BURAKO
from emulator.board import (FRAME_MS, EmuBoard, ScriptButtons, VirtualClock, board_battery, board_display,
                            board_keys, board_sound)
from emulator.display import Display
from emulator.sound import name_of
from engine import codec, game, melds
from hal import keys as hal_keys
from hal import sound as hal_sound
from rummy import rules as rummy_rules
from rummy.ai import RummyAI
from rummy.game import new_match as new_rummy_match
from rummy.setup import Setup
from ui import gfx, lang, sounds
from ui import settings_file
from ui import title as ui_title
from ui.app import App

TAKES = (game.DRAW, game.PILE, game.REDRAW, game.MUERTO)


class Console:
    """An App on an emulated board (the PicoSystem by default: a speaker, a battery), stepped a
    frame at a time on a virtual clock; `heard()` names the sounds played since the last call."""

    def __init__(self, folder, board="picosystem", level=100, **kw):
        self.folder = str(folder)
        self.clock = VirtualClock()
        self.clock.now = 1000
        self.board_name = board
        self.board = EmuBoard(self.folder, buttons=ScriptButtons(), clock=self.clock,
                              display=board_display(board), keys=board_keys(board),
                              sound=board_sound(board), battery=board_battery(board, level))
        self.kw = kw
        self.app = App(self.board, **kw)
        self.seen = 0

    def power_on(self):
        """Off and on again: a new App on the same storage and board (the volume as it boots)."""
        self.board.sound = board_sound(self.board_name)
        self.app = App(self.board, **self.kw)
        self.seen = 0

    def step(self, key=0):
        self.clock.now += FRAME_MS
        if key:
            self.board.buttons.press(key)
        self.app.step(self.clock.ticks_ms())

    def heard(self):
        log = self.board.sound.log
        new = [name_of(s) for _, s, _ in log[self.seen:]]
        self.seen = len(log)
        return new


def canastas(g):
    return sum(1 for s in (0, 1) for m in g.melds[s] if len(m) - melds.HEAD >= g.rules.canasta)


class Expected:
    """What a person in seat `me` hears as the match goes from one state to the next, from the
    game's state alone (not from the code that plays the sounds)."""

    def __init__(self, g, me):
        self.me = me
        self.before = None
        self.note(g)

    def note(self, g):
        self.before = (g.turn, g.phase, g.hand, canastas(g) if hasattr(g, "melds") else 0)

    def burako(self, app, g, taken=False):
        turn, phase, hand, made = self.before
        out = []
        if g.phase == game.P_MATCH_OVER and phase != game.P_MATCH_OVER:
            out.append("MATCH_END")
        elif g.phase == game.P_HAND_OVER and phase < game.P_HAND_OVER and g.closer >= 0:
            out.append("CLOSE")
        if g.hand == hand and g.phase < game.P_HAND_OVER:
            out += ["CANASTA"] * (canastas(g) - made)
            if taken:
                out.append("DRAW")
        if g.phase < game.P_HAND_OVER and g.turn == self.me and app.screen.name in ("game", "handoff") and (
                turn != self.me or hand != g.hand or phase >= game.P_HAND_OVER):
            out.append("TURN")
        self.note(g)
        return sorted(out)

    def rummy(self, app, g, drew=False):
        turn, phase, hand, _ = self.before
        out = []
        if g.phase == rummy_rules.P_MATCH_OVER and phase != rummy_rules.P_MATCH_OVER:
            out.append("MATCH_END")
        elif g.phase == rummy_rules.P_HAND_OVER and phase < rummy_rules.P_HAND_OVER and g.closer >= 0:
            out.append("CLOSE")
        if drew:
            out.append("DRAW")
        if g.phase < rummy_rules.P_HAND_OVER and g.turn == self.me and (
                turn != self.me or hand != g.hand or phase >= rummy_rules.P_HAND_OVER):
            out.append("TURN")
        self.note(g)
        return sorted(out)


def test_a_burako_match_sounds_at_its_moments(tmp_path):
    """A whole Burako match, a person (seat 0, its moves a level-1 AI's, made as the table's keys
    make them: Play.play) against the level-2 AI: after every frame and every move, the sounds
    played are exactly the ones its state says are due, and each kind is heard."""
    c = Console(tmp_path, seed=3, ai_ms=0, target=1500, quick=True, lang="en")
    play = c.app.screen.play
    g = play.game
    assert play.human(0) and not play.human(1)
    want = Expected(g, 0)
    want.before = (-1, game.P_DRAW, g.hand, 0)        # the match's first turn is a turn beginning
    assert c.heard() == want.burako(c.app, g)
    me = BasicAI(1)
    counts = {}
    for _ in range(20000):
        screen = c.app.screen.name
        if screen == "matchend":
            break
        if screen == "game" and g.turn == 0 and g.phase < game.P_HAND_OVER:
            mv = me.choose(g)
            assert play.play(*mv) == 0, mv
            got, due = sorted(c.heard()), want.burako(c.app, g, mv[0] in TAKES)
        else:
            c.step(hal_keys.A if screen == "handend" else 0)
            got, due = sorted(c.heard()), want.burako(c.app, g)
        assert got == due, (screen, g.hand, g.turn, g.phase)
        for name in got:
            counts[name] = counts.get(name, 0) + 1
    assert c.app.screen.name == "matchend"
    assert counts["MATCH_END"] == 1 and counts["CLOSE"] >= 1, counts
    assert counts["TURN"] > 5 and counts["DRAW"] >= counts["TURN"] - 1 and counts["CANASTA"] >= 2, counts
    assert all(v == hal_sound.HIGH for _, _, v in c.board.sound.log)      # the volume a console starts at


def test_a_rummy_match_sounds_at_its_moments(tmp_path):
    """Rummy israelí: a person's turn, their draw, a hand closed, the match's end (no canastas in
    Rummy), checked the same way over a whole two-hand match."""
    c = Console(tmp_path, seed=2, ai_ms=0, lang="en", variant="rummy")
    c.app.settings.rummy[:3] = [2, 0b10, 3]         # two players, seat 1 the AI's, three hands
    c.app.settings.level = 3                         # (levels 1 and 2 seldom close a hand)
    new_rummy_match(c.app)
    play = c.app.screen.play
    g = play.game
    want = Expected(g, 0)
    want.before = (-1, rummy_rules.P_DRAW, g.hand, 0)
    assert c.heard() == want.rummy(c.app, g)
    me = RummyAI(3)
    counts = {}
    for _ in range(20000):
        screen = getattr(c.app.screen, "mode", c.app.screen.name)     # (Rummy's screens by mode)
        if screen == "matchend":
            break
        if screen == "play" and g.turn == 0 and g.phase < rummy_rules.P_HAND_OVER:
            mv = me.choose(g)
            if play.play(mv):
                mv = (rummy_rules.PASS, ())
                assert play.play(mv) == 0
            got, due = sorted(c.heard()), want.rummy(c.app, g, mv[0] == rummy_rules.DRAW)
        else:
            c.step(hal_keys.A if screen == "handend" else 0)
            got, due = sorted(c.heard()), want.rummy(c.app, g)
        assert got == due, (screen, g.hand, g.turn, g.phase)
        for name in got:
            counts[name] = counts.get(name, 0) + 1
    assert c.app.screen.name == "matchend"
    assert counts["MATCH_END"] == 1 and counts["CLOSE"] >= 1 and counts["TURN"] > 5 and counts["DRAW"] > 5, counts


def test_refused_moves_are_heard_and_a_draw_by_key(tmp_path):
    """Keys at the Burako table: Y before drawing (the rules refuse: "draw first") and a meld of
    one tile are heard as REFUSED, A draws (DRAW); Rummy's Y on a workbench the rules refuse."""
    c = Console(tmp_path / "burako", seed=3, ai_ms=0, quick=True, lang="en")
    table = c.app.screen
    g = table.play.game
    while not (c.app.screen is table and g.turn == 0 and g.phase == game.P_DRAW):
        c.step()
    c.heard()
    c.step(hal_keys.Y)
    assert table.error and c.heard() == ["REFUSED"]
    c.step(hal_keys.A)
    assert g.phase == game.P_PLAY and c.heard() == ["DRAW"]
    c.step(hal_keys.A)                  # one tile selected: not a meld
    c.step(hal_keys.Y)
    assert table.error and c.heard() == ["REFUSED"]
    c.step(hal_keys.LEFT)               # a cursor move: nothing
    assert c.heard() == []
    # the App's frames tick the speaker: the refusal's notes last their time, then silence
    played = c.board.sound.log[-1][0]
    assert c.board.sound.playing()
    while c.clock.ticks_ms() + FRAME_MS < played + sum(sounds.REFUSED[1::2]):
        c.step()
        assert c.board.sound.playing()
    c.step()
    c.step()
    assert not c.board.sound.playing()

    r = Console(tmp_path / "rummy", seed=1, ai_ms=0, lang="en", variant="rummy")
    new_rummy_match(r.app)
    table = r.app.screen
    g = table.play.game
    while not (r.app.screen is table and g.turn == 0):
        r.step()
    if g.phase == rummy_rules.P_DRAW:
        r.heard()
        r.step(hal_keys.A)
        assert r.heard() == ["DRAW"]
        while not (g.turn == 0 and g.phase == rummy_rules.P_PLAY and table.bench is not None):
            r.step()
    r.heard()
    r.step(hal_keys.A)                  # a rack tile picked up: held, so the bench is refused
    r.step(hal_keys.Y)
    assert table.error and r.heard() == ["REFUSED"]


def test_the_volume_row_cycles_is_kept_across_a_power_on_and_off_plays_nothing(tmp_path):
    c = Console(tmp_path, seed=3, ai_ms=0, lang="en")
    title = c.app.screen
    assert title.name == "title" and c.board.sound.volume == hal_sound.HIGH
    while title.row + (0 if title.has_save else 1) != title.volume_row:
        c.step(hal_keys.DOWN)
    assert title.volume_row == title.rows() - 1
    c.heard()
    seen = []
    for k in (hal_keys.A, hal_keys.RIGHT, hal_keys.A, hal_keys.LEFT):
        c.step(k)
        seen.append(c.board.sound.volume)
    assert seen == [hal_sound.OFF, hal_sound.LOW, hal_sound.HIGH, hal_sound.LOW]
    # each change heard at its new volume (OFF: logged, not played)
    assert [(name_of(s), v) for _, s, v in c.board.sound.log] == [("DRAW", v) for v in seen]
    assert settings_file.read(c.board.storage) == {"volume": hal_sound.LOW}
    drawn = c.app.painter
    texts = []
    text = drawn.text
    drawn.text = lambda x, y, w, s, *a: texts.append(s) or text(x, y, w, s, *a)
    c.step(hal_keys.LEFT)                                  # OFF, and kept
    assert "Sound: < Off >" in texts
    c.power_on()
    assert c.board.sound.volume == hal_sound.OFF
    # a match at OFF: every moment logged at OFF, nothing played
    c.step(hal_keys.UP)
    title = c.app.screen
    while title.row + (0 if title.has_save else 1) != ui_title.NEW:
        c.step(hal_keys.UP)
    c.step(hal_keys.A)                  # New game: the set-up
    assert c.app.screen.name == "setup"
    BURAKO.quick(c.app)
    for _ in range(300):
        c.step()
        assert not c.board.sound.playing()
    assert c.board.sound.log and all(v == hal_sound.OFF for _, _, v in c.board.sound.log)
    # a damaged settings line is skipped: the default volume
    with open(os.path.join(c.folder, settings_file.FILE), "w") as f:
        f.write("volume loud\n")
    c.power_on()
    assert c.board.sound.volume == hal_sound.HIGH


def test_a_board_without_a_speaker_has_no_volume_row_and_writes_no_settings(tmp_path):
    c = Console(tmp_path, board="pico_lcd_13", seed=3, ai_ms=0, lang="en")
    title = c.app.screen
    assert title.volume_row == -1 and title.rows() == ui_title.OTHERS + 1     # Rummy's row last
    for k in (hal_keys.UP, hal_keys.A, hal_keys.LEFT, hal_keys.RIGHT):
        c.step(k)
    assert not os.path.exists(os.path.join(c.folder, settings_file.FILE))
    assert not c.board.battery.present and not c.board.sound.present


def gauge(display):
    """The battery gauge's inside on the title, as (filled pixels, their colour)."""
    x = display.width - ui_title.GAUGE_W - 3 + 1
    row = [display.pixel(x + i, 8) for i in range(ui_title.GAUGE_W - 2)]
    filled = len([p for p in row if p != gfx.FELT_DARK])
    return filled, row[0] if filled else None


def line_drawn(display, y, text, colour, align=1):
    """The glass's band at row y holds `text` centred as the painter draws it."""
    fresh = Display(display.width, display.height)
    gfx.Painter(fresh).text(0, y, fresh.width, text, colour, gfx.FELT_DARK, align)
    stride = display.width * 2
    return display.pixels[y * stride:(y + 10) * stride] == fresh.pixels[y * stride:(y + 10) * stride]


def test_the_title_draws_the_battery_level_and_its_warning(tmp_path):
    c = Console(tmp_path, seed=3, ai_ms=0, lang="en", level=50)
    c.step()
    d = c.board.display
    assert gauge(d) == (17 * 50 // 100, gfx.PURE)
    texts = []
    text = c.app.painter.text
    c.app.painter.text = lambda x, y, w, s, *a: texts.append(s) or text(x, y, w, s, *a)
    c.board.battery.set_level(30)
    c.step()
    assert gauge(d) == (17 * 30 // 100, gfx.PURE) and "30%" in texts
    assert not line_drawn(d, d.height - 14, lang.t(lang.BATTERY_LOW), gfx.ERR)
    c.board.battery.set_level(8)
    c.step()
    assert gauge(d) == (17 * 8 // 100, gfx.ERR) and "8%" in texts
    assert line_drawn(d, d.height - 14, lang.t(lang.BATTERY_LOW), gfx.ERR)
    c.board.battery.set_level(20)            # charged past the warning's end: the foot line again
    c.step()
    assert gauge(d) == (17 * 20 // 100, gfx.PURE)
    assert line_drawn(d, d.height - 14, lang.t(lang.H_TITLE), gfx.GREY, 1 | gfx.CAPS)    # the keys


def test_the_app_polls_the_firmware_battery_driver(tmp_path):
    """The firmware's own hal/battery.py on an ADC that reads what the test puts on it (as the
    PicoSystem's divider would): the App's frames poll it, it reads every 2 s and smooths, and
    the title follows the level down to the warning."""
    from hal import battery as hal_battery

    class ADC:
        raw = 4100 * 65535 // hal_battery.SCALE_MV

        def read_u16(self):
            return self.raw

    c = Console(tmp_path, seed=3, ai_ms=0, lang="en")
    adc = ADC()
    c.board.battery = hal_battery.Battery(adc, c.clock.ticks_ms())
    c.app.home()
    c.step()
    d = c.board.display
    assert c.board.battery.level > 90 and gauge(d)[1] == gfx.PURE
    adc.raw = 3340 * 65535 // hal_battery.SCALE_MV          # about 4 %
    c.step()
    assert c.board.battery.level > 90                        # read every 2 s only
    for _ in range(30_000 // FRAME_MS):         # (each reading a quarter of the new voltage)
        c.step()
    assert c.board.battery.low and c.board.battery.level < 10
    assert gauge(d)[1] == gfx.ERR and line_drawn(d, d.height - 14, lang.t(lang.BATTERY_LOW), gfx.ERR)


def test_low_battery_mid_turn_saves_the_match_and_says_so(tmp_path):
    """The battery goes low after a person drew and laid a meld, before the discard: the match is
    saved as it stands (what a power-on continues), and the table's message line says so."""
    c = Console(tmp_path, seed=3, ai_ms=0, lang="en", quick=True, level=40)     # (a power-on continues)
    table = c.app.screen
    play = table.play
    g = play.game
    me = BasicAI(1)
    while True:
        while not (c.app.screen is table and g.turn == 0 and g.phase == game.P_DRAW):
            c.step()
        assert play.play(game.DRAW, 0, b"", 0) == 0
        mv = me.choose(g)
        if mv[0] == game.MELD:
            assert play.play(*mv) == 0
            break
        assert play.play(*mv) == 0
    saved_before = play.saves
    position = codec.encode(g)
    assert codec.encode(burako_save.read(c.board.storage)[6]) != position     # (the meld: not yet)
    texts = []
    text = c.app.painter.text
    c.app.painter.text = lambda x, y, w, s, *a: texts.append(s) or text(x, y, w, s, *a)
    c.board.battery.set_level(9)
    c.step()
    assert play.saves == saved_before + 1
    assert codec.encode(burako_save.read(c.board.storage)[6]) == position
    assert table.message == lang.t(lang.LOW_SAVED) and table.message_colour == gfx.ERR
    assert lang.t(lang.LOW_SAVED) in texts                    # on the glass
    c.step()
    assert play.saves == saved_before + 1                     # once, when it went low
    # the power goes: the console continues the match just as it was
    c.power_on()
    assert codec.encode(c.app.screen.play.game) == position
    assert c.app.screen.name in ("game", "handoff")


def test_low_battery_on_rummy_saves_the_moves_so_far(tmp_path):
    """Rummy's save is its moves, written at a turn's end: the battery goes low after the AI drew
    (its draw not yet written), and the draw is saved then; a power-on continues from it."""
    c = Console(tmp_path, seed=1, ai_ms=1000, lang="en", variant="rummy", level=40)
    new_rummy_match(c.app)
    table = c.app.screen
    play = table.play
    g = play.game
    while not (g.turn == 0 and c.app.screen is table):
        c.step()
    assert play.play((rummy_rules.DRAW, ())) == 0 and play.play((rummy_rules.PASS, ())) == 0
    while not (g.turn == 1 and g.phase == rummy_rules.P_PLAY):
        c.step()
    assert play.lines                    # the AI's draw, not written yet
    path = os.path.join(c.folder, "rummy.sav")
    size = os.path.getsize(path)
    racks = [bytes(r) for r in g.racks]
    c.board.battery.set_level(3)
    c.step()
    assert g.turn == 1 and g.phase == rummy_rules.P_PLAY    # (the AI still thinking)
    assert not play.lines and os.path.getsize(path) > size
    assert table.message == lang.t(lang.LOW_SAVED)
    c.power_on()
    setup = Setup(c.app)                # the set-up's Continue row
    c.app.show(setup)
    assert setup.saved and setup.resume()
    while getattr(c.app.screen, "mode", "") != "play":
        c.step()
    again = c.app.screen.play.game
    assert [bytes(r) for r in again.racks] == racks and again.turn == 1 and again.phase == rummy_rules.P_PLAY


def test_a_linked_match_sounds_at_its_moments_on_the_persons_console(tmp_path, monkeypatch):
    """Over the link cable: console b is a person (its moves made as its keys make them), a's AI
    plays the other seat; b hears its turns, its draws, the canastas, the closes and the end,
    the peer's moves reaching it through the same code as the AI's (in the frame after the
    one that received them: ui/cable.py answers a move in a frame of its own)."""
    import random

    import linkkit
    from link import entropy

    r = random.Random(8)
    monkeypatch.setattr(entropy, "random_bytes", lambda n: bytes(r.randrange(256) for _ in range(n)))

    class Linked(linkkit.Console):
        DEFAULTS = dict(autoplay=True, ai_ms=0, target=1500, link=True)

    a, b, clock, cable = linkkit.pair(Linked, tmp_path, kw_b={"autoplay": False})
    sound = b.app.board.sound
    linkkit.run(a, b, clock, lambda: getattr(b.app.screen, "play", None) is not None)
    play = b.app.screen.play
    g = play.game
    me = b.app.cable.link.seat
    want = Expected(g, me)
    want.before = (-1, game.P_DRAW, g.hand, 0)
    seen = [0]

    def heard():
        new = sorted(name_of(s) for _, s, _ in sound.log[seen[0]:])
        seen[0] = len(sound.log)
        return new

    assert heard() == want.burako(b.app, g)
    bot = BasicAI(1)
    counts = {}
    for _ in range(60000):
        if b.app.screen.name == "matchend":
            break
        play = b.app.cable.play
        g = play.game
        if b.app.screen.name == "game" and g.turn == me and g.phase < game.P_HAND_OVER \
                and b.app.cable.link.my_turn() and not b.app.cable.link.events:
            mv = bot.choose(g)
            assert play.play(*mv) == 0
            got, due = heard(), want.burako(b.app, g, mv[0] in TAKES)
        else:
            if b.app.screen.name == "handend" and g.turn == me and not b.app.cable.link.events:
                b.app.board.buttons.press(hal_keys.A)
            clock.now += FRAME_MS
            a.step()
            b.step()
            if b.app.cable.link.events:
                continue        # a peer's move played on the game, answered in the next frame
            got, due = heard(), want.burako(b.app, g)
        assert got == due, (b.app.screen.name, g.hand, g.turn, g.phase)
        for name in got:
            counts[name] = counts.get(name, 0) + 1
    assert b.app.screen.name == "matchend"
    assert counts["MATCH_END"] == 1 and counts["TURN"] > 5 and counts["DRAW"] > 5, counts
    assert counts["CANASTA"] >= 1 and counts["CLOSE"] >= 1, counts
