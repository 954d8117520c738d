"""The link cable 1v1 in the firmware UI (ui/cable.py): two
Apps in one process on EmuBoards joined by an in-memory cable (host/relay.py's
fault model) on one virtual clock. A whole linked match, a pulled cable
(peer-gone screen within 2 s, resume), a power-off (resume from link.sav),
and a dishonest or mismatched peer (the reason on screen, the game untouched).
The wire protocol's own cases are in test_link_session.py."""
import os
import sys
import types

import pytest

from emulator.board import FRAME_MS, VirtualClock
from engine import codec
from engine import game
from host.relay import Cable, Faults
from link import entropy
from link import msg
from link import session
from ui import cable as ui_cable
from ui import lang as ui_lang
from ui import title as ui_title
from ui.games import BURAKO
from ui.lang import tx
from ui.state import snapshot
from hal import keys as hal_keys
import linkkit
from linkkit import done, link, play, press, run


@pytest.fixture(autouse=True)
def _seeded_nonces(monkeypatch):
    """The consoles' random bytes from a seeded source: each test deals the
    same hands every run (the device stirs real entropy, link/entropy.py)."""
    import random
    r = random.Random(8)
    monkeypatch.setattr(entropy, "random_bytes", lambda n: bytes(r.randrange(256) for _ in range(n)))


class Console(linkkit.Console):
    DEFAULTS = dict(autoplay=True, ai_ms=0, target=300, link=True)


def pair(tmp, faults=(None, None), kw_a=None, kw_b=None):
    return linkkit.pair(Console, tmp, faults, kw_a, kw_b)


def link_saved(storage):
    """The linked match's save (link.sav) is on the console's storage."""
    return storage.exists(BURAKO.link_save)


def read_saved(storage):
    return ui_cable.read(storage, BURAKO.link_save)


def message(app):
    """The Burako table's last-move line (its turn cue, a refusal's reason)."""
    return BURAKO.table(app).message


def game_of(app):
    """The linked match's Game once it is shown, else None."""
    p = play(app)
    return None if p is None else p.game


def same_match(a, b):
    sa, sb = snapshot(a.app), snapshot(b.app)
    assert sa["screen"] == sb["screen"] == "matchend"
    assert sa["history"] == sb["history"] and sa["scores"] == sb["scores"]
    assert sa["link"]["match_id"] == sb["link"]["match_id"] is not None
    assert {sa["link"]["seat"], sb["link"]["seat"]} == {0, 1}
    mid = int.from_bytes(bytes.fromhex(sa["link"]["match_id"]), "little")
    for c, s in ((a, sa), (b, sb)):
        recs = c.log()
        assert [r["id"] for r in recs] == [mid]          # logged once, with the link's id
        assert recs[0]["final"] == s["scores"] and recs[0]["hands"] == s["history"]
        assert not link_saved(c.app.board.storage)              # over on both: its save is gone
        assert not os.path.exists(os.path.join(c.dir, "burako.sav"))   # pass-and-play untouched
    return sa


def test_linked_match_over_a_noisy_cable_ends_the_same_on_both_and_is_logged_with_one_id(tmp_path):
    f = (Faults(drop=0.01, flip=0.01, seed=5), Faults(drop=0.01, flip=0.01, seed=6))
    a, b, clock, cable = pair(tmp_path, f)
    assert a.app.screen.name == "link" and b.app.screen.name == "link"      # "connecting" first
    a.step()
    assert tx(ui_cable.T_CONNECTING) in a.texts
    run(a, b, clock, done(a, b))
    s = same_match(a, b)
    assert s["link"]["retransmits"] + snapshot(b.app)["link"]["retransmits"] > 0
    # each console showed only its own rack: the viewer never left the local seat
    assert play(a.app).viewer == link(a.app).seat and play(b.app).viewer == link(b.app).seat


