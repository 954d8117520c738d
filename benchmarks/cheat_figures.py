"""Each attack of a cheating peer under hidden hands (issue 33; docs/link.md "A cheating peer"):
its outcome on an honest console (the reason the link ended with, which names what the peer did; by_peer, docs/link.md
"States": the link ended on the peer's doing without a cheat being proven, e.g. its silence;
the moves and saves the victim made after the cheat) and the time from
the cheat to the link's end, in the link's
own clock (milliseconds of connected time, tests/hostile.py's simulated clock: the silence limits
are counted in it). The attacker is a real console with real keys speaking the real protocol
(tests/cheats.py); the victim a CPython console, or (--micropython) the same inside the WASI
MicroPython at the device's heap.

    .venv/bin/python benchmarks/cheat_figures.py [--micropython] [--json]
"""
import argparse
import json
import sys

import benchpath  # noqa: F401  (the checkout, tests/ and firmware/ on sys.path)
import cheats
import hostile
from link import hidden
from link import msg
from link import session

# (name, scenario, the deal's seed for the seat the attack needs (tests/test_link_cheats.py SEAT),
#  hidden hands)
ATTACKS = (
    ("unasked_open", cheats.unasked_open, None, True),
    ("chosen_draw", cheats.chosen_draw, None, True),
    ("deck_copy", cheats.deck_copy, 1, True),
    ("tagged_element", cheats.tagged_element, 0, True),
    ("stall_deal_seal", cheats.stall("deal", "seal"), None, True),
    ("stall_draw_seal", cheats.stall("draw", "seal"), None, True),
    ("stall_key_ask", cheats.stall("key", "ask"), None, True),
    ("catch_up_stall_hidden", cheats.catch_up_stall, None, True),
    ("catch_up_stall_open", cheats.catch_up_stall, None, False),
    ("refused_log_hidden", cheats.refused_log, None, True),
    ("refused_log_open", cheats.refused_log, None, False),
    ("no_commit_open", cheats.no_commit, None, False),
)
SEAT = {("cpython", 0): 3, ("cpython", 1): 1, ("micropython", 0): 1, ("micropython", 1): 3}


def figures(victim):
    out = {}
    for name, scen, role, hidden_hands in ATTACKS:
        seed = 1 if role is None else SEAT[(victim, role)]
        kw = {"heap": 196608} if victim == "micropython" and hidden_hands else {}
        o, atk, clock, (before, took) = hostile.drive(scen, victim, seed=seed, hidden=hidden_hands, **kw)
        count, log, saves = before
        out[name] = {
            "state": session.STATE_NAMES[o.state], "reason": session.REASON_NAMES[o.reason],
            "why": hidden.WHY_NAMES[o.why] if o.reason == msg.R_HIDDEN else "",
            "by_peer": bool(o.by_peer),
            "ms_to_end": took,
            "moves_after": o.count - count, "log_kept": o.log[:len(log)] == log,
            "saves_after": o.saves - saves}
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--micropython", action="store_true", help="the victim inside the WASI MicroPython")
    ap.add_argument("--json", action="store_true", help="end with one JSON object")
    a = ap.parse_args(argv)
    victim = "micropython" if a.micropython else "cpython"
    fig = figures(victim)
    for name, f in fig.items():
        print(f"{name:22} {f['reason']:19} {f['why']:21} ended by {f['ended_by']:12} "
              f"{f['ms_to_end']:>6} ms  moves after {f['moves_after']}, saves after {f['saves_after']}")
    if a.json:
        print(json.dumps({"victim": victim, "attacks": fig}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
