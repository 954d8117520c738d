# The state of a match and the moves that change it (R2, R3, R6, R8, R9).
#
# A move is a tuple (kind, index, tiles, end):
#   kind   one of the constants below
#   index  the meld of the side (ADD, SWAP), else 0
#   tiles  bytes of tile codes (MELD, ADD, SWAP, DISCARD), else b""
#   end    melds.END_* (where a spare wild goes), else 0
# play() refuses an illegal move with a reason code and leaves the state
# untouched: every check happens before the first change.
from micropython import const
from engine import tiles
from engine import melds
from engine import reasons
from engine import rng
from engine import score

DRAW = const(0)
PILE = const(1)
REDRAW = const(2)
MELD = const(3)
ADD = const(4)
SWAP = const(5)
DISCARD = const(6)
MUERTO = const(7)
CLOSE = const(8)
NEXT = const(9)
TIMEUP = const(10)
KIND_NAMES = ("draw", "pile", "redraw", "meld", "add", "swap", "discard",
              "muerto", "close", "next", "timeup")

# phases of a turn and of a match
P_DRAW = const(0)         # the player to move must draw or take the pile
P_PLAY = const(1)         # melding; ends with a discard
P_EMPTY = const(2)        # rack emptied by melding: take the muerto (direct) or close
P_EMPTY_DISCARD = const(3)  # rack emptied by the discard: muerto (indirect) or close
P_HAND_OVER = const(4)
P_MATCH_OVER = const(5)

NO_TILE = const(255)
HIDDEN = const(53)        # hidden hands (link/hide.py): a tile this console does not know
_SLOTS = const(54)        # a rack's counts: tiles.NCODES and a slot for HIDDEN (inlined)


def side_of(player):
    # R2: partners sit opposite, so players 0 and 2 are side 0, 1 and 3 side 1
    return player & 1


