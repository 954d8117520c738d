"""Figures for hidden hands (docs/link.md "Hidden hands"; firmware/link/hidden.py), issue 25's
goals: the deal of one hand <= 10 s, one draw <= 300 ms, the hand-end check <= 10 s.

    nice -n 10 .venv/bin/python benchmarks/hidden_figures.py [--json] [--no-vpico] [--match]

- RP2040 time: both consoles' Hands on the virtual Pico running the console's UF2 (rp2040js,
  125 MHz; link/hidden.py frozen in, bigmod's pow() and Jacobi symbol in C:
  tests/guests/hidden_pico.py), each step timed on the board with ticks_us. Without a built UF2
  (`make uf2`) it says so and prints the rest. The two
  consoles run in parallel on two boards, so the hand's times are laid out from the steps: the
  shuffle is a pipeline (A encrypts element i+1 while B encrypts element i; one element a SHUF
  frame; stop-and-wait: A's next frame leaves when B, having taken the last, acks it), then B's
  deck goes back (8 DECK frames), then each console removes its layer from the other's rack (one
  position an OPEN frame) and then its own. The wire is 115200 baud, 10 bits a byte, each frame
  its payload + 7 bytes (docs/link.md "Frames") and an ack of 7. rp2040js charges no flash wait
  states: CPU times are lower bounds for a real Pico.
- MicroPython fuel (the WASI build, -X heapsize=131072) of each step of one console, and the
  protocol's peak heap there (collected between steps, one pow() a step: the heap in use at its
  highest, link/hidden.py imported, one Hand with its deck, and one step's garbage).
- --match: a hidden linked Burako match (target 1: one hand) between two virtual Picos running
  the UF2, the App with autoplay on both: the lowest free heap at any frame's end on either board.
- Bytes on the wire per hand (a 2-player hand: racks of 11, 2 muertos of 11, 40 draws, both
  muertos taken, 60 tiles shown), frames and acks included.
"""
import argparse
import json
import os
import statistics
import sys
import tempfile

from benchpath import ROOT  # noqa: F401  (the checkout on sys.path)
import hiddenkit
from hiddenkit import A_RACK, B_RACK, MUERTOS, STOCK, secret
from link import hidden

BAUD = 115200
BYTE_US = 10 * 1e6 / BAUD


