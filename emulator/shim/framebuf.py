"""CPython stand-in for MicroPython's `framebuf` (the subset the firmware uses).

Byte-exact with MicroPython 1.27's modframebuf.c for RGB565, MONO_VLSB (the
font's own layout) and MONO_HLSB (one-bit masks: rows of bytes, bit 7 the left
pixel, the stride rounded up to 8 pixels as the C constructor does):
FrameBuffer(buf, width, height, format[, stride]) with fill, fill_rect, rect,
hline, vline, pixel, text (the built-in 8x8 "petme128" font, 8 px per
character, bytes outside 32..127 drawn as glyph 127) and blit with a key and
a palette (a source pixel's value is looked up in the palette's row 0, then
compared with the key, as the C code does).
RGB565 pixels are stored little-endian 16-bit words, as the C code's
`((uint16_t *)buf)[i] = col` does on a little-endian CPU. Only on sys.path
under CPython (emulator/shim); MicroPython has its own built-in module.
tests/test_ui_framebuf.py compares it with the real module in the WASI guest.
"""

MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

# font_petme128_8x8 from MicroPython (extracted from the real module, see
# tests/test_ui_framebuf.py): 96 glyphs, 8 column bytes each, bit 0 = top row.
FONT = (
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x4f\x4f\x00\x00\x00"
    b"\x00\x07\x07\x00\x00\x07\x07\x00\x14\x7f\x7f\x14\x14\x7f\x7f\x14"
    b"\x00\x24\x2e\x6b\x6b\x3a\x12\x00\x00\x63\x33\x18\x0c\x66\x63\x00"
    b"\x00\x32\x7f\x4d\x4d\x77\x72\x50\x00\x00\x00\x04\x06\x03\x01\x00"
    b"\x00\x00\x1c\x3e\x63\x41\x00\x00\x00\x00\x41\x63\x3e\x1c\x00\x00"
    b"\x08\x2a\x3e\x1c\x1c\x3e\x2a\x08\x00\x08\x08\x3e\x3e\x08\x08\x00"
    b"\x00\x00\x80\xe0\x60\x00\x00\x00\x00\x08\x08\x08\x08\x08\x08\x00"
    b"\x00\x00\x00\x60\x60\x00\x00\x00\x00\x40\x60\x30\x18\x0c\x06\x02"
    b"\x00\x3e\x7f\x49\x45\x7f\x3e\x00\x00\x40\x44\x7f\x7f\x40\x40\x00"
    b"\x00\x62\x73\x51\x49\x4f\x46\x00\x00\x22\x63\x49\x49\x7f\x36\x00"
    b"\x00\x18\x18\x14\x16\x7f\x7f\x10\x00\x27\x67\x45\x45\x7d\x39\x00"
    b"\x00\x3e\x7f\x49\x49\x7b\x32\x00\x00\x03\x03\x79\x7d\x07\x03\x00"
    b"\x00\x36\x7f\x49\x49\x7f\x36\x00\x00\x26\x6f\x49\x49\x7f\x3e\x00"
    b"\x00\x00\x00\x24\x24\x00\x00\x00\x00\x00\x80\xe4\x64\x00\x00\x00"
    b"\x00\x08\x1c\x36\x63\x41\x41\x00\x00\x14\x14\x14\x14\x14\x14\x00"
    b"\x00\x41\x41\x63\x36\x1c\x08\x00\x00\x02\x03\x51\x59\x0f\x06\x00"
    b"\x00\x3e\x7f\x41\x4d\x4f\x2e\x00\x00\x7c\x7e\x0b\x0b\x7e\x7c\x00"
    b"\x00\x7f\x7f\x49\x49\x7f\x36\x00\x00\x3e\x7f\x41\x41\x63\x22\x00"
    b"\x00\x7f\x7f\x41\x63\x3e\x1c\x00\x00\x7f\x7f\x49\x49\x41\x41\x00"
    b"\x00\x7f\x7f\x09\x09\x01\x01\x00\x00\x3e\x7f\x41\x49\x7b\x3a\x00"
    b"\x00\x7f\x7f\x08\x08\x7f\x7f\x00\x00\x00\x41\x7f\x7f\x41\x00\x00"
    b"\x00\x20\x60\x41\x7f\x3f\x01\x00\x00\x7f\x7f\x1c\x36\x63\x41\x00"
    b"\x00\x7f\x7f\x40\x40\x40\x40\x00\x00\x7f\x7f\x06\x0c\x06\x7f\x7f"
    b"\x00\x7f\x7f\x0e\x1c\x7f\x7f\x00\x00\x3e\x7f\x41\x41\x7f\x3e\x00"
    b"\x00\x7f\x7f\x09\x09\x0f\x06\x00\x00\x1e\x3f\x21\x61\x7f\x5e\x00"
    b"\x00\x7f\x7f\x19\x39\x6f\x46\x00\x00\x26\x6f\x49\x49\x7b\x32\x00"
    b"\x00\x01\x01\x7f\x7f\x01\x01\x00\x00\x3f\x7f\x40\x40\x7f\x3f\x00"
    b"\x00\x1f\x3f\x60\x60\x3f\x1f\x00\x00\x7f\x7f\x30\x18\x30\x7f\x7f"
    b"\x00\x63\x77\x1c\x1c\x77\x63\x00\x00\x07\x0f\x78\x78\x0f\x07\x00"
    b"\x00\x61\x71\x59\x4d\x47\x43\x00\x00\x00\x7f\x7f\x41\x41\x00\x00"
    b"\x00\x02\x06\x0c\x18\x30\x60\x40\x00\x00\x41\x41\x7f\x7f\x00\x00"
    b"\x00\x08\x0c\x06\x06\x0c\x08\x00\xc0\xc0\xc0\xc0\xc0\xc0\xc0\xc0"
    b"\x00\x00\x01\x03\x06\x04\x00\x00\x00\x20\x74\x54\x54\x7c\x78\x00"
    b"\x00\x7f\x7f\x44\x44\x7c\x38\x00\x00\x38\x7c\x44\x44\x6c\x28\x00"
    b"\x00\x38\x7c\x44\x44\x7f\x7f\x00\x00\x38\x7c\x54\x54\x5c\x58\x00"
    b"\x00\x08\x7e\x7f\x09\x03\x02\x00\x00\x98\xbc\xa4\xa4\xfc\x7c\x00"
    b"\x00\x7f\x7f\x04\x04\x7c\x78\x00\x00\x00\x00\x7d\x7d\x00\x00\x00"
    b"\x00\x40\xc0\x80\x80\xfd\x7d\x00\x00\x7f\x7f\x30\x38\x6c\x44\x00"
    b"\x00\x00\x41\x7f\x7f\x40\x00\x00\x00\x7c\x7c\x18\x30\x18\x7c\x7c"
    b"\x00\x7c\x7c\x04\x04\x7c\x78\x00\x00\x38\x7c\x44\x44\x7c\x38\x00"
    b"\x00\xfc\xfc\x24\x24\x3c\x18\x00\x00\x18\x3c\x24\x24\xfc\xfc\x00"
    b"\x00\x7c\x7c\x04\x04\x0c\x08\x00\x00\x48\x5c\x54\x54\x74\x20\x00"
    b"\x04\x04\x3f\x7f\x44\x64\x20\x00\x00\x3c\x7c\x40\x40\x7c\x3c\x00"
    b"\x00\x1c\x3c\x60\x60\x3c\x1c\x00\x00\x1c\x7c\x30\x18\x30\x7c\x1c"
    b"\x00\x44\x6c\x38\x38\x6c\x44\x00\x00\x9c\xbc\xa0\xa0\xfc\x7c\x00"
    b"\x00\x44\x64\x74\x5c\x4c\x44\x00\x00\x08\x08\x3e\x77\x41\x41\x00"
    b"\x00\x00\x00\xff\xff\x00\x00\x00\x00\x41\x41\x77\x3e\x08\x08\x00"
    b"\x00\x02\x03\x01\x03\x02\x03\x01\xaa\x55\xaa\x55\xaa\x55\xaa\x55"
)


