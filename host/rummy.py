"""`burako rummy`: Rummy israeli (docs/rummy.md), the other game on the same
tiles. `solve` prints the best play for a position, `sim` plays AI matches
(CPython or inside real MicroPython), `replay` checks a transcript.

Bad input: one line on stderr, exit 2. `solve` exits 0 when a play exists,
1 when none does; `replay` 1 when a move is illegal.
"""
from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass, field

from emulator.paths import use_firmware
from host.args import whole
from host.progress import per_match
from host.sim import SimReport, guest_script, percentiles

use_firmware()

from rummy import rules as rummy_rules  # noqa: E402
from rummy import reasons_en as rummy_reasons  # noqa: E402
from rummy import solve as rummy_solve  # noqa: E402
from rummy import dp as rummy_dp  # noqa: E402
from engine import tiles  # noqa: E402


class _Bad(Exception):
    pass


def _fail(msg):
    print(f"burako rummy: {msg}", file=sys.stderr)
    return 2


def _melds(text, where):
    if not text.strip():
        return ()
    out = []
    for i, part in enumerate(text.split("|")):
        words = part.replace(",", " ").split()
        if not words:
            raise _Bad(f"{where}: meld {i + 1} is empty")
        ts = bytearray()
        for w in words:
            t = tiles.parse(w)
            if t < 0:
                raise _Bad(f"{where}: {_cut(w)!r} is not a tile (write R5, B13, Y1, K2 or *)")
            ts.append(t)
        r = rummy_rules.check_meld(ts)
        if r:
            raise _Bad(f"{where}: {tiles.list_text(ts)} is not a meld: {rummy_reasons.text(r)}")
        out.append(bytes(ts))
    return tuple(out)


def _rack(text):
    ts = bytearray()
    for w in text.replace(",", " ").split():
        t = tiles.parse(w)
        if t < 0:
            raise _Bad(f"--rack: {_cut(w)!r} is not a tile (write R5, B13, Y1, K2 or *)")
        ts.append(t)
    return bytes(ts)


def _cut(text, n=20):
    # what the user wrote, short enough for a one-line error
    return text if len(text) <= n else text[:n] + "..."


def _check_counts(table, rack, closing):
    c = tiles.counts(rack)
    for m in table:
        tiles.counts(m, c)
    if closing != rummy_rules.NO_TILE:
        c[closing] += 1
    for t in range(tiles.NCODES):
        if c[t] > 2:
            raise _Bad(f"{tiles.to_text(t)} appears {c[t]} times: there are only 2")


# --- burako rummy solve -------------------------------------------------------
def cmd_solve(a):
    try:
        table = _melds(a.table, "--table")
        rack = _rack(a.rack)
        closing = rummy_rules.NO_TILE
        if a.closing:
            closing = tiles.parse(a.closing)
            if closing < 0:
                raise _Bad(f"--closing: {_cut(a.closing)!r} is not a tile")
        if not rack:
            raise _Bad("--rack is empty")
        if a.limit < 1:
            raise _Bad("--limit must be at least 1")
        _check_counts(table, rack, closing)
    except _Bad as e:
        return _fail(str(e))
    t0 = time.perf_counter()
    r = rummy_solve.solve(table, rack, not a.first, closing, a.limit, key=rummy_dp.dp_play)
    secs = time.perf_counter() - t0
    if r is None:
        out = {"play": False, "table": None, "laid": None, "points": 0, "closes": False,
               "exact": None, "seconds": round(secs, 4)}
    else:
        laid = _laid(r[0], table)
        out = {"play": True, "table": [tiles.list_text(m) for m in r[0]], "laid": tiles.list_text(laid),
               "points": r[1], "closes": r[2], "exact": r[3], "seconds": round(secs, 4)}
    if a.json:
        print(json.dumps(out))
    elif r is None:
        print("no play" + (" reaches 30 points from the rack" if a.first else ""))
    else:
        print(rummy_rules.table_text(r[0]))
        extra = ", closes" if r[2] else ""
        exact = " (proven best)" if r[3] else " (best found within the node budget, not proven best)"
        print(f"laid {out['laid']}: {r[1]} points{extra}{exact}")
    return 0 if r is not None else 1


def _laid(new, old):
    # what the new table holds beyond the old one
    c = bytearray(tiles.NCODES)
    for m in new:
        tiles.counts(m, c)
    for m in old:
        for t in m:
            c[t] -= 1
    out = bytearray()
    for t in range(tiles.NCODES):
        out.extend(bytes([t]) * c[t])
    return out


# --- burako rummy sim -----------------------------------------------------------
# The guest is host/sim.py's (its GC rule: docs/micropython-harness.md),
# playing rummy/ai.steps.


