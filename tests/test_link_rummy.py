"""Rummy israeli over the link cable (firmware/rummy/moves.py,
rummy/codec.py, docs/link.md "Rummy"; rules docs/rules.md R13): two
consoles on an in-memory cable (host/relay.py's fault model, simulated clock)
play whole 1v1 Rummy matches AI against AI (rummy/ai.py) to the end of R13.9's
four hands with identical logs, positions and history; a noisy cable, a
power-off, a cheating peer and garbage bytes change nothing they should not;
the same duel with one console inside real MicroPython holds no Burako
module."""
import collections
import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy.ai import RummyAI
from rummy import rules as rummy
from rummy import codec
from engine import tiles
from host.relay import Cable, Console, Faults, SimClock, duel, guest_wire
from rummy import moves as moves_rummy
from link import msg
from link import session
from link.session import Link
from linkkit import inject, unchanged

SETTINGS = settings(derandomize=True, deadline=None, max_examples=60,
                    suppress_health_check=[HealthCheck.too_slow])


def _consoles(seed, faults=(None, None), levels=(2, 1), variants=("rummy", "rummy"), targets=(0, 0)):
    clock = SimClock(1000)
    cable = Cable(clock, faults[0], faults[1])
    ais = [RummyAI(lv) if v == "rummy" else None for lv, v in zip(levels, variants)]
    a = Console(cable.a, clock, variants[0], targets[0], seed * 2 + 1, ai=ais[0])
    b = Console(cable.b, clock, variants[1], targets[1], seed * 2 + 2, ai=ais[1])
    return a, b, clock, cable


def _rummy_duel(seed, until=None, **kw):
    a, b, clock, cable = _consoles(seed, **kw)
    duel(consoles=(a, b), clock=clock, cable=cable, until=until)
    return a, b, clock, cable


def _same_match(a, b):
    la, lb = a.link, b.link
    assert la.match_id == lb.match_id and la.match_id is not None
    assert {la.seat, lb.seat} == {0, 1}
    assert la.count == lb.count and bytes(la.log) == bytes(lb.log)
    assert la.digest == lb.digest
    assert codec.encode(la.game) == codec.encode(lb.game)
    ga, gb = la.game, lb.game
    assert ga.history == gb.history and ga.scores == gb.scores and ga.winners == gb.winners


def _over(c):
    L = c.link
    assert L.state == session.ENDED and L.reason == session.R_MATCH_OVER
    assert L.game.phase == rummy.P_MATCH_OVER


def _noisy(seed, p=0.01):
    return (Faults(drop=p / 2, flip=p, dup=p / 2, split=True, seed=seed),
            Faults(drop=p / 2, flip=p, dup=p / 2, delay=3, split=True, seed=seed + 1))


# --- whole matches ---------------------------------------------------------------
@pytest.mark.parametrize("seed,levels", [(1, (2, 1)), (2, (1, 2)), (3, (3, 2))])
def test_whole_rummy_match_ends_identically_on_both_consoles_R13_9(seed, levels):
    """R13.9: four hands make the match; both consoles end it with the same
    log, position, digest, history, totals and winners."""
    a, b, clock, cable = _rummy_duel(seed, levels=levels)
    _over(a)
    _over(b)
    _same_match(a, b)
    g = a.link.game
    assert len(g.history) == moves_rummy.HANDS == 4 and g.hands == 4
    low = min(g.scores)
    assert g.winners == [p for p in (0, 1) if g.scores[p] == low]
    assert a.link.refused == b.link.refused == 0
    # the host side replays the log to the same position (session.replay)
    g2, bad = session.replay(moves_rummy.HANDS, a.link.seed, a.link.target, a.link.log, moves_rummy)
    assert bad is None and codec.encode(g2) == codec.encode(g)
    # R13.3: seat 0 starts the first hand
    mv, _ = moves_rummy.get_move(a.link.log, 0, len(a.link.log))
    assert mv == (rummy.DRAW, ())


