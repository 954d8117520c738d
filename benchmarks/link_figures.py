"""Figures for the link cable (firmware/link/, docs/link.md).

    .venv/bin/python benchmarks/link_figures.py [--matches N] [--json]

On the in-memory cable of host/relay.py (simulated clock, AI against AI):
bytes per move and per match on a clean cable, with the AIs answering at once
(acks ride on the answer) and at a human pace (every move waits 2 s, so each
move frame gets its own ack and heartbeats run); the heartbeat's idle traffic;
resends and bytes per match with 2 % of bytes damaged. The modelled turn
latency at 115200 baud (8N1: 10 bits a byte) of a typical move frame and its
ack. Inside real MicroPython (WASI): heap allocated by importing the link
modules, by constructing a Link, by one move exchange, and the fuel of
checking one peer move; the .mpy size of firmware/link. Rummy israeli
(variant 3, rummy/moves.py): bytes per move and the largest move frame
over AI matches (rummy/ai.py), and inside MicroPython the heap its link layer
takes and a Rummy Link holds (with Burako's modules never imported). With
--json the last line is one flat JSON object (link_* keys).
"""
import argparse
import json
import time

import benchpath  # noqa: F401  (puts the checkout, tests/ and firmware/ on sys.path)
from host.relay import Cable, Console, Faults, SimClock, duel
from link import frame as link_frame
from rummy import moves as moves_rummy
from link import session
from link import transport

BAUD = 115200


def _bytes(a, b):
    return a.link.stats()["bytes_out"] + b.link.stats()["bytes_out"]


def instant(variant, seeds, faults=None):
    out = []
    for s in seeds:
        f = (faults(s), faults(s + 1000)) if faults else (None, None)
        a, b, clock, _ = duel(variant, 0, s, faults=f)
        assert a.link.reason == b.link.reason == session.R_MATCH_OVER
        out.append({"moves": a.link.count, "bytes": _bytes(a, b), "ms": clock.now,
                    "resends": a.link.stats()["resends"] + b.link.stats()["resends"]})
    return out


def paced(variant, seed, think_ms=2000):
    """Each console waits think_ms before each of its moves."""
    clock = SimClock(1000)
    cable = Cable(clock)
    a = Console(cable.a, clock, variant, 0, seed * 2 + 1)
    b = Console(cable.b, clock, variant, 0, seed * 2 + 2)
    last = {"n": -1, "t": 0}
    while not (a.link.state == session.ENDED and b.link.state == session.ENDED and a.link.idle() and b.link.idle()):
        clock.now += 10
        n = a.link.count
        if n != last["n"]:
            last["n"], last["t"] = n, clock.now
        go = clock.now - last["t"] >= think_ms
        a.step(go)
        b.step(go)
    return {"moves": a.link.count, "bytes": _bytes(a, b), "ms": clock.now}


def idle_bytes_per_s():
    a, b, clock, cable = duel("burako", 0, 1, until=lambda a, b, c: a.link.count >= 2 and a.link.idle())
    a.playing = b.playing = False
    before = _bytes(a, b)
    duel(consoles=(a, b), clock=clock, cable=cable, until=lambda *_: False, max_ms=60_000)
    return (_bytes(a, b) - before) / 60.0


def repair_seconds(damage):
    """Simulated seconds from a corrupted position to both consoles playing
    again, 400 moves into a match, with `damage` of the bytes flipped."""
    f = (Faults(flip=damage, seed=3), Faults(flip=damage, seed=4))
    a, b, clock, cable = duel("burako", 0, 2, faults=f, until=lambda a, b, c: a.link.count >= 400)
    b.link.game.scores[0] += 50
    t0 = clock.now
    duel(consoles=(a, b), clock=clock, cable=cable,
         until=lambda a, b, c: a.link.repairs + b.link.repairs >= 1 and a.link.syncing is None
         and b.link.syncing is None and a.link.state == b.link.state == session.PLAYING)
    return (clock.now - t0) / 1000.0, len(a.link.log)


