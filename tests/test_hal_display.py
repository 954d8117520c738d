"""The ST7789 driver's SPI stream, decoded by a model of the panel, shows what the emulator shows."""
import pytest
from hypothesis import given, settings, strategies as st

import panel_model
from emulator.display import Display
from hal_support import build_board, tile

BOARDS = {
    "pico_lcd_13": (240, 240, panel_model.GLASS_240x240),
    "pico_lcd_114": (240, 135, panel_model.GLASS_240x135),
}


def run_both(name, calls):
    m, b = build_board(name)
    w, h, glass = BOARDS[name]
    emu = Display(w, h)
    emu.backlight(True)
    for c in calls:
        getattr(b.display, c[0])(*c[1:])
        getattr(emu, c[0])(*c[1:])
    model = panel_model.ST7789Model(glass)
    model.feed_log(m.bus)
    model.end_transaction()
    return model, emu, b


def assert_same(model, emu):
    assert model.lit() == emu.lit
    got = model.screen_bytes()
    if got != bytes(emu.pixels):
        for i in range(0, len(got), 2):
            if got[i:i + 2] != emu.pixels[i:i + 2]:
                p = i // 2
                x, y = p % emu.width, p // emu.width
                raise AssertionError("first difference at (%d,%d): panel %04X, emulator %04X"
                                     % (x, y, model.pixel(x, y), emu.pixel(x, y)))


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_init_gives_a_lit_black_screen(name):
    model, emu, b = run_both(name, [])
    assert model.lit() and model.inverted and (model.colmod & 7) == 5
    assert model.commands[0] == panel_model.SLPOUT  # after the RST pulse: no SWRESET needed
    assert_same(model, emu)
    assert model.pixel(0, 0) == 0 and model.pixel(emu.width - 1, emu.height - 1) == 0


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_full_screen_fill_and_odd_blits(name):
    w, h, _ = BOARDS[name]
    calls = [
        ("fill_rect", 0, 0, w, h, 0xF800),
        ("fill_rect", 3, 5, 17, 9, 0x07E0),
        ("blit", tile(28, 40, 1), 1, 1, 28, 40),
        ("blit", tile(13, 7, 2), 101, 77, 13, 7),
        ("blit", tile(28, 40, 3), w - 28, h - 40, 28, 40),  # bottom-right corner exactly
        ("blit", tile(1, 1, 4), w - 1, 0, 1, 1),
        ("blit", tile(5, 3, 5), 0, h - 3, 5, 3),
    ]
    model, emu, _ = run_both(name, calls)
    assert_same(model, emu)
    assert emu.pixel(100, 0) == 0xF800


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_clipped_draws_match(name):
    w, h, _ = BOARDS[name]
    calls = [
        ("fill_rect", -10, -10, 30, 30, 0x001F),
        ("fill_rect", w - 5, h - 5, 50, 50, 0xFFFF),
        ("blit", tile(28, 40, 6), -7, 20, 28, 40),  # left edge: row by row
        ("blit", tile(28, 40, 7), w - 9, 30, 28, 40),  # right edge
        ("blit", tile(28, 40, 8), 50, -11, 28, 40),  # top edge: contiguous
        ("blit", tile(28, 40, 9), 60, h - 13, 28, 40),  # bottom edge
        ("blit", tile(28, 40, 10), w + 3, 0, 28, 40),  # wholly off screen
        ("fill_rect", 10, 10, 0, 5, 0xFFFF),  # empty
    ]
    model, emu, _ = run_both(name, calls)
    assert_same(model, emu)


def test_backlight_follows_the_bl_pin():
    model, emu, b = run_both("pico_lcd_13", [("backlight", False)])
    assert not model.backlight and not emu.lit
    model, emu, b = run_both("pico_lcd_13", [("backlight", False), ("backlight", True)])
    assert model.backlight


def test_panel_sleep_and_wake():
    model, emu, b = run_both("pico_lcd_13", [("fill_rect", 0, 0, 10, 10, 0x1234)])
    m = __import__("fake_machine")
    b.display.sleep(True)
    model2 = panel_model.ST7789Model(panel_model.GLASS_240x240)
    model2.feed_log(m.bus)
    assert not model2.lit()
    b.display.sleep(False)
    model3 = panel_model.ST7789Model(panel_model.GLASS_240x240)
    model3.feed_log(m.bus)
    assert model3.lit() and model3.pixel(5, 5) == 0x1234


class _Timeline:
    """A virtual clock and the pins and SPI of one panel, logging (ms, what) in order."""

    def __init__(self):
        self.t = 0
        self.log = []
        self.dc = 1

    def sleep_ms(self, n):
        self.t += n

    def ticks_ms(self):
        return self.t

    def pin(self, name):
        tl = self

        class P:
            def value(self, v):
                if name == "dc":
                    tl.dc = v
                tl.log.append((tl.t, name, v))
        return P()

    def write(self, buf):
        if self.dc == 0:
            self.log.append((self.t, "cmd", bytes(buf)[0]))