class FrameBuffer:
    def __init__(self, buf, width, height, format, stride=None):
        if format not in (RGB565, MONO_VLSB, MONO_HLSB):
            raise ValueError("shim framebuf supports RGB565, MONO_VLSB and MONO_HLSB only")
        self.buf = memoryview(buf).cast("B") if not isinstance(buf, bytearray) else buf
        self.width = width
        self.height = height
        self.format = format
        self.stride = width if stride is None else stride
        if format == RGB565:
            need = self.stride * height * 2
        elif format == MONO_HLSB:
            self.stride = (self.stride + 7) & ~7
            need = self.stride * height // 8
        else:
            need = ((height + 7) // 8) * self.stride
        if len(self.buf) < need:
            raise ValueError("buffer too small")

    # --- primitives ----------------------------------------------------
    def _set(self, x, y, c):
        if self.format == RGB565:
            i = (x + y * self.stride) * 2
            self.buf[i] = c & 0xFF
            self.buf[i + 1] = (c >> 8) & 0xFF
        elif self.format == MONO_HLSB:
            i = (x + y * self.stride) >> 3
            b = 7 - (x & 7)
            self.buf[i] = (self.buf[i] & ~(1 << b)) | ((c != 0) << b)
        else:
            i = (y >> 3) * self.stride + x
            b = y & 7
            self.buf[i] = (self.buf[i] & ~(1 << b)) | ((c != 0) << b)

    def _get(self, x, y):
        if self.format == RGB565:
            i = (x + y * self.stride) * 2
            return self.buf[i] | (self.buf[i + 1] << 8)
        if self.format == MONO_HLSB:
            return (self.buf[(x + y * self.stride) >> 3] >> (7 - (x & 7))) & 1
        return (self.buf[(y >> 3) * self.stride + x] >> (y & 7)) & 1

    def _fill(self, x, y, w, h, c):
        if self.format == RGB565:
            row = bytes((c & 0xFF, (c >> 8) & 0xFF)) * w
            s2 = self.stride * 2
            o = (x + y * self.stride) * 2
            n = w * 2
            buf = self.buf
            for _ in range(h):
                buf[o:o + n] = row
                o += s2
        else:
            for yy in range(y, y + h):
                for xx in range(x, x + w):
                    self._set(xx, yy, c)

    # --- the API -------------------------------------------------------
    def fill(self, c):
        self._fill(0, 0, self.width, self.height, c)

    def fill_rect(self, x, y, w, h, c):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self.height or x >= self.width:
            return
        xend = min(self.width, x + w)
        yend = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        self._fill(x, y, xend - x, yend - y, c)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
        else:
            self.fill_rect(x, y, w, 1, c)
            self.fill_rect(x, y + h - 1, w, 1, c)
            self.fill_rect(x, y, 1, h, c)
            self.fill_rect(x + w - 1, y, 1, h, c)

    def pixel(self, x, y, c=None):
        if 0 <= x < self.width and 0 <= y < self.height:
            if c is None:
                return self._get(x, y)
            self._set(x, y, c)
        return None

    def text(self, s, x0, y0, c=1):
        if isinstance(s, str):
            s = s.encode("utf-8")
        w = self.width
        h = self.height
        for ch in s:
            if ch < 32 or ch > 127:
                ch = 127
            base = (ch - 32) * 8
            for j in range(8):
                if 0 <= x0 < w:
                    v = FONT[base + j]
                    y = y0
                    while v:
                        if v & 1 and 0 <= y < h:
                            self._set(x0, y, c)
                        v >>= 1
                        y += 1
                x0 += 1

    def blit(self, src, x, y, key=-1, palette=None):  # noqa: C901
        if (x >= self.width or y >= self.height or -x >= src.width or -y >= src.height):
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self.width, x + src.width)
        y0end = min(self.height, y + src.height)
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = src._get(cx1, y1)
                if palette is not None:
                    col = palette._get(col, 0)
                if col != key:
                    self._set(cx0, y0, col)
                cx1 += 1
            y1 += 1
            y0 += 1


def FrameBuffer1(*args):
    return FrameBuffer(*args)
