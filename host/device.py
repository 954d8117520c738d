"""`burako build`, `burako flash`, `burako devices`: the device half of the host tool.

    burako build   [--out DIR]
    burako flash   [--port PORT] [--no-build] [--out DIR]
    burako flash   --clean [--port PORT]
    burako flash   --uf2 [FILE] [--board BOARD] [--drive DIR]
    burako devices [--json]

`build` compiles firmware/ with the real mpy-cross (emulator.runtimes.wasi);
`flash` copies the changed files of that tree to the device with the real
mpremote (its serial transport, in this process: one session, a progress bar
per file) and soft-resets it into the game (`--clean` removes the game's copies so a firmware
with the game frozen in runs its own; `--uf2` copies a firmware file onto the BOOTSEL drive);
`devices` lists the serial ports pyserial sees,
marking MicroPython boards. `burako scores` lives in host/scores.py.
docs/device-tools.md has the details.
"""
from __future__ import annotations

import contextlib
import errno
import hashlib
import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from hal.board import DEFAULT_PROFILE, PROFILES
from host.progress import Progress

# the device's own data: flash never writes these (a build tree holding one is refused), and
# flash --clean never removes them (it removes only .py/.mpy files)
KEEP = ("scores.log", "burako.sav", "burako.tmp", "rummy.sav", "link.sav", "link.tmp", "link.pos",
        "rlink.sav", "rlink.tmp", "rlink.pos", "names.txt", "board.txt", "settings.txt", "settings.tmp")
DATA = ("scores.log", "the saves (*.sav)", "board.txt")
LOG = "scores.log"
COPY_TIMEOUT = 600  # seconds for the whole copy (a Pico over USB takes a few)
SHORT_TIMEOUT = 60


class DeviceError(Exception):
    """mpremote could not do it: no device, busy port, a failed command."""


# an error from the serial port that means the board is no longer there (unplugged, reset,
# its USB gone mid-transfer): said in these words, never as "[Errno 5] Input/output error"
GONE = "the board went away (unplugged or reset mid-transfer): plug it in and try again"
GONE_ERRNOS = (errno.EIO, errno.ENXIO, errno.ENODEV)


def board_gone(e):
    """True when `e` (from pyserial or mpremote's serial transport) says the board went away.
    pyserial wraps the OS's error in a SerialException whose text holds "[Errno 5]" (or says
    the device "returned no data"); an ioctl on a vanished port raises the OSError itself. An
    OSError mpremote makes of the board's own error (a file's EIO on its flash) is not one: its
    strerror is the file's path, not the OS's words for the number."""
    import serial

    if not isinstance(e, OSError):
        return False
    if isinstance(e, serial.SerialException):
        text = str(e)
        return (e.errno in GONE_ERRNOS or any(f"[Errno {n}]" in text for n in GONE_ERRNOS)
                or "returned no data" in text or "device disconnected" in text)
    return e.errno in GONE_ERRNOS and e.strerror == os.strerror(e.errno)


def port_error(e, msg):
    """The DeviceError for an error from the port: GONE when the board went away, else msg."""
    return DeviceError(GONE if board_gone(e) else msg)


def _fail(cmd, msg):
    print(f"burako {cmd}: {msg}", file=sys.stderr)
    return 2


# --- mpremote ------------------------------------------------------------
def mpremote_cmd():
    """How to run mpremote: the one installed alongside this Python."""
    return [sys.executable, "-m", "mpremote"]


def _last_line(text):
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if not lines:
        return "no message"
    last = lines[-1]
    return last[len("mpremote: "):] if last.startswith("mpremote: ") else last


def mpremote(port, *args, cwd=None, timeout=SHORT_TIMEOUT):
    """Run `mpremote connect PORT ARGS...`; its stdout, or DeviceError with one line."""
    cmd = mpremote_cmd() + ["connect", port, *args]
    try:
        r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                           stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise DeviceError(f"no answer from the device on {port} after {timeout} s")
    except OSError as e:
        raise DeviceError(f"cannot run mpremote: {e.strerror}")
    if r.returncode != 0:
        raise DeviceError(_last_line(r.stderr if r.stderr.strip() else r.stdout))
    return r.stdout


# --- burako build --------------------------------------------------------
def build_tree(out=None):
    from emulator.runtimes import wasi

    return wasi.compile_firmware(out)


def sizes_table(tree):
    from emulator.runtimes import wasi

    sizes = wasi.mpy_sizes(tree)
    count = len(list(Path(tree).rglob("*.mpy")))
    w = max([len(k) for k in sizes] + [7])
    lines = [f"{'package':<{w}}  {'bytes':>7}"]
    for k, v in sorted(sizes.items(), key=lambda kv: (kv[0] != ".", kv[0])):
        lines.append(f"{k:<{w}}  {v:>7}")
    lines.append(f"{'total':<{w}}  {sum(sizes.values()):>7}  ({count} .mpy files; "
                 f"{', '.join(n for n in ('main.py', 'boot.py') if (Path(tree) / n).exists())} as source)")
    return "\n".join(lines)


def mip_package():
    """package.json for `mpremote mip install --target / PATH-or-URL`: firmware/ as sources, device root layout."""
    from emulator.runtimes import wasi

    fw = Path(wasi.FIRMWARE)
    files = sorted(p.relative_to(fw).as_posix() for p in fw.rglob("*.py"))
    return {"urls": [[f, f"firmware/{f}"] for f in files], "version": "0.1.0"}