def rummy_matches(seeds, levels=(2, 2)):
    """Rummy AI matches on a clean cable: (moves, bytes both ways, the longest
    move's bytes, the largest MOVE frame on the wire, its frame bytes)."""
    from rummy.ai import RummyAI

    out = []
    for s in seeds:
        clock = SimClock(1000)
        cable = Cable(clock)
        a = Console(cable.a, clock, "rummy", 0, s * 2 + 1, ai=RummyAI(levels[0]))
        b = Console(cable.b, clock, "rummy", 0, s * 2 + 2, ai=RummyAI(levels[1]))
        duel(consoles=(a, b), clock=clock, cable=cable)
        assert a.link.reason == b.link.reason == session.R_MATCH_OVER
        log = a.link.log
        i = 0
        longest = 0
        while i < len(log):
            _, j = moves_rummy.get_move(log, i, len(log))
            longest = max(longest, j - i)
            i = j
        # a MOVE: type ply:2 digest:4 + the move; a DATA frame around it
        frame = len(link_frame.Encoder().build(2, 0, 0, bytes(7 + longest)))
        out.append({"moves": a.link.count, "bytes": _bytes(a, b), "longest": longest, "frame": frame,
                    "log": len(log)})
    return out


# the guests (tests/guests/): each joins its engine's preload, the shared consoles and its run;
# the three files are read as one program, in this order, as the figures were measured
GUEST_RUMMY_HEAP = ("link_rummy_heap_preload.py", "link_consoles.py", "link_rummy_heap.py")
GUEST_HEAP = ("link_heap_preload.py", "link_consoles.py", "link_heap.py")


def guest_rummy_figures():
    """Inside MicroPython: importing link/ for Rummy, one Rummy Link (its game
    module and position codec included), a Link 120 moves in (game, log,
    position kept), the most a move exchange allocates."""
    from emulator.runtimes import wasi

    res = wasi.Guest(heap=192 * 1024).run(wasi.program(GUEST_RUMMY_HEAP))
    h = [x for x in res.lines if x.startswith("H ")][-1].split()[1:]
    assert h[6] == "-", "a Burako module was imported by a Rummy link: " + h[6]
    return {"import_bytes": int(h[0]), "construct_kept_bytes": int(h[1]), "link_kept_120_moves_bytes": int(h[2]),
            "exchange_alloc_max_bytes": int(h[3]), "log_bytes_120_moves": int(h[5])}


