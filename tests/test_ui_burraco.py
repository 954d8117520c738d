"""Italian Burraco (R12, seed 001) on the console: set-up, pass-and-play, the
pozzetto's name, card notation, save/resume, the tournament round with Match
Points and Victory Points (R12.12), and the score log fields the UI writes
(MP/VP, canastas and closes per hand).

Flows run from the title through the headless emulator, under CPython and
inside real MicroPython at the console's heap (uikit.HEAP, 196,608 B)."""
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import scorelog
from emulator import runner
from emulator.board import EmuBoard, VirtualClock, parse_keys
from engine import game
from engine import score
from burako import save
from burako.game import GAME as BURAKO
from ui import gfx
from ui import lang as ui_lang
from ui.app import App
from uikit import HEAP

ROOT = Path(__file__).resolve().parent.parent
RUNTIMES = ["cpython", pytest.param("micropython", marks=pytest.mark.micropython)]
CARD = re.compile(r"^((10|[2-9AJQK])[SHDC]|\*)$")

# set-up rows: variant, players, J1, J2, level, target, start (2 players)
BURRACO = "A,RIGHT,RIGHT"                       # title: new game; variant burako -> torneo -> burraco
TWO_HUMANS = BURRACO + ",DOWN,DOWN,DOWN,A,DOWN,DOWN,DOWN,A"     # J2 human, then Start
# J1 AI; target 2005 -> 3000 -> 5000 -> a round of 1 hand; Start
ROUND_OF_1_AI = BURRACO + ",DOWN,DOWN,A,DOWN,DOWN,DOWN,RIGHT,RIGHT,RIGHT,DOWN,A"


def play(runtime, keys, storage, seed=7, **opts):
    o = {"seed": seed, "ai_ms": 0}
    o.update(opts)
    feeder = runner.Feeder(parse_keys(keys), frames=20000, autoplay=o.get("autoplay", False))
    if runtime == "micropython":
        return runner.run_micropython(o, str(storage), feeder, heap=HEAP)
    board, app = runner.run_cpython(o, str(storage), feeder)
    return board.display, runner.snapshot(app)


def match(app):
    """The Burako match the console's table shows (burako/play.py Play)."""
    return BURAKO.table(app).play


def cards(text):
    return all(CARD.match(w) for w in text.split())


def log(storage):
    records, problems = scorelog.read(str(Path(storage) / scorelog.FILENAME))
    assert problems == []
    return records


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_R12_pass_and_play_burraco_in_italian_with_cards(runtime, tmp_path):
    # J1 draws and discards (B twice); the console goes to J2 behind the hand-off screen
    disp, st = play(runtime, TWO_HUMANS + ",A,B,B", tmp_path / "a")
    assert st["variant"] == "burraco" and st["lang"] == "it"      # R12: Italian for burraco
    assert st["screen"] == "handoff" and st["turn"] == 1 and st["viewer"] == 1
    assert st["ai_seats"] == 0
    assert len(st["racks"][0].split()) == 11 and cards(st["racks"][0]) and cards(st["racks"][1])
    assert len(st["pile"].split()) == 2 and cards(st["pile"])     # the card turned up + J1's
    disp, st2 = play(runtime, TWO_HUMANS + ",A,B,B,A", tmp_path / "b")
    assert st2["screen"] == "game" and st2["viewer"] == 1 and st2["phase"] == game.P_DRAW
    assert cards(st2["cursor_tile"])
    # the rack strip shows J2's cards (cream bodies on the rack band)
    assert any(disp.pixel(x, 200) == gfx.CREAM for x in range(240))


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_R12_burraco_match_saved_and_resumed(runtime, tmp_path):
    disp, st = play(runtime, TWO_HUMANS + ",A,B,B,A,A,B,B", tmp_path)
    assert st["turn"] == 0 and st["saves"] >= 2
    data = (tmp_path / save.NAME).read_bytes()
    assert data[:4] == save.MAGIC
    # power on again: "Continue" is the first title row
    disp, st2 = play(runtime, "A", tmp_path, seed=99)
    assert st2["variant"] == "burraco" and st2["screen"] in ("handoff", "game")
    for k in ("racks", "melds", "pile", "stock", "phase", "turn", "scores", "seed", "ai_seats"):
        assert st2[k] == st[k], k
    assert cards(st2["racks"][0])


