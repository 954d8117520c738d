# Drawing for the 240x240 screen: tiles, small tiles, text lines.
#
# Everything is drawn through board.display: fill_rect for plain areas, blit
# of a few small RGB565 buffers (allocated once, here) for anything with
# detail. framebuf stores RGB565 little-endian, the panel wants big-endian,
# so colours given to framebuf are byte-swapped (((c & 0xFF) << 8) | (c >> 8),
# or the _SWAPPED_ constants) and the buffers go out
# untouched (docs/interfaces.md). No whole-screen buffer exists.
from micropython import const
import framebuf
from engine import tiles

# colours (RGB565, as display.fill_rect takes them)
FELT = const(0x12E8)
FELT_DARK = const(0x09E5)
BAR = const(0x10E4)
CREAM = const(0xFFBC)
CREAM_SEL = const(0xB71F)
WILD_BG = const(0xE6BF)
RED = const(0xD0E3)
BLUE = const(0x129A)
YELLOW = const(0xBBC0)     # ochre: yellow on the cream body read poorly
BLACK = const(0x18C3)
JOKER_C = const(0xB815)
EDGE = const(0x7B6C)
CURSOR = const(0xFF20)
WHITE = const(0xFFFF)
GREY = const(0x9514)
PURE = const(0x2E4B)
IMPURE = const(0xF402)
ERR = const(0xFBCD)
DIM = const(0xAE57)
HILITE = const(0x3C6D)
TURN = const(0x2B11)      # the top bar while it is the viewer's turn
NEW = const(8)         # tile flag: just drawn or taken (until the next move)
NEW_C = const(0x2E4B)
CAPS = const(4)        # text(): align flag, key names as key caps

TILE_C = (RED, BLUE, YELLOW, BLACK)
# the same byte-swapped, as framebuf takes them (a call per colour cost
# ~2.5 k fuel, a tenth of a tile's cost when it ran six times a tile);
# _CARD_S the suits' colours for burraco (R12): S H D C
_SWAPPED_CREAM = const(0xBCFF)
_SWAPPED_CREAM_SEL = const(0x1FB7)
_SWAPPED_WILD_BG = const(0xBFE6)
_SWAPPED_JOKER_C = const(0x15B8)
_SWAPPED_EDGE = const(0x6C7B)
_SWAPPED_CURSOR = const(0x20FF)
_SWAPPED_NEW_C = const(0x4B2E)
_SWAPPED_FELT = const(0xE812)
_TILE_S = (0xE3D0, 0x9A12, 0xC0BB, 0xC318)
_CARD_S = (0xC318, 0xE3D0, 0xE3D0, 0xC318)
# the suits as 8x8 glyphs (rows top down, bit 7 the left column): S H D C
_SUIT_G = (b"\x18\x3c\x7e\xff\xff\x7e\x18\x3c" b"\x66\xff\xff\xff\x7e\x3c\x18\x00"
           b"\x18\x3c\x7e\xff\x7e\x3c\x18\x00" b"\x18\x3c\x3c\xdb\xff\xdb\x18\x3c")
# the same at 5x5 for meld tiles (a set's suits, a red run's hearts or diamonds)
_SUIT_S = b"\x20\x70\xf8\x20\x70" b"\x50\xf8\xf8\x70\x20" b"\x20\x70\xf8\x70\x20" b"\x70\x70\xf8\xf8\x20"

# rack tile and small (meld) tile sizes
TW = const(17)
TH = const(28)
MW = const(16)
MH = const(14)
SLOT_H = const(40)     # a rack slot, at most: the tile raised or not, the cursor mark
STRIP_W = const(240)
STRIP_H = const(10)

# tile flags for tile()
SEL = const(1)
CUR = const(2)
WILD = const(4)     # small tiles: the tile acts as a wild in its meld

