# The Rummy solver (docs/rummy.md, "The solver"): the legal play that lays the
# most points from the rack, rearranging the whole table (R13.5..R13.7).
#
# A depth-first search over the tiles in order of (number, colour): the lowest
# tile still undecided is either left on the rack (only a rack tile may be) or
# the lowest natural tile of a new meld, which is built there and then, jokers
# included. Table tiles are mandatory, rack tiles optional, and the search
# keeps the best total so far, cutting branches whose remaining rack tiles
# cannot beat it. Two exchange arguments keep it small and still exact: a rack
# joker never stands where a natural tile of that identity is still free
# (swapping them keeps every meld valid and the points equal), and a joker
# never leads a run that has room above it. A table joker that stays put is a
# "virtual" natural tile of what it stands for (one in a set of 3 may only go
# into a set); a table joker that is swapped out makes its natural tile from
# the rack mandatory and becomes a mandatory free joker. The few ways of
# treating the (at most two) table jokers are tried one after another.
# A transposition table stops a branch at a position already reached with as
# many points laid (below), and a closing play is searched for with every
# rack tile required (R13.8).
#
# Work is bounded by a budget of units: a search node or a tile taken into a
# meld is one, and every step around the searches (loading a position, the
# tiles added to table melds, laying out the answer) is charged in the same
# units before it runs, so a solve never works past its budget. When it runs
# out, the best play found so far is returned and marked inexact. Nothing is
# allocated per node: counts live in bytearrays, the melds being built in one
# buffer, and one Search serves every search.
from micropython import const
from engine import tiles
from rummy import rules
NODES = const(1300)     # the AI's budget: at most ~275 ms of RP2040 time a solve (docs)

# What the work around the search costs, in budget units (a unit is about a
# search node, ~30-35 K fuel on MicroPython; fitted to measurements with some
# room, docs/rummy.md): loading a position into the search (a base and per
# rack tile, _drop_dead's work), _relevant (the same), _tidy per table meld,
# and _add_tiles (its fit tests, a meld's summary counted as _SUM of them).
_LOAD = const(18)
_REL = const(5)
_PER_TILE = const(2)
_MELD = const(1)
_FITS = const(5)
_SUM = const(14)
# the programme (key, rummy/dp.dp_play): a fixed cost, then _DP_UNITS
# units per move it tries (~69-70 K fuel each under MicroPython, measured:
# benchmarks/rummy_solver_figures.py --fuel); it may spend 1/_DP_SHARE of
# what is left
_DP0 = const(30)
_DP_UNITS = const(3)
_DP_SHARE = const(2)

# ORDER[k]: the tile code of the k-th tile in (number, colour) order
ORDER = bytes([(k & 3) * 13 + (k >> 2) for k in range(52)])

_BITS = bytes([0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4])
_ZERO = bytes(52)

# how a copy was taken, to give it back
_OPT = const(1)
_MAND = const(2)
_VIRT = const(3)
_SONLY = const(4)
_J = const(52)          # tiles.JOKER

# The transposition table (docs/rummy.md): a position of the search is the
# copies left of each tile (and how many of them are set-only), the jokers
# left and, implied by these, where the search stands. Its key is a sum of
# a random weight per copy left (mod 2^29, updated as copies are taken and
# given back) and of the jokers left; a slot keeps a key, the points laid
# when the position was last reached and the optional points left (a check
# that makes a false match ~2^-34 a probe). A position reached again with
# no more points laid than before cannot beat what its first visit found.
_M = const(0x1FFFFFFF)
_SLOTS = const(256)


