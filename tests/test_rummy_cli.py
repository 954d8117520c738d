"""`burako rummy` as a user runs it: outputs, exit codes, one-line errors."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def burako(*args, stdin=None):
    p = subprocess.run([sys.executable, "-m", "host.cli", "rummy", *args], cwd=ROOT, input=stdin,
                       capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def one_line_error(err):
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("burako"), err
    assert "Traceback" not in err


def test_solve_prints_the_play_as_json():
    code, out, _ = burako("solve", "--table", "R3 R4 R5 | K7 B7 Y7", "--rack", "R6 Y10 *", "--json")
    assert code == 0
    d = json.loads(out)
    assert d["play"] is True and d["points"] == 13 and d["exact"] is True and d["closes"] is False
    assert sorted(d["table"]) == sorted(["R3 R4 R5 R6 *", "K7 B7 Y7"])
    assert sorted(d["laid"].split()) == ["*", "R6"]


def test_solve_seed_000_example_text():
    code, out, _ = burako("solve", "--table", "Y7 Y8 Y9", "--rack", "Y10 B7 K7")
    assert code == 0
    first, second = out.strip().splitlines()
    assert sorted(first.split(" | ")) == sorted(["Y8 Y9 Y10", "B7 Y7 K7"])
    assert second.startswith("laid ") and "24 points, closes" in second


def test_solve_no_play_exits_1():
    code, out, _ = burako("solve", "--rack", "R6 B9 K12")
    assert code == 1 and out.strip() == "no play"
    code, out, _ = burako("solve", "--first", "--rack", "R1 R2 R3", "--json")
    assert code == 1 and json.loads(out)["play"] is False


@pytest.mark.parametrize("args", [
    ("solve", "--rack", "R6 X9"),
    ("solve", "--table", "R3 R4", "--rack", "R6"),
    ("solve", "--table", "R3 R4 R5 |", "--rack", "R6"),
    ("solve", "--rack", ""),
    ("solve", "--rack", "R6 R6 R6"),
    ("solve", "--rack", "R6", "--closing", "Q1"),
    ("sim", "--players", "5"),
    ("sim", "--levels", "4"),
    ("sim", "--games", "0"),
    ("sim", "--hands", "0"),
    ("sim", "--heap", "1000"),
    ("sim", "--seed", "x"),
])
def test_bad_input_one_line_exit_2(args):
    code, out, err = burako(*args)
    assert code == 2 and out == ""
    one_line_error(err)


def test_sim_json_and_replay_of_its_transcript(tmp_path):
    code, out, _ = burako("sim", "--players", "3", "--games", "1", "--seed", "9", "--hands", "1",
                          "--levels", "3,2,1", "--json")
    assert code == 0
    match, summary = [json.loads(x) for x in out.strip().splitlines()]
    assert match["hands"] == 1 and len(match["scores"]) == 3 and match["levels"] == [3, 2, 1]
    assert summary["summary"] is True and summary["games"] == 1

    sys.path.insert(0, str(ROOT))
    from ai import rummy as AR

    lines = []
    AR.play_match(3, 9, hands=1, levels=[3, 2, 1], emit=lines.append)
    good = tmp_path / "m.txt"
    good.write_text("".join(lines))
    code, out, _ = burako("replay", str(good))
    assert code == 0 and "match over" in out and "winner" in out
    bad = tmp_path / "bad.txt"
    text = "".join(lines).splitlines()
    bad.write_text("\n".join(text[:8] + ["1 play R1 R2 R3"]) + "\n")
    code, out, _ = burako("replay", str(bad))
    assert code == 1 and "illegal move at line 9" in out
    code, _, err = burako("replay", str(tmp_path / "missing.txt"))
    assert code == 2
    one_line_error(err)
