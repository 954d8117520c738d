"""ST7789 (and ST7789V/VW) LCD over SPI, drawn through one small buffer.

Implements the display interface of docs/interfaces.md:
  width, height, blit(buf, x, y, w, h), fill_rect(x, y, w, h, color), backlight(on)

Colour buffers are RGB565 big-endian (the panel's own byte order) and go to SPI
untouched. There is never a whole-screen buffer: fill_rect streams one reusable
`bufsize`-byte buffer (default 512 bytes = 256 pixels) as many times as needed.

Panel geometry comes from the board profile: the visible glass is `width` x
`height` pixels starting at RAM column `xoff`, row `yoff` in the orientation set
by `madctl` (the ST7789 has 240x320 of RAM; smaller glass sits inside it).
Everything outside the visible area is clipped away.
"""
from micropython import const
import framebuf

# command set (datasheet numbers)
SWRESET = const(0x01)
SLPIN = const(0x10)
SLPOUT = const(0x11)
NORON = const(0x13)
INVOFF = const(0x20)
INVON = const(0x21)
DISPOFF = const(0x28)
DISPON = const(0x29)
CASET = const(0x2A)
RASET = const(0x2B)
RAMWR = const(0x2C)
MADCTL = const(0x36)
COLMOD = const(0x3A)

COLMOD_16BIT = const(0x55)  # 65k colours on RGB interface, 16 bits/pixel on MCU interface

_RESET_MS = const(120)  # reset release to the first command (and to SLPOUT)
_SLPOUT_MS = const(5)  # SLPOUT to the next command

# MADCTL bits
MADCTL_MY = const(0x80)
MADCTL_MX = const(0x40)
MADCTL_MV = const(0x20)
MADCTL_ML = const(0x10)
MADCTL_BGR = const(0x08)