class Search:
    def __init__(self, limit):
        self.limit = limit
        self.nodes = 0
        self.cut = False
        self.avail = bytearray(52)
        self.mand = bytearray(52)
        self.virt = bytearray(52)
        self.sonly = bytearray(52)
        self.jm = 0         # free jokers that must be placed (swapped out)
        self.jo = 0         # rack jokers
        self.opt = 0        # sum of the numbers of the optional tiles left
        self.cur = 0
        self.best = -1
        self.end = 0x3FFFFFFF       # stop once best reaches it (a proven optimum; `end`: a
                                    # name MicroPython interns already, no new qstr)
        self.sol = None
        self.buf = bytearray(160)
        self.blen = 0
        self.ends = bytearray(64)   # end offset of each meld in buf
        self.nm = 0
        self.sk = bytearray(120)
        self.rs = bytearray(240)    # how each tile of the runs being built was taken
        self.rtop = 0
        self.noskip = 0         # every rack tile must be laid (closing): 1 + the
                                # closing tile, which alone may stay off (R13.8)
        self.nsk = 0
        # The transposition table's names are ones this module interns
        # already (a linked Rummy match is at the stock firmware's qstr
        # cliff: docs/rummy.md): key, the position's key before the jokers;
        # ways, the table's keys; melds, its points laid and optional points
        # left; desc, the weights: [t] of a copy of t, [52 + t] of a
        # set-only copy of t, more (a xorshift sequence kept below 2^29,
        # so that no step makes a long int: garbage on the console's heap)
        self.key = 0
        self.ways = [-1] * _SLOTS
        self.melds = bytearray(2 * _SLOTS)
        w = self.desc = [0] * 104
        x = 0x1234567
        for t in range(104):
            x ^= (x & 0xFFFF) << 13
            x ^= x >> 17
            x ^= (x & 0xFFFFFF) << 5
            w[t] = x

    def reset(self):
        self.avail[:] = _ZERO
        self.mand[:] = _ZERO
        self.virt[:] = _ZERO
        self.sonly[:] = _ZERO
        self.jm = self.jo = self.opt = self.cur = 0
        self.blen = self.nm = self.nsk = self.rtop = 0
        self.noskip = 0

    # --- taking and giving back one copy of tile t ------------------------
    # Taking a copy is written out where it happens, in rec()'s sets and in
    # runs() (a call a tile cost ~20 % of the search's fuel): one unit;
    # a set-only copy first in a set (none in a run), then a kept table
    # joker's virtual copy, then a table copy, then a rack copy (copies are
    # interchangeable, so mandatory ones go first); `how` says which, to give
    # it back; the position's key loses the copy's weight.
    def give(self, t, how):
        self.blen -= 1
        self.avail[t] += 1
        self.key = (self.key + self.desc[t]) & _M
        if how == _OPT:
            v = t % 13 + 1
            self.opt += v
            self.cur -= v
            return
        self.mand[t] += 1
        if how == _VIRT:
            self.virt[t] += 1
        elif how == _SONLY:
            self.sonly[t] += 1
            self.key = (self.key + self.desc[52 + t]) & _M

    def joker(self, mandatory, value):
        if mandatory:
            self.jm -= 1
        else:
            self.jo -= 1
            self.cur += value
        self.buf[self.blen] = tiles.JOKER
        self.blen += 1

    def unjoker(self, mandatory, value):
        self.blen -= 1
        if mandatory:
            self.jm += 1
        else:
            self.jo += 1
            self.cur -= value

    # --- the search ---------------------------------------------------------
    def rec(self, o):
        base = self.nsk
        avail = self.avail
        tt = self.ways
        tv = self.melds
        order = ORDER
        while True:
            self.nodes += 1
            if self.nodes > self.limit:
                self.cut = True
                break
            while o < 52 and not avail[order[o]]:
                o += 1
            if o == 52:
                if not self.jm and self.cur > self.best and not (self.noskip and self.jo > (self.noskip == 53)):
                    self.save()             # first: it may fail (see _run)
                    self.best = self.cur
                    if self.cur >= self.end:
                        self.cut = True     # nothing can beat it: stop here
                break
            c = self.cur
            p = self.opt
            j = self.jo
            if c + p + 13 * j <= self.best:
                break
            # the transposition table: this position, reached before with
            # as many points laid or more, has nothing better to give
            nj = self.jm
            k = (self.key + nj * 0x1000003 + j * 0x2F0003) & _M
            i = k & (_SLOTS - 1)
            p &= 255
            if tt[i] == k and tv[2 * i + 1] == p and c <= tv[2 * i]:
                break
            tt[i] = k
            tv[2 * i] = c if c < 255 else 255
            tv[2 * i + 1] = p
            t = order[o]
            # sets first, then runs (measured: within the budget it finds
            # more plays and better ones, above all on large tables, and
            # proves more: docs/rummy.md), each only when it can build a meld
            nj += j
            x = nj
            u = t + 13
            while x < 2 and u < 52:
                if avail[u]:        # the same number in a higher colour
                    x += 1
                u += 13
            if x >= 2:
                # sets (once sets(), written out here: a call less a set in the
                # rp2 build's C stack, where a table of sets is deep): t, any of the
                # free higher colours of its number, jokers: 3 or 4 tiles
                n = t % 13 + 1
                c = t // 13
                a = self.avail
                free = 0
                for d in range(c + 1, 4):
                    if a[d * 13 + n - 1]:
                        free |= 1 << d
                nj = self.jm + self.jo
                buf = self.buf
                # taking and giving back copies (above), written out for t and the
                # higher colours
                sonly = self.sonly
                vi = self.virt
                ma = self.mand
                w = self.desc
                self.nodes += 1     # take a copy of t (free: one is there)
                b = self.blen
                x = sonly[t]
                a[t] -= 1
                if x:
                    sonly[t] = x - 1
                    ma[t] -= 1
                    h0 = _SONLY
                    buf[b] = _J
                    self.key = (self.key - w[t] - w[52 + t]) & _M
                else:
                    if vi[t]:
                        vi[t] -= 1
                        ma[t] -= 1
                        h0 = _VIRT
                        buf[b] = _J
                    elif ma[t]:
                        ma[t] -= 1
                        h0 = _MAND
                        buf[b] = t
                    else:
                        self.opt -= n
                        self.cur += n
                        h0 = _OPT
                        buf[b] = t
                    self.key = (self.key - w[t]) & _M
                self.blen = b + 1
                sub = free
                while not self.cut:
                    k = 1 + _BITS[sub]
                    if k + nj < 3:
                        # too few tiles in this subset, and in every smaller one
                        if not sub:
                            break
                        sub = (sub - 1) & free
                        continue
                    k = 1
                    hows = 0
                    for d in range(c + 1, 4):
                        if sub & (1 << d):
                            u = d * 13 + n - 1
                            self.nodes += 1
                            b = self.blen
                            x = sonly[u]
                            a[u] -= 1
                            if x:
                                sonly[u] = x - 1
                                ma[u] -= 1
                                h = _SONLY
                                buf[b] = _J
                                self.key = (self.key - w[u] - w[52 + u]) & _M
                            else:
                                if vi[u]:
                                    vi[u] -= 1
                                    ma[u] -= 1
                                    h = _VIRT
                                    buf[b] = _J
                                elif ma[u]:
                                    ma[u] -= 1
                                    h = _MAND
                                    buf[b] = u
                                else:
                                    self.opt -= n
                                    self.cur += n
                                    h = _OPT
                                    buf[b] = u
                                self.key = (self.key - w[u]) & _M
                            self.blen = b + 1
                            hows |= h << (3 * d)
                            k += 1
                    for j in range(3 - k if k < 3 else 0, 5 - k):
                        # mj mandatory and j - mj rack jokers; a rack joker only when
                        # no free natural of the number is left out (exchange argument)
                        for mj in range(j, -1, -1):
                            oj = j - mj
                            if mj > self.jm or oj > self.jo or (oj and sub != free):
                                continue
                            for _ in range(mj):
                                self.joker(True, 0)
                            for _ in range(oj):
                                self.joker(False, n)
                            e = self.blen
                            if k + j > 3 or (buf[e - 1] == _J) + (buf[e - 2] == _J) + (buf[e - 3] == _J) != 2:
                                # (emit(), written out: a call less a meld, in fuel and
                                # in the rp2 build's C stack; R13.2: one natural and two
                                # jokers is a set only at 1, 2, 12 and 13, below)
                                m = self.nm
                                self.ends[m] = e
                                self.nm = m + 1
                                self.rec(o)
                                self.nm = m
                            elif n <= 2 or n >= 12:
                                self.emit_as_set(o, n)
                            for _ in range(oj):
                                self.unjoker(False, n)
                            for _ in range(mj):
                                self.unjoker(True, 0)
                            if self.cut:
                                break
                        if self.cut:
                            break
                    for d in range(3, c, -1):
                        if sub & (1 << d):
                            u = d * 13 + n - 1
                            h = (hows >> (3 * d)) & 7
                            self.blen -= 1
                            a[u] += 1
                            self.key = (self.key + w[u]) & _M
                            if h == _OPT:
                                self.opt += n
                                self.cur -= n
                            else:
                                ma[u] += 1
                                if h == _VIRT:
                                    vi[u] += 1
                                elif h == _SONLY:
                                    sonly[u] += 1
                                    self.key = (self.key + w[52 + u]) & _M
                    if not sub:
                        break
                    sub = (sub - 1) & free
                self.blen -= 1      # give it back
                a[t] += 1
                self.key = (self.key + w[t]) & _M
                if h0 == _OPT:
                    self.opt += n
                    self.cur -= n
                else:
                    ma[t] += 1
                    if h0 == _VIRT:
                        vi[t] += 1
                    elif h0 == _SONLY:
                        sonly[t] += 1
                        self.key = (self.key + w[52 + t]) & _M
                if self.cut:
                    break
            if nj or (t % 13 < 11 and avail[t + 1] > self.sonly[t + 1]
                      and avail[t + 2] > self.sonly[t + 2]):
                self.runs(o, t)
            if self.cut or avail[t] <= self.mand[t] or self.noskip and self.noskip != t + 1:
                break
            # leave the rack copies of t on the rack (closing: the closing
            # tile only). A meld of t with a copy left after one is left was
            # tried above (the same melds, that copy left after them), so
            # none is built here
            while avail[t] > self.mand[t]:
                avail[t] -= 1
                self.opt -= t % 13 + 1
                self.key = (self.key - self.desc[t]) & _M
                self.sk[self.nsk] = t
                self.nsk += 1
                if self.noskip:
                    break
            if avail[t]:
                break
        while self.nsk > base:
            self.nsk -= 1
            t = self.sk[self.nsk]
            avail[t] += 1
            self.opt += t % 13 + 1
            self.key = (self.key + self.desc[t]) & _M

    def emit_as_set(self, o, n):
        b = self.buf
        e = self.blen
        a, c, d = b[e - 3], b[e - 2], b[e - 1]
        nat = a if a != tiles.JOKER else (c if c != tiles.JOKER else d)
        b[e - 3] = tiles.JOKER
        b[e - 2] = tiles.JOKER
        b[e - 1] = tiles.JOKER
        b[e - 3 if n >= 12 else e - 1] = nat
        self.emit(o)
        b[e - 3], b[e - 2], b[e - 1] = a, c, d

    def emit(self, o):
        # the meld being built ends here: on with the rest
        m = self.nm
        self.ends[m] = self.blen
        self.nm = m + 1
        self.rec(o)
        self.nm = m

    def runs(self, o, t):
        # t then each next number of its colour: the natural tile when one is
        # free, else a joker; the i-th joker is mandatory when bit i of `kinds`
        # is set. Emitted longest first, at every length from 3.
        c = t // 13
        n = t % 13 + 1
        a = self.avail
        if not self.jm + self.jo and (n > 11 or a[t + 1] <= self.sonly[t + 1]
                                       or a[t + 2] <= self.sonly[t + 2]):
            return
        rs = self.rs
        base = self.rtop
        nj = self.jm + self.jo
        # taking and giving back copies (above), written out for t and the
        # tiles after it (a run takes no set-only copy)
        sonly = self.sonly
        vi = self.virt
        ma = self.mand
        buf = self.buf
        w = self.desc
        for kinds in range(1 << (nj if nj < 2 else 2)):
            if kinds and not self.jm:
                break
            self.nodes += 1         # take a copy of t
            if a[t] <= sonly[t]:
                return
            a[t] -= 1
            b = self.blen
            if vi[t]:
                vi[t] -= 1
                ma[t] -= 1
                h0 = _VIRT
                buf[b] = _J
            elif ma[t] > sonly[t]:
                ma[t] -= 1
                h0 = _MAND
                buf[b] = t
            else:
                self.opt -= n
                self.cur += n
                h0 = _OPT
                buf[b] = t
            self.key = (self.key - w[t]) & _M
            self.blen = b + 1
            ln = 1
            j = 0
            p = n + 1
            while p <= 13:
                u = c * 13 + p - 1
                self.nodes += 1
                if a[u] <= sonly[u]:
                    h = 0
                else:
                    a[u] -= 1
                    b = self.blen
                    if vi[u]:
                        vi[u] -= 1
                        ma[u] -= 1
                        h = _VIRT
                        buf[b] = _J
                    elif ma[u] > sonly[u]:
                        ma[u] -= 1
                        h = _MAND
                        buf[b] = u
                    else:
                        self.opt -= p
                        self.cur += p
                        h = _OPT
                        buf[b] = u
                    self.key = (self.key - w[u]) & _M
                    self.blen = b + 1
                if not h:
                    if j >= 2:
                        break
                    if (kinds >> j) & 1:
                        if not self.jm:
                            break
                        self.joker(True, 0)
                        h = 8
                    else:
                        if not self.jo:
                            break
                        self.joker(False, p)
                        h = 9
                    j += 1
                rs[base + ln] = h
                ln += 1
                p += 1
            self.rtop = base + ln
            top = n + ln - 1
            if top == 13 and kinds < (1 << j):
                self.leading(o, n, ln, j, kinds)
            while ln > 1 and not self.cut:
                if ln >= 3 and kinds < (1 << j):
                    m = self.nm     # emit(), inlined
                    self.ends[m] = self.blen
                    self.nm = m + 1
                    self.rec(o)
                    self.nm = m
                ln -= 1
                h = rs[base + ln]
                if h == 8:
                    self.unjoker(True, 0)
                    j -= 1
                elif h == 9:
                    self.unjoker(False, n + ln)
                    j -= 1
                else:
                    u = c * 13 + n + ln - 1
                    self.blen -= 1
                    a[u] += 1
                    self.key = (self.key + w[u]) & _M
                    if h == _OPT:
                        self.opt += n + ln
                        self.cur -= n + ln
                    else:
                        ma[u] += 1
                        if h == _VIRT:
                            vi[u] += 1
            while ln > 1:
                ln -= 1
                h = rs[base + ln]
                if h == 8:
                    self.unjoker(True, 0)
                elif h == 9:
                    self.unjoker(False, n + ln)
                else:
                    self.give(c * 13 + n + ln - 1, h)
            self.blen -= 1          # give it back
            a[t] += 1
            self.key = (self.key + w[t]) & _M
            if h0 == _OPT:
                self.opt += n
                self.cur -= n
            else:
                ma[t] += 1
                if h0 == _VIRT:
                    vi[t] += 1
            self.rtop = base
            if self.cut:
                return

    def leading(self, o, n, ln, j, kinds):
        # a run that reaches 13 may grow downwards with jokers
        buf = self.buf
        s = self.blen - ln
        for lead in range(1, 3 - j):
            if n - lead < 1 or ln + lead < 3:
                continue
            for mj in range(lead, -1, -1):
                oj = lead - mj
                if mj > self.jm or oj > self.jo:
                    continue
                for i in range(self.blen - 1, s - 1, -1):
                    buf[i + lead] = buf[i]
                for i in range(lead):
                    buf[s + i] = tiles.JOKER
                self.blen += lead
                self.jm -= mj
                self.jo -= oj
                v = 0
                for i in range(oj):
                    v += n - 1 - i
                self.cur += v
                self.emit(o)
                self.cur -= v
                self.jm += mj
                self.jo += oj
                self.blen -= lead
                for i in range(s, self.blen):
                    buf[i] = buf[i + lead]
                if self.cut:
                    return

    def save(self):
        out = []
        s = 0
        for i in range(self.nm):
            e = self.ends[i]
            out.append(bytes(self.buf[s:e]))
            s = e
        self.sol = out


