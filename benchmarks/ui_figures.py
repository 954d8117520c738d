"""Figures of the handheld UI, measured in real MicroPython (WASI build).

    .venv/bin/python benchmarks/ui_figures.py [--seed 5] [--json]

--json: the last line is one flat JSON object (fuel_full_redraw,
fuel_cursor_move, fuel_idle_frame, heap_peak_firmware_autoplay, mpy_bytes_total, ...).
--layouts N: the fuel figures again over N heap layouts (default 16; 0: none).

* peak heap of the whole firmware (UI + engine + AI + buffers) during an
  autoplay match through the UI under the console's WASI heap (emulator/runner.py
  HEAP, -X heapsize=196608): gc.mem_alloc()
  high-water mark sampled before each between-frame collection (as host/sim.py)
* fuel of one full-screen redraw of the game screen and of a cursor move (one
  frame: poll, move, redraw two tiles), from stdout line fuel stamps minus the
  constant stamp overhead; the display is a no-op in the guest so this is the
  UI's own work (rendering into its buffers), not the emulator bridge
* the fuel and heap of an idle frame again through App.frame(), the device loop's call
  (step() kept alive: a fault is shown on the fault screen)
* the heap a cursor move and an idle frame take and give back within the frame
  (micropython.mem_total(): the frames of calls over 11 words, which MicroPython
  allocates on the heap); and the fuel figures again with the heap's layout moved
  (PAD bytes taken before the program, tests/guests/heap_pad.py): min, median and
  max over the layouts. An allocation's cost depends on where the heap has room,
  so a frame that allocates has a fuel that moves with whatever ran before it
* bytes of every buffer the UI keeps
* .mpy size of all of firmware/ (emulator/runtimes/wasi.py mpy_sizes)
"""
import argparse
import json
import tempfile

import benchpath  # noqa: F401  (puts the checkout, tests/ and firmware/ on sys.path)
from emulator import runner
from emulator.runtimes import wasi


PAD_STEP = 40      # bytes more taken from the heap at each layout (2.5 of its 16-byte blocks)


def fuel_program(seed, pad=0):
    """tests/guests/ui_fuel.py on the emulator's guest board (emulator/guests/emu_board.py) around a
    display that does nothing, so the fuel is the UI's own rendering work; pad bytes taken from
    the heap first (tests/guests/heap_pad.py)."""
    return wasi.program(["heap_pad.py", "null_display.py", "emu_board.py", "ui_fuel.py"], seed=seed,
                        PAD=pad)


def fuel_figures(res):
    """The frames' fuel and heap from a run of fuel_program()."""
    f = res.line_fuel
    L = res.lines
    overhead = f[1] - f[0]
    move = L[6].split()
    idle = L[9].split()
    loop = L[13].split()
    return {"line_stamp_overhead": overhead,
            "full_screen_redraw": f[3] - f[2] - overhead,
            "cursor_move_frame": f[5] - f[4] - overhead,
            "cursor_move_heap_bytes": int(move[0]),
            "cursor_move_heap_churn_bytes": int(move[1]),
            "idle_frame": f[8] - f[7] - overhead,
            "idle_frame_heap_bytes": int(idle[0]),
            "idle_frame_heap_churn_bytes": int(idle[1]),
            "idle_frame_loop": f[12] - f[11] - overhead,
            "idle_frame_loop_heap_bytes": int(loop[0]),
            "idle_frame_loop_heap_churn_bytes": int(loop[1])}


def spread(values):
    values = sorted(values)
    return {"min": values[0], "median": values[len(values) // 2], "max": values[-1]}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--json", action="store_true", help="end with one flat JSON object")
    ap.add_argument("--layouts", type=int, default=16, help="heap layouts for the fuel's spread (0: none)")
    args = ap.parse_args(argv)
    out = {}
    with tempfile.TemporaryDirectory(prefix="burako-fig-") as d:
        opts = {"seed": args.seed, "autoplay": True, "ai_ms": 0}
        _, st = runner.run_micropython(opts, d, runner.Feeder((), None, True), heap=runner.HEAP)
        out["autoplay_match"] = {"heap_limit": runner.HEAP, "peak_heap_bytes": st["peak_heap_bytes"],
                                 "heap_after_boot_bytes": st["heap_after_boot"],
                                 "hands": st["hands"], "scores": st["scores"]}
        guest = wasi.Guest(heap=runner.HEAP, flash=d)
        out["fuel"] = fuel_figures(guest.run(fuel_program(args.seed)))
        runs = [fuel_figures(guest.run(fuel_program(args.seed, PAD_STEP * (i + 1))))
                for i in range(args.layouts)]
    if runs:
        out["fuel_over_heap_layouts"] = {
            "layouts": 1 + len(runs), "pad_step_bytes": PAD_STEP,
            "cursor_move_frame": spread([r["cursor_move_frame"] for r in [out["fuel"]] + runs]),
            "full_screen_redraw": spread([r["full_screen_redraw"] for r in [out["fuel"]] + runs])}
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
    more = {}
    if "fuel_over_heap_layouts" in out:
        lay = out["fuel_over_heap_layouts"]
        for name, key in (("cursor_move_frame", "fuel_cursor_move_layouts"),
                          ("full_screen_redraw", "fuel_full_redraw_layouts")):
            for k in ("min", "median", "max"):
                more[key + "_" + k] = lay[name][k]
        more["fuel_layouts"] = lay["layouts"]
    return {**more,
            "heap_peak_firmware_autoplay": a["peak_heap_bytes"],
            "heap_after_boot_firmware": a["heap_after_boot_bytes"],
            "heap_limit_ui": a["heap_limit"],
            "fuel_full_redraw": f["full_screen_redraw"],
            "fuel_cursor_move": f["cursor_move_frame"],
            "fuel_idle_frame": f["idle_frame"],
            "heap_bytes_cursor_move": f["cursor_move_heap_bytes"],
            "heap_bytes_idle_frame": f["idle_frame_heap_bytes"],
            "heap_churn_bytes_cursor_move": f["cursor_move_heap_churn_bytes"],
            "heap_churn_bytes_idle_frame": f["idle_frame_heap_churn_bytes"],
            "fuel_idle_frame_loop": f["idle_frame_loop"],
            "heap_bytes_idle_frame_loop": f["idle_frame_loop_heap_bytes"],
            "heap_churn_bytes_idle_frame_loop": f["idle_frame_loop_heap_churn_bytes"],
            "ui_buffers_bytes": out["ui_buffers_bytes"]["total"],
            "mpy_bytes_total": out["mpy_bytes"]["total"],
            "mpy_bytes_ui": out["mpy_bytes"]["ui"]}


if __name__ == "__main__":
    main()
