"""Every reader of outside input takes any bytes without a traceback, answers
bad input with its own refusal (one line, exit 2 for the command) and writes
nothing (tests/fuzzkit.py says what each reader must do). A few hundred inputs
per reader here; benchmarks/fuzz_figures.py runs 100k+ per reader."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fuzzkit

QUICK = {"codec": 400, "keys": 400, "meld": 300, "transcript": 200, "save": 300,
         "scorelog": 300, "score": 200, "replay": 150}


def inputs(name):
    base = fuzzkit.samples(name)
    return st.one_of(
        st.binary(max_size=300),
        st.builds(fuzzkit.mutate, st.randoms(use_true_random=False), st.sampled_from(base)),
        st.sampled_from(base),
    )


@pytest.mark.parametrize("name", sorted(fuzzkit.READERS))
def test_reader_survives_any_input(name):
    feed = fuzzkit.READERS[name]

    @settings(max_examples=QUICK[name], deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(inputs(name))
    def run(data):
        feed(data)

    run()


def test_known_crashers_are_refused_now():
    """Inputs that once ended in a traceback: refused with one line now."""
    from engine import codec
    from engine import game
    from engine import rules
    good = bytearray(codec.encode(game.Game(rules.BURAKO, 2, 1)))
    good[40] = 60                       # a byte >= 53 in a zone: was IndexError
    with pytest.raises(codec.CodecError):
        codec.decode(bytes(good))
    fuzzkit.feed_codec(bytes(good))
    fuzzkit.feed_transcript("burako-transcript 1\nvariant burako\nplayers 2\nseed 1\n\u00b2 draw\n".encode())
    fuzzkit.feed_replay("burako-transcript 1\nvariant burako\nplayers 2\nseed 1\n\u00b2 draw\n".encode())
    fuzzkit.feed_score(b"[" * 100000)
    fuzzkit.feed_keys(bytes(range(256)))
    fuzzkit.feed_meld(b"R1 R1 R1 R1 R1 R1 R1 R1 R1")


def test_codec_refuses_unknown_flag_bits():
    """Found by benchmarks/fuzz_figures.py: flag bits 5..7 were ignored, so a
    position decoded from bytes it would not encode back to."""
    from engine import codec
    from engine import game
    from engine import rules
    good = bytearray(codec.encode(game.Game(rules.BURAKO, 2, 1)))
    good[10] |= 0x80
    with pytest.raises(codec.CodecError):
        codec.decode(bytes(good))


def test_save_and_codec_seeds_are_valid_inputs():
    """The samples the mutations start from must be read, not refused: a
    seed the reader refuses (an old save layout under the new version byte,
    a position no rule allows) only ever exercises the error path."""
    from engine import codec
    from burako import save
    for b in fuzzkit.samples("codec"):
        codec.decode(b)
    sc = fuzzkit.scratch()
    for b in fuzzkit.samples("save"):
        sc.put(save.NAME, b)
        assert save.read(fuzzkit.Storage(sc.dir)) is not None


# benchmarks/fuzz_figures.py --only codec (seed 1), input 45210 of 100000:
# bytes 22-23 (the target) are 0, which Game reads as the variant's default
# (1500) and encode() writes back as 1500, so the bytes did not round-trip.
TARGET_ZERO = bytes.fromhex(
    "424b01010201000001000000000455303dde0200000000000000001f25120c1e003b0a3311"
    "1d190b0d02171a22092c211511182929061c2b2405150a162e2a0608180c1e0207271b1f25"
    "120c1e23082c272f21010d002d201c03252f00000d040b141310332e2007232430040c1405"
    "090e1d2a311017191b130b26322832031f12222b0f340b26160e0f3031341a012d280000")


def test_codec_refuses_target_zero():
    """A position whose target is 0 decoded, then encoded as 1500."""
    from engine import codec
    assert TARGET_ZERO[22:24] == b"\x00\x00"
    with pytest.raises(codec.CodecError):
        codec.decode(TARGET_ZERO)
    fuzzkit.feed_codec(TARGET_ZERO)
    fixed = bytearray(TARGET_ZERO)
    fixed[22:24] = (1500).to_bytes(2, "little")
    assert codec.encode(codec.decode(bytes(fixed))) == bytes(fixed)


def test_codec_refuses_the_lone_card_flag_without_its_card():
    """Flag bit 6 (R12 burraco: `drawn` holds the card of a one-card pile) set
    with no card: it decoded with no lone card and encoded back without the
    flag. Found probing every header byte of a burraco position (the fuzz
    samples held no burraco position until then)."""
    from engine import codec
    from engine import game
    from engine import rules
    good = bytearray(codec.encode(game.Game(rules.BURRACO, 2, 3)))
    assert good[13] == game.NO_TILE and not good[10] & 64
    good[10] |= 64
    with pytest.raises(codec.CodecError):
        codec.decode(bytes(good))
    fuzzkit.feed_codec(bytes(good))


def test_every_one_byte_change_of_the_header_round_trips_or_is_refused():
    """Each byte of the fixed header of a Burako, Torneo and burraco position,
    set to every value: decode refuses it or reads what encode writes back."""
    import struct
    from engine import codec
    for data in fuzzkit.samples("codec"):
        for pos in range(3, 3 + struct.calcsize(codec._FIXED)):
            for v in range(256):
                x = bytearray(data)
                x[pos] = v
                fuzzkit.feed_codec(bytes(x))
