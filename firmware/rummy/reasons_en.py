# Rummy israeli's refusal reasons (rummy/rules.py) in English, for the host tool,
# transcripts, self-play and tests. The console shows its own language's (rummy/lang_*.py
# REASONS), so this table stays off its heap.

TEXT = (
    "ok",
    "that move is not allowed now",
    "draw a tile first",
    "a meld needs at least 3 tiles",
    "a meld is a run of one colour or a set of one number",
    "a run needs consecutive numbers of one colour, from 1 up to 13 at most",
    "a set holds 3 or 4 tiles of one number, every colour different",
    "a tile on the table stays on the table",
    "those tiles are not in the rack",
    "lay at least one tile from the rack, or pass",
    "the first exposure must total at least 30 points",
    "the first exposure uses only the rack: the table stays as it was",
    "the closing tile can only be laid with the last tiles of the rack",
    "a joker on the table moves only when the tile it stands for is laid from the rack",
    "a joker in a set of 3 cannot be swapped",
    "the match is over",
    "that is not a move",
    "place the tiles you are holding, or put them back",
)


def text(code):
    return TEXT[code] if 0 <= code < len(TEXT) else "illegal move"
