"""Fuzz figures: every reader of outside input against many random inputs.

    .venv/bin/python benchmarks/fuzz_figures.py [--inputs 100000] [--only codec,keys] [--json]

For each reader of tests/fuzzkit.py (position codec, transcripts, saves, score
log, key scripts, and the `burako score`, `replay` and `meld` commands): the
inputs tried, the crashes (a traceback, a second stderr line, a wrong exit
status or a file written: must be 0) and inputs per second. Inputs are random
mutations of well-formed samples (80%) and random bytes (20%), from a fixed
seed so a crash is reproducible. Readers run in parallel, one process each.
With --json the last line is one flat JSON object: fuzz_<reader>_inputs,
fuzz_<reader>_crashes, fuzz_<reader>_inputs_per_s.
"""
import argparse
import json
import multiprocessing
import os
import random
import sys
import time
import traceback

import benchpath  # noqa: F401  (puts the checkout, tests/ and firmware/ on sys.path)
import fuzzkit


def run_reader(job):
    name, n, seed = job
    feed = fuzzkit.READERS[name]
    rng = random.Random(seed)
    base = fuzzkit.samples(name)
    crashes = 0
    first = None
    t0 = time.perf_counter()
    for i in range(n):
        if rng.random() < 0.8:
            data = fuzzkit.mutate(rng, rng.choice(base))
        else:
            data = bytes(rng.randrange(256) for _ in range(rng.randint(0, 96)))
        try:
            feed(data)
        except Exception:
            crashes += 1
            if first is None:
                first = (data[:200], traceback.format_exc(limit=4))
    dt = time.perf_counter() - t0
    return name, n, crashes, n / dt if dt else 0.0, first


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inputs", type=int, default=100000, help="inputs per reader (default 100000)")
    ap.add_argument("--only", default="", help="comma-separated readers: " + ",".join(fuzzkit.READERS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    names = [n for n in a.only.split(",") if n] or list(fuzzkit.READERS)
    for n in names:
        if n not in fuzzkit.READERS:
            ap.error(f"unknown reader {n!r}")
    jobs = [(n, a.inputs, a.seed * 1000 + i) for i, n in enumerate(names)]
    with multiprocessing.Pool(min(len(jobs), os.cpu_count() or 1)) as pool:
        results = pool.map(run_reader, jobs, chunksize=1)
    flat = {}
    if not a.json:
        print(f"{'reader':<12}{'inputs':>10}{'crashes':>9}{'inputs/s':>10}")
    for name, n, crashes, rate, first in results:
        flat[f"fuzz_{name}_inputs"] = n
        flat[f"fuzz_{name}_crashes"] = crashes
        flat[f"fuzz_{name}_inputs_per_s"] = round(rate)
        if not a.json:
            print(f"{name:<12}{n:>10}{crashes:>9}{round(rate):>10}")
        if first:
            print(f"{name}: first crash on {first[0]!r}\n{first[1]}", file=sys.stderr)
    if a.json:
        print(json.dumps(flat))
    return 1 if any(r[2] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
