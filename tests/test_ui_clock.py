"""R9 torneo through the UI: after 90 minutes of play the match ends with the
hand in progress."""
from emulator.board import EmuBoard, VirtualClock
from engine import game
from ui import lang as ui_lang
from ui.app import App


def test_R9_torneo_time_up_ends_the_match_after_this_hand(tmp_path):
    clock = VirtualClock()
    app = App(EmuBoard(str(tmp_path), clock=clock), seed=5, autoplay=True, ai_ms=0,
              variant="torneo", lang="en")
    play = app.screen.play
    g = play.game
    now = 0
    for _ in range(20):                 # a little play first
        now += 33
        app.step(now)
    assert not g.timeup and g.phase < game.P_HAND_OVER
    play.played_ms = 90 * 60000 - 100    # almost 90 minutes in
    now += 33
    app.step(now)
    assert not g.timeup
    for _ in range(4):
        now += 33
        app.step(now)
        if g.timeup:
            break
    assert g.timeup and play.table.message == ui_lang.t(ui_lang.TIMEUP)
    hands = len(g.history)
    while g.phase != game.P_MATCH_OVER and now < 10_000_000:
        now += 33
        app.step(now)
    assert g.phase == game.P_MATCH_OVER
    assert len(g.history) == hands + 1      # only the hand in progress was finished


def test_burako_has_no_match_clock(tmp_path):
    app = App(EmuBoard(str(tmp_path), clock=VirtualClock()), seed=5, autoplay=True, ai_ms=0)
    play = app.screen.play
    play.played_ms = 10 * 60 * 60000
    app.step(33)
    app.step(66)
    assert not play.game.timeup and app.screen.play is play


def test_torneo_clock_survives_power_off(tmp_path):
    clock = VirtualClock()
    app = App(EmuBoard(str(tmp_path), clock=clock), seed=5, ai_ms=0, variant="torneo", quick=True)
    app.screen.play.played_ms = 45 * 60000 + 1500
    app.screen.play.save()
    again = App(EmuBoard(str(tmp_path), clock=VirtualClock()), quick=True)   # power on: resumes
    assert again.screen.play.played_ms == 45 * 60000 + 1000     # kept to the second
    assert again.screen.play.game.rules.name == "torneo"


def test_version_1_save_still_loads(tmp_path):
    from engine import codec
    from burako import save

    app = App(EmuBoard(str(tmp_path), clock=VirtualClock()), seed=5, quick=True)
    app.screen.play.save()
    data = (tmp_path / save.NAME).read_bytes()
    v1 = save.MAGIC_V1 + data[4:9] + data[save.HEAD:]
    (tmp_path / save.NAME).write_bytes(v1)
    r = save.read(EmuBoard(str(tmp_path), clock=VirtualClock()).storage)
    assert r[5] == 0 and codec.encode(r[6]) == codec.encode(app.screen.play.game)
