# benchmarks/ui_figures.py: the fuel of one full-screen redraw, one cursor move and one idle
# frame, and the heap those frames allocate. Joined after null_display.py and the emulator's
# guest board (emulator/guests/emu_board.py, which makes B). Each measured step sits between
# two print('F') lines: their fuel stamps bracket it.
import gc

from hal import keys
from ui import screen as regions
from ui.app import App
from burako.game import new_match

seed = 5

b = B
app = App(b, seed=seed)
gc.collect()   # the display's gc.disable(): collect between set-up steps, outside the brackets
new_match(app)
gc.collect()
b.buttons.ev = keys.A
app.step(0)
table = app.screen
table.draw(regions.ALL)     # a first full redraw fills the glyph caches: the figure is a steady redraw's
gc.collect()
print('F')
print('F')
app.dirty = regions.ALL
print('F')
table.draw(app.dirty)
app.dirty = 0
print('F')
gc.collect()
a = gc.mem_alloc()
b.buttons.ev = keys.RIGHT
print('F')
app.step(0)
print('F')
print(gc.mem_alloc() - a)
b.buttons.ev = 0
a = gc.mem_alloc()
print('F')
app.step(0)
print('F')
print(gc.mem_alloc() - a)
print(sum([n for _, n in app.painter.buffers()]) + len(table.selection))