def test_rummy_match_over_a_noisy_cable_finishes_R13_9():
    a, b, clock, cable = _rummy_duel(4, faults=_noisy(4))
    _over(a)
    _over(b)
    _same_match(a, b)
    assert a.link.stats()["resends"] + b.link.stats()["resends"] > 0
    assert a.link.stats()["bad_frames"] + b.link.stats()["bad_frames"] > 0
    assert a.link.refused == b.link.refused == 0


def test_rummy_target_is_agreed_and_ends_the_match_R13_9():
    """R13.9 a match to a target: both consoles offer it (HELLO's target)."""
    a, b, clock, cable = _rummy_duel(5, targets=(60, 60))
    _over(a)
    _same_match(a, b)
    g = a.link.game
    assert g.target == a.link.target == 60
    assert max(g.scores) >= 60 or len(g.history) == 4


def test_rummy_against_burako_or_another_target_ends_with_R_RULES():
    a, b, clock, cable = _consoles(1, variants=("rummy", "burako"))
    duel(consoles=(a, b), clock=clock, cable=cable, max_ms=3000)
    assert a.link.reason == b.link.reason == session.R_RULES and a.link.game is None
    a, b, clock, cable = _consoles(1, targets=(0, 200))
    duel(consoles=(a, b), clock=clock, cable=cable, max_ms=3000)
    assert a.link.reason == b.link.reason == session.R_RULES


def test_rummy_link_is_variant_3_in_hello_and_save():
    a, b, clock, cable = _rummy_duel(6, until=lambda a, b, c: a.link.count >= 10)
    assert a.link.variant == b.link.variant == moves_rummy.VARIANT == 3
    assert a.link.saved()[5] == 3
    # a rummy save never opens as a burako match, nor the other way round
    with pytest.raises(ValueError):
        Link(a.board, "burako", saved=a.link.saved())


def test_send_move_checks_turn_and_state_nothing_changes_R13_4():
    """The seat not to move gets the engine's reason (rummy.WRONG_PHASE, the
    same number as Burako's NOT_YOUR_TURN); an illegal local play its own
    reason; before the deal, BUSY. None of them touches the log."""
    from engine import reasons
    assert session.NOT_YOUR_TURN == reasons.NOT_YOUR_TURN == rummy.WRONG_PHASE
    a, b, clock, cable = _consoles(14)
    assert a.link.send_move((rummy.DRAW, ())) == session.BUSY
    a, b, clock, cable = _playing(14, 20, rummy.P_DRAW)
    La, Lb = a.link, b.link
    before = (bytes(La.log), La.count, codec.encode(La.game))
    assert La.send_move((rummy.DRAW, ())) == rummy.WRONG_PHASE          # b is to move
    assert (bytes(La.log), La.count, codec.encode(La.game)) == before
    before = (bytes(Lb.log), Lb.count, codec.encode(Lb.game))
    assert Lb.send_move((rummy.PASS, ())) == rummy.MUST_DRAW            # R13.4: draw first
    assert (bytes(Lb.log), Lb.count, codec.encode(Lb.game)) == before
    assert Lb.send_move((rummy.DRAW, ())) == 0 and Lb.count == before[1] + 1
    assert Lb.send_move(_bad_play(Lb.game)) in (rummy.NOT_A_MELD, rummy.BAD_RUN, rummy.BAD_SET)
    assert Lb.count == before[1] + 1 and bytes(Lb.log) == before[0] + b"\x00"
    with pytest.raises(Exception):
        Lb.send_move((rummy.PLAY, (b"\x00\x01\x02", 7)))          # not a move at all
    assert bytes(Lb.log) == before[0] + b"\x00"


# --- power-off and resume -----------------------------------------------------------
@pytest.mark.parametrize("who", [0, 1])
def test_power_off_mid_match_resumes_from_the_save(who):
    state = {}

    def until(a, b, c):
        if not state and a.link.count >= 150:
            (a, b)[who].power_cycle()
            state["cut"] = a.link.count
        return a.link.state == session.ENDED and b.link.state == session.ENDED and a.link.idle() and b.link.idle()

    a, b, clock, cable = _rummy_duel(7, until=until)
    assert state and (a, b)[who].boots == 1
    _over(a)
    _over(b)
    _same_match(a, b)


