"""The score log: one append-only file of finished matches, safe against power cuts.

    import scorelog
    scorelog.append(board.storage.path(scorelog.FILENAME), {
        "variant": "burako", "seats": "HAHA",          # one letter a seat: H human, A AI
        "hands": [[120, -35], [410, 260]],            # per hand, one score per side
        "final": [530, 225], "winner": 0,              # winner: side index, or None
        # optional: a match id (u64), per hand and side [pure, impure] canastas,
        # per hand the side that closed (None: nobody)
        "id": 0x5EED, "canastas": [[[1, 0], [0, 1]], [[2, 1], [0, 0]]], "closes": [0, None],
        # optional, burraco (seed 001): match points and victory points, one a side
        "mp": [305, -305], "vp": [13, 7],
        # optional, who played: per seat a name (3 letters A-Z) or None, the AIs' level,
        # and the seats this console held (all of them on one console; a link: its own)
        "names": ["ANA", None, "LUZ", None], "level": 2, "own_seats": [0, 1, 2, 3]})
    records, problems = scorelog.read(path)

Each record is framed as  magic(2) version(1) length(2) payload(length) crc32(4);
docs/scorelog.md has the byte format. A record is written with one write of a
buffer built beforehand, only between games (never during a link exchange: an
RP2040 flash write stops interrupts and the UART drops bytes). A power cut mid-write
leaves a torn tail: the reader reports it and resynchronises on the next magic, so
nothing written before it is lost, and records appended after it read fine.

The reader never raises on bad data: it yields good records and reports
(offset, bytes skipped, reason) for torn or corrupt ones. It streams the file
(one record in memory at a time), so a long log fits a small heap.
"""
import struct

_StructError = getattr(struct, "error", ValueError)  # CPython's struct.error; MicroPython raises ValueError

FILENAME = "scores.log"
MAGIC = b"\xb5\x2c"
VERSION = 1
HEADER = 5  # magic, version, length
TRAILER = 4  # crc32
MAX_PAYLOAD = 1024
MAX_VARIANT = 32
MAX_HANDS = 64
NO_WINNER = 0xFF
# optional fields after the winner: tag(1) length(u16) data (docs/scorelog.md)
TAG_ID = 1  # u64 match id: both consoles of a linked match write the same one
TAG_CANASTAS = 2  # per hand, per side: pure << 4 | impure
TAG_CLOSES = 3  # per hand: the side that closed, FF none
TAG_MPVP = 4  # per side i32 match points, then per side u8 victory points (burraco)
TAG_NAMES = 5  # per seat 3 bytes: the player's name, A-Z, or 3 zero bytes for none
TAG_LEVEL = 6  # the AI seats' level (1 byte)
TAG_OWN = 7  # the seats this console held: bit i for seat i (a linked console: its own)
TAG_ENDED = 8  # a linked match ended in play: the link's reason (1 byte, link/session.py R_*)
NAME_LEN = 3

try:
    from binascii import crc32
except ImportError:  # a MicroPython build without binascii.crc32
    crc32 = None

_CRC_NIBBLES = (0x00000000, 0x1DB71064, 0x3B6E20C8, 0x26D930AC, 0x76DC4190, 0x6B6B51F4,
      0x4DB26158, 0x5005713C, 0xEDB88320, 0xF00F9344, 0xD6D6A3E8, 0xCB61B38C,
      0x9B64C2B0, 0x86D3D2D4, 0xA00AE278, 0xBDBDF21C)


def crc32_small(data, crc=0):
    """CRC-32 (IEEE, as zlib/binascii), a nibble at a time from a 16-entry table."""
    crc ^= 0xFFFFFFFF
    for byte in data:
        crc = (crc >> 4) ^ _CRC_NIBBLES[(crc ^ byte) & 15]
        crc = (crc >> 4) ^ _CRC_NIBBLES[(crc ^ (byte >> 4)) & 15]
    return crc ^ 0xFFFFFFFF


if crc32 is None:
    crc32 = crc32_small


def _crc(data):
    return crc32(data) & 0xFFFFFFFF