def test_resumed_burraco_is_drawn_as_cards_and_says_pozzetto(tmp_path):
    play("cpython", TWO_HUMANS + ",A,B,B", tmp_path, lang="en")
    board = EmuBoard(str(tmp_path), clock=VirtualClock())
    app = App(board, lang="es")
    assert BURAKO.resume(app)                 # the title's Continue
    assert app.painter.cards and ui_lang.code() == "it" and ui_lang.t(ui_lang.MUERTO) == "Pozzetto"     # saved in Italian
    ui_lang.use("es")         # the title's language after "Continue": the words follow
    assert ui_lang.t(ui_lang.MUERTO) == "Pozzetto" and ui_lang.t(ui_lang.DID_MUERTO) == "toma el pozzetto"
    ui_lang.use("en")
    assert ui_lang.t(ui_lang.H_MUERTO) == "A: take the pozzetto" and ui_lang.t(ui_lang.R_PURE) == "Clean burracos"
    ui_lang.cards(False)
    assert ui_lang.t(ui_lang.MUERTO) == "Muerto"
    ui_lang.use("es")


def test_version_2_save_still_loads_without_a_round(tmp_path):
    play("cpython", TWO_HUMANS + ",A,B,B", tmp_path)
    data = (tmp_path / save.NAME).read_bytes()
    k = data[12]
    v2 = save.MAGIC_V2 + data[4:11] + data[save.HEAD + 3 * k:]
    (tmp_path / save.NAME).write_bytes(v2)
    r = save.read(EmuBoard(str(tmp_path), clock=VirtualClock()).storage)
    assert r[7] == 0 and r[8] == bytearray() and r[6].rules.name == "burraco"


def test_muerto_keeps_its_name_in_burako_and_pozzetto_in_burraco(tmp_path):
    # English chosen on the title (DOWN to the language row, RIGHT twice): it stays English
    board, app = runner.run_cpython({"seed": 7, "ai_ms": 0}, str(tmp_path / "a"),
                                    runner.Feeder(parse_keys("DOWN,RIGHT,RIGHT,UP,A,RIGHT,RIGHT,UP,A")))
    assert ui_lang.code() == "en" and app.screen.name == "game" and match(app).game.rules.name == "burraco"
    assert ui_lang.t(ui_lang.MUERTO) == "Pozzetto" and ui_lang.t(ui_lang.SHOW_RACK) == "A: show your cards"
    board, app = runner.run_cpython({"seed": 7, "ai_ms": 0, "lang": "en"}, str(tmp_path / "b"),
                                    runner.Feeder(parse_keys("A,UP,A")))
    assert app.screen.name == "game" and match(app).game.rules.name == "burako"
    assert ui_lang.t(ui_lang.MUERTO) == "Muerto"
    ui_lang.use("es")


def test_italian_follows_burraco_in_set_up_and_goes_back(tmp_path):
    from hal import keys as hal_keys

    board, app = runner.run_cpython({"seed": 7, "ai_ms": 0}, str(tmp_path), runner.Feeder(parse_keys(BURRACO)))
    assert app.screen.name == "setup" and app.settings.variant == 2 and ui_lang.code() == "it"
    app.screen.key(hal_keys.RIGHT)             # burraco -> burako: the console's own language again
    assert app.settings.variant == 0 and ui_lang.code() == "es"
    app.screen.key(hal_keys.LEFT)
    assert ui_lang.code() == "it"
    ui_lang.use("es")


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_R12_12_round_of_one_hand_ends_with_match_and_victory_points(runtime, tmp_path):
    disp, st = play(runtime, ROUND_OF_1_AI, tmp_path)
    assert st["screen"] == "matchend" and st["variant"] == "burraco" and st["hands"] == 1
    a, b = st["scores"]
    mp = score.match_points(a, b)
    assert st["winner"] == (0 if a > b else 1 if b > a else -1)
    # MP and VP rows under the totals (1 hand: the MP row at y 119, VP at 130)
    for y in (119, 130):
        assert any(disp.pixel(x, y + 4) == gfx.WHITE for x in range(40, 120)), y
        assert any(disp.pixel(x, y + 4) == gfx.WHITE for x in range(140, 220)), y
    rec = log(tmp_path)[-1]
    assert rec["variant"] == "burraco" and rec["seats"] == "AA"
    assert rec["mp"] == [mp[0], mp[1]] and rec["vp"] == [mp[2], mp[3]]
    assert rec["vp"][0] + rec["vp"][1] == 20
    assert len(rec["canastas"]) == 1 and len(rec["closes"]) == 1
    assert rec["winner"] == (None if a == b else st["winner"])


