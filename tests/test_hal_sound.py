"""board.sound and board.battery (hal/sound.py, hal/battery.py): their logic under CPython, on
tests/fake_machine.py's PWM and ADC that log what the firmware asks of them. On the real
firmware and chip model they are tests/test_uf2.py's (the PicoSystem's UF2 on the virtual Pico:
the tones its PWM makes, the battery its ADC reads)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hal import battery as hal_battery
from hal import sound as hal_sound
from hal_support import install_fake_machine

notes = st.lists(st.tuples(st.one_of(st.just(0), st.integers(100, 8000)), st.integers(1, 400)),
                 min_size=1, max_size=8)


def flat(pairs):
    return tuple(x for pair in pairs for x in pair)


@settings(max_examples=150, deadline=None)
@given(notes, st.lists(st.integers(1, 40), min_size=1, max_size=5), st.sampled_from((hal_sound.LOW, hal_sound.HIGH)),
       st.integers(0, (1 << 30) - 1))
def test_each_note_plays_its_time_and_at_most_a_frame_more_then_silence(pairs, frames, volume, start):
    """Ticked at any frame lengths, from any clock value (ticks wrap at 2**30): the notes come in
    order, each from the frame its time began to the first frame at or after its end, the pulse
    the volume's (never over half the period), a rest and the end silent; play() returns at once."""
    m = install_fake_machine()
    s = hal_sound.Sound(m, 11, volume)
    pwm = m.pwms[0]
    del pwm.log[:]
    now = start
    s.play(flat(pairs), now)
    heard = [(now, list(pwm.log))]
    i = 0
    while s.playing():
        now = (now + frames[i % len(frames)]) & ((1 << 30) - 1)
        i += 1
        n = len(pwm.log)
        s.tick(now)
        if len(pwm.log) > n:
            heard.append((now, pwm.log[n:]))
        assert i < 10000
    assert pwm.duty == ("u16", 0)
    # one change of the PWM per note, and one for the silence after the last
    assert len(heard) == len(pairs) + 1
    longest = max(frames)
    for (t0, got), (t1, _), (hz, ms) in zip(heard, heard[1:], pairs):
        if hz:
            pulse = min(hal_sound.PULSE_NS[volume], 500_000_000 // hz)
            assert got == [("freq", hz), ("ns", pulse)]
        else:
            assert got == [("u16", 0)]
        lasted = (t1 - t0) & ((1 << 30) - 1)
        assert ms <= lasted < ms + longest


def test_volume_off_plays_nothing_and_silences_a_sound_playing():
    m = install_fake_machine()
    s = hal_sound.Sound(m, 11)
    pwm = m.pwms[0]
    s.play((440, 100, 880, 100), 0)
    assert s.playing() and pwm.duty[0] == "ns"
    s.set_volume(hal_sound.OFF)
    assert not s.playing() and pwm.duty == ("u16", 0)
    n = len(pwm.log)
    s.play((440, 100), 10)
    s.tick(200)
    assert len(pwm.log) == n and not s.playing()
    s.set_volume(hal_sound.LOW)
    s.play((440, 100), 300)
    assert pwm.log[-2:] == [("freq", 440), ("ns", 20_000)]


def test_a_new_sound_cuts_the_one_playing():
    m = install_fake_machine()
    s = hal_sound.Sound(m, 11)
    s.play((440, 500), 0)
    s.play((1000, 50), 10)
    s.tick(59)
    assert s.playing() and m.pwms[0].hz == 1000
    s.tick(60)
    assert not s.playing()


@given(st.integers(0, 65535), st.integers(0, 65535))
def test_the_battery_level_rises_with_the_voltage_from_0_to_100(a, b):
    lo, hi = sorted((a, b))
    ml, mh = (v * 9900 // 65535 for v in (lo, hi))
    assert 0 <= hal_battery.level_of(ml) <= hal_battery.level_of(mh) <= 100
    assert hal_battery.level_of(hal_battery.EMPTY_MV) == 0 and hal_battery.level_of(hal_battery.FULL_MV) == 100


def raw(mv):
    return round(mv * 65535 / 9900)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(3000, 4300), min_size=1, max_size=60))
def test_low_comes_at_10_percent_and_goes_only_above_15(volts):
    """Readings every EVERY_MS, smoothed: `low` turns on when the level is at most LOW_PERCENT,
    off only when it is above CLEAR_PERCENT, and stays as it was between; reads between polls
    are not taken."""
    m = install_fake_machine()
    m.adc_values[26] = raw(volts[0])
    b = hal_battery.Battery(m.ADC(m.Pin(26)), 0)
    was = b.low
    t = 0
    for mv in volts:
        m.adc_values[26] = raw(mv)
        level = b.level
        b.poll(t + hal_battery.EVERY_MS - 1)          # not yet: nothing read
        assert b.level == level and b.low == was
        t += hal_battery.EVERY_MS
        b.poll(t)
        assert 0 <= b.level <= 100 and b.level == hal_battery.level_of(b.mv)
        if b.level <= hal_battery.LOW_PERCENT:
            assert b.low
        elif b.level > hal_battery.CLEAR_PERCENT:
            assert not b.low
        else:
            assert b.low == was
        was = b.low


@pytest.mark.parametrize("mv, level, low", [(4200, 100, False), (4150, 100, False), (3725, 50, False),
                                            (3380, 9, True), (3300, 0, True), (3000, 0, True)])
def test_a_steady_battery_reads_as_its_voltage(mv, level, low):
    m = install_fake_machine()
    m.adc_values[26] = raw(mv)
    b = hal_battery.Battery(m.ADC(m.Pin(26)), 0)
    # the ADC's 16-bit steps are 0.15 mV: a millivolt off at most, a percent at most
    assert abs(b.mv - mv) <= 1 and abs(b.level - level) <= 1 and b.low == low
