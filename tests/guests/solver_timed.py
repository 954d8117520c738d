# benchmarks/expert_figures.py: the Rummy solver at the device budget on each position, timed
# on the board with ticks_us after a collection. One line each: S microseconds points proven
# (points -1: no play; proven: exact or closing).
import binascii
import gc
import time

from rummy import solve
P = []      # [[table melds as hex], rack as hex, closing tile]
for tt, rr, cl in P:
    table = [binascii.unhexlify(m) for m in tt]
    rack = binascii.unhexlify(rr)
    gc.collect()
    t = time.ticks_us()
    r = solve.solve(table, rack, True, cl, solve.NODES, True, True)
    us = time.ticks_diff(time.ticks_us(), t)
    print('S', us, -1 if r is None else r[1], 1 if r is not None and (r[2] or r[3]) else 0)
