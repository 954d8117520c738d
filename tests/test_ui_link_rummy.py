"""Rummy israelí over the link cable in the firmware UI (ui/cable.py, rummy/play.py;
rules docs/rules.md R13): two Apps in one process on EmuBoards
joined by an in-memory cable (host/relay.py's fault model) on one virtual
clock, as tests/test_ui_link.py does for Burako. A whole match with the same
history on both consoles, logged with one id; neither console ever draws the
other's rack; a power-off and resume from rlink.sav; the other console gone
and the link's end on the Rummy screen; the set-up's J2 row; and one console
inside real MicroPython under the device's heap."""
import os
import sys
import types

import pytest

from rummy import rules as rummy
from engine import tiles
from host.relay import Faults
from link import entropy
from link import session
from rummy import table as rummy_table
from rummy import text as rummy_text
from ui import cable as ui_cable
from ui import screen as regions
from ui.games import RUMMY
from ui.lang import tx
from ui.state import snapshot
from hal import keys
import scorelog
import linkkit
from linkkit import done, link, play, press


@pytest.fixture(autouse=True)
def _seeded_nonces(monkeypatch):
    """The consoles' random bytes from a seeded source: the same deal every run."""
    import random
    r = random.Random(12)
    monkeypatch.setattr(entropy, "random_bytes", lambda n: bytes(r.randrange(256) for _ in range(n)))


class Console(linkkit.Console):
    """Also keeps every tile drawn in the rack row this frame (what the player sees)."""
    DEFAULTS = dict(autoplay=True, ai_ms=0, variant="rummy", link=True, lang="en")

    def booted(self):
        p = self.app.painter
        tile = p.tile
        self.rack_drawn = []

        def tile_seen(x, y, t, *a):
            if y == rummy_table.Y_RACK:
                self.rack_drawn.append(t)
            return tile(x, y, t, *a)
        p.tile = tile_seen

    def step(self):
        self.rack_drawn = []
        super().step()


def pair(tmp, faults=(None, None), kw_a=None, kw_b=None):
    return linkkit.pair(Console, tmp, faults, kw_a, kw_b)


def mode(app):
    """What the console shows: a Rummy screen's mode ("setup", "play", "handend", "matchend"...),
    else the screen's name ("link", "title")."""
    return getattr(app.screen, "mode", app.screen.name)


def link_saved(storage):
    """The linked Rummy match's save (rlink.sav) is on the console's storage."""
    return storage.exists(RUMMY.link_save)


def read_saved(storage):
    return ui_cable.read(storage, RUMMY.link_save)


def own_rack_only(c):
    """The rack row shows the local seat's tiles only (R13: each console
    shows its own rack), never the peer's."""
    m = play(c.app)
    lk = link(c.app)
    if m is None or not c.rack_drawn:
        return
    assert m.viewer == lk.seat
    mine = bytearray(tiles.NCODES + 1)     # (and hidden hands' placeholder: a tile on its way)
    bench = m.table.bench
    for t in (bench.rack if bench is not None else m.game.racks[lk.seat]):
        mine[t] += 1
    for t in c.rack_drawn:
        assert mine[t], "a tile not in the local rack was drawn"
        mine[t] -= 1


def run(a, b, clock, until, max_ms=3_000_000):
    linkkit.run(a, b, clock, until, max_ms, check=own_rack_only)


def same_match(a, b):
    sa, sb = snapshot(a.app), snapshot(b.app)
    ra, rb = sa["rummy"], sb["rummy"]
    assert sa["screen"] == sb["screen"] == "matchend"
    assert ra["mode"] == rb["mode"] == "matchend"
    assert ra["history"] == rb["history"] and ra["scores"] == rb["scores"]
    assert len(ra["history"]) == RM_HANDS and ra["winners"]
    assert sa["link"]["match_id"] == sb["link"]["match_id"] is not None
    assert {sa["link"]["seat"], sb["link"]["seat"]} == {0, 1}
    mid = int.from_bytes(bytes.fromhex(sa["link"]["match_id"]), "little")
    for c, r in ((a, ra), (b, rb)):
        recs = c.log()
        assert [x["id"] for x in recs] == [mid]          # logged once, with the link's id
        rec = recs[0]
        assert rec["variant"] == "rummy" and rec["seats"] == "HH"
        assert rec["final"] == r["scores"] and rec["hands"] == r["history"]
        assert not link_saved(c.app.board.storage)              # over on both: its save is gone
        assert not os.path.exists(os.path.join(c.dir, rummy_text.SAVE))   # pass-and-play untouched
    return sa


