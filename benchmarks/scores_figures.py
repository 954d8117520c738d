"""Figures for the score history: reading and merging a 1,000-match log, then
`burako scores show` and `burako scores plot` on a 10,000-match history of three consoles, timed
through the real command line (a fresh process each, as a player runs them).

    .venv/bin/python benchmarks/scores_figures.py [--json] [--matches 10000] [--png docs/scores-plot.png]

The logs are a family league made up by league() below: three consoles (a family's, a
neighbour's, a school's), players with names, the AI at levels 1-3, Burako, Burraco and Rummy
israeli, and linked matches between two consoles (logged on both, each with its own seat).
Pulling a log off a real (or virtual) console is timed by benchmarks/host_figures.py
(host_pull_1000_s): this script times what follows the copy.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchpath import ROOT
import scorelog

from host import history

CONSOLES = {"usb:E6614C311B6A9F2C": ("ANA", "TEO", "LUZ"), "usb:E6614864D3479A25": ("BEA", "MAX"),
            "usb:E66138935F4C5B24": ("SOL", "IVO", "NOA")}
SKILL = {"ANA": 0.7, "TEO": 0.45, "LUZ": 0.55, "BEA": 0.6, "MAX": 0.4, "SOL": 0.5, "IVO": 0.65, "NOA": 0.35}
AI_SKILL = {1: 0.3, 2: 0.5, 3: 0.65}


def _hands(rng, variant, nsides, winner):
    """Per-hand scores of a match `winner` wins: Burako/Burraco points (higher wins), Rummy
    penalty points (the winner's total the lowest)."""
    if variant == "rummy":
        n = rng.randint(3, 9)
        hands = [[rng.choice((0, rng.randint(5, 80))) for _ in range(nsides)] for _ in range(n)]
        final = [sum(h[s] for h in hands) for s in range(nsides)]
        if final[winner] > min(final):
            j = final.index(min(final))
            for h in hands:
                h[winner], h[j] = h[j], h[winner]
            final = [sum(h[s] for h in hands) for s in range(nsides)]
        if final.count(final[winner]) > 1:
            hands[0][winner] = max(0, hands[0][winner] - 1)
            for s in range(nsides):
                if s != winner:
                    hands[-1][s] += 1
            final = [sum(h[s] for h in hands) for s in range(nsides)]
        return hands, final
    n = rng.randint(2, 7)
    hands = [[rng.randint(-150, 900) for _ in range(nsides)] for _ in range(n)]
    final = [sum(h[s] for h in hands) for s in range(nsides)]
    other = 1 - winner
    if final[winner] <= final[other]:
        hands[-1][winner] += final[other] - final[winner] + rng.randint(5, 300)
        final = [sum(h[s] for h in hands) for s in range(nsides)]
    return hands, final


def league(n, seed=21):
    """{console: [record, ...]} of n matches (a linked match is one match, logged twice)."""
    rng = random.Random(seed)
    logs = {c: [] for c in CONSOLES}
    consoles = list(CONSOLES)
    mid = 1
    for _ in range(n):
        variant = rng.choices(("burako", "burraco", "rummy"), (6, 3, 2))[0]
        kind = rng.choices(("ai", "people", "four", "linked"), (6, 2, 1, 2))[0]
        if variant == "rummy" and kind == "four":
            kind = "ai"
        c = rng.choice(consoles)
        fam = CONSOLES[c]
        level = rng.randint(1, 3)
        if kind == "linked":
            d = rng.choice([x for x in consoles if x != c])
            a, b = rng.choice(fam), rng.choice(CONSOLES[d])
            p = SKILL[a] / (SKILL[a] + SKILL[b])
            w = 0 if rng.random() < p else 1
            hands, final = _hands(rng, variant, 2, w)
            base = {"variant": variant, "seats": "HH", "hands": hands, "final": final, "winner": w,
                    "id": (seed << 40) + mid}
            mid += 1
            logs[c].append(dict(base, own_seats=[0]))      # no names over the link yet
            logs[d].append(dict(base, own_seats=[1]))
            continue
        if kind == "four":
            ppl = rng.sample(fam, 2) if len(fam) > 1 else [fam[0], fam[0]]
            seats, names = "HAHA", [ppl[0], None, ppl[1], None]
            sk = [(SKILL[ppl[0]] + SKILL[ppl[1]]) / 2, AI_SKILL[level]]
        elif kind == "people":
            ppl = rng.sample(fam, 2)
            seats, names = "HH", ppl
            sk = [SKILL[ppl[0]], SKILL[ppl[1]]]
        else:
            who = rng.choice(fam)
            seats, names = "HA", [who, None]
            sk = [SKILL[who], AI_SKILL[level]]
        nsides = 2
        if variant == "rummy":
            extra = rng.randint(0, 2)
            seats += "A" * extra
            names += [None] * extra
            sk += [AI_SKILL[level]] * extra
            nsides = len(seats)
        w = rng.choices(range(nsides), sk)[0]
        hands, final = _hands(rng, variant, nsides, w)
        rec = {"variant": variant, "seats": seats, "hands": hands, "final": final, "winner": w,
               "id": rng.getrandbits(64), "own_seats": list(range(len(seats)))}
        if any(names):
            rec["names"] = names
        if "A" in seats:
            rec["level"] = level
        logs[c].append(rec)
    return logs


def write_logs(logs, folder):
    """Each console's scores.log, as the console writes it (seq from 0): {console: path}."""
    out = {}
    for i, (c, recs) in enumerate(logs.items()):
        p = Path(folder) / f"console{i}.log"
        buf = bytearray()
        for seq, r in enumerate(recs):
            buf += scorelog.encode(dict(r, seq=seq))
        p.write_bytes(bytes(buf))
        out[c] = p
    return out


def cli(*argv, env):
    t = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "host.cli", *argv], cwd=ROOT, env=env, capture_output=True, text=True)
    dt = time.perf_counter() - t
    if p.returncode:
        raise SystemExit(f"scores_figures: {' '.join(argv)} failed: {p.stderr.strip()}")
    return dt, p.stdout


