"""Issue 4 through the UI: every finished match is appended to the device's
score log, once, under CPython and inside MicroPython."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

import scorelog

ROOT = Path(__file__).resolve().parent.parent


def autoplay(storage, seed, *extra):
    p = subprocess.run([sys.executable, "-m", "host.cli", "emu", "--headless", "--autoplay",
                        "--seed", str(seed), "--storage", str(storage), "--state-json", *extra],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


@pytest.mark.parametrize("runtime", ["cpython", pytest.param("micropython", marks=pytest.mark.micropython)])
def test_finished_matches_are_logged_once_each(tmp_path, runtime):
    a = autoplay(tmp_path, 3, "--runtime", runtime)
    b = autoplay(tmp_path, 4, "--runtime", runtime, "--players", "4")
    records, problems = scorelog.read(str(tmp_path / scorelog.FILENAME))
    assert problems == []
    assert [r["seq"] for r in records] == [0, 1]
    for rec, st, seats in ((records[0], a, "AA"), (records[1], b, "AAAA")):
        assert rec["variant"] == "burako" and rec["seats"] == seats
        assert rec["final"] == st["scores"]
        assert rec["hands"] == st["history"]
        assert rec["winner"] == (0 if st["scores"][0] > st["scores"][1] else 1)