@dataclass
class Report(SimReport):
    search_fuel: list = field(default_factory=list)   # the decisions that searched for a play

    def summary(self, runtime):
        out = super().summary(runtime)
        if runtime == "micropython":
            del out["fuel_per_hand"]        # Rummy's guest marks decisions, not hands
            out["fuel_per_play_search"] = percentiles(self.search_fuel)
        return out


def run_cpython(players, seeds, hands=4, target=0, levels=None, transcripts=False, on_match=None):
    from rummy import ai as rummy_ai
    rep = Report()
    t0 = time.perf_counter()
    for s in seeds:
        lines = []
        r = rummy_ai.play_match(players, s, hands, target, levels, lines.append if transcripts else None)
        if transcripts:
            rep.transcripts[s] = "".join(lines)
        rep.matches.append(r)
        if on_match:
            on_match(r)
    rep.seconds = time.perf_counter() - t0
    return rep


def run_micropython(players, seeds, hands=4, target=0, levels=None, heap=128 * 1024,
                    meter=True, transcripts=False, on_match=None, decisions=None):
    """Matches inside real MicroPython. decisions, a list, receives
    (fuel, phase marker) for each AI decision when metering."""
    from emulator.runtimes import wasi

    rep = Report()
    script = guest_script("sim_rummy.py", (players,), (hands, target, None if levels is None else tuple(levels)), seeds,
                          transcripts, meter)
    st = {"mark": None, "overhead": None, "lines": []}

    def on_line(text, fuel):
        c = text[:1]
        if c == "{":
            r = json.loads(text)
            if transcripts:
                rep.transcripts[r["seed"]] = "".join(st["lines"])
                st["lines"] = []
            rep.peak_heap = max(rep.peak_heap, r["peak_heap_bytes"])
            rep.matches.append(r)
            if on_match:
                on_match(r)
        elif c == "T":
            st["lines"].append(text[1:] + "\n")
        elif c == "D" or c == "S":
            st["mark"] = fuel
            st["kind"] = c
        elif c == "d":
            work = fuel - st["mark"]
            if st["overhead"] is None:
                st["overhead"] = work
                return
            rep.decision_fuel.append(work - st["overhead"])
            if st["kind"] == "S":
                rep.search_fuel.append(work - st["overhead"])

    t0 = time.perf_counter()
    wasi.Guest(heap=heap).run(script, on_line=on_line)
    rep.seconds = time.perf_counter() - t0
    return rep


# A match stops after rummy/ai.MAX_MOVES (20000) moves as a bug; a 2-player
# hand between level-1 AIs (they never close) takes ~160 moves, so 100 hands
# stay inside it (15,635 moves measured). The console offers 1 to 8 hands. A
# target alone can need many hands: two level-3 AIs took up to 113 hands
# (13,446 moves) to reach 1000, so the target stops at half that.
MAX_HANDS = 100
MAX_TARGET = 500
MAX_SEED = 0xFFFFFFFF


def cmd_sim(a):
    from rummy.ai import MatchError

    if a.seed + a.games - 1 > MAX_SEED:
        return _fail(f"--seed {a.seed} with --games {a.games} runs past the last seed, {MAX_SEED}")
    if not (a.hands or a.target):
        return _fail("a match needs --hands or --target (or both)")
    try:
        levels = [int(x) for x in a.levels.split(",")]
    except ValueError:
        return _fail("--levels: write levels 1 to 3 separated by commas, e.g. 3,1")
    if len(levels) == 1:
        levels = levels * a.players
    if len(levels) != a.players or not all(1 <= x <= 3 for x in levels):
        return _fail(f"--levels: give one level (1 to 3) or {a.players} of them")
    if a.heap is not None and a.runtime != "micropython":
        return _fail("--heap needs --runtime micropython")
    seeds = [a.seed + i for i in range(a.games)]

    emit = per_match(len(seeds), a.json)
    if a.runtime == "micropython":
        from emulator.runtimes import wasi

        heap = a.heap or 128 * 1024
        try:
            rep = run_micropython(a.players, seeds, a.hands, a.target, levels, heap=heap, on_match=emit)
        except wasi.GuestMemoryError as e:
            return _fail(f"MicroPython ran out of heap ({heap} bytes): "
                         f"{e.traceback.strip().splitlines()[-1]}")
        except wasi.GuestError as e:
            # the guest's MatchError, or a trap: one line, the run failed
            last = (e.traceback or "").strip().splitlines()
            print(f"burako rummy: MicroPython stopped: {last[-1] if last else str(e).splitlines()[0]}",
                  file=sys.stderr)
            return 1
    else:
        try:
            rep = run_cpython(a.players, seeds, a.hands, a.target, levels, on_match=emit)
        except MatchError as e:
            # not the user's mistake (the ranges above keep matches short): a
            # failed run, said in one line
            print(f"burako rummy: {e}", file=sys.stderr)
            return 1
    summ = rep.summary(a.runtime)
    if a.json:
        print(json.dumps(summ))
        return 0
    for m in rep.matches:
        win = ",".join(str(w) for w in m["winners"])
        print(f"seed {m['seed']}: scores {' '.join(str(s) for s in m['scores'])}  winner {win}  "
              f"({m['hands']} hands, {m['closed']} closed, {m['moves']} moves)")
    line = f"{summ['games']} matches in {summ['seconds']} s ({summ['games_per_s']} /s, {a.runtime})"
    if a.runtime == "micropython":
        d = summ["fuel_per_play_search"]
        line += f"; peak heap {summ['peak_heap_bytes']} bytes; fuel per play search p50 {d['p50']} max {d['max']}"
    print(line)
    return 0


