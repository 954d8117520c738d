"""The pygame window path of `burako emu` (SDL dummy video driver): frames run, keys reach the app."""
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from host import emu


@pytest.mark.parametrize("runtime", ["cpython", pytest.param("micropython", marks=pytest.mark.micropython)])
def test_window_runs_and_quits(runtime, tmp_path, monkeypatch):
    from emulator import window

    seen = {"frames": 0, "shown": 0}
    orig_pump = window.Window.pump
    orig_show = window.Window.show

    def pump(self):
        seen["frames"] += 1
        orig_pump(self)
        if seen["frames"] >= 60:
            self.quit = True
        return 0x20 if 10 <= seen["frames"] < 14 else 0     # hold A: title -> new game

    def show(self, display):
        seen["shown"] += 1
        seen["pixel"] = display.pixel(120, 8)
        orig_show(self, display)

    monkeypatch.setattr(window.Window, "pump", pump)
    monkeypatch.setattr(window.Window, "show", show)
    monkeypatch.setattr(window, "frame_wait", lambda last, ms=16: last)
    args = emu.configure(__import__("argparse").ArgumentParser()).parse_args(
        ["--storage", str(tmp_path), "--runtime", runtime, "--scale", "2"])
    assert emu.run(args) == 0
    assert seen["frames"] == 60 and seen["shown"] > 0


def test_a_short_key_tap_registers_through_the_debounce(monkeypatch):
    # guards against a past bug: a tap shorter than ~35 ms was dropped (16 ms frames, 20 ms debounce)
    import pygame

    from emulator import window
    from emulator.board import PinButtons
    from hal import keys

    t = {"now": 1000.0}
    monkeypatch.setattr(window.time, "monotonic", lambda: t["now"] / 1000)
    win = window.Window(2)
    try:
        pins = PinButtons()
        seen = 0
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=0, unicode="z", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_z, mod=0, unicode="z", scancode=0))
        for _ in range(8):          # the tap came and went inside one frame
            pins.level = win.pump()
            seen |= pins.poll(int(t["now"]))
            t["now"] += 16
        assert seen == keys.A
        assert pins.held() == 0     # released again: one press, no repeat
    finally:
        win.close()


def test_a_held_key_is_not_stretched_and_a_tap_lasts_long_enough():
    from emulator.window import TapStretch

    s = TapStretch()
    s.down(1, 0)
    assert s.level(10) == 1
    s.up(1, 10)
    assert s.level(30) == 1 and s.level(s.MIN_MS) == 0
    s.down(2, 100)
    assert s.level(500) == 2        # held: stays down as long as it is held
    s.down(2, 520)                  # the system's auto-repeat: no second press
    s.up(2, 540)
    assert s.level(541) == 0 and s.level(700) == 0


def test_taps_inside_one_slow_frame_each_count_once_through_the_debounce(monkeypatch):
    # guards against a past bug: under load two taps inside one frame merged into one press; every press
    # counts once, whatever the frame rate
    import pygame

    from emulator import window
    from emulator.board import PinButtons
    from hal import keys

    for frame_ms in (16, 45, 250):
        t = {"now": 1000.0}
        monkeypatch.setattr(window.time, "monotonic", lambda: t["now"] / 1000)
        win = window.Window(2)
        try:
            pins = PinButtons()
            presses = 0
            for _ in range(3):      # three taps of A, all in the first frame
                for kind in (pygame.KEYDOWN, pygame.KEYUP):
                    _post(pygame, kind, key=pygame.K_a, mod=0, unicode="a", scancode=0)
            for _ in range(40):
                pins.level = win.pump()
                presses += bin(pins.poll(int(t["now"])) & keys.A).count("1")
                t["now"] += frame_ms
            assert presses == 3, frame_ms
        finally:
            win.close()


def test_help_overlay_follows_the_ui_language():
    from emulator.window import HELP, help_lines

    assert set(HELP) == {"es", "it", "en"}
    assert help_lines("es")[0].startswith("Teclas") and help_lines("it")[0].startswith("Tasti")
    assert all(len(HELP[k]) == len(HELP["en"]) for k in HELP)


def test_window_help_uses_the_language_the_app_shows(tmp_path, monkeypatch):
    # the window path sets the overlay's language from the running UI each frame
    from emulator import window

    langs = []
    orig_show = window.Window.show
    frames = {"n": 0}

    def pump(self):
        frames["n"] += 1
        self.help = frames["n"] >= 34       # the overlay is slow to draw: only at the end
        if frames["n"] >= 36:
            self.quit = True
        # title: Down to the language row, Right: es -> it
        return 0x02 if 10 <= frames["n"] < 13 else 0x08 if 22 <= frames["n"] < 25 else 0

    def show(self, display):
        langs.append(self.lang)
        orig_show(self, display)

    monkeypatch.setattr(window.Window, "pump", pump)
    monkeypatch.setattr(window.Window, "show", show)
    monkeypatch.setattr(window, "frame_wait", lambda last, ms=16: last)

    class FrameClock:                 # 16 ms a frame whatever the machine's load
        t = 0

        def ticks_ms(self):
            FrameClock.t += 16
            return FrameClock.t

    import hal.clock
    monkeypatch.setattr(hal.clock, "Clock", FrameClock)
    args = emu.configure(__import__("argparse").ArgumentParser()).parse_args(
        ["--storage", str(tmp_path), "--scale", "2"])
    assert emu.run(args) == 0
    assert langs[0] == "es" and langs[-1] == "it"


