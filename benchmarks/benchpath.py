"""What every figure script imports first, as a program run from anywhere (`python
benchmarks/x_figures.py`, where Python puts only benchmarks/ on sys.path): the checkout (host,
emulator), tests/ (the kits the figures share with the tests: uikit, hostile, devicekit ...) and,
through emulator/paths.py, firmware/ and the `micropython` shim. The tests get the same path from
pyproject.toml's pytest `pythonpath`."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(ROOT, "tests")
for _p in (TESTS, ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from emulator.paths import use_firmware  # noqa: E402  (the checkout is on sys.path only now)

use_firmware()
