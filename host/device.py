"""`burako build`, `burako flash`, `burako devices`: the device half of the host tool.

    burako build   [--out DIR]
    burako flash   [--port PORT] [--no-build] [--out DIR]
    burako devices [--json]

`build` compiles firmware/ with the real mpy-cross (emulator.runtimes.wasi);
`flash` copies the changed files of that tree to the device with the real
mpremote (its serial transport, in this process: one session, a progress bar
per file) and soft-resets it; `devices` lists the serial ports pyserial sees,
marking MicroPython boards. `burako scores` lives in host/scores.py.
docs/device-tools.md has the details.
"""
from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

from host.progress import Progress

KEEP = ("scores.log", "burako.sav")  # the device's own data: flash never writes these
LOG = "scores.log"
COPY_TIMEOUT = 600  # seconds for the whole copy (a Pico over USB takes a few)
SHORT_TIMEOUT = 60


class DeviceError(Exception):
    """mpremote could not do it: no device, busy port, a failed command."""


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
MICROPYTHON_VIDS = {0x2E8A: "Raspberry Pi", 0xF055: "MicroPython"}


def list_ports():
    """Every serial port pyserial sees (serial.tools.list_ports), sorted by device."""
    from serial.tools import list_ports as lp

    return sorted(lp.comports(), key=lambda p: p.device)


def is_micropython(p):
    return getattr(p, "vid", None) in MICROPYTHON_VIDS


