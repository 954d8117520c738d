"""A model of an ST7789 panel: decodes the SPI byte stream (with DC and CS levels) into pixels.

It models the controller, not the driver: 240 columns x 320 rows of RAM, the
command set a driver uses (SWRESET, SLPIN/SLPOUT, NORON, INVON/INVOFF,
DISPON/DISPOFF, CASET, RASET, RAMWR, MADCTL, COLMOD), the MADCTL address
mapping (MV exchanges, then MX mirrors physical columns and MY physical rows,
which is how these panels behave: see the Pico-LCD offsets), and a glass that
covers part of the RAM and shows it the way the board mounts it.

What the viewer sees, `screen()`, is a Display-like grid of RGB565 ints taken
from RAM through the glass: it does not depend on the driver's MADCTL, so a
wrong MADCTL or offset shows up as a wrong picture, not a silently shifted one.
IPS glass shows inverted colours unless INVON was sent (Waveshare's panels need it).
"""

RAM_COLS = 240
RAM_ROWS = 320

SWRESET, SLPIN, SLPOUT, NORON = 0x01, 0x10, 0x11, 0x13
INVOFF, INVON, DISPOFF, DISPON = 0x20, 0x21, 0x28, 0x29
CASET, RASET, RAMWR, MADCTL, COLMOD = 0x2A, 0x2B, 0x2C, 0x36, 0x3A
NOP = 0x00
KNOWN = {SWRESET, SLPIN, SLPOUT, NORON, INVOFF, INVON, DISPOFF, DISPON, CASET, RASET,
         RAMWR, MADCTL, COLMOD, NOP}


class ProtocolError(Exception):
    pass


class Glass:
    """Where the visible glass sits in RAM and how a user holding the board sees it.

    Landscape mounting of the Waveshare boards: screen pixel (sx, sy) is RAM
    row `row0 + sx`, RAM column `col0 + cols - 1 - sy`.
    """

    def __init__(self, width, height, row0, col0):
        self.width = width  # screen pixels across = RAM rows used
        self.height = height  # screen pixels down = RAM columns used
        self.row0 = row0
        self.col0 = col0

    def ram_addr(self, sx, sy):
        return self.row0 + sx, self.col0 + self.height - 1 - sy


# the two supported boards' glass, from the panel data (240x240 at RAM rows 0..239,
# cols 0..239; 135x240 at rows 40..279, cols 52..186)
GLASS_240x240 = Glass(240, 240, row0=0, col0=0)
GLASS_240x135 = Glass(240, 135, row0=40, col0=52)


def decode_bus(log):
    """Yield ('spi', dc, cs, bytes) and ('pin', gpio, level) from a fake_machine bus log."""
    i = 0
    n = len(log)
    while i < n:
        k = log[i]
        if k & 0x80:
            yield ("pin", log[i + 1], log[i + 2])
            i += 3
        else:
            ln = log[i + 1] | (log[i + 2] << 8)
            yield ("spi", k & 1, (k >> 1) & 1, bytes(log[i + 3:i + 3 + ln]))
            i += 3 + ln