# --- writing -------------------------------------------------------------------
def encode(rec):
    """The framed record for `rec` as a bytearray; ValueError if it does not fit the format."""
    variant = rec["variant"].encode()
    seats = rec["seats"]
    hands = rec["hands"]
    final = rec["final"]
    nsides = len(final)
    winner = rec.get("winner")
    if winner is None:
        winner = NO_WINNER
    if len(variant) > MAX_VARIANT or not _printable(variant):
        raise ValueError("variant name")
    if not 2 <= len(seats) <= 4 or not 2 <= nsides <= 4 or len(seats) % nsides:
        raise ValueError("seats/sides")
    for seat in seats:
        if seat not in "HA":
            raise ValueError("seat kind")
    if len(hands) > MAX_HANDS:
        raise ValueError("too many hands")
    if winner != NO_WINNER and not 0 <= winner < nsides:
        raise ValueError("winner")
    size = 4 + 1 + len(variant) + 1 + len(seats) + 2 + len(hands) * nsides * 2 + nsides * 4 + 1
    ext = _extensions(rec, len(hands), nsides)
    size += len(ext)
    buf = bytearray(HEADER + size + TRAILER)
    buf[0] = MAGIC[0]
    buf[1] = MAGIC[1]
    buf[2] = VERSION
    struct.pack_into("<H", buf, 3, size)
    at = HEADER
    struct.pack_into("<I", buf, at, rec["seq"] & 0xFFFFFFFF)
    at += 4
    buf[at] = len(variant)
    at += 1
    buf[at:at + len(variant)] = variant
    at += len(variant)
    buf[at] = len(seats)
    at += 1
    for seat in seats:
        buf[at] = ord(seat)
        at += 1
    buf[at] = nsides
    buf[at + 1] = len(hands)
    at += 2
    for hand in hands:
        if len(hand) != nsides:
            raise ValueError("hand scores per side")
        for value in hand:
            struct.pack_into("<h", buf, at, value)  # -32768..32767
            at += 2
    for value in final:
        struct.pack_into("<i", buf, at, value)
        at += 4
    buf[at] = winner
    at += 1
    buf[at:at + len(ext)] = ext
    at += len(ext)
    struct.pack_into("<I", buf, at, _crc(memoryview(buf)[2:at]))
    return buf


def _extensions(rec, nhands, nsides):
    """The optional fields (id, canastas, closes) as tagged bytes; empty when none is given."""
    out = bytearray()
    mid = rec.get("id")
    if mid is not None:
        if not 0 <= mid <= 0xFFFFFFFFFFFFFFFF:
            raise ValueError("id")
        out += _field(TAG_ID, struct.pack("<II", mid & 0xFFFFFFFF, mid >> 32))
    can = rec.get("canastas")
    if can is not None:
        if len(can) != nhands:
            raise ValueError("canastas per hand")
        field = bytearray(nhands * nsides)
        i = 0
        for hand in can:
            if len(hand) != nsides:
                raise ValueError("canastas per side")
            for pure, impure in hand:
                if not (0 <= pure <= 15 and 0 <= impure <= 15):
                    raise ValueError("canasta count")
                field[i] = (pure << 4) | impure
                i += 1
        out += _field(TAG_CANASTAS, field)
    closes = rec.get("closes")
    if closes is not None:
        if len(closes) != nhands:
            raise ValueError("closes per hand")
        field = bytearray(nhands)
        for i in range(nhands):
            closer = closes[i]
            if closer is None:
                closer = NO_WINNER
            elif not 0 <= closer < nsides:
                raise ValueError("closing side")
            field[i] = closer
        out += _field(TAG_CLOSES, field)
    mp = rec.get("mp")
    vp = rec.get("vp")
    if mp is not None or vp is not None:
        if mp is None or vp is None or len(mp) != nsides or len(vp) != nsides:
            raise ValueError("mp/vp per side")
        field = bytearray(5 * nsides)
        for i in range(nsides):
            if not 0 <= vp[i] <= 255 or not -0x80000000 <= mp[i] <= 0x7FFFFFFF:
                raise ValueError("mp/vp")
            struct.pack_into("<i", field, 4 * i, mp[i])
            field[4 * nsides + i] = vp[i]
        out += _field(TAG_MPVP, field)
    names = rec.get("names")
    if names is not None:
        nseats = len(rec["seats"])
        if len(names) != nseats:
            raise ValueError("names per seat")
        field = bytearray(NAME_LEN * nseats)
        for i in range(nseats):
            nm = names[i]
            if nm is None:
                continue
            if not valid_name(nm):
                raise ValueError("name")
            for j in range(NAME_LEN):
                field[NAME_LEN * i + j] = ord(nm[j])
        out += _field(TAG_NAMES, field)
    lv = rec.get("level")
    if lv is not None:
        if not 1 <= lv <= 255:
            raise ValueError("level")
        out += _field(TAG_LEVEL, bytes((lv,)))
    own = rec.get("own_seats")
    if own is not None:
        mask = 0
        for i in own:
            if not 0 <= i < len(rec["seats"]):
                raise ValueError("own seat")
            mask |= 1 << i
        out += _field(TAG_OWN, bytes((mask,)))
    end = rec.get("ended")
    if end is not None:
        if not 1 <= end <= 255:
            raise ValueError("ended")
        out += _field(TAG_ENDED, bytes((end,)))
    return out


