"""The `burako` command: one entry point for simulating, checking melds,
scoring hands, replaying transcripts (and, as they land, the emulator and the
device tools). User mistakes get one line on stderr and exit code 2."""
from __future__ import annotations

import argparse
import json
import os
import sys

from engine import melds as M
from engine import reasons as R
from engine import rules as RU
from engine import score as S
from engine import tiles as T
from engine import transcript as TR
from host import show
from host.args import whole
from host.progress import per_match

VARIANTS = [r.name for r in RU.VARIANTS]
MAX_SEED = TR.MAX_SEED
MAX_GAMES = 1000000
MIN_HEAP = 16 * 1024
MAX_HEAP = 4 * 1024 * 1024   # well above any board's; a larger heap only slows the guest


class UsageError(Exception):
    """A mistake in what the user asked for: one line, exit code 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(message)


def _rules(name):
    r = RU.by_name(name)
    if r is None:
        raise UsageError(f"unknown variant {name!r} (choose from {', '.join(VARIANTS)})")
    return r


MAX_INPUT = 16 * 1024 * 1024   # bytes of a transcript or score file


def _read(path):
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_INPUT + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(MAX_INPUT + 1)
        if len(data) > MAX_INPUT:
            raise UsageError(f"{path} is larger than {MAX_INPUT // (1024 * 1024)} MB")
        return data.decode("utf-8-sig")
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror}")
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not UTF-8 text")


def _copies(ts, where, rules):
    t = T.over_copies(ts, rules.jokers)
    if t >= 0:
        n = sum(1 for x in ts if x == t)
        raise UsageError(f"{where}: {T.to_text(t, rules.cards)} appears {n} times: "
                         + (f"the deck holds only two of each card and {rules.jokers} jokers"
                            if rules.cards else R.text(R.COPIES)))


def _tiles(words, where, rules):
    out = bytearray()
    for w in words:
        t = T.parse(w, rules.cards)
        if t < 0:
            if rules.cards:
                raise UsageError(f"{where}: {w!r} is not a card (write AH, 2S, 10D, QC or *)")
            raise UsageError(f"{where}: {w!r} is not a tile (write R5, B13, Y1, K2 or *)")
        out.append(t)
    return bytes(out)


# --- burako meld ---------------------------------------------------------
def cmd_meld(a):
    rules = _rules(a.variant)
    words = []
    for w in a.tiles:
        words += w.replace(",", " ").split()
    if not words:
        raise UsageError("meld: no tiles given (write tiles like R3 R4 R5)")
    ts = _tiles(words, "meld", rules)
    end = M.END_LOW if a.low else M.END_DEFAULT
    if a.onto is None:
        m = M.make(ts, end, rules)
    else:
        on = M.from_table(_tiles(a.onto.replace(",", " ").split(), "--onto", rules), rules)
        if isinstance(on, int):
            raise UsageError(f"--onto {a.onto!r} is not a meld on the table: {R.text(on)}")
        m = M.extend(on, ts, end, rules)
    if isinstance(m, int):
        out = {"valid": False, "kind": None, "pure": None, "canasta": None,
               "points": None, "reason": R.text(m), "meld": None}
    else:
        out = {"valid": True, "kind": "run" if m[0] == M.RUN else "set", "pure": M.is_pure(m),
               "canasta": M.is_canasta(m, rules), "points": M.points(m, rules),
               "reason": None, "meld": M.text(m, rules.cards)}
    if a.json:
        print(json.dumps(out))
    elif out["valid"]:
        quality = "pure" if out["pure"] else "impure"
        can = ", canasta" if out["canasta"] else ""
        print(f"valid {out['kind']}: {out['meld']} ({quality}{can}, {out['points']} points)")
    else:
        print(f"not a meld: {out['reason']}")
    return 0 if out["valid"] else 1


# --- burako score --------------------------------------------------------
def cmd_score(a):
    rules = _rules(a.variant)
    text = _read(a.file)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise UsageError(f"{a.file}: not JSON ({e.msg} at line {e.lineno})")
    except RecursionError:
        raise UsageError(f"{a.file}: JSON nested too deeply")
    except ValueError:
        # json's own limit: an integer of over 4300 digits
        raise UsageError(f"{a.file}: holds a number too long to read")
    sides = doc.get("sides") if isinstance(doc, dict) else None
    if not isinstance(sides, list) or not 1 <= len(sides) <= 2:
        raise UsageError(f"{a.file}: expected {{\"sides\": [...]}} with one object per side (one or two)")
    result = []
    everything = bytearray()   # R1: the whole table holds each tile at most twice
    for i, sd in enumerate(sides):
        where = f"side {i}"
        if not isinstance(sd, dict):
            raise UsageError(f"{where}: expected an object")
        extra = sorted(set(sd) - {"melds", "racks", "muerto_taken", "closed"})
        if extra:
            raise UsageError(f"{where}: unknown field {extra[0]!r} (melds, racks, muerto_taken, closed)")
        for key in ("melds", "racks"):
            if not isinstance(sd.get(key, []), list):
                raise UsageError(f"{where}: {key} must be a list of strings")
        for key in ("muerto_taken", "closed"):
            if not isinstance(sd.get(key, False), bool):
                raise UsageError(f"{where}: {key} must be true or false")
        if len(sd.get("racks", [])) > 2:
            raise UsageError(f"{where}: a side has at most 2 racks (R2)")
        melds = []
        ranks = set()
        for j, mt in enumerate(sd.get("melds", [])):
            if not isinstance(mt, str):
                raise UsageError(f"{where} meld {j}: expected a string like \"R3 R4 R5\"")
            ts = _tiles(mt.replace(",", " ").split(), f"{where} meld {j}", rules)
            m = M.from_table(ts, rules)
            if isinstance(m, int):
                raise UsageError(f"{where} meld {j} ({mt!r}): {R.text(m)}")
            if m[0] == M.SET and rules.one_set_per_rank:
                if m[1] in ranks:
                    raise UsageError(f"{where} meld {j} ({mt!r}): {R.text(R.SET_TWICE)} (R12)")
                ranks.add(m[1])
            melds.append(m)
        racks = []
        for j, rt in enumerate(sd.get("racks", [])):
            if not isinstance(rt, str):
                raise UsageError(f"{where} rack {j}: expected a string like \"B5 *\"")
            racks.append(_tiles(rt.replace(",", " ").split(), f"{where} rack {j}", rules))
        for m in melds:
            everything += m[M.HEAD:]
        for r in racks:
            everything += r
        _copies(everything, f"{where}", rules)
        if sd.get("closed") and not (sd.get("muerto_taken") and any(M.is_canasta(m, rules) for m in melds)):
            raise UsageError(f"{where}: closing needs the muerto taken and a canasta (R8)")
        b = S.side(melds, racks, bool(sd.get("muerto_taken", False)),
                   bool(sd.get("closed", False)), rules)
        result.append(dict(zip(S.FIELDS, b)))
    if sum(1 for sd in sides if sd.get("closed")) > 1:
        raise UsageError("only one side can close a hand (R8)")
    if a.json:
        print(json.dumps({"sides": result}))
    else:
        print(show.breakdown_table(result, rules))
    return 0


# --- burako vp ----------------------------------------------------------
def cmd_vp(a):
    mp_a, mp_b, vp_a, vp_b = S.match_points(a.a, a.b)
    if a.json:
        print(json.dumps({"mp": [mp_a, mp_b], "vp": [vp_a, vp_b]}))
    else:
        print(f"A: {mp_a:+d} MP, {vp_a} VP")
        print(f"B: {mp_b:+d} MP, {vp_b} VP")
    return 0


# --- burako replay -------------------------------------------------------
def cmd_replay(a):
    lines = _read(a.file).splitlines()
    head, _, err = TR.read(lines)
    if err:
        raise UsageError(f"{a.file}: {err}")   # not a transcript: bad input, not a bad move
    g, err = TR.replay(lines)
    if g is None:
        raise UsageError(f"{a.file}: {err}")
    if err:
        print(show.position(g))
        print(f"illegal move at {err}")
        return 1
    print(show.position(g))
    return 0


# --- burako sim ----------------------------------------------------------
def cmd_sim(a):
    from host import sim

    _rules(a.variant)
    if a.players not in RU.by_name(a.variant).players:
        raise UsageError(f"{a.variant} is for {' or '.join(map(str, RU.by_name(a.variant).players))} players")
    if a.seed + a.games - 1 > MAX_SEED:
        raise UsageError(f"--seed {a.seed} with --games {a.games} runs past the last seed, {MAX_SEED}")
    if a.heap is not None and a.runtime != "micropython":
        raise UsageError("--heap needs --runtime micropython")
    levels = None
    if a.levels is not None:
        try:
            levels = [int(x) for x in a.levels.split(",")]
        except ValueError:
            levels = []
        if len(levels) == 1:
            levels = levels * 2
        if len(levels) != 2 or not all(1 <= x <= 4 for x in levels):
            raise UsageError(f"--levels {a.levels[:40]!r}: one level 1-4, or one per side, e.g. 4,3")
    if a.transcripts is not None:
        try:
            os.makedirs(a.transcripts, exist_ok=True)
            probe = os.path.join(a.transcripts, ".burako-write-test")
            with open(probe, "w"):
                pass
            os.remove(probe)
        except OSError as e:
            raise UsageError(f"cannot write transcripts to {a.transcripts}: {e.strerror}")
    seeds = sim.seeds_from(a.seed, a.games)
    keep = a.transcripts is not None

    emit = per_match(len(seeds), a.json)

    if a.runtime == "micropython":
        from emulator.runtimes import wasi

        try:
            rep = sim.run_micropython(a.variant, a.players, seeds, a.target,
                                      heap=a.heap or 192 * 1024, meter=True, transcripts=keep,
                                      on_match=emit, levels=levels)
        except wasi.GuestMemoryError as e:
            raise UsageError(f"MicroPython ran out of heap ({a.heap or 192 * 1024} bytes): {e.traceback.strip().splitlines()[-1]}")
        except wasi.MpyError as e:
            raise UsageError(f"MicroPython stopped: {str(e).splitlines()[0] if str(e) else type(e).__name__}")
    else:
        rep = sim.run_cpython(a.variant, a.players, seeds, a.target, transcripts=keep, on_match=emit,
                              levels=levels)
    if keep:
        try:
            for path in sim.write_transcripts(rep, a.transcripts, a.variant, a.players):
                if not a.json:
                    print(f"transcript: {path}")
        except OSError as e:
            raise UsageError(f"cannot write transcripts to {a.transcripts}: {e.strerror}")
    summ = rep.summary(a.runtime)
    if a.json:
        print(json.dumps(summ))
    else:
        print(show.sim_table(rep.matches, summ))
    return 0


def build_parser():
    p = Parser(prog="burako", description="Burako for a pocket console: host tool")
    sub = p.add_subparsers(dest="cmd", metavar="COMMAND", parser_class=Parser)

    s = sub.add_parser("sim", help="play whole matches between AIs")
    s.add_argument("--variant", default="burako", choices=VARIANTS)
    s.add_argument("--players", type=int, default=2, choices=(2, 4))
    s.add_argument("--games", type=whole(1, MAX_GAMES, "matches"), default=1,
                   help=f"matches to play, 1..{MAX_GAMES}")
    s.add_argument("--seed", type=whole(0, MAX_SEED, "the first seed"), default=1,
                   help="seed of the first match; the next ones count up")
    s.add_argument("--target", type=whole(0, RU.MAX_TARGET, "the target"), default=0,
                   help=f"points to win, up to {RU.MAX_TARGET} (default 0: the variant's)")
    s.add_argument("--runtime", default="cpython", choices=("cpython", "micropython"))
    s.add_argument("--levels", default=None, metavar="A,B",
                   help="AI level (1-4) of side 1 and side 2, e.g. 4,3 (default: level 2 for both)")
    s.add_argument("--heap", type=whole(MIN_HEAP, MAX_HEAP, "the heap in bytes"),
                   help=f"MicroPython heap in bytes (-X heapsize), {MIN_HEAP}..{MAX_HEAP}")
    s.add_argument("--json", action="store_true", help="one JSON object per match, then a summary")
    s.add_argument("--transcripts", metavar="DIR", default=None,
                   help="write each match's transcript into DIR (check one with `burako replay`)")
    s.set_defaults(func=cmd_sim)

    m = sub.add_parser("meld", help="is this a legal new meld?")
    m.add_argument("--variant", default="burako", choices=VARIANTS)
    m.add_argument("--json", action="store_true")
    m.add_argument("--low", action="store_true", help="a spare wild goes to the low end")
    m.add_argument("--onto", metavar="MELD", default=None,
                   help='a meld on the table, e.g. "R3 R2 R5": may TILEs be added to it? (R4, R5)')
    m.add_argument("tiles", nargs="+", metavar="TILE")
    m.set_defaults(func=cmd_meld)

    c = sub.add_parser("score", help="score the end of a hand described in JSON")
    c.add_argument("--variant", default="burako", choices=VARIANTS)
    c.add_argument("--json", action="store_true")
    c.add_argument("file", metavar="FILE", help="JSON file, or - for stdin")
    c.set_defaults(func=cmd_score)

    v = sub.add_parser("vp", help="Match Points and Victory Points of two final totals (burraco, seed 001)")
    v.add_argument("a", type=whole(-10 ** 6, 10 ** 6, "side A's total"), metavar="A")
    v.add_argument("b", type=whole(-10 ** 6, 10 ** 6, "side B's total"), metavar="B")
    v.add_argument("--json", action="store_true")
    v.set_defaults(func=cmd_vp)

    r = sub.add_parser("replay", help="check a transcript move by move")
    r.add_argument("file", metavar="FILE", help="transcript file, or - for stdin")
    r.set_defaults(func=cmd_replay)

    from host import device, emu, scores

    emu.add_parser(sub)
    device.add_parser(sub)
    __import__("host.relay").relay.add_parser(sub)
    __import__("host.league").league.add_parser(sub)
    __import__("host.vpico").vpico.add_parser(sub)
    __import__("host.rummy").rummy.add_parser(sub)
    __import__("host.uf2").uf2.add_parser(sub)
    scores.add_parser(sub)
    return p


def main(argv=None, parser=None):
    """Run the command; returns its exit code. parser: a build_parser() to
    reuse (building one takes milliseconds; the fuzz figures call main often)."""
    p = parser or build_parser()
    try:
        a = p.parse_args(argv)
        if not getattr(a, "func", None):
            p.print_help()
            return 2
        code = a.func(a)
    except UsageError as e:
        print(f"burako: {e}", file=sys.stderr)
        code = 2
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:
        code = 0
    sys.stdout.flush()
    return code


def entry():
    code = main()
    if "wasmtime" in sys.modules:
        # leave without interpreter teardown, where wasmtime can print a panic
        from emulator.runtimes import wasi

        wasi.quiet_exit(code)
    sys.exit(code)


if __name__ == "__main__":
    entry()
