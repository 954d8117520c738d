# Whole matches between AIs of chosen levels (burako sim --levels): selfplay's
# steps with one AI level per side, the same code on CPython and MicroPython.
# Level 4's own random numbers are seeded per match and seat (seed * 4 +
# seat, as burako league does), never from the deal.
from ai.selfplay import steps as _steps
from ai import make


def players(nplayers, seed, levels):
    """One AI per seat: side s plays levels[s] (partners sit opposite)."""
    return [make(levels[p % 2], seed * 4 + p) for p in range(nplayers)]


def steps(variant, nplayers, seed, target, levels, emit=None, mark=None):
    return _steps(variant, nplayers, seed, target, emit, mark, players(nplayers, seed, levels))
