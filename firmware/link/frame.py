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
_CRC_TABLE = array("H", bytes(512))
for _byte in range(256):
    _crc = _byte << 8
    for _ in range(8):
        _crc = ((_crc << 1) ^ 0x1021) if _crc & 0x8000 else (_crc << 1)
    _CRC_TABLE[_byte] = _crc & 0xFFFF


def crc16(buf, stop, start=0):
    """CRC-16/CCITT-FALSE of buf[start:stop] (poly 0x1021, init 0xFFFF)."""
    crc = 0xFFFF
    table = _CRC_TABLE
    for i in range(start, stop):
        crc = ((crc << 8) & 0xFF00) ^ table[(crc >> 8) ^ buf[i]]
    return crc


def cobs_encode(src, count, out, start=0):
    """COBS of src[start:start + count] into out, then the 0x00 delimiter; returns
    bytes written. src may be out itself with start >= 2 (count < 508): the
    output never overtakes the input (Encoder encodes in place)."""
    ci = 0
    code = 1
    at = 1
    for i in range(start, start + count):
        byte = src[i]
        if byte == 0:
            out[ci] = code
            ci = at
            at += 1
            code = 1
        else:
            out[at] = byte
            at += 1
            code += 1
            if code == 0xFF:
                out[ci] = code
                ci = at
                at += 1
                code = 1
    out[ci] = code
    out[at] = 0
    return at + 1


def cobs_decode(buf, count):
    """Undo COBS in place on buf[:count] (no delimiter); returns the length, -1 if malformed."""
    i = 0
    at = 0
    while i < count:
        code = buf[i]
        if code == 0:
            return -1
        i += 1
        end = i + code - 1
        if end > count:
            return -1
        while i < end:
            buf[at] = buf[i]
            at += 1
            i += 1
        if code != 0xFF and i < count:
            buf[at] = 0
            at += 1
    return at


class Encoder:
    """Builds frames into its own buffer (or `out`); the memoryview it returns
    is valid until the next build into the same buffer. The raw frame is laid
    2 bytes into the buffer and stuffed in place: one buffer, no raw copy.
    size: the longest frame built into the Encoder's own buffer (MAX_WIRE:
    any; the transport builds only its short control frames there)."""

    def __init__(self, size=MAX_WIRE):
        self.wire = bytearray(size)

    def build(self, ctl, seq, ack, payload=b"", out=None):
        size = len(payload)
        wire = self.wire if out is None else out
        if size > MAX_PAYLOAD or size + HEAD + CRC + 3 > len(wire):
            raise ValueError("payload too long")
        wire[2] = ctl
        wire[3] = seq
        wire[4] = ack
        wire[2 + HEAD:2 + HEAD + size] = payload
        size += 2 + HEAD
        crc = crc16(wire, size, 2)
        wire[size] = crc & 0xFF
        wire[size + 1] = crc >> 8
        length = cobs_encode(wire, size + CRC - 2, wire, 2)
        return memoryview(wire)[:length]


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

    def feed(self, data, count):
        buf = self.buf
        filled = self.n
        for i in range(count):
            byte = data[i]
            if byte:
                if filled < MAX_WIRE:
                    buf[filled] = byte
                    filled += 1
                else:
                    self.over = True
                continue
            # a delimiter: whatever came before it is one frame
            if self.over:
                self.bad += 1
                self.loss += (1024 - self.loss) >> 4
            elif filled:
                length = cobs_decode(buf, filled)
                # (a payload over MAX_PAYLOAD still fits MAX_WIRE stuffed: dropped)
                if length < HEAD + CRC or length > MAX_RAW or crc16(buf, length - CRC) != buf[length - 2] | (buf[length - 1] << 8):
                    self.bad += 1
                    self.loss += (1024 - self.loss) >> 4
                else:
                    self.frames += 1
                    self.loss -= self.loss >> 4
                    self.n = 0
                    self.on_frame(buf, length - CRC)
            filled = 0
            self.over = False
        self.n = filled
