"""burako scores pull/show/export/plot on local logs: the history (host/history.py) merges by match id,
skips damaged records, and its figures, exports and plots say what the matches were."""
import csv
import io
import json
import sqlite3
import struct
import zlib

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from devicekit import run_cli
from host import history, scoreplot

import scorelog  # noqa: E402  (firmware/ is on sys.path: conftest.py)


def rec(i, **kw):
    r = {"variant": "burako", "seats": "HA", "hands": [[100 + i, -20], [250, 40 + i]], "final": [350 + i, 20 + i],
         "winner": 0}
    r.update(kw)
    return r


def write_log(path, recs):
    for r in recs:
        scorelog.append(str(path), dict(r))
    return path


@pytest.fixture
def env(tmp_path):
    """A history file of the test's own, through the environment variable."""
    return {history.ENV: str(tmp_path / "h.sqlite")}


def pull(env, log):
    return run_cli("scores", "pull", "--file", str(log), env=env)


def test_pull_twice_and_a_linked_match_from_both_consoles_count_once(tmp_path, env):
    a = write_log(tmp_path / "a.log", [rec(0), rec(1, id=77), rec(2)])
    # the other console of the linked match 77 sees itself as side 0 and has its own seq
    b = write_log(tmp_path / "b.log", [rec(9, seats="AH", id=77, winner=1), rec(3)])
    code, out, err = pull(env, a)
    assert code == 0 and err == ""
    assert "3 new, 0 already in the history" in out and f"history: {env[history.ENV]} (3 matches)" in out
    code, out, err = pull(env, a)
    assert code == 0 and "0 new, 3 already in the history" in out and "(3 matches)" in out
    code, out, err = pull(env, b)
    assert code == 0 and "1 new, 1 already in the history" in out and "(4 matches)" in out
    db = sqlite3.connect(env[history.ENV])
    keys = [r[0] for r in db.execute("SELECT match FROM matches ORDER BY n")]
    assert keys[1] == "%016x" % 77 and len(set(keys)) == 4
    assert db.execute("SELECT derived FROM matches WHERE match = ?", ("%016x" % 77,)).fetchone() == (0,)


def test_a_torn_last_record_is_reported_with_its_offset_and_not_stored(tmp_path, env):
    log = write_log(tmp_path / "s.log", [rec(0), rec(1)])
    good = log.stat().st_size
    torn = bytes(scorelog.encode(dict(rec(2), seq=2)))[:-5]
    log.write_bytes(log.read_bytes() + torn)
    code, out, err = pull(env, log)
    assert code == 0
    assert err.strip() == f"burako scores: {log}: skipped {len(torn)} bytes at offset {good} (truncated)"
    assert "2 new" in out and "1 damaged runs skipped" in out
    code, out, err = run_cli("scores", "export", "--json", env=env)
    assert [json.loads(ln)["seq"] for ln in out.splitlines()] == [0, 1]


def test_corrupt_bytes_in_the_middle_lose_only_their_record(tmp_path, env):
    log = write_log(tmp_path / "s.log", [rec(0), rec(1), rec(2)])
    data = bytearray(log.read_bytes())
    n0 = len(scorelog.encode(dict(rec(0), seq=0)))
    data[n0 + 8] ^= 0x40
    log.write_bytes(bytes(data))
    code, out, err = pull(env, log)
    assert code == 0 and f"at offset {n0} (bad checksum)" in err and "2 new" in out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.integers(0, 9), min_size=1, max_size=12), st.lists(st.integers(0, 9), max_size=12))
def test_merging_is_a_union_by_match_key(tmp_path, pulls_a, pulls_b):
    """Whatever the order and repetition of pulls, the history holds each distinct match once."""
    h = history.History.open(tmp_path / f"h{len(pulls_a)}-{len(pulls_b)}-{hash((tuple(pulls_a), tuple(pulls_b)))}.db")
    records = [dict(rec(i), seq=i) if i % 3 else dict(rec(i), seq=i, id=i * 1000) for i in range(10)]
    for batch in (pulls_a, pulls_b, pulls_a):
        h.merge([records[i] for i in batch], "test")
    got = [m["record"] for m in h.matches()]
    want = {i for i in pulls_a + pulls_b}
    assert sorted(r["seq"] for r in got) == sorted(want)
    h.close()