# --- the solver's entry point ------------------------------------------------
_S = []


def _fresh(limit):
    # one Search serves every search of every solve, one after another: its
    # buffers are allocated once, so a solve allocates little (which also
    # keeps its fuel from growing with how fragmented the heap is)
    if not _S:
        _S.append(Search(limit))
    s = _S[0]
    s.limit = limit
    s.nodes = 0
    s.cut = False
    s.best = -1
    s.end = 0x3FFFFFFF
    s.sol = None
    return s


_KEEP = const(0)
_KEEP_SET = const(1)
_FREE = const(2)


def _options(ident, rack):
    """How a table joker may be treated: (way, tile) codes way << 6 | tile."""
    n = ident >> 6
    out = []
    for c in range(4):
        if ident & (1 << c):
            t = c * 13 + n - 1
            out.append((_KEEP_SET if ident & rules.SET3 else _KEEP) << 6 | t)
    if not ident & rules.SET3:
        for c in range(4):
            t = c * 13 + n - 1
            if ident & (1 << c) and rack[t]:
                out.append(_FREE << 6 | t)
    return out


def _load(s, table, rack, ways, closing, close):
    """Fill the search with a position; False when the ways cannot apply."""
    s.reset()
    s.noskip = closing + 1 if close else 0
    a = s.avail
    for m in table:
        for t in m:
            if t != tiles.JOKER:
                a[t] += 1
                s.mand[t] += 1
    for t in rack:
        if t == tiles.JOKER:
            s.jo += 1
        else:
            a[t] += 1
            s.opt += t % 13 + 1
    if closing != rules.NO_TILE:
        if closing == tiles.JOKER:
            s.jo += 1
        else:
            a[closing] += 1
            s.opt += closing % 13 + 1
    for w in ways:
        t = w & 63
        way = w >> 6
        if way == _FREE:
            if a[t] <= s.mand[t]:
                return False
            s.mand[t] += 1
            s.opt -= t % 13 + 1
            s.cur += t % 13 + 1
            s.jm += 1
        else:
            a[t] += 1
            s.mand[t] += 1
            if way == _KEEP:
                s.virt[t] += 1
            else:
                s.sonly[t] += 1
    return _drop_dead(s)


