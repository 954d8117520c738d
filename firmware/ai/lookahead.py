# Level 3's look-ahead: what the opponents may hold, sampled.
#
# The AI never reads an opponent's rack or the stock. It sees what a player
# at the table sees: its own rack, the melds, the pile, the rack sizes, and
# what it remembers: which pile each opponent took (those tiles sit in that
# rack until they show up on the table) and which top each one left (it
# could not meld it). The hidden tiles are dealt at random (determinized
# sampling, engine/rng.py seeded from the position) a few times, and each
# candidate discard is weighed by how often the next player could use it to
# take the pile, and by whether it would finish their first canasta.
# Level 3's own canasta race (grows_to, longest) is measured here too.
#
# Memory lives in the AI object and is rebuilt from the pile as the AI sees
# it at each of its turns. After a save/resume a new AI starts with none:
# it then knows only what is on the table (a degraded memory, not a wrong one).
from micropython import const
from engine import rng
from ai import rack as rack_tools   # the name basic.py and expert.py give it (their methods take a rack)
from ai.rack import WILD, NUM, ONE

NCODES = const(53)
SAMPLES = const(6)
TRIES = const(18)
GUARD = const(40)
GUARD2 = const(15)


class Memory:
    def __init__(self):
        self.hand = -1
        self.pile = None            # the pile as this AI left it (after its discard)
        self.held = None            # per seat: counts of tiles known to be in that rack
        self.refused = None         # per seat: the last pile top it left (255: none known)

    def _sync(self, g):
        # a new hand (or another game: a resume) starts from nothing
        if g.hand != self.hand or self.held is None or len(self.held) != g.n:
            self.hand = g.hand
            self.held = [bytearray(NCODES) for _ in range(g.n)]
            self.refused = bytearray(b"\xff" * g.n)
            self.pile = None

    def observe(self, g, me):
        """At the start of this AI's turn: who took the pile since its last
        discard, and with which tiles."""
        self._sync(g)
        s = self.pile
        p = g.pile
        if s is not None and not (len(p) >= len(s) and p[:len(s)] == s):
            # someone took it: every seat after this one discards once, so the
            # last taker is the seat whose discards are all that lies there now
            off = g.n - len(p)
            if 1 <= off < g.n:
                seat = (me + off) % g.n
                h = self.held[seat]
                for t in s:
                    h[t] += 1
                self.refused[seat] = 255
        elif s is not None:
            # nobody took it: each seat in turn drew from the stock and left
            # the top it found (so it could not make a meld with that tile)
            k = len(s) - 1
            for i in range(1, g.n):
                if k < len(p):
                    self.refused[(me + i) % g.n] = p[k]
                k += 1
        self.pile = None

    def left(self, g, discard):
        self._sync(g)
        self.pile = bytes(g.pile) + ONE[discard]


def unseen(g, me, c=None):
    """Counts of the tiles this seat cannot see: 2 of each code (R1, the
    jokers as many as the variant's deck) minus its rack, the melds and the pile.
    `c`: a bytearray(NCODES) to fill instead of a new one (no garbage per call)."""
    if c is None:
        c = bytearray(NCODES)
    for t in range(NCODES):
        c[t] = 2
    c[rack_tools.JOKER] = g.rules.jokers     # R12: burraco's deck holds four
    for t in g.racks[me]:
        c[t] -= 1
    for t in g.pile:
        c[t] -= 1
    for ms in g.melds:
        for m in ms:
            for i in range(rack_tools.HEAD, len(m)):
                c[m[i]] -= 1
    return c