NUMS = ("", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13")

# The letters the languages need beyond ASCII, as 8x8 glyphs in the 8x8
# font's style (rows top down, bit 7 the left column). The font's lowercase
# fills rows 2..6, touching any mark above it (an accented u read as o), so
# these keep the body one row shorter: the mark in rows 0-1, a blank row 2.
# Made from the font by a script (base rows 2,4,5,6; ¿ ¡ turned ? !).
ACC = "\u00e1\u00e9\u00ed\u00f3\u00fa\u00e0\u00e8\u00ec\u00f2\u00f9\u00f1\u00fc\u00bf\u00a1"
_ACC_G = (b'\x0c\x18\x00<>f>\x00\x0c\x18\x00<~`>\x00\x0c\x18\x00\x18\x18\x18\x18\x00'
          b'\x0c\x18\x00<ff<\x00\x0c\x18\x00fff<\x000\x18\x00<>f>\x000\x18\x00<~`>\x00'
          b'0\x18\x00\x18\x18\x18\x18\x000\x18\x00<ff<\x000\x18\x00fff<\x002L\x00|fff\x00'
          b'\x00f\x00fff<\x00\x18\x00\x180`f<\x00\x18\x00\x00\x18\x18\x18\x18\x00')
_ACC_CP = bytes([ord(ch) for ch in ACC])       # their code points, all below 256


def bits(fb, data, i, rows, x, y, colour, sx, sy):
    """Draw rows data[i:i+rows] (bit 7 the left column) scaled by (sx, sy):
    a fill_rect per run of lit pixels in a row, not per pixel."""
    for r in range(rows):
        row_bits = data[i + r]
        xx = x
        while row_bits:
            if row_bits & 0x80:
                n = 0
                while row_bits & 0x80:
                    row_bits = (row_bits << 1) & 0xFF
                    n += 1
                fb.fill_rect(xx, y + r * sy, n * sx, sy, colour)
                xx += n * sx
            else:
                row_bits = (row_bits << 1) & 0xFF
                xx += sx


class Layout:
    """The sizes the screens use on one glass, chosen once when the Painter is made
    (docs/ui.md "Pico-LCD-1.14"): tall is the 240-row glass (Pico-LCD-1.3), else the short
    one (the Pico-LCD-1.14's 135 rows); a screen of its own keeps its sizes as a pair (short,
    tall) indexed by it, GEOMETRY[p.lay.tall]. The table's rows below its strip: meld rows shown
    (MROWS), the message line, the rack's top, its tiles' and a raised tile's top, the hint
    lines, the menu's top and its line step. (The table's names, upper case: no new name
    interned, docs/memory.md "qstr".)"""

    def __init__(self, h):
        self.tall = h >= 240
        if self.tall:
            (self.MROWS, self.Y_MSG, self.Y_RACK, self.Y_TILE, self.Y_RAISED, self.Y_HINT,
             self.Y_MENU, self.MENU_DY) = (7, 169, 180, 188, 182, 220, 44, 15)
        else:
            # 12 top, 32 table, 10 + 16 one meld row, 10 message, 34 rack, 20 hints; the menu
            # over the whole middle
            (self.MROWS, self.Y_MSG, self.Y_RACK, self.Y_TILE, self.Y_RAISED, self.Y_HINT,
             self.Y_MENU, self.MENU_DY) = (1, 71, 81, 84, 81, h - 20, 12, 12)


class Painter:
    """The UI's drawing buffers and primitives. Buffers (bytes), made once (docs/memory.md
    "fixed buffers"): tile and rack slot TW*SLOT_H*2, small tile MW*MH*2, text strip
    STRIP_W*STRIP_H*2, glyph 8 (one bit a pixel)."""

    def __init__(self, display):
        self.d = display
        self.w = display.width      # 240 on every glass the console has
        self.h = display.height     # 240, or 135 on the Pico-LCD-1.14: screens fit to it
        self.lay = Layout(self.h)
        # a rack slot (TW x SLOT_H) in one buffer, sent in one window; a lone
        # tile uses its first TH rows
        self.tbuf = bytearray(TW * SLOT_H * 2)
        self.tfb = framebuf.FrameBuffer(self.tbuf, TW, TH, framebuf.RGB565)
        self.slfb = framebuf.FrameBuffer(self.tbuf, TW, SLOT_H, framebuf.RGB565)
        self.mbuf = bytearray(MW * MH * 2)
        self.mfb = framebuf.FrameBuffer(self.mbuf, MW, MH, framebuf.RGB565)
        self.sbuf = bytearray(STRIP_W * STRIP_H * 2)
        self.sfb = framebuf.FrameBuffer(self.sbuf, STRIP_W, STRIP_H, framebuf.RGB565)
        # a character of the 8x8 font, a byte per column (bit 0 the top row): drawn
        # as rectangles read from these bytes, not pixel by pixel
        self.gbuf = bytearray(8)
        self.gfb = framebuf.FrameBuffer(self.gbuf, 8, 8, framebuf.MONO_VLSB)
        self._gr = {}       # character: its rectangles for glyph() and _tile() (columns 1..6)
        self._br = {}       # character: its rectangles for big() (all 8 columns)
        self._fbs = {STRIP_W: self.sfb}
        self.cut = 0        # text lines that did not fit their band (tests read it)
        self.cards = False  # draw tiles as French cards (the game's rules.cards, R12)

    def buffers(self):
        return (("tile", len(self.tbuf)), ("small_tile", len(self.mbuf)),
                ("text_strip", len(self.sbuf)), ("glyph", len(self.gbuf)))

    def fill(self, x, y, w, h, colour):
        self.d.fill_rect(x, y, w, h, colour)

    # --- glyphs --------------------------------------------------------
    def glyph(self, fb, ch, x, y, colour, sx, sy):
        """One 8x8 character scaled by (sx, sy) into fb (columns 1..6 only,
        the font's ink: a scaled glyph is 6*sx wide)."""
        rs = self._gr.get(ch)
        if rs is None:
            rs = self._gr[ch] = self._rects(ch, 1, 7)
        for k in range(0, len(rs), 4):
            fb.fill_rect(x + rs[k] * sx, y + rs[k + 1] * sy, rs[k + 2] * sx, rs[k + 3] * sy, colour)

    def _rects(self, ch, c0, c1):
        # columns c0..c1-1 of character ch as rectangles (x, y, w, h from column
        # c0, 4 bytes each), made once per character: equal neighbouring columns
        # go together and each run of lit rows is one rectangle (the font's
        # strokes are mostly two columns wide: a digit is ~6 rectangles, not ~20
        # pixels)
        g = self.gfb
        g.fill(0)
        g.text(ch, 0, 0, 1)
        m = self.gbuf
        out = bytearray()
        i = c0
        while i < c1:
            v = m[i]
            j = i + 1
            while j < c1 and m[j] == v:
                j += 1
            r = 0
            while v:
                if v & 1:
                    n = 1
                    while (v >> n) & 1:
                        n += 1
                    out.extend(bytes((i - c0, r, j - i, n)))
                    v >>= n
                    r += n
                else:
                    v >>= 1
                    r += 1
            i = j
        return bytes(out)

    def _text(self, fb, text, encoded, x, y, colour, bg):
        # framebuf text, plus the few accented letters the languages need; encoded
        # is text.encode(): the same length when text is plain ASCII. Never iterate the
        # str itself: MicroPython makes a str per letter, a qstr table search
        # each (~40 us a letter on the Pico, more than drawing the line)
        if len(encoded) == len(text):
            fb.text(text, x, y, colour)
            return
        lead = 0
        need = 0
        for o in encoded:
            if o < 128:
                fb.text(chr(o), x, y, colour)
                x += 8
                continue
            if o >= 0xC0:
                lead = o
                need = 1 if o < 0xE0 else 2 if o < 0xF0 else 3
                continue
            need -= 1
            if need:
                continue
            cp = ((lead & 0x1F) << 6) | (o & 0x3F) if lead < 0xE0 else 0
            i = 0
            while i < 14 and _ACC_CP[i] != cp:
                i += 1
            if i < 14:
                bits(fb, _ACC_G, i * 8, 8, x, y, colour, 1, 1)
            else:
                fb.text("?", x, y, colour)
            x += 8

    # --- text lines ------------------------------------------------------
    def text(self, x, y, w, s, c=WHITE, bg=FELT, align=0):
        """A line of 8x8 text on a bg-coloured band w pixels wide, 10 high
        (text at row 1). align 0 left, 1 centre, 2 right; | CAPS: the key
        names of "A:draw B:take" drawn as key caps."""
        if w > STRIP_W:
            w = STRIP_W
        fb = self._fbs.get(w)
        if fb is None:
            # one FrameBuffer per band width over the same strip (a handful of
            # widths in the whole UI, made once each)
            fb = framebuf.FrameBuffer(self.sbuf, w, STRIP_H, framebuf.RGB565)
            self._fbs[w] = fb
        swapped_bg = ((bg & 0xFF) << 8) | (bg >> 8)
        fb.fill(swapped_bg)
        text_width = len(s) * 8
        if text_width > w:
            self.cut += 1
        tx = 0
        if align & 3 == 1:
            tx = (w - text_width) // 2
        elif align & 3 == 2:
            tx = w - text_width
        if tx < 0:
            tx = 0
        encoded = s.encode()
        if len(encoded) == len(s):
            fb.text(s, tx, 1, ((c & 0xFF) << 8) | (c >> 8))     # _text's plain case, a call less
        else:
            self._text(fb, s, encoded, tx, 1, ((c & 0xFF) << 8) | (c >> 8), swapped_bg)
        if align & CAPS:
            self._caps(fb, encoded, tx)
        self.d.blit(self.sbuf, x, y, w, STRIP_H)

    # several texts on one full-width band: band(bg), put() each, show(y).
    # One fill and one blit instead of a band per text (the top bar's three)
    def band(self, bg):
        self.sfb.fill(((bg & 0xFF) << 8) | (bg >> 8))

    def put(self, x, text, colour):
        self._text(self.sfb, text, text.encode(), x, 1, ((colour & 0xFF) << 8) | (colour >> 8), 0)

    def show(self, y):
        self.d.blit(self.sbuf, 0, y, STRIP_W, STRIP_H)

    def _caps(self, fb, b, x):
        # a key name (A B X Y, then ':', at the start or after a space) in
        # dark on a cream cap: the key labels stand out from the words. Over
        # the UTF-8 bytes: iterating a str with accents makes a str per letter
        p2 = 32
        p1 = 32
        i = 0
        for o in b:
            if o & 0xC0 == 0x80:
                continue            # the rest of an accented letter
            if o == 58 and p2 == 32 and (p1 == 65 or p1 == 66 or p1 == 88 or p1 == 89):
                xx = x + (i - 1) * 8
                fb.fill_rect(xx, 0, 8, STRIP_H, _SWAPPED_CREAM)
                fb.text("A" if p1 == 65 else "B" if p1 == 66 else "X" if p1 == 88 else "Y",
                        xx, 1, 0xC318)
            p2 = p1
            p1 = o
            i += 1

    def big(self, x, y, text, colour, scale):
        """Large text straight to the display with fill_rect (titles): a
        character is a handful of rectangles, each a display window."""
        display = self.d
        for ch in text:
            rs = self._br.get(ch)
            if rs is None:
                rs = self._br[ch] = self._rects(ch, 0, 8)
            for k in range(0, len(rs), 4):
                display.fill_rect(x + rs[k] * scale, y + rs[k + 1] * scale, rs[k + 2] * scale,
                            rs[k + 3] * scale, colour)
            x += 8 * scale

    # --- tiles -----------------------------------------------------------
    def tile(self, x, y, tile, flags, bg=FELT):
        """A rack tile (TW x TH) at x, y: number in the tile's colour, a
        colour bar at the foot; jokers magenta with four colour bars."""
        fb = self.tfb
        swapped_bg = ((bg & 0xFF) << 8) | (bg >> 8)
        # the first and last rows on bg: _tile's frame leaves their end pixels (the corners)
        fb.fill_rect(0, 0, TW, 1, swapped_bg)
        fb.fill_rect(0, TH - 1, TW, 1, swapped_bg)
        self._tile(fb, 0, tile, flags)
        self.d.blit(self.tbuf, x, y, TW, TH)

    def slot(self, x, tile, flags):
        """A rack slot at x, TW wide, from the layout's Y_RACK down to its Y_HINT, in one
        window: felt, the tile (as tile(), raised when SEL), and with CUR the cursor's bar
        3 rows above the slot's foot; t < 0: felt only (past the rack's end)."""
        lay = self.lay
        h = lay.Y_HINT - lay.Y_RACK
        fb = self.slfb
        if tile < 0:
            fb.fill(_SWAPPED_FELT)
        else:
            # felt only where the tile does not go, down to the tile's first row and up
            # from its last: _tile's frame leaves their end pixels (the corners)
            ty = (lay.Y_RAISED if flags & SEL else lay.Y_TILE) - lay.Y_RACK
            fb.fill_rect(0, 0, TW, ty + 1, _SWAPPED_FELT)
            fb.fill_rect(0, ty + TH - 1, TW, h - ty - TH + 1, _SWAPPED_FELT)
            self._tile(fb, ty, tile, flags)
            if flags & CUR:
                fb.fill_rect(2, h - 3, TW - 4, 2, _SWAPPED_CURSOR)
        self.d.blit(self.tbuf, x, lay.Y_RACK, TW, h)

    def _tile(self, fb, y, tile, flags):
        # the tile into fb at rows y..y+TH-1, over the bg its caller filled: its four
        # corner pixels stay bg. The frame is four strips around the body, not
        # two tile-sized rectangles under it: a third of the pixels
        # the frame: 2 pixels thick, yellow, under the cursor; green for a tile just taken
        # (NEW, its band below); else 1 pixel of edge
        k = 2 if flags & (CUR | NEW) else 1
        colour = _SWAPPED_CURSOR if flags & CUR else _SWAPPED_NEW_C if flags & NEW else _SWAPPED_EDGE
        fb.fill_rect(1, y, TW - 2, k, colour)
        fb.fill_rect(1, y + TH - k, TW - 2, k, colour)
        fb.fill_rect(0, y + 1, k, TH - 2, colour)
        fb.fill_rect(TW - k, y + 1, k, TH - 2, colour)
        fb.fill_rect(k, y + k, TW - 2 * k, TH - 2 * k, _SWAPPED_CREAM_SEL if flags & SEL else _SWAPPED_CREAM)
        if flags & NEW:
            # just drawn or taken: a green frame and a green band across the tile's top inside
            # it (under the cursor the frame is yellow, the band stays), over rows the number
            # leaves free (it starts 4 rows down; a card's rank 3, drawn over the band's last
            # row): seen at a glance, where a 5x2 notch in the corner was missed
            fb.fill_rect(2, y + 2, TW - 4, 2, _SWAPPED_NEW_C)
        ch = None       # the character drawn twice the font's size, at (3, gy)
        gy = y + 4
        if tile >= tiles.JOKER:
            if tile > tiles.JOKER:
                # a hidden hand's tile on its way (link/hide.py: its OPEN not in yet)
                ch = "?"
                colour = _SWAPPED_EDGE
            elif self.cards:
                ch = "*"        # a "J" would read as a jack
                gy = y + 6
                colour = _SWAPPED_JOKER_C
            else:
                ch = "J"
                colour = _SWAPPED_JOKER_C
                for i in range(4):
                    fb.fill_rect(3 + i * 3, y + 22, 3, 3, _TILE_S[i])
        elif self.cards:
            # rank in the suit's colour, the suit's glyph at the foot
            colour = _CARD_S[tile // 13]
            number = tile % 13 + 1
            gy = y + 3
            if number == 10:
                self.two(fb, 10, 4, gy, colour, 2)
            else:
                ch = tiles.RANKS[number - 1]
            bits(fb, _SUIT_G, tile // 13 * 8, 8, 4, y + 18, colour, 1, 1)
        else:
            colour = _TILE_S[tile // 13]
            number = tile % 13 + 1
            if number < 10:
                ch = NUMS[number]
            else:
                # a narrow 1 and a digit at half width, inside the frame
                # even when the cursor's frame is 2 pixels thick
                self.two(fb, number, 4, gy, colour, 2)
            fb.fill_rect(3, y + 22, TW - 6, 3, colour)
        if ch is not None:
            # glyph(fb, ch, 3, gy, c, 2, 2) written out: a rack slot is drawn at every cursor
            # move, and a call whose frame is over 11 words takes it from the heap (MicroPython
            # without a pystack), each time searching the heap for room (docs/ui.md "Figures")
            rs = self._gr.get(ch)
            if rs is None:
                rs = self._gr[ch] = self._rects(ch, 1, 7)
            for i in range(0, len(rs), 4):
                fb.fill_rect(3 + rs[i] * 2, gy + rs[i + 1] * 2, rs[i + 2] * 2, rs[i + 3] * 2, colour)

    def two(self, fb, number, x, y, colour, sy):
        """10..13 at (x, y): a narrow 1 (3 wide), a gap, the second digit (6
        wide; a narrow 1 again for 11): 10 pixels wide, 7*sy high."""
        d = number - 10
        # the narrow 1 (rows 60 e0 60 60 60 60 f0, bit 7 the left column) as
        # its stem, flag and foot, not pixel by pixel; twice for 11
        for xx in range(x, x + 6 if d == 1 else x + 1, 5):
            fb.fill_rect(xx + 1, y, 2, 7 * sy, colour)
            fb.fill_rect(xx, y + sy, 1, sy, colour)
            fb.fill_rect(xx, y + 6 * sy, 4, sy, colour)
        if d != 1:
            self.glyph(fb, NUMS[d] if d else "0", x + 4, y, colour, 1, sy)

    def small(self, x, y, tile, flags):
        """A meld tile (MW x MH): 8x8 number in the tile's colour; a tile that
        acts as a wild gets a lilac body."""
        fb = self.mfb
        # the frame's colour, then felt in the one column it leaves
        fb.fill_rect(0, 0, MW - 1, MH, _SWAPPED_EDGE)
        fb.fill_rect(MW - 1, 0, 1, MH, _SWAPPED_FELT)
        fb.fill_rect(1, 1, MW - 3, MH - 2, _SWAPPED_WILD_BG if flags & WILD else _SWAPPED_CREAM)
        if tile == tiles.JOKER:
            fb.text("*", 3, 3, _SWAPPED_JOKER_C)
        elif tile > tiles.JOKER:
            fb.text("?", 3, 3, _SWAPPED_EDGE)     # (as tile() does)
        elif self.cards:
            # the suit small in the top right corner, the rank under it on the left
            suit = tile // 13
            number = tile % 13 + 1
            colour = _CARD_S[suit]
            bits(fb, _SUIT_S, suit * 5, 5, 9, 1, colour, 1, 1)
            if number == 10:
                self.two(fb, number, 1, 6, colour, 1)
            else:
                fb.text(tiles.RANKS[number - 1], 1, 6, colour)
        else:
            colour = _TILE_S[tile // 13]
            number = tile % 13 + 1
            if number < 10:
                fb.text(NUMS[number], 3, 3, colour)
            else:
                self.two(fb, number, 2, 3, colour, 1)
        self.d.blit(self.mbuf, x, y, MW, MH)
