# The Burako family's screens between turns: the hand-off (pass-and-play hides the rack until
# the next person presses A), the end of a hand (the R7 breakdown of both sides and the match
# totals) and the end of the match (the winner, every hand's scores, the totals; burraco's
# Match Points and Victory Points, seed 001).
from engine import game
from engine import rules
from engine import score
from hal import keys
from ui import gfx
from ui import lang
from ui.screen import Screen
from ui.common import pname, sname, hint, draw_top
from ui.gfx import FELT_DARK, WHITE, GREY, CURSOR, DIM


class Between(Screen):
    """A screen of a match between its turns: torneo's clock runs on (R9)."""

    def __init__(self, play):
        super().__init__(play.app)
        self.play = play

    def tick(self, now):
        if not self.play.clock(now):
            self.tick_play(now)

    def tick_play(self, now):
        pass


class Handoff(Between):
    name = "handoff"

    def key(self, k):
        if k & (keys.A | keys.PRESS):
            self.app.show(self.play.table)

    def draw(self, dirty):
        p = self.app.painter
        play = self.play
        up = (40, 0)[p.lay.tall]     # a short glass (135 rows) draws it higher
        p.fill(0, 0, p.w, p.h, FELT_DARK)
        p.text(0, 60 - up, p.w, lang.t(lang.HANDOFF), WHITE, FELT_DARK, 1)
        name = pname(play.viewer)
        p.big(120 - len(name) * 16, 90 - up, name, CURSOR, 4)
        p.text(0, 140 - up, p.w, lang.t(lang.SHOW_RACK), WHITE, FELT_DARK, 1 | gfx.CAPS)
        draw_top(p, play.game, play.viewer)


# per glass (short, tall: ui/gfx.py Layout): the heading's row, the table's top and its row
# step, the match line, its rule above it, the target's line (a short glass, 135 rows, shows the
# target beside the sides' names when there is a hand to count)
HAND_END_ROWS = ((14, 25, 10, 106, 1, 96), (18, 36, 14, 160, 4, 174))


class HandEnd(Between):
    name = "handend"
    hand_over = True

    def key(self, k):
        if k & (keys.A | keys.PRESS):
            self.play.play(game.NEXT, 0, b"", 0)

    def tick_play(self, now):
        # autoplay deals the next hand by itself once the breakdown has been shown
        play = self.play
        if self.app.autoplay and play.due(now):
            play.play(game.NEXT, 0, b"", 0)
            play.next_ai = now + self.app.ai_ms

    def waiting(self):
        return not self.app.autoplay

    def draw(self, dirty):
        app = self.app
        p = app.painter
        play = self.play
        g = play.game
        tall = p.lay.tall
        y_head, y, dy, y_match, rule, y_target = HAND_END_ROWS[tall]
        p.fill(0, 12, p.w, p.h - 12, FELT_DARK)
        draw_top(p, g, play.viewer)
        n = len(g.history)
        p.text(0, y_head, p.w, lang.t(lang.HAND_END) + str(n), CURSOR, FELT_DARK, 1)
        hands = app.settings.hands
        if hands:
            t = lang.t(lang.HAND) + " " + str(n) + "/" + str(hands)
        else:
            t = lang.t(lang.TARGET) + " " + str(g.target)
        cable = play.cable
        # hidden hands: the hand is counted once the keys are checked (the other rack is still
        # placeholders): until then the check's line (ui/cable.py) stands for the breakdown
        checking = cable is not None and cable.link.hidden is not None and cable.link.hidden.stage == 2
        res = None if checking else g.hand_result()
        if not tall and res is not None:
            p.text(4, y, 124, t, DIM, FELT_DARK)
        if res is None:
            p.text(0, y, p.w, play.table.message if checking else lang.t(lang.VOID), WHITE, FELT_DARK, 1)
        else:
            p.text(128, y, 52, sname(g, 0), WHITE, FELT_DARK, 2)
            p.text(184, y, 52, sname(g, 1), WHITE, FELT_DARK, 2)
            y += dy
            variant = g.rules
            labels = (lang.R_MELDED, lang.R_PURE, lang.R_IMPURE, lang.R_CLOSE, lang.R_MUERTO, lang.R_RACK,
                      lang.R_TOTAL)
            for i in range(7):
                c = CURSOR if i == 6 else WHITE
                if i == 6:
                    p.fill(4, y - 2, 232, 1, GREY)
                p.text(4, y, 124, lang.t(labels[i]), c, FELT_DARK)
                for side in range(2):
                    v = res[side][i]
                    if i == score.PURE and v:
                        v = str(v) + "x" + str(variant.pure_bonus)
                    elif i == score.IMPURE and v:
                        v = str(v) + "x" + str(variant.impure_bonus)
                    else:
                        v = str(v)
                    p.text(128 + side * 56, y, 52, v, c, FELT_DARK, 2)
                y += dy
        y = y_match
        p.fill(4, y - rule, 232, 1, GREY)
        p.text(4, y, 124, lang.t(lang.R_MATCH), CURSOR, FELT_DARK)
        for side in range(2):
            p.text(128 + side * 56, y, 52, str(g.scores[side]), CURSOR, FELT_DARK, 2)
        if tall or res is None:
            p.text(4, y_target, 232, t, DIM, FELT_DARK)
        hint(p, lang.H_NEXT, -1)


