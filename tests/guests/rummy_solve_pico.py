# tests/test_rummy_solver_vpico.py: one solver search at the device's node budget on the rp2
# firmware (sent with mpremote exec); prints R and its points, -1 when it found no play.
import gc

from engine import rummy
from engine import rummy_solve
from engine import tiles

table = ''          # engine/rummy.py parse_table's text
rack = ''           # tiles.parse_list's text
closing = ''        # the closing tile, or '' for none
TABLE = rummy.parse_table(table)
RACK = bytes(tiles.parse_list(rack))
CLOSING = tiles.parse(closing) if closing else rummy.NO_TILE
gc.collect()
r = rummy_solve.solve(TABLE, RACK, True, CLOSING, rummy_solve.NODES, True, True)
print("R", -1 if r is None else r[1])