RM_HANDS = 4      # R13.9: a linked match is four hands (rummy/moves.py)


def test_linked_rummy_match_over_a_noisy_cable_ends_the_same_on_both(tmp_path):
    f = (Faults(drop=0.01, flip=0.01, seed=5), Faults(drop=0.01, flip=0.01, seed=6))
    a, b, clock, cable = pair(tmp_path, f)
    run(a, b, clock, lambda: link(a.app) is not None and link(b.app) is not None)
    assert mode(a.app) == "link" and a.app.cable.game is RUMMY
    a.step()
    assert tx(ui_cable.T_CONNECTING) in a.texts
    run(a, b, clock, done(a, b))
    s = same_match(a, b)
    assert s["link"]["retransmits"] + snapshot(b.app)["link"]["retransmits"] > 0
    # no hand-off screen ever: only one player at each console
    assert "Pass the console to" not in a.texts
    # the match is the link's game, on both
    assert play(a.app).game is link(a.app).game and play(b.app).game is link(b.app).game


def test_peer_moves_appear_and_only_the_local_seat_acts(tmp_path):
    """b is a person who plays by keys (draw with A, pass from the menu);
    a's AI plays the other seat: its moves show on b's message line as they
    arrive, and b's keys do nothing on a's turn."""
    a, b, clock, cable = pair(tmp_path, kw_b={"autoplay": False})
    run(a, b, clock, lambda: play(b.app) is not None and mode(b.app) == "play")
    m = play(b.app)
    t = m.table
    g = m.game
    me = link(b.app).seat
    assert m.seats == 1 << (1 - me) and m.viewer == me
    turns = 0
    while turns < 3:
        run(a, b, clock, lambda: g.turn == me and mode(b.app) == "play" and not link(b.app).events)
        if g.phase == rummy.P_DRAW:
            assert b.app.waiting() and not a.app.waiting()
            peer = t.message
            if link(b.app).count:
                assert peer.startswith("P" + str(2 - me))      # "P2 drew" / "P2 passed" ...
            n = link(b.app).count
            press(b.app, keys.A)                  # draw
            assert link(b.app).count == n + 1 and g.phase == rummy.P_PLAY
        press(b.app, keys.X)                      # the menu: pass (its second entry)
        press(b.app, keys.DOWN)
        press(b.app, keys.A)
        assert g.turn != me
        turns += 1
        # a's turn: b's keys change nothing
        n = link(b.app).count
        press(b.app, keys.A)
        assert link(b.app).count == n
    run(a, b, clock, lambda: link(a.app).count == link(b.app).count and not link(b.app).events)
    ga = play(a.app).game                                  # the same position on both
    assert ga.racks == g.racks and ga.table == g.table and ga.stock == g.stock
    # the menu's "Save and quit" on b's turn: the title, the match in rlink.sav
    run(a, b, clock, lambda: g.turn == me and mode(b.app) == "play" and not link(b.app).events)
    if g.phase == rummy.P_DRAW:
        press(b.app, keys.A)
    press(b.app, keys.X)
    for _ in range(5):
        press(b.app, keys.DOWN)
    press(b.app, keys.A)
    run(a, b, clock, lambda: b.app.screen.name == "title", 5000)
    assert b.app.cable is None
    assert link_saved(b.app.board.storage) and not os.path.exists(os.path.join(b.dir, rummy_text.SAVE))


def test_power_off_resumes_from_rlink_sav(tmp_path):
    a, b, clock, cable = pair(tmp_path)
    run(a, b, clock, lambda: link(b.app) is not None and link(b.app).count >= 20
        and link_saved(b.app.board.storage))
    saved = read_saved(b.app.board.storage)
    assert os.path.exists(os.path.join(b.dir, RUMMY.link_position))
    b.boot()                                   # off and on: a new App, the same storage
    run(a, b, clock, lambda: link(b.app) is not None)
    assert link(b.app).match_id == link(a.app).match_id
    assert link(b.app).saved() == saved         # the match came back from rlink.sav
    run(a, b, clock, done(a, b))
    same_match(a, b)


