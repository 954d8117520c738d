"""R9 torneo through the UI: after 90 minutes of play the match ends with the
hand in progress."""
from emulator.board import EmuBoard, VirtualClock
from engine import game as G
from ui import lang as L
from ui.app import App


def test_R9_torneo_time_up_ends_the_match_after_this_hand(tmp_path):
    clock = VirtualClock()
    app = App(EmuBoard(str(tmp_path), clock=clock), seed=5, autoplay=True, ai_ms=0,
              variant="torneo", lang="en")
    g = app.g
    now = 0
    for _ in range(20):                 # a little play first
        now += 33
        app.step(now)
    assert not g.timeup and g.phase < G.P_HAND_OVER
    app.played_ms = 90 * 60000 - 100    # almost 90 minutes in
    now += 33
    app.step(now)
    assert not g.timeup
    for _ in range(4):
        now += 33
        app.step(now)
        if g.timeup:
            break
    assert g.timeup and app.msg == L.t(L.TIMEUP)
    hands = len(g.history)
    while g.phase != G.P_MATCH_OVER and now < 10_000_000:
        now += 33
        app.step(now)
    assert g.phase == G.P_MATCH_OVER
    assert len(g.history) == hands + 1      # only the hand in progress was finished


def test_burako_has_no_match_clock(tmp_path):
    app = App(EmuBoard(str(tmp_path), clock=VirtualClock()), seed=5, autoplay=True, ai_ms=0)
    app.played_ms = 10 * 60 * 60000
    app.step(33)
    app.step(66)
    assert not app.g.timeup
