"""The link layer inside real MicroPython (WASI build, -X heapsize): the frame
layer gives byte-identical frames and decodes a damaged, split stream exactly as
CPython does, and a console inside MicroPython plays a whole match against a
CPython console over a noisy in-memory cable within a 128 KB heap.

Data goes into the guest programs (tests/guests/) as strings, never as long list
literals: tests/guests/link_frames.py says why."""
import random

import pytest

from emulator.runtimes import wasi
from host import relay
from host.relay import Faults
from link import frame

pytestmark = pytest.mark.micropython

def test_frame_layer_is_byte_identical_on_micropython():
    rng = random.Random(5)
    payloads = [bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))) for _ in range(12)]
    payloads.append(bytes(frame.MAX_PAYLOAD))
    enc = frame.Encoder()
    wires = [bytes(enc.build(2, i, 7, p)) for i, p in enumerate(payloads)]
    damage = Faults(drop=0.002, flip=0.004, dup=0.002, seed=3)
    stream = damage.mangle(b"".join(wires))
    cuts = []
    left = len(stream)
    while left > 0:
        k = min(left, rng.randrange(1, 64))
        cuts.append(k)
        left -= k
    want = []
    rx = frame.Receiver(lambda b, n: want.append(bytes(b[frame.HEAD:n]).hex()))
    i = 0
    for k in cuts:
        rx.feed(stream[i:i + k], k)
        i += k
    assert 0 < len(want) < len(payloads) and rx.bad > 0     # some frames damaged, the rest whole
    assert set(want) <= {p.hex() for p in payloads}
    res = wasi.Guest(heap=64 * 1024).run_file(
        "link_frames.py", payloads=" ".join(p.hex() for p in payloads),
        stream=stream.hex(), cuts=" ".join(map(str, cuts)))
    assert [x[2:] for x in res.lines if x.startswith("W ")] == [w.hex() for w in wires]
    assert [x[2:] for x in res.lines if x.startswith("G ")] == want
    assert res.lines[-1] == f"B {rx.bad} {rx.frames}"


def test_micropython_console_plays_a_whole_match_against_cpython_in_128k():
    faults = (Faults(flip=0.004, drop=0.002, split=True, seed=1), Faults(flip=0.004, dup=0.002, seed=2))
    fig, peer = relay.guest_duel("burako", target=0, heap=128 * 1024, faults=faults)
    L = peer.link
    assert fig["state"] == 4 and fig["reason"] == 1            # ENDED, R_MATCH_OVER
    assert L.reason == 1 and L.game.winner in (0, 1)
    assert fig["count"] == L.count and fig["scores"] == L.game.scores
    assert fig["match_id"] == L.match_id.hex() and fig["digest"] == L.digest.hex()
    assert fig["seat"] == 1 - L.seat
    assert L.stats()["resends"] > 0
    assert fig["heap_peak"] < 128 * 1024


def test_device_randomness_inside_micropython():
    """entropy.py on the real port: ticks_us, os.urandom where present, the pool."""
    res = wasi.Guest(heap=64 * 1024).run(
        "from link import entropy\n"
        "a = entropy.random_bytes(16)\n"
        "entropy.stir(12345)\n"
        "b = entropy.random_bytes(16)\n"
        "print(len(a), len(b), a != b, entropy.random_bytes(4) != entropy.random_bytes(4))\n")
    assert res.lines == ["16 16 True True"]
