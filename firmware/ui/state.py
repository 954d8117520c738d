# The app's state as plain data (for the emulator's --state-json and tests).
# Imported only by the emulator, never in the device loop.
from engine import tiles
from engine import melds
from ui import lang
from ui.common import NAMES, S_RUMMY

SCREENS = ("title", "setup", "game", "handoff", "handend", "matchend", "link", "rummy", "fault")


def snapshot(app):
    g = app.match.game
    out = {"screen": SCREENS[app.screen], "lang": lang.code(), "saves": app.saves,
           "focus": app.view.focus, "msg": app.view.message, "names": app.settings.names,
           "error": app.view.error, "error_text": lang.reason(app.view.error) if app.view.error else ""}
    link = app.link
    if link is not None:
        st = link.stats()
        out["link"] = {
            "match_id": "".join("%02x" % b for b in link.match_id) if link.match_id else None,
            "frames_sent": st["frames_out"], "bytes_sent": st["bytes_out"],
            "retransmits": st["resends"], "crc_errors": st["bad_frames"],
            "refused": st["refused"], "repairs": st["repairs"], "seat": link.seat,
            "moves": link.count,
            "state": app.cable.session.STATE_NAMES[link.state], "reason": app.cable.session.REASON_NAMES[link.reason],
            "by_peer": link.by_peer, "note": app.cable.note, "hidden": link.hidden is not None}
    if app.rummy is not None:
        # the Rummy door by its name: ui/ imports no game's package
        out["rummy"] = __import__(NAMES[S_RUMMY], None, None, ("state",)).state(app)
    if g is None:
        return out
    rack = g.racks[app.match.viewer]
    c = g.rules.cards       # burraco: card notation (R12.1)
    out.update({
        "variant": g.rules.name, "players": g.n, "seed": g.seed, "target": g.target,
        "phase": g.phase, "turn": g.turn, "hand": g.hand, "hands": len(g.history),
        "scores": list(g.scores), "winner": g.winner,
        "history": [list(h) for h in g.history],
        "stock": len(g.stock), "pile": tiles.list_text(g.pile, c),
        "racks": [tiles.list_text(r, c) for r in g.racks],
        "melds": [[melds.text(m, c) for m in g.melds[s]] for s in range(2)],
        "taken": [g.taken[0], g.taken[1]],
        "viewer": app.match.viewer, "cursor": app.view.cursor, "scroll": app.view.scroll,
        "cursor_tile": tiles.to_text(rack[app.view.cursor], c) if app.view.cursor < len(rack) else "",
        "selected": [i for i in range(len(rack)) if app.view.selection[i] & 1],
        "new": [i for i in range(len(rack)) if app.view.selection[i] & 2],
        "ai_seats": app.match.ai_seats,
    })
    return out