def test_peer_moves_use_the_table_turn_cue(tmp_path):
    a, b, clock, cable = pair(tmp_path, kw_b={"autoplay": False})
    # b is a person who never plays: a's AI moves until it is b's turn
    run(a, b, clock, lambda: game_of(b.app) is not None and b.app.screen.name == "game")
    mine = link(b.app).seat
    if game_of(b.app).turn == mine:        # b starts: it draws and discards by hand
        assert play(b.app).play(game.DRAW, 0, b"", 0) == 0
        assert play(b.app).play(game.DISCARD, 0, bytes((game_of(b.app).racks[mine][0],)), 0) == 0
    run(a, b, clock, lambda: game_of(b.app).turn == mine and b.app.screen.name == "game")
    g = game_of(b.app)
    assert g.turn == mine
    first = message(b.app)
    assert first.startswith(ui_lang.t(ui_lang.PLAYER))        # "J2 roba del pozo..." as in pass-and-play
    assert b.app.waiting()                    # headless key feeding waits for b's keys only
    assert not a.app.waiting()


def test_pulled_cable_shows_peer_gone_within_2s_and_the_match_goes_on(tmp_path):
    a, b, clock, cable = pair(tmp_path)
    run(a, b, clock, lambda: link(a.app).count >= 15 and a.app.screen.name == "game")
    cable.cut = True
    t0 = clock.now
    run(a, b, clock, lambda: a.app.screen.name == "link" and b.app.screen.name == "link")
    assert clock.now - t0 <= 2000
    for c in (a, b):
        assert snapshot(c.app)["link"]["state"] == "peer gone"
        assert tx(ui_cable.T_GONE) in c.texts
    # (a move made before the screen changed waits in the queue)
    before = (codec.encode(game_of(a.app)), codec.encode(game_of(b.app)))
    run(a, b, clock, lambda: clock.now - t0 >= 30_000)      # 30 s without the cable
    # the screens waited: nothing was played on either side
    assert (codec.encode(game_of(a.app)), codec.encode(game_of(b.app))) == before
    assert a.app.screen.name == b.app.screen.name == "link"
    cable.cut = False
    run(a, b, clock, lambda: a.app.screen.name != "link" and b.app.screen.name != "link")
    run(a, b, clock, done(a, b))
    same_match(a, b)


@pytest.mark.parametrize("pos", ["kept", "damaged"])
def test_power_off_resumes_from_link_sav(tmp_path, monkeypatch, pos):
    """link.sav (the session's bytes) and link.pos (the position then): with
    the position the match is not replayed at power-on; with it damaged the
    session replays its move log to the same place."""
    a, b, clock, cable = pair(tmp_path)
    run(a, b, clock, lambda: link(b.app).count >= 25 and link_saved(b.app.board.storage))
    saved = read_saved(b.app.board.storage)
    replays = []
    if pos == "damaged":
        with open(os.path.join(b.dir, BURAKO.link_position), "r+b") as f:
            f.write(b"\xff\xff\xff")
    from link import repair     # loaded while needed (link/session.py): this is the one a boot uses
    real = repair.replay
    monkeypatch.setattr(repair, "replay", lambda *a: replays.append(1) or real(*a))
    b.boot()                                   # off and on: a new App, the same storage
    assert len(replays) == (0 if pos == "kept" else 1)
    assert link(b.app).match_id == link(a.app).match_id
    assert link(b.app).saved() == saved         # the whole match came back from link.sav
    run(a, b, clock, done(a, b))
    same_match(a, b)
    assert not os.path.exists(os.path.join(b.dir, BURAKO.link_position))


