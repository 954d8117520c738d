# A finished Burako-family match into the score log (scorelog.py; docs/scorelog.md): the totals,
# every hand, and what this console knows beyond them: per hand the canastas and the closer,
# burraco's MP and VP, the seats it held, the names, the AIs' level.
from engine import rules
from engine import score
import scorelog


def log(app, game, ai_seats, stats, cable, ended=0):
    """Write the match of `game` (the AIs' seats, the hands' notes: burako/play.py's; cable:
    the link cable's, None for a local match); True once written. `ended`: a linked match that
    ended in play (the link's reason, Link.ended_reason()): no winner, the reason kept
    (scorelog "ended")."""
    seats = ""
    for seat in range(game.n):
        seats += "A" if (ai_seats >> seat) & 1 and cable is None else "H"
    # the same id on both consoles of a linked match; a fresh one otherwise
    if cable is not None:
        match_id = cable.link.match_id
    else:
        from link import entropy
        match_id = entropy.random_bytes(8)
    try:
        rec = record(app, game, stats, cable, {
            "variant": game.rules.name, "seats": seats,
            "hands": [list(hand) for hand in game.history[-scorelog.MAX_HANDS:]],
            "final": list(game.scores), "winner": None if ended else game.winner,
            "id": int.from_bytes(match_id, "little")})
        if ended:
            rec["ended"] = ended
        scorelog.append(app.board.storage.path(scorelog.FILENAME), rec)
        return True
    except (OSError, ValueError, MemoryError):
        return False    # a full or failing flash (or heap) must not stop the game


def record(app, game, stats, cable, rec):
    """rec (scorelog.append's dict) with what this console knows beyond the totals: per hand
    the canastas and the closer (stats, when it covers every hand: a resumed link match may
    lack the first ones), MP and VP for burraco; the seats this console held, the names, the
    AIs' level. Returns rec."""
    hands = len(rec["hands"])
    if len(stats) == 3 * len(game.history) and hands:
        canastas = []
        closes = []
        for i in range(len(stats) - 3 * hands, len(stats), 3):
            canastas.append([[stats[i] >> 4, stats[i] & 15], [stats[i + 1] >> 4, stats[i + 1] & 15]])
            closes.append(stats[i + 2] - 1 if stats[i + 2] else None)
        rec["canastas"] = canastas
        rec["closes"] = closes
    if rec["winner"] is not None and rec["winner"] < 0:
        rec["winner"] = None
    if game.rules is rules.BURRACO:
        mp_a, mp_b, va, vb = score.match_points(game.scores[0], game.scores[1])
        rec["mp"] = [mp_a, mp_b]
        rec["vp"] = [va, vb]
    # who played. The seats this console held (all of them, or a link's own: the other console
    # logs the same match from its side), each person's name, the AIs' level. A linked match's
    # names: ours and the peer's from its HELLO (docs/link.md)
    seats = rec["seats"]
    settings = app.settings
    if cable is not None:
        link = cable.link
        rec["own_seats"] = [link.seat]
        names = link.names
        if names[0] or names[1]:
            both = [names[1] or None, names[1] or None]
            both[link.seat] = names[0] or None
            rec["names"] = both
    else:
        rec["own_seats"] = list(range(len(seats)))
        names = []
        named = False
        for seat in range(len(seats)):
            name = settings.names[seat] if seats[seat] == "H" else None
            names.append(name)
            named = named or name is not None
        if named:
            rec["names"] = names
        if "A" in seats:
            rec["level"] = settings.level
    return rec