def port_row(p):
    vid, pid = getattr(p, "vid", None), getattr(p, "pid", None)
    return {"port": p.device, "usb": None if vid is None else "%04x:%04x" % (vid, pid or 0),
            "micropython": is_micropython(p), "maker": MICROPYTHON_VIDS.get(vid),
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
@contextlib.contextmanager
def session(port):
    """mpremote's serial transport on PORT in the raw REPL (exclusive: a busy port is refused)."""
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
                t.enter_raw_repl(soft_reset=False)
        except TransportError:
            raise DeviceError(f"no MicroPython REPL answers on {port} (a running program? "
                              "reset the board and try again)")
        except OSError as e:
            raise DeviceError(f"lost {port}: {e}")
        yield t
    finally:
        try:
            t.close()
        except OSError:
            pass


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
        raise DeviceError(f"lost the device: {e}")
    return out.decode(errors="replace")


# --- burako flash --------------------------------------------------------
INFO = """
import sys, os
try:
    from hashlib import sha256
except ImportError:
    sha256 = None
def _h(p):
    try:
        f = open(p, 'rb')
    except OSError:
        return None
    if sha256 is None:
        f.close()
        return ''
    d = sha256()
    b = bytearray(512)
    while True:
        n = f.readinto(b)
        if not n:
            break
        d.update(b if n == len(b) else b[:n])
    f.close()
    return ''.join('%%02x' %% c for c in d.digest())
def _f(p):
    try:
        return (_h(p), os.stat(p)[6])
    except OSError:
        return None
try:
    _s = os.statvfs('/')
    _free = (_s[0], _s[0] * _s[3])
except (OSError, AttributeError):
    _free = None
print(repr({'version': tuple(sys.implementation.version[:3]), 'mpy': getattr(sys.implementation, '_mpy', None),
            'free': _free, 'files': dict((p, _f('/' + p)) for p in %r)}))
del _h, _f, _free
"""


def device_info(t, files):
    """{"version", "mpy", "free": (block, bytes) or None, "files": {file: (sha256 hex or '', size) or None}}."""
    import ast

    out = run(t, INFO % (files,))
    try:
        return ast.literal_eval(out.strip().splitlines()[-1])
    except (ValueError, SyntaxError, IndexError):
        raise DeviceError(f"unexpected answer from the device: {out.strip()[:80]!r}")


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


def prepare_script(files, changed):
    """Device-side code making the changed files' folders and removing each X.py a copied X.mpy replaces."""
    dirs = sorted({f.rsplit("/", 1)[0] for f in changed if "/" in f}, key=lambda d: d.count("/"))
    stems = [f[:-4] for f in files if f.endswith(".mpy")]
    return (
        "import os\n"
        f"for d in {dirs!r}:\n"
        "    try:\n"
        "        os.mkdir('/' + d)\n"
        "    except OSError:\n"
        "        pass\n"
        f"for s in {stems!r}:\n"
        "    try:\n"
        "        os.remove('/' + s + '.py')\n"
        "        print('removed', s + '.py')\n"
        "    except OSError:\n"
        "        pass\n"
    )


def flash(port, tree, progress=None):
    """Copy the files of `tree` whose sha256 differs on the device, drop stale .py, soft-reset.

    Returns {"files", "copied" [(file, bytes)], "unchanged", "removed", "version"}.
    """
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

    with session(port) as t:
        info = device_info(t, files)
        check_mpy(info, tree, port)
        changed = [f for f in files if not same_file(tree / f, info["files"].get(f))]
        check_room(info, tree, changed)
        out = run(t, prepare_script(files, changed))
        removed = [ln.split(None, 1)[1] for ln in out.splitlines() if ln.startswith("removed ")]
        copied = []
        for f in changed:
            data = (tree / f).read_bytes()
            progress(f, 0, len(data))
            try:
                t.fs_writefile("/" + f, data, progress_callback=lambda d, n, f=f: progress(f, d, n))
            except OSError as e:
                if e.errno == 28:
                    raise DeviceError(f"the device's filesystem is full (while writing {f})")
                raise DeviceError(f"cannot write {f}: {e}")
            except TransportError as e:
                raise DeviceError(f"cannot write {f}: {_last_line(str(e))}")
            copied.append((f, len(data)))
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                t.enter_raw_repl(soft_reset=True)
            t.exit_raw_repl()
        except (TransportError, OSError) as e:
            raise DeviceError(f"copied, but the soft reset failed: {e}")
    return {"files": files, "copied": copied, "unchanged": len(files) - len(changed), "removed": removed,
            "version": ".".join(map(str, info["version"]))}


def cmd_flash(a):
    from emulator.runtimes import wasi

    try:
        port = resolve_port(a.port)
    except DeviceError as e:
        return _fail("flash", str(e))
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
    except DeviceError as e:
        return _fail("flash", f"not flashed ({port}): {e}")
    sent = sum(n for _, n in r["copied"])
    print(f"flashed {tree} to {port} (MicroPython {r['version']}): copied {len(r['copied'])} of "
          f"{len(r['files'])} files ({sent} bytes), {r['unchanged']} already up to date; soft reset done")
    if r["copied"] and len(r["copied"]) <= 5:
        print("copied: " + " ".join(f for f, _ in r["copied"]))
    if r["removed"]:
        print("removed stale sources: " + " ".join(r["removed"]))
    print("kept on the device: " + ", ".join(KEEP) + " (never written by flash)")
    return 0


# --- burako devices ----------------------------------------------------------------
def cmd_devices(a):
    rows = [port_row(p) for p in list_ports()]
    rows.sort(key=lambda r: (not r["micropython"], r["port"]))
    if a.json:
        print(json.dumps(rows))
    elif not rows:
        print("no serial ports found")
    else:
        w = max(len(r["port"]) for r in rows)
        print(f"{'port':<{w}}  {'usb id':<9}  board")
        for r in rows:
            what = f"MicroPython ({r['maker']})" if r["micropython"] else "-"
            desc = f"  {r['description']}" if r["description"] else ""
            print(f"{r['port']:<{w}}  {r['usb'] or '-':<9}  {what}{desc}")
    return 0 if any(r["micropython"] for r in rows) else 1


# --- files off the device (scores) -------------------------------------------------
PULL_CHUNK = 2048  # bytes a read on the device: its repr (up to 4x) must fit a small heap


def pull_file(port, name, dest, progress=None):
    """Copy the device's /NAME to `dest` in one mpremote session; False when the device has none."""
    from mpremote.transport import TransportError

    with session(port) as t:
        try:
            size = t.fs_stat("/" + name).st_size
        except FileNotFoundError:
            return False
        except (OSError, TransportError) as e:
            raise DeviceError(f"cannot read /{name}: {_last_line(str(e))}")
        show = (lambda done, total: progress(name, done, total)) if progress else None
        try:
            if show:
                show(0, size)
            data = t.fs_readfile("/" + name, chunk_size=PULL_CHUNK, progress_callback=show)
        except (OSError, TransportError) as e:
            raise DeviceError(f"cannot read /{name}: {_last_line(str(e))}")
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
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.exit(main())