def test_refused_frame_changes_nothing_and_the_reason_shows(tmp_path):
    """A cheating peer (a bare session that sends moves its engine never
    checked): every refused move leaves the local game as it was and the
    table says why; after the strikes the link ends with "cheated"."""
    clock = VirtualClock()
    clock.now = 1000
    cable = Cable(clock)
    a = Console(tmp_path, "a", cable.a, clock, autoplay=False, lang="en")

    class Board:
        link = cable.b
    Board.clock = clock
    cheat = session.Link(Board, "burako", 300)

    def step_cheat():
        cheat.poll(clock.ticks_ms())
        while cheat.next_event():
            pass

    def run2(until, ms=60_000):
        end = clock.now + ms
        while clock.now < end:
            clock.now += FRAME_MS
            a.step()
            step_cheat()
            if until():
                return
        raise AssertionError("timed out")

    run2(lambda: game_of(a.app) is not None and cheat.state == session.PLAYING and link(a.app).state == session.PLAYING)
    if link(a.app).my_turn():            # let the honest side play first: draw, then discard
        g = game_of(a.app)
        assert play(a.app).play(game.DRAW, 0, b"", 0) == 0
        assert play(a.app).play(game.DISCARD, 0, bytes((g.racks[link(a.app).seat][0],)), 0) == 0
        run2(lambda: cheat.count == link(a.app).count and cheat.idle())
    assert cheat.my_turn()
    pos = codec.encode(game_of(a.app))
    count = link(a.app).count
    # a discard of a tile the cheater does not hold (a draw is due first, too)
    cheat.t.send(msg.move(cheat.count, cheat.digest, (game.DISCARD, 0, bytes((game_of(a.app).racks[link(a.app).seat][0],)), 0)))
    run2(lambda: link(a.app).refused >= 1 and not link(a.app).events)   # shown the frame after
    assert codec.encode(game_of(a.app)) == pos and link(a.app).count == count
    assert message(a.app) == tx(ui_cable.T_REFUSED) + tx(ui_cable.T_FRAME + session.F_ILLEGAL - 1)
    assert snapshot(a.app)["link"]["note"] == message(a.app)
    # it goes on: strikes end the link, the screen names the reason
    for _ in range(msg.MAX_STRIKES + 2):
        if link(a.app).state == session.ENDED:
            break
        run2(lambda: link(a.app).state == session.ENDED or
             (link(a.app).state == session.PLAYING and link(a.app).idle() and cheat.idle()))
        if link(a.app).state == session.ENDED:
            break
        cheat.t.send(msg.move(cheat.count, cheat.digest, (game.DISCARD, 0, b"\x00", 0)))
        n = link(a.app).refused
        run2(lambda: link(a.app).refused > n or link(a.app).state == session.ENDED)
    run2(lambda: a.app.screen.name == "link")
    assert link(a.app).reason == session.R_CHEAT and not link(a.app).by_peer
    assert codec.encode(game_of(a.app)) == pos
    assert "the other console cheated" in a.texts
    assert tx(ui_cable.T_ENDED) in a.texts
    run2(lambda: a.app.waiting())           # after the screen's pause a key leaves it
    # the match was in play: its save is the player's to keep (A) or delete (X)
    assert tx(ui_cable.T_H_KEEP) in a.texts
    press(a.app, hal_keys.X)
    assert a.app.screen.name == "title" and link(a.app) is None
    assert not link_saved(a.app.board.storage)   # deleted, as the player chose


@pytest.mark.parametrize("lang", ["es", "it", "en"])
def test_variant_mismatch_ends_the_link_with_a_message(tmp_path, lang):
    a, b, clock, cable = pair(tmp_path, kw_a={"variant": "burako", "lang": lang},
                              kw_b={"variant": "torneo", "lang": lang})
    run(a, b, clock, lambda: a.app.screen.name == "link" and all(
        link(c.app).state == session.ENDED and not link(c.app).events for c in (a, b)), 20_000)
    for c in (a, b):
        assert link(c.app).reason == session.R_RULES
        assert game_of(c.app) is None                       # no game was ever dealt
        why = tx(ui_cable.T_REASON + session.R_RULES)
        assert why and why in c.texts                # the reason, in the player's language
    assert ui_lang.code() == lang


def test_every_reason_and_refusal_has_text_in_every_language():
    for lang in ui_lang.LANGS:
        ui_lang.use(lang)
        for r in range(1, len(session.REASON_NAMES)):
            assert tx(ui_cable.T_REASON + r)
        for f in range(session.F_ILLEGAL, session.F_UNEXPECTED + 1):
            assert tx(ui_cable.T_FRAME + f - 1)
        texts = __import__("ui.lang_" + lang, None, None, ("LINK",)).LINK
        screen = __import__("ui.link_" + lang, None, None, ("TX",)).TX
        # 0-16 always loaded (the title's entry, the refusals, the link screen); from 17
        # the link's end and "give up?", the reasons last, one for each the session names
        assert len(texts) == 17 and ui_cable.T_FRAME + session.F_UNEXPECTED == 9
        assert ui_cable.T_REASON + len(session.REASON_NAMES) == 17 + len(screen)
        for r in range(1, len(session.REASON_NAMES)):
            assert ui_cable.why(r) == screen[ui_cable.T_REASON - 17 + r]
        for i in range(ui_title.T_CABLE, ui_cable.T_REASON):
            assert tx(i) == (texts[i] if i < 17 else screen[i - 17])
        # every line fits the 240-pixel screen (8-pixel font), the message
        # line's "Refused: <why>" too, the title's entry with " (continue)"
        assert all(len(t) <= 30 for t in texts + screen)
        assert all(len(texts[ui_cable.T_REFUSED] + t) <= 30
                   for t in texts[ui_cable.T_FRAME:ui_cable.T_FRAME + session.F_UNEXPECTED])
        assert len(texts[ui_title.T_CABLE] + texts[1]) <= 25
    ui_lang.use("es")


