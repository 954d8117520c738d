"""The linter over the whole checkout (pyproject.toml [tool.ruff]): names undefined, unused or
redefined, and pycodestyle's errors. Its findings are the failure message."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_ruff_finds_nothing():
    r = subprocess.run([sys.executable, "-m", "ruff", "check", "--output-format", "concise", "--no-cache",
                        ROOT], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
