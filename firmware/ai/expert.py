# Level 4, the expert (docs/ai.md, "Level 4"): level 3's play, with the
# decisions level 3 takes by rule weighed over sampled deals of the hidden
# tiles instead, spending the chip's time budget.
#
# It sees what a player at its seat sees: its rack, the melds, the pile, the
# rack and stock sizes, the muertos taken, and its memory of which piles the
# others took and which tops they left (lookahead.Memory). Its random numbers
# come from its own seed and that visible position (engine/rng.py), never
# from the game's seed or anything hidden, so two games that differ only in
# hidden tiles get the same decision, and one seed the same decision on
# CPython and MicroPython.
from micropython import const
from engine import game
from engine import rng
from ai import rack as rack_tools   # (rack: the methods' parameter)
from ai import lookahead
from ai.basic import BasicAI
from ai.rack import WILD, VAL, ONE

NCODES = const(53)
SAMPLES4 = const(12)     # sampled racks of the next player per discard decision
TRIES4 = const(36)
GAINS = const(4)         # of them, those whose pile gain is estimated (rack_tools.layable leaves garbage)
HOLD = const(6)          # the opening three-tile meld waits while the rack holds more
_RACE = const(7)         # before its muerto, a rack this short races for it (R6)
_DENY = const(4)         # a pile this big is not left to a next player who would take it
# how much a pile the next player may take weighs against what a tile is
# worth keeping, in tenths: level 3's 10 with two players; with four, 2
# (docs/ai.md: 52.3 % against level 3 with 10, 55.4 % with 2, 1000 matches)
_DANGER2 = const(10)
_DANGER4 = const(2)
# with four players, once the next player's side has a canasta or this side may close
_DANGER4C = const(-1)


_SCRATCH = None


