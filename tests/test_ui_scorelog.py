"""Through the UI: every finished match is appended to the device's
score log, once, under CPython and inside MicroPython; the players' names entered in the set-up,
the seats the console held and the AI level go with it."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import scorelog
from burako.game import GAME as BURAKO
from emulator import runner
from emulator.board import parse_keys
from uikit import HEAP

ROOT = Path(__file__).resolve().parent.parent


def autoplay(storage, seed, *extra):
    p = subprocess.run([sys.executable, "-m", "host.cli", "emu", "--headless", "--autoplay",
                        "--seed", str(seed), "--storage", str(storage), "--state-json", *extra],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


@pytest.mark.parametrize("runtime", ["cpython", pytest.param("micropython", marks=pytest.mark.micropython)])
def test_finished_matches_are_logged_once_each(tmp_path, runtime):
    heap = ("--heap", str(HEAP)) if runtime == "micropython" else ()
    a = autoplay(tmp_path, 3, "--runtime", runtime, *heap)
    b = autoplay(tmp_path, 4, "--runtime", runtime, "--players", "4", *heap)
    records, problems = scorelog.read(str(tmp_path / scorelog.FILENAME))
    assert problems == []
    assert [r["seq"] for r in records] == [0, 1]
    for rec, st, seats in ((records[0], a, "AA"), (records[1], b, "AAAA")):
        assert rec["variant"] == "burako" and rec["seats"] == seats
        assert rec["final"] == st["scores"]
        assert rec["hands"] == st["history"]
        assert rec["winner"] == (0 if st["scores"][0] > st["scores"][1] else 1)


# --- players' names, the seats this console held, the AIs' level ----------------------------
# title: new game; set-up rows variant, players, J1, J2, level, target, start
NAMES = ("A,DOWN,DOWN,PRESS,"                    # J1's row; Click: the names list
         "A,DOWN,RIGHT,UP,RIGHT,DOWN,DOWN,A,"    # New name: B (A+1), Z, C (A+2); A confirms
         "DOWN,A,PRESS,DOWN,DOWN,A")             # J2 a person; the list: New, BZC, ANA, LUZ: ANA
START = ",DOWN,DOWN,DOWN,A,A,A"                  # start; the hand-off's A; a draw (saved)


def run(runtime, keys, storage):
    feeder = runner.Feeder(parse_keys(keys), frames=3000)
    if runtime == "micropython":
        return runner.run_micropython({"seed": 3, "ai_ms": 0}, str(storage), feeder, heap=HEAP)[1]
    return runner.snapshot(runner.run_cpython({"seed": 3, "ai_ms": 0}, str(storage), feeder)[1])


@pytest.mark.parametrize("runtime", ["cpython", pytest.param("micropython", marks=pytest.mark.micropython)])
def test_names_entered_in_the_setup_are_remembered_saved_and_resumed(tmp_path, runtime):
    (tmp_path / "names.txt").write_text("ANA\nLUZ\n")
    st = run(runtime, NAMES, tmp_path)
    assert st["screen"] == "setup" and st["names"] == ["BZC", "ANA", None, None]
    # the most recent first: ANA picked last, BZC new before it
    assert (tmp_path / "names.txt").read_text().split() == ["ANA", "BZC", "LUZ"]
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "names.txt").write_text("ANA\nLUZ\n")
    st = run(runtime, NAMES + START, tmp_path / "b")
    assert st["screen"] == "game" and st["saves"] >= 1
    data = (tmp_path / "b" / "burako.sav").read_bytes()
    assert data[:4] == b"BUS\x04" and b"BZCANA\0\0\0\0\0\0" in data
    st = run(runtime, "A", tmp_path / "b")                       # the title: continue
    assert st["screen"] in ("game", "handoff") and st["names"] == ["BZC", "ANA", None, None]


def test_names_list_keeps_the_last_eight_and_no_name_clears(tmp_path):
    from ui import names

    class S:
        def path(self, n):
            return str(tmp_path / n)
    got = []
    for i in range(10):
        got = names.remember(S(), "AB" + chr(65 + i), got)
    assert got == ["AB" + chr(65 + i) for i in range(9, 1, -1)] and names.load(S()) == got
    (tmp_path / "names.txt").write_text("ANA\nbad\nTOOLONG\nA1C\n\nANA\nLUZ\n")
    assert names.load(S()) == ["ANA", "LUZ"]                # damaged lines skipped
    st = runner.snapshot(runner.run_cpython({"seed": 3, "ai_ms": 0}, str(tmp_path), runner.Feeder(
        parse_keys("A,DOWN,DOWN,PRESS,DOWN,A,PRESS,UP,UP,A")))[1])   # J1 = ANA, then No name
    assert st["names"] == [None, None, None, None]
    st = runner.snapshot(runner.run_cpython({"seed": 3, "ai_ms": 0}, str(tmp_path / "c"), runner.Feeder(
        parse_keys("A,DOWN,DOWN,PRESS,A,DOWN,B,B,DOWN")))[1])    # B leaves the letters, then the list
    assert st["screen"] == "setup" and st["names"] == [None, None, None, None]
    # an editor left open belongs to its App: a new App's set-up starts on its rows
    board, app = runner.run_cpython({"seed": 3, "ai_ms": 0}, str(tmp_path / "d"), runner.Feeder(
        parse_keys("A,DOWN,DOWN,PRESS")))
    assert app.screen.name == "setup" and app.screen.editor is not None
    board, app = runner.run_cpython({"seed": 3, "ai_ms": 0}, str(tmp_path / "d"), runner.Feeder(parse_keys("A,DOWN")))
    assert app.screen.name == "setup" and app.screen.editor is None and app.screen.row == 1


def finish(app):
    """Play app's match to its end on the engine, every seat by a level-1 AI; its Play."""
    from ai.basic import BasicAI
    from engine import game as engine_game

    play = BURAKO.table(app).play
    g = play.game
    ai = BasicAI(1)
    while g.phase != engine_game.P_MATCH_OVER:
        if g.phase == engine_game.P_HAND_OVER:
            g.play((engine_game.NEXT, 0, b"", 0))
            continue
        mv = ai.choose(g)
        if mv is None or g.play(mv):
            g.play((engine_game.DRAW, 0, b"", 0))
    return play


def test_a_finished_match_logs_names_the_console_seats_and_the_ai_level(tmp_path):
    board, app = runner.run_cpython({"seed": 3, "ai_ms": 0, "target": 1000}, str(tmp_path), runner.Feeder(
        parse_keys("A,RIGHT,RIGHT,DOWN,RIGHT,DOWN,PRESS,A,A,DOWN,DOWN,DOWN,DOWN,LEFT,DOWN,LEFT,LEFT,LEFT,DOWN,A")))
    # burraco (variant row twice), 4 players: J1 AAA, J2 AI (level 1), J3 and J4 people, no name
    play = BURAKO.table(app).play
    assert play.game.n == 4 and app.settings.names[0] == "AAA"
    assert play.ai_seats == 0b0010
    finish(app)
    play.log_match()
    (rec,), probs = scorelog.read(str(tmp_path / scorelog.FILENAME))
    assert probs == [] and rec["seats"] == "HAHH"
    assert rec["names"] == ["AAA", None, None, None]
    assert rec["own_seats"] == [0, 1, 2, 3] and rec["level"] == 1


def test_a_linked_match_logs_its_own_seat_and_the_names_its_hellos_carried(tmp_path):
    from burako import record
    from burako.game import new_match

    board, app = runner.run_cpython({"seed": 3, "ai_ms": 0}, str(tmp_path), runner.Feeder(
        parse_keys("A,DOWN,DOWN,PRESS,A,A")))
    assert app.settings.names[0] == "AAA"
    new_match(app)
    play = finish(app)

    class Link:                     # what log() asks of the link: its seat, the agreed id, the names
        seat = 1
        match_id = bytes(range(8))
        names = ["", ""]            # neither HELLO named a player (the set-up's AAA is not sent here)

    class Cable:                    # (ui/cable.py's: the link it holds)
        link = Link()
    assert record.log(app, play.game, play.ai_seats, play.stats, Cable())
    (rec,), probs = scorelog.read(str(tmp_path / scorelog.FILENAME))
    assert rec["seats"] == "HH" and rec["own_seats"] == [1] and "names" not in rec and "level" not in rec
    assert rec["id"] == int.from_bytes(bytes(range(8)), "little")
    # with names (docs/link.md HELLO): this console's at its seat, the peer's at the other
    Link.names = ["ANA", "LUZ"]
    Link.match_id = bytes(range(1, 9))
    assert record.log(app, play.game, play.ai_seats, play.stats, Cable())
    recs, probs = scorelog.read(str(tmp_path / scorelog.FILENAME))
    assert recs[1]["names"] == ["LUZ", "ANA"] and recs[1]["own_seats"] == [1]


