"""board.sound: short tones on a piezo, never holding up a frame (docs/interfaces.md "sound").

A sound is a tuple of (frequency in Hz, duration in ms) pairs, flat: (660, 70, 880, 110) is two
notes; a frequency of 0 is a rest. ui/sounds.py names the game's. play(sound, now_ms) puts the
first note on the PWM and returns at once; tick(now_ms), once a frame, starts the next note when
the clock says the current one is over and silences the pin after the last, so a note lasts its
time and at most one frame more. Nothing is allocated by play() or tick().

`volume`: OFF, LOW or HIGH (the title's setting). A piezo's loudness is how long each pulse
deflects it, not the duty ratio: Pimoroni's PicoSystem driver keeps the pulse within 100 us
(pimoroni/picosystem libraries/picosystem.cpp, _play_note); HIGH is that, LOW a fifth of it.

A board without a speaker has hal/absent.py's Silent: the same members, doing nothing.
"""
from micropython import const

OFF = const(0)
LOW = const(1)
HIGH = const(2)
PULSE_NS = (0, 20_000, 100_000)   # per volume


class Sound:
    present = True

    def __init__(self, machine, pin, volume=HIGH):
        # the pin idles low (duty 0): a piezo draws nothing and says nothing
        self.pwm = machine.PWM(machine.Pin(pin), freq=1000, duty_u16=0)
        self.volume = volume
        self.sound = None    # the sound playing, or None
        self.note = 0        # index in it of the playing note's frequency
        self.until = 0       # ticks_ms at which that note is over

    def play(self, sound, now_ms):
        """Start `sound` (a tuple of Hz, ms pairs), cutting short any sound playing."""
        if self.volume == OFF or not sound:
            return
        self.sound = sound
        self.note = 0
        self.begin_note(now_ms)

    def begin_note(self, now_ms):
        sound = self.sound
        hz = sound[self.note]
        if hz:
            pwm = self.pwm
            pwm.freq(hz)
            # the pulse, at most half the period (a high note at HIGH)
            pulse = PULSE_NS[self.volume]
            half = 500_000_000 // hz
            pwm.duty_ns(pulse if pulse < half else half)
        else:
            self.pwm.duty_u16(0)
        self.until = ticks_add(now_ms, sound[self.note + 1])

    def tick(self, now_ms):
        """Once a frame: the next note when the playing one is over, silence after the last."""
        if self.sound is None or ticks_diff(now_ms, self.until) < 0:
            return
        self.note += 2
        if self.note < len(self.sound):
            self.begin_note(now_ms)
        else:
            self.stop()

    def stop(self):
        self.pwm.duty_u16(0)
        self.sound = None

    def set_volume(self, volume):
        """OFF, LOW or HIGH; OFF silences a sound playing."""
        self.volume = volume
        if volume == OFF:
            self.stop()

    def playing(self):
        return self.sound is not None


try:
    from time import ticks_diff, ticks_add
except ImportError:  # CPython (tests, the emulator)
    from hal.clock import ticks_diff, ticks_add
