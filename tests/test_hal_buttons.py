"""Buttons: debounce, press edges and auto-repeat from scripted pin levels over time; idle sleep."""
from hal import keys
from hal.buttons import Buttons
from hal.idle import Idle
from hal_support import build_board, install_fake_machine

UP_GP, A_GP, X_GP = 2, 15, 19


def make(debounce=20, delay=400, rate=120, idle=None):
    m = install_fake_machine()
    pins = [(keys.UP, m.Pin(UP_GP, m.Pin.IN, m.Pin.PULL_UP)),
            (keys.A, m.Pin(A_GP, m.Pin.IN, m.Pin.PULL_UP))]
    return m, Buttons(pins, debounce, delay, rate, idle=idle)


def run(m, btn, script, until, step=5):
    """script: {time_ms: {gpio: level}}; returns [(t, events)] for non-zero events."""
    out = []
    for t in range(0, until + 1, step):
        for gp, lv in script.get(t, {}).items():
            m.levels[gp] = lv
        ev = btn.poll(t)
        if ev:
            out.append((t, ev))
    return out


def test_pull_ups_and_idle_level():
    m, btn = make()
    assert m.pull_ups == {UP_GP: True, A_GP: True}
    assert run(m, btn, {}, 1000) == [] and btn.held() == 0


def test_clean_press_is_one_event_after_debounce():
    m, btn = make()
    ev = run(m, btn, {100: {A_GP: 0}, 300: {A_GP: 1}}, 600)
    assert ev == [(120, keys.A)]  # stable for 20 ms
    # A does not auto-repeat


def test_bouncing_contacts_give_one_event():
    m, btn = make()
    bounce = {100: {A_GP: 0}, 105: {A_GP: 1}, 110: {A_GP: 0}, 115: {A_GP: 1}, 120: {A_GP: 0},
              400: {A_GP: 1}, 405: {A_GP: 0}, 410: {A_GP: 1}}
    ev = run(m, btn, bounce, 800)
    assert ev == [(140, keys.A)]
    assert btn.held() == 0


def test_glitch_shorter_than_debounce_is_ignored():
    m, btn = make()
    assert run(m, btn, {100: {A_GP: 0}, 110: {A_GP: 1}}, 400) == []


def test_held_reports_debounced_level():
    m, btn = make()
    m.levels[A_GP] = 0
    btn.poll(0)
    assert btn.held() == 0
    btn.poll(19)
    assert btn.held() == 0
    btn.poll(20)
    assert btn.held() == keys.A


def test_cursor_key_auto_repeats():
    m, btn = make()
    ev = run(m, btn, {100: {UP_GP: 0}, 1000: {UP_GP: 1}}, 1500)
    times = [t for t, e in ev]
    assert all(e == keys.UP for t, e in ev)
    # press at 120, first repeat 400 later, then every 120 while held (released at 1000)
    assert times == [120, 520, 640, 760, 880]


def test_late_poll_gives_one_repeat_not_a_burst():
    m, btn = make()
    m.levels[UP_GP] = 0
    assert btn.poll(0) == 0
    assert btn.poll(20) == keys.UP
    assert btn.poll(2000) == keys.UP  # a long frame: one tick, not 13
    assert btn.poll(2001) == 0
    assert btn.poll(2120) == keys.UP


def test_two_keys_at_once():
    m, btn = make()
    ev = run(m, btn, {100: {UP_GP: 0, A_GP: 0}}, 130)
    assert ev == [(120, keys.UP | keys.A)]
    assert btn.held() == keys.UP | keys.A


def test_ticks_wrap_around():
    m, btn = make()
    period = 1 << 30
    t0 = period - 10
    m.levels[A_GP] = 0
    assert btn.poll(t0) == 0
    assert btn.poll((t0 + 15) % period) == 0
    assert btn.poll((t0 + 25) % period) == keys.A


class FakeDisplay:
    def __init__(self):
        self.lit = True

    def backlight(self, on):
        self.lit = on


def test_idle_sleep_and_wake_swallows_the_waking_key():
    d = FakeDisplay()
    idle = Idle(d, timeout_s=2, now_ms=0)
    m, btn = make(idle=idle)
    assert run(m, btn, {}, 1995) == [] and d.lit
    btn.poll(2000)
    assert not d.lit and idle.asleep
    ev = run(m, btn, {3000: {A_GP: 0}, 3200: {A_GP: 1}, 3400: {A_GP: 0}}, 3500)
    # first press wakes the screen and is swallowed; the second press acts
    assert d.lit and ev == [(3420, keys.A)]


def test_held_cursor_keeps_awake_and_its_repeats_are_swallowed_after_wake():
    d = FakeDisplay()
    idle = Idle(d, timeout_s=1, now_ms=0)
    m, btn = make(idle=idle)
    run(m, btn, {}, 1000)
    assert not d.lit
    ev = run(m, btn, {1100: {UP_GP: 0}, 2000: {UP_GP: 1}}, 2100)
    assert d.lit and ev == []


def test_board_buttons_cover_every_profile_key():
    for name in ("pico_lcd_13", "pico_lcd_114"):
        m, b = build_board(name)
        from hal import board
        prof = board.load_profile(name)
        b.idle.last = 0  # the test's clock starts at 0, not at the host's ticks
        for bit, gp in prof.KEYS:
            m.levels[gp] = 0
            b.buttons.poll(0)
            assert b.buttons.poll(100) == bit, (name, bit)
            m.levels[gp] = 1
            b.buttons.poll(200)
            b.buttons.poll(300)
