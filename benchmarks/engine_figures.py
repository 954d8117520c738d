"""Figures for the rules engine and the baseline AI (issue: the rules engine).

    .venv/bin/python benchmarks/engine_figures.py [--games N] [--json]

Prints CPython matches per second (2 and 4 players), and inside real
MicroPython (WASI, -X heapsize): the heap high-water mark of a 4-player match,
the smallest heap it completes in, fuel per hand and per AI decision, and the
.mpy size of firmware/engine. With --json the last line is one flat JSON
object of the same figures (engine_* keys).
"""
import argparse
import json

import benchpath  # noqa: F401  (puts the checkout, tests/ and firmware/ on sys.path)
from emulator.runtimes import wasi
from host import sim


def smallest_heap(variant, players, seed, lo=16 * 1024, hi=64 * 1024):
    """Bisect the smallest -X heapsize (to 256 bytes) in which the match completes."""
    while hi - lo > 256:
        mid = (lo + hi) // 2
        try:
            sim.run_micropython(variant, players, [seed], heap=mid, meter=False)
            hi = mid
        except wasi.GuestMemoryError:
            lo = mid
    return hi


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--json", action="store_true", help="end with one flat JSON object")
    a = ap.parse_args()
    flat = {}
    print("CPython (one core):")
    for variant, players in (("burako", 2), ("burako", 4), ("torneo", 2)):
        rep = sim.run_cpython(variant, players, sim.seeds_from(1, a.games))
        s = rep.summary("cpython")
        hands = sum(m["hands"] for m in rep.matches) / len(rep.matches)
        print(f"  {variant} {players}p: {s['games_per_s']} matches/s ({a.games} matches, {hands:.1f} hands each)")
        flat[f"engine_cpython_{variant}_{players}p_matches_per_s"] = s["games_per_s"]
    print("MicroPython 1.27 WASI:")
    for variant, players in (("burako", 4), ("burako", 2), ("torneo", 2)):
        n = max(3, a.games // 4)
        rep = sim.run_micropython(variant, players, sim.seeds_from(1, n), heap=65536)
        s = rep.summary("micropython")
        d = s["fuel_per_ai_decision"]
        h = s["fuel_per_hand"]
        print(f"  {variant} {players}p, {n} matches, -X heapsize=65536: peak heap {s['peak_heap_bytes']} bytes "
              f"(live data + one step's allocations), {s['games_per_s']} matches/s")
        print(f"    fuel per hand: p50 {h['p50']:,} p99 {h['p99']:,} max {h['max']:,} ({h['n']} hands)")
        print(f"    fuel per AI decision: p50 {d['p50']:,} p99 {d['p99']:,} max {d['max']:,} ({d['n']} decisions)")
        key = f"engine_mpy_{variant}_{players}p"
        flat[key + "_peak_heap_bytes"] = s["peak_heap_bytes"]
        flat[key + "_fuel_per_hand_p50"] = h["p50"]
        flat[key + "_fuel_per_ai_decision_p50"] = d["p50"]
        flat[key + "_fuel_per_ai_decision_max"] = d["max"]
    small = smallest_heap('burako', 4, 1)
    flat["engine_mpy_burako_4p_smallest_heap_bytes"] = small
    print(f"  smallest heap a 4-player burako match (seed 1) completes in: "
          f"{small} bytes (-X heapsize, 256-byte resolution)")
    sizes = wasi.mpy_sizes(wasi.compile_firmware())
    print(f".mpy sizes (bytes): engine {sizes.get('engine')}, ai {sizes.get('ai')}, all firmware {sum(sizes.values())}")
    flat["engine_mpy_size_engine_bytes"] = sizes.get("engine")
    flat["engine_mpy_size_ai_bytes"] = sizes.get("ai")
    if a.json:
        print(json.dumps(flat))


if __name__ == "__main__":
    main()