def mip_package_text(pkg):
    """The package.json text: one file a line, so a new firmware module is a one-line diff."""
    urls = ",\n".join(f"    {json.dumps(u)}" for u in pkg["urls"])
    return f'{{\n  "urls": [\n{urls}\n  ],\n  "version": {json.dumps(pkg["version"])}\n}}\n'


def cmd_build(a):
    from emulator.runtimes import wasi

    if a.package_json:
        path = Path(wasi.ROOT) / "package.json"
        pkg = mip_package()
        path.write_text(mip_package_text(pkg))
        print(f"wrote {path} ({len(pkg['urls'])} files)")
        return 0
    if a.out == "":
        return _fail("build", "--out needs a folder name (default build/firmware)")
    try:
        tree = build_tree(a.out)
    except wasi.MpyError as e:
        return _fail("build", str(e).splitlines()[0])
    except OSError as e:
        return _fail("build", f"{e.filename or a.out}: {e.strerror}")
    print(f"built {tree}")
    print(sizes_table(tree))
    return 0


# --- boards: which port -----------------------------------------------------------
MICROPYTHON_VIDS: dict[int | None, str] = {0x2E8A: "Raspberry Pi", 0xF055: "MicroPython"}
# what a USB id is (vendor, product): the console is MicroPython on a Pico (2e8a:0005, the id
# MicroPython's rp2 port gives itself, the console's own UF2 too); other Raspberry Pi ids are
# not MicroPython (a Debug Probe is a serial bridge to another board's UART)
USB_IDS: dict[tuple[int | None, int | None], str] = {(0x2E8A, 0x0005): "console (MicroPython on a Raspberry Pi Pico)",
           (0x2E8A, 0x000C): "Raspberry Pi Debug Probe (not a console)",
           (0x2E8A, 0x000A): "Raspberry Pi Pico running a C program (not a console)",
           (0x2E8A, 0x0003): "Raspberry Pi Pico in BOOTSEL mode (not a console)"}
CONSOLE = (0x2E8A, 0x0005)


def list_ports():
    """Every serial port pyserial sees (serial.tools.list_ports), sorted by device."""
    import serial.tools.list_ports

    return sorted(serial.tools.list_ports.comports(), key=lambda p: p.device)


def _usb(p) -> tuple[int | None, int | None]:
    return getattr(p, "vid", None), getattr(p, "pid", None)


def is_micropython(p):
    """A MicroPython board: the console's id, or MicroPython's own vendor id (F055)."""
    vid, pid = _usb(p)
    return (vid, pid) == CONSOLE or vid == 0xF055


def is_console(p):
    return _usb(p) == CONSOLE


def what_port(p):
    """What the port is, in words, from its USB ids."""
    vid, pid = _usb(p)
    if vid is None:
        return "-"
    known = USB_IDS.get((vid, pid))
    if known:
        return known
    if vid == 0xF055:
        return "MicroPython board (not a Pico: not a console)"
    if vid == 0x2E8A:
        return "Raspberry Pi device (not a console)"
    return "not a console"


def port_row(p):
    vid, pid = _usb(p)
    return {"port": p.device, "usb": None if vid is None else "%04x:%04x" % (vid, pid or 0),
            "micropython": is_micropython(p), "console": is_console(p),
            "maker": MICROPYTHON_VIDS.get(vid), "what": what_port(p),
            "description": p.description if p.description and p.description != "n/a" else "",
            "serial_number": getattr(p, "serial_number", None)}


def choose_port(ports, interactive, ask=input):
    """The one MicroPython board among `ports`; asks on a terminal when there are several."""
    boards = [p for p in ports if is_micropython(p)]
    if not boards:
        raise DeviceError("no MicroPython board found (plug the console in; `burako devices` "
                          "lists what is seen; or pass --port)")
    if len(boards) == 1:
        return boards[0].device
    names = ", ".join(p.device for p in boards)
    if not interactive:
        raise DeviceError(f"{len(boards)} boards found ({names}): pick one with --port")
    for i, p in enumerate(boards, 1):
        print(f"  {i}. {p.device}  {port_row(p)['description']}", file=sys.stderr)
    while True:
        try:
            got = ask(f"which board (1-{len(boards)})? ").strip()
        except EOFError:
            raise DeviceError("no board chosen")
        if got.isdigit() and 1 <= int(got) <= len(boards):
            return boards[int(got) - 1].device
        if got in [p.device for p in boards]:
            return got


def resolve_port(port):
    """PORT as given, or for `auto`/None the only board seen (asking on a terminal if several)."""
    if port and port != "auto":
        return port
    return choose_port(list_ports(), sys.stdin.isatty() and sys.stderr.isatty())


def diagnose_port(port):
    """One line on why PORT cannot be opened: missing, busy, or pyserial's own reason."""
    import serial

    if not port.upper().startswith("COM") and "://" not in port and not os.path.exists(port):
        return f"no such port {port} (`burako devices` lists the boards it sees)"
    try:
        s = serial.Serial(port, exclusive=True)
        s.close()
    except serial.SerialException as e:
        text = str(e)
        if "lock" in text or "busy" in text.lower() or "Access is denied" in text or \
                getattr(e, "errno", None) in (16, 13):
            return (f"{port} is busy: another program (a serial terminal, Thonny, mpremote) "
                    "has it open; close it and try again")
        return f"cannot open {port}: {text.splitlines()[0] if text else 'unknown error'}"
    return f"cannot open {port}"


