"""End to end: a match the firmware's UI played and logged inside real MicroPython (WASI), copied to
the device (tests/devicekit.py), pulled twice into the history, a torn record appended on the device
itself, pulled again, exported and plotted."""
import json
import subprocess
import sys

import pytest

from devicekit import ROOT, mpremote, run_cli, vdevice  # noqa: F401  (vdevice: a fixture)
from host import history
from test_scores_history import png_size

import scorelog


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The storage folder after the UI autoplayed one match under the WASI MicroPython (tests/test_ui_scorelog.py)."""
    storage = tmp_path_factory.mktemp("storage")
    p = subprocess.run([sys.executable, "-m", "host.cli", "emu", "--headless", "--autoplay", "--seed", "3",
                        "--storage", str(storage), "--state-json", "--runtime", "micropython",
                        "--target", "500"],  # a short match: one or two hands
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    return storage, json.loads(p.stdout)


@pytest.mark.micropython
def test_pull_a_played_match_twice_then_a_torn_record_written_on_the_device(vdevice, played, tmp_path):
    storage, state = played
    log = storage / scorelog.FILENAME
    env = {history.ENV: str(tmp_path / "h.sqlite")}
    mpremote(vdevice, "fs", "cp", str(log), ":/scores.log", "+",
             "fs", "cp", str(ROOT / "firmware" / "scorelog.py"), ":/scorelog.py")

    code, out, err = run_cli("scores", "pull", "--port", vdevice, env=env)
    assert code == 0 and err == "", err
    assert "pulled 1 matches" in out and "1 new" in out and f"history: {tmp_path / 'h.sqlite'}" in out
    code, out, err = run_cli("scores", "pull", "--port", vdevice, env=env)
    assert code == 0 and "0 new, 1 already in the history" in out and "(1 matches)" in out

    # the device appends a linked match (with an id) and a second one torn by a power cut
    good = log.stat().st_size
    linked = {"variant": "burako", "seats": "HA", "hands": [[210, -40]], "final": [210, -40], "winner": 0,
              "id": 0xC0FFEE1234, "canastas": [[[1, 0], [0, 0]]], "closes": [0]}
    mpremote(vdevice, "exec",
             "import scorelog\n"
             f"scorelog.append('/scores.log', {linked!r})\n"
             "f = open('/scores.log', 'ab')\n"
             f"f.write(scorelog.encode({dict(linked, id=5, seq=2)!r})[:20])\n"
             "f.close()\n")
    torn_at = good + len(scorelog.encode(dict(linked, seq=1)))
    code, out, err = run_cli("scores", "pull", "--port", vdevice, env=env)
    assert code == 0
    assert err.strip() == f"burako scores: {vdevice}:/scores.log: skipped 20 bytes at offset {torn_at} (truncated)"
    assert "pulled 2 matches" in out and "1 new, 1 already" in out and "(2 matches)" in out

    code, out, err = run_cli("scores", "export", "--json", env=env)
    got = [json.loads(ln) for ln in out.splitlines()]
    assert [g["seq"] for g in got] == [0, 1]
    assert got[0]["final"] == state["scores"] and got[0]["hands"] == state["history"]
    assert got[1]["match"] == "000000c0ffee1234" and got[1]["canastas"] == [[[1, 0], [0, 0]]]

    code, out, err = run_cli("scores", "show", "--json", env=env)
    s = json.loads(out)
    # the autoplayed match: one AI level on both sides, its seat unknown; the linked one: human wins
    (lv,) = [k for k in s["players"] if k.startswith("AI level")]
    assert s["matches"] == 2 and s["players"][lv]["unknown_seat"] == 1 and s["players"]["AI"]["matches"] == 1
    hu = s["players"]["human"]
    assert (hu["matches"], hu["wins"], hu["win_rate"], hu["longest_streak"]) == (1, 1, 1.0, 1)
    assert hu["variants"]["burako"] == {"matches": 1, "wins": 1, "unknown_seat": 0, "win_rate": 1.0, "hands": 1,
                                        "points_per_hand": 210.0, "canastas": 1, "closes": 1}

    png = tmp_path / "p.png"
    code, out, err = run_cli("scores", "plot", "--out", str(png), env=env)
    assert code == 0 and png_size(png) == (1200, 800)