class ST7789Model:
    def __init__(self, glass, rst_gpio=12, bl_gpio=13, strict=True):
        self.glass = glass
        self.rst_gpio = rst_gpio
        self.bl_gpio = bl_gpio
        self.strict = strict
        # power-on RAM content is undefined: fill with a pattern no test draws
        self.ram = [[0x5AA5] * RAM_COLS for _ in range(RAM_ROWS)]
        self.backlight = False
        self.commands = []  # every command byte received, in order
        self.spi_bytes = 0
        self._reset_registers()

    def _reset_registers(self):
        self.asleep = True
        self.display_on = False
        self.inverted = False
        self.madctl = 0
        self.colmod = 0x66  # 18-bit after reset
        self.xs, self.xe = 0, RAM_COLS - 1
        self.ys, self.ye = 0, RAM_ROWS - 1
        self.cmd = None
        self.params = bytearray()
        self._px = None  # pending high byte of a pixel

    # --- feeding ------------------------------------------------------------
    def feed_log(self, log):
        for ev in decode_bus(log):
            if ev[0] == "pin":
                self.pin(ev[1], ev[2])
            else:
                self.spi(ev[1], ev[2], ev[3])

    def pin(self, gpio, level):
        if gpio == self.rst_gpio and level == 0:
            self._reset_registers()
        elif gpio == self.bl_gpio:
            self.backlight = bool(level)

    def spi(self, dc, cs, data):
        self.spi_bytes += len(data)
        if cs:
            if self.strict:
                raise ProtocolError("SPI bytes with CS high")
            return
        for b in data:
            if dc == 0:
                self._end_command()
                self._command(b)
            else:
                self._data(b)

    def end_transaction(self):
        self._end_command()

    # --- controller -----------------------------------------------------------
    def _end_command(self):
        if self.cmd is None:
            return
        c, p = self.cmd, self.params
        if c == CASET and len(p) >= 4:
            self.xs, self.xe = (p[0] << 8) | p[1], (p[2] << 8) | p[3]
        elif c == RASET and len(p) >= 4:
            self.ys, self.ye = (p[0] << 8) | p[1], (p[2] << 8) | p[3]
        elif c == MADCTL and len(p) >= 1:
            self.madctl = p[0]
        elif c == COLMOD and len(p) >= 1:
            self.colmod = p[0]
        elif c in (CASET, RASET, MADCTL, COLMOD) and self.strict:
            raise ProtocolError("command 0x%02X with %d parameter bytes" % (c, len(p)))
        if c == RAMWR and self._px is not None and self.strict:
            raise ProtocolError("RAMWR ended on half a pixel")
        self.cmd = None
        self.params = bytearray()
        self._px = None

    def _command(self, c):
        if c not in KNOWN and self.strict:
            raise ProtocolError("unknown command 0x%02X" % c)
        self.commands.append(c)
        if c == SWRESET:
            self._reset_registers()
            return
        if c == SLPOUT:
            self.asleep = False
        elif c == SLPIN:
            self.asleep = True
        elif c == INVON:
            self.inverted = True
        elif c == INVOFF:
            self.inverted = False
        elif c == DISPON:
            self.display_on = True
        elif c == DISPOFF:
            self.display_on = False
        elif c == RAMWR:
            if (self.colmod & 0x07) != 0x05 and self.strict:
                raise ProtocolError("RAMWR with COLMOD 0x%02X, not 16-bit" % self.colmod)
            mv = self.madctl & 0x20
            maxc = (RAM_ROWS if mv else RAM_COLS) - 1
            maxr = (RAM_COLS if mv else RAM_ROWS) - 1
            if self.strict and not (0 <= self.xs <= self.xe <= maxc and 0 <= self.ys <= self.ye <= maxr):
                raise ProtocolError("window %d..%d x %d..%d outside RAM" % (self.xs, self.xe, self.ys, self.ye))
            self.cx, self.cy = self.xs, self.ys
        self.cmd = c

    def _data(self, b):
        if self.cmd is None:
            if self.strict:
                raise ProtocolError("data byte 0x%02X without a command" % b)
            return
        if self.cmd != RAMWR:
            self.params.append(b)
            return
        if self._px is None:
            self._px = b
            return
        self._store((self._px << 8) | b)
        self._px = None

    def _store(self, color):
        x, y = self.cx, self.cy
        m = self.madctl
        if m & 0x20:  # MV: column counter drives RAM rows
            row, col = x, y
        else:
            row, col = y, x
        if m & 0x40:  # MX mirrors RAM columns
            col = RAM_COLS - 1 - col
        if m & 0x80:  # MY mirrors RAM rows
            row = RAM_ROWS - 1 - row
        self.ram[row][col] = color
        x += 1
        if x > self.xe:
            x = self.xs
            y += 1
            if y > self.ye:
                y = self.ys
        self.cx, self.cy = x, y

    # --- what the viewer sees -------------------------------------------------
    def lit(self):
        return self.backlight and self.display_on and not self.asleep

    def pixel(self, sx, sy):
        row, col = self.glass.ram_addr(sx, sy)
        c = self.ram[row][col]
        if not self.inverted:  # IPS glass: INVON shows RAM as is
            c ^= 0xFFFF
        if self.madctl & 0x08:  # BGR order: red and blue swap on the glass
            c = ((c & 0x1F) << 11) | (c & 0x07E0) | (c >> 11)
        return c

    def screen_bytes(self):
        """The visible picture as RGB565 big-endian bytes, like emulator Display.pixels."""
        out = bytearray()
        for sy in range(self.glass.height):
            for sx in range(self.glass.width):
                c = self.pixel(sx, sy)
                out.append(c >> 8)
                out.append(c & 0xFF)
        return bytes(out)