class ExpertAI(BasicAI):
    """Level 4: plays like level 3; its discard models the next player
    taking the pile with level 3's own rule (top joins a meld, the pile lays
    two tiles more, or finishes a canasta), over SAMPLES4 racks dealt from
    the hidden tiles, weighed by what the pile is worth to that side; when an
    opponent may close next turn it sheds points."""

    def __init__(self, seed=0):
        # level 2's set-up plus level 3's memory, without level 3's sampler:
        # level 4 samples into scratch shared by every ExpertAI (decisions
        # never overlap), so two AI seats cost the console's heap no more
        BasicAI.__init__(self, 2)
        self.level = 4
        self.look = lookahead
        self.mem = lookahead.Memory()
        self.seed = seed & 0xFFFFFF
        global _SCRATCH
        if _SCRATCH is None:
            _SCRATCH = ([rack_tools.Rack() for _ in range(SAMPLES4)], bytearray(SAMPLES4), bytearray(NCODES), rack_tools.Rack())
        self.racks, self.base, self.hid, self.sc = _SCRATCH

    # --- the hidden tiles, sampled ----------------------------------------
    def _state(self, game_state, me):
        # only what this seat sees: its seed, the hand, the stock and pile
        # sizes, its own rack
        x = self.seed * 31 + game_state.hand * 1009 + len(game_state.stock) * 7 + len(game_state.pile)
        for tile in game_state.racks[me]:
            x = (x * 33 + tile) & 0xFFFFFF
        return rng.seed_state(x)

    def _deal(self, game_state, me, seat):
        """SAMPLES4 racks for seat: the tiles it is known to hold (it took
        them with a pile and has not shown them), the rest drawn from the
        hidden tiles; a rack that could have melded the top it last left is
        drawn again (TRIES4 draws in all)."""
        mem = self.mem
        hidden = lookahead.unseen(game_state, me, self.hid)     # into this AI's own buffer
        known = mem.held[seat] if mem.held is not None else None
        nk = 0
        if known is not None:
            for tile in range(NCODES):
                if known[tile] > hidden[tile]:
                    known[tile] = hidden[tile]        # shown on the table since
                nk += known[tile]
                hidden[tile] -= known[tile]
        n = 0
        for tile in range(NCODES):
            n += hidden[tile]
        pool = bytearray(n)
        n = 0
        for tile in range(NCODES):
            for _ in range(hidden[tile]):
                pool[n] = tile
                n += 1
        for tile in range(NCODES):             # hidden again for the caller
            if known is not None:
                hidden[tile] += known[tile]
        need = len(game_state.racks[seat]) - nk
        if need > n:
            need = n
        st = rng.shuffle(pool, self._state(game_state, me))
        x = mem.refused[seat] if mem.refused is not None else 255
        i = 0
        tries = 0
        k = 0
        racks = self.racks
        while k < SAMPLES4:
            rack = racks[k].fill(b"")
            if known is not None:
                for tile in range(NCODES):
                    for _ in range(known[tile]):
                        rack_tools.add_tiles(rack, ONE[tile])
            for _ in range(need):
                rack_tools.add_tiles(rack, ONE[pool[i]])
                i += 1
                if i >= n:
                    i = 0
                    st = rng.shuffle(pool, st)      # the next windows from a new order
            tries += 1
            if x != 255 and tries <= TRIES4 and rack.makes_meld(x):
                continue
            k += 1
        return racks

    # --- drawing --------------------------------------------------------------
    def _draw(self, game_state):
        # R6/R8: the race to empty the rack. Once free to close (muerto and a
        # canasta), and before the muerto while the rack holds _RACE tiles or
        # fewer, it leaves any pile that does not let it lay at least as many
        # tiles as it brings (level 3, free to close, takes a pile that adds
        # one tile more than it lays, and races not at all for the muerto).
        # With a partner, only while this rack is no longer than the
        # partner's: the side's race is run by its shorter rack (docs/ai.md,
        # "Level 4": 2 players 58.0 -> 62.2 %, 4 players 55.8 -> 60.0 %, seeds 1-200).
        # A pile of _DENY tiles or more that the next player would take (level
        # 3's rule: it lays two tiles more with it, in half the SAMPLES4 racks
        # dealt for it) is not left to it: level 3's own rule decides then
        # When an opponent may close next turn (its side free to close, its
        # rack four tiles or fewer) it races whatever its rack: a pile's
        # tiles left in the rack at the close count against the side (R7)
        pile = game_state.pile
        me = game_state.turn
        side = game.side_of(me)
        n = len(game_state.racks[me])
        so = 1 - side
        threat = 0
        if game_state.can_close(so):
            for player in range(so, game_state.n, 2):
                if len(game_state.racks[player]) <= 4:
                    threat = 1
        if pile and (threat or game_state.can_close(side) or (not game_state.taken[side] and n <= _RACE)) and \
                (threat or game_state.n == 2 or n <= len(game_state.racks[me ^ 2])):
            self.took = -1
            self.mem.observe(game_state, me)
            if not self._completes(game_state) and self._pile_gain(game_state) < len(pile):
                k = 0
                if len(pile) >= _DENY:
                    nxt = (me + 1) % game_state.n
                    opp = game_state.melds[game.side_of(nxt)]
                    sc = self.sc
                    for rack in self._deal(game_state, me, nxt):
                        b = rack_tools.layable(rack_tools.copy_into(sc, rack), opp)
                        rack_tools.copy_into(sc, rack)
                        if rack_tools.layable(rack_tools.add_tiles(sc, pile), opp) - b >= 2:
                            k += 1
                if 2 * k < SAMPLES4:
                    return (game.DRAW, 0, b"", 0)
        return BasicAI._draw(self, game_state)

    # --- melding ------------------------------------------------------------
    def _play(self, game_state):
        mv = BasicAI._play(self, game_state)
        # R4: the side's opening meld of three naturals waits while the rack
        # is long: it hides what the side collects (an opponent that minds
        # the side's melds keeps feeding it those tiles), and the three stay
        # in hand to take the pile with (docs/ai.md, "Level 4"). Two players
        # only: with a partner it lost (43.5 % against level 3 over 200
        # matches, 51 % without it)
        if game_state.n == 2 and mv[0] == game.MELD and len(mv[2]) == 3 and len(game_state.racks[game_state.turn]) > HOLD and \
                not WILD[mv[2][2]] and not game_state.melds[game.side_of(game_state.turn)]:
            return self._discard(game_state, game_state.racks[game_state.turn])
        return mv

    # --- discarding ----------------------------------------------------------
    def _safe_discard(self, game_state, rack):
        me = game_state.turn
        nxt = (me + 1) % game_state.n
        so = game.side_of(nxt)
        racks = self._deal(game_state, me, nxt)
        opp = game_state.melds[so]
        masks = lookahead.masks(opp)
        rs = self.rs.fill(rack)
        hidden = self.hid
        pile = game_state.pile
        np = len(pile) + 1
        canasta = game_state.has_canasta(so)
        near = 0 if canasta else game_state.rules.canasta - 1
        # the next player's can_use: a pile taken for a meld of its top must
        # leave it tiles to play on, unless emptying the rack is welcome
        nr = len(game_state.racks[nxt])
        free = nr + np - 3 >= 2 or not game_state.taken[so] or (game_state.taken[so] and canasta)
        # can an opponent close on its next turn? then points left in the
        # rack are what this discard can still save
        threat = 0
        if game_state.taken[so] and canasta:
            for player in range(so, game_state.n, 2):
                if len(game_state.racks[player]) <= 4:
                    threat = 1
        # with a partner the pile the next player leaves goes to the side
        # next, and an opponent fed a small pile is one of two: the tiles
        # this rack keeps weigh more (docs/ai.md, "Level 4"). Once the
        # next player's side has its canasta, or this side is free to
        # close, the weight turns negative (_DANGER4C): a tile that player
        # would take is the better discard (docs/ai.md: 58.6 -> 62.2 % over
        # nine seed ranges)
        dw = _DANGER2 if game_state.n == 2 else \
            (_DANGER4C if canasta or game_state.can_close(game.side_of(me)) else _DANGER4)
        sc = self.sc
        base = self.base
        for i in range(SAMPLES4):
            base[i] = 255       # worked out when first needed
        best = -1
        best_cost = 0
        seen = self.seen
        for i in range(NCODES):
            seen[i] = 0
        for tile in rack:
            if tile == self.took or WILD[tile] or seen[tile]:
                continue
            seen[tile] = 1
            danger = 0
            joins = 0
            for i in range(len(opp)):
                if rack_tools.touches(opp[i], masks[i], tile):
                    joins = 1
                    break
            for i in range(SAMPLES4):
                rack_tiles = racks[i]
                take = free and (joins or rack_tiles.makes_meld(tile))
                gain = 0
                if np >= 3 and not take and i < GAINS:
                    if base[i] == 255:
                        base[i] = rack_tools.layable(rack_tools.copy_into(sc, rack_tiles), opp)
                    rack_tools.copy_into(sc, rack_tiles)
                    rack_tools.add_tiles(sc, pile)
                    rack_tools._put(sc, tile, 1)
                    gain = rack_tools.layable(sc, opp) - base[i]
                    if gain >= 2:
                        # the first GAINS samples stand for all of them
                        danger += (np + 3 + gain) * (SAMPLES4 // GAINS)
                    continue
                if take:
                    danger += np + 3
            cost = dw * danger + SAMPLES4 * (2 * lookahead.outs(rs, tile, hidden) + rs.links(tile) - VAL[tile] // 5)
            if near:
                cost += 10 * SAMPLES4 * lookahead.guard(opp, masks, near, tile)
            if threat:
                cost -= SAMPLES4 * VAL[tile] // 2
            if best < 0 or cost < best_cost:
                best = tile
                best_cost = cost
        if best < 0:
            return None
        return (game.DISCARD, 0, ONE[best], 0)

