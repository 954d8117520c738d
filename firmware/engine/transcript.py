# A transcript is the whole of a match as text: a header (variant, players,
# seed, target) and one line per move, "<player> <move>". Replaying it gives
# the identical state on any runtime.
from engine import rules as RU
from engine import game as G
from engine import notation as N
from engine import reasons as R

MAGIC = "burako-transcript 1"


def header(g):
    return "%s\nvariant %s\nplayers %d\nseed %d\ntarget %d\n" % (
        MAGIC, g.rules.name, g.n, g.seed, g.target)


def line(player, mv):
    return "%d %s\n" % (player, N.move_text(mv))


def new_game(head):
    """A fresh Game from header fields (a dict of str), or an error string."""
    rules = RU.by_name(head.get("variant", ""))
    if rules is None:
        return "unknown variant %r" % head.get("variant", "")
    try:
        n = int(head.get("players", "0"))
        seed = int(head.get("seed", "0"))
        target = int(head.get("target", "0"))
    except ValueError:
        return "players, seed and target must be whole numbers"
    if n not in rules.players:
        return "%s is played by %s players, not %d" % (
            rules.name, " or ".join([str(p) for p in rules.players]), n)
    return G.Game(rules, n, seed, target)


def replay(lines):
    """Replay transcript lines. Returns (game, None) when every move is legal,
    else (game before the bad move, "line N: why")."""
    head = {}
    g = None
    lineno = 0
    for raw in lines:
        lineno += 1
        s = raw.strip()
        if not s or s.startswith("#"):
            continue
        if g is None:
            if lineno == 1 or s == MAGIC:
                if s != MAGIC:
                    return None, "line 1: not a Burako transcript (expected %r)" % MAGIC
                continue
            word = s.split(None, 1)
            if word[0] in ("variant", "players", "seed", "target"):
                head[word[0]] = word[1] if len(word) > 1 else ""
                continue
            g = new_game(head)
            if isinstance(g, str):
                return None, "line %d: %s" % (lineno, g)
        parts = s.split(None, 1)
        if len(parts) < 2 or not parts[0].isdigit():
            return g, "line %d: expected '<player> <move>', got %r" % (lineno, s)
        mv = N.parse_move(parts[1])
        if mv is None:
            return g, "line %d: %r is not a move" % (lineno, parts[1])
        if int(parts[0]) != g.turn:
            return g, "line %d: it is player %d's turn, not %s's" % (lineno, g.turn, parts[0])
        err = g.play(mv)
        if err:
            return g, "line %d: %s: %s" % (lineno, parts[1], R.text(err))
    if g is None:
        g = new_game(head)
        if isinstance(g, str):
            return None, g
    return g, None
