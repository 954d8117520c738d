# tests/test_league.py: one hand of level 3 against level 3 inside MicroPython; garbage is
# collected only between steps (as host/sim.py). Ends with the moves, the history and the heap.
import gc

from ai.basic import BasicAI
from engine import game
from engine import rules

gc.disable()
seed = 21


def play():
    g = game.Game(rules.BURAKO, 2, seed)
    ais = [BasicAI(3), BasicAI(3)]
    moves = 0
    while g.phase == game.P_DRAW or g.phase == game.P_PLAY or g.phase == game.P_EMPTY or g.phase == game.P_EMPTY_DISCARD:
        mv = ais[g.turn].choose(g)
        yield
        err = g.play(mv)
        if err:
            print("illegal", err)
            return
        moves += 1
        yield
    print("hand over", moves, g.history, gc.mem_alloc())


S = play()
for _ in S:
    gc.collect()
