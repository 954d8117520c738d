# End of the match: the winner, every hand's scores, the totals; for burraco
# also seed 001's Match Points and Victory Points.
import sys
from engine import rules
from engine import score
from hal import keys
from ui import lang
from ui.common import S_TITLE, sname, pname, hint, draw_top
from ui.gfx import FELT_DARK, WHITE, GREY, CURSOR


def key(app, k):
    if k & (keys.A | keys.PRESS | keys.B):
        tick(app, 0)            # not logged yet: now, before the match goes
        # imported here: a linked match's last move (which shows this screen) has no save
        from ui import save
        save.remove(app.board.storage)
        app.has_save = False
        app.match.end()
        app.show(S_TITLE)
        app.row = 0


def tick(app, now):
    if app.log_due and app.link is None:
        app.log_match()


def log(app, ended=0):
    """App.log_match once it may write: the finished match into the score log.
    `ended`: a linked match that ended in play (the link's reason, ui/linkkeys.py): no
    winner, the reason kept (scorelog "ended")."""
    g = app.match.game
    link = app.link
    app.log_due = False
    seats = ""
    for p in range(g.n):
        seats += "A" if (app.match.ai_seats >> p) & 1 and link is None else "H"
    # the same id on both consoles of a linked match; a fresh one otherwise
    if link is not None:
        mid = link.match_id
    else:
        from link import entropy
        mid = entropy.random_bytes(8)
        if "link.session" not in sys.modules:       # nothing else holds it: off the heap
            from memory import drop     # docs/memory.md "link.entropy"
            drop(("link.entropy",))
            for n in sys.modules:
                if n.startswith("link."):
                    break
            else:
                drop(("link",))         # and the package, when it holds nothing else
    try:
        from ui import matchlog
        import scorelog
        rec = matchlog.record(app, {
            "variant": g.rules.name, "seats": seats,
            "hands": [list(h) for h in g.history[-scorelog.MAX_HANDS:]],
            "final": list(g.scores), "winner": None if ended else g.winner,
            "id": int.from_bytes(mid, "little")})
        if ended:
            rec["ended"] = ended
        scorelog.append(app.board.storage.path(scorelog.FILENAME), rec)
        app.logged += 1
    except (OSError, ValueError, MemoryError):
        pass        # a full or failing flash (or heap) must not stop the game


def _who(app, p):
    """A seat's player: the name chosen in the set-up, a linked match's
    from each console's HELLO, else J1.."""
    link = app.link
    if link is not None:
        nm = link.names[p != link.seat]
    else:
        nm = app.settings.names[p] if not (app.match.ai_seats >> p) & 1 else None
    return nm or pname(p)


def _side(app, s):
    if app.match.game.n == 2:
        return _who(app, s)
    return _who(app, s) + "+" + _who(app, s + 2)


# per glass (short, tall: ui/gfx.py Layout): the hands shown (the latest; burraco's MP and VP
# take two rows), the heading's row, the winner's, the sides' names'
GEOMETRY = ((4, 2, 13, 24, 42), (8, 8, 24, 44, 76))


def draw(app, dirty):
    p = app.painter
    g = app.match.game
    burraco = g.rules is rules.BURRACO
    keep, keep_burraco, y_head, y_winner, y = GEOMETRY[p.lay.tall]
    if burraco:
        keep = keep_burraco
    p.fill(0, 0, p.w, p.h, FELT_DARK)
    draw_top(app)
    p.text(0, y_head, p.w, lang.t(lang.MATCH_END), CURSOR, FELT_DARK, 1)
    if g.winner >= 0:
        w = lang.t(lang.WINS) + _side(app, g.winner)
        if len(w) > 15:         # twice the size: 15 letters fill the glass
            w = lang.t(lang.WINS) + sname(g, g.winner)
        p.big(120 - len(w) * 8, y_winner, w, WHITE, 2)
    p.text(0, y, 120, _side(app, 0), WHITE, FELT_DARK, 1)
    p.text(120, y, 120, _side(app, 1), WHITE, FELT_DARK, 1)
    y += 14
    h = g.history
    first = len(h) - keep if len(h) > keep else 0
    for i in range(first, len(h)):
        p.text(0, y, 40, str(i + 1), GREY, FELT_DARK, 2)
        p.text(40, y, 80, str(h[i][0]), WHITE, FELT_DARK, 2)
        p.text(140, y, 80, str(h[i][1]), WHITE, FELT_DARK, 2)
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
            for s in range(2):
                v = mp[2 * i + s]
                p.text(40 + 100 * s, y, 80, ("+" if i == 0 and v > 0 else "") + str(v), WHITE, FELT_DARK, 2)
            y += 11
    hint(p, lang.H_NEXT, -1)
