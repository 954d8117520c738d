"""Hidden hands through the link session on the virtual Pico (docs/link.md "Hidden hands": "In
the session"): the built firmware flashed on a virtual Pico (rp2040js, `burako flash`) runs a
Link with hidden=True and its AI (tests/guests/hidden_session_pico.py) against a CPython
console with hidden hands on its UART0 wire (the host's wall clock). Prints RP2040 time (the
board's ticks_ms) of each hand's deal, each of the board's draws and each hand-end check, the
board's heap peak, and the match's end. Slow: every pow() is the emulated Cortex-M0+'s.

    nice -n 10 .venv/bin/python benchmarks/hidden_session_figures.py [--target 300] [--json]
    nice -n 10 .venv/bin/python benchmarks/hidden_session_figures.py --variant rummy --hands 1 --json
"""
import argparse
import json
import statistics
import sys
import tempfile
import time

from benchpath import ROOT  # noqa: F401  (the checkout on sys.path)


def run(target, max_s, image=None, nonce=0, variant="burako", hands=0):
    """((the board's lines, the CPython Console), None) or (None, why); image: a flash
    holding the built firmware (made here when None); nonce: 0 for the board's own entropy,
    else a seed of its nonces (the same deal every run)."""
    from devicekit import flashed_pico
    from emulator.runtimes import rp2040, wasi
    from hostile import SockEnd, WallClock
    from host.relay import Console

    why = rp2040.missing()
    if why:
        return None, why
    with tempfile.TemporaryDirectory(prefix="burako-hidden-session-") as d:
        if image is None:
            image, _ = flashed_pico(d)
        with rp2040.VPico(image, link="listen:0") as pico:
            pico.wait_event("usb")
            clock = WallClock()
            ai = None
            if variant == "rummy":
                from rummy.ai import RummyAI
                ai = RummyAI(1)
            peer = Console(SockEnd(pico.listening), clock, variant, target, 2, hidden=True, ai=ai)
            # (Console's board: a stream and a clock; the wall clock is the host's)
            rp2040.mpremote(pico.port, "exec", "--no-follow",
                            wasi.program("hidden_session_pico.py", TARGET=target, NONCE=nonce,
                                         VARIANT=variant, HANDS=hands))
            import os
            import select
            raw = b""
            lines = []
            stop = time.monotonic() + max_s
            while time.monotonic() < stop and "DONE" not in lines:
                clock.now = clock.ticks_ms()
                peer.step()
                while select.select([pico._slave], [], [], 0)[0]:
                    raw += os.read(pico._slave, 4096)
                *done, raw = raw.split(b"\n")
                lines += [x.decode(errors="replace").strip() for x in done]
                time.sleep(0.002)
    return (lines, peer), None


def figures(lines, peer):
    t = {}
    for ln in lines:
        if ln.startswith("T "):
            _, k, ms = ln.split()
            t.setdefault(k, []).append(int(ms))
    r = [x for x in lines if x.startswith("R ")]
    out = {"board_ms": {k: {"n": len(v), "median": statistics.median(v), "max": max(v)} for k, v in t.items()}}
    if r:
        f = r[-1].split()
        out.update({"count": int(f[1]), "state": int(f[2]), "reason": int(f[3]), "hands": int(f[4]),
                    "scores": [int(f[5]), int(f[6])], "board_heap_peak": int(f[7]), "board_mem_free": int(f[8])})
    out["peer"] = {"count": peer.link.count, "reason": peer.link.reason, "scores": peer.link.game and peer.link.game.scores}
    out["errors"] = [x for x in lines if "Error" in x or "Traceback" in x][:5]
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--target", type=int, default=300, help="the match's target (default 300: a hand or two)")
    ap.add_argument("--max-s", type=int, default=3600, help="wall-clock limit, seconds")
    ap.add_argument("--nonce", type=int, default=0,
                    help="seed the board's nonces (0: its own entropy) to replay one deal")
    ap.add_argument("--variant", default="burako", choices=("burako", "torneo", "burraco", "rummy"))
    ap.add_argument("--hands", type=int, default=0, help="stop once this many hands are counted (0: the match's end)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    if a.variant == "rummy" and a.target == 300:
        a.target = 0                    # (Rummy's match is R13.9's hands, no target)
    got, why = run(a.target, a.max_s, nonce=a.nonce, variant=a.variant, hands=a.hands)
    if got is None:
        print("virtual Pico unavailable: " + why, file=sys.stderr)
        return 2
    f = figures(*got)
    print(json.dumps(f, indent=1) if a.json else f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
