# Sent to a virtual Pico by emulator/runtimes/rp2040 heap_at_table() (mpremote exec): the App's
# redraws watched to report the heap after every one (after a gc.collect()): a redraw is App.step
# setting its dirty regions back to 0. The board is built as at power-on, by main.py (on the
# project's UF2 main.py is frozen too), the App given its seed and PLAYERS through a stand-in module.
# The board gets the text without its comment lines: it holds the text while the script runs.
PLAYERS = 2

import gc, os, sys
try:
    os.remove('burako.sav')  # a save would make the title's first row Continue
except OSError:
    pass
from ui.app import App
class HeapApp(App):
    drawn = False
    regions = 0
    def __init__(self, board):
        App.__init__(self, board, seed=1, ai_ms=0, players=PLAYERS)
    def get_dirty(self):
        return self.regions
    def set_dirty(self, d):
        if not d and self.regions:
            self.drawn = True
        self.regions = d
    dirty = property(get_dirty, set_dirty)
    def step(self, now):
        self.drawn = False
        App.step(self, now)
        if self.drawn:
            gc.collect()
            play = getattr(self.screen, 'play', None)
            print('HEAP', gc.mem_free(), play.game.n if play else 0, 'END')
class heap_app:
    App = HeapApp
sys.modules['heap_app'] = heap_app
import main
main.main(app='heap_app')
