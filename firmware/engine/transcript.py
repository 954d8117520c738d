# A transcript is the whole of a match as text: a header (variant, players,
# seed, target) and one line per move, "<player> <move>". Replaying it gives
# the identical state on any runtime.
#
# Reading is in two steps so a viewer can step through a match itself:
#   head, moves, err = read(lines)   # parse only: no move is played
#   g = new_game(head)               # the Game before the first move (or a str: why not)
#   for lineno, player, mv in moves: g.play(mv) ...
# replay(lines) does both and checks every move.
from engine.rules import MAX_TARGET, by_name
from engine import game
from engine import notation
from engine import reasons_en

MAGIC = "burako-transcript 1"
HEAD_KEYS = ("variant", "players", "seed", "target")
MAX_SEED = 0xFFFFFFFF


def header(g):
    return "%s\nvariant %s\nplayers %d\nseed %d\ntarget %d\n" % (
        MAGIC, g.rules.name, g.n, g.seed, g.target)


def line(player, mv, rules=None):
    # rules: the game's variant, for its notation (R12: cards in burraco)
    return "%d %s\n" % (player, notation.move_text(mv, rules is not None and rules.cards))


def new_game(head):
    """A fresh Game from header fields (a dict of str), or an error string."""
    name = head.get("variant", "")
    rules = by_name(name)
    if rules is None:
        # cut: the error is one line, whatever the file holds
        return "unknown variant %r" % (name if len(name) <= 20 else name[:20] + "...")
    text = [head.get(k, "0") for k in ("players", "seed", "target")]
    n, seed, target = [_number(t) for t in text]
    for k, v, t in (("players", n, text[0]), ("seed", seed, text[1]), ("target", target, text[2])):
        if v < 0:
            return "%s must be a whole number, not %r" % (k, t[:20])
    if n not in rules.players:
        return "%s is played by %s players, not %s" % (
            rules.name, " or ".join([str(p) for p in rules.players]), text[0][:20])
    if seed > MAX_SEED:
        return "seed must be at most %d" % MAX_SEED
    if target > MAX_TARGET:
        return "target must be at most %d (0: the variant's)" % MAX_TARGET
    return game.Game(rules, n, seed, target)


def _number(text):
    # N.whole, except that digits too many for it (over 10) are a number too
    # large for any field, not "not a number": the error names the real limit
    v = notation.whole(text)
    if v < 0 and len(text) > 10:
        for ch in text:
            if ch < "0" or ch > "9":
                return -1
        return 1 << 40
    return v


def read(lines):
    """Parse transcript lines without playing them: (head, moves, err).

    head: the header fields (dict of str), None when the header is bad;
    moves: (lineno, player, move) for every well-formed move line before the
    first bad line; err: None, or "line N: why" for the first bad line.
    """
    head = {}
    moves = []
    started = False
    lineno = 0
    for raw in lines:
        lineno += 1
        s = raw.strip()
        if lineno == 1:
            if s != MAGIC:
                return None, moves, "line 1: not a Burako transcript (expected %r)" % MAGIC
            continue
        if not s or s.startswith("#"):
            continue
        parts = s.split(None, 1)
        if not started and parts[0] in HEAD_KEYS:
            if parts[0] in head:
                return None, moves, "line %d: %s given twice" % (lineno, parts[0])
            head[parts[0]] = parts[1] if len(parts) > 1 else ""
            continue
        if not started:
            rules = by_name(head.get("variant", ""))
            cards = rules is not None and rules.cards
        started = True
        if len(parts) < 2 or notation.whole(parts[0]) < 0:
            return head, moves, "line %d: expected '<player> <move>', got %r" % (lineno, s[:60])
        mv = notation.parse_move(parts[1], cards)
        if mv is None:
            return head, moves, "line %d: %r is not a move" % (lineno, parts[1][:60])
        moves.append((lineno, notation.whole(parts[0]), mv))
    if lineno == 0:
        return None, moves, "line 1: not a Burako transcript (expected %r)" % MAGIC
    return head, moves, None


def replay(lines):
    """Replay transcript lines. Returns (game, None) when every move is legal,
    else (game before the bad line, "line N: why"); (None, why) when the
    header is bad."""
    head, moves, err = read(lines)
    if head is None:
        return None, err
    g = new_game(head)
    if isinstance(g, str):
        return None, g
    for lineno, player, mv in moves:
        if player != g.turn:
            return g, "line %d: it is player %d's turn, not %d's" % (lineno, g.turn, player)
        bad = g.play(mv)
        if bad:
            return g, "line %d: %s: %s" % (lineno, notation.move_text(mv, g.rules.cards), reasons_en.text(bad))
    return g, err
