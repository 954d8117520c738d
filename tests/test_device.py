"""burako build / flash / devices / scores (one log), with the real mpy-cross, the real mpremote and a
real MicroPython: the virtual device of tests/devicekit.py (docs/device-tools.md)."""
import csv
import io
import json
import os
import pty
import select
import shutil
import subprocess
import sys

import pytest
import serial
from serial.tools.list_ports_common import ListPortInfo

from devicekit import ROOT, device_files, mpremote, run_cli, vdevice  # noqa: F401  (vdevice: a fixture)
from host import device

import scorelog

RECS = [
    {"variant": "burako", "seats": "HA", "hands": [[120, -35], [410, 260]], "final": [530, 225], "winner": 0},
    {"variant": "torneo", "seats": "HAAA", "hands": [[5, 10], [-20, 300]], "final": [-15, 310], "winner": 1},
    {"variant": "burako", "seats": "AA", "hands": [], "final": [0, 0], "winner": None},
]


def write_log(path, recs=RECS):
    for r in recs:
        scorelog.append(str(path), dict(r))
    return scorelog.read(str(path))[0]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """One firmware build for the module's flashes (copy it before changing it)."""
    tree = tmp_path_factory.mktemp("build") / "fw"
    code, out, err = run_cli("build", "--out", str(tree))
    assert code == 0, err
    return tree


def copy_tree(built, tmp_path):
    tree = tmp_path / "fw"
    shutil.copytree(built, tree)
    return tree


# what the JSON export adds to a record (docs/device-tools.md, "scores: export and plot")
EXPORT_KEYS = ("match", "key", "source", "pulled_at", "players", "copies")


def record_of(exported):
    """The record as scorelog.read returns it, from one line of the JSON export."""
    return {k: v for k, v in exported.items() if k not in EXPORT_KEYS}


