"""Plain-text views for the terminal: positions, R7 breakdowns, sim tables."""
from __future__ import annotations

from engine import game
from engine import melds
from engine import score
from engine import tiles

PHASES = ("draw", "play", "rack empty (muerto or close)", "rack empty after discard (muerto or close)",
          "hand over", "match over")
LABELS = ("melded tiles", "pure canastas", "impure canastas", "closing", "muerto", "rack", "total")
# burraco's own words (seed 001, R12): cards, burrachi puliti/sporchi, the pozzetto
CARD_LABELS = ("melded cards", "burraco pulito", "burraco sporco", "closing", "pozzetto", "hand", "total")


def breakdown_table(sides, rules):
    """sides: list of dicts with score.FIELDS keys."""
    head = "".ljust(16) + "".join(f"side {i}".rjust(10) for i in range(len(sides)))
    rows = [head]
    for key, label in zip(score.FIELDS, CARD_LABELS if rules.cards else LABELS):
        vals = []
        for sd in sides:
            v = sd[key]
            if key == "pure_canastas":
                v = f"{v} (+{v * rules.pure_bonus})"
            elif key == "impure_canastas":
                v = f"{v} (+{v * rules.impure_bonus})"
            vals.append(str(v).rjust(10))
        rows.append(label.ljust(16) + "".join(vals))
    return "\n".join(rows)


def position(g):
    out = [f"{g.rules.name}, {g.n} players, seed {g.seed}, hand {g.hand}, "
           f"player {g.turn} to move ({PHASES[g.phase]})",
           f"stock {len(g.stock)}   pile {len(g.pile)}: {tiles.list_text(g.pile, g.rules.cards) or '-'}"]
    for p in range(g.n):
        out.append(f"player {p} (side {game.side_of(p)}) rack: {tiles.list_text(g.racks[p], g.rules.cards) or '-'}")
    for s in range(2):
        muerto = "taken" if g.taken[s] else "waiting"
        out.append(f"side {s}: {'pozzetto' if g.rules.cards else 'muerto'} {muerto}; melds:")
        for i, m in enumerate(g.melds[s]):
            tag = ""
            if melds.is_canasta(m, g.rules):
                tag = "  canasta " + ("pure" if melds.is_pure(m) else "impure")
            out.append(f"  {i}: {melds.text(m, g.rules.cards)}{tag}")
    if g.phase in (game.P_HAND_OVER, game.P_MATCH_OVER):
        res = g.hand_result()
        if res is None:
            out.append("hand void: nobody had a canasta when the stock ran out (R8)")
        else:
            out.append(breakdown_table([dict(zip(score.FIELDS, b)) for b in res], g.rules))
    out.append(f"match: side 0 {g.scores[0]}, side 1 {g.scores[1]} (target {g.target})")
    if g.phase == game.P_MATCH_OVER:
        out.append(f"winner: side {g.winner}")
    return "\n".join(out)


def sim_table(matches, summary):
    rows = [f"{'seed':>6} {'hands':>5} {'side 0':>7} {'side 1':>7} {'winner':>6}  transcript"]
    for r in matches:
        rows.append(f"{r['seed']:>6} {r['hands']:>5} {r['scores'][0]:>7} {r['scores'][1]:>7} "
                    f"{r['winner']:>6}  {r['transcript_sha256'][:16]}")
    line = f"{summary['games']} matches in {summary['seconds']} s ({summary['games_per_s']} matches/s)"
    if summary.get("runtime") == "micropython":
        d = summary["fuel_per_ai_decision"]
        h = summary["fuel_per_hand"]
        line += (f"\nMicroPython: peak heap {summary['peak_heap_bytes']} bytes; "
                 f"fuel per hand p50 {h['p50']}, per AI decision p50 {d['p50']} p99 {d['p99']} max {d['max']}")
    rows.append(line)
    return "\n".join(rows)