def test_show_counts_per_player_and_pair(tmp_path, env):
    log = write_log(tmp_path / "s.log", [
        # 2 players: human (side 0) wins, canastas and closes known
        rec(0, canastas=[[[1, 1], [0, 1]], [[2, 0], [1, 0]]], closes=[0, None]),
        # human loses
        rec(1, winner=1),
        # 4 players, human+AI (side 0: seats 0 and 2) against AI+AI; side 0 wins
        {"variant": "burako", "seats": "HAAA", "hands": [[300, 10]], "final": [300, 10], "winner": 0,
         "canastas": [[[0, 2], [1, 0]]], "closes": [0]},
        # human wins again, then twice more: a streak of 3
        rec(3), rec(4), rec(5, winner=1), rec(6)])
    pull(env, log)
    code, out, err = run_cli("scores", "show", "--json", env=env)
    assert code == 0
    s = json.loads(out)
    assert s["matches"] == 7
    hu, ai = s["players"]["human"], s["players"]["AI"]
    assert (hu["matches"], hu["wins"], ai["matches"], ai["wins"]) == (7, 5, 7, 3)  # AI plays both sides in HAAA
    assert hu["longest_streak"] == 3 and ai["longest_streak"] == 2  # matches 1 and 2
    pts_h = 100 + 250 + 101 + 250 + 300 + 103 + 250 + 104 + 250 + 105 + 250 + 106 + 250
    assert hu["hands"] == 13 and hu["points_per_hand"] == round(pts_h / 13, 1)
    assert hu["canastas"] == 2 + 2 + 2 and hu["closes"] == 1 + 1
    # side 1 of match 0, and side 0 of the 4-player match (AI on both sides: counted on the winning one)
    assert ai["canastas"] == 2 + 2 and ai["closes"] == 0 + 1
    assert s["pairs"] == {"AI+human": {"matches": 1, "wins": 1, "win_rate": 1.0, "hands": 1,
                                       "points_per_hand": 300.0, "canastas": 2, "closes": 1,
                                       "longest_streak": 1},
                          "AI+AI": {"matches": 1, "wins": 0, "win_rate": 0.0, "hands": 1, "points_per_hand": 10.0,
                                    "canastas": 1, "closes": 0, "longest_streak": 0}}
    code, out, err = run_cli("scores", "show", env=env)
    assert code == 0 and "7 matches in the history" in out and f"history: {env[history.ENV]}" in out
    table = {ln.split()[0]: ln.split() for ln in out.splitlines() if ln.startswith(("human ", "AI+human "))}
    assert table["human"][1:4] == ["7", "5", "71%"]
    assert table["AI+human"][1:3] == ["1", "1"]


def test_export_csv_and_json_round_trip_the_records(tmp_path, env):
    recs = [rec(0, id=2**64 - 1, canastas=[[[1, 0], [0, 2]], [[0, 0], [3, 1]]], closes=[1, None]), rec(1)]
    pull(env, write_log(tmp_path / "s.log", recs))
    code, out, err = run_cli("scores", "export", "--json", env=env)
    assert code == 0
    got = [json.loads(ln) for ln in out.splitlines()]
    assert got[0]["match"] == "ffffffffffffffff" and got[0]["id"] == 2**64 - 1
    for g, r, seq in zip(got, recs, (0, 1)):
        assert {k: v for k, v in g.items() if k != "match"} == dict(r, seq=seq)
    out_file = tmp_path / "x.csv"
    code, out, err = run_cli("scores", "export", "--csv", "--out", str(out_file), env=env)
    assert code == 0 and "2 matches written" in err
    rows = list(csv.DictReader(io.StringIO(out_file.read_text())))
    assert rows[0]["match"] == "ffffffffffffffff" and rows[0]["canastas"] == "1/0 0/2;0/0 3/1"
    assert rows[0]["closes"] == "1 -" and rows[1]["canastas"] == "" and rows[1]["match"] == got[1]["match"]
    # export of the log itself gives the same match keys
    code, out, err = run_cli("scores", "export", "--json", "--file", str(tmp_path / "s.log"), env=env)
    assert [json.loads(ln)["match"] for ln in out.splitlines()] == [g["match"] for g in got]


