# tests/test_ai_expert.py: a whole match of level 4 (the even seats) against level 3 inside
# MicroPython, collected between steps only: the transcript's digest, then the peak heap.
import gc

from ai.basic import BasicAI
from ai.expert import ExpertAI
from ai.selfplay import steps

gc.disable()
variant = 'burako'
n = 2
seed = 1
peak = 0


def run():
    global peak
    for r in steps(variant, n, seed, 0, None, None,
                   [ExpertAI(seed * 4 + p) if p % 2 == 0 else BasicAI(3) for p in range(n)]):
        a = gc.mem_alloc()
        if a > peak:
            peak = a
        if r:
            print(r["transcript_sha256"])
        yield


S = run()
for _ in S:
    gc.collect()
print("PEAK", peak)
