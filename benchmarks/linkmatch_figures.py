"""Figures of a linked 1v1 match played through the firmware UI.

    .venv/bin/python benchmarks/linkmatch_figures.py [--json] [--matches N] [--target T]
                                                     [--damage P] [--seed S] [--variant V]

* peak heap of a whole linked match with one console inside real MicroPython
  (WASI, -X heapsize=196608, the harness's limit for a whole console; if it does
  not fit, mp_fits_196608 is 0 and no peak is given: a larger heap traps the WASI
  build): the firmware UI, engine, AI and link, sampled
  as in emulator/runner.py (gc.mem_alloc() before each between-frame
  collection); the other console is a CPython App on the host stepped once
  per guest frame, the cable in memory between them (host/relay.py's fault
  model, P of the bytes dropped and P flipped each way; default 1 % + 1 %)
* bytes on the wire per match (both directions) and retransmissions per match
  on that damaged cable, over N matches between two CPython Apps (the same
  cable, the same virtual clock), and on a clean cable for comparison
* the protocol's own figures (bytes a move, heap of the link layer alone) are
  benchmarks/link_figures.py's
* --variant rummy: a linked Rummy israelí match (ui/cable.py, rummy/play.py, four hands,
  the AI level 1 at each console's seat): the same figures
"""
import argparse
import json
import os
import sys
import tempfile
import time

import benchpath  # noqa: F401  (puts the checkout, tests/ and firmware/ on sys.path)
from emulator import runner
from emulator.board import FRAME_MS, EmuBoard, VirtualClock
from host.relay import Cable, Faults
from link import entropy
from ui.app import App

HEAP = 196608       # the WASI harness's whole-console limit (262144 traps the WASI build)


def _seed_entropy(seed):
    import random

    r = random.Random(seed)
    entropy.random_bytes = lambda n: bytes(r.randrange(256) for _ in range(n))


def _cable(clock, damage, seed):
    if not damage:
        return Cable(clock)
    return Cable(clock, Faults(drop=damage, flip=damage, seed=seed),
                 Faults(drop=damage, flip=damage, seed=seed + 1))


VARIANT = ["burako"]


def _history(app):
    """The linked match's hands as lists (its Play's game: ui/cable.py)."""
    return [list(h) for h in app.cable.play.game.history]


def _app(tmp, name, end, clock, target):
    b = EmuBoard(os.path.join(tmp, name), clock=clock)
    b.link = end
    return App(b, autoplay=True, ai_ms=0, target=target, link=True, variant=VARIANT[0])


def cpython_match(target, damage, seed, tmp):
    """Two CPython Apps, one match: (bytes both ways, resends, moves, frames)."""
    _seed_entropy(seed)
    clock = VirtualClock()
    clock.now = 1000
    cable = _cable(clock, damage, seed)
    a = _app(tmp, "a%d" % seed, cable.a, clock, target)
    b = _app(tmp, "b%d" % seed, cable.b, clock, target)
    frames = 0
    while not (a.over() and b.over()):
        clock.now += FRAME_MS
        a.step(clock.ticks_ms())
        b.step(clock.ticks_ms())
        frames += 1
        if frames > 2_000_000:
            raise RuntimeError("the match did not end")
    la, lb = a.cable.link, b.cable.link
    sa, sb = la.stats(), lb.stats()
    assert _history(a) == _history(b) and la.match_id == lb.match_id
    return (sa["bytes_out"] + sb["bytes_out"], sa["resends"] + sb["resends"],
            la.count, frames, len(_history(a)))


class _HostEnd:
    """The host's end of the guest's cable; each guest frame's pacing call
    (runner: link.wait) steps the CPython console one frame instead."""

    def __init__(self, end, clock, peer):
        self.end, self.clock, self.peer = end, clock, peer

    def write(self, d):
        return self.end.write(d)

    def read(self, n):
        return self.end.read(n)

    def any(self):
        return self.end.any()

    def wait(self, seconds):
        self.clock.now += FRAME_MS
        self.peer.step(self.clock.ticks_ms())


