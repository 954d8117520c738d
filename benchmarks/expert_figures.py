"""Figures for level 4, the expert (docs/ai.md "Level 4").

    .venv/bin/python benchmarks/expert_figures.py [--json] [--fuel-matches N] [--league N] [--no-vpico]
                                                  [--no-solver]

- Fuel per AI decision inside real MicroPython (WASI, -X heapsize=131072), p50/p99/max,
  levels 3 and 4, from `burako league --levels 3,4 --runtime micropython` (2 and 4 players),
  with the peak heap of those matches (live data plus one step's garbage).
- RP2040 time of one decision on the virtual Pico (the real MicroPython v1.27.0 rp2 firmware on
  rp2040js, 125 MHz; the firmware's .mpy files copied onto its filesystem): both seats level 4
  (2 players, seeds 1-3; 4 players, seeds 1-2), the first hand of each, timed on the board with
  ticks_us after a gc.collect() (p50/p99/max); level 3 the same for comparison. rp2040js
  charges no flash wait states, so these are lower bounds for a real Pico.
- The Rummy solver (rummy/solve.solve at the device budget, RS.NODES) on every 8th play
  search of level-3 Rummy players who have exposed (seeds 1-3, 2 and 4 players), timed on the
  virtual Pico: RP2040 ms p50/p99/max and the share of plays proven best (exact or closing) by
  tiles on the table (--solver-only: this part alone; --no-solver: without it).
- With --league N: level 4 against level 3 on N duplicate matches (CPython), 2 and 4 players,
  with the 95 % Wilson interval (seeds 1..N/2).
"""
import argparse
import json
import os
import shutil
import sys
import tempfile

from host import league

def solver_positions(every=8):
    """Every `every`-th play search of level-3 Rummy players who have exposed, seeds 1-3, 2 and
    4 players (benchmarks/rummy_figures.positions): (table, rack, closing)."""
    import rummy_figures
    return rummy_figures.positions(range(1, 4))[::every]


def solver_figures(lines, pos):
    out = {}
    us = []
    bands = {}
    for ln, (table, rack, closing) in zip([x for x in lines if x.startswith("S ")], pos):
        _, t, pts, proven = ln.split()
        us.append(int(t))
        if int(pts) < 0:
            continue
        b = min(sum(len(m) for m in table) // 20, 3)
        st = bands.setdefault(b, [0, 0])
        st[0] += 1
        st[1] += int(proven)
    us.sort()
    if not us:
        return out
    out["rp2040_ms_rummy_solve_p50"] = round(us[len(us) // 2] / 1000, 1)
    out["rp2040_ms_rummy_solve_p99"] = round(us[(len(us) * 99) // 100] / 1000, 1)
    out["rp2040_ms_rummy_solve_max"] = round(us[-1] / 1000, 1)
    out["rp2040_rummy_solves"] = len(us)
    n = sum(v[0] for v in bands.values())
    out["rp2040_rummy_proven_pct"] = round(100.0 * sum(v[1] for v in bands.values()) / max(1, n), 1)
    for b, (k, good) in sorted(bands.items()):
        out[f"rp2040_rummy_proven_pct_table_{b * 20}"] = round(100.0 * good / max(1, k), 1)
        out[f"rp2040_rummy_plays_table_{b * 20}"] = k
    return out


def vpico_decisions(levels=(4, 3), solver=True):
    from emulator.runtimes import rp2040, wasi

    why = rp2040.missing()
    if why:
        return {"vpico_unavailable": why}
    out = {}
    with tempfile.TemporaryDirectory(prefix="burako-expert-") as d:
        build = wasi.compile_firmware(os.path.join(d, "build"))
        with rp2040.VPico(flash=os.path.join(d, "flash.bin")) as pico:
            for pkg in ("engine", "ai", "rummy"):
                rp2040.mpremote(pico.port, "mkdir", ":" + pkg)
                for name in sorted(os.listdir(os.path.join(build, pkg))):
                    if name.endswith(".mpy"):
                        rp2040.mpremote(pico.port, "cp", os.path.join(build, pkg, name), f":{pkg}/{name}")
            text = ""
            if levels:
                ai = wasi.program("ai_decisions.py", levels=tuple(levels), seeded=True,
                                  deals=((2, (1, 2, 3)), (4, (1, 2))))
                text = rp2040.mpremote(pico.port, "exec", ai, timeout=3600)
            if solver:
                pos = solver_positions()
                arg = [[[bytes(m).hex() for m in t], bytes(r).hex(), c] for t, r, c in pos]
                got = rp2040.mpremote(pico.port, "exec", wasi.program("solver_timed.py", P=arg), timeout=3600)
                out.update(solver_figures(got.splitlines(), pos))
    for ln in text.splitlines():
        if ln.startswith("AI "):
            _, level, n, k, p50, p99, worst = ln.split()
            tag = f"rp2040_ms_decision_level{level}_{n}p"
            out[tag + "_p50"] = round(int(p50) / 1000, 1)
            out[tag + "_p99"] = round(int(p99) / 1000, 1)
            out[tag + "_max"] = round(int(worst) / 1000, 1)
            out[f"rp2040_decisions_level{level}_{n}p"] = int(k)
    return out


def fuel(matches):
    out = {}
    for players in (2, 4):
        res = league.run([3, 4], players, "burako", matches, 1, "micropython", heap=131072)
        for lv in ("3", "4"):
            f = res["fuel_per_decision"][lv]
            for q in ("p50", "p99", "max"):
                out[f"fuel_level{lv}_{players}p_{q}"] = f[q]
            out[f"fuel_level{lv}_{players}p_decisions"] = f["n"]
        out[f"peak_heap_{players}p_bytes"] = res["peak_heap_bytes"]
    return out


def duel(matches):
    out = {}
    for players in (2, 4):
        res = league.run([4, 3], players, "burako", matches, 1, "cpython")
        p = res["pairs"][0]
        out[f"level4_vs_3_{players}p_win_pct"] = round(100 * p["win_rate_a"], 1)
        out[f"level4_vs_3_{players}p_ci95"] = [round(100 * x, 1) for x in p["ci95"]]
        out[f"level4_vs_3_{players}p_matches"] = p["matches"]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="one flat JSON object on the last line")
    ap.add_argument("--fuel-matches", type=int, default=4, help="MicroPython matches per table size (even)")
    ap.add_argument("--league", type=int, default=0, help="duplicate matches of 4 against 3 (even; 0: none)")
    ap.add_argument("--no-vpico", action="store_true", help="skip the virtual Pico")
    ap.add_argument("--solver-only", action="store_true", help="only the Rummy solver on the virtual Pico")
    ap.add_argument("--no-solver", action="store_true", help="the AI decisions without the Rummy solver")
    a = ap.parse_args()
    if a.solver_only:
        fig = vpico_decisions(levels=())
    else:
        fig = fuel(a.fuel_matches)
        if not a.no_vpico and shutil.which("node"):
            fig.update(vpico_decisions(solver=not a.no_solver))
    if a.league:
        fig.update(duel(a.league))
    if a.json:
        print(json.dumps(fig))
    else:
        for k, v in fig.items():
            print(f"{k:40s} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
