"""Progress bars on a terminal only (DEVELOPERS.md command-line conventions):
`burako sim` and `burako rummy sim` draw one on a terminal's stderr, write
nothing there when piped, and print the same table on stdout either way."""
import os
import pty
import subprocess
import sys

import pytest

from host.progress import Progress

SIMS = [["sim", "--games", "3", "--seed", "1"],
        ["rummy", "sim", "--games", "3", "--seed", "1", "--hands", "1"]]


def cmd(args):
    return [sys.executable, "-m", "host.cli"] + args


def run_with_stderr_on_a_terminal(args):
    master, slave = pty.openpty()
    p = subprocess.run(cmd(args), stdout=subprocess.PIPE, stderr=slave, timeout=120)
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    return p, seen.decode()


@pytest.mark.parametrize("args", SIMS, ids=["sim", "rummy-sim"])
def test_sim_bar_on_a_terminal_and_silence_in_a_pipe(args):
    term, bar = run_with_stderr_on_a_terminal(args)
    piped = subprocess.run(cmd(args), capture_output=True, text=True, timeout=120)
    assert term.returncode == piped.returncode == 0
    assert "matches" in bar and "3/3" in bar and "#" * 24 in bar
    assert piped.stderr == ""
    # the table is the same (its last line is the timing)
    assert term.stdout.decode().splitlines()[:-1] == piped.stdout.splitlines()[:-1]


class Tty:
    def __init__(self, tty):
        self.tty, self.out = tty, []

    def isatty(self):
        return self.tty

    def write(self, s):
        self.out.append(s)

    def flush(self):
        pass


def test_bar_fills_in_proportion_and_ends_its_line():
    s = Tty(True)
    p = Progress("B", s)
    p("main.mpy", 512, 2048)
    p("main.mpy", 2048, 2048)
    assert "[######..................]" in s.out[0] and "512/2048 B" in s.out[0]
    assert s.out[1].endswith("2048/2048 B\n")
    quiet = Tty(False)
    Progress("B", quiet)("main.mpy", 1, 2)
    assert quiet.out == []