def png_size(path):
    """(width, height) from a PNG's IHDR, after checking the signature and every chunk's CRC."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    o, size, kinds = 8, None, []
    while o < len(data):
        n, kind = struct.unpack(">I4s", data[o:o + 8])
        body = data[o + 8:o + 8 + n]
        assert struct.unpack(">I", data[o + 8 + n:o + 12 + n])[0] == zlib.crc32(kind + body)
        if kind == b"IHDR":
            size = struct.unpack(">II", body[:8])
        kinds.append(kind)
        o += 12 + n
    assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND" and b"IDAT" in kinds
    return size


def test_plot_png_and_svg(tmp_path, env):
    pull(env, write_log(tmp_path / "s.log", [rec(i, winner=i % 2) for i in range(6)]))
    png = tmp_path / "p.png"
    code, out, err = run_cli("scores", "plot", "--out", str(png), env=env)
    assert code == 0, err
    assert png_size(png) == (800, 600)
    import pygame

    assert pygame.image.load(str(png)).get_size() == (800, 600)
    svg = tmp_path / "p.svg"  # the same drawing code, in this process (a second matplotlib start is slow)
    h = history.History.open(env[history.ENV], create=False)
    scoreplot.write(h.matches(), str(svg))
    h.close()
    text = svg.read_text()
    assert text.lstrip().startswith("<?xml") and "<svg" in text and "Win rate" in text
    assert 'width="576pt" height="432pt"' in text  # 8 x 6 inches


def test_mistakes_are_one_line_and_change_nothing(tmp_path, env):
    for argv in (["scores", "show"], ["scores", "export"], ["scores", "plot", "--out", str(tmp_path / "p.png")]):
        code, out, err = run_cli(*argv, env=env)
        assert code == 2 and len(err.strip().splitlines()) == 1 and "no history yet" in err, (argv, err)
    code, out, err = run_cli("scores", "plot", "--out", str(tmp_path / "p.gif"), env=env)
    assert code == 2 and ".png or .svg" in err
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database at all" * 100)
    code, out, err = run_cli("scores", "pull", "--file", str(write_log(tmp_path / "s.log", [rec(0)])),
                             "--history", str(junk))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "not a burako history" in err
    assert junk.read_bytes() == b"not a database at all" * 100
    code, out, err = run_cli("scores", "pull", "--file", str(tmp_path / "missing.log"), env=env)
    assert code == 2 and "no such file" in err
    assert not (tmp_path / "h.sqlite").exists()


@pytest.mark.parametrize("argv", [["scores"], ["scores", "pull"], ["scores", "export"]])
def test_file_that_is_a_folder_or_empty_is_named_not_searched_for(tmp_path, env, argv):
    """Issue 22: `--file .` said "no such file" and `--file ''` went looking
    for a board (an empty path read as "no --file")."""
    code, out, err = run_cli(*argv, "--file", str(tmp_path), env=env)
    assert code == 2 and err.strip().splitlines() == [f"burako scores: {tmp_path} is a folder: give the path of a scores.log"]
    code, out, err = run_cli(*argv, "--file", "", env=env)
    assert code == 2 and err.strip().splitlines() == ["burako scores: --file needs the path of a scores.log"]
    assert out == "" and not (tmp_path / "h.sqlite").exists()


def test_history_path_follows_the_option_then_env_then_xdg(tmp_path, monkeypatch):
    monkeypatch.delenv(history.ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert history.history_path() == tmp_path / "xdg" / "burako" / "history.sqlite"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert history.history_path() == tmp_path / "home" / ".local" / "share" / "burako" / "history.sqlite"
    monkeypatch.setenv(history.ENV, str(tmp_path / "e.sqlite"))
    assert history.history_path() == tmp_path / "e.sqlite"
    assert history.history_path(str(tmp_path / "o.sqlite")) == tmp_path / "o.sqlite"
    code, out, err = run_cli("scores", "pull", "--file", str(write_log(tmp_path / "s.log", [rec(0)])),
                             env={"XDG_DATA_HOME": str(tmp_path / "xdg2"), history.ENV: ""})
    assert code == 0 and f"history: {tmp_path / 'xdg2' / 'burako' / 'history.sqlite'}" in out
