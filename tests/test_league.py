"""`burako league`: duplicate deals, the win matrix with Wilson intervals,
points per hand, fuel per decision inside real MicroPython, and level 3
within the whole-firmware heap (-X heapsize=131072)."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from host import league

ROOT = Path(__file__).resolve().parent.parent


def burako(*args):
    p = subprocess.run([sys.executable, "-m", "host.cli", *args], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


@pytest.mark.parametrize("k,n,lo,hi", [
    (0, 10, 0.0, 0.2775),           # the textbook values (z = 1.96)
    (10, 10, 0.7225, 1.0),
    (50, 100, 0.4038, 0.5962),
    (81, 263, 0.2553, 0.3662),
    (260, 400, 0.6020, 0.6951),     # 65 % of 400: the goal
])
def test_wilson_interval_known_values(k, n, lo, hi):
    a, b = league.wilson(k, n)
    assert a == pytest.approx(lo, abs=1e-4) and b == pytest.approx(hi, abs=1e-4)
    assert a <= k / n <= b


def test_every_deal_is_played_both_ways_round():
    games = league.schedule([1, 2, 3], 4, 7)
    assert len(games) == 3 * 4
    for a, b in ((1, 2), (1, 3), (2, 3)):
        mine = [(s, sides) for x, y, s, sides in games if (x, y) == (a, b)]
        assert sorted(mine) == sorted([(7, (a, b)), (7, (b, a)), (8, (a, b)), (8, (b, a))])


def test_league_json_counts_wins_and_points():
    code, out, err = burako("league", "--levels", "1,2", "--matches", "4", "--seed", "3", "--json")
    assert code == 0 and err == ""
    d = json.loads(out)
    assert d["levels"] == [1, 2] and d["players"] == 2 and d["variant"] == "burako"
    assert d["matches_per_pair"] == 4 and d["first_seed"] == 3
    (p,) = d["pairs"]
    assert (p["a"], p["b"], p["matches"]) == (1, 2, 4)
    assert 0 <= p["wins_a"] <= 4 and p["win_rate_a"] == p["wins_a"] / 4
    assert p["ci95"] == [round(x, 4) for x in league.wilson(p["wins_a"], 4)]
    assert set(d["points_per_hand"]) == {"1", "2"}
    # the same matches played directly: the level on side 0 swaps each time
    from ai.basic import BasicAI
    from ai.selfplay import play_match
    wins = 0
    for seed in (3, 4):
        for sides in ((1, 2), (2, 1)):
            r = play_match("burako", 2, seed, players=[BasicAI(sides[0]), BasicAI(sides[1])])
            wins += sides[r["winner"]] == 1
    assert wins == p["wins_a"]


def test_league_table_shows_the_matrix():
    code, out, err = burako("league", "--levels", "2,1", "--matches", "2", "--players", "4")
    assert code == 0 and err == ""           # no progress bar when stderr is not a terminal
    lines = out.splitlines()
    assert lines[0].startswith("league: burako, 4 players, 2 matches per pair")
    assert lines[2].split() == ["level", "2", "level", "1"]
    assert lines[3].startswith("level 2  -")
    assert lines[4].startswith("level 1  ") and "%" in lines[4] and "[" in lines[4]
    assert lines[5].startswith("mean points per hand: level 2 ")


def test_league_plays_burraco_too():
    """The variant everywhere the others are, the league included."""
    code, out, err = burako("league", "--levels", "1,2", "--matches", "2", "--variant", "burraco", "--json")
    assert code == 0
    res = json.loads(out)
    assert res["variant"] == "burraco" and res["pairs"][0]["matches"] == 2


@pytest.mark.parametrize("args", [
    ["--levels", "1,1"], ["--levels", "2,5"], ["--levels", "x"], ["--levels", "3"],
    ["--matches", "3"], ["--matches", "0"], ["--variant", "torneo", "--players", "4"],
    ["--seed", "-1"], ["--players", "3"], ["--runtime", "pypy"],
])
def test_bad_input_one_line_exit_2(args):
    code, out, err = burako("league", *args)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("burako") and "Traceback" not in err


@pytest.mark.micropython
def test_fuel_per_decision_per_level_inside_micropython():
    d = league.run([1, 2], 2, "burako", 2, 5, "micropython", heap=131072)
    for lv in ("1", "2"):
        f = d["fuel_per_decision"][lv]
        assert f["n"] > 50 and 0 < f["p50"] <= f["p99"] <= f["max"]
    assert 0 < d["peak_heap_bytes"] < 131072
    assert d["pairs"][0]["matches"] == 2


@pytest.mark.micropython
def test_level_three_plays_a_hand_in_the_128k_heap():
    from emulator.runtimes import wasi
    res = wasi.Guest(heap=131072, fuel=10 ** 12, timeout=120).run_file("level3_hand.py", seed=21)
    last = res.lines[-1].split()
    assert last[:2] == ["hand", "over"], res.lines[-3:]
    # the same hand as under CPython, move for move (no set or dict order
    # in any decision)
    from ai.basic import BasicAI
    from engine import game
    from engine import rules
    g = game.Game(rules.BURAKO, 2, 21)
    ais = [BasicAI(3), BasicAI(3)]
    moves = 0
    while g.phase in (game.P_DRAW, game.P_PLAY, game.P_EMPTY, game.P_EMPTY_DISCARD):
        assert g.play(ais[g.turn].choose(g)) == 0
        moves += 1
    assert int(last[2]) == moves > 20


@pytest.mark.micropython
def test_level_two_plays_the_same_match_inside_micropython():
    from ai.selfplay import play_match
    from host import sim
    rep = sim.run_micropython("burako", 2, [8], meter=False)
    assert rep.matches[0]["transcript_sha256"] == play_match("burako", 2, 8)["transcript_sha256"]


@pytest.mark.parametrize("args,blame", [
    # said "--matches must be an even number of at least 2"
    (["--matches", "99999999999"], "argument --matches: 99999999999 is out of range: matches per pair from 2 to 1000000"),
    (["--matches", "3"], "--matches 3 is odd: each deal is played both ways round"),
    (["--seed", "4294967295", "--matches", "4"], "--seed 4294967295 with --matches 4 runs past the last seed, 4294967295"),
])
def test_bad_numbers_blame_the_right_thing(capsys, args, blame):
    """The message names what is wrong with the number given."""
    from host import cli
    code = cli.main(["league", *args])
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1 and blame in err, err
