"""The `burako` command as a user runs it: outputs, exit codes, one-line errors."""
import json
import os
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


# --- honest inputs -------------------------------------------------------
@pytest.mark.parametrize("args,blame", [
    (("sim", "--target", "999999999999"), "--target"),
    (("sim", "--target", "-5"), "--target"),
    (("sim", "--seed", "-3"), "--seed"),
    (("sim", "--games", "99999999999999"), "--games"),
    (("sim", "--games", "0"), "--games"),
    (("sim", "--games", "\u00b2"), "--games"),
    (("sim", "--runtime", "micropython", "--heap", "-1"), "--heap"),
    (("sim", "--runtime", "micropython", "--heap", "999999999999"), "--heap"),
    (("sim", "--seed", "4294967295", "--games", "2"), "--seed"),
    (("sim", "--transcripts", "/dev/null/x"), "transcripts"),
    (("meld", "--onto", "R3 R9 R5", "*"), "--onto"),
    (("meld", "--onto", "R3 Q4 R5", "*"), "--onto"),
])
def test_bad_options_blame_the_right_one(args, blame):
    code, out, err = burako(*args)
    assert code == 2 and out == ""
    one_line_error(err)
    assert blame in err


def test_R1_meld_of_more_copies_than_exist_is_refused():
    """R1: R1 x9 was a valid 135-point canasta."""
    code, out, _ = burako("meld", "--json", *["R1"] * 9)
    d = json.loads(out)
    assert code == 1 and not d["valid"] and "two of each tile" in d["reason"]


def test_R5_meld_onto_a_table_meld():
    """R5: the referee for adding to a meld already on the table."""
    code, out, _ = burako("meld", "--onto", "R3 R2 R5", "*")
    assert code == 1 and out.startswith("not a meld: ")
    code, out, _ = burako("meld", "--json", "--onto", "R3 R2 R5", "R4", "*")
    assert code == 0 and json.loads(out)["meld"] == "R2 R3 R4 R5 *"
    code, out, _ = burako("meld", "--onto", "R3 R2 R5", "--low", "R4", "*")
    assert code == 0 and "* R2 R3 R4 R5" in out
    code, out, _ = burako("meld", "--variant", "torneo", "--onto", "R3 R4 * R6 R7", "*")
    assert code == 0 and "R3 R4 * R6 R7 *" in out
    code, out, _ = burako("meld", "--onto", "R8 R8 B8", "R8")
    assert code == 1 and "two of each tile" in out


@pytest.mark.parametrize("doc,blame", [
    ({"sides": [{"melds": "R3 R4 R5"}]}, "melds must be a list"),
    ({"sides": [{"racks": ["R3 R3 R3"]}]}, "R3 appears 3 times"),
    ({"sides": [{"melds": ["R3 R4 R5"]}, {"racks": ["R3 R4 R3"]}]}, "R3 appears 3 times"),
    ({"sides": [{"muerto_taken": "no"}]}, "muerto_taken"),
    ({"sides": [{"rack": ["R3"]}]}, "unknown field"),
    ({"sides": [{"racks": ["R3", "R4", "R5"]}]}, "at most 2 racks"),
    ({"sides": [{"closed": True, "muerto_taken": True, "melds": ["R3 R4 R5"]}]}, "canasta"),
    ({"sides": [{}, {}, {}]}, "one or two"),
])
def test_score_refuses_impossible_hands(doc, blame):
    code, out, err = burako("score", "-", stdin=json.dumps(doc))
    assert code == 2 and out == ""
    one_line_error(err)
    assert blame in err


def test_score_deeply_nested_json_is_one_line():
    code, out, err = burako("score", "-", stdin="[" * 100000)
    assert code == 2
    one_line_error(err)


def test_replay_superscript_digits_and_binary_are_bad_input(tmp_path):
    f = tmp_path / "t.txt"
    f.write_text("burako-transcript 1\nvariant burako\nplayers 2\nseed 1\ntarget 0\n\u00b2 draw\n")
    code, out, err = burako("replay", str(f))
    assert code == 2
    one_line_error(err)
    assert "line 6" in err
    f.write_text("burako-transcript 1\nvariant burako\nplayers 2\nseed -4\n")
    code, out, err = burako("replay", str(f))
    assert code == 2 and "seed" in err
    f.write_bytes(b"\x00\xff\xfe" * 100)
    code, out, err = burako("replay", str(f))
    assert code == 2
    one_line_error(err)


def test_sim_transcripts_replay(tmp_path):
    code, out, err = burako("sim", "--games", "2", "--seed", "7", "--json", "--transcripts", str(tmp_path))
    assert code == 0, err
    matches = [json.loads(x) for x in out.splitlines()][:2]
    import hashlib
    for m in matches:
        f = tmp_path / f"burako-2p-seed{m['seed']}.txt"
        assert hashlib.sha256(f.read_bytes()).hexdigest() == m["transcript_sha256"]
        code, out, err = burako("replay", str(f))
        assert code == 0 and f"winner: side {m['winner']}" in out, err


