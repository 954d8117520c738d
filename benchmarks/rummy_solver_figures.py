"""Figures for the Rummy solver's exact programme (docs/rummy.md, "The solver"; issue 23):
over every play search of level-3 players who have exposed in level-3 matches of 2 and 4
players (benchmarks/rummy_figures.positions, seeds 1..N: the positions of the proven-share
figures there), by tiles on the table:

- the share of searches that found a play whose play is proven best (exact, or a closing
  play) at the device budget (rummy_solve.NODES units): the console's solver, and the same
  with the programme (rummy/dp.dp_play as the solver's key, its moves charged at
  rummy_solve._DP_UNITS units each), and with the programme given room (`burako rummy
  solve`'s default limit); the searches where a play exists (the programme with room finds
  one) and the console's solver finds none;
- the programme's moves per search (p50 / p99 / max) and CPython seconds;
- with --fuel K: every K-th search's programme inside real MicroPython (WASI,
  `-X heapsize`, --heap bytes): fuel per move, and how many ran out of heap;
- with --vpico K: every K-th search's programme on the virtual Pico (the real MicroPython
  v1.27.0 rp2 firmware on rp2040js, the firmware's .mpy files on its filesystem), timed on the
  board with ticks_us after a collection: RP2040 ms p50/p99/max of those that finished, and
  how many ran out of the board's heap (searches over --vpico-moves moves on CPython are
  counted as not run: each would take minutes of emulation).

    .venv/bin/python benchmarks/rummy_solver_figures.py [--json] [--games N] [--fuel K] [--heap B]
                                                        [--vpico K] [--vpico-moves M]

With --json the last line is one flat JSON object.
"""
import argparse
import json
import time

import benchpath  # noqa: F401  (puts the checkout, tests/ and firmware/ on sys.path)
from host.sim import percentiles
from rummy_figures import positions

HOST_LIMIT = 10**8      # burako rummy solve's default --limit