class ST7789:
    def __init__(self, spi, cs, dc, rst, bl, width, height, xoff=0, yoff=0,
                 madctl=0x70, invert=True, bufsize=512, sleep_ms=None, ticks_ms=None):
        self.spi = spi
        self.cs = cs
        self.dc = dc
        self.rst = rst
        self.bl = bl
        self.width = width
        self.height = height
        self.xoff = xoff
        self.yoff = yoff
        self.madctl = madctl
        self.invert = invert
        if bufsize < 2:
            bufsize = 2
        self.buf = bytearray(bufsize & ~1)  # the one pixel buffer, even length
        # filled in C: framebuf stores RGB565 little-endian, so it is given the colour byte-swapped
        self._framebuf = framebuf.FrameBuffer(self.buf, len(self.buf) // 2, 1, framebuf.RGB565)
        self._buf_color = -1  # the colour self.buf holds throughout, -1 none
        self._window_args = bytearray(8)  # the CASET and RASET arguments last sent (a repeat is skipped)
        self._window_sent = False
        self._command_byte = bytearray(1)
        self._args = bytearray(4)  # CASET/RASET arguments, reused
        if sleep_ms is None:
            from hal.clock import sleep_ms
        if ticks_ms is None:
            from hal.clock import ticks_ms
        self._sleep_ms = sleep_ms
        self._ticks_ms = ticks_ms
        self._reset_at = None  # ticks_ms() when the last reset() was released
        self._bl_on = False
        # bound methods looked up once: a window is up to ten pin and SPI calls,
        # and each lookup costs the Pico a few microseconds
        self._cs_value = cs.value
        self._dc_value = dc.value
        self._write = spi.write
        cs.value(1)
        dc.value(1)

    # --- low level -----------------------------------------------------
    def _command(self, command, data=None):
        """Send one command byte (DC low) and optional parameter bytes (DC high)."""
        self.cs.value(0)
        self.dc.value(0)
        buffer = self._command_byte
        buffer[0] = command
        self.spi.write(buffer)
        if data is not None:
            self.dc.value(1)
            self.spi.write(data)
        self.cs.value(1)

    def _arg1(self, value):
        buffer = self._args
        buffer[0] = value
        return memoryview(buffer)[0:1]

    def reset(self):
        """Hardware reset (SWRESET without a RST pin); returns at once, with its ticks_ms().

        The panel then needs time before it takes the init sequence: init() waits
        for what is left of it, so a caller can do other work in between (main.py
        imports the UI while the panel comes out of reset)."""
        if self.rst is not None:
            self.rst.value(0)
            self._sleep_ms(1)  # the pulse must be >= 10 us
            self.rst.value(1)
        else:
            self._command(SWRESET)
        start = self._ticks_ms()
        self._reset_at = start
        self._window_sent = False  # the panel forgot the window
        return start

    def init(self):
        """Reset (unless reset() came first), the init sequence, a black screen, backlight on.

        ST7789V datasheet timings: 5 ms after a reset before any command, but up to
        120 ms when the reset came while the panel was awake (a soft reboot of the
        MCU leaves it so), and SLPOUT not before 120 ms after a reset; 5 ms after
        SLPOUT before the next command. Waiting the 120 ms before the first command
        covers every case; the hardware reset makes a SWRESET redundant.
        """
        sleep = self._sleep_ms
        at = self._reset_at
        if at is None:
            at = self.reset()
        left = _RESET_MS - _diff(self._ticks_ms(), at)
        if left > 0:
            sleep(left)
        self._reset_at = None  # the next init() resets again
        self._window_sent = False  # the reset set the panel's window back to the whole RAM
        self._command(SLPOUT)
        sleep(_SLPOUT_MS)
        self._command(COLMOD, self._arg1(COLMOD_16BIT))
        self._command(MADCTL, self._arg1(self.madctl))
        self._command(INVON if self.invert else INVOFF)
        self._command(NORON)
        self.fill_rect(0, 0, self.width, self.height, 0)
        self._command(DISPON)
        self.backlight(True)

    def _window(self, x, y, width, height):
        """CASET/RASET for the visible-area rectangle, then RAMWR; leaves CS low, DC high.

        A CASET or RASET whose arguments the panel already holds is not sent again (rows of
        tiles share their rows, columns of text lines their columns): every command costs a
        few SPI writes and pin changes, more than its bytes on the bus."""
        args = self._args
        win = self._window_args
        ok = self._window_sent
        x0 = x + self.xoff
        x1 = x0 + width - 1
        y0 = y + self.yoff
        y1 = y0 + height - 1
        wr = self._write
        dcv = self._dc_value
        command = self._command_byte
        self._cs_value(0)
        if not (ok and win[0] == x0 >> 8 and win[1] == x0 & 0xFF and win[2] == x1 >> 8
                and win[3] == x1 & 0xFF):
            args[0] = win[0] = x0 >> 8
            args[1] = win[1] = x0 & 0xFF
            args[2] = win[2] = x1 >> 8
            args[3] = win[3] = x1 & 0xFF
            dcv(0)
            command[0] = CASET
            wr(command)
            dcv(1)
            wr(args)
        if not (ok and win[4] == y0 >> 8 and win[5] == y0 & 0xFF and win[6] == y1 >> 8
                and win[7] == y1 & 0xFF):
            args[0] = win[4] = y0 >> 8
            args[1] = win[5] = y0 & 0xFF
            args[2] = win[6] = y1 >> 8
            args[3] = win[7] = y1 & 0xFF
            dcv(0)
            command[0] = RASET
            wr(command)
            dcv(1)
            wr(args)
        self._window_sent = True
        dcv(0)
        command[0] = RAMWR
        wr(command)
        dcv(1)

    # --- the display interface -----------------------------------------
    def fill_rect(self, x, y, width, height, color):
        # clip to the visible area
        if x < 0:
            width += x
            x = 0
        if y < 0:
            height += y
            y = 0
        if x + width > self.width:
            width = self.width - x
        if y + height > self.height:
            height = self.height - y
        if width <= 0 or height <= 0:
            return
        buf = self.buf
        size = width * height * 2
        color &= 0xFFFF
        if color != self._buf_color:
            self._framebuf.fill(((color & 0xFF) << 8) | (color >> 8))
            self._buf_color = color
        self._window(x, y, width, height)
        wr = self._write
        mv = memoryview(buf)
        full = len(buf)
        while size >= full:
            wr(buf)
            size -= full
        if size:
            wr(mv[0:size])
        self._cs_value(1)

    def blit(self, buf, x, y, width, height):
        if width <= 0 or height <= 0:
            return
        # clipped as in fill_rect, written out again on purpose: a shared
        # helper would return a tuple, one allocation per draw call
        cx = x
        cy = y
        cw = width
        ch = height
        if cx < 0:
            cw += cx
            cx = 0
        if cy < 0:
            ch += cy
            cy = 0
        if cx + cw > self.width:
            cw = self.width - cx
        if cy + ch > self.height:
            ch = self.height - cy
        if cw <= 0 or ch <= 0:
            return
        mv = memoryview(buf)
        wr = self._write
        self._window(cx, cy, cw, ch)
        if cw == width:
            # whole rows: one contiguous slice
            start = (cy - y) * width * 2
            wr(mv[start:start + ch * width * 2])
        else:
            # clipped on the left or right: row by row
            stride = width * 2
            start = (cy - y) * stride + (cx - x) * 2
            rowlen = cw * 2
            for _ in range(ch):
                wr(mv[start:start + rowlen])
                start += stride
        self._cs_value(1)

    def backlight(self, on):
        self._bl_on = bool(on)
        if self.bl is not None:
            self.bl.value(1 if on else 0)

    def is_lit(self):
        return self._bl_on

    def sleep(self, asleep):
        """Panel sleep (SLPIN/SLPOUT) with the backlight: for the inactivity sleep."""
        if asleep:
            self.backlight(False)
            self._command(DISPOFF)
            self._command(SLPIN)
        else:
            self._command(SLPOUT)
            self._sleep_ms(_SLPOUT_MS)
            self._command(DISPON)
            self.backlight(True)


try:
    from time import ticks_diff as _diff
except ImportError:
    from hal.clock import ticks_diff as _diff
