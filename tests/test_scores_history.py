"""burako scores pull/show/export/plot on local logs: the history (host/history.py) merges by match id,
skips damaged records, and its figures, exports and plots say what the matches were."""
import json
import sqlite3
import struct
import zlib

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from devicekit import run_cli
from host import history, scoreplot

import scorelog


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
        # 2 players: ANA (side 0) beats the AI at level 2, canastas and closes known
        rec(0, canastas=[[[1, 1], [0, 1]], [[2, 0], [1, 0]]], closes=[0, None], names=["ANA", None], level=2,
            own_seats=[0, 1]),
        # ANA loses to it
        rec(1, winner=1, names=["ANA", None], level=2, own_seats=[0, 1]),
        # 4 players, ANA+AI (side 0: seats 0 and 2) against AI+AI; side 0 wins
        {"variant": "burako", "seats": "HAAA", "hands": [[300, 10]], "final": [300, 10], "winner": 0,
         "canastas": [[[0, 2], [1, 0]]], "closes": [0], "names": ["ANA", None, None, None], "level": 2,
         "own_seats": [0, 1, 2, 3]},
        # ANA wins again, then twice more: a streak of 3
        *[rec(i, winner=i % 5 == 0, names=["ANA", None], level=2, own_seats=[0, 1]) for i in (3, 4, 5, 6)]])
    pull(env, log)
    code, out, err = run_cli("scores", "show", "--json", env=env)
    assert code == 0
    s = json.loads(out)
    assert s["matches"] == 7
    ana, ai = s["players"]["ANA"], s["players"]["AI level 2"]
    # the AI plays both sides of the 4-player match: its seat there is unknown, no win, no loss
    assert (ana["matches"], ana["wins"], ana["unknown_seat"]) == (7, 5, 0)
    assert (ai["matches"], ai["wins"], ai["unknown_seat"]) == (7, 2, 1) and ai["win_rate"] == round(2 / 6, 3)
    assert ana["longest_streak"] == 3 and ana["ci95"] is None           # 7 < 10 matches: no interval
    b = ana["variants"]["burako"]
    pts = 100 + 250 + 101 + 250 + 300 + 103 + 250 + 104 + 250 + 105 + 250 + 106 + 250
    assert b["hands"] == 13 and b["points_per_hand"] == round(pts / 13, 1)
    assert b["canastas"] == 2 + 2 + 2 and b["closes"] == 1 + 1
    # side 1 of match 0, and both sides of the 4-player match (it played on both)
    assert ai["variants"]["burako"]["canastas"] == (0 + 1 + 1 + 0) + (0 + 2) + (1 + 0)
    assert s["variants"]["burako"]["players"]["ANA"] == b
    assert s["ai_levels"] == {"AI level 2": ai}
    assert s["head_to_head"] == [{"a": "AI level 2", "b": "ANA", "matches": 6, "a_wins": 2, "b_wins": 4,
                                  "win_rate": round(2 / 6, 3)}]  # the 4-player match: the AI on both sides
    assert s["pairs"]["AI level 2+ANA"]["wins"] == 1 and s["pairs"]["AI level 2+AI level 2"]["wins"] == 0
    assert s["consoles"][str(log)]["local"] == 7 and s["consoles"][str(log)]["players"] == ["AI level 2", "ANA"]
    code, out, err = run_cli("scores", "show", env=env)
    assert code == 0 and "7 matches in the history" in out and f"history: {env[history.ENV]}" in out
    first = next(ln.split() for ln in out.splitlines() if ln.startswith("ANA "))   # the players' table
    assert first[1:4] == ["7", "5", "71%"]
    assert "ANA     AI level 2        6    4           2    67%" in out      # against the AI, per level


def test_the_loser_of_a_linked_match_records_a_loss_and_old_logs_say_unknown_seat(tmp_path, env):
    # both consoles log the linked match (seats HH); each says which seat it held
    old = {"variant": "burako", "seats": "HH", "hands": [[500, 90]], "final": [500, 90], "winner": 0, "id": 5}
    loser = dict(old, id=6, own_seats=[1])          # this console held seat 1: it lost
    pull(env, write_log(tmp_path / "b.log", [old, loser]))
    s = json.loads(run_cli("scores", "show", "--json", env=env)[1])
    assert s["players"]["human"] == dict(s["players"]["human"], matches=2, wins=0, unknown_seat=1, win_rate=0.0)
    assert s["players"]["?"]["wins"] == 1           # the other console's player, whose name it does not know
    con = s["consoles"][str(tmp_path / "b.log")]
    assert (con["linked"], con["wins"], con["losses"], con["unknown_seat"]) == (1, 0, 1, 1)


def test_wilson_interval():
    assert history.wilson(9, 9) is None                        # fewer than 10 matches
    lo, hi = history.wilson(5, 10)
    assert (lo, hi) == (0.237, 0.763)                          # the textbook 5/10
    assert history.wilson(0, 10)[0] == 0.0 and history.wilson(10, 10)[1] == 1.0
    lo, hi = history.wilson(700, 1000)
    assert lo < 0.7 < hi and hi - lo < 0.06


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.booleans(), st.sampled_from(["burako", "rummy"])),
                min_size=1, max_size=30))
