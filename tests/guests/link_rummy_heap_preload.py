# benchmarks/link_figures.py's Rummy link guest, first part: Rummy's rules and AI loaded before
# the heap is measured, so the figures are the link's own (and no Burako module is among them).
# Then link_consoles.py, then link_rummy_heap.py (wasi.program() joins the three).
import gc, sys  # (one statement, as measured: two lines compile to other bytecode, which moved a figure)

gc.disable()
from rummy import rules  # (loaded before the measure)
from rummy.ai import RummyAI
from rummy import moves  # (Rummy's side of the protocol: the game gives it the Link)
