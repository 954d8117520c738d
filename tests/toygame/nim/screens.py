# Nim's screens: the table (the pile, how many to take, the last move) and the match's end.
# Left/Right choose 1 to 3 stones, A takes them, B leaves for the title (the match stays saved).
from micropython import const
from hal import keys
from ui import gfx
from ui import lang
from ui import screen as regions
from ui.screen import Screen
from ui.gfx import FELT_DARK, WHITE, CURSOR, DIM, HILITE
from nim.play import MOST

TAKE = const(0)
STONES = const(1)
TOOK = const(2)
WINS = const(3)
H_TABLE = const(4)
H_END = const(5)
TEXTS = {
    "es": ("Tomar", "piedras", "tomó", "gana", "A:tomar B:salir", "A:título"),
    "it": ("Prendi", "pietre", "ha preso", "vince", "A:prendi B:esci", "A:titolo"),
    "en": ("Take", "stones", "took", "wins", "A:take B:leave", "A:title"),
}


def tx(i):
    return TEXTS.get(lang.code(), TEXTS["es"])[i]


def player(seat):
    return lang.t(lang.PLAYER) + gfx.NUMS[seat + 1]


class Table(Screen):
    name = "nim"

    def __init__(self, app):
        super().__init__(app)
        self.play = None
        self.choice = 1             # stones to take
        self.message = ""           # the last move

    def begin(self, play):
        self.play = play
        self.choice = 1
        self.message = ""

    def moved(self, seat, count):
        self.message = player(seat) + " " + tx(TOOK) + " " + str(count)
        self.choice = 1

    def key(self, k):
        play = self.play
        g = play.game
        if k & keys.B:
            self.app.home()                 # saved after every move: continued from the title
        elif not play.human(g.turn):
            return
        elif k & (keys.LEFT | keys.RIGHT):
            most = min(MOST, g.stones)
            self.choice = (self.choice - 1 + (1 if k & keys.RIGHT else -1)) % most + 1
            self.app.dirty |= regions.MELDS
        elif k & (keys.A | keys.PRESS):
            play.take(self.choice)

    def tick(self, now):
        self.play.tick(now)

    def waiting(self):
        return self.play.human(self.play.game.turn)

    def state(self, out):
        out["msg"] = self.message

    def draw(self, dirty):
        p = self.app.painter
        g = self.play.game
        y = p.h // 4                # the pile's line; the rest below it, on either glass
        if dirty & regions.CLEAR:
            p.fill(0, 0, p.w, p.h, FELT_DARK)
            p.big(p.w // 2 - 36, 8, "NIM", WHITE, 3)
            p.text(0, y, p.w, str(g.stones) + " " + tx(STONES), WHITE, FELT_DARK, 1)
            p.text(0, y + 16, p.w, self.message, DIM, FELT_DARK, 1)
            p.text(0, p.h - 12, p.w, tx(H_TABLE), DIM, FELT_DARK, 1 | gfx.CAPS)
        mine = self.play.human(g.turn)
        line = player(g.turn) + " " + tx(TAKE) + ": < " + str(self.choice) + " >" if mine else ""
        p.text(0, y + 36, p.w, line, CURSOR if mine else WHITE, HILITE if mine else FELT_DARK, 1)


class MatchEnd(Screen):
    name = "matchend"               # (App.over(): the emulator's headless runs stop here)

    def __init__(self, play):
        super().__init__(play.app)
        self.play = play

    def key(self, k):
        if k & (keys.A | keys.PRESS | keys.B):
            self.app.home()

    def draw(self, dirty):
        p = self.app.painter
        g = self.play.game
        p.fill(0, 0, p.w, p.h, FELT_DARK)
        p.big(p.w // 2 - 36, 8, "NIM", WHITE, 3)
        p.text(0, p.h // 4, p.w, player(g.winner) + " " + tx(WINS), CURSOR, FELT_DARK, 1)
        p.text(0, p.h - 12, p.w, tx(H_END), DIM, FELT_DARK, 1 | gfx.CAPS)
