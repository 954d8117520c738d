# The workbench of one Rummy turn (docs/rummy.md, "Driving a turn from a UI"):
# a scratch copy of the table and the rack that the player edits freely
# (picking tiles from melds and from the rack, building melds), then either
# commits as one PLAY move, which the engine checks whole, or throws away.
# Nothing here changes the game until the UI plays bench.move().
from rummy import rules
from engine import tiles


class Bench:
    def __init__(self, g):
        self.g = g
        self.reset()

    def reset(self):
        """Undo everything: the table and rack as the turn found them."""
        g = self.g
        self.melds = [bytearray(m) for m in g.table]
        self.rack = bytearray(g.racks[g.turn])
        self.closing = g.closing
        self.held = bytearray()     # picked up, not yet placed; the last is on top

    # --- picking up ------------------------------------------------------------
    def pick_rack(self, i):
        self.held.append(self.rack[i])
        self.rack[i:i + 1] = b""

    def pick_table(self, mi, j):
        m = self.melds[mi]
        self.held.append(m[j])
        m[j:j + 1] = b""

    def pick_closing(self):
        if self.closing != rules.NO_TILE:
            self.held.append(self.closing)
            self.closing = rules.NO_TILE

    # --- putting down --------------------------------------------------------------
    def put(self, mi, j=-1):
        """The top held tile into meld mi at position j (the end when -1);
        mi == len(melds) starts a new meld."""
        t = self.held[-1]
        self.held[-1:] = b""
        if mi == len(self.melds):
            self.melds.append(bytearray())
        m = self.melds[mi]
        if j < 0:
            j = len(m)
        m[j:j] = bytes([t])

    def put_back(self):
        """The top held tile back to the rack (or to the closing tile's place);
        False when it did not come from there: a table tile stays on the table."""
        t = self.held[-1]
        g = self.g
        if tiles.counts(g.racks[g.turn])[t] > tiles.counts(self.rack)[t]:
            self.rack.append(t)
        elif t == g.closing and self.closing == rules.NO_TILE:
            self.closing = t
        else:
            return False
        self.held[-1:] = b""
        return True

    def tidy(self, mi):
        """Put meld mi in table order when its tiles make a meld (RM.arrange)."""
        a = rules.arrange(self.melds[mi])
        if a is not None:
            self.melds[mi] = bytearray(a)
        return a is not None

    # --- checking and committing ---------------------------------------------------
    def move(self):
        return (rules.PLAY, tuple([bytes(m) for m in self.melds if m]))

    def status(self):
        """(reason, meld index): OK when the play may be committed; otherwise
        why not, with the first meld at fault (-1 when no single meld is)."""
        if self.held:
            return rules.TILES_HELD, -1
        for i in range(len(self.melds)):
            m = self.melds[i]
            if m:
                r = rules.check_meld(m)
                if r:
                    return r, i
        return self.g.check(self.move()), -1

    def laid(self):
        """The tiles this play lays, for the UI to show: rack tiles off the rack,
        and the closing tile when it is used."""
        g = self.g
        out = bytearray()
        have = tiles.counts(self.rack)
        for t in g.racks[g.turn]:
            if have[t]:
                have[t] -= 1
            else:
                out.append(t)
        if g.closing != rules.NO_TILE and self.closing == rules.NO_TILE:
            out.append(g.closing)
        return out
