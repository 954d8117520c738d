# The baseline AI: greedy, cheap, and small enough for the device's heap.
# It plays one move per call, so a UI can show each one.
#
# Every player (human seat adapters, this AI, stronger AIs later) has the same
# interface: choose(game) -> move, called when game.turn is its seat.
from micropython import const
from engine import game
from engine import melds
from engine import reasons
from ai import rack as rack_tools
from ai.rack import WILD, COL, NUM, PBIT, VAL, ONE

_SET = const(1)


class BasicAI:
    """Level 1 is an easy opponent: it never moves wilds (R5) and discards
    without minding what the opponents could use. Level 2 is the greedy
    player without the baseline's misplays (docs/ai.md). Level 3 plays like
    level 2 and races for the first canasta and the close (its last wild
    kept, the opponents' canasta tile never given), weighing its discards
    over sampled deals of the hidden tiles and remembering which piles were
    taken and left (ai/lookahead.py). Level 0 is the baseline
    of before, kept frozen: the transcript pins (tests/test_ai_exact.py)
    refer to it."""

    def __init__(self, level=2):
        self.level = level
        self.full = level != 1      # moves wilds, minds what it feeds
        self.fixed = level >= 2     # none of the baseline's misplays
        self.took = -1      # the pile's top when this AI took the pile this turn
        self.rs = rack_tools.Rack()
        self.tmp = rack_tools.Rack()
        self.rch = [0, 0, 0, 0, 0]
        self.seen = bytearray(rack_tools.NCODES)
        self.look = None
        if level >= 3:
            from ai import lookahead
            self.look = lookahead
            self.mem = lookahead.Memory()
            self.sampler = lookahead.Sampler()

    def choose(self, game_state):
        ph = game_state.phase
        if ph == game.P_HAND_OVER:
            return (game.NEXT, 0, b"", 0)
        if ph == game.P_EMPTY or ph == game.P_EMPTY_DISCARD:
            side = game.side_of(game_state.turn)
            return (game.CLOSE if game_state.taken[side] else game.MUERTO, 0, b"", 0)
        if ph == game.P_DRAW:
            return self._draw(game_state)
        return self._play(game_state)

    # --- drawing ------------------------------------------------------
    def _draw(self, game_state):
        pile = game_state.pile
        self.took = -1
        if self.look:
            self.mem.observe(game_state, game_state.turn)
        if pile and self.look and game_state.can_close(game.side_of(game_state.turn)) and len(pile) - self._pile_gain(game_state) > 1:
            # level 3, free to close (R8): a pile that leaves the rack fuller
            # than a draw would slows the race to empty it
            return (game.DRAW, 0, b"", 0)
        if pile:
            top = pile[-1]
            # only a pile whose top plays at once is worth taking: on looser
            # grounds two AIs can pass one tile back and forth for ever, the
            # stock never shrinking
            if (self._can_use(game_state, len(pile)) and self._useful(game_state, top)) or \
                    (self.fixed and len(pile) >= 2 and self._pile_gain(game_state) >= (2 if self.look and len(pile) >= 3 else 3)) or \
                    (self.look and self._completes(game_state)):
                self.took = top
                return (game.PILE, 0, b"", 0)
        return (game.DRAW, 0, b"", 0)

    def _pile_gain(self, game_state):
        # how many more tiles the side could lay at once with the pile than
        # without it (taking on that ground always makes progress: the laid
        # tiles leave play, so no tile can go back and forth)
        side_melds = game_state.melds[game.side_of(game_state.turn)]
        rs = self.rs.fill(game_state.racks[game_state.turn])
        without = rack_tools.layable(rack_tools.copy_into(self.tmp, rs), side_melds)
        rack_tools.add_tiles(rs, game_state.pile)
        return rack_tools.layable(rs, side_melds) - without

    def _completes(self, game_state):
        # level 3: the pile finishes the side's first canasta (R7: without
        # one, the melded tiles count against the side)
        side = game.side_of(game_state.turn)
        side_melds = game_state.melds[side]
        if not side_melds or game_state.has_canasta(side):
            return False
        rs = self.rs.fill(game_state.racks[game_state.turn])
        L = self.look
        if L.longest(rs, side_melds, game_state.rules) >= game_state.rules.canasta:
            return False
        return L.longest(rack_tools.add_tiles(rs, game_state.pile), side_melds, game_state.rules) >= game_state.rules.canasta

    def _can_use(self, game_state, taken):
        # melding the pile's top with two rack tiles must leave a tile to
        # discard and one to keep, unless emptying the rack is welcome
        # (muerto still waiting, or the side can close)
        side = game.side_of(game_state.turn)
        return len(game_state.racks[game_state.turn]) + taken - 3 >= 2 or not game_state.taken[side] or game_state.can_close(side)

    def _useful(self, game_state, tile):
        # t extends a meld of the side, or makes a meld with the rack (with
        # two naturals if t is a wild, with two rack tiles otherwise)
        if _feeds(game_state.melds[game.side_of(game_state.turn)], tile, game_state.rules):
            return True
        rs = self.rs.fill(game_state.racks[game_state.turn])
        if WILD[tile]:
            return rs.meld_with_wild(tile)
        return rs.makes_meld(tile)

    # --- melding and discarding ------------------------------------------
    def _play(self, game_state):
        rack = game_state.racks[game_state.turn]
        rs = self.rs.fill(rack)
        side = game.side_of(game_state.turn)
        if game_state.drawn != game.NO_TILE and not WILD[game_state.drawn] and rs.links(game_state.drawn) == 0:
            return (game.REDRAW, 0, b"", 0)
        side_melds = game_state.melds[side]
        canasta = game_state.has_canasta(side)
        if self.fixed and len(rack) <= 4 and not _stuck(rs, rack, side_melds, game_state.rules, game_state.taken[side], canasta):
            mv = None
            if self.look:
                # R6: emptying the rack by melding takes the muerto at once and
                # plays on in the same turn (a whole turn ahead of the discard)
                mv = _going_out(rack, side_melds, game_state.rules, game_state.taken[side], canasta, False)
            if mv is None:
                mv = _going_out(rack, side_melds, game_state.rules, game_state.taken[side], canasta)
            if mv is not None and game_state.check(mv) == reasons.OK:
                return mv
        # put naturals where wilds stand, then extend melds with naturals
        cm = rs.cm
        # R3/R8: after the muerto, a move that leaves one tile or none needs
        # a canasta on the table or made by that move: the engine refuses
        # the others, so they are not even tried
        short = len(rack) <= 2 and game_state.taken[side] and not canasta
        for kind in ((game.SWAP, game.ADD) if self.full else (game.ADD,)):
            for i in range(len(side_melds)):
                meld = side_melds[i]
                if short and len(meld) - rack_tools.HEAD + 1 < game_state.rules.canasta:
                    continue
                key = meld[1]
                if meld[0] == _SET:
                    if kind == game.SWAP or not rs.num[key]:
                        continue
                    mask = 0
                else:
                    mask = rack_tools.touch_mask(meld, kind == game.ADD)
                    if not cm[key] & rack_tools.NO_TWO & mask:
                        continue
                for tile in rack:
                    # rack_tools.touches(m, mask, t), written out: a run's mask is never 0 here
                    if WILD[tile] or ((COL[tile] != key or not PBIT[tile] & mask) if mask else NUM[tile] != key):
                        continue
                    mv = (kind, i, ONE[tile], 0)
                    if game_state.check(mv) == reasons.OK:
                        return mv
        # a new meld: of naturals if there is one, else with one wild
        refused = False
        # level 3 keeps its last wild while the side has no canasta: most hands
        # are lost with a 6-tile meld on the table and no wild left to finish it
        hold = self.look and len(rack) > 4 and rs.wilds == 1 and not canasta
        for naturals_only in ((True,) if hold else (True, False)):
            ts = rack_tools.find_meld(rs, naturals_only, self.fixed)
            if ts:
                mv = (game.MELD, 0, ts, 0)
                if game_state.check(mv) == reasons.OK:
                    return mv
                refused = True
        if self.fixed and refused:
            # the longest was refused (it would empty the rack too soon, or
            # break a rule): any three-tile meld still plays
            for ts in rack_tools.three_melds(rs):
                if hold and WILD[ts[2]]:
                    continue
                mv = (game.MELD, 0, ts, 0)
                if game_state.check(mv) == reasons.OK:
                    return mv
        # wilds: to turn a 6-tile meld into a canasta, or when few tiles (or
        # only wilds) remain: wilds held to the end only cost points
        if rs.wilds:
            few = len(rack) <= 4 or rs.wilds == len(rack)
            for i in range(len(side_melds)):
                if self.fixed and melds.is_canasta(side_melds[i], game_state.rules) and melds.is_pure(side_melds[i]):
                    continue        # a wild there costs the pure canasta's 100 extra
                if short and len(side_melds[i]) - rack_tools.HEAD + 1 < game_state.rules.canasta:
                    continue
                if few or len(side_melds[i]) - rack_tools.HEAD == 6:
                    for tile in rack:
                        if WILD[tile]:
                            mv = (game.ADD, i, ONE[tile], 0)
                            if game_state.check(mv) == reasons.OK:
                                return mv
        return self._discard(game_state, rack)

    def _discard(self, game_state, rack):
        # the tile that helps us least, hurts least to give away, and costs most
        # to keep; a wild only when nothing else is left. Legality does not
        # depend on the tile today, so the best tile is checked alone; the
        # tile-by-tile check runs only if the engine refuses it.
        if self.look:
            mv = self._safe_discard(game_state, rack)
            if mv is not None and game_state.check(mv) == reasons.OK:
                self.mem.left(game_state, mv[2][0])
                return mv
        mv = self._least_useful(game_state, rack, False)
        if mv is None or game_state.check(mv) != reasons.OK:
            mv = self._least_useful(game_state, rack, True)
        if mv is not None:
            if self.look:
                self.mem.left(game_state, mv[2][0])
            return mv
        for mv in game_state.legal_moves():       # nothing sensible: any legal move
            return mv
        return None

    def _safe_discard(self, game_state, rack):
        # level 3: the tile the next player is least likely to want, over
        # sampled deals of what it may hold, weighed by what the pile is
        # worth to it, against what the tile is worth to keep: its outs
        # (hidden tiles that would finish a meld with it), links and points
        L = self.look
        me = game_state.turn
        nxt = (me + 1) % game_state.n
        racks = self.sampler.deal(game_state, me, nxt, self.mem)
        opp = game_state.melds[game.side_of(nxt)]
        masks = L.masks(opp)
        rs = self.rs
        stake = len(game_state.pile) + 3
        # a tile that finishes the opponents' first canasta is worth far more
        # than the pile to them (R7: it turns all their melds to plus)
        near = 0 if game_state.has_canasta(game.side_of(nxt)) else game_state.rules.canasta - 1
        best = -1
        best_cost = 0
        hidden = L.unseen(game_state, me)
        seen = self.seen
        for i in range(rack_tools.NCODES):
            seen[i] = 0
        for tile in rack:
            if tile == self.took or WILD[tile] or seen[tile]:
                continue
            seen[tile] = 1
            danger = 0
            for rack_tiles in racks:
                if L.takes_with(rack_tiles, opp, masks, tile):
                    danger += 1
            cost = 10 * danger * stake + L.SAMPLES * (2 * L.outs(rs, tile, hidden) + rs.links(tile) - VAL[tile] // 5)
            if near:
                cost += 10 * L.SAMPLES * L.guard(opp, masks, near, tile)
            if best < 0 or cost < best_cost:
                best = tile
                best_cost = cost
        if best < 0:
            return None
        return (game.DISCARD, 0, ONE[best], 0)

    def _least_useful(self, game_state, rack, checked):
        opp = game_state.melds[1 - game.side_of(game_state.turn)] if self.full else ()
        rch = rack_tools.reach(opp, self.rch)
        rs = self.rs
        jv = game_state.rules.joker_value
        took = self.took
        best = -1
        best_key = 0
        for tile in rack:
            # key, smallest best: never hand back the tile just taken from the
            # pile (that could loop forever), then not a wild, not one that
            # feeds an opponent's meld, fewest links, highest value
            top = (tile == took) * 2 + WILD[tile]
            if best >= 0 and top > best_key >> 14:
                continue
            if checked and game_state.check((game.DISCARD, 0, ONE[tile], 0)) != reasons.OK:
                continue
            key = (top * 2 * 128 + rs.links(tile)) * 64 + 50 - (jv if tile == rack_tools.JOKER else VAL[tile])
            if best >= 0 and key >= best_key:
                continue        # not better even if it fed nobody: _feeds() only adds
            if (WILD[tile] or rack_tools.joins(rch, tile)) and _feeds(opp, tile, game_state.rules):
                key += 128 * 64
            if best < 0 or key < best_key:
                best = tile
                best_key = key
        if best < 0:
            return None
        return (game.DISCARD, 0, ONE[best], 0)


def _feeds(side_melds, tile, rules):
    """Does tile t extend one of these melds?"""
    if not side_melds:
        return 0
    wild = WILD[tile]
    for meld in side_melds:
        if not wild:
            if meld[0] == _SET:
                # a natural of its number always joins a set (R4)
                if NUM[tile] == meld[1]:
                    return 1
                continue
            if COL[tile] != meld[1] or not PBIT[tile] & rack_tools.touch_mask(meld, True):
                continue
        if not isinstance(melds.extend(meld, ONE[tile], 0, rules), int):
            return 1
    return 0


def find_meld(rack, naturals_only):
    """The longest meld in the rack made of naturals, or (naturals_only False)
    of naturals plus one wild; None when there is none."""
    return rack_tools.find_meld(rack_tools.Rack().fill(rack), naturals_only)


def _stuck(rs, rack, side_melds, rules, taken, canasta):
    """A quick proof that a small rack cannot go out this turn: more than one
    tile with nowhere to go (a discard takes one), or no canasta in reach
    after the muerto. False means "maybe"."""
    if taken and not canasta:
        most = 0
        for meld in side_melds:
            if len(meld) > most:
                most = len(meld)
        if most - rack_tools.HEAD + len(rack) < rules.canasta:
            return True
    lost = 0
    rch = None
    for tile in rack:
        if WILD[tile]:
            continue
        k = rs.links(tile)
        if k >= 2 or (k and rs.wilds):
            continue
        if rch is None:
            rch = rack_tools.reach(side_melds, [0, 0, 0, 0, 0])
        if not rack_tools.joins(rch, tile):
            lost += 1
            if lost > 1:
                return True
    return False


def _going_out(rack, side_melds, rules, taken, canasta, discard=True):
    """The first move of a way to empty this small rack in this turn (melds,
    adds, then at most one discard unless discard is False), or None. After
    the muerto (taken) it must leave the side a canasta: that is closing (R8)."""
    budget = [8, discard]       # extend()/make() calls (a bound on the device), a last discard allowed
    return _out(bytes(rack), list(side_melds), rules, taken, canasta, budget)


def _out(rack, side_melds, rules, taken, canasta, budget):
    n = len(rack)
    if n == 1 and budget[1]:
        if not taken or canasta:
            return (game.DISCARD, 0, rack, 0)
        # no canasta yet: the last tile itself may still make one
    seen = bytearray(rack_tools.NCODES)
    for tile in rack:
        # distinct tiles in rack order: a set's order differs between CPython
        # and MicroPython, and both must choose the same move
        if seen[tile]:
            continue
        seen[tile] = 1
        rest = _minus(rack, bytes((tile,)))
        for i in range(len(side_melds)):
            meld = side_melds[i]
            if not WILD[tile] and not _could_join(meld, tile):
                continue
            if taken and not canasta and n <= 2 and len(meld) - rack_tools.HEAD + 1 < rules.canasta:
                continue
            if budget[0] <= 0:
                return None
            budget[0] -= 1
            new = melds.extend(meld, bytes((tile,)), 0, rules)
            if isinstance(new, int):
                continue
            if _then_out(rest, side_melds, i, new, rules, taken, canasta, budget):
                return (game.ADD, i, bytes((tile,)), 0)
    if n >= 3:
        for a in range(n):
            for b in range(a + 1, n):
                for c in range(b + 1, n):
                    ts = bytes((rack[a], rack[b], rack[c]))
                    if budget[0] <= 0:
                        return None
                    budget[0] -= 1
                    new = melds.make(ts, 0, rules)
                    if isinstance(new, int):
                        continue
                    if _then_out(_minus(rack, ts), side_melds, -1, new, rules, taken, canasta, budget):
                        return (game.MELD, 0, ts, 0)
    return None


def _then_out(rest, side_melds, i, new, rules, taken, canasta, budget):
    canasta = canasta or melds.is_canasta(new, rules)
    if taken and len(rest) <= 1 and not canasta:
        return False        # the engine refuses to leave one tile or none without a canasta
    if not rest:
        return True
    ms = list(side_melds)
    if i < 0:
        ms.append(new)
    else:
        ms[i] = new
    return _out(rest, ms, rules, taken, canasta, budget) is not None


def _could_join(meld, tile):
    if meld[0] == _SET:
        return NUM[tile] == meld[1]
    return COL[tile] == meld[1] and PBIT[tile] & rack_tools.touch_mask(meld, True)


def _minus(rack, ts):
    out = bytearray(rack)
    for tile in ts:
        i = 0
        while out[i] != tile:
            i += 1
        out[i:i + 1] = b""
    return bytes(out)
