"""Link cable, frame and transport layers (firmware/link/frame.py, transport.py):
COBS + CRC-16 frames survive any split or merge of reads; over a cable that
drops, flips, duplicates, delays and splits bytes every payload arrives once,
in order and unchanged, or the link reports the peer gone; never a wrong one."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host.relay import Cable, Faults, SimClock
from link import frame
from link import transport

SETTINGS = settings(derandomize=True, deadline=None, max_examples=40,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.binary(max_size=frame.MAX_RAW))
def test_cobs_round_trip_has_no_zero_inside(data):
    out = bytearray(frame.MAX_WIRE)
    m = frame.cobs_encode(data, len(data), out)
    assert out[m - 1] == 0 and 0 not in out[:m - 1]
    assert m <= len(data) + len(data) // 254 + 2
    buf = bytearray(out[:m - 1])
    k = frame.cobs_decode(buf, m - 1)
    assert bytes(buf[:k]) == data


def test_crc16_is_ccitt_false():
    # the catalogue check value of CRC-16/CCITT-FALSE
    assert frame.crc16(b"123456789", 9) == 0x29B1


def test_largest_frame_fits_the_uart_buffer():
    wire = frame.Encoder().build(frame.HEAD, 255, 255, bytes(range(1, 256)) + bytes(frame.MAX_PAYLOAD - 255))
    assert len(wire) < 512          # hal/uart.py RXBUF
    try:
        frame.Encoder().build(2, 0, 0, bytes(frame.MAX_PAYLOAD + 1))
    except ValueError:
        pass
    else:
        raise AssertionError("an oversized payload was framed")


def _frames(payloads):
    enc = frame.Encoder()
    return b"".join(bytes(enc.build(2, i & 255, 0, p)) for i, p in enumerate(payloads))


@SETTINGS
@given(st.lists(st.binary(max_size=frame.MAX_PAYLOAD), max_size=8), st.data())
def test_receiver_any_split_and_merge(payloads, data):
    got = []
    rx = frame.Receiver(lambda b, n: got.append(bytes(b[frame.HEAD:n])))
    stream = b"\x07junk\x00" + _frames(payloads)   # leading noise ends at a delimiter
    i = 0
    while i < len(stream):
        k = data.draw(st.integers(1, 600))
        chunk = stream[i:i + k]
        rx.feed(chunk, len(chunk))
        i += k
    assert got == payloads
    assert not rx.busy()


def test_receiver_drops_damaged_and_overlong_frames():
    got = []
    rx = frame.Receiver(lambda b, n: got.append(bytes(b[frame.HEAD:n])))
    good = _frames([b"one"])
    bad = bytearray(_frames([b"two"]))
    bad[3] ^= 0x10
    overlong = b"\x01" * 700 + b"\x00"
    s = bytes(bad) + overlong + good
    rx.feed(s, len(s))
    assert got == [b"one"] and rx.bad == 2


class Sink:
    def __init__(self):
        self.got = []
        self.ups = 0
        self.resets = 0

    def received(self, b, i, n):
        self.got.append(bytes(b[i:n]))

    def link_up(self):
        self.ups += 1

    def link_reset(self):
        self.resets += 1


def _pair(clock, fa=None, fb=None, rto=transport.RTO_MS):
    cable = Cable(clock, fa, fb)
    sa, sb = Sink(), Sink()
    a = transport.Transport(cable.a, clock, b"AAAA", sa, rto)
    b = transport.Transport(cable.b, clock, b"BBBB", sb, rto)
    return cable, (a, sa), (b, sb)


def _run(clock, pairs, ms, tick=5, stop=None):
    end = clock.now + ms
    while clock.now < end:
        clock.now += tick
        for t, _ in pairs:
            t.poll(clock.ticks_ms())
        if stop and stop():
            return


faults = st.builds(Faults, drop=st.floats(0, 0.03), flip=st.floats(0, 0.03), dup=st.floats(0, 0.03),
                   delay=st.integers(0, 40), split=st.booleans(), seed=st.integers(0, 2**16))
payloads = st.lists(st.binary(min_size=0, max_size=120), min_size=1, max_size=12)


@SETTINGS
@given(faults, faults, payloads, payloads)
def test_every_payload_once_in_order_unchanged(fa, fb, pa, pb):
    clock = SimClock(5000)
    cable, (a, sa), (b, sb) = _pair(clock, fa, fb)
    queued = [list(pa), list(pb)]

    def feed():
        for t, q in ((a, queued[0]), (b, queued[1])):
            while q and t.up and t.send(q[0]):
                q.pop(0)
        return not queued[0] and not queued[1] and len(sb.got) == len(pa) and len(sa.got) == len(pb)

    _run(clock, [(a, sa), (b, sb)], 600_000, stop=feed)
    # nothing wrong ever arrives; with at most 3 % damage everything arrives
    assert sb.got == pa
    assert sa.got == pb
    assert sa.ups == sb.ups == 1 and sa.resets == sb.resets == 0


@SETTINGS
@given(payloads, st.integers(0, 400), st.integers(100, 60_000), st.integers(0, 2**16))
def test_pulled_cable_is_seen_within_2s_and_nothing_is_lost(pa, cut_at, cut_ms, seed):
    clock = SimClock(0)
    f = Faults(flip=0.005, split=True, seed=seed)
    cable, (a, sa), (b, sb) = _pair(clock, f)
    _run(clock, [(a, sa), (b, sb)], 2000, stop=lambda: a.up and b.up)
    for p in pa:
        assert a.send(p)
    _run(clock, [(a, sa), (b, sb)], cut_at)
    cable.cut = True
    t0 = clock.now
    _run(clock, [(a, sa), (b, sb)], 2000, stop=lambda: not a.alive() and not b.alive())
    assert clock.now - t0 <= 2000, "the pulled cable went unnoticed for 2 s"
    _run(clock, [(a, sa), (b, sb)], cut_ms)
    assert not a.alive() and not b.alive()
    cable.cut = False
    _run(clock, [(a, sa), (b, sb)], 600_000, stop=lambda: len(sb.got) == len(pa) and a.idle())
    assert sb.got == pa
    _run(clock, [(a, sa), (b, sb)], 1000)
    assert a.alive() and b.alive()


def test_restarted_peer_resets_the_connection_and_duplicates_are_dropped():
    clock = SimClock(0)
    cable, (a, sa), (b, sb) = _pair(clock)
    _run(clock, [(a, sa), (b, sb)], 1000)
    assert a.send(b"first")
    _run(clock, [(a, sa), (b, sb)], 200)
    assert sb.got == [b"first"]
    # the same frame again on the wire (a replay, or a duplicated resend)
    cable.a.write(bytes(memoryview(a.txbuf)[:a.txlen]))
    _run(clock, [(a, sa), (b, sb)], 200)
    assert sb.got == [b"first"] and b.dups == 1
    # b is switched off and on: a new Transport with a new id
    sb2 = Sink()
    b2 = transport.Transport(cable.b, clock, b"CCCC", sb2)
    _run(clock, [(a, sa), (b2, sb2)], 2000)
    assert sa.resets == 1 and sa.ups == 2 and sb2.ups == 1
    assert a.send(b"second")
    _run(clock, [(a, sa), (b2, sb2)], 500)
    assert sb2.got == [b"second"]


def test_foreign_device_never_connects():
    clock = SimClock(0)
    cable, (a, sa), _ = _pair(clock)
    enc = frame.Encoder()
    cable.b.write(bytes(enc.build(transport.SYN, 0, 0, b"XXXX" + b"BBBB" + b"AAAA")))
    _run(clock, [(a, sa)], 1000)
    assert not a.up and sa.ups == 0