def valid_name(nm):
    """A player's name: exactly three capital letters A-Z (the console's arcade entry)."""
    if not isinstance(nm, str) or len(nm) != NAME_LEN:
        return False
    for letter in nm:
        if not "A" <= letter <= "Z":
            return False
    return True


def _field(tag, data):
    return bytes((tag, len(data) & 0xFF, len(data) >> 8)) + data


def _printable(text):
    for char in text:
        if char < 0x20 or char > 0x7E:
            return False
    return True


def append(path, rec):
    """Append one match record; assigns rec["seq"] (last good seq + 1) when missing. Returns seq.

    Call only between games, never while the link is exchanging frames.
    """
    if rec.get("seq") is None:
        rec["seq"] = next_seq(path)
    buf = encode(rec)
    file = open(path, "ab")
    try:
        file.write(buf)
        file.flush()
    finally:
        file.close()
    try:
        import os
        os.sync()
    except (ImportError, AttributeError, OSError):
        pass
    return rec["seq"]


def next_seq(path):
    last = 0
    for off, rec, problem in scan(path):
        if rec is not None and rec["seq"] >= last:
            last = rec["seq"] + 1
    return last


# --- reading -------------------------------------------------------------------
def decode_payload(payload):
    """The record dict from a payload, or None if the payload is malformed. Never raises."""
    try:
        size = len(payload)
        if size < 5:
            return None
        seq = struct.unpack_from("<I", payload, 0)[0]
        at = 4
        vl = payload[at]
        at += 1
        if vl > MAX_VARIANT or at + vl + 1 > size:
            return None
        vb = bytes(payload[at:at + vl])
        if not _printable(vb):
            return None
        variant = vb.decode()
        at += vl
        ns = payload[at]
        at += 1
        if not 2 <= ns <= 4 or at + ns + 2 > size:
            return None
        seats = ""
        for i in range(ns):
            seat = payload[at + i]
            if seat != 0x48 and seat != 0x41:  # "H", "A"
                return None
            seats += chr(seat)
        at += ns
        nsides = payload[at]
        nh = payload[at + 1]
        at += 2
        if not 2 <= nsides <= 4 or ns % nsides or nh > MAX_HANDS:
            return None
        if at + nh * nsides * 2 + nsides * 4 + 1 > size:
            return None
        hands = []
        for _ in range(nh):
            hand = []
            for _ in range(nsides):
                hand.append(struct.unpack_from("<h", payload, at)[0])
                at += 2
            hands.append(hand)
        final = []
        for _ in range(nsides):
            final.append(struct.unpack_from("<i", payload, at)[0])
            at += 4
        winner = payload[at]
        if winner == NO_WINNER:
            winner = None
        elif winner >= nsides:
            return None
        rec = {"seq": seq, "variant": variant, "seats": seats, "hands": hands,
               "final": final, "winner": winner}
        if at + 1 < size and not _read_extensions(payload, at + 1, size, rec, nh, nsides):
            return None
        return rec
    except (ValueError, IndexError, TypeError, UnicodeError, _StructError):
        return None


