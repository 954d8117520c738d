# The Rummy solver's exact programme (docs/rummy.md, "The solver", step 6;
# issue 23): rummy/solve.solve(key=dp_play) uses it to find the best
# play and prove it; the host's `burako rummy solve` passes it, the console
# does not (below: what it costs there).
from micropython import const
from engine import tiles


# van Rijn, Takes and Vis ("The Complexity of Rummikub Problems", 2016): go
# through the numbers 1..13 once; what a play does at number v depends on the
# numbers below only through the runs still open in each colour and how long
# they are (1, 2, or 3 and more: a run may end only from 3), and, with
# jokers, how many jokers are placed so far. dp_play returns the play too:
# every layer keeps, per state, its best predecessor and move, and the path
# to the best final state is replayed into melds (_lay_out).
#
# The tiles are visited one cell (number, colour) at a time, numbers 1..13,
# colours in code order. A state is the open runs of every colour (how many
# of length 1, 2 and 3+: with jokers a colour may have up to four open at
# once), the free jokers placed so far (swapped table jokers, which must all
# be placed, and rack jokers), whether a rack tile has been left and whether
# the closing tile was used, and, within a number, what each colour of it
# sends to sets (real tiles and kept table jokers). After a number's last
# colour its sets are formed (free jokers may join them) and checked. A table
# joker is treated as in the search (docs/rummy.md step 3): kept, a virtual
# copy of a tile it stands for (set-only for one of a set of 3), or swapped,
# which makes its tile from the rack mandatory and adds a free joker that must
# be placed; every way is one programme. Kept jokers count as jokers for
# R13.2: a set with one natural and two jokers is read as a run unless its
# number is 1, 2, 12 or 13, so elsewhere every set has two naturals.
# The value is lexicographic: a closing play (every rack tile laid) first,
# then the points (R13.6's count: a rack joker is worth what it stands for).
_CLOSE = const(1 << 12)         # above any number of points a play can lay


def _ways(table, rack):
    """Every way of treating the table jokers: tuples of (way, tile), way 0
    kept, 2 swapped; or (1, number - 1 << 4 | colours) for a set of 3's
    joker, kept in a set of its number that misses one of those colours."""
    from rummy import rules
    ids = []
    for m in table:
        rules.joker_idents(m, ids)
    combos = [()]
    for i in ids:
        n = i >> 6
        op = []
        if i & rules.SET3:
            # one way: in a set of its number missing one of its colours
            op.append((1, (n - 1) << 4 | (i & 15)))
        else:
            for c in range(4):
                if i & (1 << c):
                    t = c * 13 + n - 1
                    op.append((0, t))
                    if [1 for u in rack if u == t]:
                        op.append((2, t))
        combos = [w + (o,) for w in combos for o in op]
    return combos


_SETS = {}


def _sets(acc, so, js, edge):
    """How this number's set tiles split into sets: acc per colour (real,
    kept) copies, so the masks of the set-of-3 jokers kept at this number,
    js free jokers; a list of sets, each a list of items (c for a natural of
    colour c, 16 + colours for a kept joker, 32 a free joker), or None when
    they cannot. edge: the number is 1, 2, 12 or 13 (a set may then hold one
    natural and two jokers)."""
    k = (acc, so, js, edge)
    if k in _SETS:
        return _SETS[k]
    items = []
    for c in range(4):
        items += [c] * acc[2 * c]
    for c in range(4):
        items += [16 | 1 << c] * acc[2 * c + 1]
    for m in so:
        items.append(16 | m)
    r = _place(items, 0, [], js, edge)
    _SETS[k] = r
    return r


def _place(items, i, groups, js, edge):
    # items: naturals first, then kept jokers. A set's naturals have distinct
    # colours; a kept joker needs one of its colours missing from them
    # (R13.7: in a set it stands for a missing colour), so two kept jokers of
    # one colour may share a set. Each item goes into an existing group or a
    # new one (at most 3 sets a number); free jokers fill them last.
    if i == len(items):
        need = 0
        room = 0
        for g in groups:
            reals = len([x for x in g if x < 4])
            if not reals or (reals < 2 and not edge):
                return None
            need += max(0, 3 - len(g))
            room += 4 - len(g)
        if not need <= js <= room:
            return None
        out = []
        left = js
        for g in groups:
            k = max(0, 3 - len(g))
            out.append(g + [32] * k)
            left -= k
        for g in out:
            while left and len(g) < 4:
                g.append(32)
                left -= 1
        return out
    x = items[i]
    for g in groups:
        if len(g) >= 4:
            continue
        cols = 0
        for y in g:
            if y < 4:
                cols |= 1 << y
        if x < 4:
            if cols & (1 << x):
                continue
        elif not x & 15 & ~cols:
            continue
        g.append(x)
        r = _place(items, i + 1, groups, js, edge)
        g.pop()
        if r is not None:
            return r
    if len(groups) < 3:
        groups.append([x])
        r = _place(items, i + 1, groups, js, edge)
        groups.pop()
        if r is not None:
            return r
    return None


