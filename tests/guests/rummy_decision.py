# tests/test_rummy_solver_budget.py: the decision exactly as a level-3 player makes it in a
# match (rummy/ai.py RummyAI.choose: the solver, then the engine's check of its play), on a
# freshly collected heap, between the stamps "A" and "B". With run 0 the program reaches "A"
# by the same code and stops: its stamp is the fuel spent before the decision.
import gc

from rummy import ai as rummy_ai
from rummy import rules
from engine import tiles

gc.disable()
run = 1
players = 2
table = ''          # rummy/rules.py parse_table's text
rack = ''           # tiles.parse_list's text
closing = ''        # the closing tile, or '' for none
g = rules.Game(players, 1)
g.table = [bytes(m) for m in rules.parse_table(table)]
g.racks[0] = bytearray(tiles.parse_list(rack))
g.exposed[0] = 1
g.closing = tiles.parse(closing) if closing else rules.NO_TILE
g.turn = 0
g.phase = rules.P_PLAY
ai = rummy_ai.RummyAI(3)
gc.collect()
print("A")
mv = ai.choose(g) if run else None
print("B")
if run:
    print("play" if mv[0] == rules.PLAY and not ai.refused else ("pass" if not ai.refused else "refused"))
