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
from engine import game as G
from engine import rng
from engine import reasons as R
from ai import rack as K
from ai import lookahead as L
from ai.basic import BasicAI, _feeds
from ai.rack import WILD, VAL, ONE

NCODES = const(53)
SAMPLES4 = const(12)     # sampled racks of the next player per discard decision
TRIES4 = const(36)
HOLD = const(6)          # the opening three-tile meld waits while the rack holds more


class ExpertAI(BasicAI):
    """Level 4: plays like level 3; its discard models the next player
    taking the pile with level 3's own rule (top joins a meld, the pile lays
    two tiles more, or finishes a canasta), over SAMPLES4 racks dealt from
    the hidden tiles, weighed by what the pile is worth to that side; when an
    opponent may close next turn it sheds points."""

    def __init__(self, seed=0):
        BasicAI.__init__(self, 3)
        self.level = 4
        self.seed = seed & 0xFFFFFF
        self.racks = [K.Rack() for _ in range(SAMPLES4)]
        self.base = bytearray(SAMPLES4)     # what each sampled rack lays without the pile
        self.pool = bytearray()
        self.buf = bytearray()
        self.sc = K.Rack()

    # --- the hidden tiles, sampled ----------------------------------------
    def _state(self, g, me):
        # only what this seat sees: its seed, the hand, the stock and pile
        # sizes, its own rack
        x = self.seed * 31 + g.hand * 1009 + len(g.stock) * 7 + len(g.pile)
        for t in g.racks[me]:
            x = (x * 33 + t) & 0xFFFFFF
        return rng.seed_state(x)

    def _deal(self, g, me, seat):
        mem = self.mem
        hidden = L.unseen(g, me)
        known = mem.held[seat] if mem.held is not None else None
        mine = bytearray()
        if known is not None:
            for t in range(NCODES):
                k = known[t] if known[t] < hidden[t] else hidden[t]
                known[t] = k
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
        rng.shuffle(pool, self._state(g, me))
        n = len(pool)
        buf = self.buf
        x = mem.refused[seat] if mem.refused is not None else 255
        i = 0
        tries = 0
        k = 0
        racks = self.racks
        while k < SAMPLES4:
            r = racks[k]
            buf[:] = mine
            for _ in range(need):
                buf.append(pool[i])
                i += 1
                if i >= n:
                    i = 0
                    # a second pass over the pool in another order
                    rng.shuffle(pool, self._state(g, me) ^ 0x5A5A5A)
            r.fill(buf)
            tries += 1
            if x != 255 and tries <= TRIES4 and r.makes_meld(x):
                continue
            k += 1
        return racks, hidden

    # --- melding ------------------------------------------------------------
    def _play(self, g):
        mv = BasicAI._play(self, g)
        # R4: the side's opening meld of three naturals waits while the rack
        # is long: it hides what the side collects (an opponent that minds
        # the side's melds keeps feeding it those tiles), and the three stay
        # in hand to take the pile with (docs/ai.md, "Level 4")
        if mv[0] == G.MELD and len(mv[2]) == 3 and len(g.racks[g.turn]) > HOLD and \
                not WILD[mv[2][2]] and not g.melds[G.side_of(g.turn)]:
            return self._discard(g, g.racks[g.turn])
        return mv

    # --- discarding ----------------------------------------------------------
    def _safe_discard(self, g, rack):
        me = g.turn
        nxt = (me + 1) % g.n
        so = G.side_of(nxt)
        racks, _ = self._deal(g, me, nxt)
        opp = g.melds[so]
        masks = L.masks(opp)
        rs = self.rs.fill(rack)
        hidden = L.unseen(g, me)
        pile = g.pile
        np = len(pile) + 1
        canasta = g.has_canasta(so)
        near = 0 if canasta else g.rules.canasta - 1
        # the next player's can_use: a pile taken for a meld of its top must
        # leave it tiles to play on, unless emptying the rack is welcome
        nr = len(g.racks[nxt])
        free = nr + np - 3 >= 2 or not g.taken[so] or (g.taken[so] and canasta)
        # can an opponent close on its next turn? then points left in the
        # rack are what this discard can still save
        threat = 0
        if g.taken[so] and canasta:
            for p in range(so, g.n, 2):
                if len(g.racks[p]) <= 4:
                    threat = 1
        sc = self.sc
        base = self.base
        if np >= 3:
            for i in range(SAMPLES4):
                base[i] = K.layable(K.copy_into(sc, racks[i]), opp)
        best = -1
        best_cost = 0
        seen = self.seen
        for i in range(NCODES):
            seen[i] = 0
        for t in rack:
            if t == self.took or WILD[t] or seen[t]:
                continue
            seen[t] = 1
            danger = 0
            joins = 0
            for i in range(len(opp)):
                if K.touches(opp[i], masks[i], t):
                    joins = 1
                    break
            for i in range(SAMPLES4):
                r = racks[i]
                take = free and (joins or r.makes_meld(t))
                gain = 0
                if np >= 3:
                    K.copy_into(sc, r)
                    K.add_tiles(sc, pile)
                    K._put(sc, t, 1)
                    gain = K.layable(sc, opp) - base[i]
                    if gain >= 2:
                        take = True
                if take:
                    danger += np + 3 + (gain if gain > 0 else 0)
            cost = 10 * danger + SAMPLES4 * (2 * L.outs(rs, t, hidden) + rs.links(t) - VAL[t] // 5)
            if near:
                cost += 10 * SAMPLES4 * L.guard(opp, masks, near, t)
            if threat:
                cost -= SAMPLES4 * VAL[t] // 2
            if best < 0 or cost < best_cost:
                best = t
                best_cost = cost
        if best < 0:
            return None
        return (G.DISCARD, 0, ONE[best], 0)


def make(seed=0):
    return ExpertAI(seed)
