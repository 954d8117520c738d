"""burako build / flash / scores, with the real mpy-cross, the real mpremote and a real
MicroPython: the official WebAssembly port under Node (emulator/runtimes/webasm/), its REPL on a
pseudo-terminal whose slave path is the PORT (docs/device-tools.md)."""
import csv
import io
import json
import os
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

import scorelog  # noqa: E402  (firmware/ is on sys.path: conftest.py)

RECS = [
    {"variant": "burako", "seats": "HA", "hands": [[120, -35], [410, 260]], "final": [530, 225], "winner": 0},
    {"variant": "torneo", "seats": "HAAA", "hands": [[5, 10], [-20, 300]], "final": [-15, 310], "winner": 1},
    {"variant": "burako", "seats": "AA", "hands": [], "final": [0, 0], "winner": None},
]


def run_cli(*argv):
    """The subcommands as a user runs them: a fresh process, exit code, stdout, stderr."""
    code = ("import sys; sys.path.insert(0, %r); from host import device; sys.exit(device.main(sys.argv[1:]))"
            % str(ROOT))
    r = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=300)
    return r.returncode, r.stdout, r.stderr


def mpremote(port, *args):
    return device.mpremote(port, *args, timeout=120)


def write_log(path, recs=RECS):
    for r in recs:
        scorelog.append(str(path), dict(r))
    return scorelog.read(str(path))[0]


# --- the virtual device ------------------------------------------------------
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


