"""board.sound and board.battery in the emulator (docs/interfaces.md "sound", "battery").

EmuSound has hal/sound.py's members. Every play() is logged with the firmware's clock (`log`:
(ticks_ms, sound tuple, volume); name_of() names the tuple after ui/sounds.py), on every board, so
tests see what the UI asked for. On a board with a speaker (the profile's SPEAKER) and with a
Mixer, the same notes are also heard: pygame's mixer plays each as the piezo's pulse train, a
pulse of the volume's width once a period (hal/sound.py's pulse widths), which sounds like the
piezo's square-ish buzz. The window gives it a Mixer unless --mute; --headless never has one.

EmuBattery has hal/battery.py's fields; `set_level()` (burako emu --battery PERCENT) moves the
level, and `low` follows the firmware's thresholds.
"""
from __future__ import annotations

import array
import sys

from hal import battery as hal_battery
from hal import sound as hal_sound
from hal.clock import ticks_add, ticks_diff

RATE = 22050                      # mixer samples per second
AMPLITUDE = 12000                 # of a pulse, 16-bit signed


def name_of(sound):
    """The ui/sounds.py name of a sound tuple ("TURN"), else None."""
    from ui import sounds

    for name in dir(sounds):
        if name.isupper() and getattr(sounds, name) == tuple(sound):
            return name
    return None


def samples(sound, volume, rate=RATE):
    """The mixer's 16-bit mono samples of `sound` (Hz, ms pairs) at `volume`: per period of each
    note, one pulse of the volume's width (hal/sound.py), at most half the period; rests silent."""
    pulse_s = hal_sound.PULSE_NS[volume] / 1e9
    out = array.array("h")
    for i in range(0, len(sound), 2):
        hz, ms = sound[i], sound[i + 1]
        n = rate * ms // 1000
        if not hz or not pulse_s:
            out.extend([0] * n)
            continue
        period = rate / hz
        high = max(1, round(min(pulse_s, 0.5 / hz) * rate))
        out.extend([AMPLITUDE if (k % period) < high else -AMPLITUDE // 8 for k in range(n)])
    return out


class Mixer:
    """pygame's mixer, opened once (mono, 16-bit, RATE); each sound's samples made once."""

    def __init__(self):
        import pygame

        self.pg = pygame
        if pygame.mixer.get_init() not in (None, (RATE, -16, 1)):
            pygame.mixer.quit()      # pygame.init() opened it at its own default (44.1 kHz stereo)
        pygame.mixer.init(frequency=RATE, size=-16, channels=1)
        got = pygame.mixer.get_init()
        if got is None or got[2] != 1:
            raise RuntimeError(f"the mixer opened as {got}, not mono")
        self.cache = {}

    def sound(self, notes, volume):
        key = (tuple(notes), volume)
        if key not in self.cache:
            self.cache[key] = self.pg.mixer.Sound(buffer=samples(notes, volume).tobytes())
        return self.cache[key]

    def play(self, notes, volume):
        self.pg.mixer.stop()
        self.sound(notes, volume).play()

    def stop(self):
        self.pg.mixer.stop()


def open_mixer():
    """A Mixer, or None (with one line on stderr) when the machine has no audio."""
    try:
        return Mixer()
    except Exception as e:  # pygame.error and kin: no audio device, no SDL audio driver
        print(f"burako emu: no sound ({str(e).splitlines()[0] if str(e) else type(e).__name__})",
              file=sys.stderr)
        return None


class EmuSound:
    def __init__(self, present=False, mixer=None):
        self.present = present
        self.mixer = mixer if present else None
        self.volume = hal_sound.HIGH
        self.log = []                 # (ticks_ms, sound, volume) of every play()
        self.until = None             # ticks_ms at which the sound playing ends

    def play(self, sound, now_ms):
        self.log.append((now_ms, tuple(sound), self.volume))
        if not self.present or self.volume == hal_sound.OFF or not sound:
            return
        self.until = ticks_add(now_ms, sum(sound[1::2]))
        if self.mixer is not None:
            self.mixer.play(sound, self.volume)

    def tick(self, now_ms):
        if self.until is not None and ticks_diff(now_ms, self.until) >= 0:
            self.until = None

    def stop(self):
        self.until = None
        if self.mixer is not None:
            self.mixer.stop()

    def set_volume(self, volume):
        self.volume = volume
        if volume == hal_sound.OFF:
            self.stop()

    def playing(self):
        return self.until is not None


class EmuBattery:
    def __init__(self, present=False, level=100):
        self.present = present
        self.low = False
        self.set_level(level)

    def set_level(self, level):
        """The battery at `level` percent; `low` as the firmware's Battery decides it."""
        self.level = max(0, min(100, int(level)))
        span = hal_battery.FULL_MV - hal_battery.EMPTY_MV
        self.mv = hal_battery.EMPTY_MV + span * self.level // 100 if self.present else 0
        if self.level <= hal_battery.LOW_PERCENT:
            self.low = True
        elif self.level > hal_battery.CLEAR_PERCENT:
            self.low = False
        self.low = self.low and self.present

    def poll(self, now_ms):
        pass
