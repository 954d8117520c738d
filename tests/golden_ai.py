"""Golden AI transcripts (tests/golden/ai.json): whole matches between AIs, the Burako family's
(ai/selfplay.py, one level a side as ai/leveled.py pairs them) and Rummy israeli's
(rummy/ai.py), each kept as [the first 16 hex digits of the SHA-256 of its transcript (engine/transcript.py,
rummy/rules.py: every move, the deal's seed in the header), its move count, the final scores].

    python tests/golden.py record --kind ai
    python tests/golden.py check --kind ai
    python tests/golden_ai.py KEY            # one match's transcript (e.g. burako/2p/3v3/s5)

A difference names the match; tests/test_golden_ai.py then replays the recording commit's
code (git archive) for the same match and names the first move that differs."""
from __future__ import annotations

import hashlib
import json
import os
import sys

import golden

AI = os.path.join(golden.GOLDEN, "ai.json")

VARIANTS = ("burako", "torneo", "burraco")
LEVELS = (1, 2, 3, 4)
CROSS = ((1, 2), (2, 3), (3, 4), (4, 1))      # a side against a stronger or the strongest
SEEDS = (1, 2, 3, 4, 5)
CROSS_SEEDS = (6, 7)
RUMMY_LEVELS = (1, 2, 3)
RUMMY_SEEDS = (1, 2, 3, 4)


def keys(group=None):
    """Every match's key: variant/players/levels/seed. group: one variant (or "rummy")."""
    out = []
    for v in VARIANTS:
        for n in (2, 4):
            for lv in LEVELS:
                out += ["%s/%dp/%dv%d/s%d" % (v, n, lv, lv, s) for s in SEEDS]
            for a, b in CROSS:
                out += ["%s/%dp/%dv%d/s%d" % (v, n, a, b, s) for s in CROSS_SEEDS]
    for n in (2, 3, 4):
        for lv in RUMMY_LEVELS:
            out += ["rummy/%dp/%d/s%d" % (n, lv, s) for s in RUMMY_SEEDS]
    if group is not None:
        out = [k for k in out if k.startswith(group + "/")]
    return out


def transcript(key):
    """The whole transcript of one match, as text (today's AIs and engine)."""
    parts = key.split("/")
    variant, n, seed = parts[0], int(parts[1][:-1]), int(parts[3][1:])
    lines = []
    if variant == "rummy":
        from rummy import ai as rummy_ai
        level = int(parts[2])
        r = rummy_ai.play_match(n, seed, 4, 0, [level] * n, lines.append)
    else:
        from ai import leveled
        from ai.selfplay import play_match
        levels = tuple(int(x) for x in parts[2].split("v"))
        r = play_match(variant, n, seed, 0, lines.append, players=leveled.players(n, seed, levels))
    return "".join(lines), r


def summary(key):
    text, r = transcript(key)
    return [hashlib.sha256(text.encode()).hexdigest()[:16], r["moves"]] + list(r["scores"])


def record():
    with open(AI, "w") as f:
        golden.dump({k: summary(k) for k in keys()}, f)


def recorded():
    with open(AI) as f:
        return json.load(f)


def check(group=None):
    want = recorded()
    out = []
    for k in keys(group):
        got = summary(k)
        if got != want.get(k):
            w = want.get(k) or ["?", "?"]
            out.append("ai: %s played differently: %s moves, scores %s (recorded %s moves, %s)%s" % (
                k, got[1], got[2:], w[1], w[2:], first_difference(k)))
    return out


def first_difference(key):
    """The first transcript line that differs from the recording commit's (git archive of the
    commit that last changed ai.json, run in a temporary folder); '' when that cannot be done."""
    import subprocess
    import tempfile
    rel = os.path.relpath(AI, golden.ROOT)
    try:
        if subprocess.run(["git", "diff", "--quiet", "HEAD", "--", rel], cwd=golden.ROOT).returncode:
            return ""
        commit = subprocess.run(["git", "log", "-1", "--format=%H", "--", rel], cwd=golden.ROOT,
                                capture_output=True, text=True, check=True).stdout.strip()
        if not commit:
            return ""
        with tempfile.TemporaryDirectory(prefix="golden-ai-") as tmp:
            golden.export(commit, tmp)
            old = subprocess.run([sys.executable, os.path.join(tmp, "tests", "golden_ai.py"), key],
                                 cwd=tmp, capture_output=True, text=True, timeout=600).stdout
    except (OSError, subprocess.SubprocessError):
        return ""
    new = transcript(key)[0]
    for i, (a, b) in enumerate(zip(old.splitlines(), new.splitlines())):
        if a != b:
            return "; first difference at line %d: recorded %r, now %r" % (i + 1, a, b)
    return "; the recorded transcript has %d lines, now %d" % (len(old.splitlines()), len(new.splitlines()))


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in keys():
        print("usage: python tests/golden_ai.py KEY (one of tests/golden/ai.json's)", file=sys.stderr)
        sys.exit(2)
    sys.stdout.write(transcript(sys.argv[1])[0])
