"""`burako emu --board picosystem` (SDL dummy video and audio drivers): the handheld drawn
upright with its d-pad and keys, its sound through pygame's mixer (emulator/sound.py: the same
notes as hal/sound.py's PWM, muted by --mute and under --headless) and its battery stand-in."""
import array
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from devicekit import run_cli
from emulator import sound as emu_sound
from emulator.board import board_battery, board_display, board_keys, board_sound
from hal import keys
from hal import sound as hal_sound
from host import emu
from ui import sounds

SOUNDS = [n for n in dir(sounds) if n.isupper()]


def _post(pygame, kind, **kw):
    pygame.event.post(pygame.event.Event(kind, **kw))


def test_the_picosystem_is_drawn_upright_with_a_d_pad_and_four_keys_the_mouse_presses(tmp_path):
    import pygame

    from emulator import window

    d = board_display("picosystem")
    win = window.Window(2, size=(d.width, d.height), shots=str(tmp_path), board="picosystem")
    try:
        gx, gy, gw, gh = win.chrome.glass
        assert (gw, gh) == (480, 480) and win.chrome.upright
        bits = 0
        for bit, (x, y), r, cap, label in win.chrome.controls:
            pos = (x * 2, y * 2)
            assert pos[1] - 2 * r > gy + gh, cap            # below the glass
            bits |= bit
            _post(pygame, pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            assert win.pump() == bit, cap
            win.show(d)
            _post(pygame, pygame.MOUSEBUTTONUP, pos=pos, button=1)
            win.taps = window.TapStretch()
            assert win.pump() == 0
        assert bits == board_keys("picosystem") == keys.ALL & ~keys.PRESS      # no joystick press
        assert win.surface.get_height() > gy + gh and win.surface.get_width() == gw + 2 * gx
    finally:
        win.close()


def test_headless_picosystem_runs_the_same_glass_as_the_pico_lcd_13(tmp_path):
    """Both glasses are 240x240 and the UI does not know the board: the same keys give the same
    pixels; the PicoSystem's options are taken and checked."""
    shots = {}
    for board in ("picosystem", "pico_lcd_13"):
        shot = tmp_path / f"{board}.png"
        code, out, err = run_cli("emu", "--headless", "--board", board, "--seed", "1", "--keys", "A,UP,A",
                                 "--screenshot", str(shot), "--storage", str(tmp_path / board),
                                 *(("--mute", "--battery", "5") if board == "picosystem" else ()))
        assert code == 0, err
        shots[board] = shot.read_bytes()
    assert shots["picosystem"] == shots["pico_lcd_13"]
    code, out, err = run_cli("emu", "--headless", "--board", "picosystem", "--battery", "101")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "battery" in err


def test_the_boards_sound_and_battery_stand_ins():
    """A speaker and a battery where the profile has them; every play() logged on every board
    (the UI's calls can be tested anywhere), heard only on a board with a speaker."""
    ps, pico = board_sound("picosystem"), board_sound("pico_lcd_13")
    assert ps.present and not pico.present
    for s in (ps, pico):
        s.play(sounds.TURN, 100)
        assert s.log == [(100, sounds.TURN, hal_sound.HIGH)]
        assert emu_sound.name_of(s.log[0][1]) == "TURN"
    assert ps.playing() and not pico.playing()
    ps.tick(100 + sum(sounds.TURN[1::2]) - 1)
    assert ps.playing()
    ps.tick(100 + sum(sounds.TURN[1::2]))
    assert not ps.playing()
    ps.set_volume(hal_sound.OFF)
    ps.play(sounds.DRAW, 500)
    assert not ps.playing() and ps.log[-1] == (500, sounds.DRAW, hal_sound.OFF)

    bat = board_battery("picosystem", 50)
    assert bat.present and bat.level == 50 and not bat.low
    bat.set_level(10)
    assert bat.low
    bat.set_level(15)
    assert bat.low                       # the firmware's hysteresis: clears only above 15
    bat.set_level(16)
    assert not bat.low
    none = board_battery("pico_lcd_13", 3)
    assert not none.present and not none.low


def edges(samples):
    """Rising edges of a pulse train."""
    return sum(1 for a, b in zip(samples, samples[1:]) if a <= 0 < b)


@pytest.mark.parametrize("name", SOUNDS)
def test_the_mixer_plays_each_sound_at_its_notes_and_times(name):
    """pygame's mixer (dummy audio driver) gets each of ui/sounds.py's sounds as hal/sound.py
    plays it: every note its duration and its number of pulses, the pulse the volume's width."""
    mixer = emu_sound.Mixer()
    notes = getattr(sounds, name)
    for volume in (hal_sound.LOW, hal_sound.HIGH):
        snd = mixer.sound(notes, volume)
        assert snd.get_length() == pytest.approx(sum(notes[1::2]) / 1000, abs=0.002)
        data = array.array("h", snd.get_raw())
        at = 0
        for hz, ms in zip(notes[0::2], notes[1::2]):
            n = emu_sound.RATE * ms // 1000
            part = data[at:at + n]
            at += n
            if not hz:
                assert not any(part)
                continue
            assert abs(edges(part) - hz * ms / 1000) <= 1.5, (hz, ms)
            high = sum(1 for v in part if v > 0) / (emu_sound.RATE * ms / 1000) / hz   # seconds a pulse
            want = min(hal_sound.PULSE_NS[volume] / 1e9, 0.5 / hz)
            assert high == pytest.approx(want, abs=1.5 / emu_sound.RATE)
    mixer.play(notes, hal_sound.HIGH)
    mixer.stop()


def test_the_window_opens_the_mixer_unless_muted_and_headless_never(tmp_path, monkeypatch):
    from emulator import window

    opened = []
    monkeypatch.setattr(emu_sound, "open_mixer", lambda: opened.append(1) or emu_sound.Mixer())
    seen = {}

    def pump(self):
        self.quit = True
        return 0

    orig_show = window.Window.show

    def show(self, display):
        orig_show(self, display)

    monkeypatch.setattr(window.Window, "pump", pump)
    monkeypatch.setattr(window.Window, "show", show)
    monkeypatch.setattr(window, "frame_wait", lambda last, ms=16: last)
    from emulator import runner
    orig = runner.run_cpython

    def run_cpython(*a, **kw):
        seen["sound"] = kw.get("sound")
        return orig(*a, **kw)

    monkeypatch.setattr(runner, "run_cpython", run_cpython)
    parse = emu.configure(__import__("argparse").ArgumentParser()).parse_args
    for extra, want in ((["--mute"], 0), ([], 1)):
        opened.clear()
        assert emu.run(parse(["--storage", str(tmp_path), "--board", "picosystem", *extra])) == 0
        assert len(opened) == want and seen["sound"].present
        assert (seen["sound"].mixer is not None) == bool(want)
    opened.clear()
    assert emu.run(parse(["--storage", str(tmp_path), "--board", "pico_lcd_13"])) == 0
    assert opened == [] and not seen["sound"].present       # no speaker: no mixer
    assert emu.run(parse(["--headless", "--storage", str(tmp_path), "--board", "picosystem",
                          "--frames", "3"])) == 0
    assert opened == [] and seen["sound"].mixer is None
