# tests/test_ui_heap.py: matches played through the keys at the UI's heap, on a board of its
# own (the display of null_display.py, joined before this file). Prints TITLE at each title,
# T (matches logged before this one, hands, free heap) at every table frame after a
# collection, and END with the peak, the matches logged and the set-up's choices.
import gc

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
from hal.absent import Silent, NoBattery
B.sound = Silent()
B.battery = NoBattery()
gc.collect()
APP = ui_app.App(B, seed=seed, ai_ms=0)
LOGGED = [0, None]      # the matches logged; the match at its end (its Play), counted at the title


def frames():
    app = APP
    todo = []
    title = 0
    while title <= len(KEYS):
        k = 0
        screen = app.screen
        if screen.name == 'matchend':
            LOGGED[1] = screen.play
        if app.waiting():
            if screen.name == 'title':
                if LOGGED[1] is not None:
                    LOGGED[0] += LOGGED[1].logged
                    LOGGED[1] = None
                title += 1
                print('TITLE', screen.row, screen.has_save)
                if title <= len(KEYS):
                    k = 0x20                    # New game
                    todo = list(KEYS[title - 1])
            elif screen.name == 'setup' and todo:
                k = todo.pop(0)
            else:
                k = 0x20                        # the hand end's next hand, the match end's title
        screen = None
        B.buttons.ev = k
        B.clock.now += 15
        app.step(B.clock.now)
        yield


def check():
    # after a collection: at the table, what is free
    if APP.screen.name == 'game':
        print('T', LOGGED[0], len(APP.screen.play.game.history), gc.mem_free())


FRAMES = frames()
PEAK = 0
for _ in FRAMES:
    a = gc.mem_alloc()
    if a > PEAK:
        PEAK = a
    gc.collect()
    check()
FRAMES = None
print('END', PEAK, LOGGED[0], APP.settings.level, APP.settings.ai_seats, APP.settings.target)
