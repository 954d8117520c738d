"""Which deal a linked match gets (issue 33, "Hidden by default"): the title's cable entry starts as
the hidden deal on a console that can deal hidden hands (the desktop, the console's UF2); two such
consoles play hidden with no choice made; a console that cannot (the stock firmware: its App makes
its Link open) and one that asked for hidden hands deal the match open, and the one that asked tells
its player that the other console will see the rack and waits for A (play open) or B (leave)."""
import pytest

from link import entropy
from link import session
from ui import cable as ui_cable
from ui import lang as ui_lang
from ui.state import snapshot
from hal import keys as hal_keys
import linkkit
from linkkit import link, play, press, run


@pytest.fixture(autouse=True)
def _seeded_nonces(monkeypatch):
    import random
    r = random.Random(33)
    monkeypatch.setattr(entropy, "random_bytes", lambda n: bytes(r.randrange(256) for _ in range(n)))


class Console(linkkit.Console):
    DEFAULTS = dict(ai_ms=0, target=300, link=True, lang="en")

    def boot(self):
        # (linkkit's consoles deal open unless told: these take the App's own default)
        if "hidden" not in self.kw:
            self.kw["hidden"] = None
        super().boot()


def test_the_titles_cable_entry_starts_as_the_hidden_deal(tmp_path):
    from emulator.board import EmuBoard, VirtualClock
    from host.relay import Cable
    from ui.app import App
    clock = VirtualClock()
    board = EmuBoard(str(tmp_path), clock=clock)
    board.link = Cable(clock).a                     # (a cable to open: the desktop's --link)
    app = App(board, lang="en")
    seen = []
    text = app.painter.text
    app.painter.text = lambda x, y, w, s, *a: seen.append(s) or text(x, y, w, s, *a)
    app.step(0)
    assert app.screen.name == "title" and app.settings.hidden
    assert "Cable 1v1: < Hidden >" in seen
    app.screen.row = 2                              # (no save: the cable entry is the third row)
    press(app, hal_keys.RIGHT)                      # Left/Right: the open deal
    seen.clear()
    app.screen.draw(app.dirty)                      # (the regions the key changed)
    assert not app.settings.hidden and "Cable 1v1: < Open >" in seen


def test_two_default_consoles_play_hidden_hands(tmp_path):
    a, b, clock, cable = linkkit.pair(Console, tmp_path, kw_a={"autoplay": True}, kw_b={"autoplay": True})
    run(a, b, clock, lambda: link(a.app).count >= 6 and link(b.app).count >= 6)
    for c in (a, b):
        assert link(c.app).hidden is not None and not link(c.app).downgraded
        assert snapshot(c.app)["link"]["hidden"]


def _open_against_hidden(tmp_path):
    # b: a console that cannot deal hidden hands (the stock firmware's App makes its Link open)
    a, b, clock, cable = linkkit.pair(Console, tmp_path, kw_b={"hidden": False, "autoplay": True})
    run(a, b, clock, lambda: link(a.app).game is not None and link(a.app).state == session.PLAYING, max_ms=60_000)
    for _ in range(10):
        clock.now += 33
        a.step()
        b.step()
    return a, b, clock


def test_a_stock_console_and_a_hidden_one_agree_on_the_open_deal_after_a_warning(tmp_path):
    a, b, clock = _open_against_hidden(tmp_path)
    L = link(a.app)
    assert L.downgraded and L.hidden is None and link(b.app).hidden is None
    assert a.app.screen.name == "link" and play(a.app) is None     # the match waits for a's player
    assert ui_lang.tx(ui_cable.T_OPEN_ONLY) in a.texts and ui_lang.tx(ui_cable.T_OPEN_ONLY + 1) in a.texts
    assert "Open deal" in b.texts                                  # the stock console says so, as ever
    clock.now += 700                                               # (the link screen's key pause)
    a.app.board.buttons.press(hal_keys.A)
    a.step()
    assert a.app.screen.name == "game" and play(a.app).game is L.game   # A: the open match, knowingly
    a.app.autoplay = True
    from ai.basic import BasicAI
    play(a.app).ais[L.seat] = BasicAI(1)
    run(a, b, clock, lambda: link(a.app).count >= 10 and link(b.app).count >= 10)
    assert bytes(link(a.app).log[:20]) == bytes(link(b.app).log[:20])


def test_b_declines_the_open_deal_and_leaves(tmp_path):
    a, b, clock = _open_against_hidden(tmp_path)
    clock.now += 700
    a.app.board.buttons.press(hal_keys.B)
    for _ in range(30):
        clock.now += 33
        a.step()
        b.step()
    assert link(a.app).state == session.ENDED and link(a.app).reason == session.R_ABANDONED
    assert link(b.app).state == session.ENDED and link(b.app).reason == session.R_ABANDONED and link(b.app).by_peer
    clock.now += 700
    a.app.board.buttons.press(hal_keys.A)           # the ended screen's key: the title, no save kept
    a.step()
    assert a.app.screen.name == "title" and link(a.app) is None and not linkkit.os.path.exists(
        a.app.board.storage.path("link.sav"))
