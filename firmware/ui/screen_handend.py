# End of a hand: the R7 breakdown of both sides and the match totals.
# ended(app) notes each counted hand for the score log and ends a burraco round.
from engine import game
from engine import score
from hal import keys
from ui import lang
from ui.common import sname, hint, draw_top
from ui.gfx import FELT_DARK, WHITE, GREY, CURSOR, DIM


def ended(app):
    """A hand has just ended: note its canastas and closer (app.match.stats, for the
    score log), and end the match after the last hand of a burraco round."""
    g = app.match.game
    if g.void:
        return          # not counted (torneo): no history line, nothing to note
    res = g.hand_result()
    st = app.match.stats
    for s in range(2):
        st.append(min(res[s][score.PURE], 15) << 4 | min(res[s][score.IMPURE], 15))
    st.append(g.closer + 1)
    if app.settings.hands and app.link is None and len(g.history) >= app.settings.hands and g.phase == game.P_HAND_OVER:
        # seed 001 tournament: the round ends on the totals, a tie included (MP 0, VP 10/10)
        x, y = g.scores
        g.winner = 0 if x > y else 1 if y > x else -1
        g.phase = game.P_MATCH_OVER


def key(app, k):
    if k & (keys.A | keys.PRESS):
        app.play(game.NEXT, 0, b"", 0)


def tick(app, now):
    # autoplay deals the next hand by itself once the breakdown has been shown
    if app.autoplay and app.due(now):
        app.play(game.NEXT, 0, b"", 0)
        app.next_ai = now + app.ai_ms


# per glass (short, tall: ui/gfx.py Layout): the heading's row, the table's top and its row
# step, the match line, its rule above it, the target's line (a short glass, 135 rows, shows the
# target beside the sides' names when there is a hand to count)
GEOMETRY = ((14, 25, 10, 106, 1, 96), (18, 36, 14, 160, 4, 174))


def draw(app, dirty):
    p = app.painter
    g = app.match.game
    tall = p.lay.tall
    y_head, y, dy, y_match, rule, y_target = GEOMETRY[tall]
    p.fill(0, 12, p.w, p.h - 12, FELT_DARK)
    draw_top(app)
    n = len(g.history)
    p.text(0, y_head, p.w, lang.t(lang.HAND_END) + str(n), CURSOR, FELT_DARK, 1)
    if app.settings.hands:
        t = lang.t(lang.HAND) + " " + str(n) + "/" + str(app.settings.hands)
    else:
        t = lang.t(lang.TARGET) + " " + str(g.target)
    link = app.link
    # hidden hands: the hand is counted once the keys are checked (the other rack is still
    # placeholders): until then the check's line (ui/linkplay.py) stands for the breakdown
    checking = link is not None and link.hidden is not None and link.hidden.stage == 2
    res = None if checking else g.hand_result()
    if not tall and res is not None:
        p.text(4, y, 124, t, DIM, FELT_DARK)
    if res is None:
        p.text(0, y, p.w, app.view.message if checking else lang.t(lang.VOID), WHITE, FELT_DARK, 1)
    else:
        p.text(128, y, 52, sname(g, 0), WHITE, FELT_DARK, 2)
        p.text(184, y, 52, sname(g, 1), WHITE, FELT_DARK, 2)
        y += dy
        rules = g.rules
        labels = (lang.R_MELDED, lang.R_PURE, lang.R_IMPURE, lang.R_CLOSE, lang.R_MUERTO, lang.R_RACK, lang.R_TOTAL)
        for i in range(7):
            c = CURSOR if i == 6 else WHITE
            if i == 6:
                p.fill(4, y - 2, 232, 1, GREY)
            p.text(4, y, 124, lang.t(labels[i]), c, FELT_DARK)
            for s in range(2):
                v = res[s][i]
                if i == score.PURE and v:
                    v = str(v) + "x" + str(rules.pure_bonus)
                elif i == score.IMPURE and v:
                    v = str(v) + "x" + str(rules.impure_bonus)
                else:
                    v = str(v)
                p.text(128 + s * 56, y, 52, v, c, FELT_DARK, 2)
            y += dy
    y = y_match
    p.fill(4, y - rule, 232, 1, GREY)
    p.text(4, y, 124, lang.t(lang.R_MATCH), CURSOR, FELT_DARK)
    for s in range(2):
        p.text(128 + s * 56, y, 52, str(g.scores[s]), CURSOR, FELT_DARK, 2)
    if tall or res is None:
        p.text(4, y_target, 232, t, DIM, FELT_DARK)
    hint(p, lang.H_NEXT, -1)