def test_resume_uses_the_uis_position_when_it_matches_the_save():
    a, b, clock, cable = _rummy_duel(8, until=lambda a, b, c: a.link.count >= 90 and a.link.idle())
    blob = a.link.saved()
    pos = codec.encode(a.link.game)
    g = codec.decode(pos)
    L = Link(a.board, "rummy", saved=blob, game=g, moves=moves_rummy)
    assert L.game is g and L.count == a.link.count and L.digest == a.link.digest
    stale = codec.decode(pos)
    stale.passes += 1                       # not the saved position: replayed instead
    L = Link(a.board, "rummy", saved=blob, game=stale, moves=moves_rummy)
    assert L.game is not stale and codec.encode(L.game) == pos
    with pytest.raises(ValueError):
        Link(a.board, "rummy", saved=blob[:-1], moves=moves_rummy)


# --- a dishonest peer -----------------------------------------------------------------
def _playing(seed, count, phase):
    """Two consoles mid-match, stopped where it is b's turn in `phase`."""
    def until(a, b, c):
        if b.playing:
            # b moves in the step its turn arrives: a sees its draw due first,
            # b its play
            for g in (a.link.game, b.link.game):
                if g is not None and a.link.count >= count and g.turn == b.link.seat \
                        and g.phase == phase:
                    b.playing = False
            return False
        return a.link.idle() and b.link.idle() and b.link.count == a.link.count
    a, b, clock, cable = _rummy_duel(seed, until=until)
    b.playing = True
    g = a.link.game
    assert g.turn == b.link.seat and g.phase == phase and a.link.state == session.PLAYING
    return a, b, clock, cable


def _bad_play(g):
    """A PLAY the engine refuses: the table plus three rack tiles that are no meld (R13.2)."""
    rack = g.racks[g.turn]
    for trio in itertools.combinations(rack, 3):
        m = bytes(trio)
        if rummy.check_meld(m):
            return (rummy.PLAY, tuple(g.table) + (m,))
    raise AssertionError("every trio of the rack is a meld")


def test_illegal_play_is_refused_with_the_engines_reason_game_unchanged_R13_2():
    a, b, clock, cable = _playing(9, 40, rummy.P_PLAY)
    g = b.link.game
    mv = _bad_play(g)
    why = g.check(mv)
    assert why in (rummy.NOT_A_MELD, rummy.BAD_RUN, rummy.BAD_SET)
    raw = bytearray()
    moves_rummy.put_move(raw, mv, g)
    before = inject(b, msg.move(a.link.count, b"\0\0\0\0", None, raw), a, clock)
    assert a.link.last_refusal == (session.F_ILLEGAL, why)
    unchanged(a, before)
    # a play before the draw (R13.4)
    a, b, clock, cable = _playing(9, 40, rummy.P_DRAW)
    raw = bytearray()
    moves_rummy.put_move(raw, (rummy.PASS, ()), b.link.game)
    before = inject(b, msg.move(a.link.count, b"\0\0\0\0", None, raw), a, clock)
    assert a.link.last_refusal == (session.F_ILLEGAL, rummy.MUST_DRAW)
    unchanged(a, before)


def test_wrong_digest_is_refused_then_repaired_and_the_match_finishes():
    a, b, clock, cable = _playing(10, 30, rummy.P_DRAW)
    before = inject(b, msg.move(a.link.count, b"\x01\x02\x03\x04", None, b"\x00"), a, clock, 100)
    assert a.link.last_refusal == (session.F_DIGEST, 0)
    unchanged(a, before)
    assert a.link.repairs == 1
    duel(consoles=(a, b), clock=clock, cable=cable)
    _over(a)
    _over(b)
    _same_match(a, b)


