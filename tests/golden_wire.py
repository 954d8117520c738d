"""The link protocol on the wire (tests/golden/wire/): every write two consoles made on the cable
in short linked matches, both directions, kept whole (base64 per write, with its millisecond): two
link sessions (link/session.py Link, host/relay.py's Console and duel(): an AI each, nonces from
fixed seeds, a simulated clock ticking 5 ms) on an in-memory cable without faults. Burako and
Rummy israeli, the open deal and hidden hands.

    python tests/golden.py record --kind wire
    python tests/golden.py check --kind wire

The UI's linked key paths (tests/golden/scripts/link_*.json) keep the SHA-256 of what each
console wrote too (their frame records' "wire")."""
from __future__ import annotations

import base64
import json
import os

import golden

WIRE = os.path.join(golden.GOLDEN, "wire")

# name: (variant, target, hidden, moves: stop once the first console has made this many (0: the end))
MATCHES = {
    "burako_open": ("burako", 300, False, 0),
    "burako_hidden": ("burako", 300, True, 12),
    "rummy_open": ("rummy", 0, False, 80),
    "rummy_hidden": ("rummy", 0, True, 12),
}


def play(name):
    """[(ms, "ab" or "ba", bytes)] of one match, in the order written."""
    from host.relay import Cable, Console, SimClock, duel

    variant, target, hidden, moves = MATCHES[name]
    with golden.fresh_firmware():
        clock = SimClock(1000)
        cable = Cable(clock)
        log = []
        for way, wire in (("ab", cable.ab), ("ba", cable.ba)):
            write = wire.write

            def tapped(data, write=write, way=way):
                log.append((clock.now, way, bytes(data)))
                return write(data)
            wire.write = tapped
        kw = {"hidden": True} if hidden else {}

        def ai():
            if variant != "rummy":
                return None         # (host/relay.py Console's: ai.basic.BasicAI())
            from rummy.ai import RummyAI
            return RummyAI(2)
        a = Console(cable.a, clock, variant, target, 3, ai=ai(), **kw)
        b = Console(cable.b, clock, variant, target, 4, ai=ai(), **kw)
        until = (lambda a, b, clock: a.link.count >= moves) if moves else None
        duel(consoles=(a, b), clock=clock, cable=cable, until=until)
    return log


def record():
    os.makedirs(WIRE, exist_ok=True)
    for name in MATCHES:
        log = play(name)
        with open(os.path.join(WIRE, name + ".json"), "w") as f:
            f.write("[\n" + ",\n".join(json.dumps([ms, way, base64.b64encode(d).decode()])
                                     for ms, way, d in log) + "\n]\n")


def recorded(name):
    with open(os.path.join(WIRE, name + ".json")) as f:
        return [(ms, way, base64.b64decode(d)) for ms, way, d in json.load(f)]


def check(names=None):
    out = []
    for name in names or MATCHES:
        want = recorded(name)
        got = play(name)
        if got != want:
            out.append("wire: %s: %s" % (name, first_difference(want, got)))
    return out


def first_difference(want, got):
    for i, (w, g) in enumerate(zip(want, got)):
        if w != g:
            return "write %d differs: recorded %s at %d ms: %s, now %s at %d ms: %s" % (
                i, w[1], w[0], w[2].hex(), g[1], g[0], g[2].hex())
    return "recorded %d writes, now %d" % (len(want), len(got))
