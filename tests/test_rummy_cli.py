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

    from rummy import ai as rummy
    lines = []
    rummy.play_match(3, 9, hands=1, levels=[3, 2, 1], emit=lines.append)
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


# --- ranges checked up front, errors naming what is wrong ------------------
def rummy_in_process(capsys, *argv):
    from host import cli
    code = cli.main(["rummy", *argv])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


@pytest.mark.parametrize("args,blame", [
    # ran until rummy/ai's 20000-move guard: a MatchError traceback, exit 1
    (("sim", "--hands", "999999"), "argument --hands: 999999 is out of range: hands per match from 0 to 100"),
    (("sim", "--hands", "0", "--target", "5000"), "argument --target: 5000 is out of range: the target from 0 to 500"),
    # -X heapsize=10: a GuestError traceback, exit 1
    (("sim", "--runtime", "micropython", "--heap", "10"),
     "argument --heap: 10 is out of range: the heap in bytes from 16384 to 4194304"),
    # blamed --seed
    (("sim", "--games", "99999999999"), "argument --games: 99999999999 is out of range: matches from 1 to 1000000"),
    (("sim", "--seed", "4294967295", "--games", "2"), "--seed 4294967295 with --games 2 runs past the last seed, 4294967295"),
    (("sim", "--players", "5"), "argument --players: 5 is out of range: players from 2 to 4"),
    # "--rack: write tiles like ..." without the tile
    (("solve", "--rack", "R14 R6"), "--rack: 'R14' is not a tile (write R5, B13, Y1, K2 or *)"),
    (("solve", "--rack", "R6 " + "Q" * 1000), "--rack: 'QQQQQQQQQQQQQQQQQQQQ...' is not a tile"),
])
def test_sim_and_solve_refuse_up_front_naming_the_option(capsys, args, blame):
    code, out, err = rummy_in_process(capsys, *args)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and blame in err, err


def test_sim_match_error_is_one_line_exit_1(capsys, monkeypatch):
    """Should a match still run past the move guard, the run fails in one line."""
    from rummy import ai as rummy
    monkeypatch.setattr(rummy, "MAX_MOVES", 50)
    code, out, err = rummy_in_process(capsys, "sim", "--games", "1", "--levels", "1")
    assert code == 1 and err == "burako rummy: match did not end after 50 moves\n"


@pytest.mark.parametrize("text,blame", [
    ("", "not a Rummy transcript (expected 'rummy-transcript 1' first)"),        # was "2 to 4 players, not 0"
    ("\n\n", "not a Rummy transcript (expected 'rummy-transcript 1' first)"),
    ("rummy-transcript 1\nplayers two\nseed 1\nhands 4\ntarget 0\n0 draw\n",
     "line 2: players must be a whole number, not 'two'"),                       # was line 6
    ("rummy-transcript 1\nplayers 2\nseed -4\nhands 4\ntarget 0\n0 draw\n",
     "line 3: seed must be a whole number, not '-4'"),                           # was accepted
    ("rummy-transcript 1\nplayers 2\nseed 4294967296\n0 draw\n", "line 3: seed must be at most 4294967295"),
    ("rummy-transcript 1\nplayers 2\nseed 1\nhands 4\ntarget 99999999999999999999999\n0 draw\n",
     "line 5: target must be at most 65535"),
    ("rummy-transcript 1\nplayers 7\nseed 1\n0 draw\n", "line 2: Rummy is played by 2 to 4 players, not 7"),
    ("rummy-transcript 1\nplayers 2\nseed 1\nseed 2\n0 draw\n", "line 4: seed given twice"),
    ("rummy-transcript 1\nplayers 2\nseed 1\nhands 0\n", "line 4: a match needs a number of hands or a target"),
])
def test_replay_header_errors_point_at_their_line(capsys, tmp_path, text, blame):
    f = tmp_path / "r.txt"
    f.write_text(text)
    code, out, err = rummy_in_process(capsys, "replay", str(f))
    assert code == 2 and out == "" and err == f"burako rummy: {f}: {blame}\n"


def test_sim_guest_failure_is_one_line_exit_1(capsys, monkeypatch):
    """The guest's own failure (its MatchError, a trap) was a GuestError traceback."""
    from emulator.runtimes import wasi
    from host import rummy as host_rummy

    def fails(*a, **k):
        raise wasi.GuestError("guest raised MatchError (exit code 1)", exit_code=1,
                              traceback="Traceback (most recent call last):\n  File ...\n"
                                        "MatchError: match did not end after 20000 moves\n")
    monkeypatch.setattr(host_rummy, "run_micropython", fails)
    code, out, err = rummy_in_process(capsys, "sim", "--runtime", "micropython")
    assert code == 1 and out == ""
    assert err == "burako rummy: MicroPython stopped: MatchError: match did not end after 20000 moves\n"
