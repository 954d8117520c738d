"""Figures for Rummy israeli (docs/rummy.md): the solver's fuel per play search
inside real MicroPython (WASI, -X heapsize) at each AI level, the heap
high-water mark of whole matches, the console UI's heap high-water mark over
a whole AI match (the device's 131072-byte heap, Burako's modules unloaded),
and CPython matches per second.

    .venv/bin/python benchmarks/rummy_figures.py [--json] [--games N]

With --json the last line is one flat JSON object.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from host import rummy as HR  # noqa: E402
from host.sim import percentiles  # noqa: E402


def ui_peak(players):
    """The heap high-water mark of an AI-only Rummy match through the console UI
    (burako emu --headless --variant rummy --autoplay --runtime micropython)."""
    import tempfile

    from emulator import runner

    opts = {"seed": 3, "ai_ms": 0, "autoplay": True, "variant": "rummy", "players": players}
    with tempfile.TemporaryDirectory() as d:
        _, st = runner.run_micropython(opts, d, runner.Feeder(frames=40000, autoplay=True), heap=131072)
    assert st["screen"] == "matchend", st["screen"]
    return st["peak_heap_bytes"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--games", type=int, default=3, help="matches per measurement")
    a = ap.parse_args()
    seeds = list(range(1, 1 + a.games))
    figs = {}
    for level in (3, 2, 1):
        fuel = []
        peak = 0
        for players in (2, 4):
            rep = HR.run_micropython(players, seeds, levels=[level] * players, heap=128 * 1024)
            fuel += rep.search_fuel
            peak = max(peak, rep.peak_heap)
        p = percentiles(fuel)
        figs[f"rummy_l{level}_search_fuel_p50"] = p["p50"]
        figs[f"rummy_l{level}_search_fuel_p99"] = p["p99"]
        figs[f"rummy_l{level}_search_fuel_max"] = p["max"]
        figs[f"rummy_l{level}_peak_heap_bytes"] = peak
        if not a.json:
            print(f"level {level}: fuel per play search p50 {p['p50']:,} p99 {p['p99']:,} max {p['max']:,} "
                  f"({p['n']} searches, 2 and 4 players); peak heap {peak:,} bytes")
    for players in (2, 4):
        figs[f"rummy_ui_{players}p_peak_heap_bytes"] = ui_peak(players)
        if not a.json:
            print(f"console UI, {players} players, AI match at 131072 bytes: peak heap "
                  f"{figs[f'rummy_ui_{players}p_peak_heap_bytes']:,} bytes")
    for players in (2, 4):
        rep = HR.run_cpython(players, seeds)
        figs[f"rummy_cpython_l3_{players}p_games_per_s"] = round(len(seeds) / rep.seconds, 3)
        if not a.json:
            print(f"CPython, level 3, {players} players: {figs[f'rummy_cpython_l3_{players}p_games_per_s']} matches/s "
                  f"(4 hands each)")
    if a.json:
        print(json.dumps(figs))


if __name__ == "__main__":
    main()