@pytest.fixture(scope="module")
def vdevice():
    """The slave path of a pty whose master side is MicroPython's REPL (emulator/runtimes/webasm/vdevice.mjs)."""
    if not shutil.which("node"):
        pytest.skip("node is not installed")
    if not _node_modules():
        pytest.skip("npm ci failed in emulator/runtimes/webasm")
    master, slave = os.openpty()
    tty.setraw(slave)  # no echo, no line discipline: a serial line's bytes, as pyserial would set it
    port = os.ttyname(slave)
    proc = subprocess.Popen(["node", str(VDEVICE / "vdevice.mjs"), "--fd", str(master)], pass_fds=(master,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    os.close(master)
    try:
        deadline = time.monotonic() + 30
        while True:  # the banner says it is up
            import select

            if select.select([slave], [], [], 0.2)[0] and b">>> " in os.read(slave, 4096):
                break
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail("virtual device did not start: " + proc.stderr.read().decode()[-500:]
                            if proc.poll() is not None else "virtual device did not start")
        yield port  # the fixture keeps `slave` open, so the pty lives between mpremote runs
    finally:
        proc.kill()
        proc.wait()
        os.close(slave)


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


# --- build -----------------------------------------------------------------------
def test_build_prints_sizes_per_package(tmp_path):
    code, out, err = run_cli("build", "--out", str(tmp_path / "fw"))
    assert code == 0, err
    lines = out.splitlines()
    sizes = {ln.split()[0]: int(ln.split()[1]) for ln in lines[2:-1]}
    assert {"engine", "ui", "hal", "ai"} <= set(sizes)
    total = lines[-1].split()
    assert total[0] == "total" and int(total[1]) == sum(sizes.values())
    tree = tmp_path / "fw"
    assert (tree / "main.py").exists() and not (tree / "main.mpy").exists()
    assert sum(p.stat().st_size for p in tree.rglob("*.mpy")) == int(total[1])
    assert not list(tree.rglob("*.py"))[1:]  # main.py is the only source


# --- flash -----------------------------------------------------------------------
def test_flash_missing_port_is_one_line_exit_2(tmp_path):
    code, out, err = run_cli("flash", "--port", "/dev/does-not-exist", "--out", str(tmp_path / "fw"))
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "/dev/does-not-exist" in err
    assert "Traceback" not in err and "flashed" not in out


def test_scores_missing_port_is_one_line_exit_2():
    code, out, err = run_cli("scores", "--port", "/dev/does-not-exist")
    assert code == 2 and len(err.strip().splitlines()) == 1 and out == ""


def test_flash_copies_everything_keeps_the_log_and_removes_stale_sources(vdevice, tmp_path):
    log = tmp_path / "scores.log"
    write_log(log)
    stale = tmp_path / "rules.py"
    stale.write_text("raise ImportError('the stale source was imported')\n")
    mpremote(vdevice, "fs", "cp", str(log), ":/scores.log", "+", "fs", "mkdir", ":/engine",
             "+", "fs", "cp", str(stale), ":/engine/rules.py")

    tree = tmp_path / "fw"
    code, out, err = run_cli("flash", "--port", vdevice, "--out", str(tree))
    assert code == 0, err
    assert "removed stale sources: engine/rules.py" in out

    on_device = device_files(vdevice)
    for f in tree.rglob("*"):
        if f.is_file():
            rel = f.relative_to(tree).as_posix()
            assert on_device.get(rel) == f.stat().st_size, rel
    assert "main.py" in on_device and "engine/rules.py" not in on_device
    back = tmp_path / "back.log"
    mpremote(vdevice, "fs", "cp", ":/scores.log", str(back))
    assert back.read_bytes() == log.read_bytes()
    # the copied modules import on the device (MicroPython loads the .mpy)
    assert "engine.rules" in mpremote(vdevice, "exec", "import engine.rules; print(engine.rules.__name__)")


# --- scores ----------------------------------------------------------------------
def test_scores_from_the_device_as_json_and_csv(vdevice, tmp_path):
    log = tmp_path / "scores.log"
    recs = write_log(log)
    mpremote(vdevice, "fs", "cp", str(log), ":/scores.log")

    code, out, err = run_cli("scores", "--port", vdevice, "--json")
    assert code == 0 and err == ""
    assert [json.loads(ln) for ln in out.splitlines()] == recs

    code, out, err = run_cli("scores", "--port", vdevice, "--csv", "--out", str(tmp_path / "s.csv"))
    assert code == 0
    rows = list(csv.DictReader(io.StringIO((tmp_path / "s.csv").read_text())))
    assert [int(r["seq"]) for r in rows] == [0, 1, 2]
    assert rows[1] == {"seq": "1", "variant": "torneo", "seats": "HAAA", "sides": "2", "hands": "2",
                       "final": "-15 310", "winner": "1", "per_hand": "5 10;-20 300"}
    assert rows[2]["winner"] == "" and rows[2]["per_hand"] == ""

    code, out, err = run_cli("scores", "--port", vdevice)
    assert code == 0 and len(out.splitlines()) == 4 and "side 1" in out


def test_scores_missing_log_on_device_says_so(vdevice):
    mpremote(vdevice, "exec", "import os\ntry:\n os.remove('/scores.log')\nexcept OSError:\n pass")
    code, out, err = run_cli("scores", "--port", vdevice)
    assert code == 1 and out == "" and len(err.strip().splitlines()) == 1 and "no scores.log" in err


def test_scores_corrupt_log_exports_good_records_and_reports_each_problem(tmp_path):
    log = tmp_path / "scores.log"
    recs = write_log(log)
    data = bytearray(log.read_bytes())
    n0 = len(scorelog.encode(dict(RECS[0], seq=0)))
    data[n0 + 12] ^= 0xFF  # the second record's checksum fails
    data += scorelog.encode(dict(RECS[0], seq=3))[:-6]  # a torn tail: power cut mid-write
    log.write_bytes(bytes(data))

    code, out, err = run_cli("scores", "--file", str(log), "--json")
    assert code == 0
    assert [json.loads(ln) for ln in out.splitlines()] == [recs[0], recs[2]]
    problems = err.strip().splitlines()
    assert len(problems) == 2
    assert "bad checksum" in problems[0] and "truncated" in problems[1]


def test_scores_missing_local_file_is_one_line(tmp_path):
    code, out, err = run_cli("scores", "--file", str(tmp_path / "nope.log"))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "no such file" in err
