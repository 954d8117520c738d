"""`make bench`: every figure script in benchmarks/, one after another.

`python benchmarks/run.py` prints each script's readable report.
`python benchmarks/run.py --json` runs each script with `--json` and prints one
JSON object: the union of the flat objects the scripts print on their last
line (a script that does not take `--json` is skipped, and said so on stderr).
`--only NAME[,NAME]` runs the named scripts (`engine`, `link`, ...) only.
"""
import argparse
import json
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))


def scripts(only):
    for name in sorted(os.listdir(here)):
        if name.endswith("_figures.py") and (not only or name[:-len("_figures.py")] in only):
            yield name


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="one JSON object with every figure")
    ap.add_argument("--only", default="", help="comma-separated script names (engine, ui, ...)")
    a = ap.parse_args()
    only = [s for s in a.only.split(",") if s]
    if not a.json:
        for name in scripts(only):
            print(f"== {name}", flush=True)
            subprocess.run([sys.executable, os.path.join(here, name)], check=False)
        return 0
    out = {}
    for name in scripts(only):
        r = subprocess.run([sys.executable, os.path.join(here, name), "--json"],
                           capture_output=True, text=True, check=False)
        lines = r.stdout.strip().splitlines()
        try:
            figs = json.loads(lines[-1]) if r.returncode == 0 and lines else None
        except ValueError:
            figs = None
        if not isinstance(figs, dict):
            print(f"run.py: {name} gave no JSON figures (exit {r.returncode})", file=sys.stderr)
            continue
        out.update(figs)
    print(json.dumps(out, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
