# What the AIs ask of a rack, answered from byte tables and per-colour
# bitmasks instead of a helper call per tile: the AI's hot paths on the device.
#
# A position mask has bit p set when the natural tile of run position p
# (1..14, 14 = the ace after the 13) is present; an ace sets bits 1 and 14.
# The 2 of a colour sets bit 2 there (it can stand as itself in a run).
# Melds are engine/melds.py bytearrays: [kind, key, low, tiles...].
from micropython import const
from engine.melds import natural_at, wilds_in
from engine.tiles import NUMBERS, WILDS

JOKER = const(52)
NCODES = const(53)
HEAD = const(3)
RUN = const(0)
NO_TWO = const(0x7FFB)      # a position mask without bit 2 (the 2s are wilds)

# per tile code: number (0 = joker), colour (4 = joker), wild, position bits,
# points (the joker's depend on the variant: 0 here), the move's tile bytes
NUM = NUMBERS
COL = bytes([4 if t == JOKER else t // 13 for t in range(NCODES)])
WILD = WILDS
PBIT = tuple([0 if t == JOKER else (0x4002 if t % 13 == 0 else 1 << (t % 13 + 1))
              for t in range(NCODES)])
VAL = bytes([0 if t == JOKER else (15 if t % 13 == 0 else 20 if t % 13 == 1 else
                                   5 if t % 13 < 7 else 10) for t in range(NCODES)])
ONE = tuple([bytes((t,)) for t in range(NCODES)])
_ZERO = bytes(NCODES)
_ZERO_NUM = bytes(14)
SET_NUMBERS = (1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)


def _near(n):
    # numbers of the same colour that link with n: within two, the ace with
    # the 12 and 13; never 2 (wild) and never n itself
    out = []
    for u in range(1, 14):
        if u != n and u != 2 and (-2 <= u - n <= 2 or (n == 1 and u >= 12) or (u == 1 and n >= 12)):
            out.append(u - 1)
    return tuple(out)


NEAR = tuple([_near(n) for n in range(14)])
# per colour, the natural tile of run positions 0..14 (natural_at(); position 0 unused):
# touch_mask's loop reads them instead of working each one out
NATS = tuple([bytes([natural_at(c, p) if p else 0 for p in range(15)]) for c in range(4)])


class Rack:
    """Counts per code and per number (num: every colour's tiles of number n,
    the 2s included; num[0] the jokers), per-colour position masks of one
    rack, refilled in place (fill) so a decision allocates nothing for it."""

    def __init__(self):
        self.cnt = bytearray(NCODES)
        self.num = bytearray(14)
        self.cm = [0, 0, 0, 0, 0]     # (cm[4], the joker's colour COL, stays 0)
        self.wilds = 0
        self.first_wild = -1
        self.n = 0

    def fill(self, rack):
        cnt = self.cnt
        cnt[:] = _ZERO
        num = self.num
        num[:] = _ZERO_NUM
        cm = self.cm
        cm[0] = cm[1] = cm[2] = cm[3] = 0
        fw = -1
        for t in rack:
            cnt[t] += 1
            num[NUM[t]] += 1
            cm[COL[t]] |= PBIT[t]        # the joker's PBIT is 0
            if fw < 0 and WILD[t]:
                fw = t
        self.wilds = num[0] + num[2]     # the jokers and the 2s
        self.first_wild = fw
        self.n = len(rack)
        return self

    def same_number(self, n):
        return self.num[n]

    def links(self, t):
        """How many rack tiles could sit in a meld with t (same number or a
        near neighbour of the same colour), t itself not counted once."""
        if WILD[t]:
            return 0
        n = NUM[t]
        cnt = self.cnt
        k = self.num[n] - 1
        base = COL[t] * 13
        for u in NEAR[n]:
            k += cnt[base + u]
        return k

    def makes_meld(self, t):
        """Would natural t make a meld of naturals with two rack tiles (a set
        of three, or three of a run)?"""
        if WILD[t]:
            return False
        if self.num[NUM[t]] >= 2:
            return True
        h = self.cm[COL[t]]
        b = PBIT[t]
        # two below, one each side, two above (the ace at either end; no run
        # goes past position 14)
        return bool((h << 1 & h << 2 & b & 0x7FF8) or (h << 1 & h >> 1 & b & 0x3FFC) or
                    (h >> 1 & h >> 2 & b & 0x1FFE))

    def meld_with_wild(self, t):
        """Is there a meld of naturals plus one wild once wild t joins the
        rack? (find_meld(rack + t, False) is not None.)"""
        num = self.num
        for n in SET_NUMBERS:
            if num[n] >= 2:
                return True
        for c in range(4):
            h = self.cm[c]
            if t != JOKER and COL[t] == c:
                h |= PBIT[t]
            if h & (h >> 1 | h >> 2):
                return True
        return False


def find_meld(rs, naturals_only, fixed=False):
    """The longest meld in the rack made of naturals, or (naturals_only False)
    of naturals plus the rack's first wild; None when there is none. Ties go
    to sets before runs, low numbers and positions first. The baseline
    (fixed False) may count a lone 2 both as the wild and as its run's
    natural 2; fixed tries each kind of wild (the joker first) and never uses
    a tile twice."""
    if naturals_only or not fixed:
        return _find(rs, naturals_only, -1 if naturals_only else rs.first_wild, False)
    best = None
    cnt = rs.cnt
    for w in (JOKER, 1, 14, 27, 40):
        if cnt[w]:
            ts = _find(rs, False, w, True)
            if ts and (best is None or len(ts) > len(best)):
                best = ts
    return best


def _find(rs, naturals_only, wild, fixed):
    cnt = rs.cnt
    if not naturals_only and wild < 0:
        return None
    lone_two = -1
    if fixed and wild >= 0 and wild != JOKER and cnt[wild] < 2:
        lone_two = COL[wild]
    need = 3 if naturals_only else 2
    extra = 0 if wild < 0 else 1
    best = 0
    bn = 0
    bc = -1
    num = rs.num
    for n in SET_NUMBERS:
        k = num[n]
        if k >= need and k + extra > best:
            best = k + extra
            bn = n
    for c in range(4):
        h = rs.cm[c]
        if c == lone_two:
            h &= NO_TWO
        # quick rejection: three naturals in a row, or two with one gap
        if naturals_only:
            if not h & h >> 1 & h >> 2:
                continue
        elif not h & (h >> 1 | h >> 2):
            continue
        for p in range(1, 15):
            # a start whose left neighbour is present gives a shorter copy
            # of that neighbour's run: never strictly better
            if not h >> p & 1 or h >> (p - 1) & 1:
                continue
            q = p
            k = 0
            nat = 0
            used = wild < 0
            while q <= 14 and k < 13:
                if h >> q & 1:
                    nat += 1
                elif not used and nat:
                    used = True
                else:
                    break
                k += 1
                q += 1
            if not used:
                k += 1
            if nat >= need and k > best:
                best = k
                bc = c
                bn = p
    if not best:
        return None
    ts = bytearray()
    if bc < 0:
        for c in range(4):
            t = c * 13 + bn - 1
            for _ in range(cnt[t]):
                ts.append(t)
        if wild >= 0:
            ts.append(wild)
        return bytes(ts)
    h = rs.cm[bc]
    if bc == lone_two:
        h &= NO_TWO
    q = bn
    used = wild < 0
    while q <= 14 and len(ts) < 13:
        if h >> q & 1:
            ts.append(natural_at(bc, q))
        elif not used and ts:
            used = True
            ts.append(wild)
        else:
            break
        q += 1
    if not used:
        ts.append(wild)
    return bytes(ts)


def touch_mask(m, ends):
    """Run m's positions where a natural would replace a wild, plus (ends)
    the positions just past either end: the naturals of m's colour whose
    position bits meet this mask are those melds.touches() accepts."""
    nat = NATS[m[1]]
    p = m[2]
    k = 0
    for i in range(HEAD, len(m)):
        if m[i] != nat[p]:
            k |= 1 << p
        p += 1
    if ends:
        k |= 1 << (m[2] - 1) | 1 << p
    return k


def touches(m, mask, t):
    """melds.touches(m, t) for a natural t, given m's touch_mask(m, True)."""
    if m[0] == RUN:
        return COL[t] == m[1] and PBIT[t] & mask
    return NUM[t] == m[1]


def _put(rs, t, k):
    # k copies of t into (k > 0) or out of (k < 0) the summary
    cnt = rs.cnt
    cnt[t] += k
    rs.num[NUM[t]] += k
    rs.n += k
    if WILD[t]:
        rs.wilds += k
    if t != JOKER:
        if cnt[t]:
            rs.cm[COL[t]] |= PBIT[t]
        else:
            rs.cm[COL[t]] &= ~PBIT[t]


def copy_into(dst, src):
    dst.cnt[:] = src.cnt
    dst.num[:] = src.num
    for c in range(4):
        dst.cm[c] = src.cm[c]
    dst.wilds = src.wilds
    dst.first_wild = src.first_wild
    dst.n = src.n
    return dst


def add_tiles(rs, ts):
    for t in ts:
        _put(rs, t, 1)
        if WILD[t] and rs.first_wild < 0:
            rs.first_wild = t
    return rs


def layable(rs, melds):
    """How many of the summary's tiles could be laid now, estimated
    greedily: melds of naturals, then naturals joining the side's melds, then
    one meld of two naturals and a wild. Empties rs (a scratch copy)."""
    laid = 0
    while True:
        ts = find_meld(rs, True, True)
        if not ts:
            break
        for t in ts:
            _put(rs, t, -1)
        laid += len(ts)
    cnt = rs.cnt
    for m in melds:
        if m[0] == RUN:
            c = m[1]
            bits = rs.cm[c] & touch_mask(m, True) & NO_TWO
            if not bits:
                continue
            for p in range(1, 15):
                if bits >> p & 1:
                    t = natural_at(c, p)
                    k = cnt[t]
                    if k:
                        laid += k
                        _put(rs, t, -k)
        else:
            for t in range(m[1] - 1, 52, 13):
                k = cnt[t]
                if k:
                    laid += k
                    _put(rs, t, -k)
    if rs.wilds:
        for t in range(NCODES):
            if WILD[t] and rs.cnt[t]:
                rs.first_wild = t
                break
        if find_meld(rs, False, True):
            laid += 3
    return laid


def three_melds(rs):
    """Every three-tile meld of the rack (naturals first, then two naturals
    and a wild), as bytes; a fallback when the longest meld is refused."""
    cnt = rs.cnt
    out = []
    w = JOKER if cnt[JOKER] else rs.first_wild
    for with_wild in (False, True):
        if with_wild and w < 0:
            break
        need = 2 if with_wild else 3
        for n in SET_NUMBERS:
            ts = bytearray()
            for c in range(4):
                t = c * 13 + n - 1
                if cnt[t]:
                    ts.append(t)
                if cnt[t] > 1 and len(ts) < need:
                    ts.append(t)
            if len(ts) >= need:
                if with_wild:
                    ts = ts[:2]
                    ts.append(w)
                out.append(bytes(ts[:3]))
        for c in range(4):
            h = cm = rs.cm[c] & NO_TWO
            for p in range(1, 13):
                a = h >> p & 1
                b = h >> (p + 1) & 1
                d = h >> (p + 2) & 1
                if with_wild:
                    if a + b + d != 2:
                        continue
                elif not (a and b and d):
                    continue
                ts = bytearray()
                for q in range(p, p + 3):
                    ts.append(natural_at(c, q) if cm >> q & 1 else w)
                out.append(bytes(ts))
    return out


def reach(melds, out):
    """Into out (a list of 5): per colour, the positions where a natural
    would join one of these runs; then the numbers of the sets, as bits."""
    out[0] = out[1] = out[2] = out[3] = out[4] = 0
    for m in melds:
        if m[0] == RUN:
            out[m[1]] |= touch_mask(m, True)
        else:
            out[4] |= 1 << m[1]
    return out


def joins(rch, t):
    """Could natural t join one of the melds summed up by reach()?"""
    return bool(rch[4] >> NUM[t] & 1 or rch[COL[t]] & PBIT[t])


def wild_room(m, rules):
    """May meld m take one more wild (R4: max_wilds, naturals >= 2 x wilds)?"""
    w = wilds_in(m)
    return w < rules.max_wilds and (w == 0 or len(m) - HEAD - w >= 2 * (w + 1))
