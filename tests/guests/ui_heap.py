# tests/test_ui_heap.py: matches played through the keys at the UI's heap, on a board of its
# own (the display of null_display.py, joined before this file). Prints TITLE at each title,
# T (match, hands, free heap) at every table frame after a collection, LEFT with the modules
# the table must not hold, and END with the peak and the set-up's choices.
import gc
import sys

from hal.storage import Storage
from ui import app as ui_app

seed = 1
KEYS = [(), ()]     # the set-up's keys after each title's New game: one tuple per match


class Btn:
    ev = 0

    def poll(self, now):
        e = self.ev
        self.ev = 0
        return e


class Clk:
    now = 0

    def ticks_ms(self):
        return self.now


class Board:
    pass


B = Board()
B.display = Disp()
B.buttons = Btn()
B.clock = Clk()
B.link = None
B.storage = Storage('/flash/')
B.idle = None
gc.collect()
APP = ui_app.App(B, seed=seed, ai_ms=0)
OFF = ui_app.OFF_TABLE + ('link.entropy',)


def frames():
    app = APP
    todo = []
    title = 0
    while title <= len(KEYS):
        k = 0
        if app.waiting():
            if app.screen == ui_app.S_TITLE:
                title += 1
                print('TITLE', app.row, app.has_save)
                if title <= len(KEYS):
                    k = 0x20                    # New game
                    todo = list(KEYS[title - 1])
            elif app.screen == ui_app.S_SETUP and todo:
                k = todo.pop(0)
            else:
                k = 0x20                        # the hand end's next hand, the match end's title
        B.buttons.ev = k
        B.clock.now += 15
        app.step(B.clock.now)
        yield


def check():
    # after a collection: at the table, what must be gone and what is free
    if APP.screen == ui_app.S_GAME:
        left = [n for n in OFF if n in sys.modules]
        if left:
            print('LEFT', ' '.join(left))
        print('T', APP.logged, len(APP.match.game.history), gc.mem_free())


FRAMES = frames()
PEAK = 0
for _ in FRAMES:
    a = gc.mem_alloc()
    if a > PEAK:
        PEAK = a
    gc.collect()
    check()
FRAMES = None
print('END', PEAK, APP.logged, APP.settings.level, APP.match.ai_seats, APP.settings.target)
