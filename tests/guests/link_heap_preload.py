# benchmarks/link_figures.py's Burako link guest, first part: Burako's engine loaded before the
# heap is measured, so the figures are the link's own. Then link_consoles.py, then link_heap.py
# (wasi.program() joins the three; their text is the measured program, so each name in it counts:
# a new one can move the interned-name pool across a cliff and the figures with it).
import gc

gc.disable()
from engine import game as G  # noqa: N812  (loaded before the measure; `G` kept: the figures count the guest's names)
from engine import codec