def _read_extensions(payload, at, size, rec, nh, nsides):
    """Decode the optional fields after the winner into rec; False if they are malformed.

    Unknown tags are skipped by their length (fields a later firmware may add).
    """
    while at < size:
        if at + 3 > size:
            return False
        tag = payload[at]
        ln = payload[at + 1] | (payload[at + 2] << 8)
        at += 3
        if at + ln > size:
            return False
        if tag == TAG_ID:
            if ln != 8:
                return False
            lo, hi = struct.unpack_from("<II", payload, at)
            rec["id"] = lo | (hi << 32)
        elif tag == TAG_CANASTAS:
            if ln != nh * nsides:
                return False
            can = []
            i = at
            for _ in range(nh):
                hand = []
                for _ in range(nsides):
                    hand.append([payload[i] >> 4, payload[i] & 15])
                    i += 1
                can.append(hand)
            rec["canastas"] = can
        elif tag == TAG_CLOSES:
            if ln != nh:
                return False
            closes = []
            for i in range(at, at + nh):
                closer = payload[i]
                if closer == NO_WINNER:
                    closer = None
                elif closer >= nsides:
                    return False
                closes.append(closer)
            rec["closes"] = closes
        elif tag == TAG_MPVP:
            if ln != 5 * nsides:
                return False
            rec["mp"] = [struct.unpack_from("<i", payload, at + 4 * i)[0] for i in range(nsides)]
            rec["vp"] = [payload[at + 4 * nsides + i] for i in range(nsides)]
        elif tag == TAG_NAMES:
            if ln != NAME_LEN * len(rec["seats"]):
                return False
            names = []
            for i in range(at, at + ln, NAME_LEN):
                if payload[i] == 0 and payload[i + 1] == 0 and payload[i + 2] == 0:
                    names.append(None)
                    continue
                for j in range(i, i + NAME_LEN):
                    if not 0x41 <= payload[j] <= 0x5A:  # A-Z
                        return False
                names.append(bytes(payload[i:i + NAME_LEN]).decode())
            rec["names"] = names
        elif tag == TAG_LEVEL:
            if ln != 1 or payload[at] == 0:
                return False
            rec["level"] = payload[at]
        elif tag == TAG_OWN:
            if ln != 1 or payload[at] >> len(rec["seats"]):
                return False
            rec["own_seats"] = [i for i in range(len(rec["seats"])) if (payload[at] >> i) & 1]
        elif tag == TAG_ENDED:
            if ln != 1 or payload[at] == 0:
                return False
            rec["ended"] = payload[at]
        at += ln
    return True


def _find_magic(file, pos):
    """Offset of the next magic at or after pos, or the file's end."""
    m0 = MAGIC[0]
    while True:
        file.seek(pos)
        chunk = file.read(64)
        if not chunk:
            return pos
        found = chunk.find(MAGIC)
        if found >= 0:
            return pos + found
        if len(chunk) < 64:
            if chunk[-1] == m0:  # a torn magic at the very end
                return pos + len(chunk) - 1
            return pos + len(chunk)
        pos += 63  # overlap one byte: a magic may straddle two chunks


def scan(path):
    """Yield (offset, record, None) for good records and (offset, None, (nbytes, reason)) for bad runs.

    A bad run is everything from a failed record to the next good one (or the
    end): torn, corrupt or unreadable bytes, reported once with the first reason.
    """
    try:
        file = open(path, "rb")
    except OSError:
        return
    try:
        pos = 0
        bad = -1
        why = None
        while True:
            file.seek(pos)
            head = file.read(HEADER)
            if not head:
                break
            reason = None
            size = 0
            rec = None
            if head[0] != MAGIC[0] or (len(head) > 1 and head[1] != MAGIC[1]):
                reason = "no magic"
            elif len(head) < HEADER:
                reason = "truncated"
            else:
                ln = head[3] | (head[4] << 8)
                if ln > MAX_PAYLOAD:
                    reason = "bad length"
                else:
                    body = file.read(ln + TRAILER)
                    if len(body) < ln + TRAILER:
                        reason = "truncated"
                    else:
                        crc = crc32(head[2:HEADER])
                        crc = crc32(memoryview(body)[0:ln], crc) & 0xFFFFFFFF
                        if crc != struct.unpack_from("<I", body, ln)[0]:
                            reason = "bad checksum"
                        elif head[2] != VERSION:
                            reason = "unknown version"  # well framed: skip it whole
                            size = HEADER + ln + TRAILER
                        else:
                            rec = decode_payload(memoryview(body)[0:ln])
                            if rec is None:
                                reason = "bad payload"
                                size = HEADER + ln + TRAILER
                            else:
                                size = HEADER + ln + TRAILER
            if rec is not None:
                if bad >= 0:
                    yield bad, None, (pos - bad, why)
                    bad = -1
                yield pos, rec, None
                pos += size
                continue
            if bad < 0:
                bad = pos
                why = reason
            if size:
                pos += size
            else:
                pos = _find_magic(file, pos + 1)
        if bad >= 0:
            yield bad, None, (pos - bad, why)
    finally:
        file.close()


def read(path):
    """(records, problems): good records in file order; problems as (offset, nbytes, reason)."""
    records = []
    problems = []
    for off, rec, problem in scan(path):
        if rec is not None:
            records.append(rec)
        else:
            problems.append((off, problem[0], problem[1]))
    return records, problems
