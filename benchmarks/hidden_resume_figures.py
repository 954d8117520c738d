"""Hidden hands' resume after a power cut, on the virtual Pico running the console's UF2
(docs/link.md "Hidden hands": "A power cut, and what a console may ask for"): the App in a
linked match with hidden hands (autoplay; emulator/guests/pico_resume_figures.py) against a
CPython console (host/relay.py Console, hidden hands, keep) on its UART0 wire. RP2040 time
(the board's ticks_us) of:

  (a) the bytes of link.sav over the match (min/median/max), and of its parts: the head, the
      hidden part (hide.Hid.saved(), its length field not counted) and the move log;
  (b) each write of link.sav on the board's LittleFS (ui/cable.py write_saved), p50/max;
  (c) rebuilding a Link from link.sav as a console does at power-on (session.Link(...,
      saved=...)), for copies kept at ~30 and ~100 moves and MID moves into the second hand,
      and for the App's own rebuild when the board is switched on again after the cut;
  (d) the frames and bytes on the wire a resume costs: the board is cut (its node process
      killed) right after a save and switched on again, at each moment of --cut in turn (m60:
      the first save at 60 moves or more, mid-hand; check: the first save of the hand-end
      check, which holds our KEY before it leaves); from its wire log, every frame both ways
      from its boot until the first move played after the resume (after a cut in the check:
      until the next hand's first SEAL), by kind (the ASKs and what answers them), 7 bytes of
      framing each.

The UF2 is looked for as tests/test_uf2.py does ($BURAKO_UF2_DIR, else dist/; `make uf2`).

    nice -n 10 .venv/bin/python benchmarks/hidden_resume_figures.py [--json]
"""
import argparse
import json
import os
import select
import socket
import statistics
import sys
import tempfile
import time

from benchpath import ROOT  # noqa: F401  (the checkout on sys.path)
from emulator.link import Buffered  # noqa: E402
from hostile import SockEnd  # noqa: E402

KINDS = {1: "HELLO", 2: "COMMIT", 3: "REVEAL", 4: "MOVE", 5: "SYNC", 6: "REPAIR", 7: "LOG", 8: "LOG_END",
         9: "END", 10: "SEAL", 11: "SHUF", 12: "DECK", 13: "OPEN", 14: "SHOW", 15: "KEY", 16: "ASK",
         17: "RESHOW"}
FRAMING = 7     # bytes a frame adds to its payload on the wire (docs/link.md "Figures")


class Swap(SockEnd):
    """The CPython console's stream: the board's UART0 on TCP, swapped for a new connection
    when the board is switched on again (a dead one reads nothing and drops what is written)."""

    def __init__(self):
        Buffered.__init__(self)
        self.s = None

    def connect(self, port):
        self.s = socket.create_connection(("127.0.0.1", port))
        self.s.setblocking(False)
        self.buf = bytearray()

    def _pull(self):
        if self.s is None:
            return
        try:
            while True:
                d = self.s.recv(4096)
                if not d:
                    self.s = None
                    return
                self.buf += d
        except BlockingIOError:
            pass
        except OSError:
            self.s = None

    def write(self, d):
        if self.s is not None:
            try:
                self.s.sendall(bytes(d))
            except OSError:
                self.s = None
        return len(d)


def _boot(rp2040, flash, uf2):
    p = rp2040.VPico(flash, uf2=uf2, link="listen:0").start()
    p.settle(800, after_ns=0)
    return p


def _exec(rp2040, p, **params):
    p.request("wire", clear=True)
    rp2040.mpremote(p.port, "exec", "--no-follow", rp2040.board_script("pico_resume_figures.py", **params))


