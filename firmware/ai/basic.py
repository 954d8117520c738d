# The baseline AI: greedy, cheap, and small enough for the device's heap.
# It plays one move per call, so a UI can show each one.
#
# Every player (human seat adapters, this AI, stronger AIs later) has the same
# interface: choose(game) -> move, called when game.turn is its seat.
from engine import tiles as T
from engine import melds as M
from engine import game as G
from engine import reasons as R


class BasicAI:
    """level 1 is an easy opponent: it never moves wilds (R5) and discards
    without minding what the opponents could use. Levels 2 and 3 play the full
    baseline (a stronger AI is to come)."""

    def __init__(self, level=2):
        self.level = level
        self.took = -1      # the pile's top when this AI took the pile this turn

    def choose(self, g):
        ph = g.phase
        if ph == G.P_HAND_OVER:
            return (G.NEXT, 0, b"", 0)
        if ph == G.P_EMPTY or ph == G.P_EMPTY_DISCARD:
            s = G.side_of(g.turn)
            return (G.CLOSE if g.taken[s] else G.MUERTO, 0, b"", 0)
        if ph == G.P_DRAW:
            return self._draw(g)
        return self._play(g)

    # --- drawing ------------------------------------------------------
    def _draw(self, g):
        pile = g.pile
        self.took = -1
        if pile:
            top = pile[-1]
            # only a pile whose top plays at once is worth taking: on looser
            # grounds two AIs can pass one tile back and forth for ever, the
            # stock never shrinking
            if self._useful(g, top) and self._can_use(g, len(pile)):
                self.took = top
                return (G.PILE, 0, b"", 0)
        return (G.DRAW, 0, b"", 0)

    def _can_use(self, g, taken):
        # melding the pile's top with two rack tiles must leave a tile to
        # discard and one to keep, unless emptying the rack is welcome
        # (muerto still waiting, or the side can close)
        s = G.side_of(g.turn)
        return len(g.racks[g.turn]) + taken - 3 >= 2 or not g.taken[s] or g.can_close(s)

    def _useful(self, g, t):
        # t extends a meld of the side, or makes a meld with the rack (with
        # two naturals if t is a wild, with two rack tiles otherwise)
        s = G.side_of(g.turn)
        one = bytes((t,))
        for m in g.melds[s]:
            if M.touches(m, t) and not isinstance(M.extend(m, one, 0, g.rules), int):
                return True
        if T.is_wild(t):
            return find_meld(g.racks[g.turn] + one, False) is not None
        return _makes_meld(g.racks[g.turn], t)

    # --- melding and discarding ------------------------------------------
    def _play(self, g):
        rack = g.racks[g.turn]
        s = G.side_of(g.turn)
        if g.drawn != G.NO_TILE and not T.is_wild(g.drawn) and _links(rack, g.drawn) == 0:
            return (G.REDRAW, 0, b"", 0)
        melds = g.melds[s]
        # put naturals where wilds stand, then extend melds with naturals
        for kind in ((G.ADD,) if self.level < 2 else (G.SWAP, G.ADD)):
            for i in range(len(melds)):
                for t in rack:
                    if T.is_wild(t) or not M.touches(melds[i], t):
                        continue
                    if kind == G.SWAP and not M.wild_position(melds[i], t):
                        continue
                    mv = (kind, i, bytes((t,)), 0)
                    if g.check(mv) == R.OK:
                        return mv
        # a new meld: of naturals if there is one, else with one wild
        for naturals_only in (True, False):
            ts = find_meld(rack, naturals_only)
            if ts:
                mv = (G.MELD, 0, ts, 0)
                if g.check(mv) == R.OK:
                    return mv
        # wilds: to turn a 6-tile meld into a canasta, or when few tiles (or
        # only wilds) remain: wilds held to the end only cost points
        few = len(rack) <= 4 or _all_wild(rack)
        for i in range(len(melds)):
            if M.size(melds[i]) == 6 or few:
                for t in rack:
                    if T.is_wild(t):
                        mv = (G.ADD, i, bytes((t,)), 0)
                        if g.check(mv) == R.OK:
                            return mv
        return self._discard(g, rack)

    def _discard(self, g, rack):
        # the tile that helps us least, hurts least to give away, and costs most
        # to keep; a wild only when nothing else is left
        opp = g.melds[1 - G.side_of(g.turn)]
        best = None
        best_key = None
        for t in rack:
            mv = (G.DISCARD, 0, bytes((t,)), 0)
            if g.check(mv) != R.OK:
                continue
            feeds = 0
            for m in (opp if self.level >= 2 else ()):
                if M.touches(m, t) and not isinstance(M.extend(m, mv[2], 0, g.rules), int):
                    feeds = 1
                    break
            # never hand back the tile just taken from the pile: that could loop forever
            key = (t == self.took, T.is_wild(t), feeds, _links(rack, t), -T.value(t, g.rules.joker_value))
            if best_key is None or key < best_key:
                best = mv
                best_key = key
        if best is not None:
            return best
        for mv in g.legal_moves():       # nothing sensible: any legal move
            return mv
        return None


