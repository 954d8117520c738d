"""`burako league`: a round robin between AI levels on duplicate deals.

Every deal (a seed) is played twice with the sides swapped, so the luck of
the tiles and of who starts cancels. For each pair of levels it prints how
often the first beats the second with a 95 % Wilson interval, and each
level's mean points per hand. Under `--runtime micropython` the matches run
inside real MicroPython (emulator/guests/league_match.py, the same guest loop
as `burako sim`: emulator/guests/sim_match.py says why garbage is collected only
between steps) and each AI decision is metered in fuel, per level.
"""
from __future__ import annotations

import json
import math
import sys
import time

import ai
from host.args import whole
from host.progress import Progress

LEVELS = tuple(range(1, ai.LEVELS + 1))      # the console's (firmware/ai/__init__.py)
MAX_SEED = 0xFFFFFFFF
MAX_MATCHES = 1000000     # per pair, as `burako sim --games`
Z95 = 1.959963984540054


class LeagueError(Exception):
    """Bad input: one line, exit code 2."""


def wilson(wins, n, z=Z95):
    """The Wilson score interval of a proportion wins/n, as (low, high)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    # at 0 and n the interval's end is the bound itself (no rounding short of it)
    return (0.0 if wins == 0 else mid - half, 1.0 if wins == n else mid + half)


def schedule(levels, matches, seed):
    """(a, b, seed, sides) for every match: sides[s] is the level playing side s.
    Each pair plays matches // 2 deals, each deal once each way round."""
    out = []
    for i, a in enumerate(levels):
        for b in levels[i + 1:]:
            for k in range(matches // 2):
                out.append((a, b, seed + k, (a, b)))
                out.append((a, b, seed + k, (b, a)))
    return out


def play_cpython(games, variant, players, on_result):
    from ai import make
    from ai.selfplay import play_match

    for a, b, seed, sides in games:
        # level 4's own random numbers: seeded per match and seat, never from the deal
        r = play_match(variant, players, seed, players=[make(sides[p % 2], seed * 4 + p) for p in range(players)])
        on_result({"seed": seed, "winner": r["winner"], "history": r["history"]}, None)


def play_micropython(games, variant, players, on_result, heap=192 * 1024):
    from emulator.runtimes import wasi

    guest = wasi.Guest(heap=heap, fuel=10 ** 15)
    # emulator/guests/league_match.py: each decision bracketed by D<level> / d
    script = wasi.program("league_match.py", _GAMES=tuple((g[2], tuple(g[3])) for g in games), _VARIANT=variant,
                          _PLAYERS=players)
    st = {"mark": None, "level": 0, "overhead": None, "fuel": {}}

    def on_line(text, fuel):
        c = text[:1]
        if c == "{":
            on_result(json.loads(text), st["fuel"])
            st["fuel"] = {}
        elif c == "D":
            st["mark"] = fuel
            st["level"] = int(text[1:])
        elif c == "d":
            work = fuel - st["mark"]
            if st["overhead"] is None:
                st["overhead"] = work
                return
            st["fuel"].setdefault(st["level"], []).append(work - st["overhead"])

    guest.run(script, on_line=on_line)


def percentiles(xs):
    s = sorted(xs)
    if not s:
        return {"p50": None, "p99": None, "max": None, "n": 0}

    def at(q):
        return s[min(len(s) - 1, int(q * len(s)))]

    return {"p50": at(0.50), "p99": at(0.99), "max": s[-1], "n": len(s)}


def run(levels, players=2, variant="burako", matches=40, seed=1, runtime="cpython",
        heap=192 * 1024, progress=None):
    """The league as a dict (what --json prints)."""
    games = schedule(levels, matches, seed)
    wins = {}
    points = {lv: [0, 0] for lv in levels}          # level -> [points, hands]
    fuel = {lv: [] for lv in levels}
    peak = [0]
    done = [0]

    def on_result(r, fuel_by_level):
        a, b, s, sides = games[done[0]]
        assert r["seed"] == s
        w = wins.setdefault((a, b), [0, 0])
        w[1] += 1
        if r["winner"] >= 0 and sides[r["winner"]] == a:
            w[0] += 1
        for h in r["history"]:
            for side in (0, 1):
                points[sides[side]][0] += h[side]
                points[sides[side]][1] += 1
        for lv, xs in (fuel_by_level or {}).items():
            fuel[lv].extend(xs)
        peak[0] = max(peak[0], r.get("peak_heap_bytes", 0))
        done[0] += 1
        if progress:
            progress(done[0], len(games))

    t0 = time.perf_counter()
    if runtime == "micropython":
        play_micropython(games, variant, players, on_result, heap)
    else:
        play_cpython(games, variant, players, on_result)
    out = {"variant": variant, "players": players, "runtime": runtime, "levels": list(levels),
           "matches_per_pair": matches // 2 * 2, "first_seed": seed,
           "seconds": round(time.perf_counter() - t0, 2), "pairs": [],
           "points_per_hand": {str(lv): round(p / h, 1) if h else None for lv, (p, h) in points.items()}}
    for (a, b), (k, n) in wins.items():
        lo, hi = wilson(k, n)
        out["pairs"].append({"a": a, "b": b, "matches": n, "wins_a": k, "win_rate_a": round(k / n, 4),
                             "ci95": [round(lo, 4), round(hi, 4)]})
    if runtime == "micropython":
        out["peak_heap_bytes"] = peak[0]
        out["fuel_per_decision"] = {str(lv): percentiles(xs) for lv, xs in fuel.items()}
    return out


def table(res):
    """The readable form: the win matrix (row beats column), then points per hand."""
    levels = res["levels"]
    rate = {}
    for p in res["pairs"]:
        rate[(p["a"], p["b"])] = (p["win_rate_a"], p["ci95"], p["matches"])
        rate[(p["b"], p["a"])] = (1 - p["win_rate_a"], [1 - p["ci95"][1], 1 - p["ci95"][0]], p["matches"])
    w = 22
    lines = [f"league: {res['variant']}, {res['players']} players, {res['matches_per_pair']} matches "
             f"per pair on duplicate deals from seed {res['first_seed']} ({res['runtime']}, {res['seconds']} s)",
             "row beats column: win rate [95% Wilson interval]",
             " " * 9 + "".join(f"{'level ' + str(b):<{w}}" for b in levels)]
    for a in levels:
        cells = []
        for b in levels:
            if a == b:
                cells.append(f"{'-':<{w}}")
            else:
                r, ci, _ = rate[(a, b)]
                cells.append(f"{f'{r * 100:.1f}% [{ci[0] * 100:.1f}, {ci[1] * 100:.1f}]':<{w}}")
        lines.append(f"level {a}  " + "".join(cells))
    lines.append("mean points per hand: " + ", ".join(
        f"level {lv} {res['points_per_hand'][str(lv)]}" for lv in levels))
    if "fuel_per_decision" in res:
        lines.append(f"fuel per decision (peak heap {res['peak_heap_bytes']} B):")
        for lv in levels:
            f = res["fuel_per_decision"][str(lv)]
            lines.append(f"  level {lv}: p50 {f['p50']:,}  p99 {f['p99']:,}  max {f['max']:,}  ({f['n']} decisions)")
    return "\n".join(lines)


def parse_levels(text):
    try:
        levels = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise LeagueError(f"--levels {text!r}: expected levels like 1,2,3")
    if len(set(levels)) != len(levels) or len(levels) < 2 or any(lv not in LEVELS for lv in levels):
        raise LeagueError(f"--levels {text!r}: two or more different levels from {', '.join(map(str, LEVELS))}")
    return levels


def check(a):
    """Validate the arguments; returns the levels."""
    levels = parse_levels(a.levels)
    from engine import rules
    allowed = rules.by_name(a.variant).players
    if a.players not in allowed:
        raise LeagueError(f"{a.variant} is for {' or '.join(map(str, allowed))} players")
    if a.matches % 2:
        raise LeagueError(f"--matches {a.matches} is odd: each deal is played both ways round")
    if a.seed + a.matches // 2 - 1 > MAX_SEED:
        raise LeagueError(f"--seed {a.seed} with --matches {a.matches} runs past the last seed, {MAX_SEED}")
    return levels


def cmd_league(a):
    try:
        levels = check(a)
    except LeagueError as e:
        print(f"burako league: {e}", file=sys.stderr)
        return 2
    bar = Progress()
    res = run(levels, a.players, a.variant, a.matches, a.seed, a.runtime,
              progress=lambda done, total: bar("matches", done, total))
    if a.json:
        print(json.dumps(res))
    else:
        print(table(res))
    return 0


def add_parser(sub):
    p = sub.add_parser("league", help="round robin between AI levels on duplicate deals")
    p.add_argument("--levels", default="1,2,3", help=f"comma-separated AI levels, 1 to {ai.LEVELS} (default 1,2,3)")
    p.add_argument("--players", type=int, default=2, choices=(2, 4))
    p.add_argument("--variant", default="burako", choices=("burako", "torneo", "burraco"))
    p.add_argument("--matches", type=whole(2, MAX_MATCHES, "matches per pair"), default=40,
                   help=f"matches per pair of levels (even, 2..{MAX_MATCHES}; default 40)")
    p.add_argument("--seed", type=whole(0, MAX_SEED, "the first seed"), default=1,
                   help="seed of the first deal")
    p.add_argument("--runtime", default="cpython", choices=("cpython", "micropython"))
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.set_defaults(func=cmd_league)
