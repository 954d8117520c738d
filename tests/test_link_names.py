"""Players' names over the link cable (docs/link.md HELLO): each console's HELLO
carries its player's three letters (or none, as a console before names sends), the link
keeps the peer's (Link.peer_name), and a linked match shows and logs both names, each
console knowing its own seat. The session's side in one process (host/relay.py's duel),
the UI's on two Apps (tests/linkkit.py)."""
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from host.relay import Cable, Console, SimClock, duel
from link import deal
from link import entropy
from link import msg
import linkkit
from linkkit import done, link, run

NAME = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=3, max_size=3)


@settings(max_examples=200, deadline=None)
@given(name=st.one_of(st.just(""), NAME), resume=st.booleans(), fw=st.binary(max_size=16),
       count=st.integers(0, 65535), seat=st.integers(0, 1))
def test_hello_round_trips_with_and_without_a_name(name, resume, fw, count, seat):
    mid, dig = (b"\x01" * msg.MATCH_ID, b"\x02" * msg.DIGEST) if resume else (None, b"")
    h = deal.hello(2, 500, fw, mid, seat if resume else 0, count if resume else 0, dig, name)
    got = deal.parse_hello(h, 0, len(h))
    assert got == (msg.PROTO, 2, 500, fw, mid, seat if resume else 0,
                   count if resume else 0, dig, name)


@pytest.mark.parametrize("tail", [b"AN", b"ANAS", b"ana", b"A1A", b"\x00\x00\x00"])
@pytest.mark.parametrize("resume", [False, True])
def test_a_name_not_three_letters_a_z_is_garbage(tail, resume):
    mid, dig = (b"\x01" * msg.MATCH_ID, b"\x02" * msg.DIGEST) if resume else (None, b"")
    h = deal.hello(0, 0, b"x", mid, 1, 3, dig) + tail
    assert deal.parse_hello(h, 0, len(h)) is None


def _duel(na, nb, until=lambda a, b, c: a.link.count >= 1):
    clock = SimClock(0)
    cable = Cable(clock)
    a = Console(cable.a, clock, "burako", 0, 1)
    b = Console(cable.b, clock, "burako", 0, 2)
    a.link.names[0], b.link.names[0] = na, nb
    duel(consoles=(a, b), clock=clock, cable=cable, until=until)
    a.cable = cable
    return a, b


def test_each_link_keeps_the_peers_name():
    a, b = _duel("ANA", "LUZ")
    assert a.link.names[1] == "LUZ" and b.link.names[1] == "ANA"
    assert a.link.refused == b.link.refused == 0


def test_a_peer_that_sends_no_name_still_connects_and_plays():
    """A console before names (its HELLO has no trailing bytes) plays on with one that has one."""
    a, b = _duel("ANA", "")
    assert a.link.count >= 1 and a.link.match_id == b.link.match_id
    assert a.link.names[1] == "" and b.link.names[1] == "ANA"
    assert a.link.refused == b.link.refused == 0


def test_the_name_comes_again_after_a_power_off():
    """peer_name is not in the save: the HELLO of every connection brings it back."""
    a, b = _duel("ANA", "LUZ", until=lambda a, b, c: a.link.count >= 4 and a.save is not None)
    clock = a.link.t.clock
    a.power_cycle()
    assert a.link.names[1] == "" and a.link.match_id is not None
    a.link.names[0] = "ANA"
    n = a.link.count
    duel(consoles=(a, b), clock=clock, cable=a.cable, until=lambda a, b, c: a.link.count > n + 2)
    assert a.link.names[1] == "LUZ" and b.link.names[1] == "ANA"
    assert a.link.refused == b.link.refused == 0


# --- the UI: two Apps, a whole linked match ------------------------------------------
@pytest.fixture
def _seeded(monkeypatch):
    import random
    r = random.Random(8)
    monkeypatch.setattr(entropy, "random_bytes", lambda n: bytes(r.randrange(256) for _ in range(n)))


class UIConsole(linkkit.Console):
    DEFAULTS = dict(autoplay=True, ai_ms=0, target=300, link=True, lang="en")


