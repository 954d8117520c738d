"""Run the firmware's App frame by frame, under CPython or inside real MicroPython.

Both runtimes are driven the same way: before each frame a *source* is asked
for the key events of that frame (`source(waiting, over) -> mask, or -1 to
stop`), where `waiting` says the app is idle until a key comes and `over`
that the match has ended. Time is FRAME_MS per frame (a virtual clock) in
headless runs, so runs are deterministic.

With a link cable (`link`: emulator/link.py, the App opens a linked match)
headless time is still FRAME_MS a frame, but each frame also lasts until a
byte arrives on the link or PACE_S of real time passes: two processes over
TCP then advance their virtual clocks at about the same pace (at most
FRAME_MS per PACE_S, 3.3x real time, while waiting), instead of one spinning
through the other's timeouts. A linked run is not deterministic (the deal is
drawn by both consoles). "The match has ended" then also waits until it is
logged and its last move acknowledged (ui/cable.py Cable.over()).

Under MicroPython the whole firmware (UI, engine, AI, buffers) lives in the
guest, with the heap as a hard limit. The host only moves key masks in and
pixels out: the guest registers the address of a small int array once; per
frame the host writes the events and the time into it; each blit/fill_rect
stores its arguments there (the buffer by `uctypes.addressof`) and calls the
host, which reads the pixels from guest memory into its own Display.
"""
from __future__ import annotations

import json
import re
import struct

from emulator.board import FRAME_MS, EmuBoard, ScriptButtons, VirtualClock
from hal import keys as hal_keys

STOP = -1
# the whole console's heap under the WASI harness (its bytecode in RAM, as on the stock path):
# issue 34's limit, set from the UF2's and the stock Pico's figures (docs/memory.md)
HEAP = 196608
PACE_S = 0.010     # a headless linked frame lasts at most this long without a byte


class Feeder:
    """Scripted keys: one key mask per frame whenever the app waits for input.

    Stops when the keys are used up and the app waits again, when an
    autoplay match is over, or after `frames` frames. `idle`: at most that many
    frames after the keys are used up while the app never waits for a key (a
    screen that waits for something else, such as a peer that will never come,
    would run forever); `stalled` says it stopped so."""

    def __init__(self, keys=(), frames=None, autoplay=False, idle=None):
        self.keys = list(keys)
        self.i = 0
        self.frames = frames
        self.autoplay = autoplay
        self.idle = idle
        self.stalled = False
        self.n = 0
        self.tail = 0

    def __call__(self, waiting, over):
        if self.frames is not None and self.n >= self.frames:
            return STOP
        self.n += 1
        if self.idle is not None and not self.autoplay and self.i >= len(self.keys) and not waiting:
            self.idle -= 1
            if self.idle < 0:
                self.stalled = True
                return STOP
        if self.autoplay and over and self.i >= len(self.keys):
            self.tail += 1
            return STOP if self.tail > 2 else 0
        if waiting:
            if self.i < len(self.keys):
                k = self.keys[self.i]
                self.i += 1
                return k
            if not self.autoplay or over:
                self.tail += 1
                return STOP if self.tail > 2 else 0
        return 0


def app_kwargs(opts):
    kw = {"seed": opts.get("seed"), "autoplay": bool(opts.get("autoplay")),
          "ai_ms": None if opts.get("ai_ms", 0) is None else int(opts.get("ai_ms", 0)), "variant": opts.get("variant", "burako"),
          "players": int(opts.get("players", 2)), "target": int(opts.get("target", 0)),
          "lang": opts.get("lang"), "quick": bool(opts.get("new")),
          "link": bool(opts.get("link"))}
    if opts.get("at_cable"):
        kw["at_cable"] = True       # (only when asked: the MicroPython guest's text stays as measured)
    if opts.get("hidden") is not None:
        # (only when asked: else the App's default, hidden hands where the firmware deals them;
        # the MicroPython guest's text stays as measured)
        kw["hidden"] = bool(opts["hidden"])
    return kw


# --------------------------------------------------------------------------- CPython

def run_cpython(opts, storage_dir, source, display=None, clock=None, buttons=None,
                on_frame=None, link=None, keys=None, sound=None, battery=None, alive=False):
    """Run the App in this process until `source` says stop; returns (board, app).
    `link`: board.link (emulator/link.py) for a linked match (opts["link"]).
    `display`, `keys`, `sound`, `battery`: the board's glass, keys, speaker and battery
    (board_display(), board_keys(), board_sound(), board_battery()).
    `alive`: frames through App.frame, as the device loop (a person in the window: whatever a
    step raises shows the fault screen); else App.step (scripts and tests see the exception)."""
    from ui.app import App

    virtual = clock is None
    clock = clock or VirtualClock()
    buttons = buttons or ScriptButtons()
    board = EmuBoard(storage_dir, buttons=buttons, clock=clock, display=display, keys=keys, sound=sound,
                     battery=battery)
    if link is not None:
        board.link = link
    app = App(board, **app_kwargs(opts))
    while True:
        ev = source(app.waiting(), app.over())
        if ev == STOP:
            break
        if ev and hasattr(buttons, "press"):
            buttons.press(ev)
        (app.frame if alive else app.step)(clock.ticks_ms())
        if on_frame is not None:
            on_frame(board.display)
        if virtual:
            clock.now += FRAME_MS
            if link is not None:
                link.wait(PACE_S)
    return board, app


