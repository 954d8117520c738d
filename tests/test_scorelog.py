"""The score log: framing, torn writes at every byte, random corruption, and the reader on MicroPython."""
import os
import zlib

import pytest
from hypothesis import given, settings, strategies as st, HealthCheck

import scorelog


def match(i, hands=6, players=4):
    """Match i; odd ones carry the optional fields (id, canastas, closes), even ones the original format."""
    nsides = 2
    m = {
        "variant": "burako" if i % 2 == 0 else "burako-cl",
        "seats": ("HAAA" if players == 4 else "HA"),
        "hands": [[(i * 37 + h * 113) % 900 - 150, (i * 53 + h * 71) % 800 - 200] for h in range(hands)],
        "final": [1000 + i, -50 + i],
        "winner": i % nsides,
    }
    if i % 2:
        m.update(id=(i * 0x9E3779B97F4A7C15) & (2**64 - 1), canastas=[[[h % 3, 1], [0, h % 2]] for h in range(hands)],
                 closes=[h % 2 if h % 3 else None for h in range(hands)])
    return m


def write_log(path, n):
    offsets = []
    for i in range(n):
        offsets.append(os.path.getsize(path) if os.path.exists(path) else 0)
        scorelog.append(str(path), match(i))
    return offsets


def test_round_trip_and_sequence_numbers(tmp_path):
    p = tmp_path / "scores.log"
    write_log(p, 3)
    scorelog.append(str(p), {"variant": "x", "seats": "HA", "hands": [], "final": [0, 0], "winner": None})
    recs, probs = scorelog.read(str(p))
    assert probs == []
    assert [r["seq"] for r in recs] == [0, 1, 2, 3]
    for i in range(3):
        want = dict(match(i), seq=i)
        assert recs[i] == want
    assert recs[3]["winner"] is None and recs[3]["seats"] == "HA"


def test_missing_file_reads_empty(tmp_path):
    assert scorelog.read(str(tmp_path / "nope.log")) == ([], [])


def test_crc_matches_zlib_and_fallback():
    for data in (b"", b"123456789", bytes(range(256)) * 3):
        assert scorelog.crc32_small(data) == zlib.crc32(data)
        assert scorelog.crc32(data) & 0xFFFFFFFF == zlib.crc32(data)
    assert scorelog.crc32_small(b"6789", scorelog.crc32_small(b"12345")) == zlib.crc32(b"123456789")


def test_encode_rejects_what_the_format_cannot_hold():
    for bad in (dict(match(0), variant="x" * 40), dict(match(0), seats="HXAA"),
                dict(match(0), winner=2), dict(match(0), hands=[[1, 2, 3]]),
                dict(match(0), hands=[[1, 2]] * 65), dict(match(0), seats="HAA")):
        bad["seq"] = 0
        with pytest.raises(ValueError):
            scorelog.encode(bad)


def test_cut_at_every_byte_keeps_earlier_records(tmp_path):
    full = tmp_path / "full.log"
    offsets = write_log(full, 3)
    data = full.read_bytes()
    ends = offsets[1:] + [len(data)]
    cut = tmp_path / "cut.log"
    for k in range(len(data) + 1):
        cut.write_bytes(data[:k])
        recs, probs = scorelog.read(str(cut))
        whole = sum(1 for e in ends if e <= k)
        assert [r["seq"] for r in recs] == list(range(whole)), k
        if k in offsets or k == len(data):
            assert probs == [], k
        else:
            torn_at = offsets[whole]
            assert probs == [(torn_at, k - torn_at, "truncated")], k


def test_records_appended_after_a_torn_one_still_read(tmp_path):
    full = tmp_path / "full.log"
    offsets = write_log(full, 2)
    data = full.read_bytes()
    p = tmp_path / "s.log"
    for k in range(offsets[1] + 1, len(data)):  # second record torn at every byte
        p.write_bytes(data[:k])
        scorelog.append(str(p), match(7))
        recs, probs = scorelog.read(str(p))
        assert [r["seq"] for r in recs] == [0, 1], k  # next seq follows the last good one
        assert recs[1]["final"] == match(7)["final"]
        assert len(probs) == 1 and probs[0][0] == offsets[1] and probs[0][1] == k - offsets[1], (k, probs)


