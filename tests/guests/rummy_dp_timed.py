# benchmarks/rummy_solver_figures.py --vpico: the Rummy solver's exact programme (rummy/dp.py
# dp_play) timed on the board, one search of P a line after a collection:
# D <microseconds> <points> <moves>, or D M where it ran out of heap.
P = []      # the searches: (table's melds in hex, rack in hex, closing); first, as it was timed

import binascii  # (after P: the heap's layout, and so the times, are P's first)
import gc
import time

try:
    import rummy_dp         # beside the console's own UF2, whose engine is frozen
except ImportError:
    from rummy import dp as rummy_dp

for tt, rr, cl in P:
    table = [binascii.unhexlify(m) for m in tt]
    rack = binascii.unhexlify(rr)
    gc.collect()
    t = time.ticks_us()
    try:
        r = rummy_dp.dp_play(table, rack, cl)
        print('D', time.ticks_diff(time.ticks_us(), t), r[0], r[3])
    except MemoryError:
        r = None
        gc.collect()
        print('D M')
