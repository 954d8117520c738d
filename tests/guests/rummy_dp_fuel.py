# benchmarks/rummy_solver_figures.py --fuel: one search of the Rummy solver's exact programme
# (rummy/dp.py dp_play) inside MicroPython, between the lines A and B (the fuel between them is
# the search's): B <moves>, or M where the heap gave out. The data are parameters, built before
# A, so the fuel between A and B is the search's alone.
from rummy import dp as rummy_dp

TABLE = []      # the table's melds, bytes each
RACK = b''
CLOSING = 0
try:
    print('A')
    r = rummy_dp.dp_play(TABLE, RACK, CLOSING)
    print('B', r[3])
except MemoryError:
    print('M')
