# The app's state as plain data (for the emulator's --state-json and tests). Imported only by
# the emulator, never in the device loop.
from engine import tiles
from engine import melds
from ui import lang


def snapshot(app):
    screen = app.screen
    out = {"screen": screen.name, "lang": lang.code(), "names": app.settings.names,
           "focus": 0, "msg": "", "error": 0, "error_text": ""}
    cable = app.cable
    play = getattr(screen, "play", None)
    if play is None and cable is not None:
        play = cable.play
    if cable is not None:
        link = cable.link
        st = link.stats()
        from link import session
        out["link"] = {
            "match_id": "".join("%02x" % byte for byte in link.match_id) if link.match_id else None,
            "frames_sent": st["frames_out"], "bytes_sent": st["bytes_out"],
            "retransmits": st["resends"], "crc_errors": st["bad_frames"],
            "refused": st["refused"], "repairs": st["repairs"], "seat": link.seat,
            "moves": link.count,
            "state": session.STATE_NAMES[link.state], "reason": session.REASON_NAMES[link.reason],
            "by_peer": link.by_peer, "note": cable.note, "hidden": link.hidden is not None,
            "saves": cable.saves}
    if play is None:
        screen.state(out)
        mode = getattr(screen, "mode", None)
        if mode is not None:
            # Rummy's set-up or replay: its choices
            players, seats, hands = app.settings.rummy[:3]
            out["rummy"] = {"mode": mode, "players": players, "seats": seats, "hands": hands}
        return out
    out["saves"] = play.saves if hasattr(play, "saves") else 0
    if play.table is not screen:
        play.table.state(out)
    screen.state(out)
    if hasattr(play, "state"):
        play.state(out)     # (a game's Play answers for itself: ui/ names no game but in ui/games.py)
    else:
        burako(out, play, play.game)    # (burako/play.py: kept here, off the device's path)
    return out


def burako(out, play, game):
    cards = game.rules.cards       # burraco: card notation (R12.1)
    out.update({
        "variant": game.rules.name, "players": game.n, "seed": game.seed, "target": game.target,
        "phase": game.phase, "turn": game.turn, "hand": game.hand, "hands": len(game.history),
        "scores": list(game.scores), "winner": game.winner,
        "history": [list(hand) for hand in game.history],
        "stock": len(game.stock), "pile": tiles.list_text(game.pile, cards),
        "racks": [tiles.list_text(rack, cards) for rack in game.racks],
        "melds": [[melds.text(meld, cards) for meld in game.melds[side]] for side in range(2)],
        "taken": [game.taken[0], game.taken[1]],
        "viewer": play.viewer, "ai_seats": play.ai_seats,
    })