# --- one mpremote session ------------------------------------------------------------
# Waking the board before mpremote's raw REPL: Ctrl-C stops a running game (main.py prints a
# KeyboardInterrupt traceback, then the friendly REPL starts), Ctrl-B leaves a raw REPL an
# earlier tool left behind, and the marker line, typed at the friendly prompt, says when all
# of that has been printed. What came before the marker says whether a game was running.
WAKE = b"\r\x03"
MARK_LINE = b"\x02print('bu' 'rako' '-' 'up')\r"   # the echo holds 'bu' 'rako', the output burako-up
MARK = b"burako-up"   # the output alone has it; then a newline (\r\n on a Pico, \n on the webassembly port)
WAKE_TIMEOUT = 10
WAKE_RETRY = 0.6


def _wake(t):
    """Interrupt what runs and come to the friendly REPL; True when a program (the game) was running,
    False when the board sat at a REPL, None when it did not answer as MicroPython does.

    Sent again every WAKE_RETRY s: a Ctrl-C that comes while main.py is still being loaded (just
    after a power-on or a soft reset) is not yet the interrupt key; it waits in the input buffer,
    and the game, which reads none, never sees it. The next one interrupts it (and empties that
    buffer)."""
    data = b""
    deadline = time.monotonic() + WAKE_TIMEOUT
    while time.monotonic() < deadline:
        t.serial.write(WAKE + MARK_LINE)
        data += t.read_until(1, MARK, timeout=WAKE_RETRY, timeout_overall=WAKE_RETRY)
        if data.endswith(MARK):
            return b"KeyboardInterrupt" in data
    return None


@contextlib.contextmanager
def session(port, soft_reset=False):
    """mpremote's serial transport on PORT in the raw REPL (exclusive: a busy port is refused).

    The transport's `found` says whether a program (the game) was running when it came (True),
    the board was at a REPL (False) or unknown (None); `leave(t, ...)` puts it back. With
    soft_reset the raw REPL starts from a soft reset: a clean heap, no module of the old build
    loaded (main.py does not run in the raw REPL)."""
    from mpremote.transport import TransportError
    from mpremote.transport_serial import SerialTransport

    quiet = io.StringIO()  # mpremote prints what it read when the raw REPL does not come up
    try:
        with contextlib.redirect_stdout(quiet):
            t = SerialTransport(port, baudrate=115200)
    except TransportError:
        raise DeviceError(diagnose_port(port))
    try:
        try:
            with contextlib.redirect_stdout(quiet):
                setattr(t, "found", _wake(t))   # read by leave(): mpremote's class has no such field
                t.enter_raw_repl(soft_reset=soft_reset)
        except TransportError:
            raise DeviceError(f"no MicroPython REPL answers on {port} (a running program? "
                              "reset the board and try again)")
        except OSError as e:
            raise port_error(e, f"lost {port}: {e}")
        try:
            yield t
        except OSError as e:    # the port failed inside the session, where nothing caught it
            if board_gone(e):
                raise DeviceError(GONE) from None
            raise
    finally:
        if getattr(t, "in_raw_repl", False) and not getattr(t, "left", False):
            try:  # a refusal or a failure on the way: the board is not left in the raw REPL either
                leave(t)
            except DeviceError:
                pass
        try:
            t.close()
        except OSError:
            pass


def leave(t, restart=None):
    """Out of the raw REPL, the board as the player should find it: with restart (or, when None,
    if a game was running when the session came) a soft reset at the friendly REPL, which runs
    main.py, so the console is back in its game (a saved match is offered on its title); else
    the friendly REPL it was at. Returns True when main.py was started."""
    from mpremote.transport import TransportError

    if restart is None:
        restart = t.found is not False
    t.left = True
    try:
        t.exit_raw_repl()
        if not restart:
            return False
        t.serial.write(b"\x04")  # Ctrl-D at the friendly prompt: soft reboot, boot.py then main.py
        data = t.read_until(1, b"soft reboot\r\n", timeout=WAKE_TIMEOUT, timeout_overall=3 * WAKE_TIMEOUT)
    except (TransportError, OSError) as e:
        raise port_error(e, f"the soft reset failed ({e}): unplug the console and plug it in again")
    if not data.endswith(b"soft reboot\r\n"):
        raise DeviceError("the board did not soft-reset: unplug the console and plug it in again")
    return True


def run(t, code, timeout=SHORT_TIMEOUT):
    """Run code in the raw REPL; its stdout as text, or DeviceError with the device's last line."""
    from mpremote.transport import TransportError, TransportExecError

    try:
        out = t.exec(code)
    except TransportExecError as e:
        text = e.error_output.decode(errors="replace") if isinstance(e.error_output, bytes) else str(e.error_output)
        if "ENOSPC" in text or "[Errno 28]" in text:
            raise DeviceError("the device's filesystem is full")
        raise DeviceError(_last_line(text))
    except (TransportError, OSError) as e:
        raise port_error(e, f"lost the device: {e}")
    return out.decode(errors="replace")