@settings(max_examples=60, deadline=None)
def test_every_decided_match_is_one_win_and_one_loss(games):
    """Two named players per match: wins add up to the matches, win rates within [0, 1], and no
    variant's points leak into another's."""
    people = ["ANA", "BEA", "LUZ", "TEO"]
    ms = []
    for i, (a, b, w, v) in enumerate(games):
        if a == b:
            continue
        pts = [[1, 2]] if v == "burako" else [[30, 40]]
        ms.append({"record": dict(rec(i, variant=v, seats="HH", hands=pts, final=pts[0], winner=int(w),
                                      names=[people[a], people[b]], own_seats=[0, 1]), seq=i)})
    s = history.summary(ms)
    assert sum(p["wins"] for p in s["players"].values()) == len(ms)
    assert sum(p["matches"] for p in s["players"].values()) == 2 * len(ms)
    for p in s["players"].values():
        assert p["unknown_seat"] == 0 and 0 <= p["win_rate"] <= 1
        for v, st_ in p["variants"].items():
            assert st_["points_per_hand"] in ((1.0, 2.0, 1.5) if v == "burako" else (30.0, 40.0, 35.0)) or \
                1 <= st_["points_per_hand"] <= 2 or 30 <= st_["points_per_hand"] <= 40
    for e in s["head_to_head"]:
        assert e["a_wins"] + e["b_wins"] == e["matches"]


def test_three_consoles_one_linked_match_results_by_hand(tmp_path, env):
    """A history worked out by hand: three consoles' logs, one linked match between two of them, checked
    by hand per player."""
    bur = lambda w, **k: {"variant": "burako", "seats": "HA", "hands": [[300, 100]] if w == 0 else [[100, 300]],  # noqa: E731
                          "final": [300, 100] if w == 0 else [100, 300], "winner": w, "level": 2, **k}
    linked = {"variant": "burako", "seats": "HH", "hands": [[120, 400]], "final": [120, 400], "winner": 1,
              "id": 0xC0FFEE}
    home = write_log(tmp_path / "home.log", [bur(0, names=["ANA", None], own_seats=[0, 1]),
                                             bur(1, names=["TEO", None], own_seats=[0, 1]),
                                             dict(linked, own_seats=[0])])          # ANA's console: seat 0, lost
    away = write_log(tmp_path / "away.log", [dict(linked, own_seats=[1]),           # BEA's console: seat 1, won
                                             bur(0, names=["BEA", None], own_seats=[0, 1])])
    school = write_log(tmp_path / "school.log", [
        {"variant": "rummy", "seats": "HAA", "hands": [[5, 40, 12]], "final": [5, 40, 12], "winner": 0,
         "names": ["LUZ", None, None], "level": 3, "own_seats": [0, 1, 2]}])
    for log, name in ((home, "home"), (away, "away"), (school, "school")):
        code, out, err = run_cli("scores", "pull", "--file", str(log), "--console", name, env=env)
        assert code == 0 and f"console: {name}" in out
    s = json.loads(run_cli("scores", "show", "--json", env=env)[1])
    assert s["matches"] == 5                                                        # the linked match once
    p = s["players"]
    assert (p["ANA"]["matches"], p["ANA"]["wins"]) == (1, 1)                       # its own match (unnamed on the link)
    assert (p["TEO"]["matches"], p["TEO"]["wins"]) == (1, 0)
    assert (p["BEA"]["matches"], p["BEA"]["wins"]) == (1, 1)
    assert (p["LUZ"]["matches"], p["LUZ"]["wins"]) == (1, 1)
    # the linked match: both consoles pulled, both seats a console's unnamed player: no seat known
    assert (p["human"]["matches"], p["human"]["wins"], p["human"]["unknown_seat"]) == (1, 0, 1)
    assert (p["AI level 2"]["matches"], p["AI level 2"]["wins"]) == (3, 1)
    assert p["AI level 3"]["unknown_seat"] == 1                                    # two AIs in one rummy match
    c = s["consoles"]
    assert (c["home"]["matches"], c["home"]["linked"], c["home"]["wins"], c["home"]["losses"]) == (3, 1, 0, 1)
    assert (c["away"]["matches"], c["away"]["linked"], c["away"]["wins"], c["away"]["losses"]) == (2, 1, 1, 0)
    assert (c["school"]["matches"], c["school"]["local"]) == (1, 1)
    # points per hand per variant: rummy's penalty points apart
    assert s["variants"]["rummy"]["players"]["LUZ"]["points_per_hand"] == 5.0
    assert "rummy" not in p["ANA"]["variants"]
    code, out, err = run_cli("scores", "show", env=env)
    assert "rummy: 1 matches (penalty points per hand, lower is better)" in out
    # the export: the console, when, a key unique across consoles, both copies of the linked match
    got = [json.loads(ln) for ln in run_cli("scores", "export", "--json", env=env)[1].splitlines()]
    assert len({g["key"] for g in got}) == 5 and sorted(g["source"] for g in got) == ["away", "home", "home", "home",
                                                                                      "school"]
    lk = next(g for g in got if g["match"] == "0000000000c0ffee")
    assert lk["id"] == str(0xC0FFEE) and [c["source"] for c in lk["copies"]] == ["home", "away"]
    assert [c["seq"] for c in lk["copies"]] == [2, 0] and lk["players"] == ["human", "human"]


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
    assert png_size(png) == (1200, 800)
    import pygame

    assert pygame.image.load(str(png)).get_size() == (1200, 800)
    svg = tmp_path / "p.svg"  # the same drawing code, in this process (a second matplotlib start is slow)
    h = history.History.open(env[history.ENV], create=False)
    scoreplot.write(h.matches(), str(svg))
    h.close()
    text = svg.read_text()
    assert text.lstrip().startswith("<?xml") and "<svg" in text and "Win rate" in text
    assert 'width="864pt" height="576pt"' in text  # 12 x 8 inches


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
    """`--file .` names the folder, and `--file ''` is refused rather than read as "no
    --file" (which went looking for a board)."""
    code, out, err = run_cli(*argv, "--file", str(tmp_path), env=env)
    assert code == 2 and err.strip().splitlines() == [f"burako scores: {tmp_path} is a folder: give the path of a scores.log"]
    code, out, err = run_cli(*argv, "--file", "", env=env)
    assert code == 2 and err.strip().splitlines() == ["burako scores: --file needs the path of a scores.log"]
    assert out == "" and not (tmp_path / "h.sqlite").exists()


