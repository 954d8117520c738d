# host/league.py play_micropython(): the matches of `burako league --runtime micropython` inside
# real MicroPython, one after another, each AI decision bracketed by `D<level>` / `d` lines (the
# harness stamps each with its fuel); the first pair, with nothing between, measures the marking
# itself. A JSON line ends each match (seed, winner, history, the heap's peak). Garbage is
# collected only at module level between steps (emulator/guests/sim_match.py says why).
import gc, json
gc.disable()
from ai.selfplay import steps
from ai import make
# the parameters are constants (wasi.program() keeps const(); see sim_match.py): written into the
# code, no globals
_GAMES = const(())          # (seed, sides) of each match: sides[s] is the level playing side s
_VARIANT = const('burako')
_PLAYERS = const(2)


class Metered:
    def __init__(self, level, seed):
        self.ai = make(level, seed)
        self.tag = "D%d" % level

    def choose(self, g):
        print(self.tag)
        mv = self.ai.choose(g)
        print("d")
        return mv


def run_all():
    for seed, sides in _GAMES:
        peak = 0
        players = [Metered(sides[p % 2], seed * 4 + p) for p in range(_PLAYERS)]
        for r in steps(_VARIANT, _PLAYERS, seed, 0, None, None, players):
            a = gc.mem_alloc()
            if a > peak:
                peak = a
            if r:
                print(json.dumps({"seed": seed, "winner": r["winner"], "history": r["history"],
                                  "peak_heap_bytes": peak}))
            yield


print("D0")
print("d")
STEPS = run_all()
for _ in STEPS:
    gc.collect()