def test_peer_gone_then_back_and_an_abandoned_match_shows_why(tmp_path):
    a, b, clock, cable = pair(tmp_path)
    run(a, b, clock, lambda: link(a.app) is not None and link(a.app).count >= 10
        and mode(a.app) == "play")
    cable.cut = True
    t0 = clock.now
    run(a, b, clock, lambda: mode(a.app) == "link" and mode(b.app) == "link")
    assert clock.now - t0 <= 2000
    for c in (a, b):
        assert snapshot(c.app)["link"]["state"] == "peer gone"
        assert snapshot(c.app)["rummy"]["mode"] == "link"
        assert tx(ui_cable.T_GONE) in c.texts
    count = link(a.app).count
    run(a, b, clock, lambda: clock.now - t0 >= 10_000)
    assert link(a.app).count == count           # nothing was played meanwhile
    cable.cut = False
    run(a, b, clock, lambda: mode(a.app) != "link" and mode(b.app) != "link")
    run(a, b, clock, lambda: link(a.app).count >= count + 4)
    # b gives the match up from its link screen (Y): both say why
    b.app.show(ui_cable.LinkScreen(b.app.cable))
    press(b.app, keys.Y)                             # asked first: "give up the match?"
    assert b.app.cable.ask and link(b.app).state == session.PLAYING
    press(b.app, keys.X)                             # at once: the question takes no key yet
    assert link(b.app).state == session.PLAYING
    b.app.now += ui_cable.PAUSE_MS
    press(b.app, keys.X)                             # a deliberate second key: given up
    run(a, b, clock, lambda: all(link(c.app).state == session.ENDED and not link(c.app).events
                                 and mode(c.app) == "link" for c in (a, b)), 20_000)
    assert link(a.app).reason == link(b.app).reason == session.R_ABANDONED
    assert link(a.app).by_peer and not link(b.app).by_peer
    a.step()
    assert tx(ui_cable.T_REASON + session.R_ABANDONED) in a.texts and tx(ui_cable.T_BY_PEER) in a.texts
    assert not a.app.waiting()                 # it came by itself: no key for a moment
    press(a.app, keys.A)
    assert link(a.app) is not None
    run(a, b, clock, lambda: a.app.waiting(), 2000)
    # the peer gave up a match in play: its save stays unless this player deletes it
    assert tx(ui_cable.T_H_KEEP) in a.texts
    press(a.app, keys.A)                             # back to the title, the save kept
    run(a, b, clock, lambda: a.app.screen.name == "title", 5000)
    assert a.app.cable is None
    assert link_saved(a.app.board.storage)
    # b gave it up itself: its save went
    run(a, b, clock, lambda: b.app.waiting(), 5000)
    press(b.app, keys.A)
    assert link(b.app) is None and not link_saved(b.app.board.storage)


def test_setup_j2_row_offers_the_cable(tmp_path):
    """Title -> Rummy -> J2: AI, Human, Hidden, Cable (A cycles; issue 33: the hidden deal
    first) -> Start opens the link (the link screen, Rummy's); B there leaves, back to the
    title."""
    from emulator.board import parse_keys
    from emulator import runner

    board, app = runner.run_cpython({"seed": 5, "ai_ms": 0, "lang": "es"}, str(tmp_path),
                                    runner.Feeder(parse_keys(J2_CABLE), frames=60))
    choice = app.settings.rummy         # players, AI seats, hands, J2 over the cable
    assert mode(app) == "setup" and choice[3] and choice[0] == 2 and not app.settings.hidden
    app.painter.text, texts = _texts(app)
    app.screen.draw(regions.ALL)
    assert "< Cable >" in texts
    _start_from_j2(app, board)
    assert link(app) is not None and mode(app) == "link" and app.cable.game is RUMMY
    press(app, keys.B)                 # leave (nothing dealt: nothing saved)
    for _ in range(5):
        app.step(board.clock.ticks_ms() + 1000)
    assert link(app) is None and app.screen.name == "title" and not link_saved(board.storage)


# title: DOWN x3 to Rummy, A; the set-up: DOWN x2 to J2, A x3: AI -> Human -> Hidden -> Cable
J2_CABLE = "DOWN,DOWN,DOWN,A,DOWN,DOWN,A,A,A"


