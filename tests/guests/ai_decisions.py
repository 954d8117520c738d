# The AI's decisions timed on the board with ticks_us after a collection, the first hand of
# each deal, both seats the same level (benchmarks/rp2040_figures.py, expert_figures.py: sent
# with mpremote exec to the virtual Pico). One line per level and table size:
# AI level players decisions p50 p99 max (microseconds).
import gc
import time

from ai import make
from engine import game
from engine import rules

levels = (1, 2, 3, 4)
deals = ((2, (1, 2, 3)),)   # (players, seeds) pairs
seeded = False              # each AI its own seed (seed * 4 + seat), else make()'s default
gc.collect()
for level in levels:
    for n, seeds in deals:
        ts = []
        for seed in seeds:
            g = game.Game(rules.VARIANTS[0], n, seed, 0)
            ais = [make(level, seed * 4 + p) if seeded else make(level) for p in range(n)]
            hand = g.hand
            while g.phase < game.P_HAND_OVER and g.hand == hand:
                gc.collect()
                t = time.ticks_us()
                mv = ais[g.turn].choose(g)
                ts.append(time.ticks_diff(time.ticks_us(), t))
                if g.play(mv):
                    raise SystemExit('illegal move')
        ts.sort()
        print('AI', level, n, len(ts), ts[len(ts) // 2], ts[(len(ts) * 99) // 100], ts[-1])
