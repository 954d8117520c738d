# What this console adds to a finished match's score log record (scorelog.py
# optional fields). Imported by App.log_match only when a match has ended, so
# the bytecode is not on the heap while a match is played.
from engine import rules
from engine import score


def record(app, rec):
    """rec (scorelog.append's dict) with what this console knows beyond the
    totals: per hand the canastas and the closer (app.match.stats, when it covers
    every hand: a resumed link match may lack the first ones), MP and VP for
    burraco; the seats this console held, the names, the AIs' level. Returns rec."""
    g = app.match.game
    st = app.match.stats
    n = len(rec["hands"])
    if len(st) == 3 * len(g.history) and n:
        can = []
        closes = []
        for i in range(len(st) - 3 * n, len(st), 3):
            can.append([[st[i] >> 4, st[i] & 15], [st[i + 1] >> 4, st[i + 1] & 15]])
            closes.append(st[i + 2] - 1 if st[i + 2] else None)
        rec["canastas"] = can
        rec["closes"] = closes
    if rec["winner"] is not None and rec["winner"] < 0:
        rec["winner"] = None
    if g.rules is rules.BURRACO:
        a, b, va, vb = score.match_points(g.scores[0], g.scores[1])
        rec["mp"] = [a, b]
        rec["vp"] = [va, vb]
    # who played. The seats this console held (all of them, or a link's own: the
    # other console logs the same match from its side), each person's name, the AIs' level.
    # A linked match's names: ours and the peer's from its HELLO (docs/link.md)
    link = app.link
    seats = rec["seats"]
    rec["own_seats"] = [link.seat] if link is not None else list(range(len(seats)))
    if link is not None:
        nm = link.names
        if nm[0] or nm[1]:
            names = [nm[1] or None, nm[1] or None]
            names[link.seat] = nm[0] or None
            rec["names"] = names
    else:
        names = []
        named = False
        for p in range(len(seats)):
            nm = app.settings.names[p] if seats[p] == "H" else None
            names.append(nm)
            named = named or nm is not None
        if named:
            rec["names"] = names
        if "A" in seats:
            rec["level"] = app.settings.level
    return rec