def _drop_dead(s):
    # a rack tile that no meld could hold, whatever the rest does, leaves the
    # search (the bound then no longer counts it); False when a closing play
    # is therefore impossible
    a = s.avail
    j = s.jo + s.jm
    for t in range(52):
        k = a[t] - s.mand[t]
        if k <= 0:
            continue
        n = t % 13
        c13 = t - n
        ok = j >= 2
        if not ok:
            have = 0
            for d in range(n % 13, 52, 13):
                if a[d]:
                    have += 1
            ok = have + j >= 3
        lo = n - 2
        while not ok and lo <= n:
            if lo >= 0 and lo + 2 <= 12:
                miss = 0
                for v in range(lo, lo + 3):
                    if not a[c13 + v]:
                        miss += 1
                ok = miss <= j
            lo += 1
        if not ok:
            if s.noskip and (k > 1 or s.noskip != t + 1):
                return False    # a closing play must lay it (all but the closing tile)
            a[t] -= k
            s.opt -= k * (n + 1)
    return True


def _search(s, table, rack, exposed, closing, close):
    """Run the search over every way of treating the table jokers (exposed)
    or over the rack alone (first exposure). The best stays in s.sol/s.best."""
    if not exposed:
        if _charge(s, rack) and _load(s, (), rack, (), closing, close):
            _run(s)
        return
    idents = []
    for m in table:
        rules.joker_idents(m, idents)
    counts = tiles.counts(rack)
    opts = [_options(i, counts) for i in idents]
    combos = [()]
    for op in opts:
        combos = [c + (w,) for c in combos for w in op]
    twin = False
    for ways in combos:
        if not _charge(s, rack):
            break
        if _load(s, table, rack, ways, closing, close):
            j = s.jo + s.jm
            for w in ways:
                if w >> 6 != _FREE:
                    j += 0x100
            _run(s)
            # It proves nothing (a play it finds is still legal) where its
            # model is short of the rules: both table jokers kept for one
            # tile, which it puts in two melds, never in one set (its two
            # missing colours, R13.7); or a free joker (the rack's, or one
            # swapped out) with another joker in play, kept or free: the
            # exchange argument (a free joker never stands for a tile whose
            # natural is free) fails when the natural's meld is a set of 3
            # that would then hold two jokers, read as a run (R13.2)
            twin |= (len(ways) == 2 and ways[0] == ways[1] and ways[0] >> 6 == _KEEP
                     or j & 0xFF and (j & 0xFF) + (j >> 8) >= 2)
    if twin:
        s.cut = True


