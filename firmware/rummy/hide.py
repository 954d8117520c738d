# Hidden hands in a linked Rummy israeli match (docs/link.md "Hidden hands"): link/hide.py's
# Hid with Rummy's shape (docs/rules.md R13.3): racks 0..13 and 14..27, the stock from 28 on,
# drawn from its end, and the closing tile (R13.8) at 105, opened for both at the deal as
# burraco's card turned up is. A PLAY shows the tiles the new table holds beyond the old one,
# all from the player's rack but the closing tile (public). Loaded only with hidden=True
# (rummy/moves.py hidden_side()).
from engine import tiles
from link import hidden
from link import hide
from rummy import rules

RACK = 2 * rules.STACK  # R13.3: each player is dealt two stacks


class Hid(hide.Hid):
    """Rummy israeli's hidden hands: the zones, moves and public position of rummy/rules.py."""

    HAND_OVER = rules.P_HAND_OVER

    def measure(self, game):
        self.k = RACK
        self.m = 0
        self.base = 2 * RACK
        self.n = len(game.stock) + len(game.racks[0]) + len(game.racks[1]) + 1   # (and the closing tile)

    def zones(self, game):
        return [(game.stock, self.base)]

    def has_card(self, game):
        return True

    def card_hidden(self, game):
        return 1 if game.closing == rules.HIDDEN else 0

    def set_card(self, game, code):
        if game.closing != rules.HIDDEN:
            return False
        game.closing = code
        return True

    def draws(self, kind):
        return kind == rules.DRAW

    def drawn(self, game, position):
        return                          # (no redraw in Rummy)

    def shows(self, mv, game):
        # the positions a PLAY lays from our rack: the new table less the old, by tile,
        # from our own tiles not shown yet; the closing tile is public
        if mv[0] != rules.PLAY:
            return b""
        laid = game.laid(mv[1])
        if isinstance(laid, int):
            return b""                  # (refused by the engine: nothing goes out)
        hand = self.h
        rack = game.racks[self.link.seat]
        out = bytearray()
        for code in range(tiles.NCODES):
            count = laid[code]
            if count and code == game.closing and count == hide.count(rack, code) + 1:
                count -= 1
            if count:
                mine = [position for position in range(hand.n) if hand.owner[position] == hidden.MINE and hidden.tile_code(hand.known[position]) == code]
                out.extend(bytes(mine[:count]))
        return bytes(out)

    def public(self, game):
        """hide.Hid.public for Rummy: the table, the closing tile once open, how many tiles
        each rack and the stock hold, turn, phase, hand, passes, the first exposures, the
        closer, the scores, the hands counted; then this hand's commitments."""
        out = bytearray(b"BR")
        out.extend(bytes((game.phase, game.turn, game.hand & 255, game.passes & 255, game.closer + 1, game.closing,
                          len(game.stock), len(game.racks[0]), len(game.racks[1]), len(game.history) & 255)))
        out.extend(game.exposed)
        for score in game.scores:
            out.extend((score & 0xFFFFFFFF).to_bytes(4, "little"))
        out.append(len(game.table))
        for meld in game.table:
            out.append(len(meld))
            out.extend(meld)
        return self.commitments(game, out)