def run(target=1500, cuts=("m60", "check"), keep=(30, 100), mid=30, max_s=540, uf2=None, seed=2):
    """The board's printed lines, [(the cut's line, the board's wire log after it)] and the
    CPython console; or VPicoError."""
    from emulator.runtimes import rp2040
    from hostile import WallClock
    from host.relay import Console

    why = rp2040.missing()
    if why:
        raise rp2040.VPicoError(why)
    uf2 = uf2 or rp2040.project_uf2("pico_lcd_13")
    if uf2 is None:
        raise rp2040.VPicoError(rp2040.no_uf2("pico_lcd_13"))
    lines, raw, wires = [], b"", []
    cuts = list(cuts)
    with tempfile.TemporaryDirectory(prefix="burako-hidden-resume-") as d:
        flash = os.path.join(d, "board.bin")
        p = _boot(rp2040, flash, uf2)
        try:
            stream = Swap()
            stream.connect(p.listening)
            clock = WallClock()
            peer = Console(stream, clock, "burako", target, seed, hidden=True)
            _exec(rp2040, p, TARGET=target, KEEP=tuple(keep), MID=mid, CUT=cuts.pop(0) if cuts else "")
            stop = time.monotonic() + max_s
            cut = None
            while True:
                if time.monotonic() > stop:
                    P = peer.link
                    h = P.hidden
                    raise rp2040.VPicoError(
                        f"not over after {max_s} s; the peer: count {P.count}, state {P.state}, reason {P.reason}, "
                        f"hidden stage {h and h.stage}, why {h and h.h and h.h.why}; the board said: {lines[-6:]}")
                clock.now = clock.ticks_ms()
                peer.step()
                while select.select([p._slave], [], [], 0)[0]:
                    raw += os.read(p._slave, 4096)
                *done, raw = raw.split(b"\n")
                lines += [x.decode(errors="replace").strip() for x in done]
                if "END" in lines:
                    if cut is not None:         # the wire since the last power-on
                        wires.append((cut, p.request("wire", timeout=60)))
                    at = [x for x in lines if x.startswith("CUT ")]
                    if len(at) > len(wires):    # the power cut, then the board on again
                        cut = at[-1]
                        lines.remove("END")
                        p.close()
                        p = _boot(rp2040, flash, uf2)
                        stream.connect(p.listening)
                        later = tuple(k for k in keep if k > int(cut.split()[1]))
                        _exec(rp2040, p, TARGET=target, KEEP=later, MID=mid, CUT=cuts.pop(0) if cuts else "")
                        raw = b""
                        continue
                    break
                time.sleep(0.002)
            t_end = time.monotonic() + 30
            while peer.link.state != 4 and time.monotonic() < t_end:   # ENDED: its own check ends
                clock.now = clock.ticks_ms()
                peer.step()
                time.sleep(0.002)
        finally:
            p.close()
    return lines, wires, peer


def _spread(v):
    return {"n": len(v), "min": min(v), "median": statistics.median(v), "max": max(v)} if v else {"n": 0}


def _pct(v, q):
    s = sorted(v)
    return s[min(len(s) - 1, int(q * len(s)))] if s else None


def resume_wire(wire, count, check=False):
    """Frames both ways in the board's wire log after its boot until the first MOVE of a move
    played after the resume (ply >= count), or after a cut in the hand-end check the first SEAL
    (the next hand's deal): {kind: {"frames", "bytes"}} per direction, the ASKs' payloads, the
    frames' span in RP2040 ms."""
    from emulator.runtimes import rp2040
    from link import transport

    frames = [(t, "out", ctl, pay) for t, _t1, ctl, _s, _a, pay in rp2040.wire_frames(wire["tx_out"])]
    frames += [(t, "in", ctl, pay) for t, _t1, ctl, _s, _a, pay in rp2040.wire_frames(wire["rx"])]
    frames.sort(key=lambda f: f[0])
    out = {"out": {}, "in": {}}
    asks = []
    first = last = None
    for t, way, ctl, pay in frames:
        data = ctl & 0x0F == transport.DATA and pay
        if data and (pay[0] == 4 and len(pay) >= 3 and pay[1] | (pay[2] << 8) >= count or check and pay[0] == 10):
            break
        kind = KINDS.get(pay[0], "type %d" % pay[0]) if data else {transport.SYN: "SYN", transport.ACK: "ACK"}.get(
            ctl & 0x0F, "ctl %d" % ctl)
        k = out[way].setdefault(kind, {"frames": 0, "bytes": 0})
        k["frames"] += 1
        k["bytes"] += len(pay) + FRAMING
        if data and pay[0] == 16:
            asks.append({"way": way, "payload": pay.hex()})
        first = t if first is None else first
        last = t
    tot = {w: {"frames": sum(k["frames"] for k in out[w].values()), "bytes": sum(k["bytes"] for k in out[w].values())}
           for w in out}
    span = None if first is None else round((last - first) / 1e6, 1)
    return {"by_kind": out, "total": tot, "asks": asks, "span_ms": span}


def figures(lines, wires, peer):
    sv = [[int(x) for x in ln.split()[1:]] for ln in lines if ln.startswith("SV ")]
    rb = [ln.split()[1:] for ln in lines if ln.startswith("RB ")]
    link = [ln.split()[1:] for ln in lines if ln.startswith("LINK ")]
    f = {"saves": len(sv),
         "sav_bytes": {"total": _spread([s[2] for s in sv]), "head": _spread([s[3] for s in sv]),
                       "hidden": _spread([s[4] for s in sv]), "log": _spread([s[5] for s in sv])},
         "write_us": {"n": len(sv), "p50": _pct([s[6] for s in sv], 0.5), "p90": _pct([s[6] for s in sv], 0.9),
                      "max": max([s[6] for s in sv], default=None)},
         "rebuild": [{"from": r[0], "count": int(r[1]), "hand": int(r[2]), "bytes": int(r[3]),
                      "ms": round(int(r[4]) / 1000, 1)} for r in rb],
         "errors": [x for x in lines if "Error" in x or "Traceback" in x or x.startswith("ENDED ")][:5]}
    if link:
        seat, count, reason, s0, s1 = (int(x) for x in link[-1])
        f["board"] = {"seat": seat, "count": count, "reason": reason, "scores": [s0, s1]}
    L = peer.link
    f["peer"] = {"count": L.count, "reason": L.reason, "scores": L.game and list(L.game.scores)}
    f["resumes"] = []
    for cut, wire in wires:
        count, stage = (int(x) for x in cut.split()[1:3])
        r = resume_wire(wire, count, stage == 2)
        r.update(cut_at=count, stage=stage)
        f["resumes"].append(r)
    return f


