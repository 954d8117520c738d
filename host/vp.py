"""`burako vp`: Match Points and Victory Points of two final totals (burraco, seed 001)."""
from __future__ import annotations

import json

from engine import score
from host.args import whole


def add_parser(sub):
    v = sub.add_parser("vp", help="Match Points and Victory Points of two final totals (burraco, seed 001)")
    v.add_argument("a", type=whole(-10 ** 6, 10 ** 6, "side A's total"), metavar="A")
    v.add_argument("b", type=whole(-10 ** 6, 10 ** 6, "side B's total"), metavar="B")
    v.add_argument("--json", action="store_true")
    v.set_defaults(func=run)
    return v


def run(a):
    mp_a, mp_b, vp_a, vp_b = score.match_points(a.a, a.b)
    if a.json:
        print(json.dumps({"mp": [mp_a, mp_b], "vp": [vp_a, vp_b]}))
    else:
        print(f"A: {mp_a:+d} MP, {vp_a} VP")
        print(f"B: {mp_b:+d} MP, {vp_b} VP")
    return 0
