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


def natural_at(colour, position):
    """The natural tile of position p (1..14) in a run of colour c."""
    return colour * 13 + (0 if position == 14 else position - 1)


def wilds_in(meld):
    if meld[0] == SET:
        wild = tiles.WILDS
        wilds = 0
        for i in range(HEAD, len(meld)):
            wilds += wild[meld[i]]
        return wilds
    wilds = 0
    colour = meld[1]
    position = meld[2]
    for i in range(HEAD, len(meld)):
        if meld[i] != natural_at(colour, position):
            wilds += 1
        position += 1
    return wilds


def size(meld):
    return len(meld) - HEAD


def is_canasta(meld, rules):
    return len(meld) - HEAD >= rules.canasta


def is_pure(meld):
    return wilds_in(meld) == 0


def points(meld, rules):
    total = 0
    for i in range(HEAD, len(meld)):
        total += tiles.value(meld[i], rules.joker_value)
    return total


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
    tile_number = 0
    nat = 0
    for tile in ts:
        if not wild[tile]:
            if tile_number and number[tile] != tile_number:
                return reasons.MIXED
            tile_number = number[tile]
            nat += 1
    if nat < 2:
        return reasons.FEW_NATURALS
    error = _wild_ok(nat, len(ts) - nat, rules)
    if error:
        return error
    if rules.max_set and len(ts) > rules.max_set:
        return reasons.SET_TOO_BIG
    meld = bytearray((SET, tile_number, 0))
    for tile in sorted(ts):   # sorted puts naturals by colour; wilds are kept after them
        if not wild[tile]:
            meld.append(tile)
    for tile in ts:
        if wild[tile]:
            meld.append(tile)
    return meld