def _start_from_j2(app, board):
    """From the set-up's J2 row down to Start and A: the link opens."""
    press(app, keys.DOWN)
    press(app, keys.DOWN)
    press(app, keys.DOWN)              # level, hands, start
    press(app, keys.A)


def _texts(app):
    texts = []
    text = app.painter.text

    def seen(x, y, w, s, *a):
        texts.append(s)
        return text(x, y, w, s, *a)
    return seen, texts


# --- hidden hands (docs/link.md "Hidden hands", "Rummy israeli's pool") -------------------------
HIDDEN = {"hidden": True}


def test_a_hidden_rummy_match_deals_checks_and_saves_each_hand_and_ends_the_same_on_both(tmp_path):
    """Both consoles ask for hidden hands: the link screen says so, each hand's deal shows its
    bar on the link screen, neither console ever holds a tile of the other's rack or of the
    stock (placeholders), a drawn tile shows as "?" until the peer opens it, the hand end
    shows the keys' check rising by tens before its count, rlink.sav is written as it goes
    (never rlink.pos) and the match ends logged the same on both."""
    a, b, clock, cable = pair(tmp_path, kw_a=HIDDEN, kw_b=HIDDEN)
    run(a, b, clock, lambda: link(a.app) is not None and a.texts)
    assert tx(ui_cable.T_HIDDEN) in a.texts
    assert tx(ui_cable.T_OPEN) not in a.texts                 # not "Open deal"
    deals = []          # per hand's deal: the bar at each frame of it
    checks = []         # the hand end's lines while the keys are checked
    unknown = set()     # what a's screen drew in its rack row
    saves = []

    def check(c):
        own_rack_only(c)
        L = link(c.app)
        if L is not None and L.game is not None and L.hidden is not None and L.hidden.stage == 0 \
                and L.game.phase < rummy.P_HAND_OVER and L.game.turn == L.seat:
            # what this console knows on its turn: its rack, the table, no more (a SHOW comes
            # before its MOVE: the peer's tiles about to be laid are known a moment early)
            g = L.game
            assert set(g.stock) <= {rummy.HIDDEN} and set(g.racks[1 - L.seat]) <= {rummy.HIDDEN}
        assert not os.path.exists(os.path.join(c.dir, RUMMY.link_position))
        if c is not a:
            return
        unknown.update(t for t in c.rack_drawn if t == rummy.HIDDEN)
        if c.app.cable is not None and c.app.cable.state == session.DEALING and mode(c.app) == "link":
            if not deals or deals[-1][-1] is None:
                deals.append([])
            deals[-1].append(c.app.cable.bar)
        elif deals and deals[-1][-1] is not None:
            deals[-1].append(None)
        if mode(c.app) == "handend" and L.hidden.stage == 2:
            checks.append(play(c.app).table.message)
        saves.append(link_saved(c.app.board.storage))
    linkkit.run(a, b, clock, done(a, b), check=check)
    same_match(a, b)
    assert link(a.app).hidden is not None and link(b.app).hidden is not None
    assert any(saves) and a.app.cable.saves > 50 and b.app.cable.saves > 50
    assert len(deals) == RM_HANDS                 # every hand's deal on the link screen
    for bars in deals:
        bars = [x for x in bars[:-1] if x >= 0]
        assert bars == sorted(bars) and len(set(bars)) > 5 and bars[-1] >= 90
    head = tx(ui_cable.T_CHECKING)
    pcts = [int(x[len(head):].strip(" %")) for x in checks if x.startswith(head)]
    assert len(set(pcts)) > 5 and sorted(set(pcts)) == sorted(set(pcts), key=pcts.index)
    assert sum(x in a.texts for x in set(checks)) > 5         # drawn as it went


