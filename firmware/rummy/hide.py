# Hidden hands in a linked Rummy israeli match (docs/link.md "Hidden hands"): link/hide.py's
# Hid with Rummy's shape (docs/rules.md R13.3): racks 0..13 and 14..27, the stock from 28 on,
# drawn from its end, and the closing tile (R13.8) at 105, opened for both at the deal as
# burraco's card turned up is. A PLAY shows the tiles the new table holds beyond the old one,
# all from the player's rack but the closing tile (public). Loaded only with hidden=True (by
# name: link/session.py, as rummy/moves.py).
from micropython import const
from link import hidden
from link import hide

_HIDDEN = const(53)     # rummy/rules.py _HIDDEN
_DRAW = const(0)        # rummy/rules.py's move kinds and P_HAND_OVER
_PLAY = const(1)
_HAND_OVER = const(2)
_RACK = const(14)
_CODES = const(53)      # engine/tiles.py NCODES


class Hid(hide.Hid):
    """Rummy israeli's hidden hands: the zones, moves and public position of rummy/rules.py."""

    HAND_OVER = _HAND_OVER

    def measure(self, g):
        self.k = _RACK
        self.m = 0
        self.base = 2 * _RACK
        self.n = len(g.stock) + len(g.racks[0]) + len(g.racks[1]) + 1   # (and the closing tile)

    def zones(self, g):
        return [(g.stock, self.base)]

    def has_card(self, g):
        return True

    def card_hidden(self, g):
        return 1 if g.closing == _HIDDEN else 0

    def set_card(self, g, c):
        if g.closing != _HIDDEN:
            return False
        g.closing = c
        return True

    def draws(self, kind):
        return kind == _DRAW

    def drawn(self, g, j):
        return                          # (no redraw in Rummy)

    def shows(self, mv, g):
        # the positions a PLAY lays from our rack: the new table less the old, by tile,
        # from our own tiles not shown yet; the closing tile is public
        if mv[0] != _PLAY:
            return b""
        laid = g.laid(mv[1])
        if isinstance(laid, int):
            return b""                  # (refused by the engine: nothing goes out)
        h = self.h
        rack = g.racks[self.link.seat]
        out = bytearray()
        for c in range(_CODES):
            k = laid[c]
            if k and c == g.closing and k == hide.count(rack, c) + 1:
                k -= 1
            if k:
                mine = [j for j in range(h.n) if h.owner[j] == hidden.MINE and hidden.tile_code(h.known[j]) == c]
                out.extend(bytes(mine[:k]))
        return bytes(out)

    def public(self, g):
        """hide.Hid.public for Rummy: the table, the closing tile once open, how many tiles
        each rack and the stock hold, turn, phase, hand, passes, the first exposures, the
        closer, the scores, the hands counted; then this hand's commitments."""
        out = bytearray(b"BR")
        out.extend(bytes((g.phase, g.turn, g.hand & 255, g.passes & 255, g.closer + 1, g.closing,
                          len(g.stock), len(g.racks[0]), len(g.racks[1]), len(g.history) & 255)))
        out.extend(g.exposed)
        for x in g.scores:
            out.extend((x & 0xFFFFFFFF).to_bytes(4, "little"))
        out.append(len(g.table))
        for m in g.table:
            out.append(len(m))
            out.extend(m)
        return self.commitments(g, out)
