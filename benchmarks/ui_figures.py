"""Figures of the handheld UI, measured in real MicroPython (WASI build).

    .venv/bin/python benchmarks/ui_figures.py [--seed 5] [--json]

--json: the last line is one flat JSON object (fuel_full_redraw,
fuel_cursor_move, fuel_idle_frame, heap_peak_firmware_autoplay, mpy_bytes_total, ...).

* peak heap of the whole firmware (UI + engine + AI + buffers) during an
  autoplay match through the UI under the console's WASI heap (emulator/runner.py
  HEAP, -X heapsize=196608): gc.mem_alloc()
  high-water mark sampled before each between-frame collection (as host/sim.py)
* fuel of one full-screen redraw of the game screen and of a cursor move (one
  frame: poll, move, redraw two tiles), from stdout line fuel stamps minus the
  constant stamp overhead; the display is a no-op in the guest so this is the
  UI's own work (rendering into its buffers), not the emulator bridge
* bytes of every buffer the UI keeps
* .mpy size of all of firmware/ (emulator/runtimes/wasi.py mpy_sizes)
"""
import argparse
import json
import tempfile

import benchpath  # noqa: F401  (puts the checkout, tests/ and firmware/ on sys.path)
from emulator import runner
from emulator.runtimes import wasi


def fuel_program(seed):
    """tests/guests/ui_fuel.py on the emulator's guest board (emulator/guests/emu_board.py) around a
    display that does nothing, so the fuel is the UI's own rendering work."""
    return wasi.program(["null_display.py", "emu_board.py", "ui_fuel.py"], seed=seed)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--json", action="store_true", help="end with one flat JSON object")
    args = ap.parse_args(argv)
    out = {}
    with tempfile.TemporaryDirectory(prefix="burako-fig-") as d:
        opts = {"seed": args.seed, "autoplay": True, "ai_ms": 0}
        _, st = runner.run_micropython(opts, d, runner.Feeder((), None, True), heap=runner.HEAP)
        out["autoplay_match"] = {"heap_limit": runner.HEAP, "peak_heap_bytes": st["peak_heap_bytes"],
                                 "heap_after_boot_bytes": st["heap_after_boot"],
                                 "hands": st["hands"], "scores": st["scores"]}
        res = wasi.Guest(heap=runner.HEAP, flash=d).run(fuel_program(args.seed))
    f = res.line_fuel
    L = res.lines
    overhead = f[1] - f[0]
    out["fuel"] = {"line_stamp_overhead": overhead,
                   "full_screen_redraw": f[3] - f[2] - overhead,
                   "cursor_move_frame": f[5] - f[4] - overhead,
                   "cursor_move_heap_bytes": int(L[6]),
                   "idle_frame": f[8] - f[7] - overhead,
                   "idle_frame_heap_bytes": int(L[9])}
    from burako.game import GAME
    from emulator.board import EmuBoard
    from ui.app import App
    with tempfile.TemporaryDirectory() as d:
        app = App(EmuBoard(d))
    bufs = dict(app.painter.buffers())
    bufs["rack_selection_flags"] = len(GAME.table(app).selection)     # the table's (burako/table.py)
    bufs["total"] = sum(bufs.values())
    out["ui_buffers_bytes"] = bufs
    sizes = wasi.mpy_sizes(wasi.compile_firmware())
    out["mpy_bytes"] = dict(sizes, total=sum(sizes.values()))
    print(json.dumps(out, indent=2))
    if args.json:
        print(json.dumps(flat(out), sort_keys=True))
    wasi.quiet_exit(0)


def flat(out):
    """The figures as one flat object (benchmarks/run.py --json merges these)."""
    a = out["autoplay_match"]
    f = out["fuel"]
    return {"heap_peak_firmware_autoplay": a["peak_heap_bytes"],
            "heap_after_boot_firmware": a["heap_after_boot_bytes"],
            "heap_limit_ui": a["heap_limit"],
            "fuel_full_redraw": f["full_screen_redraw"],
            "fuel_cursor_move": f["cursor_move_frame"],
            "fuel_idle_frame": f["idle_frame"],
            "heap_bytes_cursor_move": f["cursor_move_heap_bytes"],
            "heap_bytes_idle_frame": f["idle_frame_heap_bytes"],
            "ui_buffers_bytes": out["ui_buffers_bytes"]["total"],
            "mpy_bytes_total": out["mpy_bytes"]["total"],
            "mpy_bytes_ui": out["mpy_bytes"]["ui"]}


if __name__ == "__main__":
    main()
