"""The emulator's board object (docs/interfaces.md): display, buttons, link, storage, clock,
sound and battery (emulator/sound.py).

The firmware cannot tell it from the device's `hal.board.Board`. Two kinds of
buttons: `ScriptButtons` (headless runs: the driver injects key events, one
frame at a time) and `PinButtons` (the window: the device's own debounce and
auto-repeat, hal/buttons.py, reading virtual pins that the keyboard and
gamepad hold down).
"""
from __future__ import annotations

import os

from hal import board as hal_board
from hal import keys as hal_keys
from hal.buttons import Buttons
from hal.storage import Storage

from emulator.display import Display

KEY_NAMES = {name: 1 << i for i, name in enumerate(hal_keys.NAMES)}
FRAME_MS = 33


def parse_keys(text):
    """"A,RIGHT,RIGHT,A" -> list of masks; "A+B" presses both in one frame,
    "WAIT" (or "-") is a frame with no key, "#" starts a comment to the line's end. Raises ValueError naming a bad key."""
    out = []
    text = ",".join(line.split("#")[0] for line in text.splitlines())
    for word in text.replace(" ", ",").split(","):
        word = word.strip().upper()
        if not word:
            continue
        if word in ("WAIT", "-"):
            out.append(0)
            continue
        mask = 0
        for part in word.split("+"):
            if part not in KEY_NAMES:
                raise ValueError(f"unknown key {part!r} (keys: {', '.join(hal_keys.NAMES)}, WAIT)")
            mask |= KEY_NAMES[part]
        out.append(mask)
    return out


class ScriptButtons:
    def __init__(self):
        self.events = 0

    def press(self, mask):
        self.events |= mask

    def poll(self, now_ms):
        e = self.events
        self.events = 0
        return e

    def held(self):
        return 0


class _Pin:
    def __init__(self, owner, bit):
        self.owner = owner
        self.bit = bit

    def value(self):
        return 0 if self.owner.level & self.bit else 1   # active low, as on the board


class PinButtons(Buttons):
    """hal.buttons.Buttons over virtual pins; `level` is the mask of keys held. `keys`: the
    board's keys (board_keys()); the others are not wired, so a board without X and Y gets
    them from a held B and A as on the device."""

    def __init__(self, keys=hal_keys.ALL):
        self.level = 0
        super().__init__([(1 << i, _Pin(self, 1 << i)) for i in range(len(hal_keys.NAMES)) if keys >> i & 1])


class VirtualClock:
    """Frame-driven time for headless runs: deterministic whatever the machine."""

    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now & ((1 << 30) - 1)

    def ticks_diff(self, a, b):
        half = 1 << 29
        return ((a - b + half) & ((1 << 30) - 1)) - half

    def ticks_add(self, t, d):
        return (t + d) & ((1 << 30) - 1)

    def sleep_ms(self, n):
        self.now += max(0, n)


class NullLink:
    """board.link of an emulator without --link: no other console can ever answer, and the
    title says so (present, as hal/absent.py's parts; the device's UART has no such flag)."""
    present = False

    def write(self, data):
        return len(data)

    def read(self, n):
        return b""

    def any(self):
        return 0


class UnpluggedLink(NullLink):
    """board.link of a console whose UART is there with no cable in it, as a device's (the
    virtual Pico's, the web page's) at power-on: the title offers the cable as theirs does, so a
    test can compare the desktop's glass with the device's pixel for pixel."""
    present = True

    def wait(self, seconds):
        """(runner.run_cpython's pace between frames: nothing is on its way)"""


BOARDS = hal_board.PROFILES     # one firmware/hal/profile_<name>.py each


def board_display(name=hal_board.DEFAULT_PROFILE):
    """A display of the glass size of the board profile `name` (one of BOARDS):
    the emulator shows what that board's panel shows, 240x240 or 240x135."""
    if name not in BOARDS:
        raise ValueError(f"unknown board {name!r} (boards: {', '.join(BOARDS)})")
    prof = hal_board.load_profile(name)
    return Display(prof.WIDTH, prof.HEIGHT)


def board_sound(name=hal_board.DEFAULT_PROFILE, mixer=None):
    """board.sound of the board profile `name`: emulator/sound.py's EmuSound, heard through
    `mixer` (emulator/sound.py open_mixer()) when the board has a speaker."""
    from emulator.sound import EmuSound

    if name not in BOARDS:
        raise ValueError(f"unknown board {name!r} (boards: {', '.join(BOARDS)})")
    return EmuSound(getattr(hal_board.load_profile(name), "SPEAKER", None) is not None, mixer)


def board_battery(name=hal_board.DEFAULT_PROFILE, level=100):
    """board.battery of the board profile `name`: a stand-in at `level` percent where the board
    has a battery (the profile's BATTERY_ADC), else one that is not there."""
    from emulator.sound import EmuBattery

    if name not in BOARDS:
        raise ValueError(f"unknown board {name!r} (boards: {', '.join(BOARDS)})")
    return EmuBattery(getattr(hal_board.load_profile(name), "BATTERY_ADC", None) is not None, level)


def board_keys(name=hal_board.DEFAULT_PROFILE):
    """The key bits of the board profile `name` (the Pico-LCD-1.14 has no X and no Y)."""
    if name not in BOARDS:
        raise ValueError(f"unknown board {name!r} (boards: {', '.join(BOARDS)})")
    keys = 0
    for bit, _ in hal_board.load_profile(name).KEYS:
        keys |= bit
    return keys


class EmuBoard:
    def __init__(self, storage_dir, buttons=None, clock=None, display=None, keys=None, sound=None,
                 battery=None):
        """`sound`, `battery`: board_sound(), board_battery() of the board shown (default: a
        board with neither, its sound calls logged)."""
        from emulator.sound import EmuBattery, EmuSound

        os.makedirs(storage_dir, exist_ok=True)
        self.name = "emulator"
        self.keys = hal_keys.ALL if keys is None else keys     # a keyboard has every key
        self.display = display or Display(240, 240)
        self.buttons = buttons or ScriptButtons()
        self.link = NullLink()
        self.storage = Storage(os.path.abspath(storage_dir))
        if clock is None:
            from hal.clock import Clock
            clock = Clock()
        self.clock = clock
        self.idle = None
        self.sound = sound if sound is not None else EmuSound()
        self.battery = battery if battery is not None else EmuBattery()


def write_png(path, display, scale=1):
    """The screen as an RGB PNG (no pygame needed), optionally scaled up (nearest)."""
    import struct
    import zlib

    w, h = display.width, display.height
    rgb = display.to_rgb_bytes()
    rows = []
    for y in range(h):
        row = rgb[y * w * 3:(y + 1) * w * 3]
        if scale > 1:
            row = b"".join(row[i:i + 3] * scale for i in range(0, len(row), 3))
        rows.extend([b"\x00" + row] * scale)
    raw = b"".join(rows)
    w *= scale
    h *= scale

    def chunk(tag, data):
        c = struct.pack(">I", len(data)) + tag + data
        return c + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
    d = os.path.dirname(os.path.abspath(path))
    os.makedirs(d, exist_ok=True)
    with open(path, "wb") as f:
        f.write(png)