def _run(s):
    # The search recurses about three frames a meld it builds. The rp2 build's
    # C stack ends ~8-9 melds deep (measured on the virtual Pico; the WASI
    # build and CPython go far deeper), so a deeper branch raises
    # RuntimeError there: the search then stops as when its budget runs out,
    # keeping the best play saved so far (save() runs before best is raised).
    # a new start for the positions' keys: the table's entries of earlier
    # searches (other positions) then match only by chance (~2^-34 a probe)
    s.key = (s.key + 0x9E3779B) & _M
    try:
        s.rec(0)
    except RuntimeError:
        s.cut = True


def _charge(s, rack):
    # pay for loading a position, or stop the search when the budget cannot
    s.nodes += _LOAD + _PER_TILE * len(rack)
    if s.cut or s.nodes >= s.limit:
        s.cut = True
    return not s.cut


def _set_order(m):
    # a set's naturals in colour order, jokers last, as the UI would show it;
    # anything that order would read differently (R13.2) stays as it is
    if rules.kind(m) != rules.SET:
        return m
    a = rules.arrange(m)
    return a if a is not None and rules.kind(a) == rules.SET else m


def _tidy(table, sol):
    # melds the play leaves as they were keep their place and order
    out = []
    rest = list(sol)
    keys = [bytes(sorted(m)) for m in rest]
    for m in table:
        key = bytes(sorted(m))
        for i in range(len(rest)):
            if keys[i] == key:
                rest.pop(i)
                keys.pop(i)
                out.append(bytes(m))
                break
    for m in rest:
        out.append(_set_order(m))
    return tuple(out)


