# benchmarks/ui_figures.py: the fuel of one full-screen redraw, one cursor move and one idle
# frame, the heap those frames keep and the heap they take and give back within the frame
# (micropython.mem_total(): the frames of calls over 11 words, which MicroPython without a
# pystack allocates on the heap). Joined after null_display.py and the emulator's guest board
# (emulator/guests/emu_board.py, which makes B); heap_pad.py, joined first, moves the heap's
# layout. Each measured step sits between two print('F') lines: their fuel stamps bracket it.
import gc
import micropython

from hal import keys
from ui import screen as regions
from ui.app import App
from burako.game import new_match

seed = 5
a = t = 0       # the measures' globals made now: a global made inside a measure grows the dict

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
t = micropython.mem_total()
b.buttons.ev = keys.RIGHT
print('F')
app.step(0)
print('F')
print(gc.mem_alloc() - a, micropython.mem_total() - t)
b.buttons.ev = 0
a = gc.mem_alloc()
t = micropython.mem_total()
print('F')
app.step(0)
print('F')
print(gc.mem_alloc() - a, micropython.mem_total() - t)
print(sum([n for _, n in app.painter.buffers()]) + len(table.selection))
# an idle frame as the device loop runs it: App.frame(), step() kept alive
a = gc.mem_alloc()
t = micropython.mem_total()
print('F')
app.frame(0)
print('F')
print(gc.mem_alloc() - a, micropython.mem_total() - t)