def test_a_drawn_tile_shows_as_a_question_mark_until_the_peer_opens_it_and_keys_wait(tmp_path):
    """Under hidden hands b is a person: A draws the stock's top, which b cannot read until a
    opens it (its OPEN a few frames later): the rack shows "?" there and the workbench takes
    no key meanwhile; once open, the tile is on the bench under the cursor, as a draw's answer
    always is."""
    a, b, clock, cable = pair(tmp_path, kw_a=HIDDEN, kw_b={"autoplay": False, "hidden": True})
    run(a, b, clock, lambda: link(b.app) is not None and link(b.app).game is not None
        and mode(b.app) == "play" and link(b.app).my_turn()
        and link(b.app).game.phase == rummy.P_DRAW)
    g = play(b.app).game
    m = play(b.app).table
    press(b.app, keys.A)                            # draw
    L = link(b.app)
    assert L.hidden.want == 1 and g.phase == rummy.P_PLAY and g.racks[L.seat][-1] == rummy.HIDDEN
    b.step()
    assert rummy.HIDDEN in b.rack_drawn            # "?" where the tile will be
    cur, bench = m.cursor, m.bench
    press(b.app, keys.LEFT)
    press(b.app, keys.X)                            # (the menu: nothing either)
    assert (m.cursor, m.focus, m.bench) == (cur, 0, bench)
    drawn = []          # the rack row b drew by itself once the tile was open

    def check(c):
        if c is b and not L.hidden.want and c.rack_drawn:
            drawn.append(list(c.rack_drawn))
    linkkit.run(a, b, clock, lambda: drawn, check=check)
    tile = g.racks[L.seat][-1]
    assert tile != rummy.HIDDEN and m.bench is not None and m.bench.rack[m.cursor] == tile
    assert rummy.HIDDEN not in drawn[0] and tile in drawn[0]
    press(b.app, keys.LEFT)
    assert m.cursor == len(m.bench.rack) - 2        # the keys work again


@pytest.mark.parametrize("when", ["deal", "play", "check"])
def test_a_power_off_under_hidden_hands_resumes_a_rummy_match_from_rlink_sav(tmp_path, when):
    """A console switched off and on in a hand's deal, its play or its hand-end check: the
    hidden Rummy match comes back from rlink.sav (docs/link.md "A power cut") and ends the
    same on both, each console still knowing only its own rack."""
    a, b, clock, cable = pair(tmp_path, kw_a=HIDDEN, kw_b=HIDDEN)

    run(a, b, clock, lambda: linkkit.hidden_moment(b, when, link_saved))
    count = link(b.app).count
    b.boot()                                   # off and on: a new App, the same storage
    run(a, b, clock, lambda: link(b.app) is not None)
    L = link(b.app)
    assert L.hidden is not None and L.hidden.keep
    assert L.count <= count and L.match_id == link(a.app).match_id
    g = L.game
    if L.hidden.stage == 0 and g.phase < rummy.P_HAND_OVER:
        assert set(g.stock) <= {rummy.HIDDEN}
    run(a, b, clock, done(a, b))
    same_match(a, b)


def test_setup_j2_row_offers_hidden_hands_where_the_firmware_can_deal_them(tmp_path, monkeypatch):
    """J2: AI, Human, Hidden, Cable (A cycles, RIGHT the same way, LEFT back; issue 33: the
    hidden deal first); Start on "Hidden" opens a link that asks for hidden hands. The stock
    firmware (MicroPython without the UF2's frozen burako_board) is not offered them: the
    row goes AI, Human, Cable."""
    from emulator.board import parse_keys
    from emulator import runner

    board, app = runner.run_cpython({"seed": 5, "ai_ms": 0, "lang": "es"}, str(tmp_path),
                                    runner.Feeder(parse_keys(J2_CABLE), frames=60))
    choice = app.settings.rummy         # players, AI seats, hands, J2 over the cable
    assert choice[3] and not app.settings.hidden
    app.painter.text, texts = _texts(app)
    with monkeypatch.context() as mp:
        # MicroPython without the frozen burako_board (the stock firmware with .mpy files)
        mp.setattr(sys, "implementation", types.SimpleNamespace(name="micropython"))
        press(app, keys.LEFT)
        assert not choice[3] and not choice[1] >> 1 & 1     # back past Hidden to Human
        press(app, keys.RIGHT)
        assert choice[3] and not app.settings.hidden        # on past Hidden to Cable
        press(app, keys.A)
        assert not choice[3] and choice[1] >> 1 & 1 and not app.settings.hidden      # on to the AI
        press(app, keys.LEFT)
        assert choice[3] and not app.settings.hidden        # back to Cable
    press(app, keys.LEFT)                           # a desktop (or the console's UF2)
    assert choice[3] and app.settings.hidden
    app.screen.draw(regions.ALL)
    assert "< Oculto >" in texts
    press(app, keys.RIGHT)
    assert choice[3] and not app.settings.hidden
    press(app, keys.LEFT)
    _start_from_j2(app, board)
    assert link(app) is not None and link(app).hidden is not None and link(app).hidden.keep
    texts.clear()
    app.dirty = regions.ALL
    app.step(board.clock.ticks_ms() + 2000)
    assert "Reparto oculto" in texts and "Reparto abierto" not in texts


