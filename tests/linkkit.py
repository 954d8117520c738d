"""Shared by the linked-match tests. The UI's (test_ui_link.py for Burako, test_ui_link_rummy.py
for Rummy israelí): two Apps in one process on EmuBoards joined by an in-memory cable
(host/relay.py's fault model) on one virtual clock. The session's (test_link_session.py,
test_link_rummy.py): a message slipped onto the cable, and the proof that it changed nothing."""
import os

from emulator.board import FRAME_MS, EmuBoard, VirtualClock
from host.relay import Cable
from ui.app import App
from ui.state import snapshot
import scorelog


class Console:
    """One emulated console: an App on an EmuBoard whose link is a cable end;
    every text the screen draws is kept (what the player reads). A subclass
    sets DEFAULTS (the App's keywords) and may watch more in booted()."""
    DEFAULTS = {}

    def __init__(self, tmp, name, end, clock, **kw):
        self.dir = str(tmp / name)
        self.end, self.clock, self.kw = end, clock, kw
        self.boot()

    def boot(self):
        """Power on (again): a new App on the same storage."""
        b = EmuBoard(self.dir, clock=self.clock)
        b.link = self.end
        kw = {"hidden": False}      # (the open deal unless a test asks for hidden hands)
        kw.update(self.DEFAULTS)
        kw.update(self.kw)
        self.texts = []
        self.app = App(b, **kw)
        text = self.app.painter.text

        def seen(x, y, w, s, *a):
            self.texts.append(s)
            return text(x, y, w, s, *a)
        self.app.painter.text = seen
        self.booted()

    def booted(self):
        pass

    def step(self):
        self.app.step(self.clock.ticks_ms())

    def log(self):
        recs, problems = scorelog.read(os.path.join(self.dir, scorelog.FILENAME))
        assert not problems
        return recs


def pair(console, tmp, faults=(None, None), kw_a=None, kw_b=None):
    """Two consoles of class `console` on one cable (faults: each way's)."""
    clock = VirtualClock()
    clock.now = 1000
    cable = Cable(clock, *faults)
    a = console(tmp, "a", cable.a, clock, **(kw_a or {}))
    b = console(tmp, "b", cable.b, clock, **(kw_b or {}))
    return a, b, clock, cable


def run(a, b, clock, until, max_ms=3_000_000, check=None):
    """Step both consoles a frame at a time until until() (check(console) after
    each console's frame); an AssertionError with both links' state on timeout."""
    end = clock.now + max_ms
    while clock.now < end:
        clock.now += FRAME_MS
        for c in (a, b):
            c.step()
            if check is not None:
                check(c)
        if until():
            return
    raise AssertionError("timed out: " + repr((snapshot(a.app).get("link"), snapshot(b.app).get("link"))))


def link(app):
    """The app's Link while its cable is open (ui/cable.py), else None."""
    return None if app.cable is None else app.cable.link


def play(app):
    """The linked match's Play (burako/play.py, rummy/play.py) once it is shown, else None."""
    return None if app.cable is None else app.cable.play


def press(app, k):
    """A key pressed outside a frame, as App.step() hands it: the cable's keys first."""
    if not (app.cable is not None and app.cable.key_hook(k)):
        app.screen.key(k)


def done(*cs):
    return lambda: all(c.app.over() for c in cs)


# --- the session's duels (host/relay.py's Console) -------------------------------------
def inject(b, payload, a, clock, ms=300):
    """b sends `payload` as a DATA frame; a runs `ms` without playing. Returns a's
    (position, move count, log) from before, for unchanged()."""
    before = (a.link.position(a.link.game), a.link.count, bytes(a.link.log))
    b.link.t.send(payload)
    end = clock.now + ms
    while clock.now < end:
        clock.now += 5
        a.step(play=False)
        b.link.poll()
    return before


def unchanged(a, before):
    assert (a.link.position(a.link.game), a.link.count, bytes(a.link.log)) == before


def hidden_moment(c, when, saved):
    """A moment of a hidden-hands match on console c for a power cut, once its save exists
    (saved(storage): whether the game's link save exists): "deal" in a hand's deal, "play"
    mid-hand on the peer's turn, "check" in the hand-end check."""
    L = link(c.app)
    if L is None or L.hidden is None or not saved(c.app.board.storage):
        return False
    h = L.hidden
    return {"deal": h.stage == 1 and h.h is not None and h.h.got > 40,
            "play": h.stage == 0 and L.count >= 30 and L.game.turn != L.seat,
            "check": h.stage == 2 and h.h.checked > 10}[when]