def test_corrupted_position_is_repaired_by_replaying_the_log():
    a, b, clock, cable = _playing(11, 60, rummy.P_DRAW)
    b.link.game.scores[0] += 50          # b's memory goes bad: its digests stop matching
    duel(consoles=(a, b), clock=clock, cable=cable)
    assert a.link.repairs + b.link.repairs >= 1
    _over(a)
    _over(b)
    _same_match(a, b)


def test_peer_that_keeps_cheating_is_cut_off():
    a, b, clock, cable = _playing(12, 30, rummy.P_DRAW)
    for k in range(msg.MAX_STRIKES):
        inject(b, msg.move(a.link.count, b"\xde\xad\xbe\xef", None, b"\x00"), a, clock, 300)
        assert a.link.last_refusal == (session.F_DIGEST, 0) and a.link.state == session.PLAYING
    inject(b, msg.move(a.link.count, b"\xde\xad\xbe\xef", None, b"\x00"), a, clock, 300)
    assert a.link.state == session.ENDED and a.link.reason == session.R_CHEAT


# --- garbage from the peer (property) ---------------------------------------------------
class _Nowhere:
    def write(self, d):
        return len(d)

    def read(self, n):
        return b""

    def any(self):
        return 0


class _Board:
    def __init__(self):
        self.link = _Nowhere()
        self.clock = SimClock(1000)


_MID = {}


def _mid():
    """A save 60 moves into a match, at b's turn to play (cached)."""
    if not _MID:
        a, b, clock, cable = _playing(13, 60, rummy.P_PLAY)
        _MID["blob"] = a.link.saved()
    return _MID["blob"]


def _fresh():
    L = Link(_Board(), "rummy", saved=_mid(), moves=moves_rummy)
    L.phase = session.PLAYING                   # as a HELLO from the same match leaves it
    return L


def _play_bytes(count, melds):
    out = bytearray((rummy.PLAY, count))
    for m in melds:
        if isinstance(m, int):
            out.append(0x80 | m)
        else:
            out.append(len(m))
            out.extend(m)
    return bytes(out)


_meld = st.one_of(st.integers(0, 127), st.binary(min_size=0, max_size=15))
_body = st.one_of(
    st.binary(max_size=80),
    st.builds(_play_bytes, st.integers(0, 40), st.lists(_meld, max_size=40)),
    st.builds(lambda c, m: _play_bytes(c, m),
              st.integers(1, 6), st.lists(st.binary(min_size=3, max_size=5).map(
                  lambda b: bytes(x % 53 for x in b)), min_size=1, max_size=6)))


@SETTINGS
@given(_body)
def test_garbage_move_bytes_are_refused_and_change_nothing(body):
    L = _fresh()
    before = (codec.encode(L.game), bytes(L.log), L.count, L.digest)
    p = msg.move(L.count, b"\x55\x55\x55\x55", None, body)
    L.received(p, 0, len(p))
    assert L.last_refusal[0] in (session.F_GARBAGE, session.F_ILLEGAL, session.F_DIGEST)
    assert L.refused == 1 and not [e for e in L.events if e[0] == session.EV_MOVE]
    assert (codec.encode(L.game), bytes(L.log), L.count, L.digest) == before


@pytest.mark.parametrize("body,code", [
    (b"", session.F_GARBAGE),
    (b"\x04", session.F_GARBAGE),                               # no such kind
    (b"\x02\x00", session.F_GARBAGE),                           # a pass with a byte after it
    (b"\x01\x01\x03\x00\x01\x35", session.F_GARBAGE),           # tile code 53: no such tile (R13.1)
    (b"\x01\x01\x03\x00\x01\xff", session.F_GARBAGE),
    (b"\x01\x24" + b"\x03\x00\x01\x02" * 36, session.F_GARBAGE),  # 36 melds: more than 106 tiles make
    (b"\x01\x00", session.F_GARBAGE),                           # a play of no meld
    (b"\x01\x01\x02\x00\x01", session.F_GARBAGE),               # a meld of two tiles
    (b"\x01\x01\x0e" + bytes(range(14)), session.F_GARBAGE),    # a meld of 14
    (b"\x01\x01\xff", session.F_GARBAGE),                       # a reference to meld 127
    (b"\x01\x01\x03\x00\x01\x02", session.F_ILLEGAL),           # R1 R2 R3 the table lost (R13.5)
])
def test_bad_move_bytes_are_refused_R13_1(body, code):
    L = _fresh()
    before = (codec.encode(L.game), bytes(L.log), L.count)
    p = msg.move(L.count, b"\x55\x55\x55\x55", None, body)
    L.received(p, 0, len(p))
    assert L.last_refusal[0] == code
    assert (codec.encode(L.game), bytes(L.log), L.count) == before


