# A screen: what the glass shows and what the keys act on (docs/interfaces.md "A screen").
# Each screen is an object that owns its state; App.show(screen) makes it the current one,
# and the App hands it every key, every frame's tick and the regions to redraw. What
# several screens share (a match, its table's view) is an object they are given.
from micropython import const

# the regions a screen redraws (App.dirty's bits; the table's names, the others use CLEAR
# and MELDS for "the lines that changed")
TOP = const(1)
TABLE = const(2)
MELDS = const(4)
MESSAGE = const(8)
RACK = const(16)
HINT = const(32)
CURSOR = const(64)
CLEAR = const(128)
ALL = const(255)


class Screen:
    """The base of every screen. `name` is what ui/state.py and the emulator call it."""

    name = ""
    hand_over = False       # a screen between two hands (the link's keys wait on it)

    def __init__(self, app):
        self.app = app

    def key(self, __key):
        """A key press (hal/keys.py bits), passed by position: the leading `__` marks the
        parameter positional-only for the type checker (MicroPython has no `/`), so each screen
        names it as it likes."""

    def tick(self, now):
        """Every frame, before the redraw."""

    def draw(self, dirty):
        """Redraw the regions of `dirty` (a full redraw: ALL)."""

    def waiting(self):  # type: () -> bool
        """True while nothing happens until a key is pressed (scripted input waits for it)."""
        return True

    def state(self, out):
        """Add this screen's plain data to ui/state.py's snapshot `out`."""