def test_a_flipped_bit_loses_only_its_record(tmp_path):
    full = tmp_path / "full.log"
    offsets = write_log(full, 3)
    data = bytearray(full.read_bytes())
    p = tmp_path / "s.log"
    for k in range(offsets[1], offsets[2]):
        d = bytearray(data)
        d[k] ^= 0x10
        p.write_bytes(bytes(d))
        recs, probs = scorelog.read(str(p))
        assert [r["seq"] for r in recs] == [0, 2], k
        assert len(probs) == 1 and probs[0][0] == offsets[1] and probs[0][1] == offsets[2] - offsets[1], k


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 2000), st.integers(0, 255)), max_size=12),
       st.binary(max_size=40), st.integers(0, 2000))
def test_random_corruption_never_crashes(tmp_path, edits, junk, cut):
    full = tmp_path / "base.log"
    if not full.exists():
        write_log(full, 4)
    data = bytearray(full.read_bytes())
    for pos, val in edits:
        if pos < len(data):
            data[pos] = val
    data = data[:cut] + junk + data[cut:]
    p = tmp_path / "fuzz.log"
    p.write_bytes(bytes(data))
    recs, probs = scorelog.read(str(p))
    for r in recs:
        assert {"seq", "variant", "seats", "hands", "final", "winner"} <= set(r) <= \
            {"seq", "variant", "seats", "hands", "final", "winner", "id", "canastas", "closes"}
    # every byte is either in a good record or in a reported problem
    covered = sum(n for _, n, _ in probs) + sum(len(scorelog.encode(r)) for r in recs)
    assert covered == len(data)


@given(st.binary(max_size=300))
@settings(max_examples=500, deadline=None)
def test_payload_decoder_never_raises(payload):
    r = scorelog.decode_payload(payload)
    if r is not None:
        again = bytes(scorelog.encode(r))[scorelog.HEADER:-scorelog.TRAILER]
        assert scorelog.decode_payload(again) == r
        if not r.keys() - {"seq", "variant", "seats", "hands", "final", "winner"}:
            assert again == payload  # no optional field: the payload is canonical


# --- the optional fields: id, canastas, closes (docs/scorelog.md) ------------------
OLD_RECORD = bytes.fromhex(  # written by the firmware before the optional fields existed
    "b52c0121000700000006627572616b6f02484102027800ddff9a01040112020000e1000000007c784ab0")


def test_records_written_before_the_optional_fields_still_read(tmp_path):
    p = tmp_path / "old.log"
    p.write_bytes(OLD_RECORD)
    recs, probs = scorelog.read(str(p))
    assert probs == [] and recs == [{"seq": 7, "variant": "burako", "seats": "HA", "hands": [[120, -35], [410, 260]],
                                     "final": [530, 225], "winner": 0}]
    assert bytes(scorelog.encode(recs[0])) == OLD_RECORD  # no optional field: byte for byte the old format


@given(st.integers(0, 6), st.sampled_from([2, 3]), st.data())
@settings(max_examples=200, deadline=None)
def test_optional_fields_round_trip(nh, nsides, data):
    rec = {"seq": data.draw(st.integers(0, 2**32 - 1)), "variant": "burako", "seats": "HAA"[:nsides],
           "hands": [[h * 10 + s for s in range(nsides)] for h in range(nh)],
           "final": list(range(nsides)), "winner": None}
    if data.draw(st.booleans()):
        rec["id"] = data.draw(st.integers(0, 2**64 - 1))
    if data.draw(st.booleans()):
        rec["canastas"] = [[[data.draw(st.integers(0, 15)), data.draw(st.integers(0, 15))] for _ in range(nsides)]
                           for _ in range(nh)]
    if data.draw(st.booleans()):
        rec["closes"] = [data.draw(st.sampled_from([None] + list(range(nsides)))) for _ in range(nh)]
    name = st.one_of(st.none(), st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=3, max_size=3))
    if data.draw(st.booleans()):
        rec["names"] = [data.draw(name) for _ in range(nsides)]
    if data.draw(st.booleans()):
        rec["level"] = data.draw(st.integers(1, 255))
    if data.draw(st.booleans()):
        rec["own_seats"] = sorted(data.draw(st.sets(st.integers(0, nsides - 1))))
    buf = bytes(scorelog.encode(rec))
    assert scorelog.decode_payload(buf[scorelog.HEADER:-scorelog.TRAILER]) == rec