def test_title_entry_opens_the_link_and_b_leaves_with_the_match_saved(tmp_path):
    clock = VirtualClock()
    cable = Cable(clock)
    c = Console(tmp_path, "a", cable.a, clock, autoplay=False, link=False, lang="en")
    app = c.app
    assert app.screen.name == "title"
    app.screen.row = 2                                 # no save: New, Language, Cable 1v1
    c.step()
    press(app, hal_keys.A)
    assert app.screen.name == "link" and link(app) is not None
    clock.now += FRAME_MS
    c.step()
    assert "Waiting for the other console" in c.texts
    assert not app.waiting()                    # headless scripts wait for the peer
    press(app, hal_keys.B)                                # leave
    assert app.screen.name == "title" and link(app) is None


def test_linked_burraco_match_ends_the_same_on_both_with_moves_in_card_notation(tmp_path):
    """R12 burraco over the cable: the consoles agree on `burraco`,
    play the whole match to its end and log it with one id; the other
    player's moves read in card notation (engine/tiles.py: AH 10D *)."""
    from engine import tiles as engine_tiles

    kw = {"variant": "burraco", "target": 1000}
    a, b, clock, cable = pair(tmp_path, kw_a=kw, kw_b=kw)
    seen = []
    run(a, b, clock, lambda: link(a.app).state == session.PLAYING and game_of(a.app) is not None)
    assert link(a.app).rules.name == link(b.app).rules.name == "burraco"
    assert game_of(a.app).rules.cards and game_of(a.app) is link(a.app).game
    assert a.app.painter.cards and b.app.painter.cards      # drawn as cards on both consoles

    def peer_discard_seen():
        g, lk = game_of(a.app), link(a.app)
        if g is not None and lk.count and message(a.app).startswith(ui_lang.t(ui_lang.PLAYER)):
            seen.append(message(a.app))
        return a.app.over() and b.app.over()
    run(a, b, clock, peer_discard_seen)
    s = same_match(a, b)
    assert max(s["scores"]) >= 1000
    assert snapshot(a.app)["variant"] == "burraco"
    # a discard by the other player, shown as a card ("... 7H"), never as a tile ("R7")
    cards = {engine_tiles.to_text(t, True) for t in range(52)} | {"*"}
    tiles = {engine_tiles.to_text(t) for t in range(52)}
    discards = [m for m in seen if m.rsplit(" ", 1)[-1] in cards]
    assert discards and not any(m.rsplit(" ", 1)[-1] in tiles for m in seen)


def test_linked_torneo_time_up_between_hands_ends_the_match_on_both(tmp_path):
    """Both clocks run out while a hand's end shows: the seat to deal the next
    hand declares time up instead, and the match ends there on both (R9)."""
    kw = {"variant": "torneo", "target": 0}
    a, b, clock, cable = pair(tmp_path, kw_a=kw, kw_b=kw)
    hands = []

    def at_hand_end(c):
        g = game_of(c.app)
        if not hands and g is not None and g.phase == game.P_HAND_OVER and c.app.screen.name != "link":
            hands.append(len(g.history))
            limit = g.rules.minutes * 60000
            play(a.app).played_ms, play(b.app).played_ms = limit + 5_000, limit + 25_000
    run(a, b, clock, done(a, b), check=at_hand_end)
    s = same_match(a, b)
    assert game_of(a.app).timeup and game_of(b.app).timeup
    assert len(s["history"]) == hands[0]          # no hand was dealt after it
    assert message(a.app) == message(b.app) == ui_lang.t(ui_lang.TIMEUP)