# per glass (short, tall: ui/gfx.py Layout): the hands shown (the latest; burraco's MP and VP
# take two rows), the heading's row, the winner's, the sides' names'
MATCH_END_ROWS = ((4, 2, 13, 24, 42), (8, 8, 24, 44, 76))


class MatchEnd(Between):
    name = "matchend"

    def key(self, k):
        if k & (keys.A | keys.PRESS | keys.B):
            play = self.play
            if play.log_due and play.cable is None:
                play.log_match()        # not logged yet: now, before the match goes
            from burako import save
            save.remove(self.app.board.storage)
            from ui.title import Title
            self.app.show(Title(self.app))

    def tick_play(self, now):
        play = self.play
        if play.log_due and play.cable is None:
            play.log_match()

    def draw(self, dirty):
        p = self.app.painter
        play = self.play
        g = play.game
        burraco = g.rules is rules.BURRACO
        keep, keep_burraco, y_head, y_winner, y = MATCH_END_ROWS[p.lay.tall]
        if burraco:
            keep = keep_burraco
        p.fill(0, 0, p.w, p.h, FELT_DARK)
        draw_top(p, g, play.viewer)
        p.text(0, y_head, p.w, lang.t(lang.MATCH_END), CURSOR, FELT_DARK, 1)
        if g.winner >= 0:
            w = lang.t(lang.WINS) + self.side(g.winner)
            if len(w) > 15:         # twice the size: 15 letters fill the glass
                w = lang.t(lang.WINS) + sname(g, g.winner)
            p.big(120 - len(w) * 8, y_winner, w, WHITE, 2)
        p.text(0, y, 120, self.side(0), WHITE, FELT_DARK, 1)
        p.text(120, y, 120, self.side(1), WHITE, FELT_DARK, 1)
        y += 14
        history = g.history
        first = len(history) - keep if len(history) > keep else 0
        for i in range(first, len(history)):
            p.text(0, y, 40, str(i + 1), GREY, FELT_DARK, 2)
            p.text(40, y, 80, str(history[i][0]), WHITE, FELT_DARK, 2)
            p.text(140, y, 80, str(history[i][1]), WHITE, FELT_DARK, 2)
            y += 11
        p.fill(20, y + 2, 200, 1, GREY)
        p.text(40, y + 6, 80, str(g.scores[0]), CURSOR, FELT_DARK, 2)
        p.text(140, y + 6, 80, str(g.scores[1]), CURSOR, FELT_DARK, 2)
        if burraco:
            # seed 001: Match Points (the difference) and Victory Points
            mp = score.match_points(g.scores[0], g.scores[1])
            y += 18
            for i in range(2):
                p.text(0, y, 40, ("MP", "VP")[i], GREY, FELT_DARK, 2)
                for side in range(2):
                    v = mp[2 * i + side]
                    p.text(40 + 100 * side, y, 80, ("+" if i == 0 and v > 0 else "") + str(v), WHITE, FELT_DARK, 2)
                y += 11
        hint(p, lang.H_NEXT, -1)

    def who(self, seat):
        """A seat's player: the name chosen in the set-up, a linked match's from each
        console's HELLO, else J1.."""
        play = self.play
        cable = play.cable
        if cable is not None:
            name = cable.link.names[seat != cable.link.seat]
        else:
            name = self.app.settings.names[seat] if play.human(seat) else None
        return name or pname(seat)

    def side(self, s):
        if self.play.game.n == 2:
            return self.who(s)
        return self.who(s) + "+" + self.who(s + 2)
