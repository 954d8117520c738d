"""The `burako` command as a user runs it: outputs, exit codes, one-line errors."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def burako(*args, stdin=None):
    p = subprocess.run([sys.executable, "-m", "host.cli", *args], cwd=ROOT, input=stdin,
                       capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def one_line_error(err):
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("burako: "), err
    assert "Traceback" not in err


def test_meld_valid_json():
    code, out, _ = burako("meld", "--json", "R3", "R4", "*", "R6")
    assert code == 0
    d = json.loads(out)
    assert d == {"valid": True, "kind": "run", "pure": False, "canasta": False, "points": 65,
                 "reason": None, "meld": "R3 R4 * R6"}


def test_meld_invalid_exit_1_with_reason():
    code, out, _ = burako("meld", "--json", "R13", "R1", "R2", "R3")
    assert code == 1 and json.loads(out)["valid"] is False and json.loads(out)["reason"]
    code, out, _ = burako("meld", "K8", "K8", "Y8", "*")
    assert code == 0 and out.startswith("valid set")


def test_meld_torneo_two_wilds():
    assert burako("meld", "--variant", "torneo", "R5", "R6", "*", "R8", "R9", "*", "R11")[0] == 0
    assert burako("meld", "R5", "R6", "*", "R8", "R9", "*", "R11")[0] == 1


@pytest.mark.parametrize("args", [("meld", "R3", "Q9", "R5"), ("meld",), ("sim", "--players", "3"),
                                  ("sim", "--variant", "torneo", "--players", "4"),
                                  ("sim", "--heap", "1000"), ("nonsense",),
                                  ("score", "/no/such/file.json"), ("replay", "/no/such/file")])
def test_bad_usage_is_one_line_exit_2(args):
    code, out, err = burako(*args)
    assert code == 2
    one_line_error(err)


SCORE_DOC = {"sides": [
    {"melds": ["Y3 Y4 Y5 Y6 Y7 Y8 Y9", "R8 R8 B8 *"], "racks": ["K13", ""], "muerto_taken": True, "closed": True},
    {"melds": ["B3 B4 B5"], "racks": ["B9 *", "R1"], "muerto_taken": False, "closed": False},
]}


def test_score_json_breakdown():
    code, out, _ = burako("score", "--json", "-", stdin=json.dumps(SCORE_DOC))
    assert code == 0
    a, b = json.loads(out)["sides"]
    assert a == {"melded": 125, "pure_canastas": 1, "impure_canastas": 0, "closing": 100,
                 "muerto": 100, "rack": -10, "total": 125 + 200 + 100 + 100 - 10}
    assert b["melded"] == -15 and b["muerto"] == -100 and b["rack"] == -(10 + 50 + 15)
    assert b["total"] == -15 - 100 - 75


def test_score_table_and_bad_input():
    code, out, _ = burako("score", "-", stdin=json.dumps(SCORE_DOC))
    assert code == 0 and "pure canastas" in out and "total" in out
    bad = {"sides": [{"melds": ["R3 R5 R9"], "racks": [""]}]}
    code, out, err = burako("score", "-", stdin=json.dumps(bad))
    assert code == 2
    one_line_error(err)
    assert "meld 0" in err
    code, out, err = burako("score", "-", stdin="{not json")
    assert code == 2
    one_line_error(err)


def test_sim_json_fields_and_summary():
    code, out, _ = burako("sim", "--variant", "burako", "--players", "4", "--games", "2", "--seed", "5", "--json")
    assert code == 0
    lines = [json.loads(x) for x in out.splitlines()]
    assert len(lines) == 3
    for m in lines[:2]:
        for k in ("seed", "variant", "players", "hands", "scores", "winner", "transcript_sha256"):
            assert k in m
        assert len(m["transcript_sha256"]) == 64 and m["players"] == 4
    assert lines[2]["summary"] is True and lines[2]["games_per_s"] > 0
    assert [m["seed"] for m in lines[:2]] == [5, 6]


def test_sim_is_deterministic_and_table_readable():
    a = burako("sim", "--seed", "9", "--json")[1]
    b = burako("sim", "--seed", "9", "--json")[1]
    assert json.loads(a.splitlines()[0]) == json.loads(b.splitlines()[0])
    code, out, _ = burako("sim", "--games", "2")
    assert code == 0 and "matches/s" in out


@pytest.mark.micropython
def test_sim_micropython_summary_has_heap_and_fuel():
    code, out, err = burako("sim", "--players", "4", "--runtime", "micropython", "--heap", "65536", "--json")
    assert code == 0, err
    summ = json.loads(out.splitlines()[-1])
    assert 0 < summ["peak_heap_bytes"] < 65536
    for key in ("fuel_per_hand", "fuel_per_ai_decision"):
        assert summ[key]["p50"] <= summ[key]["p99"] <= summ[key]["max"]
    assert "panicked" not in err


@pytest.mark.micropython
def test_sim_micropython_heap_too_small_is_one_line():
    code, out, err = burako("sim", "--players", "4", "--runtime", "micropython", "--heap", "20000")
    assert code == 2
    one_line_error(err)


def test_replay_good_and_bad(tmp_path):
    from host import sim
    rep = sim.run_cpython("burako", 2, [3], transcripts=True)
    text = rep.transcripts[3]
    f = tmp_path / "t.txt"
    f.write_text(text)
    code, out, err = burako("replay", str(f))
    assert code == 0 and "winner" in out, err
    lines = text.splitlines()
    lines[7] = lines[7].split()[0] + " next"   # no hand has ended this early
    f.write_text("\n".join(lines) + "\n")
    code, out, err = burako("replay", str(f))
    assert code == 1 and "illegal move at line 8: next: that move is not allowed now" in out
    f.write_text("hello\n")
    code, out, err = burako("replay", str(f))
    assert code == 2
    one_line_error(err)