def guest_figures():
    from emulator.runtimes import wasi

    fuel = []
    st = {}

    def on_line(text, f):
        c = text[:1]
        if c == "P":
            st["p"] = f
        elif c == "p":
            fuel.append(f - st["p"])
        elif c == "H":
            st["h"] = [int(x) for x in text.split()[1:]]

    res = wasi.Guest(heap=192 * 1024).run(wasi.program(GUEST_HEAP), on_line=on_line)
    h = st["h"]
    sizes = wasi.mpy_sizes(wasi.compile_firmware())
    return {"import_bytes": h[0], "construct_alloc_bytes": h[1], "construct_kept_bytes": h[2],
            "exchange_alloc_bytes": h[3], "exchange_kept_bytes": h[4], "exchange_alloc_max_bytes": h[5],
            "receive_poll_fuel_max": max(fuel), "mpy_bytes": sizes.get("link", 0),
            "guest_fuel": res.fuel}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--matches", type=int, default=6)
    ap.add_argument("--json", action="store_true", help="end with one flat JSON object")
    a = ap.parse_args()
    flat = {}
    seeds = list(range(1, a.matches + 1))
    t0 = time.perf_counter()
    for variant in ("burako", "torneo"):
        r = instant(variant, seeds)
        moves = sum(x["moves"] for x in r)
        byts = sum(x["bytes"] for x in r)
        print(f"{variant}, AI answering at once, {len(r)} matches: {byts / moves:.1f} bytes a move, "
              f"{byts / len(r):.0f} bytes a match ({moves / len(r):.0f} moves)")
        flat[f"link_{variant}_bytes_per_move"] = round(byts / moves, 2)
        flat[f"link_{variant}_bytes_per_match"] = round(byts / len(r))
    p = paced("burako", 1)
    print(f"burako at 2 s a move (own acks, heartbeats): {p['bytes'] / p['moves']:.1f} bytes a move, "
          f"{p['bytes']} bytes a match")
    flat["link_paced_2s_bytes_per_move"] = round(p["bytes"] / p["moves"], 2)
    idle = idle_bytes_per_s()
    print(f"idle heartbeat traffic, both directions: {idle:.1f} bytes/s (one {transport.HB_MS} ms heartbeat each way)")
    flat["link_idle_bytes_per_s"] = round(idle, 1)
    r = instant("burako", seeds, faults=lambda s: Faults(flip=0.02, seed=s))
    resends = sum(x["resends"] for x in r) / len(r)
    moves = sum(x["moves"] for x in r)
    byts = sum(x["bytes"] for x in r)
    print(f"burako with 2 % of bytes damaged: {resends:.0f} resends a match, {byts / moves:.1f} bytes a move")
    flat["link_resends_per_match_2pct"] = round(resends, 1)
    flat["link_bytes_per_move_2pct"] = round(byts / moves, 2)
    for d in (0.0, 0.02):
        sec, n = repair_seconds(d)
        print(f"repair (whole log resent, {n} bytes, 400+ moves) with {d:.0%} of bytes damaged: {sec:.1f} s")
        flat[f"link_repair_seconds_{int(d * 100)}pct"] = sec
    # a discard: MOVE(ply, digest, kind, tile) = 9 payload bytes -> 14 raw -> 16 on the wire; ack 7
    move_wire, ack_wire = 16, 7
    wire_ms = (move_wire + ack_wire) * 10 * 1000 / BAUD
    print(f"turn latency at {BAUD} baud: {wire_ms:.2f} ms on the wire ({move_wire} + {ack_wire} bytes) "
          f"+ the receiver's check of the move + up to one UI frame on each side before it polls")
    flat["link_turn_wire_ms"] = round(wire_ms, 2)
    r = rummy_matches(seeds)
    moves = sum(x["moves"] for x in r)
    byts = sum(x["bytes"] for x in r)
    longest = max(x["longest"] for x in r)
    frame = max(x["frame"] for x in r)
    print(f"rummy, AI (level 2) answering at once, {len(r)} matches: {byts / moves:.1f} bytes a move, "
          f"{byts / len(r):.0f} bytes a match ({moves / len(r):.0f} moves); the longest move {longest} bytes, "
          f"its MOVE frame {frame} bytes on the wire; log {sum(x['log'] for x in r) / moves:.2f} bytes a move")
    flat["link_rummy_bytes_per_move"] = round(byts / moves, 2)
    flat["link_rummy_bytes_per_match"] = round(byts / len(r))
    flat["link_rummy_max_move_bytes"] = longest
    flat["link_rummy_max_frame_bytes"] = frame
    flat["link_rummy_log_bytes_per_move"] = round(sum(x["log"] for x in r) / moves, 2)
    rg = guest_rummy_figures()
    print(f"MicroPython, Rummy: importing link/ {rg['import_bytes']} bytes of heap, a Rummy Link "
          f"{rg['construct_kept_bytes']} kept (with rummy/moves.py and rummy/codec.py), "
          f"{rg['link_kept_120_moves_bytes']} held 120 moves in (log {rg['log_bytes_120_moves']} bytes), "
          f"a move exchange allocates at most {rg['exchange_alloc_max_bytes']} bytes")
    for k, v in rg.items():
        flat["link_rummy_mpy_" + k] = v
    g = guest_figures()
    print(f"MicroPython: importing link/ {g['import_bytes']} bytes of heap, a Link {g['construct_kept_bytes']} "
          f"kept ({g['construct_alloc_bytes']} allocated), one move exchange allocates "
          f"{g['exchange_alloc_bytes']} bytes (max {g['exchange_alloc_max_bytes']}) and keeps "
          f"{g['exchange_kept_bytes']}; checking a peer move: {g['receive_poll_fuel_max']:,} fuel; "
          f".mpy {g['mpy_bytes']} bytes")
    for k, v in g.items():
        flat["link_mpy_" + k] = v
    flat["link_figures_seconds"] = round(time.perf_counter() - t0, 1)
    if a.json:
        print(json.dumps(flat))


if __name__ == "__main__":
    main()
