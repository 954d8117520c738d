# host/sim.py and host/rummy.py run_micropython(): whole matches between AIs inside real
# MicroPython, joined after the program that imports gc and json, turns the collector off and
# imports steps(): sim_selfplay.py (`burako sim`), sim_leveled.py (with --levels) or sim_rummy.py
# (`burako rummy sim`). steps(*call, emit=, mark=) plays one match (a call of _CALLS: its
# arguments, the seed among them) as a generator of steps. Metered: `H` starts a deal, `D`/`d`
# bracket an AI decision, `P`/`p` an engine step; the first D/d pair, with nothing between,
# measures the marking's own fuel. T lines carry the transcript; a JSON line ends each match.
#
# Garbage is collected only at module level, between steps, with automatic collection off. The
# WASI build cannot see pointers held in wasm locals, and MicroPython keeps the frame of any
# function with more than 11 slots on the heap, pointed to only from C: a collection while such a
# frame is active frees it under the running code (seen: a corrupted Game after ~30 moves under
# -X heapsize=65536). So the match runs in a generator (its frame lives inside the generator
# object, reachable from a global) that yields at each safe point, and the module-level loop
# collects there. This is stricter than the device, where automatic collection is safe: one step
# must fit in what is free after the last collection. The heap figure is therefore an upper
# bound: the high-water mark of live data plus everything one step allocates.
#
# The parameters are constants (wasi.program() keeps const()): MicroPython's compiler writes their
# values into the code that reads them, with no global; its parser knows const() unimported.
# (The call's star and keywords make no object the first step's peak would count.)
_CALLS = const((('burako', 2, 1, 0),))  # each match's steps() arguments before emit and mark
_EMIT = const(False)          # print the transcript as it grows (T lines)
_MARK = const(True)           # mark each AI decision and engine step


def emit(text):
    for line in text.split("\n")[:-1]:
        print("T" + line)


mark = print            # mark(c): a line the harness stamps with its fuel


def run_all():
    for call in _CALLS:
        peak = 0
        for r in steps(*call, emit=emit if _EMIT else None, mark=mark if _MARK else None):
            peak = max(peak, gc.mem_alloc())
            if r:
                r["peak_heap_bytes"] = peak
                print(json.dumps(r))
            yield


if _MARK:
    mark("D")
    mark("d")
STEPS = run_all()
for _ in STEPS:
    gc.collect()
