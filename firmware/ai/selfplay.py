# Whole matches between AIs, the same code on CPython and inside MicroPython.
# The transcript is hashed as it is written (SHA-256, as the host tool reports
# it) and optionally streamed line by line: it is never held whole in memory.
import hashlib
from engine import rules as RU
from engine import game as G
from engine import transcript as TR
from engine import notation as N
from engine import reasons as R
from ai.basic import BasicAI

MAX_MOVES = 60000   # a match that runs longer than this is a bug, not a game


class MatchError(Exception):
    pass


def play_match(variant, nplayers, seed, target=0, emit=None, on_decision=None, players=None):
    """Play one match between AIs. emit(line) receives each transcript line;
    on_decision(game, seat) is called before each AI decision (for metering).
    Returns a dict: seed, variant, players, hands, scores, winner, history,
    transcript_sha256, moves."""
    rules = RU.by_name(variant)
    g = G.Game(rules, nplayers, seed, target)
    if players is None:
        players = [BasicAI() for _ in range(nplayers)]
    h = hashlib.sha256()
    text = TR.header(g)
    h.update(text.encode())
    if emit:
        emit(text)
    moves = 0
    while g.phase != G.P_MATCH_OVER:
        seat = g.turn
        if on_decision:
            on_decision(g, seat)
        mv = players[seat].choose(g)
        err = g.play(mv)
        if err:
            raise MatchError("seat %d chose an illegal move %s: %s" % (seat, N.move_text(mv), R.text(err)))
        text = TR.line(seat, mv)
        h.update(text.encode())
        if emit:
            emit(text)
        moves += 1
        if moves > MAX_MOVES:
            raise MatchError("match did not end after %d moves" % MAX_MOVES)
    return {
        "seed": seed,
        "variant": variant,
        "players": nplayers,
        "hands": len(g.history),
        "deals": g.hand,
        "scores": list(g.scores),
        "winner": g.winner,
        "history": [list(x) for x in g.history],
        "transcript_sha256": _hex(h.digest()),
        "moves": moves,
    }


def _hex(b):
    return "".join(["%02x" % x for x in b])