def test_round_option_cycles_in_set_up_only_for_burraco(tmp_path):
    from hal import keys as hal_keys
    from burako import setup as burako_setup

    board, app = runner.run_cpython({"seed": 7, "ai_ms": 0}, str(tmp_path), runner.Feeder(parse_keys("A")))
    setup = app.screen
    assert setup.name == "setup"
    setup.row = list(setup.rows()).index(burako_setup.TARGET)
    seen = set()
    for _ in range(12):
        setup.key(hal_keys.RIGHT)
        seen.add((app.settings.target, app.settings.hands))
    assert {h for _, h in seen} == {0}                  # burako: targets only
    setup.row = 0
    setup.key(hal_keys.RIGHT)
    setup.key(hal_keys.RIGHT)                                  # burraco
    setup.row = list(setup.rows()).index(burako_setup.TARGET)
    hands = set()
    for _ in range(len(burako_setup.TARGETS) + burako_setup.ROUNDS):
        setup.key(hal_keys.RIGHT)
        hands.add(app.settings.hands)
    assert hands == {0, 1, 2, 3, 4}
    while app.settings.hands != 2:
        setup.key(hal_keys.RIGHT)
    setup.row = list(setup.rows()).index(burako_setup.START)
    setup.key(hal_keys.A)
    assert app.screen.name == "game" and match(app).game.rules.name == "burraco" and app.settings.hands == 2
    ui_lang.use("es")


def test_a_tied_round_ends_with_no_winner_and_ten_victory_points_each(tmp_path):
    from burako import record

    app = App(EmuBoard(str(tmp_path), clock=VirtualClock()), seed=3, autoplay=True, ai_ms=0,
              variant="burraco")
    app.settings.hands = 1
    play = match(app)
    g = play.game
    while g.phase < game.P_HAND_OVER:
        play.ai_move(0)
        if g.phase == game.P_HAND_OVER:
            break
    # the round ended on the real totals; a tie instead: the same end, no winner
    g.phase = game.P_HAND_OVER
    g.scores = [g.history[0][0], g.history[0][0]]
    play.stats = bytearray()
    play.hand_ended()
    assert g.phase == game.P_MATCH_OVER and g.winner == -1
    rec = record.record(app, g, play.stats, None, {
        "variant": "burraco", "seats": "AA", "hands": [list(h) for h in g.history],
        "final": list(g.scores), "winner": g.winner})
    assert rec["winner"] is None and rec["mp"] == [0, 0] and rec["vp"] == [10, 10]
    ui_lang.use("es")


def test_canastas_and_closes_of_every_hand_reach_the_log(tmp_path):
    """The UI records, per hand, each side's pure and impure canastas
    and the side that closed, as the engine counted them when the hand ended."""
    board = EmuBoard(str(tmp_path), clock=VirtualClock())
    app = App(board, seed=5, autoplay=True, ai_ms=0, target=1000)
    play = match(app)
    g = play.game
    seen = []
    now = 0
    last = -1
    while g.phase != game.P_MATCH_OVER and now < 10 ** 8:
        now += 33
        app.step(now)
        if g.phase >= game.P_HAND_OVER and len(g.history) != last:
            last = len(g.history)
            res = g.hand_result()
            seen.append(([[res[s][score.PURE], res[s][score.IMPURE]] for s in range(2)],
                         None if g.closer < 0 else g.closer))
    assert app.screen.name == "matchend" and app.screen.play is play
    assert play.log_due and play.logged == 0       # written from the next frame on
    app.step(now + 33)
    assert not play.log_due and play.logged == 1
    rec = log(tmp_path)[-1]
    assert rec["variant"] == "burako" and "mp" not in rec
    assert rec["canastas"] == [c for c, _ in seen] and rec["closes"] == [c for _, c in seen]
    assert any(c is not None for c in rec["closes"]) and any(any(p + i for p, i in h) for h in rec["canastas"])