def test_unknown_optional_fields_are_skipped_and_malformed_ones_refused():
    import struct
    base = dict(match(0), seq=1, id=2**63 + 5)
    payload = bytes(scorelog.encode(base))[scorelog.HEADER:-scorelog.TRAILER]
    later = payload + bytes((0x7E, 3, 0)) + b"xyz"  # a field a later firmware may add
    assert scorelog.decode_payload(later) == base
    assert scorelog.decode_payload(payload + bytes((0x7E, 4, 0)) + b"xyz") is None  # runs past the end
    assert scorelog.decode_payload(payload + b"\x01\x00") is None  # a torn field header
    short_id = payload[:-11] + bytes((scorelog.TAG_ID, 4, 0)) + struct.pack("<I", 9)
    assert scorelog.decode_payload(short_id) is None
    bad_close = bytes(scorelog.encode(dict(base, closes=[0] * 6)))[scorelog.HEADER:-scorelog.TRAILER]
    assert scorelog.decode_payload(bad_close[:-1] + b"\x02") is None  # side 2 of 2


def test_encode_rejects_optional_fields_that_do_not_fit():
    for extra in ({"id": -1}, {"id": 2**64}, {"canastas": [[[1, 0], [0, 0]]]},  # 1 hand of 6
                  {"canastas": [[[16, 0], [0, 0]]] * 6}, {"canastas": [[[1, 0]]] * 6},
                  {"closes": [0] * 5}, {"closes": [2] * 6}):
        with pytest.raises(ValueError):
            scorelog.encode(dict(match(0), seq=0, **extra))


def test_players_fields_round_trip_and_old_readers_skip_them(tmp_path, monkeypatch):
    # who played each seat, the AIs' level, the seats this console held
    rec = dict(match(1, players=4), seq=3, names=["ANA", None, "LUZ", None], level=2, own_seats=[0, 1, 2, 3])
    p = tmp_path / "s.log"
    scorelog.append(str(p), dict(rec))
    assert scorelog.read(str(p)) == ([rec], [])
    linked = dict(match(2, players=2), seq=4, names=["BEA", None], own_seats=[1])
    scorelog.append(str(p), dict(linked))
    assert scorelog.read(str(p))[0][1] == linked
    # a reader that knows none of the new tags (an older firmware or host) still gets the rest
    payload = bytes(scorelog.encode(rec))[scorelog.HEADER:-scorelog.TRAILER]
    old = {k: v for k, v in rec.items() if k not in ("names", "level", "own_seats")}
    for name in ("TAG_NAMES", "TAG_LEVEL", "TAG_OWN"):  # the tags unknown: skipped by their length
        monkeypatch.setattr(scorelog, name, 0x70 + getattr(scorelog, name))
    assert scorelog.decode_payload(payload) == old