_OPTS = {}


def _cell_opts(cs, M, R, K, S, jm, jo, closing):
    """The moves of one cell: cs the colour's open runs (n1, n2, n3), M table
    copies, R rack copies (closing: one more, the closing tile), K kept
    jokers standing here, S kept set-of-3 jokers here, jm/jo free swapped /
    rack jokers still to place (memoised: the same few keys recur). Each move: (new cs, swapped jokers, rack
    jokers, real and virtual copies to sets, rack copies left, rack copies
    laid, the closing tile used, detail for laying it out)."""
    k = (cs, M, R, K, S, jm, jo, closing)
    if k in _OPTS:
        return _OPTS[k]
    n1, n2, n3 = cs
    out = []
    RC = R + closing
    for c3 in range(n3 + 1):
        need = n1 + n2 + c3
        for y in range(5):
            if y and c3 < n3:
                break       # a run ending where another starts: one run (continuing it dominates)
            rc = need + y
            if rc > M + RC + K + jm + jo:
                break
            if n1 + n2 + c3 + y > 4:
                break
            for kr in range(min(K, rc) + 1):
                for mr in range(min(M, rc - kr) + 1):
                    for rr in range(min(RC, rc - kr - mr) + 1):
                        j = rc - kr - mr - rr
                        if j > jm + jo:
                            continue
                        for jmr in range(max(0, j - jo), min(j, jm) + 1):
                            jor = j - jmr
                            for rs in range(RC - rr + 1):
                                used = rr + rs
                                cu = 1 if used > R else 0
                                left = R - used if not cu else 0
                                if jor and left:
                                    continue    # the rack's natural, not a joker (same points)
                                sr = M - mr + rs
                                sv = K - kr + S
                                if sr + sv > 3:
                                    continue
                                out.append(((y, n1, n2 + c3), jmr, jor, sr, sv, left, used, cu,
                                            (c3, y, kr, mr, rr, rs, jmr, jor, sr, sv)))
    _OPTS[k] = out
    return out


def dp_play(table, rack, closing=255, limit=1 << 30, floor=-1, close=True):
    """The best play, rearranging the whole table (R13.5..R13.8; the player
    has exposed): (points, melds, closes, work), melds None when no legal
    play beats floor (points then floor) or (None, None, False, work) past
    limit (work: moves tried). A closing play (every rack tile laid, the
    closing tile allowed then) beats any other (close=False: the points
    alone, as the search counts them); floor bounds the others."""
    best = None
    work = 0
    if floor < 0:
        floor = 0       # a play lays at least one tile, worth 1 or more
    if not rack:
        return floor, None, False, 0
    for ways in _ways(table, rack):
        r = _dp_way(table, rack, closing, ways, limit - work, floor if best is None else best[0], close)
        if r is None:
            return None, None, False, limit + 1
        score, melds, w = r
        work += w
        if melds is not None and (best is None or score > best[0]):
            best = (score, melds)
    if best is None:
        return floor, None, False, work
    score, melds = best
    n = 0
    for m in melds:
        n += len(m)
    for m in table:
        n -= len(m)
    return score % _CLOSE, melds, n >= len(rack), work


