"""`make bench`: every figure script in benchmarks/, one after another.

`python benchmarks/run.py` prints each script's readable report.
`python benchmarks/run.py --json` runs each script with `--json` and prints one
JSON object: the union of the flat objects the scripts print on their last
line (a script that does not take `--json` is skipped, and said so on stderr).
`--only NAME[,NAME]` runs the named scripts (`engine`, `link`, ...) only.

A script that exits non-zero (fuzz_figures.py when a reader crashed, any script
that failed) is named on stderr and makes run.py exit 1 after the others ran,
so `make bench` fails; with --json its figures are still merged when its last
line holds them.
"""
import argparse
import json
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))


def scripts(only, folder=here):
    for name in sorted(os.listdir(folder)):
        if name.endswith("_figures.py") and (not only or name[:-len("_figures.py")] in only):
            yield name


def main(argv=None, folder=here):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="one JSON object with every figure")
    ap.add_argument("--only", default="", help="comma-separated script names (engine, ui, ...)")
    a = ap.parse_args(argv)
    only = [s for s in a.only.split(",") if s]
    failed = []
    out = {}
    for name in scripts(only, folder):
        cmd = [sys.executable, os.path.join(folder, name)]
        if not a.json:
            print(f"== {name}", flush=True)
            r = subprocess.run(cmd, check=False)
        else:
            r = subprocess.run(cmd + ["--json"], capture_output=True, text=True, check=False)
            sys.stderr.write(r.stderr)
            lines = r.stdout.strip().splitlines()
            try:
                figs = json.loads(lines[-1]) if lines else None
            except ValueError:
                figs = None
            if isinstance(figs, dict):
                out.update(figs)
            else:
                print(f"run.py: {name} gave no JSON figures", file=sys.stderr)
        if r.returncode != 0:
            failed.append(f"{name} (exit {r.returncode})")
    if a.json:
        print(json.dumps(out, sort_keys=True))
    if failed:
        print("run.py: failed: " + ", ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