def _named_pair(tmp, a_name, b_name):
    """Two consoles whose names.txt holds one name each (None: no names.txt)."""
    for d, nm in (("a", a_name), ("b", b_name)):
        os.makedirs(tmp / d, exist_ok=True)
        if nm:
            with open(tmp / d / "names.txt", "w") as f:
                f.write(nm + "\nZZZ\n")
    return linkkit.pair(UIConsole, tmp)


@pytest.mark.parametrize("b_name", ["LUZ", None])
def test_a_linked_match_shows_and_logs_both_names_each_console_its_own_seat(tmp_path, _seeded, b_name):
    a, b, clock, cable = _named_pair(tmp_path, "ANA", b_name)
    assert link(a.app).names[0] == "ANA" and link(b.app).names[0] == (b_name or "")
    assert a.app.screen.name == "link"
    run(a, b, clock, lambda: link(a.app).count > 0)
    assert link(a.app).names[1] == (b_name or "") and link(b.app).names[1] == "ANA"
    run(a, b, clock, done(a, b))
    sa, sb = link(a.app).seat, link(b.app).seat
    assert {sa, sb} == {0, 1}
    want = [None, None]
    want[sa], want[sb] = "ANA", b_name
    for c, own in ((a, sa), (b, sb)):
        (rec,) = c.log()
        assert rec["names"] == want and rec["own_seats"] == [own]
        # the match end names the seats (J1/P1 stands for a seat without a name)
        assert any("ANA" in t for t in c.texts)
        if b_name:
            assert any("LUZ" in t for t in c.texts)


@pytest.mark.parametrize("rummy", [False, True])
def test_the_name_sent_is_the_set_ups_first_seat_else_names_txt_else_none(tmp_path, rummy):
    from emulator.board import EmuBoard
    from ui.app import App
    from ui.cable import Cable
    from ui.games import BURAKO, RUMMY
    os.makedirs(tmp_path / "c")
    app = App(EmuBoard(str(tmp_path / "c")), lang="en")

    def sent():
        Cable.open(app, RUMMY if rummy else BURAKO)
        nm = app.cable.link.names[0]
        app.cable.leave()
        return nm
    assert sent() == ""
    with open(tmp_path / "c" / "names.txt", "w") as f:
        f.write("BEA\nANA\n")
    assert sent() == "BEA"
    app.settings.names[0] = "LUZ"
    assert sent() == "LUZ"
    app.settings.names[0] = None
    with open(tmp_path / "c" / "names.txt", "w") as f:
        f.write("bea\n")            # damaged: no name rather than a wrong one
    assert sent() == ""


class RummyConsole(linkkit.Console):
    DEFAULTS = dict(autoplay=True, ai_ms=0, variant="rummy", link=True, lang="en")


def test_a_linked_rummy_match_logs_both_names_and_each_consoles_own_seat(tmp_path, _seeded):
    """The Rummy glue logs (rummy/play.py log) as burako/record.py does for Burako: the names the
    HELLOs carried and this console's seat, so the loser's log counts a loss."""
    for d, nm in (("a", "ANA"), ("b", "LUZ")):
        os.makedirs(tmp_path / d)
        with open(tmp_path / d / "names.txt", "w") as f:
            f.write(nm + "\n")
    a, b, clock, cable = linkkit.pair(RummyConsole, tmp_path)
    run(a, b, clock, lambda: link(a.app) is not None and link(b.app) is not None)
    assert link(a.app).names[0] == "ANA" and link(b.app).names[0] == "LUZ"
    run(a, b, clock, done(a, b))
    sa, sb = link(a.app).seat, link(b.app).seat
    want = [None, None]
    want[sa], want[sb] = "ANA", "LUZ"
    ra, rb = a.log(), b.log()
    assert len(ra) == len(rb) == 1 and ra[0]["id"] == rb[0]["id"]
    assert ra[0]["names"] == rb[0]["names"] == want
    assert ra[0]["own_seats"] == [sa] and rb[0]["own_seats"] == [sb]
    assert ra[0]["final"] == rb[0]["final"] and ra[0]["hands"] == rb[0]["hands"]
