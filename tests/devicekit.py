"""The device the host-tool tests talk to, in one place.

Today: the virtual device, the official MicroPython WebAssembly port's REPL on a
pseudo-terminal (emulator/runtimes/webasm/vdevice.mjs; docs/device-tools.md),
driven by the real mpremote through the pty's slave path. To run the same tests
against another device (the rp2040js virtual Pico), change `vdevice` below: the
tests only use the port path it yields.

    from devicekit import vdevice, mpremote, run_cli   # noqa: F401  (vdevice is a fixture)
"""
import contextlib
import os
import select
import shutil
import subprocess
import sys
import time
import tty
from pathlib import Path

import pytest

from host import device

ROOT = Path(__file__).resolve().parents[1]
VDEVICE = ROOT / "emulator" / "runtimes" / "webasm"


def run_cli(*argv, env=None, timeout=300):
    """`burako ARGV` as a user runs it: a fresh process; (exit code, stdout, stderr)."""
    r = subprocess.run([sys.executable, "-m", "host.cli", *argv], cwd=ROOT, capture_output=True, text=True,
                       timeout=timeout, env=None if env is None else {**os.environ, **env})
    return r.returncode, r.stdout, r.stderr


def mpremote(port, *args):
    return device.mpremote(port, *args, timeout=120)


def _node_modules():
    """Install the port from package-lock.json (`npm ci`) when a clean checkout lacks it."""
    import fcntl

    with open(VDEVICE / ".npm-ci.lock", "w") as lock:  # pytest -n: one worker installs, the others wait
        fcntl.flock(lock, fcntl.LOCK_EX)
        if (VDEVICE / "node_modules" / "@micropython" / "micropython-webassembly-pyscript").is_dir():
            return True
        if not shutil.which("npm"):
            return False
        r = subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=VDEVICE, capture_output=True,
                           text=True, timeout=300)
        return r.returncode == 0


class NoDevice(Exception):
    """The virtual device cannot run here (no node, or npm ci failed)."""


@contextlib.contextmanager
def virtual_device():
    """The slave path of a pty whose master side is MicroPython's REPL: a fresh, empty device."""
    if not shutil.which("node"):
        raise NoDevice("node is not installed")
    if not _node_modules():
        raise NoDevice("npm ci failed in emulator/runtimes/webasm")
    master, slave = os.openpty()
    tty.setraw(slave)  # no echo, no line discipline: a serial line's bytes, as pyserial would set it
    port = os.ttyname(slave)
    proc = subprocess.Popen(["node", str(VDEVICE / "vdevice.mjs"), "--fd", str(master)], pass_fds=(master,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    os.close(master)
    try:
        deadline = time.monotonic() + 30
        while True:  # the banner says it is up
            if select.select([slave], [], [], 0.2)[0] and b">>> " in os.read(slave, 4096):
                break
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("virtual device did not start: " + (proc.stderr.read().decode()[-500:]
                                   if proc.poll() is not None else "no banner in 30 s"))
        yield port  # `slave` stays open, so the pty lives between mpremote runs
    finally:
        proc.kill()
        proc.wait()
        os.close(slave)


@pytest.fixture(scope="module")
def vdevice():
    """The device's port for a test module (a fresh device per module and xdist worker)."""
    try:
        with virtual_device() as port:
            yield port
    except NoDevice as e:
        if os.environ.get("CI") == "true":  # CI must run the virtual device, never skip it
            pytest.fail(f"virtual device unavailable under CI: {e}")
        pytest.skip(str(e))


def device_files(port):
    """{path: size} of every file on the device, walked with `mpremote fs ls`."""
    out = {}

    def walk(d):
        for line in mpremote(port, "fs", "ls", ":" + d).splitlines()[1:]:
            size, name = line.split(None, 1)
            if name.endswith("/"):
                walk(d + name)
            else:
                out[(d + name).lstrip("/")] = int(size)

    walk("/")
    return out


# --- the virtual Pico (the real rp2 firmware on rp2040js) ------------------------------------
def vpico_or_skip():
    """Skip (fail under CI) when the virtual Pico cannot run here."""
    from emulator.runtimes import rp2040

    why = None
    if shutil.which("node") and not rp2040.node_modules_ready() and not rp2040.npm_ci():
        why = "npm ci failed in emulator/runtimes/rp2040"
    why = why or rp2040.missing()
    if why:
        if os.environ.get("CI") == "true" or os.environ.get("BURAKO_REQUIRE_UF2"):
            pytest.fail(f"virtual Pico unavailable under CI: {why}")
        pytest.skip(f"virtual Pico unavailable: {why}")


def flashed_pico(base):
    """(flash image of a virtual Pico holding the game, put there by `burako flash`, the build tree)
    made under `base` (once: reused when there)."""
    from emulator.runtimes import rp2040

    image, tree = Path(base) / "flashed.bin", Path(base) / "fw"
    if not image.exists():
        code, out, err = run_cli("build", "--out", str(tree))
        assert code == 0, err
        with rp2040.VPico(Path(base) / "new.bin") as pico:
            pico.wait_event("usb")
            code, out, err = run_cli("flash", "--port", pico.port, "--out", str(tree), "--no-build")
            assert code == 0, err
        os.replace(Path(base) / "new.bin", image)
    return image, tree


def device_listing(pico_port):
    """{path: size} of every file on a virtual Pico (tests/guests/file_sizes.py)."""
    from emulator.runtimes import wasi

    out = mpremote(pico_port, "exec", wasi.program("file_sizes.py"))
    return {ln.split(" ", 1)[1]: int(ln.split(" ", 1)[0]) for ln in out.splitlines() if ln.strip()}
