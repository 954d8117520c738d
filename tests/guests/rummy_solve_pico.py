# tests/test_rummy_solver_vpico.py: one solver search at the device's node budget on the rp2
# firmware (sent with mpremote exec); prints R and its points, -1 when it found no play.
import gc

from rummy import rules
from rummy import solve
from engine import tiles

table = ''          # rummy/rules.py parse_table's text
rack = ''           # tiles.parse_list's text
closing = ''        # the closing tile, or '' for none
TABLE = rules.parse_table(table)
RACK = bytes(tiles.parse_list(rack))
CLOSING = tiles.parse(closing) if closing else rules.NO_TILE
gc.collect()
r = solve.solve(TABLE, RACK, True, CLOSING, solve.NODES, True, True)
print("R", -1 if r is None else r[1])
