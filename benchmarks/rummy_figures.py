"""Figures for Rummy israeli (docs/rummy.md): the solver's fuel per play search
inside real MicroPython (WASI, -X heapsize) at each AI level, the heap
high-water mark of whole matches, the console UI's heap high-water mark over
a whole AI match (the console's WASI heap, emulator/runner.py HEAP: 196608 bytes),
how often level 3's search proves its play the best at the device's budget
(by table size), and CPython matches per second. The level-3 decision's fuel
is held against its budget (FUEL_BUDGET, docs/rummy.md "The solver"): the
figures say how many decisions went over.

    .venv/bin/python benchmarks/rummy_figures.py [--json] [--games N] [--duplicates D]

--duplicates D also plays level 3 against level 2 on D duplicate deals (2
players, seeds 1..D, each deal once each way round, CPython; ~1 s a deal):
how often level 3 wins (a tie counts half) with its 95 % Wilson interval,
and the mean of level 3's final score minus level 2's (penalty points, so
below 0 is level 3 ahead) with its 95 % interval.

With --json the last line is one flat JSON object.
"""
import argparse
import json

import benchpath  # noqa: F401  (puts the checkout, tests/ and firmware/ on sys.path)
from host import rummy as host_rummy
from host.sim import percentiles

FUEL_BUDGET = 50_000_000    # a level-3 decision on the device (~270 ms at 125 MHz), docs/rummy.md


def ui_peak(players):
    """The heap high-water mark of an AI-only Rummy match through the console UI
    (burako emu --headless --variant rummy --autoplay --runtime micropython)."""
    import tempfile

    from emulator import runner

    opts = {"seed": 3, "ai_ms": 0, "autoplay": True, "variant": "rummy", "players": players}
    with tempfile.TemporaryDirectory() as d:
        _, st = runner.run_micropython(opts, d, runner.Feeder(frames=40000, autoplay=True), heap=runner.HEAP)
    assert st["screen"] == "matchend", st["screen"]
    return st["peak_heap_bytes"]


def positions(seeds):
    """Every position where a level-3 player who has exposed searches for a play,
    over level-3 matches of 2 and 4 players (CPython)."""
    from rummy import ai as rummy_ai
    from rummy import rules
    out = []
    for players in (2, 4):
        for seed in seeds:
            g = rules.Game(players, seed)
            ai = rummy_ai.RummyAI(3)
            while g.phase != rules.P_MATCH_OVER:
                if g.phase == rules.P_PLAY and g.exposed[g.turn]:
                    out.append(([bytes(m) for m in g.table], bytes(g.racks[g.turn]), g.closing))
                g.play(ai.choose(g))
    return out


