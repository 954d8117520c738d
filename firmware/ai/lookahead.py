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

    def _sync(self, game):
        # a new hand (or another game: a resume) starts from nothing
        if game.hand != self.hand or self.held is None or len(self.held) != game.n:
            self.hand = game.hand
            self.held = [bytearray(NCODES) for _ in range(game.n)]
            self.refused = bytearray(b"\xff" * game.n)
            self.pile = None

    def observe(self, game, me):
        """At the start of this AI's turn: who took the pile since its last
        discard, and with which tiles."""
        self._sync(game)
        pile_before = self.pile
        pile_now = game.pile
        if pile_before is not None and not (len(pile_now) >= len(pile_before) and pile_now[:len(pile_before)] == pile_before):
            # someone took it: every seat after this one discards once, so the
            # last taker is the seat whose discards are all that lies there now
            off = game.n - len(pile_now)
            if 1 <= off < game.n:
                seat = (me + off) % game.n
                held = self.held[seat]
                for tile in pile_before:
                    held[tile] += 1
                self.refused[seat] = 255
        elif pile_before is not None:
            # nobody took it: each seat in turn drew from the stock and left
            # the top it found (so it could not make a meld with that tile)
            k = len(pile_before) - 1
            for i in range(1, game.n):
                if k < len(pile_now):
                    self.refused[(me + i) % game.n] = pile_now[k]
                k += 1
        self.pile = None

    def left(self, game, discard):
        self._sync(game)
        self.pile = bytes(game.pile) + ONE[discard]


def unseen(game, me, c=None):
    """Counts of the tiles this seat cannot see: 2 of each code (R1, the
    jokers as many as the variant's deck) minus its rack, the melds and the pile.
    `c`: a bytearray(NCODES) to fill instead of a new one (no garbage per call)."""
    if c is None:
        c = bytearray(NCODES)
    for tile in range(NCODES):
        c[tile] = 2
    c[rack_tools.JOKER] = game.rules.jokers     # R12: burraco's deck holds four
    for tile in game.racks[me]:
        c[tile] -= 1
    for tile in game.pile:
        c[tile] -= 1
    for ms in game.melds:
        for meld in ms:
            for i in range(rack_tools.HEAD, len(meld)):
                c[meld[i]] -= 1
    return c


class Sampler:
    """Racks for one opponent seat dealt from the hidden tiles, SAMPLES times,
    as Rack summaries; the known tiles always in."""

    def __init__(self):
        self.racks = [rack_tools.Rack() for _ in range(SAMPLES)]
        self.pool = bytearray()
        self.buf = bytearray()

    def deal(self, game, me, seat, mem):
        hidden = unseen(game, me)
        known = mem.held[seat] if mem.held is not None else None
        mine = bytearray()
        if known is not None:
            for tile in range(NCODES):
                k = known[tile] if known[tile] < hidden[tile] else hidden[tile]
                known[tile] = k            # tiles shown on the table are no longer held
                for _ in range(k):
                    mine.append(tile)
                hidden[tile] -= k
        pool = self.pool
        pool[:] = b""
        for tile in range(NCODES):
            for _ in range(hidden[tile]):
                pool.append(tile)
        need = len(game.racks[seat]) - len(mine)
        if need > len(pool):
            need = len(pool)
        # one shuffle, then windows of it: each a uniform draw of the hidden
        # tiles (one shuffle per sample cost six times the fuel)
        rng.shuffle(pool, rng.seed_state((game.seed * 31 + game.hand * 1009 + len(game.stock) * 7 + len(game.pile)) & 0xFFFFFF))
        n = len(pool)
        buf = self.buf
        x = mem.refused[seat] if mem.refused is not None else 255
        i = 0
        tries = 0
        k = 0
        racks = self.racks
        while k < SAMPLES:
            rack = racks[k]
            buf[:] = mine
            for _ in range(need):
                buf.append(pool[i])
                i += 1
                if i >= n:
                    i = 0
            rack.fill(buf)
            tries += 1
            # a rack that could have melded the top this seat left is not
            # the one it holds (after TRIES windows, take what comes)
            if x != 255 and tries <= TRIES and rack.makes_meld(x):
                continue
            k += 1
        return racks


def masks(melds):
    """touch_mask of each run among melds (0 for a set)."""
    return [rack_tools.touch_mask(meld, True) if meld[0] == rack_tools.RUN else 0 for meld in melds]


def takes_with(rs, melds, mks, tile):
    """Would a player with this rack and these melds want the pile under t?"""
    if WILD[tile]:
        return True
    for i in range(len(melds)):
        if rack_tools.touches(melds[i], mks[i], tile):
            return True
    return rs.makes_meld(tile)


def outs(rs, tile, hidden):
    """How many hidden tiles would make natural t part of a meld with the
    rack: the rest of a set it pairs, the tiles that finish a run with a
    near tile of its colour. A dead pair (both tiles it needs in sight) has
    none, however many links it has."""
    number = NUM[tile]
    count = 0
    if rs.same_number(number) >= 2:
        for c in range(4):
            count += hidden[c * 13 + number - 1]
    run_bits = rs.cm[rack_tools.COL[tile]] & rack_tools.NO_TWO
    base = rack_tools.COL[tile] * 13
    for position in ((1, 14) if number == 1 else (number,)):
        for q in (position - 2, position - 1, position + 1, position + 2):
            if 1 <= q <= 14 and run_bits >> q & 1:
                # the run p, q needs the one or two positions that complete it
                lo = position if position < q else q
                hi = q if position < q else position
                if hi - lo == 2:
                    need = (lo + 1,)
                else:
                    need = (lo - 1, hi + 1)
                for position_needed in need:
                    if 1 <= position_needed <= 14:
                        count += hidden[base + (0 if position_needed == 14 else position_needed - 1)]
    return count


def grows_to(rs, meld, wild_ok):
    """How long meld m could get now with the summary's tiles: the naturals
    that join it (a set takes every natural of its number; a run the chain
    of held positions past either end) plus one wild where wild_ok (m may
    take one more) bridging a gap or at an end."""
    n = len(meld) - rack_tools.HEAD
    w = 1 if wild_ok and rs.wilds else 0
    if meld[0] != rack_tools.RUN:
        return n + rs.same_number(meld[1]) + w
    h = rs.cm[meld[1]] & rack_tools.NO_TWO
    lo = meld[2]
    hi = lo + n - 1
    position = hi + 1
    while position <= 14 and n < 13:
        if h >> position & 1:
            n += 1
        elif w:
            w = 0
            n += 1
        else:
            break
        position += 1
    position = lo - 1
    while position >= 1 and n < 13:
        if h >> position & 1:
            n += 1
        elif w:
            w = 0
            n += 1
        else:
            break
        position -= 1
    return n + w if n + w <= 13 else 13


def longest(rs, melds, rules):
    """The longest meld of the side this summary could make now (grows_to)."""
    best = 0
    for meld in melds:
        k = grows_to(rs, meld, rack_tools.wild_room(meld, rules))
        if k > best:
            best = k
    return best


def guard(melds, mks, near, tile):
    """What natural t is worth to opponents with no canasta yet, in pile
    tiles: GUARD when it joins one of their melds of near tiles or more (it
    finishes a canasta: R7 turns all their melded points to plus), GUARD2
    when it joins one a tile shorter."""
    w = 0
    for i in range(len(melds)):
        k = len(melds[i]) - rack_tools.HEAD
        if k >= near - 1 and rack_tools.touches(melds[i], mks[i], tile):
            if k >= near:
                return GUARD
            w = GUARD2
    return w
