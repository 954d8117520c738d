"""Buttons: edge-first debounce (lockout), press edges and auto-repeat from scripted pin levels over time; idle sleep."""
from hypothesis import given, settings
from hypothesis import strategies as st

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


def test_clean_press_is_reported_on_the_first_poll_after_the_edge():
    m, btn = make()
    ev = run(m, btn, {100: {A_GP: 0}, 300: {A_GP: 1}}, 600)
    assert ev == [(100, keys.A)]  # no wait for the level to settle
    # A does not auto-repeat


def test_press_between_polls_is_reported_by_the_next_poll():
    m, btn = make()
    assert btn.poll(0) == 0
    m.levels[A_GP] = 0  # the edge lands between two polls
    assert btn.poll(7) == keys.A and btn.held() == keys.A


def test_bouncing_contacts_give_one_event():
    m, btn = make()
    bounce = {100: {A_GP: 0}, 105: {A_GP: 1}, 110: {A_GP: 0}, 115: {A_GP: 1}, 120: {A_GP: 0},
              400: {A_GP: 1}, 405: {A_GP: 0}, 410: {A_GP: 1}}
    ev = run(m, btn, bounce, 800)
    assert ev == [(100, keys.A)]
    assert btn.held() == 0


def test_bounce_after_the_release_is_not_a_second_press():
    m, btn = make()
    ev = run(m, btn, {100: {A_GP: 0}, 200: {A_GP: 1}, 205: {A_GP: 0}, 215: {A_GP: 1}}, 400, step=1)
    assert ev == [(100, keys.A)]
    assert btn.held() == 0


def test_a_glitch_is_one_press_and_its_release_is_seen_after_the_lockout():
    m, btn = make()
    assert run(m, btn, {100: {A_GP: 0}, 110: {A_GP: 1}}, 400) == [(100, keys.A)]
    assert btn.held() == 0
    m2, btn2 = make()
    run(m2, btn2, {100: {A_GP: 0}, 110: {A_GP: 1}}, 115)
    assert btn2.held() == keys.A  # still inside the 20 ms lockout: the pin is not read
    btn2.poll(120)
    assert btn2.held() == 0


def test_held_reports_debounced_level():
    m, btn = make()
    m.levels[A_GP] = 0
    btn.poll(0)
    assert btn.held() == keys.A
    m.levels[A_GP] = 1  # a bounce inside the lockout
    btn.poll(19)
    assert btn.held() == keys.A
    btn.poll(20)
    assert btn.held() == 0


def test_a_new_press_after_the_lockout_is_a_press():
    m, btn = make()
    ev = run(m, btn, {100: {A_GP: 0}, 150: {A_GP: 1}, 180: {A_GP: 0}}, 300)
    assert ev == [(100, keys.A), (180, keys.A)]


def test_pending_says_when_a_poll_would_see_a_change():
    m, btn = make()
    assert not btn.pending(0)
    m.levels[A_GP] = 0
    assert btn.pending(1)
    assert btn.poll(1) == keys.A
    assert not btn.pending(2)  # held, nothing new
    m.levels[A_GP] = 1
    assert not btn.pending(10)  # inside the lockout: a bounce wakes nobody
    assert btn.pending(21)
    btn.poll(21)
    assert not btn.pending(22)


def test_cursor_key_auto_repeats():
    m, btn = make()
    ev = run(m, btn, {100: {UP_GP: 0}, 1000: {UP_GP: 1}}, 1500)
    times = [t for t, e in ev]
    assert all(e == keys.UP for t, e in ev)
    # press at 100, first repeat 400 later, then every 120 while held (released at 1000)
    assert times == [100, 500, 620, 740, 860, 980]


def test_late_poll_gives_one_repeat_not_a_burst():
    m, btn = make()
    m.levels[UP_GP] = 0
    assert btn.poll(0) == keys.UP
    assert btn.poll(20) == 0
    assert btn.poll(2000) == keys.UP  # a long frame: one tick, not 13
    assert btn.poll(2001) == 0
    assert btn.poll(2120) == keys.UP


def test_two_keys_at_once():
    m, btn = make()
    ev = run(m, btn, {100: {UP_GP: 0, A_GP: 0}}, 130)
    assert ev == [(100, keys.UP | keys.A)]
    assert btn.held() == keys.UP | keys.A