def _dp_way(table, rack, closing, ways, limit, floor, close):
    M = bytearray(53)
    R = bytearray(53)
    K = bytearray(53)
    so = [[] for _ in range(13)]
    rj = 0
    for m in table:
        for t in m:
            if t != tiles.JOKER:
                M[t] += 1
    for t in rack:
        if t == tiles.JOKER:
            rj += 1
        else:
            R[t] += 1
    base = 0
    fm = 0
    for way, t in ways:
        if way == 2:
            if not R[t]:
                return 0, None, 0
            R[t] -= 1
            M[t] += 1
            base += t % 13 + 1
            fm += 1
        elif way == 1:
            so[t >> 4].append(t & 15)
        else:
            K[t] += 1
    cj = 1 if closing == tiles.JOKER else 0
    ct = closing if closing < 52 else -1
    fo = rj + cj
    # a[t]: the copies of t that could continue a run (naturals, kept jokers)
    a = bytearray(53)
    for t in range(52):
        a[t] = M[t] + R[t] + K[t] + (1 if t == ct else 0)
    so = [tuple(x) for x in so]
    # rest[i]: the most the rack can still add from cell i on (bound)
    rest = [0] * 53
    for i in range(51, -1, -1):
        t = (i & 3) * 13 + (i >> 2)
        rest[i] = rest[i + 1] + R[t] * ((i >> 2) + 1)
    # A state is one int: the open runs of each colour (an index into _CSL,
    # 6 bits each), the swapped and the rack jokers placed (2 bits each),
    # whether a rack tile was left and whether the closing tile was used,
    # and above bit 30, within a number, what each colour sent to its sets
    # (4 bits a colour). A layer maps states to points, nothing else: the
    # play's path is found again backwards (_back), so a layer costs a
    # dictionary of ints (no tuples kept per state).
    ctx = (M, R, K, a, fm, fo, ct, so, rest, floor)
    layer = {0: base}
    hist = [layer]
    work = 0
    for i in range(52):
        new = {}
        work = _cell(layer, i, ctx, new, work, limit)
        if work > limit:
            return None
        hist.append(new)
        layer = new
        if i & 3 == 3:
            new = {}
            work = _setstep(layer, i >> 2, ctx, new, work)
            if work > limit:
                return None
            hist.append(new)
            layer = new
    bestk = -1
    bests = -1
    for key, pts in layer.items():
        if key & 0xFFFFFF != _FINAL[key & 63] | _FINAL[key >> 6 & 63] << 6 | \
                _FINAL[key >> 12 & 63] << 12 | _FINAL[key >> 18 & 63] << 18:
            continue    # a run of one or two tiles left open
        if key >> 24 & 3 != fm:
            continue    # a swapped joker not placed
        jo = key >> 26 & 3
        left = key >> 28 & 1 or jo < rj
        if cj and jo > rj:
            if left:
                continue
        elif key >> 29 & 1 and left:
            continue
        sc = pts + (0 if left or not close else _CLOSE)
        if sc > bests:
            bests = sc
            bestk = key
    if bestk < 0 or bests <= floor:
        return bests if bests > floor else floor, None, work
    return bests, _lay_out(_back(hist, bestk, ctx), so), work


# every colour state (n1, n2, n3): open runs of length 1, 2 and 3+, at most 4
_CSL = [(x, y, z) for x in range(5) for y in range(5) for z in range(5) if x + y + z <= 4]
_CSI = {}
for _k in range(len(_CSL)):
    _CSI[_CSL[_k]] = _k
# _FINAL[i]: the colour state i with no short run open is itself, else 63
_FINAL = bytes([k if not _CSL[k][0] and not _CSL[k][1] else 63 for k in range(len(_CSL))] + [63] * 29)


def _cell(layer, i, ctx, new, work, limit, want=-1, wpts=0, found=None):
    """One cell's moves from every state of layer into new (the most points
    per state): the work so far. With want, the state and move of layer that
    reach state want with wpts points instead, appended to found."""
    M, R, K, a, fm, fo, ct, so, rest, floor = ctx
    v = (i >> 2) + 1
    c = i & 3
    t = c * 13 + v - 1
    sh = 6 * c
    cap = floor - rest[i] - 13 * fo
    cl = 1 if t == ct else 0
    for key, pts in layer.items():
        left0 = key >> 28 & 1
        if left0 and pts <= cap:
            continue        # cannot close, cannot beat floor
        jm = key >> 24 & 3
        jo = key >> 26 & 3
        opts = _cell_opts(_CSL[key >> sh & 63], M[t], R[t], K[t], 0, fm - jm, fo - jo, cl)
        if want < 0:
            work += len(opts)
            if work > limit:
                return work
        jl = fm - jm + fo - jo
        keep = key & 0x3FFFFFFF & ~(63 << sh) & ~(15 << 24)
        acc = key >> 30
        for o in opts:
            cs, jmr, jor, sr, sv, lf, used, cu, d = o
            # the runs this colour leaves open: the short ones must go on at
            # the next number, and no more long ones than copies there could
            # carry on are worth keeping open (closing a long run is always
            # allowed: the states merge)
            nxt = a[t + 1] + jl - jmr - jor if v < 13 else 0
            if cs[0] + cs[1] > nxt:
                continue
            if cs[2] > nxt - cs[0] - cs[1]:
                cs = (cs[0], cs[1], nxt - cs[0] - cs[1])
            nk = keep | _CSI[cs] << sh | (jm + jmr) << 24 | (jo + jor) << 26 | cu << 29 \
                | (acc | (sr | sv << 2) << 4 * c) << 30
            if lf:
                nk |= 1 << 28
            p = pts + (used + jor) * v
            if want >= 0:
                if nk == want and p == wpts and found is not None:
                    found.append((key, d))
                    return work
                continue
            if new.get(nk, -1) < p:
                new[nk] = p
    return work


