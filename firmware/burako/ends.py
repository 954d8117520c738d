# The Burako family's screens between turns: the hand-off (pass-and-play hides the rack until
# the next person presses A), the end of a hand (the R7 breakdown of both sides and the match
# totals) and the end of the match (the winner, every hand's scores, the totals; burraco's
# Match Points and Victory Points, seed 001).
from engine.game import NEXT
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

    def key(self, key):
        if key & (keys.A | keys.PRESS):
            self.app.show(self.play.table)

    def draw(self, dirty):
        painter = self.app.painter
        play = self.play
        up = (40, 0)[painter.lay.tall]     # a short glass (135 rows) draws it higher
        painter.fill(0, 0, painter.w, painter.h, FELT_DARK)
        painter.text(0, 60 - up, painter.w, lang.t(lang.HANDOFF), WHITE, FELT_DARK, 1)
        name = pname(play.viewer)
        painter.big(120 - len(name) * 16, 90 - up, name, CURSOR, 4)
        painter.text(0, 140 - up, painter.w, lang.t(lang.SHOW_RACK), WHITE, FELT_DARK, 1 | gfx.CAPS)
        draw_top(painter, play.game, play.viewer)


# per glass (short, tall: ui/gfx.py Layout): the heading's row, the table's top and its row
# step, the match line, its rule above it, the target's line (a short glass, 135 rows, shows the
# target beside the sides' names when there is a hand to count)
HAND_END_ROWS = ((14, 25, 10, 106, 1, 96), (18, 36, 14, 160, 4, 174))


class HandEnd(Between):
    name = "handend"
    hand_over = True

    def key(self, key):
        if key & (keys.A | keys.PRESS):
            self.play.play(NEXT, 0, b"", 0)

    def tick_play(self, now):
        # autoplay deals the next hand by itself once the breakdown has been shown
        play = self.play
        if self.app.autoplay and play.due(now):
            play.play(NEXT, 0, b"", 0)
            play.next_ai = now + self.app.ai_ms

    def waiting(self):
        return not self.app.autoplay

    def draw(self, dirty):
        app = self.app
        painter = app.painter
        play = self.play
        game = play.game
        tall = painter.lay.tall
        y_head, y, dy, y_match, rule, y_target = HAND_END_ROWS[tall]
        painter.fill(0, 12, painter.w, painter.h - 12, FELT_DARK)
        draw_top(painter, game, play.viewer, False, app.cable)
        hand = len(game.history)
        painter.text(0, y_head, painter.w, lang.t(lang.HAND_END) + str(hand), CURSOR, FELT_DARK, 1)
        hands = app.settings.hands
        if hands:
            title = lang.t(lang.HAND) + " " + str(hand) + "/" + str(hands)
        else:
            title = lang.t(lang.TARGET) + " " + str(game.target)
        cable = play.cable
        # hidden hands: the hand is counted once the keys are checked (the other rack is still
        # placeholders): until then the check's line (ui/cable.py) stands for the breakdown
        checking = cable is not None and cable.link.hidden is not None and cable.link.hidden.stage == 2
        res = None if checking else game.hand_result()
        if not tall and res is not None:
            painter.text(4, y, 124, title, DIM, FELT_DARK)
        if res is None:
            painter.text(0, y, painter.w, play.table.message if checking else lang.t(lang.VOID), WHITE, FELT_DARK, 1)
        else:
            painter.text(128, y, 52, sname(game, 0), WHITE, FELT_DARK, 2)
            painter.text(184, y, 52, sname(game, 1), WHITE, FELT_DARK, 2)
            y += dy
            variant = game.rules
            labels = (lang.R_MELDED, lang.R_PURE, lang.R_IMPURE, lang.R_CLOSE, lang.R_MUERTO, lang.R_RACK,
                      lang.R_TOTAL)
            for i in range(7):
                colour = CURSOR if i == 6 else WHITE
                if i == 6:
                    # the rule in the gap between two lines' letters: on the short glass's
                    # 10-row step that is the row just above the total's band
                    painter.fill(4, y - 2 if tall else y - 1, 232, 1, GREY)
                painter.text(4, y, 124, lang.t(labels[i]), colour, FELT_DARK)
                for side in range(2):
                    value = res[side][i]
                    if i == score.PURE and value:
                        value = str(value) + "x" + str(variant.pure_bonus)
                    elif i == score.IMPURE and value:
                        value = str(value) + "x" + str(variant.impure_bonus)
                    else:
                        value = str(value)
                    painter.text(128 + side * 56, y, 52, value, colour, FELT_DARK, 2)
                y += dy
        y = y_match
        painter.fill(4, y - rule, 232, 1, GREY)
        painter.text(4, y, 124, lang.t(lang.R_MATCH), CURSOR, FELT_DARK)
        for side in range(2):
            painter.text(128 + side * 56, y, 52, str(game.scores[side]), CURSOR, FELT_DARK, 2)
        if tall or res is None:
            painter.text(4, y_target, 232, title, DIM, FELT_DARK)
        hint(painter, lang.H_NEXT, -1)