def _panel_timeline(work_ms):
    """Commands and reset edges of reset(), `work_ms` of other work, then init()."""
    from hal import st7789
    tl = _Timeline()
    d = st7789.ST7789(tl, tl.pin("cs"), tl.pin("dc"), tl.pin("rst"), tl.pin("bl"), 240, 240,
                      sleep_ms=tl.sleep_ms, ticks_ms=tl.ticks_ms)
    d.reset()
    tl.t += work_ms
    d.init()
    return tl


@pytest.mark.parametrize("work_ms", [0, 30, 119, 400])
def test_init_keeps_the_st7789_datasheet_timings(work_ms):
    """ST7789V: >= 10 us RST pulse; 120 ms from reset release to the first command (5 ms from
    sleep-in, 120 ms when the reset found the panel awake) and to SLPOUT; 5 ms after SLPOUT."""
    tl = _panel_timeline(work_ms)
    low = [t for t, n, v in tl.log if n == "rst" and v == 0]
    high = [t for t, n, v in tl.log if n == "rst" and v == 1]
    assert len(low) == len(high) == 1 and high[0] - low[0] >= 1
    cmds = [(t, c) for t, n, c in tl.log if n == "cmd"]
    assert cmds[0][1] == panel_model.SLPOUT and cmds[0][0] - high[0] >= 120
    assert cmds[1][0] - cmds[0][0] >= 5
    assert panel_model.SWRESET not in [c for _, c in cmds]
    # the wait is what is left of the 120 ms, not 120 ms more: work in between is not wasted
    assert cmds[0][0] - high[0] == max(120, work_ms)


def test_wrong_madctl_would_show_a_wrong_picture():
    """The model is not fooled by a driver that agrees with itself: a mirrored MADCTL fails."""
    from hal import st7789
    m, b = build_board("pico_lcd_13", init_display=False)
    b.display.madctl = 0x70 ^ st7789.MADCTL_MX
    b.display.init()
    b.display.fill_rect(0, 0, 10, 10, 0xF800)
    emu = Display(240, 240)
    emu.backlight(True)
    emu.fill_rect(0, 0, 10, 10, 0xF800)
    model = panel_model.ST7789Model(panel_model.GLASS_240x240)
    model.feed_log(m.bus)
    with pytest.raises(AssertionError):
        assert_same(model, emu)


def test_fill_uses_only_the_small_buffer():
    m, b = build_board("pico_lcd_13")
    assert len(b.display.buf) <= 512
    spi = b.display.spi
    before = spi.bytes_written
    b.display.fill_rect(10, 0, 200, 200, 0x1234)
    # 3 commands with 4+4 parameter bytes + RAMWR, then 80,000 pixel bytes
    assert spi.bytes_written - before == 3 + 8 + 200 * 200 * 2
    before = spi.bytes_written
    b.display.fill_rect(10, 100, 200, 100, 0x4321)
    # the columns are the panel's already: RASET and RAMWR only
    assert spi.bytes_written - before == 2 + 4 + 200 * 100 * 2


def test_a_repeated_window_is_not_sent_again_and_the_picture_is_right():
    w = 240
    calls = [("fill_rect", 0, 0, w, 240, 0x1111)]
    for i in range(8):  # a row of tiles: same rows, new columns; then one column of lines
        calls.append(("blit", tile(28, 40, i), i * 29, 150, 28, 40))
    for i in range(5):
        calls.append(("fill_rect", 10, 10 + i * 10, 100, 10, 0x0F0F * i))
    calls.append(("fill_rect", 10, 10, 100, 10, 0xF800))  # the first line's window again
    model, emu, b = run_both("pico_lcd_13", calls)
    assert_same(model, emu)
    assert model.commands.count(panel_model.CASET) == 1 + 8 + 1
    assert model.commands.count(panel_model.RASET) == 1 + 1 + 5 + 1


rects = st.tuples(st.integers(-30, 250), st.integers(-30, 250), st.integers(0, 60), st.integers(0, 60))


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.booleans(), rects, st.integers(0, 0xFFFF)), max_size=6),
       st.sampled_from(sorted(BOARDS)))
def test_random_draw_sequences_match(ops, name):
    calls = []
    for is_blit, (x, y, w, h), c in ops:
        if is_blit:
            calls.append(("blit", tile(w, h, c), x, y, w, h))
        else:
            calls.append(("fill_rect", x, y, w, h, c))
    model, emu, _ = run_both(name, calls)
    assert_same(model, emu)
