# The workbench of one Rummy turn (docs/rummy.md, "Driving a turn from a UI"):
# a scratch copy of the table and the rack that the player edits freely
# (picking tiles from melds and from the rack, building melds), then either
# commits as one PLAY move, which the engine checks whole, or throws away.
# Nothing here changes the game until the UI plays bench.move().
from rummy import rules
from engine import tiles


class Bench:
    def __init__(self, game):
        self.game = game
        self.reset()

    def reset(self):
        """Undo everything: the table and rack as the turn found them."""
        game = self.game
        self.melds = [bytearray(meld) for meld in game.table]
        self.rack = bytearray(game.racks[game.turn])
        self.closing = game.closing
        self.held = bytearray()     # picked up, not yet placed; the last is on top

    # --- picking up ------------------------------------------------------------
    def pick_rack(self, index):
        self.held.append(self.rack[index])
        self.rack[index:index + 1] = b""

    def pick_table(self, mi, index):
        meld = self.melds[mi]
        self.held.append(meld[index])
        meld[index:index + 1] = b""

    def pick_closing(self):
        if self.closing != rules.NO_TILE:
            self.held.append(self.closing)
            self.closing = rules.NO_TILE

    # --- putting down --------------------------------------------------------------
    def put(self, mi, index=-1):
        """The top held tile into meld mi at position `index` (the end when -1);
        mi == len(melds) starts a new meld."""
        tile = self.held[-1]
        self.held[-1:] = b""
        if mi == len(self.melds):
            self.melds.append(bytearray())
        meld = self.melds[mi]
        if index < 0:
            index = len(meld)
        meld[index:index] = bytes([tile])

    def put_back(self):
        """The top held tile back to the rack (or to the closing tile's place);
        False when it did not come from there: a table tile stays on the table."""
        tile = self.held[-1]
        game = self.game
        if tiles.counts(game.racks[game.turn])[tile] > tiles.counts(self.rack)[tile]:
            self.rack.append(tile)
        elif tile == game.closing and self.closing == rules.NO_TILE:
            self.closing = tile
        else:
            return False
        self.held[-1:] = b""
        return True

    def tidy(self, mi):
        """Put meld mi in table order when its tiles make a meld (RM.arrange)."""
        arranged = rules.arrange(self.melds[mi])
        if arranged is not None:
            self.melds[mi] = bytearray(arranged)
        return arranged is not None

    # --- checking and committing ---------------------------------------------------
    def move(self):
        return (rules.PLAY, tuple([bytes(meld) for meld in self.melds if meld]))

    def status(self):
        """(reason, meld index): OK when the play may be committed; otherwise
        why not, with the first meld at fault (-1 when no single meld is)."""
        if self.held:
            return rules.TILES_HELD, -1
        for i in range(len(self.melds)):
            meld = self.melds[i]
            if meld:
                reason = rules.check_meld(meld)
                if reason:
                    return reason, i
        return self.game.check(self.move()), -1

    def laid(self):
        """The tiles this play lays, for the UI to show: rack tiles off the rack,
        and the closing tile when it is used."""
        game = self.game
        out = bytearray()
        have = tiles.counts(self.rack)
        for tile in game.racks[game.turn]:
            if have[tile]:
                have[tile] -= 1
            else:
                out.append(tile)
        if game.closing != rules.NO_TILE and self.closing == rules.NO_TILE:
            out.append(game.closing)
        return out