def band(table):
    return min(sum(len(m) for m in table) // 20, 3)


def proven(pos, limit, key):
    """Per band: [searches, plays proven best, searches with no play]."""
    from rummy import solve as rummy_solve
    bands = {}
    for table, rack, closing in pos:
        r = rummy_solve.solve(table, rack, True, closing, limit, True, True, key)
        st = bands.setdefault(band(table), [0, 0, 0])
        st[0] += 1
        if r is None:
            # with the programme, no play is proven too (nothing is legal), but the
            # share counts plays, as rummy_figures does
            st[2] += 1
        elif r[2] or r[3]:
            st[1] += 1
    return bands


def fuel(pos, every, heap):
    """The programme inside MicroPython on every `every`-th position: (fuel per move of each
    run that finished, runs out of heap, runs)."""
    from emulator.runtimes import wasi
    from rummy import dp as rummy_dp
    per = []
    oom = 0
    runs = 0
    for table, rack, closing in pos[::every]:
        moves = rummy_dp.dp_play(table, rack, closing)[3]
        script = wasi.program("rummy_dp_fuel.py", TABLE=[bytes(m) for m in table], RACK=bytes(rack),
                              CLOSING=closing)
        runs += 1
        try:
            res = wasi.Guest(heap=heap, fuel=10**12, timeout=1800).run(script)
        except wasi.GuestError:
            oom += 1        # the guest's own stack or heap gave out
            continue
        if res.lines[-1] == "M":
            oom += 1
            continue
        a, b = res.line_fuel[:2]
        per.append((b - a) / max(1, moves))
    return per, oom, runs


def vpico(pos, every, most, uf2=None):
    """The programme on the virtual Pico (tests/guests/rummy_dp_timed.py, 8 searches an exec) on
    every `every`-th position needing at most `most` moves: (RP2040 ms of each that finished, out
    of heap, run, skipped). uf2: the console's own
    UF2 (its engine frozen; rummy_dp.mpy goes beside it, on the filesystem's root), else the
    stock MicroPython with the engine's .mpy files."""
    import os
    import tempfile

    from emulator.runtimes import rp2040, wasi
    from rummy import dp as rummy_dp
    why = rp2040.missing()
    if why:
        return None
    run = []
    skipped = 0
    for table, rack, closing in pos[::every]:
        if rummy_dp.dp_play(table, rack, closing)[3] > most:
            skipped += 1
        else:
            run.append(([bytes(m).hex() for m in table], bytes(rack).hex(), closing))
    ms = []
    oom = 0
    with tempfile.TemporaryDirectory(prefix="burako-dp-") as d:
        build = wasi.compile_firmware(os.path.join(d, "build"))
        with rp2040.VPico(flash=os.path.join(d, "flash.bin"), uf2=uf2) as pico:
            if uf2 is not None:
                rp2040.mpremote(pico.port, "cp", os.path.join(build, "rummy", "dp.mpy"), ":rummy_dp.mpy")
            else:
                for pkg, names in (("engine", ("__init__.mpy", "tiles.mpy", "rng.mpy")),
                                   ("rummy", ("__init__.mpy", "rules.mpy", "dp.mpy"))):
                    rp2040.mpremote(pico.port, "mkdir", ":" + pkg)
                    for name in names:
                        rp2040.mpremote(pico.port, "cp", os.path.join(build, pkg, name), ":%s/%s" % (pkg, name))
            for i in range(0, len(run), 8):
                got = rp2040.mpremote(pico.port, "exec", wasi.program("rummy_dp_timed.py", P=run[i:i + 8]),
                                     timeout=7200)
                for ln in got.splitlines():
                    w = ln.split()
                    if w[:1] == ["D"]:
                        if w[1] == "M":
                            oom += 1
                        else:
                            ms.append(int(w[1]) / 1000)
    return ms, oom, len(run), skipped


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--games", type=int, default=3, help="matches of 2 and of 4 players (seeds 1..N)")
    ap.add_argument("--fuel", type=int, default=0, metavar="K",
                    help="measure every K-th search's programme inside MicroPython (0: no)")
    ap.add_argument("--heap", type=int, default=131072, help="MicroPython heap for --fuel")
    ap.add_argument("--vpico", type=int, default=0, metavar="K",
                    help="time every K-th search's programme on the virtual Pico (0: no)")
    ap.add_argument("--vpico-moves", type=int, default=20000, metavar="M",
                    help="with --vpico, skip searches needing more moves than this")
    ap.add_argument("--vpico-only", action="store_true", help="only the --vpico part")
    ap.add_argument("--vpico-uf2", default=None, metavar="FILE",
                    help="with --vpico, the console's own UF2 (make uf2) instead of the stock firmware")
    a = ap.parse_args()
    from rummy import dp as rummy_dp
    from rummy import solve as rummy_solve

    pos = positions(list(range(1, 1 + a.games)))
    figs = {"rummy_solver_searches": len(pos)}
    runs = () if a.vpico_only else (("console", rummy_solve.NODES, None),
                                     ("dp", rummy_solve.NODES, rummy_dp.dp_play),
                                     ("dp_host", HOST_LIMIT, rummy_dp.dp_play))
    for tag, limit, key in runs:
        bands = proven(pos, limit, key)
        played = sum(b[0] - b[2] for b in bands.values())
        good = sum(b[1] for b in bands.values())
        figs[f"rummy_solver_{tag}_plays"] = played
        figs[f"rummy_solver_{tag}_proven_pct"] = round(100.0 * good / played, 1)
        figs[f"rummy_solver_{tag}_not_proven"] = played - good
        for b, (k, g, none) in sorted(bands.items()):
            figs[f"rummy_solver_{tag}_proven_pct_table_{b * 20}"] = round(100.0 * g / max(1, k - none), 1)
            figs[f"rummy_solver_{tag}_not_proven_table_{b * 20}"] = k - none - g
        if not a.json:
            print(f"{tag} ({limit} units{', with the programme' if key else ''}): proven best in "
                  f"{figs[f'rummy_solver_{tag}_proven_pct']} % of the {played} searches that found a play "
                  f"({played - good} not proven); by tiles on the table: " +
                  ", ".join(f"{b * 20}{'+' if b == 3 else '-%d' % (b * 20 + 19)}: "
                            f"{figs[f'rummy_solver_{tag}_proven_pct_table_{b * 20}']} % of {k - none}"
                            for b, (k, g, none) in sorted(bands.items())))
    if "rummy_solver_dp_host_not_proven" in figs:
        # every play search where a legal play exists (the programme with room finds one, and
        # proves it) and the console's solver found none: level 3 passes there
        missed = figs["rummy_solver_dp_host_plays"] - figs["rummy_solver_console_plays"]
        figs["rummy_solver_console_no_play_where_one_exists"] = missed
        if not a.json:
            print(f"of the {len(pos)} searches, the programme finds a play in {figs['rummy_solver_dp_host_plays']}, "
                  f"and in {missed} of them the console's solver finds none")
    moves = []
    secs = []
    for table, rack, closing in ([] if a.vpico_only else pos):
        t0 = time.perf_counter()
        moves.append(rummy_dp.dp_play(table, rack, closing)[3])
        secs.append(time.perf_counter() - t0)
    pm = percentiles(moves)
    ps = percentiles(secs)
    for q in ("p50", "p99", "max") if moves else ():
        figs[f"rummy_dp_moves_{q}"] = pm[q]
        figs[f"rummy_dp_cpython_s_{q}"] = round(ps[q], 4)
    fit = rummy_solve.NODES // rummy_solve._DP_UNITS
    if moves:
        figs["rummy_dp_within_device_budget_pct"] = round(100.0 * sum(1 for m in moves if m <= fit) / len(moves), 1)
    if moves and not a.json:
        print(f"the programme alone: moves per search p50 {pm['p50']:,} p99 {pm['p99']:,} max {pm['max']:,}; "
              f"CPython {ps['p50']:.4f} / {ps['p99']:.4f} / {ps['max']:.4f} s; "
              f"{figs['rummy_dp_within_device_budget_pct']} % of searches need at most {fit} moves "
              f"(the whole device budget at {rummy_solve._DP_UNITS} units a move)")
    if a.fuel:
        per, oom, runs = fuel(pos, a.fuel, a.heap)
        pf = percentiles([round(x) for x in per])
        figs["rummy_dp_fuel_per_move_p50"] = pf["p50"]
        figs["rummy_dp_fuel_per_move_max"] = pf["max"]
        figs["rummy_dp_micropython_runs"] = runs
        figs["rummy_dp_micropython_out_of_memory"] = oom
        if not a.json:
            print(f"inside MicroPython at {a.heap:,} bytes of heap, every {a.fuel}th search ({runs}): fuel per move "
                  f"p50 {pf['p50']:,} max {pf['max']:,}; {oom} ran out of heap or stack")
    if a.vpico:
        got = vpico(pos, a.vpico, a.vpico_moves, a.vpico_uf2)
        if got is None:
            figs["rummy_dp_vpico_unavailable"] = 1
        else:
            ms, oom, runs, skipped = got
            p = percentiles(ms)
            for q in ("p50", "p99", "max"):
                figs[f"rp2040_ms_rummy_dp_{q}"] = None if p[q] is None else round(p[q], 1)
            figs["rp2040_rummy_dp_runs"] = runs
            figs["rp2040_rummy_dp_out_of_memory"] = oom
            figs["rp2040_rummy_dp_skipped"] = skipped
            if not a.json:
                print(f"on the virtual Pico ({a.vpico_uf2 or 'stock firmware'}), every {a.vpico}th search: {runs} run ({skipped} skipped, over "
                      f"{a.vpico_moves:,} moves), {oom} out of heap; RP2040 ms of the {len(ms)} that finished "
                      f"p50 {figs['rp2040_ms_rummy_dp_p50']} p99 {figs['rp2040_ms_rummy_dp_p99']} "
                      f"max {figs['rp2040_ms_rummy_dp_max']}")
    if a.json:
        print(json.dumps(figs))


if __name__ == "__main__":
    main()