def test_ticks_wrap_around():
    m, btn = make()
    period = 1 << 30
    t0 = period - 10
    m.levels[A_GP] = 0
    assert btn.poll(t0) == keys.A
    m.levels[A_GP] = 1  # released at once: inside the lockout, across the wrap
    assert btn.poll((t0 + 15) % period) == 0 and btn.held() == keys.A
    assert btn.poll((t0 + 25) % period) == 0 and btn.held() == 0
    m.levels[A_GP] = 0
    assert btn.poll((t0 + 30) % period) == 0  # a bounce after the release
    m.levels[A_GP] = 1
    assert btn.poll((t0 + 50) % period) == 0 and btn.held() == 0


# --- property: any bounce, any polling rate ------------------------------------------
DB = 20


@st.composite
def bouncy_presses(draw):
    """Clean presses of A with contact bounce inside DB ms after every edge, and poll times.

    Returns (levels: sorted [(t, level)], presses: [press edge t], polls: sorted [t])."""
    gap = draw(st.integers(1, 8))  # the largest distance between two polls
    t = draw(st.integers(0, 50))
    levels, presses = [], []
    for _ in range(draw(st.integers(1, 6))):
        for clean in (0, 1):  # press, then release
            if clean == 0:
                presses.append(t)
            levels.append((t, clean))
            # bounce: an even number of flips, all inside DB ms of the edge
            flips = sorted(draw(st.lists(st.integers(1, DB - 1), max_size=6, unique=True)))
            if len(flips) % 2:
                flips.pop()
            lv = clean
            for f in flips:
                lv ^= 1
                levels.append((t + f, lv))
            # the next edge comes after the contact settled and any lockout is over
            t += DB + gap + DB + draw(st.integers(0, 200))
    polls, p = [], 0
    while p < t + 50:
        polls.append(p)
        p += draw(st.integers(1, gap))
    return levels, presses, polls


@settings(max_examples=300, deadline=None)
@given(bouncy_presses())
def test_bounce_is_never_a_second_press_and_a_press_is_never_late(case):
    levels, presses, polls = case
    m, btn = make(debounce=DB)
    events, li = [], 0
    for t in polls:
        while li < len(levels) and levels[li][0] <= t:
            m.levels[A_GP] = levels[li][1]
            li += 1
        if btn.poll(t):
            events.append(t)
    assert len(events) == len(presses)  # one press per press, whatever the contacts did
    for e, p in zip(events, presses):
        # never before the edge; at the latest on the first poll once the contact is settled
        assert p <= e <= min(t for t in polls if t >= p + DB)
        clean = not any(p < t < p + DB for t, _ in levels)
        if clean:  # no bounce: the first poll after the edge reports it
            assert e == min(t for t in polls if t >= p)
    assert btn.held() == 0


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
    assert d.lit and ev == [(3400, keys.A)]


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
        # on the 1.14 (no X, no Y) A and B are reported at their release (a held one is Y or X)
        late = keys.A | keys.B if name == "pico_lcd_114" else 0
        for bit, gp in prof.KEYS:
            m.levels[gp] = 0
            assert b.buttons.poll(0) == (0 if bit & late else bit), (name, bit)
            assert b.buttons.poll(100) == 0
            m.levels[gp] = 1
            assert b.buttons.poll(200) == bit & late, (name, bit)
            b.buttons.poll(300)


class IrqPin:
    """A pin with machine.Pin's irq(): the test fires the handler as the chip would on an edge."""
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self):
        self.level = 1
        self.handler = None
        self.trigger = 0

    def value(self):
        return self.level

    def irq(self, handler, trigger):
        self.handler = handler
        self.trigger = trigger

    def set(self, level):
        self.level = level
        self.handler(self)


def test_with_pin_interrupts_pending_is_the_edge_flag():
    pin = IrqPin()
    btn = Buttons([(keys.A, pin)])
    assert pin.trigger == IrqPin.IRQ_FALLING | IrqPin.IRQ_RISING
    assert btn.pending(0)  # nothing polled yet: look once
    assert btn.poll(0) == 0 and not btn.pending(1)
    pin.set(0)
    assert btn.pending(2)
    assert btn.poll(2) == keys.A and not btn.pending(3)
    pin.set(1)  # a bounce inside the lockout wakes the loop, and the poll ignores it
    assert btn.pending(4) and btn.poll(4) == 0 and btn.held() == keys.A
    assert btn.poll(30) == 0 and btn.held() == 0