def one_line_error(code, out, err, *words):
    assert code == 2, (out, err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    for w in words:
        assert w in err, err


# --- build -----------------------------------------------------------------------
def test_build_prints_sizes_per_package(built):
    code, out, err = run_cli("build", "--out", str(built))
    assert code == 0, err
    lines = out.splitlines()
    sizes = {ln.split()[0]: int(ln.split()[1]) for ln in lines[2:-1]}
    assert {"engine", "ui", "hal", "ai"} <= set(sizes)
    total = lines[-1].split()
    assert total[0] == "total" and int(total[1]) == sum(sizes.values())
    assert (built / "main.py").exists() and not (built / "main.mpy").exists()
    assert sum(p.stat().st_size for p in built.rglob("*.mpy")) == int(total[1])
    assert not list(built.rglob("*.py"))[1:]  # main.py is the only source


# --- flash: errors -------------------------------------------------------------------
def test_flash_missing_port_is_one_line_exit_2(built):
    code, out, err = run_cli("flash", "--port", "/dev/does-not-exist", "--out", str(built), "--no-build")
    one_line_error(code, out, err, "/dev/does-not-exist", "no such port")
    assert "flashed" not in out


def test_scores_missing_port_is_one_line_exit_2():
    code, out, err = run_cli("scores", "--port", "/dev/does-not-exist")
    one_line_error(code, out, err, "no such port")
    assert out == ""


def test_flash_refuses_a_busy_port(vdevice, built):
    before = device_files(vdevice)
    with serial.Serial(vdevice, exclusive=True):  # a serial terminal holding the port
        code, out, err = run_cli("flash", "--port", vdevice, "--out", str(built), "--no-build")
    one_line_error(code, out, err, "busy", vdevice)
    assert device_files(vdevice) == before


def test_flash_refuses_a_build_newer_than_the_devices_micropython(vdevice, built, tmp_path):
    tree = copy_tree(built, tmp_path)
    for p in tree.rglob("*.mpy"):  # what a future mpy-cross (.mpy v7) would write
        b = bytearray(p.read_bytes())
        b[1] = 7
        p.write_bytes(bytes(b))
    before = device_files(vdevice)
    code, out, err = run_cli("flash", "--port", vdevice, "--out", str(tree), "--no-build")
    one_line_error(code, out, err, "MicroPython 1.27.0 (.mpy v6)", "this build is .mpy v7")
    assert device_files(vdevice) == before


def test_flash_refuses_what_does_not_fit_before_copying(vdevice, built, tmp_path):
    tree = copy_tree(built, tmp_path)
    block, bfree = (int(x) for x in mpremote(vdevice, "exec", "import os; s = os.statvfs('/'); print(s[0], s[3])")
                    .split())
    with open(tree / "big.bin", "wb") as f:  # sparse: no disk used here
        f.truncate(block * bfree + 1)
    before = device_files(vdevice)
    code, out, err = run_cli("flash", "--port", vdevice, "--out", str(tree), "--no-build")
    one_line_error(code, out, err, "filesystem is full", "KB free")
    assert device_files(vdevice) == before


# --- flash: copies -------------------------------------------------------------------
def flash_on_a_terminal(port, tree):
    """Run flash with stdout/stderr on a pty, as a person would; (exit code, everything printed)."""
    m, s = pty.openpty()
    p = subprocess.Popen([sys.executable, "-m", "host.cli", "flash", "--port", port, "--out", str(tree),
                          "--no-build"], cwd=ROOT, stdin=subprocess.DEVNULL, stdout=s, stderr=s)
    os.close(s)
    data = b""
    while True:
        if select.select([m], [], [], 1)[0]:
            try:
                chunk = os.read(m, 4096)
            except OSError:
                break
            if not chunk:
                break
            data += chunk
        elif p.poll() is not None:
            break
    os.close(m)
    return p.wait(timeout=60), data.decode(errors="replace")


def test_flash_copies_everything_then_only_what_changed(vdevice, built, tmp_path):
    log = tmp_path / "scores.log"
    write_log(log)
    stale = tmp_path / "rules.py"
    stale.write_text("raise ImportError('the stale source was imported')\n")
    mpremote(vdevice, "fs", "cp", str(log), ":/scores.log", "+", "fs", "mkdir", ":/engine",
             "+", "fs", "cp", str(stale), ":/engine/rules.py", "+", "fs", "cp", str(stale), ":/mine.py")
    tree = copy_tree(built, tmp_path)
    files = [tree / f for f in device.tree_files(tree)]    # not the build's own stamp
    size = sum(p.stat().st_size for p in files)

    code, out, err = run_cli("flash", "--port", vdevice, "--out", str(tree), "--no-build")
    assert code == 0, err
    assert err == ""  # piped: no progress bars
    assert f"copied {len(files)} of {len(files)} files ({size} bytes)" in out
    assert "removed stale sources: engine/rules.py" in out
    on_device = device_files(vdevice)
    for f in files:
        rel = f.relative_to(tree).as_posix()
        assert on_device.get(rel) == f.stat().st_size, rel
    assert "engine/rules.py" not in on_device and "mine.py" in on_device  # flash keeps what it does not copy
    back = tmp_path / "back.log"
    mpremote(vdevice, "fs", "cp", ":/scores.log", str(back))
    assert back.read_bytes() == log.read_bytes()
    assert "engine.rules" in mpremote(vdevice, "exec", "import engine.rules; print(engine.rules.__name__)")

    code, out, err = run_cli("flash", "--port", vdevice, "--out", str(tree), "--no-build")
    assert code == 0 and f"copied 0 of {len(files)} files (0 bytes), {len(files)} already up to date" in out

    main = tree / "main.py"
    main.write_text(main.read_text() + "# changed\n")
    code, printed = flash_on_a_terminal(vdevice, tree)
    assert code == 0, printed
    assert f"copied 1 of {len(files)} files ({main.stat().st_size} bytes)" in printed
    assert "copied: main.py" in printed
    bars = [ln for ln in printed.replace("\r\n", "\n").split("\n") if "[" in ln and "] " in ln]
    assert len(bars) == 1 and "main.py" in bars[0] and "#" * 24 in bars[0], printed  # one bar, full
    on_device = mpremote(vdevice, "exec", "print(open('/main.py').read()[-10:])")
    assert "# changed" in on_device


# --- devices and picking a port ------------------------------------------------------
def port_info(dev, vid=None, pid=None, desc="n/a"):
    p = ListPortInfo(dev, skip_link_detection=True)
    p.vid, p.pid, p.description = vid, pid, desc
    return p


PORTS = [port_info("/dev/ttyS0"), port_info("/dev/ttyACM0", 0x2E8A, 0x0005, "Board in FS mode"),
         port_info("/dev/ttyUSB0", 0x10C4, 0xEA60, "CP2102"), port_info("/dev/ttyACM1", 0xF055, 0x9800)]


def test_choose_port_takes_the_only_board_and_asks_or_refuses_when_several():
    assert device.choose_port(PORTS[:3], interactive=False) == "/dev/ttyACM0"
    with pytest.raises(device.DeviceError, match="no MicroPython board"):
        device.choose_port([PORTS[0], PORTS[2]], interactive=False)
    with pytest.raises(device.DeviceError, match=r"2 boards found \(/dev/ttyACM0, /dev/ttyACM1\): pick one"):
        device.choose_port(PORTS, interactive=False)
    answers = iter(["x", "3", "2"])
    assert device.choose_port(PORTS, interactive=True, ask=lambda q: next(answers)) == "/dev/ttyACM1"
    rows = [device.port_row(p) for p in PORTS]
    assert [r["micropython"] for r in rows] == [False, True, False, True]
    assert rows[1]["usb"] == "2e8a:0005" and rows[1]["maker"] == "Raspberry Pi" and rows[0]["usb"] is None


def test_devices_lists_what_pyserial_sees():
    code, out, err = run_cli("devices", "--json")
    rows = json.loads(out)
    seen = {p.device for p in device.list_ports()}
    assert {r["port"] for r in rows} == seen
    assert code == (0 if any(r["console"] for r in rows) else 1)   # a console: 2e8a:0005
    code, out, err = run_cli("devices")
    assert code in (0, 1) and err == ""


def test_flash_with_no_board_plugged_in_says_so(built):
    if any(device.is_micropython(p) for p in device.list_ports()):
        pytest.skip("a MicroPython board is plugged in: this test would flash it")
    code, out, err = run_cli("flash", "--out", str(built), "--no-build")
    one_line_error(code, out, err, "no MicroPython board found")


# --- scores of one log (the original export) -------------------------------------------
def test_scores_from_the_device_as_json_and_csv(vdevice, tmp_path):
    log = tmp_path / "scores.log"
    recs = write_log(log)
    mpremote(vdevice, "fs", "cp", str(log), ":/scores.log")

    code, out, err = run_cli("scores", "--port", vdevice, "--json")
    assert code == 0 and err == ""
    got = [json.loads(ln) for ln in out.splitlines()]
    assert [record_of(g) for g in got] == recs
    assert all(len(g["match"]) == 16 for g in got) and len({g["match"] for g in got}) == 3

    code, out, err = run_cli("scores", "--port", vdevice, "--csv", "--out", str(tmp_path / "s.csv"))
    assert code == 0
    rows = list(csv.DictReader(io.StringIO((tmp_path / "s.csv").read_text())))
    assert [int(r["seq"]) for r in rows] == [0, 1, 2]
    want = {"seq": "1", "variant": "torneo", "seats": "HAAA", "sides": "2", "hands": "2",
            "final": "-15 310", "winner": "1", "per_hand": "5 10;-20 300",
            "match": got[1]["match"], "canastas": "", "closes": "", "mp": "", "vp": ""}
    assert {k: rows[1].get(k) for k in want} == want  # the columns this log fills (the export has more)
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
    assert [record_of(json.loads(ln)) for ln in out.splitlines()] == [recs[0], recs[2]]
    problems = err.strip().splitlines()
    assert len(problems) == 2
    assert "bad checksum" in problems[0] and f"offset {n0}" in problems[0] and "truncated" in problems[1]


def test_scores_missing_local_file_is_one_line(tmp_path):
    code, out, err = run_cli("scores", "--file", str(tmp_path / "nope.log"))
    one_line_error(code, out, err, "no such file")


@pytest.mark.parametrize("cmd", ["build", "flash"])
def test_an_empty_out_folder_is_refused_not_the_current_folder(cmd, tmp_path, monkeypatch):
    # guards against a past bug: `burako build --out ""` wrote the build into the current folder (the checkout)
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(cmd, "--out", "")
    assert code == 2 and err.count("\n") == 1 and "--out" in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []
