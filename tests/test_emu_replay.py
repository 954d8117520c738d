"""`burako emu --replay FILE`: a transcript stepped through on the emulated screen."""
import json

from ai.basic import BasicAI
from engine import game
from engine import rules
from engine import transcript as engine_transcript
from host import emu


def transcript(path, moves=40, seed=4):
    g = game.Game(rules.BURAKO, 2, seed)
    ais = [BasicAI(2), BasicAI(2)]
    text = engine_transcript.header(g)
    played = []
    while len(played) < moves and g.phase < game.P_HAND_OVER:
        p = g.turn
        mv = ais[p].choose(g)
        assert g.play(mv) == 0
        text += engine_transcript.line(p, mv)
        played.append((p, mv))
    path.write_text(text)
    return played


def run(capsys, *argv):
    code = emu.main(["--headless", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_keys_step_forward_and_back(tmp_path, capsys):
    f = tmp_path / "m.txt"
    played = transcript(f)
    code, out, err = run(capsys, "--replay", str(f), "--keys", "A,RIGHT,A,LEFT", "--state-json",
                         "--screenshot", str(tmp_path / "a.png"))
    assert code == 0, err
    st = json.loads(out.splitlines()[-1])
    assert st["replay_move"] == 2 and st["replay_moves"] == len(played)
    # the table shows the position after two moves, from the seat to move
    g = game.Game(rules.BURAKO, 2, 4)
    for _, mv in played[:2]:
        g.play(mv)
    assert st["turn"] == g.turn == st["viewer"] and st["stock"] == len(g.stock)
    assert st["msg"].startswith("2/%d " % len(played))
    # going back is replaying from the start: the same picture as stepping straight there
    code, out, err = run(capsys, "--replay", str(f), "--keys", "A,A", "--screenshot", str(tmp_path / "b.png"))
    assert (tmp_path / "a.png").read_bytes() == (tmp_path / "b.png").read_bytes()


def test_fixed_seat_and_the_ends(tmp_path, capsys):
    f = tmp_path / "m.txt"
    played = transcript(f, moves=9)
    code, out, err = run(capsys, "--replay", str(f), "--seat", "1", "--keys", "DOWN", "--state-json")
    st = json.loads(out.splitlines()[-1])
    assert code == 0 and st["replay_move"] == len(played) and st["viewer"] == 1
    code, out, err = run(capsys, "--replay", str(f), "--keys", "DOWN,UP,LEFT", "--state-json")
    assert json.loads(out.splitlines()[-1])["replay_move"] == 0


def test_a_bad_transcript_is_one_line_and_exit_2(tmp_path, capsys):
    f = tmp_path / "bad.txt"
    played = transcript(f, moves=5)
    text = f.read_text().splitlines()
    text[-1] = "%d discard R1" % played[-1][0] if "R1" not in text[-1] else "%d discard B1" % played[-1][0]
    f.write_text("\n".join(text) + "\n")
    for path in (f, tmp_path / "missing.txt"):
        code, out, err = run(capsys, "--replay", str(path))
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
        assert "--replay" in err


def test_replay_in_the_window(tmp_path, monkeypatch):
    # the pygame window path (SDL dummy driver): keys step the transcript
    import os

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from emulator import window
    from emulator import replay

    f = tmp_path / "m.txt"
    transcript(f, moves=6)
    frames = {"n": 0}
    seen = []

    def pump(self):
        frames["n"] += 1
        if frames["n"] >= 30:
            self.quit = True
        return 0x20 if frames["n"] in (5, 6, 7, 15, 16, 17) else 0      # A held twice: two moves

    orig_goto = replay.Replayer.goto

    def goto(self, n):
        seen.append(n)
        orig_goto(self, n)

    class FrameClock:
        t = 0

        def ticks_ms(self):
            FrameClock.t += 16
            return FrameClock.t

    import hal.clock
    monkeypatch.setattr(hal.clock, "Clock", FrameClock)
    monkeypatch.setattr(window.Window, "pump", pump)
    monkeypatch.setattr(window, "frame_wait", lambda last, ms=16: last)
    monkeypatch.setattr(replay.Replayer, "goto", goto)
    args = emu.configure(__import__("argparse").ArgumentParser()).parse_args(
        ["--replay", str(f), "--scale", "2"])
    assert emu.run(args) == 0
    assert seen == [0, 1, 2]
    assert os.environ["SDL_VIDEODRIVER"] == "dummy"


def test_the_hint_rows_name_the_viewers_keys_not_a_turn_to_wait_for(tmp_path):
    # guards against a past bug: the replay showed the table's "Turno de J2 (IA) / Espera..." on its hint rows
    from emulator import replay
    from emulator.board import EmuBoard

    f = tmp_path / "m.txt"
    transcript(f, moves=6)
    head, moves = replay.load(f.read_text())
    for lang in ("es", "it", "en"):
        board = EmuBoard(str(tmp_path / lang))
        r = replay.Replayer(board, head, moves, None, lang)
        rows = {}
        text = r.app.painter.text

        def spy(x, y, w, s, *a, **k):
            rows[y] = s
            return text(x, y, w, s, *a, **k)

        r.app.painter.text = spy
        for k in (0, K_A, K_A):
            r.frame(k)
            y = r.app.painter.lay.Y_HINT
            assert (rows[y], rows[y + 10]) == replay.HINTS[lang], lang
            assert all(len(s) <= 30 for s in replay.HINTS[lang])


K_A = 0x20
