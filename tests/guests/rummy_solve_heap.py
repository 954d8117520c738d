# tests/test_rummy_micropython.py: one Rummy solver search inside MicroPython on a given table
# and rack at a node limit; prints its points, closing and exact flags and the bytes it kept.
import gc

from rummy import rules
from rummy import solve
from engine import tiles

gc.disable()
table = ''          # rummy/rules.py parse_table's text
rack = ''           # tiles.parse_list's text
limit = 0           # the search's node limit
TABLE = rules.parse_table(table)
RACK = bytes(tiles.parse_list(rack))


def steps():
    gc.collect()
    base = gc.mem_alloc()
    r = solve.solve(TABLE, RACK, True, rules.NO_TILE, limit)
    print(r[1], r[2], r[3], gc.mem_alloc() - base)
    yield


S = steps()
for _ in S:
    gc.collect()
