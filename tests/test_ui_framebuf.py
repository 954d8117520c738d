"""emulator/shim/framebuf.py is byte-exact with MicroPython's own framebuf (RGB565, 8x8 font)."""
import random
import sys

import pytest

from emulator.paths import SHIM

sys.path.insert(0, SHIM)
import framebuf as shim  # noqa: E402

W, H = 37, 23


def ops(seed, n=60):
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        k = rnd.randrange(7)
        x, y = rnd.randrange(-10, W + 5), rnd.randrange(-10, H + 5)
        w, h = rnd.randrange(-3, 30), rnd.randrange(-3, 20)
        c = rnd.randrange(0, 1 << 17)          # colours wider than 16 bits too
        if k == 0:
            out.append(("fill_rect", x, y, w, h, c))
        elif k == 1:
            s = "".join(chr(rnd.randrange(28, 130)) for _ in range(rnd.randrange(1, 6)))
            s = s.replace("\\", "/").replace("'", '"')
            out.append(("text", s, x, y, c))
        elif k == 2:
            out.append(("hline", x, y, w, c))
        elif k == 3:
            out.append(("vline", x, y, h, c))
        elif k == 4:
            out.append(("rect", x, y, w, h, c))
        elif k == 5:
            out.append(("pixel", x, y, c))
        else:
            out.append(("fill", c))
    return out


def apply(fb, seq):
    for op in seq:
        getattr(fb, op[0])(*op[1:])


def all_glyphs():
    return [("fill", 0)] + [("text", chr(c), (c - 32) % 4 * 9, (c - 32) // 4 % 2 * 9, 0xF81F)
                             for c in range(32, 128)]


@pytest.mark.micropython
def test_shim_matches_real_framebuf():
    from emulator.runtimes import wasi

    seqs = [all_glyphs()] + [ops(s) for s in range(12)]
    script = ["import framebuf", "b = bytearray(%d)" % (W * H * 2),
              "f = framebuf.FrameBuffer(b, %d, %d, framebuf.RGB565)" % (W, H)]
    for seq in seqs:
        script.append("f.fill(0)")
        for op in seq:
            script.append("f.%s(%s)" % (op[0], ", ".join(repr(a) for a in op[1:])))
        script.append("print(bytes(b).hex())")
        script.append("print(f.pixel(3, 4), f.pixel(-1, 0), f.pixel(%d, 0))" % W)
    res = wasi.Guest(heap=4 * 1024 * 1024, firmware=False).run("\n".join(script) + "\n")
    for i, seq in enumerate(seqs):
        b = bytearray(W * H * 2)
        f = shim.FrameBuffer(b, W, H, shim.RGB565)
        f.fill(0)
        apply(f, seq)
        assert res.lines[2 * i] == b.hex(), "sequence %d differs" % i
        assert res.lines[2 * i + 1] == "%s None None" % f.pixel(3, 4)


def test_text_outside_ascii_draws_glyph_127():
    a = bytearray(16 * 8 * 2)
    b = bytearray(16 * 8 * 2)
    shim.FrameBuffer(a, 16, 8, shim.RGB565).text("\u00f1", 0, 0, 0xFFFF)   # two UTF-8 bytes
    shim.FrameBuffer(b, 16, 8, shim.RGB565).text("\x7f\x7f", 0, 0, 0xFFFF)
    assert a == b and any(a)
