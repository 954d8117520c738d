# R4 and R5: what a meld is, how its tiles are arranged, and how it grows.
#
# A meld on the table is a bytearray: [kind, key, low, tile, tile, ...]
#   kind RUN: key = colour, low = position of the first tile (1..14, where 14
#             is the ace after the 13); tiles in table order, one per position
#   kind SET: key = number, low = 0; naturals first, then wilds
# Whether a tile acts as a wild is derived from where it sits, never stored:
# in a run a tile is natural exactly when it is the natural tile of its position.
from micropython import const
from engine import tiles
from engine import reasons

RUN = const(0)
SET = const(1)
HEAD = const(3)

# where a wild with no gap to fill goes (R4): player's choice, high by default
END_DEFAULT = const(0)
END_LOW = const(1)
END_HIGH = const(2)
NO_TILE = const(255)


def natural_at(c, p):
    """The natural tile of position p (1..14) in a run of colour c."""
    return c * 13 + (0 if p == 14 else p - 1)


def wilds_in(m):
    if m[0] == SET:
        wild = tiles.WILDS
        n = 0
        for i in range(HEAD, len(m)):
            n += wild[m[i]]
        return n
    n = 0
    c = m[1]
    p = m[2]
    for i in range(HEAD, len(m)):
        if m[i] != natural_at(c, p):
            n += 1
        p += 1
    return n


def size(m):
    return len(m) - HEAD


def is_canasta(m, rules):
    return len(m) - HEAD >= rules.canasta


def is_pure(m):
    return wilds_in(m) == 0


def points(m, rules):
    s = 0
    for i in range(HEAD, len(m)):
        s += tiles.value(m[i], rules.joker_value)
    return s


def text(m, cards=False):
    return tiles.list_text(m[HEAD:], cards)


def _wild_ok(nat, wild, rules):
    if wild > rules.max_wilds:
        return reasons.TOO_MANY_WILDS
    if wild > 1 and nat < rules.wild_ratio * wild:
        return reasons.WILD_RATIO
    return reasons.OK


def make_set(ts, rules):
    """A set from tiles, or a reason code."""
    number = tiles.NUMBERS
    wild = tiles.WILDS
    n = 0
    nat = 0
    for t in ts:
        if not wild[t]:
            if n and number[t] != n:
                return reasons.MIXED
            n = number[t]
            nat += 1
    if nat < 2:
        return reasons.FEW_NATURALS
    e = _wild_ok(nat, len(ts) - nat, rules)
    if e:
        return e
    if rules.max_set and len(ts) > rules.max_set:
        return reasons.SET_TOO_BIG
    m = bytearray((SET, n, 0))
    for t in sorted(ts):   # sorted puts naturals by colour; wilds are kept after them
        if not wild[t]:
            m.append(t)
    for t in ts:
        if wild[t]:
            m.append(t)
    return m