def frame_us(payload):
    """A payload's frame on the wire, and its ack, in microseconds."""
    return (payload + 7 + payload // 254 + 7) * BYTE_US


def board_uf2():
    """The console's UF2 for a virtual Pico, or None and why the board cannot run."""
    from emulator.runtimes import rp2040

    why = rp2040.missing()
    if why:
        return None, why
    uf2 = rp2040.project_uf2()
    if uf2 is None:
        return None, rp2040.no_uf2()
    return uf2, None


def vpico_steps():
    """The board's lines: {kind: [microseconds...]} and the heap figures."""
    from emulator.runtimes import rp2040, wasi

    uf2, why = board_uf2()
    if uf2 is None:
        return None, why
    with tempfile.TemporaryDirectory(prefix="burako-hidden-") as d:
        with rp2040.VPico(os.path.join(d, "flash.bin"), uf2=uf2) as pico:
            pico.settle(800, after_ns=0)
            text = rp2040.mpremote(pico.port, "exec", wasi.program(
                "hidden_pico.py", sa=secret("fig-a").hex(), sb=secret("fig-b").hex()), timeout=1800)
    steps = {}
    for ln in text.splitlines():
        k, *v = ln.split()
        steps.setdefault(k, []).append([int(x) for x in v] if len(v) > 1 else int(v[0]))
    return steps, None


def match_figures(target=1):
    """A hidden-hands linked Burako match on two virtual Picos running the console's UF2 (the
    App with autoplay on both, emulator/guests/pico_link.py): the lowest free heap at any frame's
    end on either board, and the match's moves; None and why when there is no UF2."""
    import shutil
    import time
    from emulator.runtimes import rp2040

    uf2, why = board_uf2()
    if uf2 is None:
        return None, why
    with tempfile.TemporaryDirectory(prefix="burako-hidden-match-") as d:
        image = os.path.join(d, "flash.bin")
        with rp2040.VPico(image, uf2=uf2) as pico:
            pico.settle(800, after_ns=0)        # the first boot formats the filesystem
        shutil.copyfile(image, os.path.join(d, "b.bin"))
        a = rp2040.VPico(image, link="listen:0").start()
        wall = time.monotonic()
        try:
            b = rp2040.VPico(os.path.join(d, "b.bin"), link=f"socket://127.0.0.1:{a.listening}").start()
            try:
                for p in (a, b):
                    p.settle(800, after_ns=0)
                ra, rb = rp2040.link_match((a, b), target=target, hidden=True, low=True, timeout=5400)
            finally:
                b.close()
        finally:
            a.close()
    if ra["digest"] != rb["digest"] or not (ra["hidden"] and rb["hidden"]):
        return None, "the linked boards disagree about the match, or dealt it open"
    return {"rp2040_match_low_free_bytes": min(ra["low_free"], rb["low_free"]),
            "rp2040_match_moves": ra["count"], "rp2040_match_hands": len(ra["history"]),
            "rp2040_match_frames": max(ra["frames"], rb["frames"]),
            "rp2040_match_wall_s": round(time.monotonic() - wall, 1)}, None


def rp2040_figures(steps):
    """The hand's times in RP2040 ms, laid out as two boards working in parallel."""
    ms = lambda us: round(us / 1000, 1)  # noqa: E731
    sa, sb = steps["SA"][:106], steps["SB"]
    shuf = 3 + hidden.W                                  # one element a SHUF
    # both SEALs cross (each console makes its own and takes the other's, in parallel)
    seal = steps["SEAL_OUT"][0] + frame_us(1 + 2 * hidden.W) + steps["SEAL_IN"][0]
    # the pipeline: A makes element i, sends it when B acked i-1; B takes it on arrival
    a_done = send = b_done = 0.0
    for i in range(106):
        a_done += sa[i]
        send = max(a_done, b_done + 7 * BYTE_US if i else 0.0)
        b_done = send + (shuf + 7) * BYTE_US + sb[i]
    t = seal + b_done
    deck = sum(steps["DO"]) + sum(frame_us(3 + 14 * hidden.W) for _ in range(8)) + sum(steps["DK"])
    t += deck
    # each removes its layer from the other's rack (11 OPENs out), then takes its own (11 in);
    # og/ot alternate A's and B's steps (tests/guests/hidden_pico.py)
    og, ot = steps["OG"], steps["OT"]
    opn = frame_us(3 + hidden.ENTRY)
    t_racks = max(sum(og[0::2]), sum(og[1::2])) + opn + max(sum(ot[0::2]), sum(ot[1::2]))
    deal = t + t_racks
    draw = statistics.median(g + w for g, w in zip(steps["DG"], steps["DT"])) + opn + frame_us(9)
    check = steps["KEY"][0] + sum(steps["CHK"]) + frame_us(1 + hidden.W)
    heap_import, heap_hand = steps["HEAP"][0]
    return {
        "rp2040_native_bigmod": bool(steps["NATIVE"][0]),
        "rp2040_ms_pow_e128": ms(steps["POWE"][0]), "rp2040_ms_pow_d256": ms(steps["POWD"][0]),
        "rp2040_ms_builtin_pow_d256": ms(steps["BUILTIN_POWD"][0]),
        "rp2040_ms_square_check": ms(steps["SQUARE"][0]),
        "rp2040_ms_seal": ms(seal),
        "rp2040_ms_shuffle_a_per_tile": ms(statistics.median(sa)),
        "rp2040_ms_shuffle_b_per_tile": ms(statistics.median(sb)),
        "rp2040_ms_shuffle_pipeline": ms(b_done),
        "rp2040_ms_deck_back": ms(deck),
        "rp2040_ms_give_per_tile": ms(statistics.median(og)),
        "rp2040_ms_take_per_tile": ms(statistics.median(ot)),
        "rp2040_ms_deal": ms(deal),
        "rp2040_ms_draw": ms(draw),
        "rp2040_ms_key_reveal": ms(steps["KEY"][0]),
        "rp2040_ms_hand_end_check": ms(check),
        "rp2040_ms_new_hand": ms(steps["NEW"][0]),
        "rp2040_heap_import_bytes": heap_import, "rp2040_heap_hand_bytes": heap_hand,
        "rp2040_heap_kept_per_hand_bytes": steps["KEPT"][0] // 2,   # both consoles' Hands on one board
        "rp2040_check_ok": steps["WHY"][0] == hidden.OK,
    }


def fuel_figures():
    """One console inside MicroPython against a CPython peer, one pow() a step."""
    out = {}
    for role in (0, 1):
        g = hiddenkit.GuestHand(role, secret("fuel-%d" % role), heap=131072)
        peer = hidden.Hand(1 - role, secret("fuel-peer-%d" % role))
        try:
            a, b = (g, peer) if role == 0 else (peer, g)
            b.take(a.commit())
            a.take(b.commit())
            g.fuel.clear()
            while True:
                p = a.shuffle(1)
                if p is None:
                    break
                b.take(p)
            tag = "a" if role == 0 else "b"
            out[f"fuel_shuffle_{tag}_per_tile"] = round(statistics.median(g.fuel["S" if role == 0 else "T"]))
            for i in range(0, 106, 14):
                a.take(b.deck_out(i))
            g.fuel.clear()
            hiddenkit.deal(a, b, k=1)
            if role == 0:
                out["fuel_give_per_tile"] = round(statistics.median(g.fuel["G"]))
                out["fuel_take_per_tile"] = round(statistics.median(g.fuel["T"]))
            g.fuel.clear()
            g.take(peer.reveal())          # the key revealed: the peer's key and permutation derived
            peer.take(g.reveal())
            while g.check(1):
                pass
            out[f"fuel_key_reveal_{tag}"] = g.fuel["T"][0]
            out[f"fuel_hand_end_check_{tag}"] = sum(g.fuel["K"]) + g.fuel["T"][0]
            assert g.why == hidden.OK
            out[f"mp_heap_peak_{tag}_bytes"] = g.peak - g.heap[0]
            out["mp_heap_import_bytes"] = g.heap[1] - g.heap[0]
            out["mp_heap_hand_bytes"] = g.heap[2] - g.heap[1]
        finally:
            g.close()
    return out


def wire_figures(draws=40, shown=60):
    """Bytes on the wire for one hand, frames and acks included (one element a SHUF and OPEN)."""
    a, b = hidden.Hand(0, secret("w-a")), hidden.Hand(1, secret("w-b"))
    w = hiddenkit.Wire()
    hiddenkit.shuffle(a, b, k=1, wire=w)
    deal = hiddenkit.Wire()
    hiddenkit.deal(a, b, wire=deal, k=1)
    per = hiddenkit.Wire()
    for i, pos in enumerate(STOCK[:draws]):
        x, y = (a, b) if i % 2 == 0 else (b, a)
        hiddenkit.draw(x, y, pos, wire=per)
    for m, (x, y) in zip(MUERTOS, ((a, b), (b, a))):
        for pos in m:
            hiddenkit.draw(x, y, pos, wire=per)
    mine_a = [j for j in list(A_RACK) + list(STOCK[:draws:2]) + list(MUERTOS[0])][:shown // 2]
    mine_b = [j for j in list(B_RACK) + list(STOCK[1:draws:2]) + list(MUERTOS[1])][:shown // 2]
    for j in mine_a:
        b.take(per(a.show([j])))
    for j in mine_b:
        a.take(per(b.show([j])))
    hiddenkit.end(a, b, wire=per)
    assert (a.why, b.why) == (hidden.OK, hidden.OK)
    acks = 7 * (w.frames + deal.frames + per.frames)
    return {"wire_shuffle_bytes": w.bytes, "wire_deal_bytes": deal.bytes,
            "wire_draw_bytes": 3 + hidden.ENTRY + 7 + 7,
            "wire_hand_bytes": w.bytes + deal.bytes + per.bytes + acks,
            "wire_hand_frames": w.frames + deal.frames + per.frames,
            "wire_hand_seconds": round((w.bytes + deal.bytes + per.bytes + acks) * BYTE_US / 1e6, 2)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="end with one flat JSON object")
    ap.add_argument("--no-vpico", action="store_true", help="skip the virtual Pico (fuel and wire only)")
    ap.add_argument("--match", action="store_true",
                    help="also a whole hidden linked match on two virtual Picos (the UF2's lowest free heap; slow)")
    a = ap.parse_args()
    fig = {"group_bits": hidden.P.bit_length(), "key_bits": 128}
    fig.update(wire_figures())
    fig.update(fuel_figures())
    if not a.no_vpico:
        steps, why = vpico_steps()
        if steps is None:
            print(f"hidden_figures: no virtual Pico ({why})", file=sys.stderr)
        else:
            fig.update(rp2040_figures(steps))
        if a.match:
            got, why = match_figures()
            if got is None:
                print(f"hidden_figures: no linked match ({why})", file=sys.stderr)
            else:
                fig.update(got)
    fig = {"hidden_" + k: v for k, v in fig.items()}   # one namespace in benchmarks/run.py's union
    for k, v in fig.items():
        print(f"{k:44} {v}")
    if a.json:
        print(json.dumps(fig))
    return 0


if __name__ == "__main__":
    sys.exit(main())