def test_linked_torneo_with_clocks_20s_apart_ends_the_same_on_both(tmp_path):
    """docs/rules.md R9 over the cable: only the console whose seat is to move
    declares time up, by its own clock, sent as a move; the other never plays
    it itself. With the two play clocks 20 s apart (a power-off restarts one)
    both consoles end the same match (before: "peer cheated", scores [0, 0])."""
    kw = {"variant": "torneo", "target": 0}
    a, b, clock, cable = pair(tmp_path, kw_a=kw, kw_b=kw)
    run(a, b, clock, lambda: game_of(a.app) is not None and game_of(b.app) is not None and link(a.app).count >= 6
        and a.app.screen.name == "game")
    limit = game_of(a.app).rules.minutes * 60000
    play(a.app).played_ms = limit - 5_000
    play(b.app).played_ms = limit - 25_000          # 20 s behind
    declared = []

    def watch(c):
        g = game_of(c.app)
        if g is not None and g.timeup and not declared:
            declared.append((c, link(c.app).seat == g.turn))
    run(a, b, clock, done(a, b), check=watch)
    s = same_match(a, b)
    assert game_of(a.app).timeup and game_of(b.app).timeup
    assert link(a.app).reason == link(b.app).reason == session.R_MATCH_OVER
    assert s["scores"] != [0, 0]
    # it was declared by the seat to move, on the console whose clock ran out
    assert declared and declared[0][1]
    for c in (a, b):
        assert link(c.app).refused == 0


def _cut_until_gone(a, b, clock, cable, keys):
    """Cut the cable; the frame a's link screen appears, `keys` are pressed
    (a player acting on the table at that instant)."""
    cable.cut = True
    end = clock.now + 5000
    while clock.now < end:
        clock.now += FRAME_MS
        for c in (a, b):
            c.step()
        if a.app.screen.name == "link":
            for k in keys:
                press(a.app, k)
            return
    raise AssertionError("no peer-gone screen")


def later(c, clock):
    """The link screen's pause goes by (keys only, no frame)."""
    clock.now += ui_cable.PAUSE_MS
    c.app.now = clock.now


@pytest.mark.parametrize("held", [False, True])
def test_a_key_pressed_for_the_table_as_peer_gone_appears_does_nothing_there(tmp_path, held):
    a, b, clock, cable = pair(tmp_path, kw_a={"lang": "en"}, kw_b={"lang": "en"})
    run(a, b, clock, lambda: link(a.app).count >= 10 and a.app.screen.name == "game"
        and link_saved(a.app.board.storage))
    if held:
        a.app.board.buttons.held = lambda: hal_keys.Y      # Y still down as the screen comes
    _cut_until_gone(a, b, clock, cable, (hal_keys.Y, hal_keys.X, hal_keys.Y, hal_keys.X, hal_keys.B))
    # nothing acted: not given up, not left, not even asked
    assert link(a.app) is not None and a.app.screen.name == "link"
    assert link(a.app).state != session.ENDED and not a.app.cable.ask
    assert link_saved(a.app.board.storage)
    # after the pause Y only asks; a held Y stays ignored until released
    later(a, clock)
    press(a.app, hal_keys.Y)
    assert a.app.cable.ask != held
    a.app.board.buttons.held = lambda: 0
    press(a.app, hal_keys.Y)
    assert a.app.cable.ask
    a.step()
    assert "Give up the match?" in a.texts and link(a.app).state != session.ENDED
    press(a.app, hal_keys.X)                              # asked this instant: no key yet
    assert link(a.app).state != session.ENDED
    press(a.app, hal_keys.B)
    later(a, clock)
    press(a.app, hal_keys.B)                              # any key but X: not given up
    assert not a.app.cable.ask and link(a.app).state != session.ENDED and a.app.screen.name == "link"
    press(a.app, hal_keys.Y)
    later(a, clock)
    press(a.app, hal_keys.X)                              # the deliberate act
    assert link(a.app).state == session.ENDED and link(a.app).reason == session.R_ABANDONED


