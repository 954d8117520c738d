"""`burako sim`: whole matches between AIs, under CPython or inside real MicroPython.

Under MicroPython all game logic runs in the guest; the host passes the seeds
in and reads results out. The guest marks each AI decision and each engine
step with a one-character stdout line; the harness stamps every line with the
exact wasmtime fuel consumed, so fuel is measured without perturbing the game.
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field

from ai import LEVELS
from engine import rules
from engine import transcript
from host import show
from host.args import MAX_GAMES, MAX_HEAP, MIN_HEAP, VARIANTS, UsageError, rules_named, whole
from host.progress import per_match


def guest_script(front, head, args, seeds, transcripts, meter):
    """The guest playing one match per seed inside MicroPython: `front` (emulator/guests/
    sim_selfplay.py, sim_leveled.py or sim_rummy.py: which steps()) then sim_match.py, which
    plays steps(*head, seed, *args, emit=, mark=) for each seed, metered with `meter`, the
    transcript printed with `transcripts`. sim_match.py also says why garbage is collected only
    between steps."""
    from emulator.runtimes import wasi

    calls = tuple(tuple(head) + (seed,) + tuple(args) for seed in seeds)
    return wasi.program([front, "sim_match.py"], _CALLS=calls, _EMIT=bool(transcripts), _MARK=bool(meter))


@dataclass
class SimReport:
    matches: list = field(default_factory=list)
    seconds: float = 0.0
    transcripts: dict = field(default_factory=dict)   # seed -> text, when asked for
    decision_fuel: list = field(default_factory=list)
    hand_fuel: list = field(default_factory=list)
    peak_heap: int = 0

    def summary(self, runtime):
        out = {"summary": True, "runtime": runtime, "games": len(self.matches),
               "seconds": round(self.seconds, 3),
               "games_per_s": round(len(self.matches) / self.seconds, 3) if self.seconds else None}
        if runtime == "micropython":
            out["peak_heap_bytes"] = self.peak_heap
            out["fuel_per_hand"] = percentiles(self.hand_fuel)
            out["fuel_per_ai_decision"] = percentiles(self.decision_fuel)
        return out


def percentiles(xs):
    if not xs:
        return {"p50": None, "p99": None, "max": None, "mean": None, "n": 0}
    s = sorted(xs)

    def at(q):
        return s[min(len(s) - 1, int(q * len(s)))]

    return {"p50": at(0.50), "p99": at(0.99), "max": s[-1],
            "mean": round(sum(s) / len(s)), "n": len(s)}


def seeds_from(seed, games):
    return [seed + i for i in range(games)]


def run_cpython(variant, players, seeds, target=0, transcripts=False, on_match=None, levels=None):
    """levels: the AI level of each side (default: level 2 everywhere)."""
    from ai.selfplay import play_match
    from ai import leveled

    rep = SimReport()
    t0 = time.perf_counter()
    for s in seeds:
        lines: list[str] = []
        r = play_match(variant, players, s, target, emit=lines.append if transcripts else None,
                       players=leveled.players(players, s, levels) if levels else None)
        if transcripts:
            rep.transcripts[s] = "".join(lines)
        rep.matches.append(r)
        if on_match:
            on_match(r)
    rep.seconds = time.perf_counter() - t0
    return rep


def run_micropython(variant, players, seeds, target=0, heap=192 * 1024, meter=True,
                    transcripts=False, on_match=None, levels=None):
    from emulator.runtimes import wasi

    rep = SimReport()
    guest = wasi.Guest(heap=heap)
    if levels:
        script = guest_script("sim_leveled.py", (variant, players), (target, tuple(levels)), seeds, transcripts, meter)
    else:
        script = guest_script("sim_selfplay.py", (variant, players), (target,), seeds, transcripts, meter)
    st = {"mark": None, "overhead": None, "hand": None, "lines": []}

    def on_line(text, fuel):
        c = text[:1]
        if c == "{":
            r = json.loads(text)
            if transcripts:
                rep.transcripts[r["seed"]] = "".join(st["lines"])
                st["lines"] = []
            _close_hand(st, rep)
            st["hand"] = None
            rep.peak_heap = max(rep.peak_heap, r["peak_heap_bytes"])
            rep.matches.append(r)
            if on_match:
                on_match(r)
        elif c == "T":
            st["lines"].append(text[1:] + "\n")
        elif c in "DP":
            st["mark"] = fuel
        elif c in "dp":
            work = fuel - st["mark"]
            if st["overhead"] is None:
                st["overhead"] = work          # calibration pair: nothing between D and d
                return
            work -= st["overhead"]
            if c == "d":
                rep.decision_fuel.append(work)
            if st["hand"] is not None:
                st["hand"] += work
        elif c == "H":
            _close_hand(st, rep)
            st["hand"] = 0

    t0 = time.perf_counter()
    guest.run(script, on_line=on_line)
    rep.seconds = time.perf_counter() - t0
    return rep


def transcript_name(variant, players, seed):
    return f"{variant}-{players}p-seed{seed}.txt"


def write_transcripts(rep, folder, variant, players):
    """Each transcript of rep into folder (one file per match); yields the paths."""
    for seed, text in rep.transcripts.items():
        path = os.path.join(folder, transcript_name(variant, players, seed))
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        yield path


def _close_hand(st, rep):
    if st["hand"]:
        rep.hand_fuel.append(st["hand"])


# --- the command -------------------------------------------------------------
def add_parser(sub):
    s = sub.add_parser("sim", help="play whole matches between AIs")
    s.add_argument("--variant", default="burako", choices=VARIANTS)
    s.add_argument("--players", type=int, default=2, choices=(2, 4))
    s.add_argument("--games", type=whole(1, MAX_GAMES, "matches"), default=1,
                   help=f"matches to play, 1..{MAX_GAMES}")
    s.add_argument("--seed", type=whole(0, transcript.MAX_SEED, "the first seed"), default=1,
                   help="seed of the first match; the next ones count up")
    s.add_argument("--target", type=whole(0, rules.MAX_TARGET, "the target"), default=0,
                   help=f"points to win, up to {rules.MAX_TARGET} (default 0: the variant's)")
    s.add_argument("--runtime", default="cpython", choices=("cpython", "micropython"))
    s.add_argument("--levels", default=None, metavar="A,B",
                   help=f"AI level (1-{LEVELS}) of side 1 and side 2, e.g. 4,3 (default: level 2 for both)")
    s.add_argument("--heap", type=whole(MIN_HEAP, MAX_HEAP, "the heap in bytes"),
                   help=f"MicroPython heap in bytes (-X heapsize), {MIN_HEAP}..{MAX_HEAP}")
    s.add_argument("--json", action="store_true", help="one JSON object per match, then a summary")
    s.add_argument("--transcripts", metavar="DIR", default=None,
                   help="write each match's transcript into DIR (check one with `burako replay`)")
    s.set_defaults(func=run)
    return s


def run(a):
    variant = rules_named(a.variant)
    if a.players not in variant.players:
        raise UsageError(f"{a.variant} is for {' or '.join(map(str, variant.players))} players")
    if a.seed + a.games - 1 > transcript.MAX_SEED:
        raise UsageError(f"--seed {a.seed} with --games {a.games} runs past the last seed, {transcript.MAX_SEED}")
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
        if len(levels) != 2 or not all(1 <= x <= LEVELS for x in levels):
            raise UsageError(f"--levels {a.levels[:40]!r}: one level 1-{LEVELS}, or one per side, e.g. 4,3")
    if a.transcripts is not None:
        try:
            os.makedirs(a.transcripts, exist_ok=True)
            probe = os.path.join(a.transcripts, ".burako-write-test")
            with open(probe, "w"):
                pass
            os.remove(probe)
        except OSError as e:
            raise UsageError(f"cannot write transcripts to {a.transcripts}: {e.strerror}")
    seeds = seeds_from(a.seed, a.games)
    keep = a.transcripts is not None

    emit = per_match(len(seeds), a.json)

    if a.runtime == "micropython":
        from emulator.runtimes import wasi

        try:
            rep = run_micropython(a.variant, a.players, seeds, a.target,
                                      heap=a.heap or 192 * 1024, meter=True, transcripts=keep,
                                      on_match=emit, levels=levels)
        except wasi.GuestMemoryError as e:
            raise UsageError(f"MicroPython ran out of heap ({a.heap or 192 * 1024} bytes): {e.traceback.strip().splitlines()[-1]}")
        except wasi.MpyError as e:
            raise UsageError(f"MicroPython stopped: {str(e).splitlines()[0] if str(e) else type(e).__name__}")
    else:
        rep = run_cpython(a.variant, a.players, seeds, a.target, transcripts=keep, on_match=emit,
                              levels=levels)
    if keep:
        try:
            for path in write_transcripts(rep, a.transcripts, a.variant, a.players):
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