def table(f):
    out = []
    sb = f["sav_bytes"]
    for k in ("total", "head", "hidden", "log"):
        s = sb[k]
        if s["n"]:
            out.append(f"link.sav {k:<7} bytes  min {s['min']:>6}  median {s['median']:>8}  max {s['max']:>6}")
    w = f["write_us"]
    if w["n"]:
        out.append(f"write link.sav ({w['n']} saves)  p50 {w['p50'] / 1000:.1f} ms  p90 {w['p90'] / 1000:.1f} ms"
                   f"  max {w['max'] / 1000:.1f} ms")
    for r in sorted(f["rebuild"], key=lambda r: r["count"]):
        out.append(f"rebuild Link from {r['from']:<5} ({r['count']} moves, hand {r['hand']}, {r['bytes']} B)"
                   f"  {r['ms']:.1f} ms")
    for r in f["resumes"]:
        where = "in the hand-end check" if r["stage"] == 2 else "mid-hand"
        until = "the next hand's SEAL" if r["stage"] == 2 else "the next move"
        out.append(f"resume after a cut {where} at {r['cut_at']} moves: {r['span_ms']} ms of wire until {until}")
        for way in ("out", "in"):
            t = r["total"][way]
            kinds = ", ".join(f"{k} {v['frames']}/{v['bytes']} B" for k, v in sorted(r["by_kind"][way].items()))
            out.append(f"  board {way:<3} {t['frames']} frames {t['bytes']} B: {kinds}")
        for a in r["asks"]:
            out.append(f"  ASK {a['way']}: {a['payload']}")
    if "board" in f:
        out.append(f"match end: board {f['board']}, peer {f['peer']}")
    for e in f["errors"]:
        out.append(f"ERROR: {e}")
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--target", type=int, default=1500, help="the match's target (default 1500: two hands)")
    ap.add_argument("--cut", nargs="*", default=["m60", "check"],
                    help="power cuts in turn: mN after the first save at N moves or more, check in the "
                         "first hand-end check (default: m60 check; none: no cut)")
    ap.add_argument("--keep", type=int, nargs="*", default=[30, 100], help="move counts of the saves rebuilt")
    ap.add_argument("--mid", type=int, default=30, help="moves into the second hand of the save rebuilt there")
    ap.add_argument("--max-s", type=int, default=540, help="wall-clock limit, seconds")
    ap.add_argument("--uf2", help="the console's UF2 (default: $BURAKO_UF2_DIR or dist/, pico_lcd_13)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    bad_cut = [c for c in a.cut if c != "check" and not (c[:1] == "m" and c[1:].isdigit() and int(c[1:]) > 0)]
    if a.target < 1 or a.mid < 1 or a.max_s < 10 or any(k < 1 for k in a.keep) or bad_cut:
        print("hidden_resume_figures: --target, --mid and --keep must be positive, --max-s >= 10, "
              "--cut mN (N > 0) or check", file=sys.stderr)
        return 2
    if a.uf2 and not os.path.isfile(a.uf2):
        print(f"hidden_resume_figures: no such UF2: {a.uf2}", file=sys.stderr)
        return 2
    from emulator.runtimes import rp2040
    why = rp2040.missing()
    uf2 = a.uf2 or rp2040.project_uf2("pico_lcd_13")
    if why or uf2 is None:
        print("hidden_resume_figures: " + (why or rp2040.no_uf2("pico_lcd_13")),
              file=sys.stderr)
        return 2
    stale = rp2040.uf2_stale(uf2)
    if stale:
        print(f"hidden_resume_figures: note: {uf2} is older than firmware/{stale} (`make uf2`); "
              "these are the figures of the UF2 as built", file=sys.stderr)
    try:
        lines, wires, peer = run(a.target, a.cut, a.keep, a.mid, a.max_s, uf2)
    except rp2040.VPicoError as e:
        print(f"hidden_resume_figures: {e}", file=sys.stderr)
        return 1
    f = figures(lines, wires, peer)
    # (--json: one line, as benchmarks/run.py reads the last line)
    print(json.dumps({"hidden_resume": f}) if a.json else table(f))
    return 0 if not f["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