def test_players_fields_that_do_not_fit_are_refused():
    base = dict(match(0, players=2), seq=0)
    for extra in ({"names": ["ANA"]}, {"names": ["AN", None]}, {"names": ["ana", None]},
                  {"names": ["ANAS", None]}, {"names": ["A1B", None]}, {"level": 0}, {"level": 256},
                  {"own_seats": [2]}, {"own_seats": [-1]}):
        with pytest.raises(ValueError):
            scorelog.encode(dict(base, **extra))
    payload = bytes(scorelog.encode(dict(base, names=["ANA", "BOB"])))[scorelog.HEADER:-scorelog.TRAILER]
    assert scorelog.decode_payload(payload)["names"] == ["ANA", "BOB"]
    assert scorelog.decode_payload(payload.replace(b"BOB", b"B0B")) is None  # not a letter
    assert scorelog.decode_payload(payload.replace(b"BOB", b"B\x00B")) is None  # half a name
    own = bytes(scorelog.encode(dict(base, own_seats=[1])))[scorelog.HEADER:-scorelog.TRAILER]
    assert scorelog.decode_payload(own[:-1] + b"\x04") is None  # seat 2 of 2


def test_framed_junk_with_a_valid_crc_is_reported_not_raised(tmp_path):
    import struct
    payload = b"\x00\x00\x00\x00\x05hello\x02HX\x02\x00" + b"\x00" * 9
    body = bytes([scorelog.VERSION]) + struct.pack("<H", len(payload)) + payload
    frame = scorelog.MAGIC + body + struct.pack("<I", zlib.crc32(body))
    future = bytes([9]) + struct.pack("<H", 3) + b"abc"
    frame2 = scorelog.MAGIC + future + struct.pack("<I", zlib.crc32(future))
    p = tmp_path / "s.log"
    p.write_bytes(frame + frame2 + bytes(scorelog.encode(dict(match(0), seq=5))))
    recs, probs = scorelog.read(str(p))
    assert [r["seq"] for r in recs] == [5]
    assert probs == [(0, len(frame) + len(frame2), "bad payload")]


@pytest.mark.micropython
def test_reader_and_writer_under_micropython(tmp_path):
    from emulator.runtimes import wasi
    flash = tmp_path / "flash"
    flash.mkdir()
    full = tmp_path / "full.log"
    offsets = write_log(full, 3)
    data = full.read_bytes()
    (flash / "good.log").write_bytes(data)
    torn = offsets[2] + 11
    (flash / "torn.log").write_bytes(data[:torn] + b"\x00garbage" + data[offsets[1]:offsets[2]])
    # heap: no GC during the run (see NO_GC_HEAP in test_hal_boot.py)
    guest = wasi.Guest(heap=1024 * 1024, firmware=wasi.compile_firmware(), flash=flash)
    res = guest.run_file("scorelog_read.py")
    assert res.lines[0] == "good.log [0, 1, 2] [] %s HAAA" % (match(0)["hands"][5],)
    assert res.lines[1] == "torn.log [0, 1, 1] [(%d, %d, 'bad checksum')] %s HAAA" % (
        offsets[2], 11 + 8, match(0)["hands"][5])
    assert res.lines[2] == "next True"
    assert res.lines[3] == "crc %d %d" % (zlib.crc32(b"123456789"), zlib.crc32(b"123456789"))
    recs, probs = scorelog.read(str(flash / "good.log"))
    assert probs == [] and recs[3] == {"seq": 3, "variant": "burako", "seats": "HAHA",
                                       "hands": [[1, -2]], "final": [3, -4], "winner": 1,
                                       "id": 0xFEDCBA9876543210, "canastas": [[[1, 2], [0, 15]]], "closes": [1]}


def test_a_linked_match_ended_in_play_keeps_its_reason(tmp_path):
    # tag 08, the link's reason of a match a peer left in play; no winner
    path = str(tmp_path / "scores.log")
    rec = {"variant": "burako", "seats": "HH", "hands": [[120, -35]], "final": [120, -35],
           "winner": None, "id": 7, "own_seats": [1], "ended": 12}
    scorelog.append(path, dict(rec))
    got, problems = scorelog.read(path)
    assert not problems and got[0]["ended"] == 12 and got[0]["winner"] is None
    with pytest.raises(ValueError):
        scorelog.append(path, dict(rec, ended=0))
    assert len(scorelog.read(path)[0]) == 1          # a refused record changes nothing
