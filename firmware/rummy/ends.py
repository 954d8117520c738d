# Rummy israelí's screens between turns: the hand-off (pass-and-play hides the rack until the
# next person presses A), the end of a hand (each seat's rack count, the hand's points and the
# totals; who closed) and of the match (the winners), and the replay of a saved match.
from rummy import rules
from rummy import text
from rummy.text import tx
from hal import keys
from ui import gfx
from ui import lang
from ui import screen as regions
from ui.screen import Screen
from ui.gfx import FELT_DARK, WHITE, CURSOR, DIM


class Handoff(Screen):
    name = "rummy"
    mode = "handoff"

    def __init__(self, play):
        super().__init__(play.app)
        self.play = play

    def key(self, k):
        if k & (keys.A | keys.PRESS):
            self.app.show(self.play.table)

    def draw(self, dirty):
        p = self.app.painter
        short = not p.lay.tall
        p.fill(0, 0, p.w, p.h, FELT_DARK)
        p.text(0, 24 if short else 60, p.w, lang.t(lang.HANDOFF), WHITE, FELT_DARK, 1)
        name = lang.t(lang.P) + gfx.NUMS[self.play.viewer + 1]
        p.big(120 - len(name) * 16, 50 if short else 90, name, CURSOR, 4)
        p.text(0, 100 if short else 140, p.w, lang.t(lang.SHOW_RACK), WHITE, FELT_DARK, 1 | gfx.CAPS)


class HandEnd(Screen):
    """The hand's end; over the cable the seat to move deals the next hand."""

    name = "rummy"
    mode = "handend"
    hand_over = True
    over = False

    def __init__(self, play):
        super().__init__(play.app)
        self.play = play

    def key(self, k):
        if k & (keys.A | keys.PRESS):
            self.play.play((rules.NEXT, ()))

    def tick(self, now):
        play = self.play
        app = self.app
        if (app.autoplay or play.humans() == 0) and play.due(now) and (play.cable is None or play.ais[play.game.turn]):
            play.play((rules.NEXT, ()))

    def waiting(self):
        return not (self.app.autoplay or self.play.humans() == 0)

    def draw(self, dirty):
        p = self.app.painter
        play = self.play
        g = play.game
        tall = p.lay.tall
        p.fill(0, 0, p.w, p.h, FELT_DARK)
        over = self.over
        p.text(0, 8, p.w, tx(text.MATCH_END if over else text.HAND_END), CURSOR, FELT_DARK, 1)
        if g.hidden == 2:
            # hidden hands: counted once both keys are checked (rummy/play.py's line)
            p.text(0, 60, p.w, play.table.message, WHITE, FELT_DARK, 1)
            return
        last = g.history[-1] if g.history else [0] * g.n
        y = 34
        for s in range(g.n):
            t = lang.t(lang.P) + gfx.NUMS[s + 1]
            c = CURSOR if s in g.winners or (not over and g.closer == s) else WHITE
            p.text(8, y, 40, t, c, FELT_DARK)
            p.text(48, y, 80, str(len(g.racks[s])) + " " + tx(text.RACK_N_TEXT), DIM, FELT_DARK)
            p.text(128, y, 48, "+" + str(last[s]), WHITE, FELT_DARK, 2)
            p.text(180, y, 52, str(g.scores[s]), c, FELT_DARK, 2)
            y += 16
        if over:
            w = ""
            for s in g.winners:
                w += lang.t(lang.P) + gfx.NUMS[s + 1] + " "
            p.text(0, y + (16 if tall else 4), p.w, w + tx(text.WINS), CURSOR, FELT_DARK, 1)
        else:
            t = lang.t(lang.P) + gfx.NUMS[g.closer + 1] + " " + tx(text.CLOSED) if g.closer >= 0 else tx(text.BLOCKED)
            p.text(0, y + (16 if tall else 4), p.w, t, WHITE, FELT_DARK, 1)
        # over the cable the seat to move deals the next hand
        a = text.H_NEXT if over or play.cable is None or play.human(g.turn) else text.H_PEER
        p.text(0, p.h - 15, p.w, tx(a), DIM, FELT_DARK, 1 | gfx.CAPS)


class MatchEnd(HandEnd):
    name = "matchend"
    mode = "matchend"
    hand_over = False
    over = True

    def key(self, k):
        if k & (keys.A | keys.PRESS | keys.B):
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
        r = None
        try:
            for _ in range(self.REPLAY):
                r = next(self.replay)
                if r is not None:
                    break
        except (OSError, StopIteration):
            r = (None, 0, 0, "unreadable")
        if r is None:
            return
        g, seats, level, err = r
        app = self.app
        if err or g is None or g.phase == rules.P_MATCH_OVER:
            from rummy.setup import Setup
            app.show(Setup(app, saved=False))
            return
        from rummy.play import Play
        s = app.settings.rummy
        s[0] = g.n
        s[1] = seats
        s[2] = g.hands
        app.settings.level = level
        Play(app, g, seats, level, stored=1).enter_turn()

    def waiting(self):
        return False

    def draw(self, dirty):
        p = self.app.painter
        p.fill(0, 0, p.w, p.h, FELT_DARK)
        p.text(0, 6, p.w, tx(text.TITLE), CURSOR, FELT_DARK, 1)