def test_an_open_deal_says_so_on_the_link_screen(tmp_path):
    """Without hidden hands (the stock firmware's only deal) the link screen says "Open
    deal" before the match starts: both players know what the other console can read."""
    a, b, clock, cable = pair(tmp_path)
    run(a, b, clock, lambda: link(a.app) is not None and a.texts)
    assert tx(ui_cable.T_OPEN) in a.texts and tx(ui_cable.T_HIDDEN) not in a.texts


def test_hidden_hands_on_one_console_only_deal_the_new_rummy_match_open_on_both(tmp_path):
    """Issue 33 (docs/link.md "In the session"): a new match between a console that asks for
    hidden hands and one that deals open is dealt open; the one that asked drops them
    (link.downgraded; autoplay says yes to the open deal) and both play it to the same end.
    (Before issue 33 such a link ended with R_RULES.)"""
    a, b, clock, cable = pair(tmp_path, kw_a=HIDDEN)
    run(a, b, clock, done(a, b))
    assert link(a.app).downgraded and not link(b.app).downgraded
    assert link(a.app).hidden is None and link(b.app).hidden is None
    assert link(a.app).reason == link(b.app).reason == session.R_MATCH_OVER
    same_match(a, b)


@pytest.mark.parametrize("lang", ["es", "it", "en"])
def test_link_texts_fit(lang):
    m = __import__("rummy.lang_" + lang, None, None, ("TX",))
    assert rummy_text.H_PEER < len(m.TX) == len(rummy_text.texts("en").TX)
    assert len(m.TX[rummy_text.TITLE] + " - " + m.TX[rummy_text.CABLE]) * 8 <= 240
    assert len(m.TX[rummy_text.H_PEER]) * 8 <= 240
    assert len("< " + m.TX[rummy_text.CABLE] + " >") * 8 <= 114


# A hard heap limit under the harness's collect-between-frames rule
# (docs/micropython-harness.md). This is the stock-firmware path (the stock UF2
# plus .mpy files: every module's bytecode and interned name in RAM), which the
# console's own UF2 replaced for players (code and names in flash: the lowest
# free heap over a whole linked Rummy match is ~198 KB, benchmarks/rp2040_figures.py).
# The harness holds a whole console to 196,608 B (issue 34), as linked Burako
# (tests/test_ui_link.py). Both consoles' nonces are seeded (runner's nonce_seed),
# so each case is one match, the same every run.
HEAP = 196608


@pytest.mark.micropython
@pytest.mark.parametrize("seed, damage", [(3, 0.0), (1, 0.01), (5, 0.0)])
def test_linked_rummy_match_micropython_heap_limit(tmp_path, seed, damage):
    """One console inside real MicroPython AT -X heapsize=HEAP, the other a
    CPython App on the host, the whole match through its score log record
    (benchmarks/linkmatch_figures.py --variant rummy measures the same match;
    a MemoryError anywhere in the guest fails the test)."""
    import linkmatch_figures    # benchmarks/: on sys.path by pyproject's pythonpath

    linkmatch_figures.VARIANT[0] = "rummy"
    st, peer, wall = linkmatch_figures.micropython_match(0, damage, seed, str(tmp_path), HEAP)
    print("linked rummy match under MicroPython at %d: peak heap %d B (sampled), after boot %d B, "
          "%d moves, seed %d, damage %g" % (HEAP, st["peak_heap_bytes"], st["heap_after_boot"],
                                            st["link"]["moves"], seed, damage))
    assert st["peak_heap_bytes"] <= HEAP == linkmatch_figures.HEAP
    r = st["rummy"]
    assert st["screen"] == "matchend" and len(r["history"]) == RM_HANDS and r["winners"]
    # the guest logged the match, under the id both consoles share
    recs, problems = scorelog.read(os.path.join(str(tmp_path), "guest", scorelog.FILENAME))
    assert not problems and len(recs) == 1
    assert recs[0]["id"] == int.from_bytes(bytes.fromhex(st["link"]["match_id"]), "little")
    assert recs[0]["variant"] == "rummy" and recs[0]["final"] == r["scores"]