def _run_once(ts, c, two_natural, ace_high, low_first, old, rules):
    # One arrangement attempt: naturals to their positions, wilds into the gaps,
    # the rest at the preferred end. Returns a meld or a reason code.
    # old: the run already on the table that ts extends (None for a new meld).
    pos = bytearray(16)   # pos[p] = tile + 1 at position p, 0 when empty
    wild = bytearray()
    nat = 0
    two_used = False
    number = tiles.NUMBERS
    for t in ts:
        n = number[t]
        # (past the joker's test, a tile's colour is t // 13)
        if t == tiles.JOKER or (n == 2 and (t // 13 != c or not two_natural or two_used)):
            wild.append(t)
            continue
        if t // 13 != c:
            return reasons.MIXED
        if n == 2:
            two_used = True
        p = 14 if (n == 1 and ace_high) else n
        if pos[p]:
            return reasons.DUPLICATE
        pos[p] = t + 1
        nat += 1
    if two_natural and not two_used:
        return reasons.NATURAL_TWO
    if nat < 2:
        return reasons.FEW_NATURALS
    e = _wild_ok(nat, len(wild), rules)
    if e:
        return e
    if len(ts) > rules.max_run:
        return reasons.TOO_LONG
    lo = 1
    while not pos[lo]:
        lo += 1
    hi = 14
    while not pos[hi]:
        hi -= 1
    extra = len(wild) - (hi - lo + 1 - nat)
    if extra < 0:
        return reasons.GAP
    if low_first:
        k = min(extra, lo - 1)
        lo -= k
        hi += extra - k
    else:
        k = min(extra, 14 - hi)
        hi += k
        lo -= extra - k
    if lo < 1 or hi > 14:
        return reasons.NO_END
    used = bytearray(len(wild))
    if old is not None:
        # the table's wilds first go back where they stand (R5)
        p = old[2]
        for i in range(HEAD, len(old)):
            if lo <= p <= hi and not pos[p]:
                for k in range(len(wild)):
                    if not used[k] and wild[k] == old[i]:
                        used[k] = 1
                        pos[p] = old[i] + 1
                        break
            p += 1
    m = bytearray((RUN, c, lo))
    w = 0
    for p in range(lo, hi + 1):
        if pos[p]:
            m.append(pos[p] - 1)
        else:
            while used[w]:
                w += 1
            m.append(wild[w])
            w += 1
    if old is not None:
        return _kept(old, m, rules)
    return m


def _kept(old, m, rules):
    # R5: every tile of the run on the table keeps its place, except a wild whose
    # place a natural now takes (that wild alone may move) and, where the variant
    # allows it, a natural 2, which may leave its place to act as a wild.
    c = old[1]
    p = old[2]
    lo = m[2]
    hi = lo + len(m) - HEAD - 1
    for i in range(HEAD, len(old)):
        t = old[i]
        nat = natural_at(c, p)
        now = m[HEAD + p - lo] if lo <= p <= hi else NO_TILE
        if now != t:
            if t != nat:
                if now != nat and not rules.wild_moves:
                    return reasons.WILD_STAYS      # a wild moved, and no natural took its place
            elif tiles.number(t) != 2 or rules.lock_natural_two:
                return reasons.NATURAL_TWO if tiles.number(t) == 2 else reasons.WILD_STAYS
        p += 1
    return m


def make_run(ts, c, end, lock_two, old, rules):
    """Arrange tiles as a run of colour c (R4), or return a reason code.

    A 2 of the run's colour that can stand in its own place does; an ace goes
    low or high as the other naturals need; spare wilds go to the chosen end
    (high unless END_LOW; the other end when that one is full, only by default).
    old is the run on the table that ts extends, or None: its tiles keep their
    places (R5: a wild moves only when a natural takes its place).
    """
    has_two = False
    has_ace = False
    for t in ts:
        if t != tiles.JOKER and t // 13 == c:
            n = t % 13 + 1
            has_two = has_two or n == 2
            has_ace = has_ace or n == 1
    if lock_two:
        twos = (True,)
    elif has_two:
        twos = (True, False)
    else:
        twos = (False,)
    aces = (False, True) if has_ace else (False,)
    if end == END_LOW:
        ends = (True,)
    elif end == END_HIGH:
        ends = (False,)
    else:
        ends = (False, True)
    err = reasons.OK
    for two in twos:
        for ace in aces:
            for low_first in ends:
                m = _run_once(ts, c, two, ace, low_first, old, rules)
                if not isinstance(m, int):
                    return m
                # keep the most telling reason: the first one, unless it only
                # says "that option did not apply" or "only by moving a wild"
                if err == reasons.OK or err == reasons.NATURAL_TWO or \
                        (err == reasons.WILD_STAYS and m != reasons.NATURAL_TWO):
                    err = m
    return err


def run_colour(ts):
    """The colour a run of these tiles must have, or -1 (mixed) / -2 (none)."""
    c = -2
    for t in ts:
        if t != tiles.JOKER and tiles.number(t) != 2:
            if c == -2:
                c = tiles.colour(t)
            elif c != tiles.colour(t):
                return -1
    if c == -2:
        # only 2s and jokers: a run needs a natural 2 of its colour at most once
        for t in ts:
            if t != tiles.JOKER:
                return tiles.colour(t)
    return c


def make(ts, end, rules):
    """R4: a new meld laid from a multiset of tiles, or a reason code."""
    if len(ts) < 3:
        return reasons.TOO_FEW
    if tiles.over_copies(ts, rules.jokers) >= 0:
        return reasons.COPIES
    number = tiles.NUMBERS
    wild = tiles.WILDS
    n = 0
    same = True
    nat = 0
    for t in ts:
        if not wild[t]:
            nat += 1
            if n and number[t] != n:
                same = False
            n = number[t]
    if same and nat >= 1:
        m = make_set(ts, rules)
        if not isinstance(m, int) or nat >= 2:
            return m
    c = run_colour(ts)
    if c == -1:
        return reasons.MIXED
    if c == -2:
        return reasons.FEW_NATURALS
    return make_run(ts, c, end, False, None, rules)


def has_natural_two(m):
    return m[0] == RUN and m[2] <= 2 <= m[2] + len(m) - HEAD - 1 and \
        m[HEAD + 2 - m[2]] == natural_at(m[1], 2)


def extend(m, ts, end, rules):
    """R4/R5: the meld m with tiles ts added (and wilds moved where a natural
    replaces them), as a new bytearray; or a reason code. m is not changed."""
    all_ts = m[HEAD:] + ts
    if tiles.over_copies(all_ts, rules.jokers) >= 0:
        return reasons.COPIES
    if m[0] == SET:
        for t in ts:
            if not tiles.WILDS[t] and tiles.NUMBERS[t] != m[1]:
                return reasons.MIXED
        return make_set(all_ts, rules)
    lock = rules.lock_natural_two and has_natural_two(m)
    return make_run(all_ts, m[1], end, lock, m, rules)


def wild_position(m, t):
    """Position in run m where natural tile t would replace a wild, or 0."""
    if m[0] != RUN or t == tiles.JOKER:
        return 0
    c = m[1]
    if tiles.colour(t) != c:
        return 0
    lo = m[2]
    for i in range(HEAD, len(m)):
        p = lo + i - HEAD
        if natural_at(c, p) == t and m[i] != t:
            return p
    return 0


def from_table(ts, rules):
    """A meld written in table order (as `burako score` reads it): the given
    order must be one legal arrangement. Returns a meld or a reason code."""
    if len(ts) < 3:
        return reasons.TOO_FEW
    first = make(ts, END_DEFAULT, rules)
    if isinstance(first, int) or first[0] == SET:
        return first
    c = first[1]
    for two in (True, False):
        for ace in (False, True):
            for low in (False, True):
                m = _run_once(ts, c, two, ace, low, None, rules)
                if not isinstance(m, int) and m[HEAD:] == ts:
                    return m
    return reasons.BAD_ORDER


def touches(m, t):
    """Could natural tile t join meld m (its number in a set, an end of a run,
    or a wild's place)? A cheap test that allocates nothing, for AIs and UIs
    to skip hopeless candidates before asking extend()."""
    if tiles.is_wild(t):
        return True
    if m[0] == SET:
        return tiles.number(t) == m[1]
    c = m[1]
    if tiles.colour(t) != c:
        return False
    lo = m[2]
    hi = lo + len(m) - HEAD - 1
    n = tiles.number(t)
    for p in ((1, 14) if n == 1 else (n,)):
        if p == lo - 1 or p == hi + 1:
            return True
        if lo <= p <= hi and m[HEAD + p - lo] != t:
            return True
    return False
