# Rummy israelí's screens between turns: the hand-off (pass-and-play hides the rack until the
# next person presses A), the end of a hand (each seat's rack count, the hand's points and the
# totals; who closed) and of the match (the winners), and the replay of a saved match.
from rummy import rules
from rummy import text
from rummy.text import tx
from hal import keys
from ui import gfx
from ui import lang
from ui.screen import Screen
from ui.gfx import FELT_DARK, WHITE, CURSOR, DIM


class Handoff(Screen):
    name = "rummy"
    mode = "handoff"

    def __init__(self, play):
        super().__init__(play.app)
        self.play = play

    def key(self, key):
        if key & (keys.A | keys.PRESS):
            self.app.show(self.play.table)

    def draw(self, dirty):
        painter = self.app.painter
        short = not painter.lay.tall
        painter.fill(0, 0, painter.w, painter.h, FELT_DARK)
        painter.text(0, 24 if short else 60, painter.w, lang.t(lang.HANDOFF), WHITE, FELT_DARK, 1)
        name = lang.t(lang.PLAYER) + gfx.NUMS[self.play.viewer + 1]
        painter.big(120 - len(name) * 16, 50 if short else 90, name, CURSOR, 4)
        painter.text(0, 100 if short else 140, painter.w, lang.t(lang.SHOW_RACK), WHITE, FELT_DARK, 1 | gfx.CAPS)


class HandEnd(Screen):
    """The hand's end; over the cable the seat to move deals the next hand."""

    name = "rummy"
    mode = "handend"
    hand_over = True
    over = False

    def __init__(self, play):
        super().__init__(play.app)
        self.play = play

    def key(self, key):
        if key & (keys.A | keys.PRESS):
            self.play.play((rules.NEXT, ()))

    def tick(self, now):
        play = self.play
        app = self.app
        if (app.autoplay or play.humans() == 0) and play.due(now) and (play.cable is None or play.ais[play.game.turn]):
            play.play((rules.NEXT, ()))

    def waiting(self):
        return not (self.app.autoplay or self.play.humans() == 0)

    def draw(self, dirty):
        painter = self.app.painter
        play = self.play
        game = play.game
        tall = painter.lay.tall
        painter.fill(0, 0, painter.w, painter.h, FELT_DARK)
        over = self.over
        painter.text(0, 8, painter.w, tx(text.MATCH_END if over else text.HAND_END), CURSOR, FELT_DARK, 1)
        if game.hidden == 2:
            # hidden hands: counted once both keys are checked (rummy/play.py's line)
            painter.text(0, 60, painter.w, play.table.message, WHITE, FELT_DARK, 1)
            return
        last = game.history[-1] if game.history else [0] * game.n
        y = 34
        for seat in range(game.n):
            name = lang.t(lang.PLAYER) + gfx.NUMS[seat + 1]
            colour = CURSOR if seat in game.winners or (not over and game.closer == seat) else WHITE
            painter.text(8, y, 40, name, colour, FELT_DARK)
            painter.text(48, y, 80, text.count(len(game.racks[seat])), DIM, FELT_DARK)
            painter.text(128, y, 48, "+" + str(last[seat]), WHITE, FELT_DARK, 2)
            painter.text(180, y, 52, str(game.scores[seat]), colour, FELT_DARK, 2)
            y += 16
        if over:
            winners = ""
            for seat in game.winners:
                winners += lang.t(lang.PLAYER) + gfx.NUMS[seat + 1] + " "
            painter.text(0, y + (16 if tall else 4), painter.w, winners + tx(text.WINS), CURSOR, FELT_DARK, 1)
        else:
            name = lang.t(lang.PLAYER) + gfx.NUMS[game.closer + 1] + " " + tx(text.CLOSED) if game.closer >= 0 else tx(text.BLOCKED)
            painter.text(0, y + (16 if tall else 4), painter.w, name, WHITE, FELT_DARK, 1)
        # over the cable the seat to move deals the next hand
        hint = text.H_NEXT if over or play.cable is None or play.human(game.turn) else text.H_PEER
        painter.text(0, painter.h - 15, painter.w, tx(hint), DIM, FELT_DARK, 1 | gfx.CAPS)


class MatchEnd(HandEnd):
    name = "matchend"
    mode = "matchend"
    hand_over = False
    over = True

    def key(self, key):
        if key & (keys.A | keys.PRESS | keys.B):
            from ui.title import Title
            self.app.show(Title(self.app))

    def tick(self, now):
        pass

    def waiting(self):
        return True


class Loading(Screen):
    """A saved match replayed from rummy.sav a few moves a frame (a long match's replay at once
    would fill the heap with garbage under the emulator's collect-between-frames rule); then
    the match, or the set-up again when the save does not replay."""

    name = "rummy"
    mode = "load"
    REPLAY = 4                      # moves replayed a frame

    def __init__(self, app, replay):
        super().__init__(app)
        self.replay = replay

    def tick(self, now):
        step = None
        try:
            for _ in range(self.REPLAY):
                step = next(self.replay)
                if step is not None:
                    break
        except (OSError, StopIteration):
            step = (None, 0, 0, "unreadable")
        if step is None:
            return
        game, seats, level, err = step
        app = self.app
        if err or game is None or game.phase == rules.P_MATCH_OVER:
            from rummy.setup import Setup
            app.show(Setup(app, saved=False))
            return
        from rummy.play import Play
        choices = app.settings.rummy
        choices[0] = game.n
        choices[1] = seats
        choices[2] = game.hands
        app.settings.level = level
        Play(app, game, seats, level, stored=1).enter_turn()

    def waiting(self):
        return False

    def draw(self, dirty):
        painter = self.app.painter
        painter.fill(0, 0, painter.w, painter.h, FELT_DARK)
        painter.text(0, 6, painter.w, tx(text.TITLE), CURSOR, FELT_DARK, 1)