@pytest.mark.parametrize("what", ["end-match-over", "end-abandoned", "hello-no-match"])
def test_a_peer_end_or_hello_never_deletes_a_match_in_play(tmp_path, what):
    """A forged END (any reason, "match over" too) or a HELLO saying "no
    match": the table does not freeze (the link screen with the reason, keys
    work) and the save stays until this player deletes it."""
    a, b, clock, cable = pair(tmp_path, kw_a={"lang": "en"}, kw_b={"lang": "en"})
    run(a, b, clock, lambda: link(a.app).count >= 10 and a.app.screen.name == "game"
        and link_saved(a.app.board.storage) and link(a.app).idle() and link(b.app).idle())
    saved = read_saved(a.app.board.storage)
    if what == "hello-no-match":
        # b powers on with its storage wiped
        for n in os.listdir(b.dir):
            os.remove(os.path.join(b.dir, n))
        b.boot()
    else:
        link(b.app).t.send(bytes((msg.END, session.R_MATCH_OVER if what == "end-match-over" else session.R_ABANDONED)))
    run(a, b, clock, lambda: link(a.app).state == session.ENDED and a.app.screen.name == "link"
        and not link(a.app).events, 30_000)
    assert link(a.app).by_peer or what == "hello-no-match"
    a.step()
    assert ui_cable.why(link(a.app).reason) in a.texts
    assert tx(ui_cable.T_H_KEEP) in a.texts         # keep (A) or delete (X): the player's choice
    run(a, b, clock, lambda: a.app.waiting(), 2000)
    press(a.app, hal_keys.A)
    assert a.app.screen.name == "title" and link(a.app) is None
    assert read_saved(a.app.board.storage) == saved      # kept as it was
    # the title says a linked match waits to resume
    a.step()
    assert tx(ui_title.T_CABLE) + tx(ui_title.T_RESUME) in a.texts
    # ... and the player may delete it: resume, the same reason, X
    if what == "hello-no-match":
        a.app.screen.row = 2                            # New, Language, Cable 1v1 (continue)
        press(a.app, hal_keys.A)
        run(a, b, clock, lambda: link(a.app).state == session.ENDED and a.app.waiting(), 30_000)
        press(a.app, hal_keys.X)
        assert not link_saved(a.app.board.storage)


def test_a_new_linked_match_does_not_show_the_last_ones_last_move(tmp_path):
    a, b, clock, cable = pair(tmp_path, kw_a={"lang": "en"}, kw_b={"lang": "en"})
    run(a, b, clock, lambda: link(a.app).count >= 10 and a.app.screen.name == "game")
    assert message(a.app)
    link(a.app).abandon()
    run(a, b, clock, lambda: a.app.waiting() and a.app.screen.name == "link", 5000)
    press(a.app, hal_keys.A)                               # given up here: the save goes
    assert a.app.screen.name == "title" and not link_saved(a.app.board.storage)
    assert message(a.app) == ""
    ui_cable.Cable.open(a.app, BURAKO)
    assert message(a.app) == ""


def test_a_match_the_peer_abandoned_goes_into_the_score_log_when_its_save_is_deleted(tmp_path):
    """A peer that leaves a match in play (here END "match over" mid-match) is
    recorded: when this player deletes the save (X), the score log gets the match with no
    winner and the link's reason (scorelog "ended"); keeping it (A) logs nothing yet."""
    import scorelog

    a, b, clock, cable = pair(tmp_path, kw_a={"lang": "en"}, kw_b={"lang": "en"})
    run(a, b, clock, lambda: link(a.app).count >= 10 and a.app.screen.name == "game"
        and link(a.app).idle() and link(b.app).idle())
    mid = int.from_bytes(link(a.app).match_id, "little")
    seat = link(a.app).seat
    link(b.app).t.send(bytes((msg.END, session.R_MATCH_OVER)))
    run(a, b, clock, lambda: link(a.app).state == session.ENDED and a.app.screen.name == "link"
        and not link(a.app).events, 30_000)
    run(a, b, clock, lambda: a.app.waiting(), 2000)
    log = os.path.join(a.app.board.storage.path(scorelog.FILENAME))
    assert not os.path.exists(log)
    press(a.app, hal_keys.X)
    assert a.app.screen.name == "title" and not link_saved(a.app.board.storage)
    recs, problems = scorelog.read(log)
    assert not problems and len(recs) == 1
    r = recs[0]
    assert r["winner"] is None and r["ended"] == session.R_PEER_ABANDONED and r["id"] == mid
    assert r["own_seats"] == [seat]


