"""Figures for the AI levels (an opponent worth playing).

    .venv/bin/python benchmarks/ai_figures.py [--json] [--matches N] [--speed-matches N] [--fuel-matches N]

- CPython self-play hands per second on one core, 2 and 4 players (burako):
  level 2 against itself (the play the device ships), level 0 (the frozen
  baseline, rewritten exactly) and, when git can show it, the baseline as it
  was before the rewrite (firmware/ai/basic.py at BEFORE), with the transcript
  hashes compared: the exact rewrite must play the same matches.
- Fuel per AI decision inside real MicroPython (WASI, -X heapsize=131072),
  p50/p99/max per level, from a small league 1-2-3.
- League win rates on duplicate deals (2 players, burako): 3 against 2 and 2
  against 1, with 95 % Wilson intervals.
"""
import argparse
import importlib.util
import json
import os
import subprocess
import tempfile
import time

from benchpath import ROOT
from ai.basic import BasicAI
from ai.selfplay import play_match
from host import league

BEFORE = "90946f4"      # the last commit with the AI before the levels: the baseline they are measured against


def before_module():
    """The baseline AI module as it was at BEFORE, or None without git."""
    try:
        src = subprocess.run(["git", "-C", ROOT, "show", f"{BEFORE}:firmware/ai/basic.py"],
                             capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    d = tempfile.mkdtemp()
    path = os.path.join(d, "basic_before.py")
    with open(path, "w") as f:
        f.write(src)
    spec = importlib.util.spec_from_file_location("basic_before", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def hands_per_s(make, players, matches):
    """(hands per CPU second, transcript hashes) of self-play, best of two
    runs. CPU time of this process: one core, whatever else the machine runs."""
    best = 0.0
    shas = None
    for _ in range(2):
        t = time.process_time()
        hands = 0
        shas = []
        for seed in range(1, matches + 1):
            r = play_match("burako", players, seed, players=[make() for _ in range(players)])
            hands += r["deals"]
            shas.append(r["transcript_sha256"])
        best = max(best, hands / (time.process_time() - t))
    return round(best, 1), shas


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--matches", type=int, default=400, help="league matches per pair (even)")
    ap.add_argument("--speed-matches", type=int, default=12)
    ap.add_argument("--fuel-matches", type=int, default=2, help="MicroPython league matches per pair (even)")
    a = ap.parse_args()
    out = {}
    old = before_module()
    for n in (2, 4):
        hps, _ = hands_per_s(lambda: BasicAI(2), n, a.speed_matches)
        out[f"cpython_hands_per_s_{n}p"] = hps
        hps0, sha0 = hands_per_s(lambda: BasicAI(0), n, a.speed_matches)
        out[f"cpython_hands_per_s_{n}p_level0_exact"] = hps0
        if old is not None:
            hpsb, shab = hands_per_s(lambda: old.BasicAI(), n, a.speed_matches)
            out[f"cpython_hands_per_s_{n}p_before"] = hpsb
            out[f"cpython_speedup_{n}p_exact"] = round(hps0 / hpsb, 2)
            out[f"cpython_speedup_{n}p_level2"] = round(hps / hpsb, 2)
            out[f"cpython_exact_same_transcripts_{n}p"] = sha0 == shab

    fu = league.run([1, 2, 3], 2, "burako", a.fuel_matches, 1, "micropython", heap=131072)
    for lv in ("1", "2", "3"):
        f = fu["fuel_per_decision"][lv]
        out[f"fuel_decision_p50_level{lv}"] = f["p50"]
        out[f"fuel_decision_p99_level{lv}"] = f["p99"]
        out[f"fuel_decision_max_level{lv}"] = f["max"]
    out["micropython_peak_heap_bytes_131072"] = fu["peak_heap_bytes"]

    for a_, b_ in ((3, 2), (2, 1)):
        r = league.run([a_, b_], 2, "burako", a.matches, 1, "cpython")
        p = r["pairs"][0]
        out[f"league_win_rate_{a_}v{b_}"] = p["win_rate_a"]
        out[f"league_win_rate_{a_}v{b_}_ci95_low"] = p["ci95"][0]
        out[f"league_win_rate_{a_}v{b_}_ci95_high"] = p["ci95"][1]
        out[f"league_matches_{a_}v{b_}"] = p["matches"]
        out[f"league_points_per_hand_{a_}v{b_}"] = [r["points_per_hand"][str(a_)], r["points_per_hand"][str(b_)]]

    if a.json:
        print(json.dumps(out))
        return
    print("CPython self-play, one core, burako (hands per second):")
    for n in (2, 4):
        line = f"  {n}p: level 2 {out[f'cpython_hands_per_s_{n}p']}, level 0 (exact rewrite) " \
               f"{out[f'cpython_hands_per_s_{n}p_level0_exact']}"
        if f"cpython_hands_per_s_{n}p_before" in out:
            line += f", before ({BEFORE}) {out[f'cpython_hands_per_s_{n}p_before']}: exact x" \
                    f"{out[f'cpython_speedup_{n}p_exact']}, level 2 x{out[f'cpython_speedup_{n}p_level2']}, " \
                    f"same transcripts: {out[f'cpython_exact_same_transcripts_{n}p']}"
        print(line)
    print(f"MicroPython fuel per decision ({a.fuel_matches} matches per pair, -X heapsize=131072, "
          f"peak heap {out['micropython_peak_heap_bytes_131072']} B):")
    for lv in (1, 2, 3):
        print(f"  level {lv}: p50 {out[f'fuel_decision_p50_level{lv}']:,} p99 {out[f'fuel_decision_p99_level{lv}']:,} "
              f"max {out[f'fuel_decision_max_level{lv}']:,}")
    print("League, burako 2 players, duplicate deals:")
    for a_, b_ in ((3, 2), (2, 1)):
        print(f"  level {a_} beats level {b_}: {out[f'league_win_rate_{a_}v{b_}'] * 100:.1f}% "
              f"[{out[f'league_win_rate_{a_}v{b_}_ci95_low'] * 100:.1f}, "
              f"{out[f'league_win_rate_{a_}v{b_}_ci95_high'] * 100:.1f}] over {out[f'league_matches_{a_}v{b_}']} "
              f"matches; points per hand {out[f'league_points_per_hand_{a_}v{b_}']}")


if __name__ == "__main__":
    main()
