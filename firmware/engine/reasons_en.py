# The refusal reasons of engine/reasons.py in English, for the host tool, transcripts,
# self-play and tests. The console shows its own language's (ui/lang_*.py REASON), so this
# table (~1.5 KB of text) stays off its heap.

TEXT = (
    "ok",
    "it is not this player's turn",
    "that move is not allowed now",
    "those tiles are not in the rack",
    "a meld needs at least 3 tiles",
    "tiles of a meld must share a colour (run) or a number (set)",
    "a run cannot hold the same number twice",
    "a meld needs at least 2 natural tiles",
    "too many wilds in one meld",
    "two wilds need at least twice as many naturals",
    "not enough wilds to fill the gaps of the run",
    "a run has at most 13 tiles",
    "the side has no such meld",
    "a wild on the table moves only when a natural takes its place",
    "that tile does not replace a wild in that run",
    "you must keep a tile: the side cannot close yet",
    "the stock is empty",
    "the discard pile is empty",
    "only the first player's first draw may be redrawn",
    "draw first: from the stock or the whole discard pile",
    "that is not a move",
    "a natural 2 cannot move as a wild",
    "the match is over",
    "a run cannot wrap from 13 through 1 to 2",
    "there is no room at that end of the run",
    "those tiles do not sit in that order in a run",
    "the box holds only two of each tile and two jokers",
    "the side already has a set of that number",
    "a set has at most 9 cards",
    "the closing discard cannot be a wild",
    "the card just taken from a one-card pile cannot close",
)


def text(code):
    return TEXT[code] if 0 <= code < len(TEXT) else "illegal move"