def micropython_match(target, damage, seed, tmp, heap=None):
    _seed_entropy(seed)
    clock = VirtualClock()
    clock.now = 1000
    cable = _cable(clock, damage, seed)
    peer = _app(tmp, "peer", cable.b, clock, target)
    host = _HostEnd(cable.a, clock, peer)
    opts = {"autoplay": True, "ai_ms": 0, "target": target, "link": True, "variant": VARIANT[0],
            "nonce_seed": seed * 7919}      # the guest's nonces too: the same match every run
    t0 = time.monotonic()
    _, st = runner.run_micropython(opts, os.path.join(tmp, "guest"), runner.Feeder((), None, True),
                                   heap=heap or HEAP, link=host)
    wall = time.monotonic() - t0
    n = 0
    while not peer.over() and n < 100_000:       # the guest is gone: the peer settles
        host.wait(0)
        n += 1
    hist = st["rummy"]["history"] if "rummy" in st else st["history"]
    assert hist == _history(peer), "the two consoles differ"
    link = peer.cable.link
    assert st["link"]["match_id"] == "".join("%02x" % x for x in link.match_id)
    return st, link.stats(), wall


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--matches", type=int, default=6, help="CPython matches for the wire figures")
    ap.add_argument("--target", type=int, default=0, help="target score (0: the variant's)")
    ap.add_argument("--damage", type=float, default=0.01,
                    help="probability a byte is dropped, and that one is flipped (each way)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", default="burako", choices=("burako", "torneo", "burraco", "rummy"))
    a = ap.parse_args(argv)
    VARIANT[0] = a.variant
    out = {}
    with tempfile.TemporaryDirectory(prefix="linkmatch-") as tmp:
        from emulator.runtimes import wasi

        out["mp_heap_limit_bytes"] = HEAP
        try:
            st, peer, wall = micropython_match(a.target, a.damage, a.seed, tmp)
            out["mp_fits_196608"] = 1
        except wasi.GuestMemoryError:
            out["mp_fits_196608"] = 0       # (no larger heap to measure its peak under)
            st = None
        if st is not None:
            out["mp_peak_heap_bytes"] = st["peak_heap_bytes"]
            out["mp_heap_after_boot_bytes"] = st["heap_after_boot"]
            out["mp_match_moves"] = st["link"]["moves"]
            out["mp_match_hands"] = len((st["rummy"] if "rummy" in st else st)["history"])
            out["mp_match_wall_s"] = round(wall, 1)
            out["mp_match_bytes_on_wire"] = st["link"]["bytes_sent"] + peer["bytes_out"]
            out["mp_match_retransmits"] = st["link"]["retransmits"] + peer["resends"]
        for label, damage in (("damaged", a.damage), ("clean", 0.0)):
            rows = [cpython_match(a.target, damage, a.seed * 1000 + i, tmp) for i in range(a.matches)]
            n = len(rows)
            out[f"{label}_bytes_per_match"] = round(sum(r[0] for r in rows) / n)
            out[f"{label}_retransmits_per_match"] = round(sum(r[1] for r in rows) / n, 1)
            out[f"{label}_moves_per_match"] = round(sum(r[2] for r in rows) / n, 1)
            out[f"{label}_hands_per_match"] = round(sum(r[4] for r in rows) / n, 2)
            out[f"{label}_bytes_per_move"] = round(sum(r[0] for r in rows) / sum(r[2] for r in rows), 1)
        out["damage_per_byte"] = a.damage
        out["matches"] = a.matches
        out["target"] = a.target
        out["variant"] = a.variant
    if a.json:
        print(json.dumps(out, sort_keys=True))
    else:
        for k, v in sorted(out.items()):
            print(f"{k:<34} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