# --- burako rummy replay --------------------------------------------------------
def cmd_replay(a):
    try:
        if a.file == "-":
            text = sys.stdin.read()
        else:
            with open(a.file, encoding="utf-8") as f:
                text = f.read()
    except OSError as e:
        return _fail(f"cannot read {a.file}: {e.strerror}")
    except UnicodeDecodeError:
        return _fail(f"{a.file} is not text")
    g, err = rummy_rules.replay(text.splitlines()) or (None, "no moves")   # (replay always returns a pair)
    if g is None:
        return _fail(f"{a.file}: {err}")
    print(position_text(g))
    if err:
        print(f"illegal move at {err}")
        return 1
    return 0


def position_text(g):
    lines = [f"hand {g.hand}, player {g.turn} to move ({['draw', 'play', 'hand over', 'match over'][g.phase]})"]
    lines.append("table: " + (rummy_rules.table_text(g.table) or "(empty)"))
    lines.append(f"stock: {len(g.stock)} tiles; closing tile: "
                 + (tiles.to_text(g.closing) if g.closing != rummy_rules.NO_TILE else "(used)"))
    for p in range(g.n):
        lines.append(f"player {p}: score {g.scores[p]}, rack {tiles.list_text(sorted(g.racks[p]))}")
    if g.phase == rummy_rules.P_MATCH_OVER:
        lines.append("winner: " + ", ".join(f"player {w}" for w in g.winners))
    return "\n".join(lines)


def add_parser(sub):
    r = sub.add_parser("rummy", help="Rummy israeli: solve a position, simulate, replay")
    rs = r.add_subparsers(dest="rummy_cmd", metavar="COMMAND", parser_class=type(r))
    r.set_defaults(func=lambda a: (r.print_help(), 2)[1])

    s = rs.add_parser("solve", help="the play laying the most points (rearranging the table)")
    s.add_argument("--table", default="", help='melds separated by |, e.g. "R3 R4 R5 | K7 B7 Y7"')
    s.add_argument("--rack", required=True, help='tiles, e.g. "R6 Y10 *"')
    s.add_argument("--closing", default="", help="the closing tile, if still there (R13.8)")
    s.add_argument("--first", action="store_true", help="the player has not exposed yet (R13.6: 30 points, rack only)")
    s.add_argument("--limit", type=int, default=10**8,
                   help="work budget in units (default: room for the exact programme, a few seconds at most)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_solve)

    from host.args import MAX_GAMES, MAX_HEAP, MIN_HEAP

    m = rs.add_parser("sim", help="play whole matches between AIs")
    m.add_argument("--players", type=whole(2, 4, "players"), default=2)
    m.add_argument("--games", type=whole(1, MAX_GAMES, "matches"), default=1,
                   help=f"matches to play, 1..{MAX_GAMES}")
    m.add_argument("--seed", type=whole(0, MAX_SEED, "the first seed"), default=1,
                   help="seed of the first match; the next ones count up")
    m.add_argument("--hands", type=whole(0, MAX_HANDS, "hands per match"), default=4,
                   help=f"hands per match, up to {MAX_HANDS} (0: play to --target)")
    m.add_argument("--target", type=whole(0, MAX_TARGET, "the target"), default=0,
                   help=f"end once a player's total reaches this, up to {MAX_TARGET}")
    m.add_argument("--levels", default="3", help="AI level per player (1-3), e.g. 3 or 3,1")
    m.add_argument("--runtime", default="cpython", choices=("cpython", "micropython"))
    m.add_argument("--heap", type=whole(MIN_HEAP, MAX_HEAP, "the heap in bytes"),
                   help=f"MicroPython heap in bytes (-X heapsize), {MIN_HEAP}..{MAX_HEAP}")
    m.add_argument("--json", action="store_true", help="one JSON object per match, then a summary")
    m.set_defaults(func=cmd_sim)

    p = rs.add_parser("replay", help="check a Rummy transcript move by move")
    p.add_argument("file", metavar="FILE", help="transcript file, or - for stdin")
    p.set_defaults(func=cmd_replay)
    return sub