# --- burako flash --------------------------------------------------------
def board_program(name, **params):
    """A program of emulator/guests/ for a board's raw REPL (wasi.program(), its parameters passed
    in), compacted (wasi.compact()): the raw REPL holds the whole text in one block of a heap the
    game may have left in pieces, and the file's comments need not travel."""
    from emulator.runtimes import wasi

    return wasi.compact(wasi.program(name, **params))


BATCH = 40  # folders or files a script: under a KB of names
HASH_END = "del _ls, _bh, _b, _m\ngc.collect()"


def device_info(t, files, sizes=None):
    """What the device holds of `files` (emulator/guests/device_head.py, then its _ls() and _bh()
    with BATCH folders or files a call): {"version" (tuple), "mpy" (int or None), "free": (block,
    bytes) or None, "machine" (os.uname().machine), "files": {file: (sha256 hex or '', size) or
    None when absent}, "py": {X.py present beside a X.mpy of `files`}}.

    `sizes` ({file: local size}): only a file of that size is hashed (another size differs anyway;
    its hash is ''); without it every file present is hashed."""
    info = {"files": {}, "py": set(), "listed": {}}
    _parse_info(run(t, board_program("device_head.py")), info)
    if "version" not in info:
        raise DeviceError("unexpected answer from the device: no version line")
    dirs = sorted({f.rsplit("/", 1)[0] if "/" in f else "" for f in files})
    for i in range(0, len(dirs), BATCH):
        _parse_info(run(t, f"_ls({tuple(dirs[i:i + BATCH])!r})"), info)
    listed = info.pop("listed")
    todo = [f for f in files if f in listed and (sizes is None or sizes.get(f) == listed[f])]
    hashes = {}
    for i in range(0, len(todo), BATCH):
        out = run(t, f"_bh({tuple(todo[i:i + BATCH])!r})")
        for line in out.splitlines():
            kind, _, rest = line.partition(" ")
            if kind == "=":
                h, _, path = rest.partition(" ")
                hashes[path] = "" if h == "-" else h
    run(t, HASH_END)
    for f in files:
        info["files"][f] = None if f not in listed else (hashes.get(f, ""), listed[f])
        if f.endswith(".mpy") and f[:-3] + "py" in listed:
            info["py"].add(f[:-3] + "py")
    missing = [f for f in todo if f not in hashes]
    if missing:
        raise DeviceError(f"unexpected answer from the device: no hash of {missing[0]}")
    return info


def _parse_info(out, info):
    for line in out.splitlines():
        kind, _, rest = line.partition(" ")
        try:
            if kind == "I":
                ver, mpy, block, free, machine = rest.split(" ", 4)
                info["version"] = tuple(int(x) for x in ver.split("."))
                info["mpy"] = None if int(mpy) < 0 else int(mpy)
                info["free"] = None if block == "-" else (int(block), int(free))
                info["machine"] = machine.strip()
            elif kind == "L":
                size, path = rest.split(" ", 1)
                info["listed"][path] = int(size)
        except ValueError:
            raise DeviceError(f"unexpected answer from the device: {line[:80]!r}")


def frozen_modules(t):
    """The names of the modules frozen into the board's firmware, as `help('modules')` lists them
    (engine/game, main, asyncio/core...); builtin modules are in it too."""
    names = set()
    for line in run(t, "help('modules')").splitlines():
        if line.startswith("Plus any"):
            break
        names.update(line.split())
    return names


def module_name(path):
    """engine/game.mpy -> engine/game: a file's module as `help('modules')` names a frozen one."""
    return path.rsplit(".", 1)[0] if path.endswith((".py", ".mpy")) else None


def frozen_game(modules, files):
    """The game's modules (those of `files`) that the board's firmware has frozen in."""
    return sorted({m for m in map(module_name, files) if m} & set(modules))


def shadow_note(frozen):
    """One line for a board whose firmware has the game frozen in."""
    n = f"{len(frozen)} module" + ("s" if len(frozen) != 1 else "")
    # pyexec_file_if_exists() looks for a frozen main.py before the filesystem's
    main = "; main.py is the exception: the frozen one runs first" if "main" in frozen else ""
    return (f"this board's firmware has the game frozen in ({n}): the files on its "
            f"filesystem shadow them (sys.path '', '.frozen', '/lib'){main}; `burako flash --clean` "
            "removes the copies so the frozen ones run")


def tree_mpy_version(tree):
    """The .mpy format version of the build (byte 1 of a .mpy: 6 since MicroPython 1.19), or None."""
    for p in sorted(Path(tree).rglob("*.mpy")):
        head = p.read_bytes()[:2]
        if len(head) == 2 and head[:1] == b"M":
            return head[1]
    return None


def same_file(local, there):
    """Is the device's copy (sha256 hex, size) the same as the local file? Sizes first: no read."""
    if not there or not there[0] or there[1] != local.stat().st_size:
        return False
    return hashlib.sha256(local.read_bytes()).hexdigest() == there[0]


# the first MicroPython release of each .mpy format (docs/reference/mpyfiles.rst); the
# sub-version (byte 2) is ignored when loading bytecode, and mpy-cross writes no native code here
MPY_SINCE = {6: "1.19", 5: "1.12"}


