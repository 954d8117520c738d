"""`burako replay`: check a match transcript move by move (engine/transcript.py); exit 1 at
the first illegal move, with the position before it."""
from __future__ import annotations

from engine import transcript
from host import show
from host.args import UsageError, read_input


def add_parser(sub):
    r = sub.add_parser("replay", help="check a transcript move by move")
    r.add_argument("file", metavar="FILE", help="transcript file, or - for stdin")
    r.set_defaults(func=run)
    return r


def run(a):
    lines = read_input(a.file).splitlines()
    head, _, err = transcript.read(lines)
    if err:
        raise UsageError(f"{a.file}: {err}")   # not a transcript: bad input, not a bad move
    g, err = transcript.replay(lines)
    if g is None:
        raise UsageError(f"{a.file}: {err}")
    if err:
        print(show.position(g))
        print(f"illegal move at {err}")
        return 1
    print(show.position(g))
    return 0
