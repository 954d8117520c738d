# Frames on the cable: COBS byte stuffing, a 0x00 delimiter, CRC-16.
#
# A frame before stuffing is   ctl seq ack payload... crc_lo crc_hi
# (CRC-16/CCITT-FALSE over everything before it), then COBS-encoded and
# followed by one 0x00. A damaged, truncated or merged frame fails its CRC
# and is dropped; the next 0x00 starts a clean frame, so the receiver
# resynchronises on its own after any noise.
#
# Everything works in preallocated bytearrays: building a frame and taking
# bytes in never allocates per byte (the UART delivers bytes while the game
# draws; a collection per byte would stall it: docs/memory.md "link frames").
from array import array
from micropython import const

HEAD = const(3)          # ctl, seq, ack
CRC = const(2)
MAX_PAYLOAD = const(480)  # wire size stays < 512, the UART's receive buffer
MAX_RAW = const(485)      # HEAD + MAX_PAYLOAD + CRC
MAX_WIRE = const(490)     # MAX_RAW + its COBS codes (2) + the delimiter, rounded up


# 16-bit entries: 0.5 KB of heap where a tuple of ints takes 1 KB (docs/memory.md "link frames")
_T = array("H", bytes(512))
for _i in range(256):
    _c = _i << 8
    for _ in range(8):
        _c = ((_c << 1) ^ 0x1021) if _c & 0x8000 else (_c << 1)
    _T[_i] = _c & 0xFFFF


def crc16(buf, n, start=0):
    """CRC-16/CCITT-FALSE of buf[start:n] (poly 0x1021, init 0xFFFF)."""
    c = 0xFFFF
    t = _T
    for i in range(start, n):
        c = ((c << 8) & 0xFF00) ^ t[(c >> 8) ^ buf[i]]
    return c


def cobs_encode(src, n, out, start=0):
    """COBS of src[start:start + n] into out, then the 0x00 delimiter; returns
    bytes written. src may be out itself with start >= 2 (n < 508): the
    output never overtakes the input (Encoder encodes in place)."""
    ci = 0
    code = 1
    o = 1
    for i in range(start, start + n):
        b = src[i]
        if b == 0:
            out[ci] = code
            ci = o
            o += 1
            code = 1
        else:
            out[o] = b
            o += 1
            code += 1
            if code == 0xFF:
                out[ci] = code
                ci = o
                o += 1
                code = 1
    out[ci] = code
    out[o] = 0
    return o + 1


def cobs_decode(buf, n):
    """Undo COBS in place on buf[:n] (no delimiter); returns the length, -1 if malformed."""
    i = 0
    o = 0
    while i < n:
        code = buf[i]
        if code == 0:
            return -1
        i += 1
        end = i + code - 1
        if end > n:
            return -1
        while i < end:
            buf[o] = buf[i]
            o += 1
            i += 1
        if code != 0xFF and i < n:
            buf[o] = 0
            o += 1
    return o


class Encoder:
    """Builds frames into its own buffer (or `out`); the memoryview it returns
    is valid until the next build into the same buffer. The raw frame is laid
    2 bytes into the buffer and stuffed in place: one buffer, no raw copy.
    size: the longest frame built into the Encoder's own buffer (MAX_WIRE:
    any; the transport builds only its short control frames there)."""

    def __init__(self, size=MAX_WIRE):
        self.wire = bytearray(size)

    def build(self, ctl, seq, ack, payload=b"", out=None):
        n = len(payload)
        w = self.wire if out is None else out
        if n > MAX_PAYLOAD or n + HEAD + CRC + 3 > len(w):
            raise ValueError("payload too long")
        w[2] = ctl
        w[3] = seq
        w[4] = ack
        w[2 + HEAD:2 + HEAD + n] = payload
        n += 2 + HEAD
        c = crc16(w, n, 2)
        w[n] = c & 0xFF
        w[n + 1] = c >> 8
        m = cobs_encode(w, n + CRC - 2, w, 2)
        return memoryview(w)[:m]


class Receiver:
    """Takes bytes as they come (split anywhere, several frames at once) and
    hands each frame whose CRC holds to on_frame(buf, n): buf[:n] is
    ctl seq ack payload (valid only during the call)."""

    def __init__(self, on_frame):
        self.buf = bytearray(MAX_WIRE)
        self.n = 0
        self.over = False        # frame longer than any we send: skip to the next 0x00
        self.on_frame = on_frame
        self.frames = 0
        self.bad = 0             # CRC/COBS failures and overlong frames
        self.loss = 0            # moving average of the damaged share of frames, in 1/1024

    def busy(self):
        """True while a frame is half received."""
        return self.n > 0 or self.over

    def feed(self, data, k):
        buf = self.buf
        n = self.n
        for i in range(k):
            b = data[i]
            if b:
                if n < MAX_WIRE:
                    buf[n] = b
                    n += 1
                else:
                    self.over = True
                continue
            # a delimiter: whatever came before it is one frame
            if self.over:
                self.bad += 1
                self.loss += (1024 - self.loss) >> 4
            elif n:
                m = cobs_decode(buf, n)
                # (a payload over MAX_PAYLOAD still fits MAX_WIRE stuffed: dropped)
                if m < HEAD + CRC or m > MAX_RAW or crc16(buf, m - CRC) != buf[m - 2] | (buf[m - 1] << 8):
                    self.bad += 1
                    self.loss += (1024 - self.loss) >> 4
                else:
                    self.frames += 1
                    self.loss -= self.loss >> 4
                    self.n = 0
                    self.on_frame(buf, m - CRC)
            n = 0
            self.over = False
        self.n = n