def _relevant(table, ts):
    """Split the table: melds that could take part in a play of the tiles ts
    (sharing a number, or a colour within two numbers, with one of them, or
    holding a joker whose tile is among them), and the rest, which stays."""
    near = bytearray(53)
    for t in ts:
        near[t] |= 2
        if t == tiles.JOKER:
            continue
        n = t % 13
        for c in range(4):
            near[c * 13 + n] |= 1
        c = t // 13
        for d in range(max(0, n - 2), min(13, n + 3)):
            near[c * 13 + d] |= 1
    use = []
    keep = []
    ids = []
    for m in table:
        hit = False
        for u in m:
            if u != tiles.JOKER and near[u] & 1:
                hit = True
                break
        if not hit:
            ids.clear()
            rules.joker_idents(m, ids)
            for i in ids:
                for c in range(4):
                    if i & (1 << c) and near[c * 13 + (i >> 6) - 1] & 2:
                        hit = True
        (use if hit else keep).append(m)
    return use, keep


def greedy(table, rack, exposed, limit, adds=True, rearrange=False):
    """New melds from the rack alone (the best, by search), then, once the
    player has exposed, rack tiles added one by one to the ends of runs and to
    sets of 3 and, with rearrange, into runs that they split in two (_split)
    and into new melds with a tile taken from the table (_steal).
    Returns (new table, points, nodes used) or (None, 0, nodes)."""
    s = _fresh(limit)
    s.best = rules.FIRST_MIN - 1 if not exposed else 0
    _search(s, (), rack, False, rules.NO_TILE, False)
    out = [_bytes(m) for m in table]
    pts = 0
    left = list(rack)
    if s.sol is not None:
        pts = s.best
        for m in s.sol:
            out.append(_set_order(m))
            for t in m:
                left.remove(t)
    if exposed and adds:
        v, work = _add_tiles(out, left)
        pts += v
        s.nodes += (work + _SUM * len(out)) // _FITS
        if rearrange:
            v, work = _split(out, left)
            u, w = _steal(out, left)
            v += u
            work += w
            if v:
                # the new melds' ends may take more
                pts += v
                u, w = _add_tiles(out, left)
                pts += u
                work += w + _SUM * len(out)
            s.nodes += work // _FITS
    if not pts:
        return None, 0, s.nodes
    return tuple(out), pts, s.nodes


