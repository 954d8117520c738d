"""`burako scores plot`: the history as a picture (matplotlib, Agg: no display needed).

Top: every hand's points for each player, in history order, with a running
mean. Bottom: each player's win rate over the matches so far. 800x600 pixels
as PNG (SVG: 8x6 inches).
"""
from __future__ import annotations

from host import history

SIZE = (8, 6)  # inches
DPI = 100  # PNG: 800x600 pixels


def series(matches):
    """{player: (hand xs, hand points, match xs, win rates so far)} over the history."""
    out = {}
    hand_no = 0
    for i, m in enumerate(matches, 1):
        rec = m["record"]
        players, _ = history.who_played(rec)
        for name, side in players.items():
            s = out.setdefault(name, ([], [], [], [], [0, 0]))
            for j, h in enumerate(rec["hands"]):
                s[0].append(hand_no + j + 1)
                s[1].append(h[side])
            won = s[4]
            won[0] += rec["winner"] == side
            won[1] += 1
            s[2].append(i)
            s[3].append(won[0] / won[1])
        hand_no += len(rec["hands"])
    return {k: v[:4] for k, v in sorted(out.items())}


def write(matches, path):
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    fig = Figure(figsize=SIZE, dpi=DPI)
    top, bottom = fig.subplots(2, 1)
    for name, (hx, pts, mx, rate) in series(matches).items():
        dots = top.plot(hx, pts, ".", alpha=0.35, label=f"{name} (hands)")[0]
        mean, run = [], 0
        for k, p in enumerate(pts, 1):
            run += p
            mean.append(run / k)
        top.plot(hx, mean, "-", color=dots.get_color(), label=f"{name} (mean)")
        bottom.plot(mx, rate, "-", label=name)
    top.set_title("Points per hand")
    top.set_xlabel("hand (history order)")
    top.set_ylabel("points")
    top.axhline(0, color="0.7", linewidth=0.8)
    top.legend(loc="best", fontsize="small")
    bottom.set_title("Win rate so far")
    bottom.set_xlabel("match (history order)")
    bottom.set_ylabel("wins / matches")
    bottom.set_ylim(-0.05, 1.05)
    from matplotlib.ticker import MaxNLocator

    for ax in (top, bottom):
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    bottom.legend(loc="best", fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=DPI)
