# A Nim match: the rules (Game), the seats the AI plays and its pace, the save (nim.sav, written
# after every move a person sees), and the flow between the table and the match's end.
from micropython import const

SAVE = "nim.sav"
TEMPORARY = "nim.tmp"
MAGIC = b"NIM"
MOST = const(3)             # stones a turn takes at most


class Game:
    """The pile, the player to move, what each took, the winner (-1 while it goes on)."""

    def __init__(self, stones, turn=0):
        self.stones = stones
        self.turn = turn
        self.taken = bytearray(2)
        self.winner = -1

    def take(self, count):
        """The player to move takes count stones; False (nothing changed) when not allowed."""
        if self.winner >= 0 or not 1 <= count <= min(MOST, self.stones):
            return False
        self.stones -= count
        self.taken[self.turn] += count
        if self.stones:
            self.turn = 1 - self.turn
        else:
            self.winner = self.turn
        return True


def best(stones):
    """The AI's take: leave the other player a multiple of four when it can, else one."""
    return stones % (MOST + 1) or 1


def read(storage):
    """The saved Game, None when there is none; ValueError when the file is damaged."""
    try:
        with open(storage.path(SAVE), "rb") as f:
            data = f.read()
    except OSError:
        return None
    if len(data) != 7 or data[:3] != MAGIC or not 1 <= data[3] <= 40 or data[4] > 1:
        raise ValueError("not a Nim save")
    g = Game(data[3], data[4])
    g.taken[0] = data[5]
    g.taken[1] = data[6]
    return g


class Play:
    """app: the console. g: the Game. ai_seats: bit p, seat p is the AI's (as the Burako
    family's Play names it)."""

    def __init__(self, app, g, ai_seats):
        from nim.game import GAME
        self.app = app
        self.game = g
        self.ai_seats = ai_seats
        self.saves = 0              # nim.sav written (tests)
        self.next_ai = app.now + app.ai_ms
        self.table = GAME.table(app)    # the console's one Nim table, now this match's
        self.table.begin(self)

    def human(self, seat):
        return not (self.ai_seats >> seat) & 1

    def take(self, count):
        """The player to move takes count stones; False when the count is not allowed."""
        g = self.game
        seat = g.turn
        if not g.take(count):
            return False
        self.table.moved(seat, count)
        if self.ai_seats != 0b11:
            self.save()
        self.next_ai = self.app.now + self.app.ai_ms
        self.enter_turn()
        return True

    def tick(self, now):
        g = self.game
        if g.winner < 0 and not self.human(g.turn) and _diff(now, self.next_ai) >= 0:
            self.take(best(g.stones))

    def enter_turn(self):
        """The screen for the position: the match's end, else the table."""
        if self.game.winner >= 0:
            self.remove_save()
            from nim.screens import MatchEnd
            self.app.show(MatchEnd(self))
        else:
            self.app.show(self.table)

    def save(self):
        """nim.sav after the move, written whole beside it first (a power cut keeps one of them)."""
        g = self.game
        storage = self.app.board.storage
        if g.winner >= 0:
            return
        try:
            with open(storage.path(TEMPORARY), "wb") as f:
                f.write(MAGIC + bytes((g.stones, g.turn, g.taken[0], g.taken[1])))
            storage.replace(TEMPORARY, SAVE)
            self.saves += 1
        except OSError:
            pass                    # a full flash must not stop the game

    def remove_save(self):
        try:
            import os
            os.remove(self.app.board.storage.path(SAVE))
        except OSError:
            pass

    def state(self, out):
        """The match's plain data into ui/state.py's snapshot `out`."""
        g = self.game
        out["nim"] = {"stones": g.stones, "turn": g.turn, "taken": list(g.taken), "winner": g.winner,
                      "ai_seats": self.ai_seats, "choice": self.table.choice}


try:
    from time import ticks_diff as _diff
except ImportError:
    from hal.clock import ticks_diff as _diff