def _add_tiles(out, left):
    # naturals first (sorted), so that a joker goes where no natural can; a
    # tile goes to the first meld it fits. Each meld is summed up once as
    # [kind, colour or number, low, high or colours, size] so that a fit costs
    # a few comparisons. Returns (points, fit tests made: the work).
    pts = 0
    left.sort()
    desc = []
    for m in out:
        st = rules._run_start(m)      # every meld here is one: a run when this is not 0
        if st:
            desc.append([rules.RUN, m[rules._first_natural(m)] // 13, st, st + len(m) - 1, len(m)])
        else:
            desc.append([rules.SET, rules.number_of(m), 0, rules._colours(m), len(m)])
    nm = len(out)
    work = 0
    i = 0
    while i < len(left):
        # the tiles before i fit no meld as the melds stand
        k = 0
        while k < nm and not _fits(desc[k], left[i]):
            k += 1
        work += k + 1
        if k == nm:
            i += 1
            continue
        j = i
        while j >= 0:
            # a tile added may make room for an earlier one, in this meld
            # only (the others did not change): the first such goes there
            pts += _lay(out, desc, k, left.pop(j))
            if j < i:
                i -= 1
            j = 0
            while j < i and not _fits(desc[k], left[j]):
                j += 1
            work += j + 1
            if j == i:
                j = -1
    return pts, work


def _split(out, left):
    # A rack tile inside a run of its colour, two or more places from either
    # end, splits it into two runs that both hold its number (R5 into R3..R8:
    # R3 R4 R5 | R5 R6 R7 R8). The search finds these too, but on a large
    # table often not within its budget (level 3 then passed with such a play
    # in hand), and a seed that lays more leaves the search less to walk.
    # Returns (points, work: fit tests and the tiles read).
    pts = 0
    work = 0
    i = 0
    while i < len(left):
        t = left[i]
        i += 1
        if t == tiles.JOKER:
            continue
        v = t % 13 + 1
        for k in range(len(out)):
            m = out[k]
            work += 1
            if len(m) < 5:
                continue
            f = rules._first_natural(m)
            if m[f] // 13 != t // 13:
                continue
            st = rules._run_start(m)
            work += len(m)
            if not st or v < st + 2 or v > st + len(m) - 3:
                continue
            a = m[:v - st + 1]
            b = bytes([t]) + m[v - st + 1:]
            work += 2 * len(m)
            if rules.kind(a) != rules.RUN or rules.kind(b) != rules.RUN:
                continue
            out[k] = a
            out.append(b)
            left.pop(i - 1)
            pts += v
            i = 0           # the halves may take a copy split off before
            break
    return pts, work


def _steal(out, left):
    # An end tile of a run of 4 or more, or a tile of a set of 4, taken into
    # a new meld with rack tiles: two of its colour around it, or the other
    # colours of its number (R5 R6 and R7 of R7 B7 Y7 K7 make R5 R6 R7; B7 Y7
    # and R7 of R4..R7 make R7 B7 Y7). The search's budget misses these on a
    # crowded table as it does _split's. Nothing is allocated before a take
    # is found (this runs inside a decision whose garbage the heap must hold).
    # Returns (points, work).
    pts = 0
    work = 0
    k = 0
    while k < len(out):
        m = out[k]
        k += 1
        if len(m) < 4:
            continue
        work += len(m)
        step = len(m) - 1 if rules._run_start(m) else 1     # a run's ends; a set's every tile
        i = 0
        while i < len(m):
            t = m[i]
            i += step
            if t == tiles.JOKER:
                continue
            n = t % 13
            c = t - n
            ns = 0
            for u in range(n, 52, 13):
                if u != t and u in left:
                    ns += 1
            v = (n + 1) * ns if ns > 1 else 0
            lo = -1
            for a in range(n - 2, n + 2):
                # the pairs (n-2, n-1), (n-1, n+1) and (n+1, n+2) of its colour
                b = n + 1 if a == n - 1 else a + 1
                if a != n and a >= 0 and b <= 12 and a + b + 2 > v and c + a in left and c + b in left:
                    lo = c + a
                    hi = c + b
                    v = a + b + 2
            work += 4 + len(left)
            if not v:
                continue
            if lo < 0:
                got = [u for u in range(n, 52, 13) if u != t and u in left]
            else:
                got = [lo, hi]
            rest = m[:i - step] + m[i - step + 1:]
            new = bytes(sorted(got + [t]))
            work += 3 * len(m)
            if rules.kind(rest) < 0 or rules.kind(new) < 0:
                continue
            out[k - 1] = rest
            out.append(new)
            for u in got:
                left.remove(u)
            pts += v
            k = 0           # the rest and the new meld may give again
            break
    return pts, work


def _lay(out, desc, k, t):
    d = desc[k]
    v = _fits(d, t)
    m = out[k]
    if v > 0:
        out[k] = m + bytes([t])
        if d[0] == rules.RUN:
            d[3] += 1
        elif t != tiles.JOKER:
            d[3] |= 1 << (t // 13)
    else:
        out[k] = bytes([t]) + m
        v = -v
        d[2] -= 1
    d[4] += 1
    return v


def _fits(d, t):
    """Whether tile t extends the meld summed up by d: its value at the high
    end (> 0), minus its value at the low end (< 0), or 0."""
    if d[0] == rules.RUN:
        s = d[2]
        e = d[3]
        if t != tiles.JOKER:
            if t // 13 != d[1]:
                return 0
            n = t % 13 + 1
            return n if n == e + 1 else (-n if n == s - 1 else 0)
        return e + 1 if e < 13 else (1 - s if s > 1 else 0)
    if d[4] >= 4:
        return 0
    if t == tiles.JOKER:
        return d[1]
    if t % 13 + 1 != d[1] or d[3] & (1 << (t // 13)):
        return 0
    return d[1]


def solve(table, rack, exposed=True, closing=rules.NO_TILE, limit=NODES, rearrange=True, adds=True, key=None):
    """The legal play laying the most points from the rack (R13.6: a joker
    counts as the tile it stands for), a closing play (R13.8) first when one is
    found. rearrange=False keeps every table meld as it is (AI levels 1-2);
    adds=False also lays nothing on the table's melds (level 1).

    Returns None when no play was found, else (new table: tuple of bytes,
    points, closes, exact). exact: the search finished within the node budget
    over the whole table, so no legal play lays more points, or the play
    closes (nothing beats closing; its jokers may then stand for less)."""
    table = [_bytes(m) for m in table]
    best, pts, used = greedy(table, rack, exposed, limit, adds, rearrange)
    exact = False
    if best is not None and _count(best) - _count(table) == len(rack):
        return (best, pts, True, True)     # nothing beats closing
    # Every step below is paid from what is left of the budget, and a search
    # keeps back what laying out its answer (_tidy) costs: nothing runs once
    # the budget is spent (a search that cannot pay stops before it starts).
    tidy = _MELD * (len(table) + 1)
    if key is not None and exposed and rearrange and limit - used > _DP0 + tidy:
        # key, the programme rummy/dp.dp_play, knows the best play
        # (jokers and the closing tile included) when it finishes within its
        # share of the budget: the play is then proven, and no search is
        # needed. The host passes it; the console does not (its code, names
        # and layers do not fit beside a linked Rummy match: docs/rummy.md)
        v, melds, closes, work = key(table, rack, closing,
                                     (limit - used - _DP0 - tidy) // _DP_SHARE // _DP_UNITS, pts)
        used += _DP0 + work * _DP_UNITS
        if v is not None:
            if melds is not None:
                return (_tidy(table, melds), v, closes, True)
            # nothing beats the seed play, and no play closes
            return None if best is None else (best, pts, False, True)
    if exposed and rearrange and not exact:
        used += _REL + _PER_TILE * len(rack)
        use, keep = _relevant(table, rack)
        s = _fresh(limit - used - tidy)
        s.best = pts
        _search(s, use, rack, True, rules.NO_TILE, False)
        used += s.nodes
        exact = not s.cut and not keep
        if s.sol is not None:
            best = _tidy(table, keep + list(s.sol))
            pts = s.best
            used += tidy
        if keep and not s.cut:
            # budget left: the whole table, to beat that or to prove it best
            s = _fresh(limit - used - tidy)
            s.best = pts
            _search(s, table, rack, True, rules.NO_TILE, False)
            used += s.nodes
            exact = not s.cut
            if s.sol is not None:
                best = _tidy(table, s.sol)
                pts = s.best
                used += tidy
    elif not exposed:
        # (two rack jokers: the exchange argument may fail, _search above)
        n = 0
        for t in rack:
            if t == tiles.JOKER:
                n += 1
        exact = used <= limit and n < 2
    closes = best is not None and _count(best) - _count(table) == len(rack)
    if not closes and closing != rules.NO_TILE:
        ts = bytearray(rack)
        ts.append(closing)
        if exposed and rearrange:
            used += _REL + _PER_TILE * len(ts)
            use, keep = _relevant(table, ts)
        else:
            use, keep = [], table
        c = _fresh(limit - used - tidy)
        c.best = rules.FIRST_MIN - 1 if not exposed else 0
        _search(c, use, rack, exposed, closing, True)
        if c.sol is None and keep and exposed and rearrange and not c.cut:
            # budget left: no closing play near the rack; the whole table
            used += c.nodes
            c = _fresh(limit - used - tidy)
            _search(c, table, rack, True, closing, True)
            keep = []
        if c.sol is not None:
            return (_tidy(table, keep + list(c.sol)), c.best, True, True)
        if c.cut or keep and exposed:
            exact = False       # a closing play (it beats any) may be there
    if best is None:
        return None
    return (best, pts, closes, exact)


def _bytes(m):
    # a meld as bytes, copied only when it is not (every allocation of a solve
    # costs more fuel the more fragmented the heap is)
    return m if type(m) is bytes else bytes(m)


def _count(melds):
    n = 0
    for m in melds:
        n += len(m)
    return n
