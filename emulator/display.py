"""The emulator's panel: an in-memory RGB565 display with the device's display interface.

Same members and clipping as firmware/hal/st7789.py (docs/interfaces.md):
  width, height, blit(buf, x, y, w, h), fill_rect(x, y, w, h, color), backlight(on)

Pixels live in one bytearray of RGB565 big-endian (two bytes per pixel, row-major),
which on the desktop is fine (115,200 bytes for 240x240). Screenshots and tests read
them with pixel(x, y) -> RGB565 int, or to_rgb_bytes() -> 8-bit RGB triplets
(what pygame.image.frombuffer(..., "RGB") takes). `lit` is the backlight state;
`version` counts draw calls so a window can redraw only when something changed.
"""


class Display:
    def __init__(self, width=240, height=240):
        self.width = width
        self.height = height
        self.pixels = bytearray(width * height * 2)
        self.lit = False
        self.version = 0

    def _clip(self, x, y, w, h):
        x0 = max(x, 0)
        y0 = max(y, 0)
        x1 = min(x + w, self.width)
        y1 = min(y + h, self.height)
        return x0, y0, x1, y1

    def fill_rect(self, x, y, w, h, color):
        x0, y0, x1, y1 = self._clip(x, y, w, h)
        if x1 <= x0 or y1 <= y0:
            return
        row = bytes(((color >> 8) & 0xFF, color & 0xFF)) * (x1 - x0)
        stride = self.width * 2
        for yy in range(y0, y1):
            o = yy * stride + x0 * 2
            self.pixels[o:o + len(row)] = row
        self.version += 1

    def blit(self, buf, x, y, w, h):
        if w <= 0 or h <= 0:
            return
        x0, y0, x1, y1 = self._clip(x, y, w, h)
        if x1 <= x0 or y1 <= y0:
            return
        src = memoryview(buf).cast("B") if not isinstance(buf, (bytes, bytearray)) else buf
        if len(src) < w * h * 2:
            raise ValueError("blit buffer holds %d bytes, %dx%d needs %d" % (len(src), w, h, w * h * 2))
        stride = self.width * 2
        n = (x1 - x0) * 2
        for yy in range(y0, y1):
            s = ((yy - y) * w + (x0 - x)) * 2
            o = yy * stride + x0 * 2
            self.pixels[o:o + n] = src[s:s + n]
        self.version += 1

    def backlight(self, on):
        self.lit = bool(on)
        self.version += 1

    # --- for screenshots and tests --------------------------------------
    def pixel(self, x, y):
        o = (y * self.width + x) * 2
        return (self.pixels[o] << 8) | self.pixels[o + 1]

    def to_rgb_bytes(self):
        """The screen as width*height*3 bytes of 8-bit RGB (565 expanded, low bits replicated)."""
        out = bytearray(self.width * self.height * 3)
        p = self.pixels
        j = 0
        for i in range(0, len(p), 2):
            c = (p[i] << 8) | p[i + 1]
            r = (c >> 11) & 0x1F
            g = (c >> 5) & 0x3F
            b = c & 0x1F
            out[j] = (r << 3) | (r >> 2)
            out[j + 1] = (g << 2) | (g >> 4)
            out[j + 2] = (b << 3) | (b >> 2)
            j += 3
        return bytes(out)