def test_a_linked_match_each_console_logs_its_own_seat_and_the_loser_a_loss(tmp_path, monkeypatch):
    """Two consoles on a cable (tests/linkkit.py) play a linked match to its end: both log it with
    the link's id and their own seat; pulled into one history, the winner's console counts a
    win and the loser's a loss (before: both logged HH and `scores show` gave the loser a win)."""
    import random

    import linkkit
    from link import entropy
    from ui.state import snapshot
    from devicekit import run_cli

    r = random.Random(8)
    monkeypatch.setattr(entropy, "random_bytes", lambda n: bytes(r.randrange(256) for _ in range(n)))

    class Console(linkkit.Console):
        DEFAULTS = dict(autoplay=True, ai_ms=0, target=300, link=True)
    a, b, clock, cable = linkkit.pair(Console, tmp_path)
    linkkit.run(a, b, clock, linkkit.done(a, b))
    winner = snapshot(a.app)["winner"]
    env = {"BURAKO_HISTORY": str(tmp_path / "h.sqlite")}
    for c in (a, b):
        (rec,) = c.log()
        assert rec["seats"] == "HH" and rec["own_seats"] == [c.app.cable.link.seat] and rec["winner"] == winner
        code, out, err = run_cli("scores", "pull", "--file", os.path.join(c.dir, scorelog.FILENAME),
                                 "--console", os.path.basename(c.dir), env=env)
        assert code == 0, err
    s = json.loads(run_cli("scores", "show", "--json", env=env)[1])
    assert s["matches"] == 1
    for c in (a, b):
        con = s["consoles"][os.path.basename(c.dir)]
        won = c.app.cable.link.seat == winner
        assert (con["linked"], con["wins"], con["losses"]) == (1, int(won), int(not won))


@pytest.mark.parametrize("names", [[None] * 4, ["ANA", None, "LUZ", None]])
@pytest.mark.parametrize("level", [1, 4])
def test_save_keeps_the_names_and_a_save_without_names_is_the_old_format(tmp_path, names, level):
    from engine import game as engine_game
    from engine import rules
    from hal.storage import Storage
    from burako import save

    st = Storage(str(tmp_path) + "/")
    g = engine_game.Game(rules.BURAKO, 4, 7)
    save.write(st, 0b1010, level, 2, 0, 1, g, 61, 0, bytearray(b"\x11\x02\x01"), names)
    data = (tmp_path / save.NAME).read_bytes()
    assert data[:4] == (save.MAGIC_V4 if any(names) else save.MAGIC)     # no names: version 3 as before
    r = save.read(st)
    assert r[1] == level and r[5] == 61 and r[8] == bytearray(b"\x11\x02\x01") and r[9] == names
    if any(names):                                                    # a name cut short is damage
        (tmp_path / save.NAME).write_bytes(data.replace(b"LUZ", b"L\x00Z"))
        from engine.codec import CodecError
        with pytest.raises(CodecError):
            save.read(st)