@pytest.mark.parametrize("runtime", ["cpython", pytest.param("micropython", marks=pytest.mark.micropython)])
def test_the_pico_lcd_114_in_the_window(runtime, tmp_path, monkeypatch):
    """`burako emu --board pico_lcd_114` (docs/ui.md "Pico-LCD-1.14"): the window shows the
    240x135 glass (scaled), under either runtime, and its keys go through the 1.14's pins:
    a tap of A (reported at its release there) leaves the title."""
    from emulator import window

    seen = {"frames": 0, "sizes": set(), "shots": []}
    orig_show = window.Window.show

    def pump(self):
        seen["frames"] += 1
        if seen["frames"] >= 40:
            self.quit = True
        return 0x20 if 10 <= seen["frames"] < 13 else 0     # a tap of A: title -> set-up

    def show(self, display):
        seen["sizes"].add((display.width, display.height))
        seen["shots"].append(bytes(display.pixels))
        orig_show(self, display)
        seen["surface"] = self.chrome.glass[2:]

    class FrameClock:                 # 16 ms a frame whatever the machine's load
        t = 0

        def ticks_ms(self):
            FrameClock.t += 16
            return FrameClock.t

    import hal.clock
    monkeypatch.setattr(hal.clock, "Clock", FrameClock)
    monkeypatch.setattr(window, "RealClock", FrameClock)
    monkeypatch.setattr(window.Window, "pump", pump)
    monkeypatch.setattr(window.Window, "show", show)
    monkeypatch.setattr(window, "frame_wait", lambda last, ms=16: last)
    args = emu.configure(__import__("argparse").ArgumentParser()).parse_args(
        ["--storage", str(tmp_path), "--runtime", runtime, "--scale", "2", "--board", "pico_lcd_114"])
    assert emu.run(args) == 0
    assert seen["sizes"] == {(240, 135)} and seen["surface"] == (480, 270)   # the glass at 2x
    assert seen["shots"][0] != seen["shots"][-1]        # the tap reached the app


def test_the_help_overlay_fits_the_114s_glass_and_names_its_keys():
    from emulator.window import help_lines

    for lang in ("es", "it", "en"):
        lines = help_lines(lang, 135)
        assert 8 + len(lines) * 9 <= 135                # the overlay's rows at any scale
        assert any("A~" in ln and "(Y)" in ln for ln in lines)
        assert not any(ln.rstrip().endswith((" X", " Y")) for ln in lines)   # no X or Y key rows
        assert help_lines(lang) != lines and len(help_lines(lang)) > len(lines)


def _table_hints(code):
    """(key, word) of every "KEY:word" the table's hint lines show in language `code`: the
    draw phase's and the play phase's (burako/table.py, ui/lang_<code>.py)."""
    import importlib
    import re

    from ui import lang

    msg = importlib.import_module("ui.lang_" + code).MSG
    return [(k, w) for m in (lang.H_DRAW1, lang.H_DRAW2, lang.H_PLAY1, lang.H_PLAY2)
            for k, w in re.findall(r"(\S+):(\w+)", msg[m])]


def test_the_help_overlay_says_what_each_key_does_at_the_table():
    """F1 at the table (issue 37): besides the keyboard, the overlay says what A, B, X, Y and Up
    do there, in the table's own words: for each "A:draw" of the table's hints a row that
    starts with that key names that action, in the three languages. On the 1.14's short glass
    the same, in its keys (A~ for Y, B~ for X, ui/keynames.py), within the glass's rows."""
    from ui import keynames

    from emulator.window import help_lines

    for code in ("es", "it", "en"):
        lines = help_lines(code)
        pairs = _table_hints(code)
        assert {k for k, _ in pairs} >= {"A", "B", "X", "Y"}
        for key, word in pairs:
            assert any((ln.startswith(key + " ") or ln.startswith(key + ",")) and word.lower() in ln.lower()
                       for ln in lines), (code, key, word)
        short = help_lines(code, 135)
        assert 8 + len(short) * 9 <= 135
        for key, word in ((keynames.name(k + ":")[:-1], w) for k, w in pairs):
            assert any(key in ln.split(" ") or key + ":" in ln.split(" ") for ln in short if word.lower() in ln.lower()), \
                (code, key, word)