@pytest.mark.micropython
def test_four_player_burraco_autoplay_completes_at_the_consoles_heap_under_micropython(tmp_path):
    feeder = runner.Feeder([], frames=200000, autoplay=True)
    disp, st = runner.run_micropython({"seed": 1, "ai_ms": 0, "autoplay": True, "variant": "burraco",
                                       "players": 4}, str(tmp_path), feeder, heap=HEAP)
    assert st["screen"] == "matchend" and st["phase"] == game.P_MATCH_OVER and st["players"] == 4
    assert st["lang"] == "it" and st["peak_heap_bytes"] < HEAP
    rec = log(tmp_path)[-1]
    a, b = st["scores"]
    assert rec["final"] == [a, b] and rec["seats"] == "AAAA"
    assert rec["mp"] == list(score.match_points(a, b)[:2]) and rec["vp"] == list(score.match_points(a, b)[2:])
    assert len(rec["canastas"]) == len(rec["hands"]) == len(rec["closes"]) == st["hands"]


def test_emu_cli_burraco_autoplay_in_italian_with_card_notation(tmp_path):
    p = subprocess.run([sys.executable, "-m", "host.cli", "emu", "--headless", "--autoplay", "--variant", "burraco",
                        "--seed", "2", "--target", "1000", "--storage", str(tmp_path), "--state-json"],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    st = json.loads(p.stdout)
    assert st["variant"] == "burraco" and st["lang"] == "it" and st["screen"] == "matchend"
    assert cards(st["pile"]) and all(cards(r) for r in st["racks"])
    assert all(cards(m) for side in st["melds"] for m in side)
    # the history shows the console's canastas (burrachi), closes, MP and VP
    hist = tmp_path / "h.db"
    for args in (["pull", "--file", str(tmp_path / scorelog.FILENAME)], ["show", "--json"]):
        q = subprocess.run([sys.executable, "-m", "host.cli", "scores", *args, "--history", str(hist)],
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert q.returncode == 0, q.stderr
    players = json.loads(q.stdout)["players"]
    rec = log(tmp_path)[-1]
    # one AI level on both sides: its seat unknown, no win; its burraco figures are
    # both sides' (MP sum to 0)
    ai = players["AI level %d" % rec["level"]]
    assert ai["unknown_seat"] == 1 and ai["wins"] == 0
    v = ai["variants"]["burraco"]
    assert rec["winner"] is not None and v["vp"] == sum(rec["vp"]) and v["mp"] == sum(rec["mp"]) == 0
    assert v["canastas"] == sum(sum(h[0]) + sum(h[1]) for h in rec["canastas"])
    assert v["closes"] == sum(1 for c in rec["closes"] if c is not None)
    q = subprocess.run([sys.executable, "-m", "host.cli", "scores", "export", "--csv", "--history", str(hist)],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    head, row = q.stdout.splitlines()[:2]
    assert ",canastas,closes,mp,vp," in head
    assert ",%d %d,%d %d," % (rec["mp"][0], rec["mp"][1], rec["vp"][0], rec["vp"][1]) in row


# --- the score log's MP/VP field (docs/scorelog.md, tag 04) ----------------------------
BASE = {"seq": 3, "variant": "burraco", "seats": "HAHA", "hands": [[300, -20], [2700, 140]],
        "final": [3000, 120], "winner": 0}


def test_mp_vp_round_trip_and_old_records_unchanged(tmp_path):
    path = str(tmp_path / "s.log")
    rec = dict(BASE, mp=[2880, -2880], vp=[20, 0], canastas=[[[1, 0], [0, 1]], [[2, 1], [0, 0]]], closes=[0, None])
    scorelog.append(path, dict(rec))
    scorelog.append(path, dict(BASE, seq=4))
    got, problems = scorelog.read(path)
    assert problems == []
    assert got[0] == rec
    assert got[1] == dict(BASE, seq=4) and "mp" not in got[1]
    # a record without optional fields is byte for byte the old format: 9 + 45 bytes here
    assert len(scorelog.encode(dict(BASE))) == 9 + 4 + 1 + 7 + 1 + 4 + 2 + 8 + 8 + 1
    # the field: tag 04, length 10 (two sides: 2 x i32, 2 x u8)
    b = scorelog.encode(dict(BASE, mp=[-5, 5], vp=[10, 10]))
    assert bytes(b[-4 - 13:-4]) == b"\x04\x0a\x00" + b"\xfb\xff\xff\xff\x05\x00\x00\x00\x0a\x0a"


@pytest.mark.parametrize("bad", [{"mp": [1, -1]}, {"vp": [10, 10]}, {"mp": [1], "vp": [10, 10]},
                                 {"mp": [1, -1], "vp": [256, 0]}, {"mp": [2 ** 31, 0], "vp": [20, 0]}])
def test_mp_vp_that_do_not_fit_are_refused(bad):
    with pytest.raises(ValueError):
        scorelog.encode(dict(BASE, **bad))


def test_mp_vp_field_of_the_wrong_length_is_a_bad_payload(tmp_path):
    b = bytearray(scorelog.encode(dict(BASE, mp=[1, -1], vp=[10, 10])))
    # claim 9 bytes instead of 10 and drop one: the CRC is recomputed so only the payload is wrong
    n = len(b) - 9
    body = b[5:5 + n]
    body[-11] = 9
    body = body[:-1]
    import zlib
    import struct
    out = bytearray(b[:3]) + struct.pack("<H", len(body)) + body
    out += struct.pack("<I", zlib.crc32(bytes(out[2:])) & 0xFFFFFFFF)
    (tmp_path / "s.log").write_bytes(bytes(out))
    recs, problems = scorelog.read(str(tmp_path / "s.log"))
    assert recs == [] and problems[0][2] == "bad payload"


def test_save_and_quit_leaves_the_card_words_and_faces_for_the_title(tmp_path):
    # X opens the menu; its last item (Up from the first, round) is save and quit
    board, app = runner.run_cpython({"seed": 7, "ai_ms": 0, "lang": "en"}, str(tmp_path),
                                    runner.Feeder(parse_keys("DOWN,RIGHT,UP,A,RIGHT,RIGHT,UP,A,A")))
    assert app.screen.name == "game" and match(app).game.rules.name == "burraco"
    assert ui_lang.code() == "es" and ui_lang.t(ui_lang.MUERTO) == "Pozzetto"
    from hal import keys as hal_keys
    app.screen.key(hal_keys.X)
    app.screen.key(hal_keys.UP)
    app.screen.key(hal_keys.A)
    assert app.screen.name == "title" and (tmp_path / save.NAME).exists()
    assert not app.painter.cards and ui_lang.t(ui_lang.MUERTO) == "Muerto"
    ui_lang.use("es")


@pytest.mark.parametrize("lang", ["es", "it", "en"])
def test_card_words_fit_their_boxes_and_have_glyphs(lang):
    """The burraco words (lang_*.CARDS) fit where their message is drawn, as
    tests/test_ui_text.py checks the others."""
    from test_ui_text import BOXES

    ui_lang.use(lang)
    ui_lang.cards(True)
    try:
        mod = __import__("ui.lang_" + lang, None, None, ("CARDS",))
        assert mod.CARDS and all(i in BOXES for i in mod.CARDS if i != ui_lang.CANASTA)
        p = gfx.Painter(__import__("emulator.display", None, None, ("Display",)).Display(240, 240))
        for i in mod.CARDS:
            assert ui_lang.t(i) == mod.CARDS[i]
            for ch in mod.CARDS[i]:
                assert 32 <= ord(ch) < 127 or ch in gfx.ACC, (ch, mod.CARDS[i])
            if i in BOXES:
                w, extra = BOXES[i]
                p.cut = 0
                p.text(0, 0, w, ui_lang.t(i) + extra)
                assert not p.cut, (i, ui_lang.t(i))
    finally:
        ui_lang.cards(False)
        ui_lang.use("es")


def test_leaving_the_match_end_at_once_still_logs_the_match(tmp_path):
    from hal import keys as hal_keys

    app = App(EmuBoard(str(tmp_path), clock=VirtualClock()), seed=3, autoplay=True, ai_ms=0,
              variant="burraco", target=500)
    play = match(app)
    while play.game.phase != game.P_MATCH_OVER:
        if play.game.phase == game.P_HAND_OVER:
            play.play(game.NEXT, 0, b"", 0)
        else:
            play.ai_move(0)
    assert app.screen.name == "matchend" and play.log_due and play.logged == 0
    app.screen.key(hal_keys.A)                  # before any frame of the match end screen
    assert app.screen.name == "title" and play.logged == 1
    rec = log(tmp_path)[-1]
    assert rec["variant"] == "burraco" and "mp" in rec and len(rec["closes"]) == len(rec["hands"])
    ui_lang.use("es")