@pytest.mark.micropython
@pytest.mark.parametrize("seed", [1, 2])
def test_linked_burako_match_fits_192k_inside_micropython(tmp_path, seed):
    """The whole console (UI, engine, AI, link) inside real MicroPython at -X heapsize=196608
    (the harness's limit for a whole console, issue 34) against a CPython peer, one whole match
    over a cable that damages 1 % of the bytes; both consoles' nonces seeded, so each case is
    the same match every run (benchmarks/linkmatch_figures.py measures it). A MemoryError
    anywhere fails the test."""
    import linkmatch_figures    # benchmarks/: on sys.path by pyproject's pythonpath

    linkmatch_figures.VARIANT[0] = "burako"
    heap = linkmatch_figures.HEAP
    st, peer, wall = linkmatch_figures.micropython_match(0, 0.01, seed, str(tmp_path), heap)
    print("linked burako match under MicroPython at %d: peak heap %d B (sampled), after boot"
          " %d B, seed %d" % (heap, st["peak_heap_bytes"], st["heap_after_boot"], seed))
    assert st["screen"] == "matchend" and st["link"]["reason"] == "match over"
    assert st["peak_heap_bytes"] < heap == 196608


# --- hidden hands (docs/link.md "Hidden hands") -------------------------------------------
def test_a_hidden_deal_shows_its_progress_and_the_match_is_played_to_the_end(tmp_path):
    """Both consoles ask for hidden hands (App(hidden=True)): the link screen says so while
    connecting, shows the deal's bar filling (a partial redraw equal to a full one), the
    match is played and logged the same on both, link.sav written as it goes (and no
    link.pos: the save rebuilds each hand as the console knew it) and gone at the end."""
    from uikit import full_redraw
    kw = {"hidden": True, "target": 200}
    a, b, clock, cable = pair(tmp_path, kw_a=kw, kw_b=kw)
    a.step()
    assert tx(ui_cable.T_HIDDEN) in a.texts
    assert tx(ui_cable.T_OPEN) not in a.texts
    deals = []          # per hand's deal, the bar drawn at each frame
    saves = []

    def check(c):
        if c is a and a.app.cable is not None and a.app.cable.state == session.DEALING:
            if not deals or deals[-1][-1] is None:
                deals.append([])
            deals[-1].append(a.app.cable.bar)
            assert a.app.screen.name == "link"
            assert bytes(a.app.board.display.pixels) == full_redraw(a.app)
        elif c is a and deals and deals[-1][-1] is not None:
            deals[-1].append(None)
        saves.append(link_saved(c.app.board.storage))
        assert not os.path.exists(os.path.join(c.dir, BURAKO.link_position))
    run(a, b, clock, done(a, b), check=check)
    sa = snapshot(a.app)
    sb = snapshot(b.app)
    assert sa["history"] == sb["history"] and sa["scores"] == sb["scores"] and sa["screen"] == "matchend"
    assert link(a.app).hidden is not None and link(b.app).hidden is not None
    assert [r["id"] for r in a.log()] == [r["id"] for r in b.log()]
    assert any(saves) and a.app.cable.saves > 20 and b.app.cable.saves > 20
    assert not link_saved(a.app.board.storage)      # over on both: gone
    assert len(deals) == len(sa["history"])         # every hand's deal on the link screen
    for bars in deals:
        bars = bars[:-1]
        assert bars == sorted(bars) and len(set(bars)) > 10 and bars[-1] >= 90   # a step at a time


@pytest.mark.parametrize("when", ["deal", "play", "check"])
def test_a_power_off_under_hidden_hands_resumes_from_link_sav(tmp_path, when):
    """A console switched off and on (a new App on the same storage) in the middle of a
    hand's deal, of its play or of its hand-end check: the hidden match comes back from
    link.sav (its secret, what it knew, the deck: docs/link.md "A power cut") and is played
    to the same end on both, each console still seeing only its own rack."""
    kw = {"hidden": True, "target": 200}
    a, b, clock, cable = pair(tmp_path, kw_a=kw, kw_b=kw)

    run(a, b, clock, lambda: linkkit.hidden_moment(b, when, link_saved))
    count = link(b.app).count
    b.boot()                                   # off and on: a new App, the same storage
    L = link(b.app)
    assert L is not None and L.hidden is not None and L.hidden.keep
    assert L.count <= count and L.match_id == link(a.app).match_id
    g = L.game
    if L.hidden.stage == 0 and g.phase < game.P_HAND_OVER:     # what it knows: its own rack
        assert set(g.stock) <= {game.HIDDEN}
    run(a, b, clock, done(a, b))
    same_match(a, b)