class Game:
    def __init__(self, rules, nplayers, seed, target=0, deal=True):
        # deal=False makes an empty table for codec.decode to fill in
        self.rules = rules
        self.n = nplayers
        self.seed = seed
        self.target = target or rules.target
        self.rng = rng.seed_state(seed)
        self.hand = 0            # hands dealt so far (void hands included)
        self.mano = 0            # R2: the dealer plays first; rotates each hand
        self.scores = [0, 0]
        self.history = []        # per counted hand: (side 0, side 1)
        self.winner = -1
        self.timeup = False
        self.stock = bytearray()
        self.pile = bytearray()
        self.racks = [bytearray() for _ in range(nplayers)]
        self.muertos = [bytearray(), bytearray()]
        self.taken = bytearray(2)   # R6: has the side taken its muerto
        self.melds = [[], []]
        self.closer = -1         # side that closed this hand, if any
        self.void = False
        self.turn = 0
        self.phase = P_DRAW
        self.first = False
        self.drawn = NO_TILE
        self.lone = NO_TILE      # R12: the card taken from a one-card pile this turn
        self.last = False        # R12: this turn is the hand's last (stock reserve reached)
        # hidden hands (link/hide.py, docs/link.md "Hidden hands"): 0 off; 1 deal HIDDEN
        # placeholders, tile i of the deal being the encrypted deck's position i (the link
        # fills in what the protocol opens); 2 the hand is over, counted once the keys are out
        self.hidden = 0
        self.held = None         # the last new meld _prepare built, and what from
        if deal:
            self.deal()

    # --- set-up (R2) ---------------------------------------------------
    def deal(self):
        deck = tiles.full_deck(self.rules.jokers)
        if self.hidden:
            deck = bytearray(bytes((HIDDEN,)) * len(deck))
        else:
            self.rng = rng.shuffle(deck, self.rng)
        k = self.rules.rack_size(self.n)
        i = 0
        for player in range(self.n):
            self.racks[player] = deck[i:i + k]
            i += k
        for side in range(2):
            self.muertos[side] = deck[i:i + self.rules.muerto]
            i += self.rules.muerto
        self.stock = deck[i:]
        self.pile = bytearray()
        for _ in range(self.rules.pile_start):
            self.pile.append(_pop(self.stock))   # R12: one card turned up
        self.taken = bytearray(2)
        self.melds = [[], []]
        self.closer = -1
        self.void = False
        self.turn = self.mano
        self.phase = P_DRAW
        self.first = True        # R3.2: the mano's first draw may be redrawn
        self.drawn = NO_TILE     # the tile that draw brought, while redraw is open
        self.lone = NO_TILE
        self.last = False
        self.hand += 1

    # --- queries -----------------------------------------------------
    def side_racks(self, side):
        return [self.racks[player] for player in range(side, self.n, 2)]

    def has_canasta(self, side):
        canasta_length = self.rules.canasta + melds.HEAD      # melds.is_canasta(m) is len(m) >= n
        for meld in self.melds[side]:
            if len(meld) >= canasta_length:
                return True
        return False

    def can_close(self, side):
        # R8: the side has taken its muerto and has at least one canasta
        return self.taken[side] and self.has_canasta(side)

    def hand_result(self):
        """R7 breakdown per side for the hand that just ended (None if void)."""
        if self.void:
            return None
        results = []
        for side in range(2):
            results.append(score.side(self.melds[side], self.side_racks(side), self.taken[side],
                            self.closer == side, self.rules))
        return results

    def tile_count(self):
        """Every zone's tiles as counts per code: always the full deck (R1)."""
        counts = bytearray(tiles.NCODES)
        tiles.counts(self.stock, counts)
        tiles.counts(self.pile, counts)
        for rack in self.racks:
            tiles.counts(rack, counts)
        for side in range(2):
            tiles.counts(self.muertos[side], counts)     # empty once taken
            for meld in self.melds[side]:
                tiles.counts(meld[melds.HEAD:], counts)
        return counts

    # --- moves -------------------------------------------------------
    def check(self, mv):
        """The reason code play(mv) would give, without playing it."""
        return self._prepare(mv)[0]

    def play(self, mv):
        """Play a move; returns reasons.OK or the reason it is refused."""
        err, new = self._prepare(mv)
        self.held = None         # (the new meld goes on the table: no later move may share it)
        if err:
            return err
        kind = mv[0]
        if kind == TIMEUP:
            # R9: not a move of the player to move, so the redraw (R3.2) stays open
            self.timeup = True
            if self.phase == P_HAND_OVER:
                self._decide()          # between hands: the match ends now
            return reasons.OK
        player = self.turn
        side = side_of(player)
        rack = self.racks[player]
        drawn = self.drawn
        self.drawn = NO_TILE     # any move but the first draw closes the redraw (R3.2)
        if kind == DRAW:
            if not self.stock:
                self.end_hand()        # R8: stock exhausted
                return reasons.OK
            tile = _pop(self.stock)
            rack.append(tile)
            if self.first:
                if self.rules.redraw:
                    self.drawn = tile
                self.first = False
            if len(self.stock) <= self.rules.stock_reserve:
                self.last = True     # R12: took the third-last card; this turn ends the hand
            self.phase = P_PLAY
        elif kind == PILE:
            self.first = False
            if len(self.pile) == 1 and self.rules.close_no_lone:
                self.lone = self.pile[0]
            rack.extend(self.pile)
            self.pile = bytearray()
            self.phase = P_PLAY
        elif kind == REDRAW:
            _remove(rack, bytes((drawn,)))
            self.pile.append(drawn)
            rack.append(_pop(self.stock))
        elif kind == MELD or kind == ADD or kind == SWAP:
            _remove(rack, mv[2])
            if kind == MELD:
                self.melds[side].append(new)
            else:
                self.melds[side][mv[1]] = new
            if not rack:
                self.phase = P_EMPTY
        elif kind == DISCARD:
            _remove(rack, mv[2])
            self.pile.append(mv[2][0])
            if rack:
                self._pass_turn()
            else:
                self.phase = P_EMPTY_DISCARD
        elif kind == MUERTO:
            rack.extend(self.muertos[side])
            self.muertos[side] = bytearray()
            self.taken[side] = 1
            if self.phase == P_EMPTY:
                self.phase = P_PLAY       # R6 direct: play on in the same turn
            else:
                self._pass_turn()         # R6 indirect: play it from the next turn
        elif kind == CLOSE:
            self.closer = side
            self.end_hand()
        elif kind == NEXT:
            if not self.void:
                self.mano = (self.mano + 1) % self.n
            self.deal()
        return reasons.OK

    def _prepare(self, mv):
        # All the checks of a move; returns (reason, new meld or None).
        kind = mv[0]
        ph = self.phase
        if kind == TIMEUP:
            if not self.rules.minutes or self.timeup or ph == P_MATCH_OVER:
                return reasons.WRONG_PHASE, None
            return reasons.OK, None
        if ph == P_MATCH_OVER:
            return reasons.MATCH_OVER, None
        if kind == NEXT:
            return (reasons.OK if ph == P_HAND_OVER else reasons.WRONG_PHASE), None
        if ph == P_HAND_OVER:
            return reasons.WRONG_PHASE, None
        side = side_of(self.turn)
        rack = self.racks[self.turn]
        if kind == DRAW:
            return (reasons.OK if ph == P_DRAW else reasons.WRONG_PHASE), None
        if kind == PILE:
            if ph != P_DRAW:
                return reasons.WRONG_PHASE, None
            return (reasons.OK if self.pile else reasons.PILE_EMPTY), None
        if kind == MUERTO or kind == CLOSE:
            if ph != P_EMPTY and ph != P_EMPTY_DISCARD:
                return reasons.WRONG_PHASE, None
            if kind == MUERTO:
                return (reasons.WRONG_PHASE if self.taken[side] else reasons.OK), None
            return (reasons.OK if self.taken[side] else reasons.WRONG_PHASE), None
        if ph == P_DRAW:
            return reasons.MUST_DRAW, None
        if ph != P_PLAY:
            return reasons.WRONG_PHASE, None
        if kind == REDRAW:
            if self.drawn == NO_TILE or not self.stock:
                return reasons.NO_REDRAW, None
            return reasons.OK, None
        ts = mv[2]
        if not _holds(rack, ts):
            return reasons.NOT_IN_RACK, None
        left = len(rack) - len(ts)
        if kind == DISCARD:
            if len(ts) != 1:
                return reasons.BAD_MOVE, None
            if left == 0 and self.taken[side]:
                if not self.has_canasta(side):
                    return reasons.KEEP_ONE, None    # R3/R8: cannot close yet
                return self._closing_card(ts[0]), None
            return reasons.OK, None
        meld = None            # the meld ts joins; none for a new one
        wp = 0
        if kind == ADD or kind == SWAP:
            ms = self.melds[side]
            if not 0 <= mv[1] < len(ms):
                return reasons.NO_MELD, None
            if not ts:
                return reasons.BAD_MOVE, None
            meld = ms[mv[1]]
            wp = melds.wild_position(meld, ts[0]) if len(ts) == 1 else 0
            if kind == SWAP and not wp:
                return reasons.NOT_A_SWAP, None
        elif kind != MELD:
            return reasons.BAD_MOVE, None
        # the new meld, melds.make(ts) or melds.extend(m, ts): pure functions of these. The AIs
        # check() a move and then play() it: the meld the check built is held with copies of what
        # it came from, and the play takes it when they are equal (by value: the table may have
        # changed since), so it is built once, not twice
        held = self.held
        if held is not None and held[2] == mv[3] and held[1] == ts and held[0] == meld:
            new = held[3]
        else:
            new = melds.make(ts, mv[3], self.rules) if meld is None else melds.extend(meld, ts, mv[3], self.rules)
            self.held = (None if meld is None else bytes(meld), bytes(ts), mv[3], new)
        if kind == SWAP and not isinstance(new, int) and new[melds.HEAD + wp - new[2]] != ts[0]:
            return reasons.NOT_A_SWAP, None    # R5: the natural must take the wild's place
        if isinstance(new, int):
            return new, None
        if kind == MELD and new[0] == melds.SET and self.rules.one_set_per_rank:
            for meld in self.melds[side]:
                if meld[0] == melds.SET and meld[1] == new[1]:
                    return reasons.SET_TWICE, None    # R12
        if self.taken[side] and self.rules.close_discard:
            # R12: the rack empties only by the closing discard, and the card
            # kept for it must be one that may close
            if left == 0:
                return reasons.KEEP_ONE, None
            if left == 1:
                counts = tiles.counts(rack, bytearray(_SLOTS))
                for tile in ts:
                    counts[tile] -= 1
                for tile in range(tiles.NCODES):
                    if counts[tile]:
                        error = self._closing_card(tile)
                        if error:
                            return error, None
        if left <= 1 and self.taken[side] and not (
                melds.is_canasta(new, self.rules) or self.has_canasta(side)):
            # R3/R8: after the muerto, emptying the rack is closing and needs a
            # canasta; one tile left could then never be discarded either
            return reasons.KEEP_ONE, None
        return reasons.OK, new

    def _closing_card(self, tile):
        # R12: what may not be the closing discard
        if self.rules.close_no_wild and tiles.is_wild(tile):
            return reasons.CLOSE_WILD
        if tile == self.lone:
            return reasons.CLOSE_LONE
        return reasons.OK

    def _pass_turn(self):
        self.lone = NO_TILE
        if self.last:
            self.end_hand()         # R12: the last turn is over, no closing bonus
            return
        self.turn = (self.turn + 1) % self.n
        self.phase = P_DRAW

    def end_hand(self):
        # R8 (void hand) then R7 and R9
        if self.hidden:
            if self.hidden == 1:
                # hidden hands: the racks hold placeholders until both keys are out;
                # the link fills them in, then calls this again to count the hand
                self.hidden = 2
                self.phase = P_HAND_OVER
                return
            self.hidden = 1
        if self.closer < 0 and self.rules.void_without_canasta and \
                not self.has_canasta(0) and not self.has_canasta(1):
            self.void = True
            self.phase = P_HAND_OVER
            if self.timeup:
                self._decide()      # R11: no redeal after the time is up
            return
        res = self.hand_result()
        a = res[0][score.TOTAL]
        b = res[1][score.TOTAL]
        self.scores[0] += a
        self.scores[1] += b
        self.history.append((a, b))
        self.phase = P_HAND_OVER
        x, y = self.scores
        if x >= self.target or y >= self.target or self.timeup:
            self._decide()

    def _decide(self):
        # R9: the higher total wins; an exact tie is decided by one more hand
        x, y = self.scores
        if x != y:
            self.winner = 0 if x > y else 1
            self.phase = P_MATCH_OVER

    # --- the legal moves of the position --------------------------------
    def legal_moves(self):
        """Every legal move, as a generator. Adds of several tiles are listed
        only as runs of naturals at one end; any other legal add is a chain
        of listed one-tile adds."""
        ph = self.phase
        if ph == P_MATCH_OVER:
            return
        if ph == P_HAND_OVER:
            yield (NEXT, 0, b"", 0)
            return
        if ph == P_DRAW:
            yield (DRAW, 0, b"", 0)
            if self.pile:
                yield (PILE, 0, b"", 0)
            return
        if ph == P_EMPTY or ph == P_EMPTY_DISCARD:
            side = side_of(self.turn)
            yield (CLOSE if self.taken[side] else MUERTO, 0, b"", 0)
            return
        rack = self.racks[self.turn]
        side = side_of(self.turn)
        if self.drawn != NO_TILE and self.stock:
            yield (REDRAW, 0, b"", 0)
        for mv in self._meld_moves(rack):
            if self.check(mv) == reasons.OK:
                yield mv
        for i in range(len(self.melds[side])):
            for mv in self._add_moves(rack, i):
                if self.check(mv) == reasons.OK:
                    yield mv
        seen = bytearray(tiles.NCODES)
        for tile in rack:
            if not seen[tile]:
                seen[tile] = 1
                mv = (DISCARD, 0, bytes((tile,)), 0)
                if self.check(mv) == reasons.OK:
                    yield mv

    def _meld_moves(self, rack):
        cnt = tiles.counts(rack)
        wild_codes = [tiles.JOKER] + [tiles.tile(colour, 2) for colour in range(4)]
        wsets = _wild_choices(cnt, wild_codes, self.rules.max_wilds)
        done = set()
        # sets: choose how many of each colour of one number
        for number in (1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13):
            codes = [tiles.tile(colour, number) for colour in range(4)]
            for nat in _sub_multisets(cnt, codes):
                if len(nat) < 2:
                    continue
                for wild_set in wsets:
                    ts = bytes(sorted(nat + wild_set))
                    if len(ts) >= 3 and ts not in done:
                        done.add(ts)
        # runs: every window of positions, naturals where the rack has them
        for colour in range(4):
            for lo in range(1, 15):
                for hi in range(lo + 2, min(14, lo + 12) + 1):
                    nat = []
                    gaps = 0
                    for position in range(lo, hi + 1):
                        tile = melds.natural_at(colour, position)
                        if cnt[tile]:
                            nat.append(tile)
                        else:
                            gaps += 1
                    if gaps > self.rules.max_wilds or len(nat) < 2:
                        continue
                    for wild_set in wsets:
                        if len(wild_set) >= gaps:
                            ts = bytes(sorted(nat + wild_set))
                            if ts not in done:
                                done.add(ts)
        for ts in sorted(done):
            high_meld = melds.make(ts, melds.END_DEFAULT, self.rules)
            if isinstance(high_meld, int):
                continue
            yield (MELD, 0, ts, melds.END_DEFAULT)
            low_meld = melds.make(ts, melds.END_LOW, self.rules)
            if not isinstance(low_meld, int) and low_meld != high_meld:
                yield (MELD, 0, ts, melds.END_LOW)

    def _add_moves(self, rack, i):
        meld = self.melds[side_of(self.turn)][i]
        seen = bytearray(tiles.NCODES)
        for tile in rack:
            if seen[tile]:
                continue
            seen[tile] = 1
            one = bytes((tile,))
            if melds.wild_position(meld, tile):
                yield (SWAP, i, one, melds.END_DEFAULT)
                yield (SWAP, i, one, melds.END_LOW)
            else:
                extended = melds.extend(meld, one, melds.END_DEFAULT, self.rules)
                yield (ADD, i, one, melds.END_DEFAULT)
                if not isinstance(extended, int) and extended != melds.extend(meld, one, melds.END_LOW, self.rules):
                    yield (ADD, i, one, melds.END_LOW)
        if meld[0] == melds.RUN:
            # naturals continuing the run at either end
            cnt = tiles.counts(rack)
            colour = meld[1]
            lo = meld[2]
            hi = lo + melds.size(meld) - 1
            ts = bytearray()
            position = hi + 1
            while position <= 14 and cnt[melds.natural_at(colour, position)]:
                ts.append(melds.natural_at(colour, position))
                position += 1
                if len(ts) > 1:
                    yield (ADD, i, bytes(ts), melds.END_DEFAULT)
            ts = bytearray()
            position = lo - 1
            while position >= 1 and cnt[melds.natural_at(colour, position)]:
                ts.append(melds.natural_at(colour, position))
                position -= 1
                if len(ts) > 1:
                    yield (ADD, i, bytes(ts), melds.END_DEFAULT)
        else:
            cnt = tiles.counts(rack)
            tile = tiles.tile(0, meld[1])
            nat = bytearray()
            for colour in range(4):
                for _ in range(cnt[tile + 13 * colour]):
                    nat.append(tile + 13 * colour)
            if len(nat) > 1:
                yield (ADD, i, bytes(nat), melds.END_DEFAULT)