def snapshot(app):
    from ui.state import snapshot as snap

    return snap(app)


# --------------------------------------------------------------------------- MicroPython

# The guest: emulator/guests/ emu_display.py (the display bridge: IO and Disp), emu_board.py (the board
# B around it), emu_nonce.py (seeded randomness, opts["nonce_seed"]) and emu_keys.py (a board without
# every key) when asked, emu_app.py (the App's modules), emu_cable.py in a linked match,
# emu_frames.py (the App, its frames and the final state). A part not joined is code not
# compiled, as the heap figures were measured: no condition in the guest, no name more.
def guest_script(opts, width=240, height=240, keys=None):
    """The guest program of run_micropython, its parameters passed in (wasi.program()); the
    glass's size as Disp's class attributes (emu_display.py)."""
    from emulator.runtimes import wasi

    parts = ["emu_display.py", "emu_board.py"]
    params = {"APP": app_kwargs(opts)}
    if opts.get("nonce_seed") is not None:
        parts.append("emu_nonce.py")
        params["_count"] = [opts["nonce_seed"]]
    if keys is not None and keys != hal_keys.ALL:
        parts.append("emu_keys.py")
        params["keys"] = keys
    parts.append("emu_app.py")
    if opts.get("link"):
        parts.append("emu_cable.py")
    parts.append("emu_frames.py")
    text = wasi.program(parts, **params)
    for name, value in (("width", width), ("height", height)):
        text, n = re.subn(rf"^    {name} = \d+$", f"    {name} = {int(value)}", text, count=1, flags=re.M)
        assert n == 1, name
    # without the files' comment lines: the statements on the lines they were measured on. At a
    # linked Rummy match's qstr cliff even the line numbers count (the line table's bytes move the
    # heap's layout): with the comments the seed-1 match of benchmarks/linkmatch_figures.py
    # --variant rummy needed 131,456 B of heap, without them 130,176 B as before
    return wasi.uncommented(text)


def run_micropython(opts, storage_dir, source, display=None, heap=HEAP, clock=None,
                    on_frame=None, fuel=10 ** 14, link=None, keys=None, firmware=None):
    """Run the App inside MicroPython (WASI); returns (display, state dict).

    `clock`: None for virtual frame time, else an object with ticks_ms() (the
    window's real time). `link`: the host's end of the cable (emulator/link.py)
    for a linked match (opts["link"]); its bytes go in and out of the guest
    through two bytearrays registered by address, like the pixels. `display`
    and `keys`: the board's glass (its size is the guest's) and keys. `firmware`: a compiled
    tree of another firmware (wasi.compile_firmware(); None: this checkout's)."""
    import os

    from emulator.display import Display
    from emulator.runtimes import wasi

    display = display or Display(240, 240)
    os.makedirs(storage_dir, exist_ok=True)
    st = {"io": None, "n": 0, "state": None}
    io_fmt = "<12i"

    def init(call):
        st["io"] = int(call.text)

    def link_write(call):
        addr, n = io(call)[8:10]
        link.write(call.read(addr, n))

    def link_read(call):
        addr, n = io(call)[8:10]
        data = link.read(n)
        if data:
            call.write(addr, data)
        call.write(st["io"] + 36, struct.pack("<i", len(data)))

    def link_any(call):
        call.write(st["io"] + 36, struct.pack("<i", link.any()))

    def io(call):
        return struct.unpack(io_fmt, call.read(st["io"], 48))

    def blit(call):
        addr, x, y, w, h = io(call)[:5]
        display.blit(call.read(addr, w * h * 2), x, y, w, h)

    def fill(call):
        v = io(call)
        display.fill_rect(v[1], v[2], v[3], v[4], v[5])

    def frame(call):
        v = io(call)
        if st["n"] and on_frame is not None:
            on_frame(display)
        ev = source(bool(v[6]), bool(v[7]))
        now = (st["n"] * FRAME_MS) if clock is None else clock.ticks_ms()
        st["n"] += 1
        call.write(st["io"], struct.pack("<2i", ev, now & 0x3FFFFFFF))
        if link is not None and clock is None and st["n"] > 1:
            link.wait(PACE_S)

    def on_line(text, fuel_used):
        if text.startswith("S{"):
            st["state"] = json.loads(text[1:])

    guest = wasi.Guest(heap=heap, fuel=fuel, flash=storage_dir, result_cap=16, firmware=firmware,
                      host_functions={"init": init, "b": blit, "f": fill, "frame": frame,
                                      "lw": link_write, "lr": link_read, "la": link_any})
    guest.run(guest_script(opts, display.width, display.height, keys), on_line=on_line)
    return display, st["state"]