def test_the_help_overlay_fits_every_window(monkeypatch):
    """Every row of the overlay, rendered in the window's font, fits inside the window, the
    narrowest (the PicoSystem held upright) and the shortest (the 1.14) included."""
    import pygame

    from emulator import window

    pygame.init()
    try:
        for board, size in (("pico_lcd_13", (240, 240)), ("picosystem", (240, 240)), ("pico_lcd_114", (240, 135))):
            win = window.Window(scale=2, size=size, board=board)
            try:
                w, h = win.chrome.window
                for code in ("es", "it", "en"):
                    lines = window.help_lines(code, size[1])
                    assert 8 * 2 + len(lines) * 9 * 2 <= h, (board, code)
                    for ln in lines:
                        assert 8 * 2 + win.font.size(ln)[0] <= w, (board, code, ln)
            finally:
                win.close()
    finally:
        pygame.quit()


def _post(pygame, kind, **kw):
    pygame.event.post(pygame.event.Event(kind, **kw))


def test_the_letters_the_screen_names_are_the_keyboard_keys():
    # the table says "A:marcar Y:bajar B:tirar X:menú"; the keyboard's A, B, X and Y
    # must be those keys (the old map had A open the menu, X discard and Y do nothing)
    import pygame

    from emulator.window import key_map
    from hal import keys

    km = key_map(pygame)
    for key, bit in ((pygame.K_a, keys.A), (pygame.K_b, keys.B), (pygame.K_x, keys.X), (pygame.K_y, keys.Y)):
        assert km[key] == bit, pygame.key.name(key)


def test_the_console_is_drawn_around_the_glass_and_its_keys_answer_the_mouse(tmp_path):
    import pygame

    from emulator import window
    from emulator.board import board_display

    d = board_display("pico_lcd_13")
    win = window.Window(2, size=(d.width, d.height), shots=str(tmp_path))
    try:
        gx, gy, gw, gh = win.chrome.glass
        assert (gw, gh) == (480, 480) and gx > 0 and win.surface.get_width() > gx + gw
        for bit, (x, y), r, cap, label in win.chrome.controls:
            pos = (x * 2, y * 2)
            assert not (gx <= pos[0] < gx + gw and gy <= pos[1] < gy + gh), cap   # beside the glass
            _post(pygame, pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            assert win.pump() == bit, cap
            win.show(d)
            lit = win.surface.get_at((pos[0] - 2 * (r - 3), pos[1]))[:3]     # the cap, beside its letter
            assert lit == window.LIT, cap                                           # lit while pressed
            _post(pygame, pygame.MOUSEBUTTONUP, pos=pos, button=1)
            win.taps = window.TapStretch()
            assert win.pump() == 0
        assert win.chrome.hit((1, 1)) == 0
    finally:
        win.close()


def test_the_short_glass_has_only_a_and_b():
    from emulator import window
    from emulator.board import board_display
    from hal import keys

    d = board_display("pico_lcd_114")
    win = window.Window(2, size=(d.width, d.height))
    try:
        bits = 0
        for c in win.chrome.controls:
            bits |= c[0]
        assert bits & (keys.X | keys.Y) == 0 and bits & keys.A and bits & keys.B
    finally:
        win.close()


def test_f12_saves_the_glass_where_it_says_not_in_the_current_folder(tmp_path, monkeypatch, capsys):
    import pygame

    from emulator import window
    from emulator.board import board_display
    from host.dirs import screenshots_folder

    monkeypatch.chdir(tmp_path)
    shots = tmp_path / "shots"
    monkeypatch.setenv("BURAKO_SCREENSHOTS", str(shots))
    d = board_display("pico_lcd_13")
    win = window.Window(2, size=(d.width, d.height), shots=screenshots_folder())   # as burako emu makes it
    try:
        win.show(d)
        _post(pygame, pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="", scancode=0)
        win.pump()
        files = list(shots.glob("burako-*.png"))
        assert len(files) == 1 and not list(tmp_path.glob("*.png"))
        assert str(files[0]) in capsys.readouterr().out
        assert pygame.image.load(str(files[0])).get_size() == (480, 480)   # the glass alone
    finally:
        win.close()


def test_an_uncovered_window_is_painted_again():
    # guards against a past bug: after another window covered it the emulator did not repaint (no new frame)
    import pygame

    from emulator import window
    from emulator.board import board_display

    d = board_display("pico_lcd_13")
    win = window.Window(2, size=(d.width, d.height))
    try:
        win.show(d)
        win.surface.fill((255, 0, 255))           # what a covering window leaves
        win.show(d)
        assert win.surface.get_at((1, 1))[:3] == (255, 0, 255)    # nothing changed: no paint
        _post(pygame, getattr(pygame, "WINDOWEXPOSED", pygame.VIDEOEXPOSE))
        win.pump()
        win.show(d)
        assert win.surface.get_at((1, 1))[:3] == window.BODY
    finally:
        win.close()
