"""emulator/shim/framebuf.py is byte-exact with MicroPython's own framebuf (RGB565, 8x8 font)."""
import random

import pytest

import framebuf as shim   # emulator/shim/framebuf.py: on sys.path by pyproject's pythonpath

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


@pytest.mark.micropython
def test_shim_mono_hlsb_and_palette_blit_match_real_framebuf():
    """A one-bit MONO_HLSB mask (13 wide: the stride rounds up to 16) drawn
    on, then blitted into RGB565 through a two-colour palette with a key (0
    bits transparent, as ui/gfx.py draws 2x glyphs), and without a key."""
    from emulator.runtimes import wasi

    mw, mh = 13, 9
    seqs = [[op for op in ops(s, 25) if op[0] != "fill"] for s in range(6)]
    script = ["import framebuf", "b = bytearray(%d)" % (W * H * 2),
              "f = framebuf.FrameBuffer(b, %d, %d, framebuf.RGB565)" % (W, H),
              "m = bytearray(%d)" % (16 * mh // 8),
              "g = framebuf.FrameBuffer(m, %d, %d, framebuf.MONO_HLSB)" % (mw, mh),
              "pb = bytearray(4)", "pal = framebuf.FrameBuffer(pb, 2, 1, framebuf.RGB565)"]
    blits = []
    for i, seq in enumerate(seqs):
        c = 0x1234 + 977 * i
        key = c ^ 1 if i % 2 else -1
        x, y = (i * 7) % W - 6, (i * 5) % H - 4
        blits.append((c, key, x, y))
        script += ["f.fill(0x5555)", "g.fill(0)"]
        script += ["g.%s(%s)" % (op[0], ", ".join(repr(a) for a in op[1:-1] + (op[-1] & 1,)))
                   for op in seq]
        script += ["pal.pixel(0, 0, %d)" % (c ^ 1), "pal.pixel(1, 0, %d)" % c,
                   "f.blit(g, %d, %d, %d, pal)" % (x, y, key),
                   "print(bytes(m).hex(), bytes(b).hex(), g.pixel(3, 4))"]
    res = wasi.Guest(heap=4 * 1024 * 1024, firmware=False).run("\n".join(script) + "\n")
    drawn = 0
    for i, seq in enumerate(seqs):
        c, key, x, y = blits[i]
        b = bytearray(W * H * 2)
        f = shim.FrameBuffer(b, W, H, shim.RGB565)
        m = bytearray(16 * mh // 8)
        g = shim.FrameBuffer(m, mw, mh, shim.MONO_HLSB)
        pal = shim.FrameBuffer(bytearray(4), 2, 1, shim.RGB565)
        f.fill(0x5555)
        g.fill(0)
        apply(g, [op[:-1] + (op[-1] & 1,) for op in seq])
        pal.pixel(0, 0, c ^ 1)
        pal.pixel(1, 0, c)
        f.blit(g, x, y, key, pal)
        drawn += any(m) and b.count(0x55) < len(b)
        assert res.lines[i] == "%s %s %s" % (m.hex(), b.hex(), g.pixel(3, 4)), "sequence %d differs" % i
    assert drawn >= 4, "the sequences must draw on their masks and blit something"
