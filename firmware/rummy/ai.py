# Rummy israeli players (docs/rummy.md, "AI"), and whole matches between them,
# the same code on CPython and inside MicroPython.
#   level 1: new melds from its own rack only (the best such melds)
#   level 2: as 1, then adds single rack tiles to the ends of table melds
#   level 3: the solver: any rearrangement of the table (node budget)
# Every level draws, then lays the most points it finds; a closing play first.
import hashlib
from rummy import rules
from rummy import solve
MAX_MOVES = 20000   # a match that runs longer than this is a bug, not a game


class RummyAI:
    def __init__(self, level=3, limit=solve.NODES):
        self.level = level
        self.limit = limit
        self.refused = 0    # solver plays the engine refused: a bug (tests check 0)

    def choose(self, game):
        if game.phase == rules.P_DRAW:
            return (rules.DRAW, ())
        if game.phase == rules.P_HAND_OVER:
            return (rules.NEXT, ())
        found = self.find(game)
        if found is None:
            return (rules.PASS, ())
        mv = (rules.PLAY, found[0])
        if game.check(mv) != rules.OK:
            # never stall a game on a solver bug: count it and pass
            self.refused += 1
            return (rules.PASS, ())
        return mv

    def find(self, game):
        """The solver's answer for the player to move (see solve.solve)."""
        seat = game.turn
        return solve.solve(game.table, game.racks[seat], game.exposed[seat], game.closing, self.limit,
                        self.level >= 3, self.level >= 2)


class MatchError(Exception):
    pass


def steps(nplayers, seed, hands=4, target=0, levels=None, emit=None, mark=None):
    """One match between AIs as a generator: None at each safe point (a host may
    collect garbage there), finally the result dict. emit(text) gets the
    transcript as it grows; mark(c) gets "H" at each deal and "D"/"d" ("S"/"d"
    when the AI searches for a play), "P"/"p" around each AI decision and engine step (the MicroPython harness meters
    fuel between them)."""
    game = rules.Game(nplayers, seed, hands, target)
    if levels is None:
        levels = [3] * nplayers
    players = [RummyAI(lv) for lv in levels]
    digest = hashlib.sha256()
    text = rules.header(game)
    digest.update(text.encode())
    if emit:
        emit(text)
    moves = 0
    hand = 0
    closes = 0
    while game.phase != rules.P_MATCH_OVER:
        if mark and game.hand != hand:
            hand = game.hand
            mark("H")
        seat = game.turn
        yield None
        if mark:
            mark("S" if game.phase == rules.P_PLAY else "D")    # S: a search for a play
        mv = players[seat].choose(game)
        if mark:
            mark("d")
        yield None
        if mark:
            mark("P")
        err = game.play(mv)
        if mark:
            mark("p")
        if err:
            from rummy import reasons_en
            raise MatchError("seat %d chose an illegal move %s: %s" % (
                seat, rules.move_text(mv), reasons_en.text(err)))
        if game.closer >= 0 and game.phase != rules.P_PLAY and game.phase != rules.P_DRAW and mv[0] == rules.PLAY:
            closes += 1
        text = rules.line(seat, mv)
        digest.update(text.encode())
        if emit:
            emit(text)
        moves += 1
        if moves > MAX_MOVES:
            raise MatchError("match did not end after %d moves" % MAX_MOVES)
    yield {
        "seed": seed,
        "players": nplayers,
        "levels": list(levels),
        "hands": len(game.history),
        "closed": closes,
        "scores": list(game.scores),
        "winners": list(game.winners),
        "history": [list(hand) for hand in game.history],
        "transcript_sha256": "".join(["%02x" % byte for byte in digest.digest()]),
        "moves": moves,
        "refused": sum([player.refused for player in players]),
    }


def play_match(nplayers, seed, hands=4, target=0, levels=None, emit=None):
    for step in steps(nplayers, seed, hands, target, levels, emit):
        pass
    return step