def proven(pos, limit, key=None):
    """Per table-size band (tiles on the table // 20, 60+ together): [searches,
    plays proven best (exact, or a closing play), searches that found no play].
    key: rummy/dp.dp_play to let the solver find and prove its play with
    the exact programme (what `burako rummy solve` does, with more room; the
    console does not: benchmarks/rummy_solver_figures.py has its figures)."""
    from rummy import solve as rummy_solve
    bands = {}
    for table, rack, closing in pos:
        r = rummy_solve.solve(table, rack, True, closing, limit, True, True, key)
        b = min(sum(len(m) for m in table) // 20, 3)
        st = bands.setdefault(b, [0, 0, 0])
        st[0] += 1
        if r is None:
            st[2] += 1
        elif r[2] or r[3]:
            st[1] += 1
    return bands


def duplicates(deals):
    """Level 3 against level 2 on duplicate deals: (win share, low, high,
    mean score margin, its 95 % half-width, matches)."""
    import math

    from rummy import ai as rummy_ai
    from host.league import Z95, wilson

    wins = 0.0
    margins = []
    for seed in range(1, deals + 1):
        for sides in ((3, 2), (2, 3)):
            r = rummy_ai.play_match(2, seed, levels=list(sides))
            me = sides.index(3)
            wins += 1.0 if r["winners"] == [me] else (0.5 if me in r["winners"] else 0.0)
            margins.append(r["scores"][me] - r["scores"][1 - me])
    n = len(margins)
    lo, hi = wilson(wins, n)
    mean = sum(margins) / n
    sd = math.sqrt(sum((m - mean) ** 2 for m in margins) / (n - 1)) if n > 1 else 0.0
    return wins / n, lo, hi, mean, Z95 * sd / math.sqrt(n), n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--games", type=int, default=3, help="matches per measurement")
    ap.add_argument("--duplicates", type=int, default=0, help="deals of level 3 against level 2 (0: none)")
    a = ap.parse_args()
    seeds = list(range(1, 1 + a.games))
    figs = {}
    for level in (3, 2, 1):
        fuel = []
        peak = 0
        for players in (2, 4):
            rep = host_rummy.run_micropython(players, seeds, levels=[level] * players, heap=128 * 1024)
            fuel += rep.search_fuel
            peak = max(peak, rep.peak_heap)
        p = percentiles(fuel)
        figs[f"rummy_l{level}_search_fuel_p50"] = p["p50"]
        figs[f"rummy_l{level}_search_fuel_p99"] = p["p99"]
        figs[f"rummy_l{level}_search_fuel_max"] = p["max"]
        figs[f"rummy_l{level}_peak_heap_bytes"] = peak
        over = sum(1 for f in fuel if f > FUEL_BUDGET)
        if level == 3:
            figs["rummy_l3_search_fuel_budget"] = FUEL_BUDGET
            figs["rummy_l3_searches_over_budget"] = over
        if not a.json:
            print(f"level {level}: fuel per play search p50 {p['p50']:,} p99 {p['p99']:,} max {p['max']:,} "
                  f"({p['n']} searches, 2 and 4 players; {over} over the {FUEL_BUDGET:,} budget); "
                  f"peak heap {peak:,} bytes (MicroPython, live data + one step)")
    from rummy import solve as rummy_solve
    pos = positions(seeds)
    for mult in (1, 8):
        bands = proven(pos, rummy_solve.NODES * mult)
        tag = "" if mult == 1 else f"_x{mult}"
        played = sum(b[0] - b[2] for b in bands.values())
        figs[f"rummy_l3_proven_pct{tag}"] = round(100.0 * sum(b[1] for b in bands.values()) / played, 1)
        for b, (k, good, none) in sorted(bands.items()):
            figs[f"rummy_l3_proven_pct{tag}_table_{b * 20}"] = round(100.0 * good / max(1, k - none), 1)
        if mult == 1:
            figs["rummy_l3_searches"] = len(pos)
            figs["rummy_l3_searches_no_play"] = sum(b[2] for b in bands.values())
        if not a.json:
            print(f"level 3 at {mult} x the device budget ({rummy_solve.NODES * mult} units), {len(pos)} searches: "
                  f"the play proven best in {figs[f'rummy_l3_proven_pct{tag}']} % of the {played} that found one; "
                  "by tiles on the table: " +
                  ", ".join(f"{b * 20}{'+' if b == 3 else '-%d' % (b * 20 + 19)}: "
                            f"{figs[f'rummy_l3_proven_pct{tag}_table_{b * 20}']} % of {k - none}"
                            for b, (k, good, none) in sorted(bands.items())))
    from rummy import dp
    bands = proven(pos, rummy_solve.NODES, dp.dp_play)
    played = sum(b[0] - b[2] for b in bands.values())
    figs["rummy_l3_proven_pct_dp"] = round(100.0 * sum(b[1] for b in bands.values()) / played, 1)
    for b, (k, good, none) in sorted(bands.items()):
        figs[f"rummy_l3_proven_pct_dp_table_{b * 20}"] = round(100.0 * good / max(1, k - none), 1)
    if not a.json:
        print(f"the same at the device budget with the exact programme (half the budget; burako rummy solve "
              f"gives it room): {figs['rummy_l3_proven_pct_dp']} %; by tiles on the table: " +
              ", ".join(f"{b * 20}: {figs[f'rummy_l3_proven_pct_dp_table_{b * 20}']} %" for b in sorted(bands)))
    for players in (2, 4):
        figs[f"rummy_ui_{players}p_peak_heap_bytes"] = ui_peak(players)
        if not a.json:
            print(f"console UI, {players} players, AI match at 196608 bytes: peak heap "
                  f"{figs[f'rummy_ui_{players}p_peak_heap_bytes']:,} bytes")
    for players in (2, 4):
        rep = host_rummy.run_cpython(players, seeds)
        figs[f"rummy_cpython_l3_{players}p_games_per_s"] = round(len(seeds) / rep.seconds, 3)
        if not a.json:
            print(f"CPython, level 3, {players} players: {figs[f'rummy_cpython_l3_{players}p_games_per_s']} matches/s "
                  f"(4 hands each)")
    if a.duplicates > 0:
        w, lo, hi, m, half, n = duplicates(a.duplicates)
        figs["rummy_l3_vs_l2_win_pct"] = round(100 * w, 1)
        figs["rummy_l3_vs_l2_win_pct_low"] = round(100 * lo, 1)
        figs["rummy_l3_vs_l2_win_pct_high"] = round(100 * hi, 1)
        figs["rummy_l3_vs_l2_score_margin"] = round(m, 1)
        figs["rummy_l3_vs_l2_score_margin_ci"] = round(half, 1)
        if not a.json:
            print(f"level 3 against level 2, {n} matches on {a.duplicates} duplicate deals: wins "
                  f"{100 * w:.1f} % [{100 * lo:.1f}, {100 * hi:.1f}]; final score margin {m:.1f} +- {half:.1f} "
                  "(penalty points, below 0: level 3 ahead)")
    if a.json:
        print(json.dumps(figs))


if __name__ == "__main__":
    main()
