# Whole matches between AIs, the same code on CPython and inside MicroPython.
# The transcript is hashed as it is written (SHA-256, as the host tool reports
# it) and optionally streamed line by line: it is never held whole in memory.
import hashlib
from engine import rules
from engine import game
from engine import transcript
from engine import notation
from engine import reasons_en
from ai.basic import BasicAI

MAX_MOVES = 60000   # a match that runs longer than this is a bug, not a game


class MatchError(Exception):
    pass


def steps(variant, nplayers, seed, target=0, emit=None, mark=None, players=None):
    """Play one match between AIs as a generator: it yields None between steps
    (safe points, where a host may collect garbage or stop) and finally the
    result dict: seed, variant, players, hands, deals, scores, winner, history,
    transcript_sha256, moves.

    emit(text) receives the transcript as it grows; mark(c) is called with
    "H" at each deal and "D"/"d", "P"/"p" around every AI decision and engine
    step (the MicroPython harness meters fuel between them).
    """
    game_state = game.Game(rules.by_name(variant), nplayers, seed, target)
    if players is None:
        players = [BasicAI() for _ in range(nplayers)]
    h = hashlib.sha256()
    text = transcript.header(game_state)
    h.update(text.encode())
    if emit:
        emit(text)
    moves = 0
    hand = 0
    while game_state.phase != game.P_MATCH_OVER:
        if mark and game_state.hand != hand:
            hand = game_state.hand
            mark("H")
        seat = game_state.turn
        yield None
        if mark:
            mark("D")
        mv = players[seat].choose(game_state)
        if mark:
            mark("d")
        yield None
        if mark:
            mark("P")
        err = game_state.play(mv)
        if mark:
            mark("p")
        if err:
            raise MatchError("seat %d chose an illegal move %s: %s" % (seat, notation.move_text(mv), reasons_en.text(err)))
        text = transcript.line(seat, mv, game_state.rules)
        h.update(text.encode())
        if emit:
            emit(text)
        moves += 1
        if moves > MAX_MOVES:
            raise MatchError("match did not end after %d moves" % MAX_MOVES)
    yield {
        "seed": seed,
        "variant": variant,
        "players": nplayers,
        "hands": len(game_state.history),
        "deals": game_state.hand,
        "scores": list(game_state.scores),
        "winner": game_state.winner,
        "history": [list(x) for x in game_state.history],
        "transcript_sha256": _hex(h.digest()),
        "moves": moves,
    }


def play_match(variant, nplayers, seed, target=0, emit=None, players=None):
    """One whole match at once; returns the result dict of steps()."""
    for result in steps(variant, nplayers, seed, target, emit, None, players):
        pass
    return result


def _hex(b):
    return "".join(["%02x" % x for x in b])