def test_history_path_follows_the_option_then_env_then_xdg(tmp_path, monkeypatch):
    monkeypatch.delenv(history.ENV, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")      # the XDG spec: a relative path is ignored
    assert history.history_path() == tmp_path / "home" / ".local" / "share" / "burako" / "history.sqlite"
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


@pytest.mark.parametrize("argv", [["scores", "pull"], ["scores", "export"], ["scores"]])
def test_a_file_that_is_not_a_score_log_is_refused(tmp_path, env, argv):
    junk = tmp_path / "notes.txt"
    junk.write_text("shopping list: eggs, milk\n" * 40)
    code, out, err = run_cli(*argv, "--file", str(junk), env=env)
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [f"burako scores: {junk} is not a score log: no record in its 1040 bytes"]
    assert not (tmp_path / "h.sqlite").exists()
    empty = tmp_path / "scores.log"             # a console that finished no match yet: an empty log
    empty.write_bytes(b"")
    code, out, err = run_cli("scores", "pull", "--file", str(empty), env=env)
    assert code == 0 and "pulled 0 matches" in out


def test_a_version_1_history_is_upgraded_in_place(tmp_path):
    path = tmp_path / "v1.sqlite"
    db = sqlite3.connect(str(path))
    db.execute(history.MATCHES)
    r = dict(rec(0), seq=4)
    db.execute("INSERT INTO matches (match, derived, variant, seats, winner, record, source, pulled_at)"
               " VALUES ('00000000000000aa', 0, 'burako', 'HA', 0, ?, '/dev/ttyACM0:/scores.log', '2026-01-02T03:04:05Z')",
               (json.dumps(r),))
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()
    h = history.History.open(path, create=False)
    (m,) = h.matches()
    assert m["copies"] == [{"source": "/dev/ttyACM0:/scores.log", "seq": 4, "pulled_at": "2026-01-02T03:04:05Z",
                            "own_seats": None, "names": None}]
    assert h.merge([dict(r, id=0xAA)], "usb:X") == (0, 1)     # the same match from a second console
    assert [c["source"] for c in h.matches()[0]["copies"]] == ["/dev/ttyACM0:/scores.log", "usb:X"]
    h.close()
    assert sqlite3.connect(str(path)).execute("PRAGMA user_version").fetchone()[0] == history.SCHEMA


def test_a_linked_match_the_peer_left_in_play_is_no_result(tmp_path):
    # the victim of a peer that abandoned (scorelog "ended") neither wins nor loses
    import subprocess
    import sys
    import scorelog

    log = tmp_path / "scores.log"
    base = {"variant": "burako", "seats": "HH", "hands": [[120, -35]], "final": [120, -35],
            "own_seats": [1]}
    scorelog.append(str(log), dict(base, winner=None, id=7, ended=12))
    scorelog.append(str(log), dict(base, winner=1, id=8))
    r = subprocess.run([sys.executable, "-m", "host.cli", "scores", "show", "--file", str(log), "--json"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    import json
    s = json.loads(r.stdout)
    assert s["players"]["human"]["matches"] == 1 and s["players"]["human"]["wins"] == 1
