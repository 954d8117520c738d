"""Figures for the AI's pace and the hand's log (issue 37): at each pace setting (ui/app.py
PACE_MS, chosen in the table's menu, kept in settings.txt) the time each AI move stays on the glass,
measured in the emulator's frames, and how long a level-2 AI's turn lasts; the hand's log
(burako/movelog.py): bytes per move, the moves its buffer holds, the longest hand's share of it;
the settings file's size.

    .venv/bin/python benchmarks/pace_figures.py [--json] [--seeds 3]

Every seat the AI's (autoplay), the desktop emulator's virtual clock (emulator/board.py FRAME_MS a
frame), CPython: the pace is the App's, not the board's.
"""
import argparse
import json
import os
import statistics
import tempfile

from benchpath import ROOT  # noqa: F401  (sys.path: the checkout, firmware/)

from emulator.board import FRAME_MS, EmuBoard, VirtualClock
from burako import logview
from burako import movelog
from burako import play as burako_play
from engine import game
from ui import app as ui_app
from ui import settings_file


def pace_run(pace, seed, frames=6000):
    """A match of AIs at pace `pace` for `frames` frames: the gaps between moves of one turn
    (ms), the turns' lengths (ms, from the first move to the discard) and the log's bytes per
    move and its largest fill."""
    moves = []
    after = burako_play.Play.after

    def spy(self, seat, phase, mv):
        moves.append((self.app.now, seat, mv[0]))
        return after(self, seat, phase, mv)
    burako_play.Play.after = spy
    fill = [0, 0]           # the log's bytes, its moves: the largest seen
    try:
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, settings_file.FILE)
            with open(path, "w") as f:
                f.write("%s %d\n" % (settings_file.PACE, pace))     # as the menu writes it
            size = os.path.getsize(path)
            clock = VirtualClock()
            app = ui_app.App(EmuBoard(d, clock=clock), seed=seed, autoplay=True, lang="en")
            for _ in range(frames):
                clock.now += FRAME_MS
                app.step(clock.ticks_ms())
                log = app.kept["burako"].log
                if log is not None and log[0] > fill[0]:
                    fill = [log[0], logview.count(log)]     # (byte 0: the bytes in use)
                if app.over():
                    break
    finally:
        burako_play.Play.after = after
    # a turn: a seat's moves from its draw (or the pile) to its discard; the gaps between them
    gaps, turns = [], []
    start = None
    for i, (t, seat, kind) in enumerate(moves):
        if kind == game.DRAW or kind == game.PILE:
            start = t
        elif start is not None and moves[i - 1][1] == seat:
            gaps.append(t - moves[i - 1][0])
            if kind == game.DISCARD:
                turns.append(t - start)
                start = None
    return gaps, turns, fill, size


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--seeds", type=int, default=3)
    args = ap.parse_args()
    fig = {"pace_frame_ms": FRAME_MS, "movelog_cap_bytes": movelog.CAP}
    names = ("fast", "normal", "slow")
    fills = []
    for pace in range(3):
        gaps, turns, size = [], [], 0
        for seed in range(1, args.seeds + 1):
            g, t, fill, size = pace_run(pace, seed)
            gaps += g
            turns += t
            fills.append(fill)
        fig[f"pace_{names[pace]}_ms"] = ui_app.PACE_MS[pace]
        fig[f"pace_{names[pace]}_move_ms"] = statistics.median(gaps)
        fig[f"pace_{names[pace]}_move_frames"] = statistics.median(gaps) / FRAME_MS
        fig[f"pace_{names[pace]}_turn_s_median"] = round(statistics.median(turns) / 1000, 2)
        fig[f"pace_{names[pace]}_turn_s_max"] = round(max(turns) / 1000, 2)
        fig["settings_file_bytes"] = size
    best = max(fills)
    fig["movelog_largest_fill_bytes"] = best[0]
    fig["movelog_moves_at_largest_fill"] = best[1]
    fig["movelog_bytes_per_move"] = round(best[0] / best[1], 2) if best[1] else 0
    if args.json:
        print(json.dumps(fig))
    else:
        for k, v in fig.items():
            print(f"{k}: {v}")


if __name__ == "__main__":
    main()