def test_a_reference_used_twice_is_refused():
    L = _fresh()
    assert L.game.table, "the position has a table"
    p = msg.move(L.count, b"\0\0\0\0", None, b"\x01\x02\x80\x80")
    L.received(p, 0, len(p))
    assert L.last_refusal[0] == session.F_GARBAGE


# --- the byte forms (properties) ----------------------------------------------------------
_tiles = st.binary(min_size=3, max_size=13).map(lambda b: bytes(x % tiles.NCODES for x in b))


@SETTINGS
@given(st.lists(_tiles, max_size=30), st.lists(st.one_of(st.integers(0, 29), _tiles), min_size=1,
                                               max_size=moves_rummy.MAX_MELDS))
def test_play_bytes_round_trip(old, picks):
    g = rummy.Game(2, 1)
    g.table = list(old)
    melds = tuple(old[p] if isinstance(p, int) and p < len(old) else
                  (bytes(p) if not isinstance(p, int) else b"\x00\x01\x02") for p in picks)
    out = bytearray()
    moves_rummy.put_move(out, (rummy.PLAY, melds), g)
    mv, j = moves_rummy.get_move(out, 0, len(out), g)
    assert j == len(out) and mv == (rummy.PLAY, melds)
    # skipped without the game: the same end
    assert moves_rummy.get_move(out, 0, len(out))[1] == len(out)
    # a meld kept from the table is one byte (the table's melds as a multiset)
    left = collections.Counter(old)
    kept = 0
    for m in melds:
        if left[m]:
            left[m] -= 1
            kept += 1
    assert len(out) <= 2 + sum(1 + len(m) for m in melds) - kept * 3
    for k in (rummy.DRAW, rummy.PASS, rummy.NEXT):
        out = bytearray()
        moves_rummy.put_move(out, (k, ()), g)
        assert bytes(out) == bytes((k,)) and moves_rummy.get_move(out, 0, 1, g) == ((k, ()), 1)


def _positions(seed, levels=(2, 1)):
    g = rummy.Game(2, seed)
    ais = [RummyAI(lv) for lv in levels]
    yield g
    while g.phase != rummy.P_MATCH_OVER:
        assert g.play(ais[g.turn].choose(g)) == 0
        yield g


def test_position_bytes_round_trip_and_tell_positions_apart_R13_9():
    seen = set()
    k = 0
    for g in _positions(21):
        pos = codec.encode(g)
        assert pos not in seen          # every move changes the position
        seen.add(pos)
        h = codec.decode(pos)
        assert codec.encode(h) == pos
        if k % 25 == 0:
            # the decoded game goes on exactly as the original (its deal's rng too)
            h2 = codec.decode(pos)
            ai = RummyAI(1)
            while h2.phase != rummy.P_MATCH_OVER and h2.hand == g.hand:
                assert h2.play(ai.choose(h2)) == 0
            assert h2.phase == rummy.P_MATCH_OVER or h2.hand == g.hand + 1
        k += 1
    assert k > 100
    # every field is in it
    g = rummy.Game(2, 5)
    base = codec.encode(g)
    for change in (lambda x: setattr(x, "rng", x.rng ^ 1), lambda x: setattr(x, "passes", 1),
                   lambda x: setattr(x, "closing", rummy.NO_TILE), lambda x: x.exposed.__setitem__(1, 1),
                   lambda x: x.history.append([3, 4]), lambda x: x.scores.__setitem__(0, 7),
                   lambda x: x.winners.append(1), lambda x: setattr(x, "closer", 1),
                   lambda x: setattr(x, "target", 100), lambda x: setattr(x, "hands", 2),
                   lambda x: x.table.append(b"\x00\x01\x02"), lambda x: x.stock.append(4)):
        h = codec.decode(base)
        change(h)
        assert codec.encode(h) != base


