"""CPython self-play speed: AI level 2 against itself, against the baseline of 92457a9.

    .venv/bin/python benchmarks/selfplay_figures.py [--json] [--seeds N] [--rounds R]

Whole burako matches between level-2 AIs (seeds 1..N, 2 and 4 players) in this checkout, and
the same seeds played by 92457a9's own tree: its engine and its AI, the baseline the levels
were measured against (docs/ai.md; its BasicAI(2) is that baseline's full play). Each run is a fresh interpreter that times its
matches with process_time() (CPU time of that process: the machine's other work does not
count, its interpreter start-up neither). The two trees take turns, R rounds each, and a
round's ratio is this tree's hands per CPU second over the baseline's; the median ratio is
the figure (the machine's speed drifts between rounds, the pair's ratio much less).

--json ends with one flat object: selfplay_hands_per_cpu_s_{2,4}p (this tree, median),
selfplay_base_hands_per_cpu_s_{2,4}p, selfplay_speedup_{2,4}p (median ratio) with its
_min/_max, selfplay_seeds, selfplay_rounds.

The baseline's tree comes out of git (`git archive 92457a9`) into a temporary folder; without
the git history (a wheel, a tarball, a shallow clone without that commit) there is no
baseline: the script says so on stderr, prints this tree's figures only and exits 0.
"""
import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile

BASE = "92457a9"      # the baseline of the AI levels (docs/ai.md "Speed")
LEVEL = 2
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def child(root, players, seeds, level):
    """Play the matches in the tree at root (its firmware on sys.path, nothing else of this
    checkout) and print 'hands cpu_seconds'."""
    import time
    for folder in ("emulator/shim", "host/shim", "firmware"):      # (92457a9 kept the shim in host/)
        if os.path.isdir(os.path.join(root, folder)):
            sys.path.insert(0, os.path.join(root, folder))
    from ai.selfplay import play_match
    from ai.basic import BasicAI
    t = time.process_time()
    hands = 0
    for seed in range(1, seeds + 1):
        ais = [BasicAI(level) for _ in range(players)]
        hands += play_match("burako", players, seed, players=ais)["deals"]
    print(hands, time.process_time() - t)


def run(root, players, seeds, level):
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", root, str(players),
                          str(seeds), str(level)], capture_output=True, text=True, check=True).stdout
    hands, cpu = out.split()
    return int(hands), float(cpu)


def baseline_tree(folder, root=ROOT):
    """(folder, None) with 92457a9's firmware and shim extracted into it from root's git
    history, or (None, why not)."""
    try:
        data = subprocess.run(["git", "-C", root, "archive", "--format=tar", BASE, "firmware", "host/shim"],
                              capture_output=True, check=True).stdout
    except FileNotFoundError:
        return None, "git is not installed"
    except subprocess.CalledProcessError as e:
        why = e.stderr.decode(errors="replace").strip().splitlines()
        return None, "git cannot show %s here (%s)" % (BASE, why[0][:120] if why else "exit %d" % e.returncode)
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(folder, filter="data")
        else:
            tar.extractall(folder)
    return folder, None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="end with one flat JSON object")
    ap.add_argument("--seeds", type=int, default=100, help="matches per run: seeds 1..N (default 100)")
    ap.add_argument("--rounds", type=int, default=5, help="runs of each tree, in turn (default 5)")
    ap.add_argument("--child", nargs=4, metavar=("ROOT", "PLAYERS", "SEEDS", "LEVEL"), help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.child:
        child(a.child[0], int(a.child[1]), int(a.child[2]), int(a.child[3]))
        return 0
    if a.seeds < 1 or a.rounds < 1:
        print("selfplay_figures.py: --seeds and --rounds must be at least 1", file=sys.stderr)
        return 2
    flat = {"selfplay_seeds": a.seeds, "selfplay_rounds": a.rounds}
    with tempfile.TemporaryDirectory(prefix="burako-base-") as tmp:
        base, why = baseline_tree(tmp)
        if base is None:
            print("selfplay_figures.py: no baseline: %s; this tree's figures only" % why, file=sys.stderr)
        for players in (2, 4):
            mine = []
            theirs = []
            for _ in range(a.rounds):
                mine.append(run(ROOT, players, a.seeds, LEVEL))
                if base is not None:
                    theirs.append(run(base, players, a.seeds, LEVEL))
            rate = [h / cpu for h, cpu in mine]
            flat["selfplay_hands_per_cpu_s_%dp" % players] = round(statistics.median(rate), 1)
            line = "%dp, seeds 1-%d: level 2 %d hands, %.1f hands per CPU second" % (
                players, a.seeds, mine[0][0], statistics.median(rate))
            if theirs:
                base_rate = [h / cpu for h, cpu in theirs]
                ratio = [r / b for r, b in zip(rate, base_rate)]
                flat["selfplay_base_hands_per_cpu_s_%dp" % players] = round(statistics.median(base_rate), 1)
                flat["selfplay_speedup_%dp" % players] = round(statistics.median(ratio), 2)
                flat["selfplay_speedup_%dp_min" % players] = round(min(ratio), 2)
                flat["selfplay_speedup_%dp_max" % players] = round(max(ratio), 2)
                line += "; %s %d hands, %.1f; x%.2f (rounds %.2f..%.2f)" % (
                    BASE, theirs[0][0], statistics.median(base_rate), statistics.median(ratio),
                    min(ratio), max(ratio))
            print(line, flush=True)
    if a.json:
        print(json.dumps(flat, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