def test_an_open_deal_says_so_on_the_link_screen(tmp_path):
    """Without hidden hands (the stock firmware's only deal) the link screen says "Open deal"
    before the match starts, in the player's language: both players know that the other
    console can read their racks (docs/link.md "Hidden hands")."""
    a, b, clock, cable = pair(tmp_path)
    a.step()
    assert tx(ui_cable.T_OPEN) in a.texts
    assert tx(ui_cable.T_HIDDEN) not in a.texts


def test_hidden_hands_on_one_console_only_deal_the_new_match_open_on_both(tmp_path):
    """Issue 33 (docs/link.md "In the session"): a new match between a console that asks for
    hidden hands and one that deals open is dealt open; the one that asked drops them
    (link.downgraded; autoplay says yes to the open deal, a person is asked: test_ui_link_deal.py)
    and both play it to the same end. (Before issue 33 such a link ended with R_RULES.)"""
    a, b, clock, cable = pair(tmp_path, kw_a={"hidden": True})
    run(a, b, clock, done(a, b))
    assert link(a.app).downgraded and not link(b.app).downgraded
    assert link(a.app).hidden is None and link(b.app).hidden is None
    assert link(a.app).reason == link(b.app).reason == session.R_MATCH_OVER
    same_match(a, b)


def test_the_title_link_entry_toggles_hidden_hands_where_the_firmware_can_deal_them(tmp_path, monkeypatch):
    """Title, the link's row: Left/Right turns hidden hands on ("Cable 1v1: < Oculto >") and off;
    A opens the link asking for them. The stock firmware with .mpy files (MicroPython without
    the UF2's frozen burako_board) is not offered them: the row stays the open deal's."""
    from emulator.board import EmuBoard, ScriptButtons
    from ui import app as ui_app
    clock = VirtualClock()
    board = EmuBoard(str(tmp_path), buttons=ScriptButtons(), clock=clock)
    board.link = Cable(clock).a                     # (a cable to open: the desktop's --link)
    # the open deal first (issue 33's default, the hidden deal: test_ui_link_deal.py)
    app = ui_app.App(board, lang="es", hidden=False)
    texts = []
    text = app.painter.text
    app.painter.text = lambda x, y, w, s, *a: texts.append(s) or text(x, y, w, s, *a)

    def press(k):
        board.buttons.press(k)
        clock.now += FRAME_MS
        app.step(clock.ticks_ms())
    press(hal_keys.DOWN)
    press(hal_keys.DOWN)                                 # the link's row (no save: 4 rows)
    press(hal_keys.RIGHT)
    assert app.settings.hidden and "Cable 1v1: < Oculto >" in texts
    press(hal_keys.LEFT)
    assert not app.settings.hidden
    with monkeypatch.context() as m:
        # MicroPython without the frozen burako_board (the stock firmware with .mpy files)
        m.setattr(sys, "implementation", types.SimpleNamespace(name="micropython"))
        press(hal_keys.RIGHT)
    assert not app.settings.hidden
    press(hal_keys.RIGHT)                                # a desktop again
    texts.clear()
    press(hal_keys.A)
    assert app.screen.name == "link" and link(app).hidden is not None
    app.step(clock.ticks_ms())
    assert "Reparto oculto" in texts


def test_the_hand_end_check_of_hidden_hands_shows_its_progress_on_the_table(tmp_path):
    """Under hidden hands a hand is counted after the keys' check (7-8 s on a Pico): the hand
    end's screen says so with the check's progress by tens, rising to the count, instead of a
    void hand; then the count."""
    kw = {"hidden": True, "target": 1}
    a, b, clock, cable = pair(tmp_path, kw_a=kw, kw_b=kw)
    seen = []

    def check(c):
        if c is a and link(a.app) is not None and link(a.app).hidden.stage == 2:
            seen.append(message(a.app))
    run(a, b, clock, done(a, b), check=check)
    head = tx(ui_cable.T_CHECKING)
    lines = [m for m in seen if m.startswith(head)]
    pcts = [int(m[len(head):].strip(" %")) for m in lines]
    assert len(set(pcts)) > 5 and pcts == sorted(pcts)
    assert sum(m in a.texts for m in set(lines)) > 5       # drawn as it went
    assert ui_lang.t(ui_lang.VOID) not in a.texts