def main(argv=None):
    ap = argparse.ArgumentParser(description="figures for the score history")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--matches", type=int, default=10000)
    ap.add_argument("--png", default=None, help="also keep the 10,000-match plot here")
    a = ap.parse_args(argv)
    if a.matches < 1:
        print("scores_figures: --matches must be at least 1", file=sys.stderr)
        return 2
    fig = {}
    with tempfile.TemporaryDirectory(prefix="burako-scores-fig-") as tmp:
        tmp = Path(tmp)
        # one console's 1,000-match log: read (firmware/scorelog.py), then merged into a history
        one = tmp / "one.log"
        buf = bytearray()
        recs = [r for rs in league(3000, seed=5).values() for r in rs][:1000]
        for seq, r in enumerate(recs):
            buf += scorelog.encode(dict(r, seq=seq))
        one.write_bytes(bytes(buf))
        fig["log_1000_bytes"] = one.stat().st_size
        t0 = time.perf_counter()
        got, problems = scorelog.read(str(one))
        t1 = time.perf_counter()
        h = history.History.open(tmp / "one.sqlite")
        new, known = h.merge(got, "usb:bench")
        t2 = time.perf_counter()
        again = h.merge(got, "usb:bench")
        t3 = time.perf_counter()
        h.close()
        assert len(got) == 1000 and not problems and new == 1000 and again == (0, 1000)
        fig["read_1000_s"] = round(t1 - t0, 3)
        fig["merge_1000_s"] = round(t2 - t1, 3)
        fig["merge_1000_again_s"] = round(t3 - t2, 3)
        env = dict(os.environ, BURAKO_HISTORY=str(tmp / "cli.sqlite"))
        fig["cli_pull_file_1000_s"] = round(cli("scores", "pull", "--file", str(one), env=env)[0], 2)

        # three consoles, a.matches matches, pulled through the command line
        logs = league(a.matches)
        paths = write_logs(logs, tmp)
        env = dict(os.environ, BURAKO_HISTORY=str(tmp / "big.sqlite"))
        pull_s = 0.0
        for c, p in paths.items():
            pull_s += cli("scores", "pull", "--file", str(p), "--console", c, env=env)[0]
        fig["matches"] = a.matches
        fig["records_in_logs"] = sum(len(r) for r in logs.values())
        fig["cli_pull_3_logs_s"] = round(pull_s, 2)
        dt, out = cli("scores", "show", env=env)
        fig["cli_show_s"] = round(dt, 2)
        dt, out = cli("scores", "show", "--json", env=env)
        fig["cli_show_json_s"] = round(dt, 2)
        s = json.loads(out)
        assert s["matches"] == a.matches
        png = Path(a.png) if a.png else tmp / "plot.png"
        dt, _ = cli("scores", "plot", "--out", str(png), env=env)
        fig["cli_plot_png_s"] = round(dt, 2)
        fig["plot_png_bytes"] = png.stat().st_size
        dt, _ = cli("scores", "plot", "--out", str(tmp / "plot.svg"), env=env)
        fig["cli_plot_svg_s"] = round(dt, 2)
        dt, _ = cli("--help", env=env)
        fig["cli_help_s"] = round(dt, 2)     # the command's own start-up, for scale
        fig["history_bytes"] = (tmp / "big.sqlite").stat().st_size
    fig = {f"scores_{k}": v for k, v in fig.items()}     # one namespace in `make bench`'s JSON
    if a.json:
        print(json.dumps(fig))
    else:
        for k, v in fig.items():
            print(f"{k:31} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