def _holds(rack, ts):
    if len(ts) == 1:
        # the common case (add, swap, discard): one byte searched in the rack, no count
        # arrays (MicroPython has no `int in bytearray`; a one-byte bytes in it is a search)
        return ts in rack
    if not ts:
        return False
    for tile in ts:
        if tile >= tiles.NCODES:
            return False
    need = tiles.counts(ts)
    have = tiles.counts(rack, bytearray(_SLOTS))   # (a slot for a HIDDEN placeholder)
    for tile in ts:
        if need[tile] > have[tile]:
            return False
    return True


def _pop(buf):
    # the top of the stock is its end (MicroPython's bytearray has no pop)
    tile = buf[-1]
    buf[-1:] = b""
    return tile


def _remove(rack, ts):
    # removes the last copy: the rack's order (the player's own) is otherwise kept
    for tile in ts:
        i = len(rack) - 1
        while rack[i] != tile:
            i -= 1
        rack[i:i + 1] = b""


def _sub_multisets(cnt, codes):
    # every multiset drawn from the given codes with at most cnt[code] of each
    out = [[]]
    for code in codes:
        k = cnt[code]
        if k:
            out = [multiset + [code] * j for multiset in out for j in range(k + 1)]
    return out


def _wild_choices(cnt, codes, most):
    return [choice for choice in _sub_multisets(cnt, codes) if len(choice) <= most]