def check_mpy(info, tree, port):
    need = tree_mpy_version(tree)
    if need is None:
        return
    ver = ".".join(map(str, info["version"]))
    has = None if info["mpy"] is None else info["mpy"] & 0xFF
    if has != need:
        what = "no .mpy version" if has is None else f".mpy v{has}"
        since = MPY_SINCE.get(need)
        raise DeviceError(f"the device runs MicroPython {ver} ({what}); this build is .mpy v{need}"
                          + (f" (MicroPython {since} or newer)" if since else "")
                          + ": update the board's MicroPython first")


def tree_files(tree):
    """The tree's files as device paths relative to the root, sorted (not the
    build's own stamp, wasi.BUILD_STAMP: it is not firmware)."""
    from emulator.runtimes import wasi
    tree = Path(tree)
    return sorted(p.relative_to(tree).as_posix() for p in tree.rglob("*")
                  if p.is_file() and p.name != wasi.BUILD_STAMP)


def _blocks(n, block):
    return -(-n // block) * block if block else n


def check_room(info, tree, changed):
    """Refuse before copying when the changed files cannot fit in what is free."""
    if not info.get("free"):
        return
    block, free = info["free"]
    need = sum(_blocks((Path(tree) / f).stat().st_size, block) for f in changed)
    reclaimed = sum(_blocks(info["files"][f][1], block) for f in changed if info["files"].get(f))
    if need - reclaimed > free:
        raise DeviceError(f"the device's filesystem is full: the copy needs {(need - reclaimed) // 1024} KB "
                          f"more, {free // 1024} KB free (remove files from the device)")


def prepare_script(dirs, stale):
    """Device-side code making the changed files' folders and removing each stale X.py (the
    device imports X.py before X.mpy): emulator/guests/device_prepare.py."""
    return board_program("device_prepare.py", dirs=list(dirs), stale=list(stale))


WRITE_CHUNK = 2048  # bytes a write on the device (mpremote's default is 256: 8 round trips for each of these)


def flash(port, tree, progress=None):
    """Copy the files of `tree` whose sha256 differs on the device, drop stale .py, soft-reset into
    the game. Returns {"files", "copied" [(file, bytes)], "unchanged", "removed", "version",
    "machine", "frozen" (the game's modules the firmware has frozen in)}."""
    tree = Path(tree)
    files = tree_files(tree)
    if not files:
        raise DeviceError(f"{tree} is empty: nothing to flash")
    for f in files:
        if f.rsplit("/", 1)[-1] in KEEP:
            raise DeviceError(f"{tree}/{f}: the build tree holds device data; refusing to overwrite it")
    if "main.py" not in files:
        raise DeviceError(f"{tree} has no main.py: not a firmware build")
    progress = progress or (lambda name, done, total: None)
    from mpremote.transport import TransportError

    sizes = {f: (tree / f).stat().st_size for f in files}
    # a soft reset first: the heap the game held is free, and no module of the old build is loaded
    with session(port, soft_reset=True) as t:
        info = device_info(t, files, sizes)
        check_mpy(info, tree, port)
        changed = [f for f in files if not same_file(tree / f, info["files"].get(f))]
        check_room(info, tree, changed)
        frozen = frozen_game(frozen_modules(t), files)
        dirs = sorted({f.rsplit("/", 1)[0] for f in changed if "/" in f}, key=lambda d: d.count("/"))
        removed = []
        stale = sorted(info["py"])
        for i in range(0, max(len(dirs), len(stale)), BATCH):
            out = run(t, prepare_script(dirs[i:i + BATCH], stale[i:i + BATCH]))
            removed += [ln.split(None, 1)[1] for ln in out.splitlines() if ln.startswith("removed ")]
        copied = []
        for f in changed:
            data = (tree / f).read_bytes()
            progress(f, 0, len(data))
            try:
                t.fs_writefile("/" + f, data, chunk_size=WRITE_CHUNK,
                               progress_callback=lambda d, n, f=f: progress(f, d, n))
            except OSError as e:
                if e.errno == 28:
                    raise DeviceError(f"the device's filesystem is full (while writing {f})")
                raise port_error(e, f"cannot write {f}: {e}")
            except TransportError as e:
                raise DeviceError(f"cannot write {f}: {_last_line(str(e))}")
            copied.append((f, len(data)))
        try:
            leave(t, restart=True)
        except DeviceError as e:
            raise DeviceError(f"copied {len(copied)} files, but {e}")
    return {"files": files, "copied": copied, "unchanged": len(files) - len(changed), "removed": removed,
            "version": ".".join(map(str, info["version"])), "machine": info.get("machine", ""),
            "frozen": frozen}


# --- burako flash --clean: the frozen game runs again ------------------------------------
def game_names(files):
    """(package folders, top-level module files) of the game, from its files' device paths."""
    pkgs = sorted({f.split("/", 1)[0] for f in files if "/" in f})
    tops = sorted({m for m in map(module_name, (f for f in files if "/" not in f)) if m})
    return pkgs, tops


def clean(port, files):
    """Remove the game's code from the device's filesystem (emulator/guests/device_clean.py: only
    .py/.mpy files, the device's data stays), then soft-reset into the
    game. main.py stays when the firmware has the game but not main.py frozen in: it is what
    starts the frozen game there. Returns {"removed", "kept_dirs", "frozen", "version", "machine"}."""
    pkgs, tops = game_names(files)
    with session(port, soft_reset=True) as t:
        info = device_info(t, [])
        frozen = frozen_game(frozen_modules(t), files)
        roots = [f"{m}{ext}" for m in tops for ext in (".py", ".mpy")
                 if not (m == "main" and frozen and "main" not in frozen)]
        out = run(t, board_program("device_clean.py", pkgs=pkgs, roots=roots))
        leave(t, restart=True)
    return {"removed": [ln[3:] for ln in out.splitlines() if ln.startswith("rm ")],
            "kept_dirs": [ln[5:] for ln in out.splitlines() if ln.startswith("kept ")],
            "frozen": frozen, "version": ".".join(map(str, info["version"])), "machine": info.get("machine", "")}


def firmware_files():
    """The game's files as a build lays them out (device paths), from firmware/ itself."""
    from emulator.runtimes import wasi

    fw = Path(wasi.FIRMWARE)
    return sorted(p.relative_to(fw).as_posix() for p in fw.rglob("*.py"))


# --- burako flash --uf2: the console's own firmware onto the BOOTSEL drive --------------------
UF2_DRIVE_ENV = "BURAKO_UF2_DRIVE"  # folders to take for mounted drives (tests; os.pathsep between)
UF2_INFO = "INFO_UF2.TXT"
DIST = Path(__file__).resolve().parents[1] / "dist"
BOOTSEL_HOWTO = ("hold the BOOTSEL button while plugging the console in (a PicoSystem: hold X while "
                 "switching it on): it shows up as a drive named RPI-RP2 (a Pico 2: RP2350)")


def drive_chip(info):
    """The chip of a BOOTSEL drive from its INFO_UF2.TXT text ("Board-ID: RPI-RP2" is an RP2040's,
    "Board-ID: RP2350" an RP2350's: host/uf2.py CHIPS), else None."""
    from host.uf2 import CHIPS

    for ln in info.splitlines():
        if ln.lower().startswith("board-id"):
            board_id = ln.split(":", 1)[-1].strip()
            for chip, c in CHIPS.items():
                if board_id == c["drive"]:
                    return chip
    return None


def uf2_drives(env=None):
    """[(folder, chip)] of the mounted BOOTSEL drives of a chip the console has: an RP2040's
    (RPI-RP2) or an RP2350's (RP2350), as their INFO_UF2.TXT says. Looked for under /media/*/*,
    /run/media/*/*, /media/*, /Volumes/* and Windows' drive letters, or only in the folders
    $BURAKO_UF2_DRIVE names."""
    import glob

    env = os.environ if env is None else env
    if env.get(UF2_DRIVE_ENV):
        places = [p for p in env[UF2_DRIVE_ENV].split(os.pathsep) if p]
    else:
        places = []
        for pattern in ("/media/*/*", "/run/media/*/*", "/media/*", "/Volumes/*"):
            places += glob.glob(pattern)
        if os.name == "nt":
            places += [f"{c}:\\" for c in "DEFGHIJKLMNOPQRSTUVWXYZ"]
    found = {}
    for p in places:
        try:
            chip = drive_chip((Path(p) / UF2_INFO).read_text(errors="replace"))
        except OSError:
            continue
        if chip is not None:
            found[Path(p)] = chip
    return sorted(found.items())


def check_uf2(data, name, chip=None):
    """One line on why `data` is not a UF2 the console's chip (`chip`, else either) takes, or None."""
    from host.uf2 import CHIPS, uf2_chip

    try:
        got = uf2_chip(data)
    except ValueError as e:
        return f"{name} is {e}"
    if chip is not None and got != chip:
        return (f"{name} is a UF2 for the {got.upper()} (family 0x{CHIPS[got]['family']:08x}), not the "
                f"{chip.upper()}: its boot ROM would ignore it")
    return None


def newest_uf2(board, dist=None, chip="rp2040"):
    """The newest dist/burako-*-NAME.uf2 (`make uf2` writes them; dist: DIST) of the board profile
    `board` on `chip` (NAME: its UF2S row for that chip), or None (none built, or the board is not
    sold with that chip)."""
    from hal.board import load_profile

    dist = DIST if dist is None else dist
    if board not in PROFILES:
        return None
    names = set()
    for name, _folder, c, _flash in load_profile(board).UF2S:
        if c == chip:
            names |= {name, name.replace("_", "-")}
    got = [p for n in names for p in Path(dist).glob(f"burako-*-{n}.uf2")]
    return max(got, key=lambda p: (p.stat().st_mtime, p.name)) if got else None


def install_uf2(src, drive):
    """Copy the UF2 onto the drive; the boot ROM writes it to flash and restarts the board."""
    data = Path(src).read_bytes()
    dest = Path(drive) / Path(src).name
    try:
        f = open(dest, "wb")
    except OSError as e:
        raise DeviceError(f"cannot write to {drive}: {e.strerror or e}")
    try:
        f.write(data)
    except OSError as e:
        f.close()
        raise DeviceError(f"the copy to {drive} failed: {e.strerror or e} (hold BOOTSEL, plug in, try again)")
    try:  # the board restarts once the last block is in: the drive may be gone before close() returns
        f.flush()
        os.fsync(f.fileno())
        f.close()
    except OSError:
        pass
    return dest, len(data)


def cmd_flash_uf2(a):
    from host.uf2 import CHIPS, uf2_chip

    src = None
    want = None     # the chip of the UF2 named, if one is
    if a.uf2:
        src = Path(a.uf2)
        if not src.is_file():
            return _fail("flash", f"{a.uf2}: no such file")
        try:
            data = src.read_bytes()
        except OSError as e:
            return _fail("flash", f"{src}: {e.strerror}")
        why = check_uf2(data, src)
        if why:
            return _fail("flash", why)
        want = uf2_chip(data)
    if a.drive:
        info = Path(a.drive) / UF2_INFO
        if not info.is_file():
            return _fail("flash", f"{a.drive} is not a UF2 drive (no {UF2_INFO}): {BOOTSEL_HOWTO}")
        chip = drive_chip(info.read_text(errors="replace"))
        if chip is None:
            return _fail("flash", f"{a.drive} is the boot drive of a chip the console does not have "
                                  "(its INFO_UF2.TXT names neither RPI-RP2 nor RP2350)")
        drives = [(Path(a.drive), chip)]
    else:
        drives = uf2_drives()
    if want is not None and drives and not any(c == want for _, c in drives):
        d, c = drives[0]
        return _fail("flash", f"{src} is a UF2 for the {want.upper()}, and the drive {d} is an "
                              f"{c.upper()}'s ({CHIPS[c]['drive']}): its boot ROM would ignore it; "
                              f"use the {c.upper()} UF2 of your board")
    if want is not None:
        drives = [(d, c) for d, c in drives if c == want]
    if not drives:
        return _fail("flash", f"no RPI-RP2 or RP2350 drive found: {BOOTSEL_HOWTO}, then run this again")
    if len(drives) > 1:
        return _fail("flash", f"{len(drives)} BOOTSEL drives found ({', '.join(str(d) for d, _ in drives)}): "
                              "pick one with --drive")
    drive, chip = drives[0]
    if src is None:
        src = newest_uf2(a.board, chip=chip)
        if src is None:
            return _fail("flash", f"no UF2 built for {a.board} on the {chip.upper()} (the drive {drive} is "
                                  f"an {chip.upper()}'s) in {DIST}: run `make uf2` first, or name the "
                                  "file: burako flash --uf2 FILE")
        try:
            why = check_uf2(src.read_bytes(), src, chip)
        except OSError as e:
            return _fail("flash", f"{src}: {e.strerror}")
        if why:
            return _fail("flash", why)
    try:
        dest, n = install_uf2(src, drive)
    except DeviceError as e:
        return _fail("flash", str(e))
    print(f"copied {src} ({n} bytes) to {drive}: the console restarts into the new firmware; "
          "its saves, score log and settings stay on its filesystem")
    return 0


def cmd_flash(a):
    from emulator.runtimes import wasi

    if a.uf2 is not None:
        if a.clean or a.no_build or a.port != "auto":
            return _fail("flash", "--uf2 copies a firmware file onto the BOOTSEL drive: it takes no "
                                  "--port, --clean or --no-build")
        return cmd_flash_uf2(a)
    if a.drive or a.board != DEFAULT_PROFILE:
        return _fail("flash", "--drive and --board go with --uf2")
    if a.out == "":
        return _fail("flash", "--out needs a folder name (default build/firmware)")
    try:
        port = resolve_port(a.port)
    except DeviceError as e:
        return _fail("flash", str(e))
    if a.clean:
        try:
            r = clean(port, firmware_files())
        except DeviceError as e:
            return _fail("flash", f"not cleaned ({port}): {e}")
        print(f"removed {len(r['removed'])} files of the game's code from {port} "
              f"(MicroPython {r['version']}, {r['machine']}); soft reset done")
        if r["frozen"]:
            print(f"the {len(r['frozen'])} modules frozen into the firmware run now"
                  + ("; main.py stays: it starts the frozen game" if "main" not in r["frozen"] else ""))
        else:
            print("this board's firmware has no game frozen in: it has no game now; `burako flash` "
                  "copies it again, or install the console's UF2 (burako flash --uf2)")
        if r["kept_dirs"]:
            print("folders kept (they hold other files): " + " ".join(r["kept_dirs"]))
        print("kept on the device: everything that is not the game's code (" + ", ".join(DATA) + ", ...)")
        return 0
    tree = Path(a.out) if a.out else wasi.FIRMWARE_BUILD
    if a.no_build:
        if not (tree / "main.py").exists():
            return _fail("flash", f"no build in {tree}: run burako build first (or drop --no-build)")
    else:
        try:
            tree = build_tree(tree)
        except wasi.MpyError as e:
            return _fail("flash", str(e).splitlines()[0])
    try:
        r = flash(port, tree, Progress("B"))
    except DeviceError as e:  # "copied N files, but ...": the files are there, the reset was not
        return _fail("flash", f"{port}: {e}" if str(e).startswith("copied ") else f"not flashed ({port}): {e}")
    sent = sum(n for _, n in r["copied"])
    print(f"flashed {tree} to {port} (MicroPython {r['version']}): copied {len(r['copied'])} of "
          f"{len(r['files'])} files ({sent} bytes), {r['unchanged']} already up to date; soft reset done, "
          "the game is starting")
    if r["copied"] and len(r["copied"]) <= 5:
        print("copied: " + " ".join(f for f, _ in r["copied"]))
    if r["removed"]:
        print("removed stale sources: " + " ".join(r["removed"]))
    if r["frozen"]:
        print(shadow_note(r["frozen"]))
    # the data flash never writes, whether or not this board holds any of it yet
    print("flash never writes the console's data (scores, saves, names, board.txt): it is kept")
    return 0


# --- burako devices ----------------------------------------------------------------
def devices_text(rows):
    """`burako devices`'s table: port, USB id, serial number, what it is; then, when no row
    is a console, the line saying so."""
    out = []
    if rows:
        w = max(len(r["port"]) for r in rows)
        sw = max([len("serial")] + [len(r["serial_number"] or "") for r in rows])
        out.append(f"{'port':<{w}}  {'usb id':<9}  {'serial':<{sw}}  what")
        for r in rows:
            desc = f"  ({r['description']})" if r["description"] else ""
            out.append(f"{r['port']:<{w}}  {r['usb'] or '-':<9}  {r['serial_number'] or '-':<{sw}}  "
                       f"{r['what']}{desc}")
    else:
        out.append("no serial ports found")
    if not any(r["console"] for r in rows):
        out.append("no console found (plug it in with a data USB cable; it must run MicroPython: "
                   "burako flash --uf2)")
    return "\n".join(out)


def cmd_devices(a):
    rows = [port_row(p) for p in list_ports()]
    rows.sort(key=lambda r: (not r["console"], not r["micropython"], r["port"]))
    if a.json:
        print(json.dumps(rows))
    else:
        print(devices_text(rows))
    return 0 if any(r["console"] for r in rows) else 1


# --- files off the device (scores) -------------------------------------------------
PULL_CHUNK = 2048  # bytes a read on the device: its repr (up to 4x) must fit a small heap


def pull_file(port, name, dest, progress=None):
    """Copy the device's /NAME to `dest` in one mpremote session; False when the device has none."""
    from mpremote.transport import TransportError

    with session(port) as t:
        try:
            size = t.fs_stat("/" + name).st_size
        except FileNotFoundError:
            leave(t)
            return False
        except (OSError, TransportError) as e:
            raise port_error(e, f"cannot read /{name}: {_last_line(str(e))}")
        show = (lambda done, total: progress(name, done, total)) if progress else None
        try:
            if show:
                show(0, size)
            data = t.fs_readfile("/" + name, chunk_size=PULL_CHUNK, progress_callback=show)
        except (OSError, TransportError) as e:
            raise port_error(e, f"cannot read /{name}: {_last_line(str(e))}")
        try:  # back into the game when it was running (Ctrl-C stopped it), else the REPL it was at
            leave(t)
        except DeviceError as e:  # the log is read: keep it, and say what the player must do
            print(f"burako scores: {e}", file=sys.stderr)
    Path(dest).write_bytes(bytes(data))
    return True


# --- wiring ----------------------------------------------------------------
def add_parser(subparsers):
    b = subparsers.add_parser("build", help="compile firmware/ with mpy-cross into a device tree")
    b.add_argument("--out", default=None, help="tree to build into (default build/firmware)")
    b.add_argument("--package-json", action="store_true",
                   help="instead, rewrite package.json (mpremote mip install) from firmware/")
    b.set_defaults(func=cmd_build)

    f = subparsers.add_parser("flash", help="build, copy the tree to the device with mpremote, soft-reset")
    f.add_argument("--port", default="auto", help="serial port, or auto for the only board seen (default)")
    f.add_argument("--no-build", action="store_true", help="flash the existing build as it is")
    f.add_argument("--out", default=None, help="build tree to use (default build/firmware)")
    f.add_argument("--clean", action="store_true",
                   help="remove the game's .py/.mpy copies from the board (never its data), so the "
                        "modules frozen into its firmware run")
    f.add_argument("--uf2", nargs="?", const="", default=None, metavar="FILE",
                   help="copy a UF2 (default: the newest dist/burako-*.uf2 of `make uf2` for --board and "
                        "the chip of the drive found) onto the BOOTSEL drive of a board plugged in with "
                        "BOOTSEL held: RPI-RP2 (a Pico, the PicoSystem) or RP2350 (a Pico 2)")
    f.add_argument("--board", choices=PROFILES, default=DEFAULT_PROFILE,
                   help=f"with --uf2: the board of the default UF2 (default {DEFAULT_PROFILE})")
    f.add_argument("--drive", default=None,
                   help="with --uf2: the BOOTSEL drive's folder (default: the one mounted)")
    f.set_defaults(func=cmd_flash)

    d = subparsers.add_parser("devices", help="list the serial ports seen, marking MicroPython boards")
    d.add_argument("--json", action="store_true", help="one JSON list of ports")
    d.set_defaults(func=cmd_devices)
    return subparsers


def main(argv=None):
    import argparse

    p = argparse.ArgumentParser(prog="burako")
    add_parser(p.add_subparsers(dest="cmd", required=True))
    a = p.parse_args(argv)
    return a.func(a)


if __name__ == "__main__":
    sys.exit(main())