def emu_run(*args, env_drop=(), home=None, timeout=120):
    env = {k: v for k, v in os.environ.items() if k not in env_drop}
    if home is not None:
        env["HOME"] = str(home)
    p = subprocess.run([sys.executable, "-m", "host.cli", "emu", *args], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def test_emu_without_a_display_says_so_and_exits():
    """make play on a machine with no display used to run invisibly forever."""
    code, out, err = emu_run("--new", env_drop=("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"), timeout=60)
    assert code == 2 and "--headless" in err and err.count("\n") == 1


def test_emu_no_display_rules():
    from host import emu
    assert emu.no_display({}, "linux")
    assert emu.no_display({"DISPLAY": ":0"}, "linux") is None
    assert emu.no_display({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert emu.no_display({"SDL_VIDEODRIVER": "dummy"}, "linux") is None   # chosen on purpose
    assert emu.no_display({}, "darwin") is None


def test_emu_headless_never_touches_the_players_storage(tmp_path):
    """A scripted run (docs/developer.md's autoplay line) overwrote the saved game."""
    code, out, err = emu_run("--headless", "--autoplay", "--seed", "5", "--frames", "300",
                             "--state-json", env_drop=("XDG_DATA_HOME",), home=tmp_path)
    assert code == 0, err
    assert not (tmp_path / ".burako").exists() and not (tmp_path / ".local").exists()
    from host import emu
    a = emu.configure(__import__("argparse").ArgumentParser()).parse_args([])
    assert not emu.scripted(a)
    for extra in (["--headless"], ["--autoplay"], ["--keys", "A"], ["--frames", "3"]):
        assert emu.scripted(emu.configure(__import__("argparse").ArgumentParser()).parse_args(extra))


@pytest.mark.parametrize("args,blame", [
    (("--headless", "--keys-file", "BINARY"), "not text"),
    (("--headless", "--keys", "A,JUMP"), "JUMP"),
    (("--headless", "--frames", "-1"), "--frames"),
    (("--headless", "--seed", "-1"), "--seed"),
    (("--headless", "--seed", "99999999999"), "--seed"),
    (("--headless", "--heap", "99999999999"), "--heap"),
    (("--headless", "--ai-ms", "-5"), "--ai-ms"),
    (("--headless", "--target", "-5"), "--target"),
    (("--headless", "--screenshot", "/nonexistent-folder/x.png"), "--screenshot"),
    (("--headless", "--screenshot", "DIR"), "--screenshot"),
    (("--headless", "--storage", "/dev/null/x"), "storage"),
    # guards against a past bug: options that were silently ignored or half-obeyed
    (("--headless", "--players", "3"), "--players 3"),
    (("--headless", "--heap", "200000"), "--runtime micropython"),
    (("--headless", "--screenshot", "x.jpg"), "PNG"),
    (("--headless", "--screenshot", ""), "--screenshot"),
    (("--headless", "--keys-file", ""), "--keys-file"),
])
def test_emu_bad_options_one_line_nothing_written(args, blame, tmp_path):
    binary = tmp_path / "keys.bin"
    binary.write_bytes(bytes(range(256)) * 4)
    args = [str(binary) if a == "BINARY" else str(tmp_path) if a == "DIR" else a for a in args]
    before = sorted(p.name for p in tmp_path.iterdir())
    code, out, err = emu_run(*args, "--frames" if "--frames" not in args else "--lang", "5" if "--frames" not in args else "en",
                             home=tmp_path)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err and blame in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == before


# --- messages that name the right thing ------------------------------------
def main_in_process(capsys, *argv):
    """`burako ARGV` in this process (cli.main, as the fuzz figures run it)."""
    from host import cli
    code = cli.main(list(argv))
    cap = capsys.readouterr()
    return code, cap.out, cap.err


def test_meld_of_no_tiles_is_bad_input(capsys):
    for words in ([""], [" , "]):
        code, out, err = main_in_process(capsys, "meld", *words)
        assert code == 2 and out == "" and err == "burako: meld: no tiles given (write tiles like R3 R4 R5)\n"


def test_score_of_a_5000_digit_number_is_one_line(capsys, tmp_path):
    f = tmp_path / "hand.json"
    f.write_text('{"sides": [{"melds": [], "closed": 1' + "9" * 5000 + "}]}")
    code, out, err = main_in_process(capsys, "score", str(f))
    assert code == 2 and out == "" and err == f"burako: {f}: holds a number too long to read\n"


@pytest.mark.parametrize("field,value,blame", [
    ("target", "99999999999999999999", "target must be at most 10000 (0: the variant's)"),
    ("target", "999999999999", "target must be at most 10000 (0: the variant's)"),
    ("target", "-5", "target must be a whole number, not '-5'"),
    ("seed", "99999999999", "seed must be at most 4294967295"),
    ("seed", "x1", "seed must be a whole number, not 'x1'"),
    ("players", "99999999999", "burako is played by 2 or 4 players, not 99999999999"),
    ("variant", "x" * 100000, "unknown variant 'xxxxxxxxxxxxxxxxxxxx...'"),
])
def test_replay_header_errors_name_the_field(capsys, tmp_path, field, value, blame):
    """An absurd target said "players, seed and target must be whole numbers";
    a 100 KB variant name was echoed whole into the one-line error."""
    head = {"variant": "burako", "players": "2", "seed": "1", "target": "0"}
    head[field] = value
    f = tmp_path / "t.txt"
    f.write_text("burako-transcript 1\n" + "".join(f"{k} {v}\n" for k, v in head.items()))
    code, out, err = main_in_process(capsys, "replay", str(f))
    assert code == 2 and out == "" and err == f"burako: {f}: {blame}\n"


def test_cable_1v1_without_link_says_how_to_link_and_the_run_ends(tmp_path):
    # guards against two past bugs: Cable 1v1 chosen without --link waited for a peer forever at
    # 100 % CPU, then (issue 37) showed "Waiting for the other console" for good: no cable can be
    # opened there, so the entry says how to link and A stays on the title
    code, out, err = emu_run("--headless", "--keys", "DOWN,DOWN,A", "--state-json", home=tmp_path)
    assert code == 0, err
    st = json.loads(out.splitlines()[-1])
    assert st["screen"] == "title" and st["frames"] < 20 and "link" not in st
    assert err == ""