def _all_wild(rack):
    for t in rack:
        if not T.is_wild(t):
            return False
    return True


def _makes_meld(rack, t):
    """Would t make a meld of naturals with two rack tiles (a set of three,
    or three of a run)?"""
    if T.is_wild(t):
        return False
    cnt = T.counts(rack)
    n = T.number(t)
    c = T.colour(t)
    same = 0
    for k in range(4):
        same += cnt[T.tile(k, n)]
    if same >= 2:
        return True
    have = bytearray(16)
    for p in range(1, 15):
        have[p] = cnt[M.natural_at(c, p)] > 0
    for p in ((n, 14) if n == 1 else (n,)):
        if (have[p - 1] and have[p - 2]) if p > 2 else False:
            return True
        if p > 1 and p < 14 and have[p - 1] and have[p + 1]:
            return True
        if p < 13 and have[p + 1] and have[p + 2]:
            return True
    return False


def _links(rack, t):
    """How many rack tiles could sit in a meld with t (same number or a near
    neighbour of the same colour); t itself not counted once."""
    if T.is_wild(t):
        return 0
    n = T.number(t)
    c = T.colour(t)
    k = -1
    for u in rack:
        if T.is_wild(u):
            continue
        if T.number(u) == n:
            k += 1
        elif T.colour(u) == c:
            d = T.number(u) - n
            if -2 <= d <= 2 or (n == 1 and T.number(u) >= 12) or (T.number(u) == 1 and n >= 12):
                k += 1
    return k


def find_meld(rack, naturals_only):
    """The longest meld in the rack made of naturals, or (naturals_only False)
    of naturals plus one wild; None when there is none."""
    cnt = T.counts(rack)
    wild = -1
    if not naturals_only:
        for t in rack:
            if T.is_wild(t):
                wild = t
                break
        if wild < 0:
            return None
    need = 3 if naturals_only else 2
    best = None
    for n in (1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13):
        ts = bytearray()
        for c in range(4):
            t = T.tile(c, n)
            for _ in range(cnt[t]):
                ts.append(t)
        if len(ts) >= need and (best is None or len(ts) + (wild >= 0) > len(best)):
            best = ts
            if wild >= 0:
                best.append(wild)
    for c in range(4):
        # runs from each start position (the ace both low and high); with a
        # wild, it fills the first gap or else goes at the high end
        for p in range(1, 15):
            ts = bytearray()
            nat = 0
            used = wild < 0
            q = p
            while q <= 14 and len(ts) < 13:
                t = M.natural_at(c, q)
                if cnt[t]:
                    ts.append(t)
                    nat += 1
                elif not used and nat:
                    used = True
                    ts.append(wild)
                else:
                    break
                q += 1
            if nat >= need and (best is None or len(ts) + (not used) > len(best)):
                if not used:
                    ts.append(wild)
                best = ts
    return bytes(best) if best else None
