"""`make bench`: every figure script in benchmarks/, one after another."""
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
for name in sorted(os.listdir(here)):
    if name.endswith("_figures.py"):
        print(f"== {name}", flush=True)
        subprocess.run([sys.executable, os.path.join(here, name)], check=False)