# per glass (short, tall: ui/gfx.py Layout): the hands shown (the latest; burraco's MP and VP
# take two rows), the heading's row, the winner's, the sides' names' (on the short glass right
# under the winner's 16 rows: burraco's VP line ends above the hint's band)
MATCH_END_ROWS = ((4, 2, 13, 24, 40), (8, 8, 24, 44, 76))


class MatchEnd(Between):
    name = "matchend"

    def key(self, key):
        if key & (keys.A | keys.PRESS | keys.B):
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
        painter = self.app.painter
        play = self.play
        game = play.game
        burraco = game.rules is rules.BURRACO
        keep, keep_burraco, y_head, y_winner, y = MATCH_END_ROWS[painter.lay.tall]
        if burraco:
            keep = keep_burraco
        painter.fill(0, 0, painter.w, painter.h, FELT_DARK)
        draw_top(painter, game, play.viewer, False, self.app.cable)
        painter.text(0, y_head, painter.w, lang.t(lang.MATCH_END), CURSOR, FELT_DARK, 1)
        if game.winner >= 0:
            winner = lang.t(lang.WINS) + self.side(game.winner)
            if len(winner) > 15:         # twice the size: 15 letters fill the glass
                winner = lang.t(lang.WINS) + sname(game, game.winner)
            painter.big(120 - len(winner) * 8, y_winner, winner, WHITE, 2)
        painter.text(0, y, 120, self.side(0), WHITE, FELT_DARK, 1)
        painter.text(120, y, 120, self.side(1), WHITE, FELT_DARK, 1)
        y += 14
        history = game.history
        first = len(history) - keep if len(history) > keep else 0
        for i in range(first, len(history)):
            painter.text(0, y, 40, str(i + 1), GREY, FELT_DARK, 2)
            painter.text(40, y, 80, str(history[i][0]), WHITE, FELT_DARK, 2)
            painter.text(140, y, 80, str(history[i][1]), WHITE, FELT_DARK, 2)
            y += 11
        painter.fill(20, y + 2, 200, 1, GREY)
        painter.text(40, y + 6, 80, str(game.scores[0]), CURSOR, FELT_DARK, 2)
        painter.text(140, y + 6, 80, str(game.scores[1]), CURSOR, FELT_DARK, 2)
        if burraco:
            # seed 001: Match Points (the difference) and Victory Points
            mp = score.match_points(game.scores[0], game.scores[1])
            y += 18
            for i in range(2):
                painter.text(0, y, 40, ("MP", "VP")[i], GREY, FELT_DARK, 2)
                for side in range(2):
                    value = mp[2 * i + side]
                    painter.text(40 + 100 * side, y, 80, ("+" if i == 0 and value > 0 else "") + str(value), WHITE, FELT_DARK, 2)
                y += 11
        hint(painter, lang.H_NEXT, -1)

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

    def side(self, side):
        if self.play.game.n == 2:
            return self.who(side)
        return self.who(side) + "+" + self.who(side + 2)