class Sampler:
    """Racks for one opponent seat dealt from the hidden tiles, SAMPLES times,
    as Rack summaries; the known tiles always in."""

    def __init__(self):
        self.racks = [rack_tools.Rack() for _ in range(SAMPLES)]
        self.pool = bytearray()
        self.buf = bytearray()

    def deal(self, g, me, seat, mem):
        hidden = unseen(g, me)
        known = mem.held[seat] if mem.held is not None else None
        mine = bytearray()
        if known is not None:
            for t in range(NCODES):
                k = known[t] if known[t] < hidden[t] else hidden[t]
                known[t] = k            # tiles shown on the table are no longer held
                for _ in range(k):
                    mine.append(t)
                hidden[t] -= k
        pool = self.pool
        pool[:] = b""
        for t in range(NCODES):
            for _ in range(hidden[t]):
                pool.append(t)
        need = len(g.racks[seat]) - len(mine)
        if need > len(pool):
            need = len(pool)
        # one shuffle, then windows of it: each a uniform draw of the hidden
        # tiles (one shuffle per sample cost six times the fuel)
        rng.shuffle(pool, rng.seed_state((g.seed * 31 + g.hand * 1009 + len(g.stock) * 7 + len(g.pile)) & 0xFFFFFF))
        n = len(pool)
        buf = self.buf
        x = mem.refused[seat] if mem.refused is not None else 255
        i = 0
        tries = 0
        k = 0
        racks = self.racks
        while k < SAMPLES:
            r = racks[k]
            buf[:] = mine
            for _ in range(need):
                buf.append(pool[i])
                i += 1
                if i >= n:
                    i = 0
            r.fill(buf)
            tries += 1
            # a rack that could have melded the top this seat left is not
            # the one it holds (after TRIES windows, take what comes)
            if x != 255 and tries <= TRIES and r.makes_meld(x):
                continue
            k += 1
        return racks


def masks(melds):
    """touch_mask of each run among melds (0 for a set)."""
    return [rack_tools.touch_mask(m, True) if m[0] == rack_tools.RUN else 0 for m in melds]


def takes_with(rs, melds, mks, t):
    """Would a player with this rack and these melds want the pile under t?"""
    if WILD[t]:
        return True
    for i in range(len(melds)):
        if rack_tools.touches(melds[i], mks[i], t):
            return True
    return rs.makes_meld(t)


def outs(rs, t, hidden):
    """How many hidden tiles would make natural t part of a meld with the
    rack: the rest of a set it pairs, the tiles that finish a run with a
    near tile of its colour. A dead pair (both tiles it needs in sight) has
    none, however many links it has."""
    n = NUM[t]
    k = 0
    if rs.same_number(n) >= 2:
        for c in range(4):
            k += hidden[c * 13 + n - 1]
    h = rs.cm[rack_tools.COL[t]] & rack_tools.NO_TWO
    base = rack_tools.COL[t] * 13
    for p in ((1, 14) if n == 1 else (n,)):
        for q in (p - 2, p - 1, p + 1, p + 2):
            if 1 <= q <= 14 and h >> q & 1:
                # the run p, q needs the one or two positions that complete it
                lo = p if p < q else q
                hi = q if p < q else p
                if hi - lo == 2:
                    need = (lo + 1,)
                else:
                    need = (lo - 1, hi + 1)
                for r in need:
                    if 1 <= r <= 14:
                        k += hidden[base + (0 if r == 14 else r - 1)]
    return k


def grows_to(rs, m, wild_ok):
    """How long meld m could get now with the summary's tiles: the naturals
    that join it (a set takes every natural of its number; a run the chain
    of held positions past either end) plus one wild where wild_ok (m may
    take one more) bridging a gap or at an end."""
    n = len(m) - rack_tools.HEAD
    w = 1 if wild_ok and rs.wilds else 0
    if m[0] != rack_tools.RUN:
        return n + rs.same_number(m[1]) + w
    h = rs.cm[m[1]] & rack_tools.NO_TWO
    lo = m[2]
    hi = lo + n - 1
    p = hi + 1
    while p <= 14 and n < 13:
        if h >> p & 1:
            n += 1
        elif w:
            w = 0
            n += 1
        else:
            break
        p += 1
    p = lo - 1
    while p >= 1 and n < 13:
        if h >> p & 1:
            n += 1
        elif w:
            w = 0
            n += 1
        else:
            break
        p -= 1
    return n + w if n + w <= 13 else 13


def longest(rs, melds, rules):
    """The longest meld of the side this summary could make now (grows_to)."""
    best = 0
    for m in melds:
        k = grows_to(rs, m, rack_tools.wild_room(m, rules))
        if k > best:
            best = k
    return best


def guard(melds, mks, near, t):
    """What natural t is worth to opponents with no canasta yet, in pile
    tiles: GUARD when it joins one of their melds of near tiles or more (it
    finishes a canasta: R7 turns all their melded points to plus), GUARD2
    when it joins one a tile shorter."""
    w = 0
    for i in range(len(melds)):
        k = len(melds[i]) - rack_tools.HEAD
        if k >= near - 1 and rack_tools.touches(melds[i], mks[i], t):
            if k >= near:
                return GUARD
            w = GUARD2
    return w