def _setstep(layer, n, ctx, new, work, want=-1, wpts=0, found=None):
    """Number n + 1's sets (free jokers may join them); with want, as _cell."""
    fm, fo, so = ctx[4], ctx[5], ctx[7]
    v = n + 1
    edge = v <= 2 or v >= 12
    for key, pts in layer.items():
        acc = key >> 30
        at = (acc & 3, acc >> 2 & 3, acc >> 4 & 3, acc >> 6 & 3, acc >> 8 & 3, acc >> 10 & 3,
              acc >> 12 & 3, acc >> 14 & 3)
        jm = key >> 24 & 3
        jo = key >> 26 & 3
        core = key & 0x3FFFFFFF
        for jms in range(fm - jm + 1):
            for jos in range(fo - jo + 1):
                if want < 0:
                    work += 1
                if _sets(at, so[n], jms + jos, edge) is None:
                    continue
                nk = core + (jms << 24) + (jos << 26)
                p = pts + jos * v
                if want >= 0:
                    if nk == want and p == wpts and found is not None:
                        found.append((key, (jms, jos)))
                        return work
                    continue
                if new.get(nk, -1) < p:
                    new[nk] = p
    return work


def _back(hist, key, ctx):
    """The moves of the path that ends at key in the last layer, first move
    first: each layer's moves tried again until one reaches the state."""
    path = []
    h = len(hist) - 1
    i = 51
    while h > 0:
        found = []
        if h % 5 == 0:
            _setstep(hist[h - 1], i >> 2, ctx, None, 0, key, hist[h][key], found)
        else:
            _cell(hist[h - 1], i, ctx, None, 0, 1 << 30, key, hist[h][key], found)
            i -= 1
        key, d = found[0]
        path.append(d)
        h -= 1
    path.reverse()
    return path


def _lay_out(path, so):
    """The melds of a path of moves (_back): each cell's move replayed."""
    runs = [[], [], [], []]
    melds = []
    acc = [0] * 8
    h = 0
    for i in range(52):
        v = (i >> 2) + 1
        c = i & 3
        t = c * 13 + v - 1
        c3, y, kr, mr, rr, rs, jmr, jor, sr, sv = path[h]
        h += 1
        short = [r for r in runs[c] if len(r) < 3]
        long = [r for r in runs[c] if len(r) >= 3]
        for r in long[c3:]:
            melds.append(bytes(r))
        go = short + long[:c3] + [bytearray() for _ in range(y)]
        toks = [t] * (mr + rr) + [tiles.JOKER] * (kr + jmr + jor)
        for r, x in zip(go, toks):
            r.append(x)
        runs[c] = go
        acc[2 * c] = sr
        acc[2 * c + 1] = sv
        if c == 3:
            jms, jos = path[h]
            h += 1
            # the programme checked these sets: _sets finds them again
            for grp in _sets(tuple(acc), so[v - 1], jms + jos, v <= 2 or v >= 12) or ():
                nat = [x * 13 + v - 1 for x in grp if x < 4]
                jk = [tiles.JOKER] * (len(grp) - len(nat))
                # one natural and two jokers read as a set only with the
                # natural first (12, 13) or last (1, 2): R13.2
                melds.append(bytes(jk + nat if len(nat) == 1 and v <= 2 else nat + jk))
    for c in range(4):
        for r in runs[c]:
            melds.append(bytes(r))
    return melds
