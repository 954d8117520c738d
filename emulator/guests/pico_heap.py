# Sent to a virtual Pico by emulator/runtimes/rp2040 heap_at_table() (mpremote exec): App.draw
# wrapped to report the heap after every redraw (after a gc.collect()). The board is built as
# at power-on, by main.py (which then unloads hal.board and the profile; on the project's UF2
# main.py is frozen too), the App given its seed and PLAYERS through a stand-in module.
# The board gets the text without its comment lines: it holds the text while the script runs.
PLAYERS = 2

import gc, os, sys
try:
    os.remove('burako.sav')  # a save would make the title's first row Continue
except OSError:
    pass
from ui.app import App
class HeapApp(App):
    def __init__(self, board):
        App.__init__(self, board, seed=1, ai_ms=0, players=PLAYERS)
    def draw(self):
        App.draw(self)
        gc.collect()
        print('HEAP', gc.mem_free(), self.match.game.n if self.match.game else 0, 'END')
class heap_app:
    App = HeapApp
sys.modules['heap_app'] = heap_app
import main
main.main(app='heap_app')
