"""`burako scores plot`: the history as a picture that answers two questions (matplotlib, Agg:
no display needed).

Top, "who is winning?": each player's win rate as they play, a rolling mean over that
player's last matches with a known seat (window()), against the player's own match count
(in history order: each console's log order, consoles in pull order), with 50 % marked; at
most TOP players, the named ones with most matches first, the AI levels dashed. Bottom, "who
scores?": one panel per variant (at most PANELS, the largest), each player's points per hand
as a bar with its 95 % interval; Rummy israeli's are penalty points (lower is better), so
variants never share an axis. Legends sit outside the data. 1200x800 pixels as PNG (SVG:
12x8 inches).
"""
from __future__ import annotations

import math

from host import history

SIZE = (12, 8)  # inches
DPI = 100  # PNG: 1200x800 pixels
TOP = 10  # players drawn in the win-rate panel (the colour cycle's ten colours)
PANELS = 3  # variants drawn as points-per-hand panels
MIN_MATCHES = 5  # a player's line starts once this many matches have a known seat


def window(n):
    """The rolling window for a player with n matches: 10 .. 100, about a quarter of them."""
    return max(10, min(100, n // 4))


def series(matches):
    """{player: (the player's match numbers, rolling win rate)}, each line starting once its
    window is full (or at MIN_MATCHES for a short one): the first few matches say little."""
    runs = {}
    for i, m in enumerate(matches, 1):
        seen, _ = history.who_played(m)
        w = m["record"]["winner"]
        for name, side in seen.items():
            if side is not None:
                runs.setdefault(name, ([], []))
                runs[name][0].append(len(runs[name][0]) + 1)
                runs[name][1].append(1 if w == side else 0)
    out = {}
    for name, (xs, wins) in runs.items():
        if len(xs) < MIN_MATCHES:
            continue
        k = window(len(xs))
        rate, total = [], 0
        first = min(k, len(xs)) - 1
        for j, won in enumerate(wins):
            total += won
            if j >= k:
                total -= wins[j - k]
            if j >= first:
                rate.append(total / min(j + 1, k))
        out[name] = (xs[first:], rate)
    return out


def points(matches):
    """{variant: {player: (hands, mean points per hand, 95 % half-width)}}."""
    acc = {}
    for m in matches:
        rec = m["record"]
        sides = history.sides_of(m)
        for s, labels in enumerate(sides):
            for name in set(labels):
                a = acc.setdefault(rec["variant"], {}).setdefault(name, [0, 0.0, 0.0])
                for h in rec["hands"]:
                    a[0] += 1
                    a[1] += h[s]
                    a[2] += h[s] * h[s]
    out = {}
    for v, d in acc.items():
        out[v] = {}
        for name, (n, s1, s2) in d.items():
            if n:
                mean = s1 / n
                var = max(0.0, s2 / n - mean * mean)
                out[v][name] = (n, mean, history.Z95 * math.sqrt(var / n) if n > 1 else 0.0)
    return out


def write(matches, path):
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    from matplotlib.ticker import PercentFormatter

    pts = points(matches)
    variants = sorted(pts, key=lambda v: -sum(n for n, _, _ in pts[v].values()))[:PANELS]
    fig = Figure(figsize=SIZE, dpi=DPI, layout="constrained")
    gs = fig.add_gridspec(2, max(1, len(variants)), height_ratios=(3, 2))
    top = fig.add_subplot(gs[0, :])
    ser = series(matches)
    count = {k: ser[k][0][-1] for k in ser}
    shown = sorted(ser, key=lambda k: (k.startswith("AI") or k in ("human", "?"), -count[k]))[:TOP]
    for name in sorted(shown, key=lambda k: (k.startswith("AI"), k)):
        xs, rate = ser[name]
        top.plot(xs, rate, "--" if name.startswith("AI") else "-", linewidth=1.6,
                 label=f"{name} ({count[name]}, last {window(count[name])})")
    top.axhline(0.5, color="0.6", linewidth=0.8, linestyle="--")
    left_out = len(ser) - len(shown)
    top.set_title("Win rate as each player plays (rolling mean over their last matches)"
                  + (f"; {left_out} more not drawn" if left_out else ""))
    top.set_xlabel(f"the player's matches (history order; {len(matches)} matches in all)")
    top.set_ylabel("wins / matches")
    top.set_ylim(-0.02, 1.02)
    top.set_xlim(0, max([1] + [count[k] for k in shown]) + 1)
    top.yaxis.set_major_formatter(PercentFormatter(1.0))
    if shown:
        top.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small",
                   title="player (matches, window)", title_fontsize="small", frameon=False)
    else:
        top.text(0.5, 0.5, f"no player has {MIN_MATCHES} matches with a known seat yet",
                 ha="center", va="center", transform=top.transAxes, color="0.4")
    for j, v in enumerate(variants):
        ax = fig.add_subplot(gs[1, j])
        d = pts[v]
        names = sorted(d, key=lambda k: -d[k][0])[:TOP]
        names.sort()
        ys = range(len(names))
        ax.barh(ys, [d[k][1] for k in names], xerr=[d[k][2] for k in names], color="C0", alpha=0.8,
                error_kw={"elinewidth": 1, "capsize": 2})
        ax.set_yticks(list(ys), names, fontsize="small")
        ax.invert_yaxis()
        ax.axvline(0, color="0.6", linewidth=0.8)
        rummy = v == "rummy"
        ax.set_title(f"{v}: {'penalty points' if rummy else 'points'} per hand"
                     + (" (lower is better)" if rummy else ""), fontsize="medium")
        ax.set_xlabel(f"mean over {sum(d[k][0] for k in names)} hands (bar: 95 % interval)", fontsize="small")
    fig.savefig(path, dpi=DPI)