@pytest.mark.parametrize("bad", [b"", b"RM\x02" + bytes(40), b"RM\x01\x09" + bytes(40)])
def test_position_decoder_refuses_what_is_not_one(bad):
    with pytest.raises(ValueError):
        codec.decode(bad)
    pos = codec.encode(rummy.Game(2, 3))
    with pytest.raises(ValueError):
        codec.decode(pos[:-1])
    with pytest.raises(ValueError):
        codec.decode(pos + b"\x00")


# --- one console inside real MicroPython ---------------------------------------------------
# tests/guests/link_rummy.py (after emulator/guests/link_wire.py): as host/relay.py's guest_duel,
# with Rummy's AI
BURAKO_MODULES = ("engine.game", "engine.codec", "engine.rules", "engine.reasons", "engine.melds",
                  "engine.score", "engine.notation", "engine.transcript", "ai.basic", "ai.rack",
                  "ai.lookahead", "link.moves_burako")


def guest_rummy_duel(heap=128 * 1024, faults=(None, None), seed=1, level=1, target=0, tick=10,
                     timeout=300.0):
    """A Rummy Link inside MicroPython (-X heapsize=heap) against a CPython
    one; returns (the guest's figures, the CPython Console)."""
    from emulator.runtimes import wasi

    clock = SimClock(1000)
    cable = Cable(clock, faults[0], faults[1])
    peer = Console(cable.b, clock, "rummy", target, seed, ai=RummyAI(2))
    wire = guest_wire(cable, clock, peer, tick)

    script = wasi.program(["link_wire.py", "link_rummy.py"], SEQ=[seed * 7919], target=target, level=level,
                          BURAKO=" ".join(BURAKO_MODULES))
    res = wasi.Guest(heap=heap, timeout=timeout, host_functions={"wire": wire}).run(script)
    line = [x for x in res.lines if x.startswith("R ")][-1].split()
    fig = {"count": int(line[1]), "seat": int(line[2]), "state": int(line[3]), "reason": int(line[4]),
           "scores": [int(line[5]), int(line[6])], "match_id": line[7], "digest": line[8],
           "hands": int(line[9]), "ai_import": int(line[10]), "link_import": int(line[11]),
           "link_construct": int(line[12]), "heap_peak": int(line[13]),
           "link_kept_max": int(line[14]), "burako_seen": line[15], "rummy_loaded": line[16],
           "fuel": res.fuel}
    return fig, peer


@pytest.mark.micropython
def test_micropython_console_plays_a_whole_rummy_match_without_burako_modules_R13_9():
    faults = (Faults(flip=0.004, drop=0.002, split=True, seed=1), Faults(flip=0.004, dup=0.002, seed=2))
    fig, peer = guest_rummy_duel(faults=faults)
    L = peer.link
    assert fig["state"] == session.ENDED and fig["reason"] == session.R_MATCH_OVER
    assert L.reason == session.R_MATCH_OVER and L.game.phase == rummy.P_MATCH_OVER
    assert fig["hands"] == len(L.game.history) == 4                    # R13.9
    assert fig["count"] == L.count and fig["scores"] == L.game.scores
    assert fig["match_id"] == L.match_id.hex() and fig["digest"] == L.digest.hex()
    assert fig["seat"] == 1 - L.seat
    assert L.stats()["resends"] > 0
    # Burako's modules never entered the guest's sys.modules during the match
    assert fig["burako_seen"] == "-"
    assert fig["rummy_loaded"] == "rummy.moves,rummy.codec"    # (the check sees modules)
    assert fig["heap_peak"] < 128 * 1024