def _run_once(ts, colour, two_natural, ace_high, low_first, old, rules):
    # One arrangement attempt: naturals to their positions, wilds into the gaps,
    # the rest at the preferred end. Returns a meld or a reason code.
    # old: the run already on the table that ts extends (None for a new meld).
    pos = bytearray(16)   # pos[p] = tile + 1 at position p, 0 when empty
    wild = bytearray()
    nat = 0
    two_used = False
    number = tiles.NUMBERS
    for tile in ts:
        tile_number = number[tile]
        # (past the joker's test, a tile's colour is t // 13)
        if tile == tiles.JOKER or (tile_number == 2 and (tile // 13 != colour or not two_natural or two_used)):
            wild.append(tile)
            continue
        if tile // 13 != colour:
            return reasons.MIXED
        if tile_number == 2:
            two_used = True
        position = 14 if (tile_number == 1 and ace_high) else tile_number
        if pos[position]:
            return reasons.DUPLICATE
        pos[position] = tile + 1
        nat += 1
    if two_natural and not two_used:
        return reasons.NATURAL_TWO
    if nat < 2:
        return reasons.FEW_NATURALS
    error = _wild_ok(nat, len(wild), rules)
    if error:
        return error
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
        position = old[2]
        for i in range(HEAD, len(old)):
            if lo <= position <= hi and not pos[position]:
                for k in range(len(wild)):
                    if not used[k] and wild[k] == old[i]:
                        used[k] = 1
                        pos[position] = old[i] + 1
                        break
            position += 1
    meld = bytearray((RUN, colour, lo))
    w = 0
    for position in range(lo, hi + 1):
        if pos[position]:
            meld.append(pos[position] - 1)
        else:
            while used[w]:
                w += 1
            meld.append(wild[w])
            w += 1
    if old is not None:
        return _kept(old, meld, rules)
    return meld


def _kept(old, meld, rules):
    # R5: every tile of the run on the table keeps its place, except a wild whose
    # place a natural now takes (that wild alone may move) and, where the variant
    # allows it, a natural 2, which may leave its place to act as a wild.
    colour = old[1]
    position = old[2]
    lo = meld[2]
    hi = lo + len(meld) - HEAD - 1
    for i in range(HEAD, len(old)):
        tile = old[i]
        nat = natural_at(colour, position)
        now = meld[HEAD + position - lo] if lo <= position <= hi else NO_TILE
        if now != tile:
            if tile != nat:
                if now != nat and not rules.wild_moves:
                    return reasons.WILD_STAYS      # a wild moved, and no natural took its place
            elif tiles.number(tile) != 2 or rules.lock_natural_two:
                return reasons.NATURAL_TWO if tiles.number(tile) == 2 else reasons.WILD_STAYS
        position += 1
    return meld


def make_run(ts, colour, end, lock_two, old, rules):
    """Arrange tiles as a run of colour c (R4), or return a reason code.

    A 2 of the run's colour that can stand in its own place does; an ace goes
    low or high as the other naturals need; spare wilds go to the chosen end
    (high unless END_LOW; the other end when that one is full, only by default).
    old is the run on the table that ts extends, or None: its tiles keep their
    places (R5: a wild moves only when a natural takes its place).
    """
    has_two = False
    has_ace = False
    for tile in ts:
        if tile != tiles.JOKER and tile // 13 == colour:
            number = tile % 13 + 1
            has_two = has_two or number == 2
            has_ace = has_ace or number == 1
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
                meld = _run_once(ts, colour, two, ace, low_first, old, rules)
                if not isinstance(meld, int):
                    return meld
                # keep the most telling reason: the first one, unless it only
                # says "that option did not apply" or "only by moving a wild"
                if err == reasons.OK or err == reasons.NATURAL_TWO or \
                        (err == reasons.WILD_STAYS and meld != reasons.NATURAL_TWO):
                    err = meld
    return err


def run_colour(ts):
    """The colour a run of these tiles must have, or -1 (mixed) / -2 (none)."""
    colour = -2
    for tile in ts:
        if tile != tiles.JOKER and tiles.number(tile) != 2:
            if colour == -2:
                colour = tiles.colour(tile)
            elif colour != tiles.colour(tile):
                return -1
    if colour == -2:
        # only 2s and jokers: a run needs a natural 2 of its colour at most once
        for tile in ts:
            if tile != tiles.JOKER:
                return tiles.colour(tile)
    return colour


def make(ts, end, rules):
    """R4: a new meld laid from a multiset of tiles, or a reason code."""
    if len(ts) < 3:
        return reasons.TOO_FEW
    if tiles.over_copies(ts, rules.jokers) >= 0:
        return reasons.COPIES
    number = tiles.NUMBERS
    wild = tiles.WILDS
    tile_number = 0
    same = True
    nat = 0
    for tile in ts:
        if not wild[tile]:
            nat += 1
            if tile_number and number[tile] != tile_number:
                same = False
            tile_number = number[tile]
    if same and nat >= 1:
        meld = make_set(ts, rules)
        if not isinstance(meld, int) or nat >= 2:
            return meld
    colour = run_colour(ts)
    if colour == -1:
        return reasons.MIXED
    if colour == -2:
        return reasons.FEW_NATURALS
    return make_run(ts, colour, end, False, None, rules)


def has_natural_two(meld):
    return meld[0] == RUN and meld[2] <= 2 <= meld[2] + len(meld) - HEAD - 1 and \
        meld[HEAD + 2 - meld[2]] == natural_at(meld[1], 2)


def extend(meld, ts, end, rules):
    """R4/R5: the meld m with tiles ts added (and wilds moved where a natural
    replaces them), as a new bytearray; or a reason code. m is not changed."""
    all_ts = meld[HEAD:] + ts
    if tiles.over_copies(all_ts, rules.jokers) >= 0:
        return reasons.COPIES
    if meld[0] == SET:
        for tile in ts:
            if not tiles.WILDS[tile] and tiles.NUMBERS[tile] != meld[1]:
                return reasons.MIXED
        return make_set(all_ts, rules)
    lock = rules.lock_natural_two and has_natural_two(meld)
    return make_run(all_ts, meld[1], end, lock, meld, rules)


def wild_position(meld, tile):
    """Position in run m where natural tile t would replace a wild, or 0."""
    if meld[0] != RUN or tile == tiles.JOKER:
        return 0
    colour = meld[1]
    if tiles.colour(tile) != colour:
        return 0
    lo = meld[2]
    for i in range(HEAD, len(meld)):
        position = lo + i - HEAD
        if natural_at(colour, position) == tile and meld[i] != tile:
            return position
    return 0


def from_table(ts, rules):
    """A meld written in table order (as `burako score` reads it): the given
    order must be one legal arrangement. Returns a meld or a reason code."""
    if len(ts) < 3:
        return reasons.TOO_FEW
    first = make(ts, END_DEFAULT, rules)
    if isinstance(first, int) or first[0] == SET:
        return first
    colour = first[1]
    for two in (True, False):
        for ace in (False, True):
            for low in (False, True):
                meld = _run_once(ts, colour, two, ace, low, None, rules)
                if not isinstance(meld, int) and meld[HEAD:] == ts:
                    return meld
    return reasons.BAD_ORDER


def touches(meld, tile):
    """Could natural tile t join meld m (its number in a set, an end of a run,
    or a wild's place)? A cheap test that allocates nothing, for AIs and UIs
    to skip hopeless candidates before asking extend()."""
    if tiles.is_wild(tile):
        return True
    if meld[0] == SET:
        return tiles.number(tile) == meld[1]
    colour = meld[1]
    if tiles.colour(tile) != colour:
        return False
    lo = meld[2]
    hi = lo + len(meld) - HEAD - 1
    number = tiles.number(tile)
    for position in ((1, 14) if number == 1 else (number,)):
        if position == lo - 1 or position == hi + 1:
            return True
        if lo <= position <= hi and meld[HEAD + position - lo] != tile:
            return True
    return False
