# Rummy israeli (seed 000; docs/rules.md R13.1..R13.9): a Rummikub-style game on
# the Burako tiles. Tile codes and text come from engine/tiles.py (R1); every
# rule here is Rummy's own (only the jokers are wild, a tile is worth its number).
#
# A move is a tuple (kind, melds):
#   DRAW  ()        take the top tile of the stock (R13.4)
#   PLAY  melds     the WHOLE new table, a tuple of bytes, each meld in table
#                   order; the tiles laid from the rack are what the new table
#                   holds beyond the old one (R13.5). One play per turn, then the
#                   turn passes.
#   PASS  ()        end the turn without laying
#   NEXT  ()        deal the next hand after a hand ended
# play() refuses an illegal move with a reason code and leaves the state
# untouched: every check happens before the first change.
from micropython import const
from engine import tiles
from engine import rng

DRAW = const(0)
PLAY = const(1)
PASS = const(2)
NEXT = const(3)
KIND_NAMES = ("draw", "play", "pass", "next")

P_DRAW = const(0)
P_PLAY = const(1)
P_HAND_OVER = const(2)
P_MATCH_OVER = const(3)

RUN = const(0)
SET = const(1)

NO_TILE = const(255)
HIDDEN = const(53)        # hidden hands (rummy/hide.py): a tile this console does not know
_SLOTS = const(54)         # a rack's counts: tiles.NCODES and a slot for HIDDEN
FIRST_MIN = const(30)      # R13.6
JOKER_PENALTY = const(50)  # R13.8
STACKS = const(15)
STACK = const(7)

# why a move is refused
OK = const(0)
WRONG_PHASE = const(1)
MUST_DRAW = const(2)
TOO_FEW = const(3)
NOT_A_MELD = const(4)
BAD_RUN = const(5)
BAD_SET = const(6)
TABLE_TILE_GONE = const(7)
NOT_IN_RACK = const(8)
NOTHING_LAID = const(9)
FIRST_30 = const(10)
FIRST_OWN = const(11)
CLOSING_TILE = const(12)
JOKER_STAYS = const(13)
JOKER_SET3 = const(14)
MATCH_OVER = const(15)
BAD_MOVE = const(16)
TILES_HELD = const(17)

# --- melds (R13.2) -----------------------------------------------------------
def _first_natural(meld):
    for i in range(len(meld)):
        if meld[i] != tiles.JOKER:
            return i
    return -1


def _run_start(meld):
    """The number of the run's first position, or 0 when the meld (in table order)
    is not a run. Jokers stand for the positions they occupy."""
    i = _first_natural(meld)
    if i < 0:
        return 0
    first = meld[i]
    colour = first // 13
    start = first % 13 + 1 - i
    if start < 1 or start + len(meld) - 1 > 13:
        return 0
    for k in range(i + 1, len(meld)):
        tile = meld[k]
        if tile != tiles.JOKER and (tile // 13 != colour or tile % 13 + 1 != start + k):
            return 0
    return start


def _is_set(meld):
    if len(meld) > 4:
        return False
    number = -1
    seen = 0
    for tile in meld:
        if tile == tiles.JOKER:
            continue
        if number < 0:
            number = tile % 13
        elif tile % 13 != number:
            return False
        bit = 1 << (tile // 13)
        if seen & bit:
            return False
        seen |= bit
    return number >= 0


def kind(meld):
    """RUN, SET or -1. A meld with a single natural tile that reads both ways
    (`R5 * *`) is a run (R13.2)."""
    if len(meld) < 3:
        return -1
    if _run_start(meld):
        return RUN
    if _is_set(meld):
        return SET
    return -1


def check_meld(meld):
    """OK or the reason this tile sequence is not a meld."""
    if len(meld) < 3:
        return TOO_FEW
    if kind(meld) >= 0:
        return OK
    col = -1
    num = -1
    same_c = True
    same_n = True
    for tile in meld:
        if tile == tiles.JOKER:
            continue
        if col < 0:
            col = tile // 13
            num = tile % 13
        else:
            same_c = same_c and tile // 13 == col
            same_n = same_n and tile % 13 == num
    if same_c:
        return BAD_RUN
    if same_n:
        return BAD_SET
    return NOT_A_MELD


def number_of(meld):
    # a set's number
    i = _first_natural(meld)
    return meld[i] % 13 + 1


def meld_points(meld):
    """R13.6: each tile its number; a joker the number it stands for."""
    if kind(meld) == RUN:
        start = _run_start(meld)
        return (2 * start + len(meld) - 1) * len(meld) // 2
    return number_of(meld) * len(meld)


def _colours(meld):
    seen = 0
    for tile in meld:
        if tile != tiles.JOKER:
            seen |= 1 << (tile // 13)
    return seen


# A joker's identity: what it stands for, as number << 6 | flags << 4 | colours,
# colours a 4-bit mask (one colour in a run or a set of 4 with one joker; the
# missing colours otherwise). IN_SET: it sits in a set; SET3: in a set of 3.
IN_SET = const(0x20)
SET3 = const(0x10)


_JOKER_BYTES = bytes([tiles.JOKER])


def joker_idents(meld, out):
    """Append the identity of every joker of `meld` to the list `out`."""
    if meld.find(_JOKER_BYTES) < 0:
        return
    meld_kind = kind(meld)
    if meld_kind == RUN:
        start = _run_start(meld)
        colour = 1 << (meld[_first_natural(meld)] // 13)
        for i in range(len(meld)):
            if meld[i] == tiles.JOKER:
                out.append((start + i) << 6 | colour)
    elif meld_kind == SET:
        miss = 15 & ~_colours(meld)
        flags = IN_SET | (SET3 if len(meld) == 3 else 0)
        number = number_of(meld)
        for tile in meld:
            if tile == tiles.JOKER:
                out.append(number << 6 | flags | miss)


def _keeps(old, new):
    # R13.7: the new joker still stands for what the old one stood for; a joker
    # of a set of 3 stays in a set of that number
    if old >> 6 != new >> 6 or not (old & new & 15):
        return False
    return not (old & SET3) or bool(new & IN_SET)


def _frees(old, laid):
    """The tile code laid from the rack that may take this joker's place, or -1."""
    if old & SET3:
        return -1
    number = old >> 6
    for colour in range(4):
        if old & (1 << colour) and laid[colour * 13 + number - 1]:
            return colour * 13 + number - 1
    return -1


def jokers_ok(old_table, new_table, laid):
    """R13.7 for a whole play: OK, JOKER_STAYS or JOKER_SET3. laid: counts of the
    tiles laid from the rack (bytearray(NCODES)); not modified."""
    olds = []
    for meld in old_table:
        joker_idents(meld, olds)
    if not olds:
        return OK
    news = []
    for meld in new_table:
        joker_idents(meld, news)
    left = bytearray(laid)
    # at most two jokers: try every way of pairing old with new (or freed)
    for first in range(-1, len(news)):
        if first >= 0 and not _keeps(olds[0], news[first]):
            continue
        if len(olds) == 1:
            if _freed_ok(olds, (first,), left):
                return OK
            continue
        for second in range(-1, len(news)):
            if second >= 0 and (second == first or not _keeps(olds[1], news[second])):
                continue
            if _freed_ok(olds, (first, second), left):
                return OK
    for old in olds:
        if old & SET3 and not [1 for new in news if _keeps(old, new)]:
            return JOKER_SET3
    return JOKER_STAYS


def _freed_ok(olds, pairing, left):
    # every old joker left unpaired needs its own tile laid from the rack
    used = []
    ok = True
    for i in range(len(olds)):
        if pairing[i] >= 0:
            continue
        tile = _frees(olds[i], left)
        if tile < 0:
            ok = False
            break
        left[tile] -= 1
        used.append(tile)
    for tile in used:
        left[tile] += 1
    return ok


def penalty(rack):
    """R13.8: what a rack counts against its owner at the end of a hand."""
    total = 0
    for tile in rack:
        total += JOKER_PENALTY if tile == tiles.JOKER else tile % 13 + 1
    return total


def arrange(ts):
    """Tiles in the table order that makes them a meld (bytes), or None.
    A run's jokers fill its gaps, then its high end, then its low end; a set's
    jokers go last. The UI's workbench uses it to tidy a group."""
    nat = sorted([tile for tile in ts if tile != tiles.JOKER])
    jokers = len(ts) - len(nat)
    if not nat or len(ts) < 3:
        return None
    colour = nat[0] // 13
    if all([tile // 13 == colour for tile in nat]):
        lo = nat[0] % 13 + 1
        hi = nat[-1] % 13 + 1
        gaps = hi - lo + 1 - len(nat)
        if gaps <= jokers and len(set(nat)) == len(nat):
            spare = jokers - gaps
            top = min(13, hi + spare)
            lo -= spare - (top - hi)
            if lo >= 1:
                out = bytearray()
                k = 0
                for number in range(lo, top + 1):
                    if k < len(nat) and nat[k] % 13 + 1 == number:
                        out.append(nat[k])
                        k += 1
                    else:
                        out.append(tiles.JOKER)
                if kind(out) == RUN:
                    return bytes(out)
    out = bytes(nat) + bytes([tiles.JOKER] * jokers)
    if _is_set(out) and len(out) >= 3:
        return out
    return None


# --- the game (R13.3..R13.9) ----------------------------------------------------
class Game:
    def __init__(self, nplayers, seed, hands=4, target=0, deal=True):
        # R13.9: `hands` hands make a match (0: no limit); `target` > 0 also ends
        # it once a player's total reaches it
        self.n = nplayers
        self.seed = seed
        self.hands = hands
        self.target = target
        self.rng = rng.seed_state(seed)
        self.hand = 0
        self.scores = [0] * nplayers
        self.history = []
        self.winners = []
        self.table = []
        self.racks = [bytearray() for _ in range(nplayers)]
        self.stock = bytearray()
        self.closing = NO_TILE
        self.exposed = bytearray(nplayers)
        self.turn = 0
        self.phase = P_DRAW
        self.passes = 0
        self.closer = -1
        # hidden hands (rummy/hide.py, as engine/game.py's): 0 off; 1 deal HIDDEN
        # placeholders, tile i of the deal being the encrypted deck's position i; 2 the
        # hand is over, counted once the keys are out
        self.hidden = 0
        if deal:
            self.deal()

    def deal(self):
        # R13.3: 15 stacks of 7 from the shuffled tiles, one left over face up
        deck = tiles.full_deck()
        if self.hidden:
            deck = bytearray(bytes((HIDDEN,)) * len(deck))
        else:
            self.rng = rng.shuffle(deck, self.rng)
        for seat in range(self.n):
            self.racks[seat] = deck[2 * STACK * seat:2 * STACK * (seat + 1)]
        self.stock = deck[2 * STACK * self.n:STACKS * STACK]
        self.closing = deck[STACKS * STACK]
        self.table = []
        self.exposed = bytearray(self.n)
        self.passes = 0
        self.closer = -1
        self.turn = self.hand % self.n
        self.hand += 1
        self.phase = P_DRAW if self.stock else P_PLAY

    # --- checking a play (R13.5..R13.7) -------------------------------------
    def laid(self, melds):
        """Counts (by tile code, and a slot for a hidden hand's placeholder) of the
        tiles this new table holds beyond the current one, or a reason code when a
        table tile is missing."""
        counts = bytearray(_SLOTS)
        for meld in melds:
            for tile in meld:
                counts[tile] += 1
        for meld in self.table:
            for tile in meld:
                if not counts[tile]:
                    return TABLE_TILE_GONE
                counts[tile] -= 1
        return counts

    def check_play(self, melds):
        seat = self.turn
        for meld in melds:
            reason = check_meld(meld)
            if reason:
                return reason
        laid = self.laid(melds)
        if isinstance(laid, int):
            return laid
        rack = tiles.counts(self.racks[seat], bytearray(_SLOTS))
        total = 0
        closing = False
        for code in range(tiles.NCODES):
            count = laid[code]
            total += count
            if count > rack[code]:
                if code == self.closing and count == rack[code] + 1 and not closing:
                    closing = True
                else:
                    return NOT_IN_RACK
        if not total:
            return NOTHING_LAID
        if closing and total != len(self.racks[seat]) + 1:
            return CLOSING_TILE
        if not self.exposed[seat]:
            return self._check_first(melds)
        return jokers_ok(self.table, melds, laid)

    def _check_first(self, melds):
        # R13.6: the table stays as it was; the new melds are worth 30 or more
        left = list(self.table)
        pts = 0
        for meld in melds:
            for i in range(len(left)):
                if bytes(left[i]) == bytes(meld):
                    left.pop(i)
                    break
            else:
                pts += meld_points(meld)
        if left:
            return FIRST_OWN
        return OK if pts >= FIRST_MIN else FIRST_30

    def check(self, mv):
        kind = mv[0]
        if self.phase == P_MATCH_OVER:
            return MATCH_OVER
        if kind == DRAW:
            return OK if self.phase == P_DRAW else WRONG_PHASE
        if kind == PLAY or kind == PASS:
            if self.phase == P_DRAW:
                return MUST_DRAW
            if self.phase != P_PLAY:
                return WRONG_PHASE
            return self.check_play(mv[1]) if kind == PLAY else OK
        if kind == NEXT:
            return OK if self.phase == P_HAND_OVER else WRONG_PHASE
        return BAD_MOVE

    # --- playing ----------------------------------------------------------
    def play(self, mv):
        reason = self.check(mv)
        if reason:
            return reason
        kind = mv[0]
        seat = self.turn
        if kind == DRAW:
            # the top of the stock is its end (MicroPython's bytearray has no pop)
            self.racks[seat].append(self.stock[-1])
            self.stock[-1:] = b""
            self.phase = P_PLAY
        elif kind == PLAY:
            laid = self.laid(mv[1])
            if isinstance(laid, int):
                return laid         # (check() has already refused this)
            rack = self.racks[seat]
            keep = bytearray()
            for tile in rack:
                if laid[tile]:
                    laid[tile] -= 1
                else:
                    keep.append(tile)
            if self.closing != NO_TILE and laid[self.closing]:
                self.closing = NO_TILE
            self.racks[seat] = keep
            self.table = [bytes(meld) for meld in mv[1]]
            self.exposed[seat] = 1
            self.passes = 0
            if not keep:
                self.closer = seat
                self.end_hand()
            else:
                self._next_turn()
        elif kind == PASS:
            if not self.stock:
                # R13.4: with the stock gone, a round of passes ends the hand
                self.passes += 1
                if self.passes >= self.n:
                    self.end_hand()
                    return OK
            self._next_turn()
        elif kind == NEXT:
            self.deal()
        return OK

    def _next_turn(self):
        self.turn = (self.turn + 1) % self.n
        self.phase = P_DRAW if self.stock else P_PLAY

    def end_hand(self):
        # R13.8: everyone adds what is left on the rack
        if self.hidden:
            if self.hidden == 1:
                # hidden hands: the racks hold placeholders until both keys are out;
                # the link fills them in, then calls this again to count the hand
                self.hidden = 2
                self.phase = P_HAND_OVER
                return
            self.hidden = 1
        pen = [penalty(rack) for rack in self.racks]
        for seat in range(self.n):
            self.scores[seat] += pen[seat]
        self.history.append(pen)
        done = self.hands and len(self.history) >= self.hands
        if self.target and max(self.scores) >= self.target:
            done = True
        if done:
            low = min(self.scores)
            self.winners = [seat for seat in range(self.n) if self.scores[seat] == low]
            self.phase = P_MATCH_OVER
        else:
            self.phase = P_HAND_OVER


# --- text -------------------------------------------------------------------
def table_text(melds):
    return " | ".join([tiles.list_text(meld) for meld in melds])


# the colour letters' codes, upper then lower case (engine/tiles.py COLOURS order)
_COLOUR_LETTERS = b"RBYKrbyk"


def parse_table(text):
    """Melds separated by `|` (tuple of bytes), or None when a word is not a
    tile (words as engine/tiles.py parse() reads them, separated by spaces or
    commas). One pass over the text with no string per word: a device
    resuming a match parses hundreds of lines of up to 106 tiles."""
    if not text.strip():
        return ()
    out = []
    cur = bytearray()
    colour = -2          # the word being read: -2 none, -1 a joker, else its colour * 13
    number = 0           # its number so far, and how many digits
    nd = 0
    for ch in text.encode() + b"|":
        if ch == 124 or ch == 44 or ch == 32 or 9 <= ch <= 13:     # | , space, \t..\r
            if colour != -2:
                if colour >= 0:
                    if not 1 <= number <= 13:
                        return None
                    cur.append(colour + number - 1)
                else:
                    cur.append(tiles.JOKER)
                colour = -2
            if ch == 124:
                if not cur:
                    return None
                out.append(bytes(cur))
                cur = bytearray()
        elif colour == -2:
            if ch == 42:            # *
                colour = -1
                continue
            for letter in range(8):
                if _COLOUR_LETTERS[letter] == ch:
                    colour = (letter & 3) * 13
                    break
            else:
                return None
            number = 0
            nd = 0
        elif colour == -1 or ch < 48 or ch > 57 or nd == 2 or (ch == 48 and nd == 0):
            return None             # "*" then more, not a digit, 3 digits, a leading 0
        else:
            number = number * 10 + ch - 48
            nd += 1
    return tuple(out)


def move_text(mv):
    if mv[0] == PLAY:
        return "play " + table_text(mv[1])
    return KIND_NAMES[mv[0]]


def parse_move(text):
    stripped = text.strip()
    words = stripped.split(None, 1)
    if not words:
        return None
    word = words[0].lower()
    if word == "play":
        melds = parse_table(words[1]) if len(words) > 1 else None
        if not melds:
            return None
        return (PLAY, melds)
    if len(words) > 1 or word not in KIND_NAMES:
        return None
    return (KIND_NAMES.index(word), ())


# --- transcripts ------------------------------------------------------------
MAGIC = "rummy-transcript 1"


def header(game):
    return "%s\nplayers %d\nseed %d\nhands %d\ntarget %d\n" % (
        MAGIC, game.n, game.seed, game.hands, game.target)


def line(player, mv):
    return "%d %s\n" % (player, move_text(mv))


# the header's fields: default, largest value (what rummy/codec.py can hold:
# seed u32, hands and target u16)
_HEAD = {"players": ("", 99), "seed": ("0", 0xFFFFFFFF), "hands": ("4", 0xFFFF), "target": ("0", 0xFFFF)}


def _field(head, key):
    # a header field as an int, or the reason it is not one (each field on its
    # own, so the message names the field the user got wrong)
    default, hi = _HEAD[key]
    text = head.get(key, default)
    if not text:
        return "no %s line" % key if key == "players" else "%s is empty" % key
    for ch in text:
        if ch < "0" or ch > "9":
            return "%s must be a whole number, not %r" % (key, text[:20])
    if len(text) > 10 or int(text) > hi:
        return "%s must be at most %d" % (key, hi)
    return int(text)


def _new_game(head):
    """A fresh Game from header fields, or (key, why) for the first bad one."""
    fields = {}
    for key in ("players", "seed", "hands", "target"):
        value = _field(head, key)
        if isinstance(value, str):
            return key, value
        fields[key] = value
    if not 2 <= fields["players"] <= 4:
        return "players", "Rummy is played by 2 to 4 players, not %d" % fields["players"]
    if not (fields["hands"] or fields["target"]):
        return "hands", "a match needs a number of hands or a target"
    return Game(fields["players"], fields["seed"], fields["hands"], fields["target"])


def replay(lines):
    """Replay transcript lines. Returns (game, None) when every move is legal,
    else (game before the bad move or None, "line N: why")."""
    for result in replaying(lines):
        pass
    return result


def replaying(lines):
    """replay() a move at a time: yields None after each move, then its result
    (a device resuming a long match replays a few moves a frame)."""
    head = {}
    at = {}         # the line of each header field, for errors
    game = None
    lineno = 0
    for raw in lines:
        lineno += 1
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        if game is None:
            if text == MAGIC:
                continue
            if lineno == 1:
                yield None, "line 1: not a Rummy transcript (expected %r)" % MAGIC
                return
            word = text.split(None, 1)
            if word[0] in _HEAD:
                if word[0] in head:
                    yield None, "line %d: %s given twice" % (lineno, word[0])
                    return
                head[word[0]] = word[1] if len(word) > 1 else ""
                at[word[0]] = lineno
                continue
            game = _new_game(head)
            if isinstance(game, tuple):
                yield None, "line %d: %s" % (at.get(game[0], lineno), game[1])
                return
        parts = text.split(None, 1)
        if len(parts) < 2 or not parts[0].isdigit():
            yield game, "line %d: expected '<player> <move>', got %r" % (lineno, text)
            return
        mv = parse_move(parts[1])
        if mv is None:
            yield game, "line %d: %r is not a move" % (lineno, parts[1])
            return
        if int(parts[0]) != game.turn:
            yield game, "line %d: it is player %d's turn, not %s's" % (lineno, game.turn, parts[0])
            return
        err = game.play(mv)
        if err:
            from rummy import reasons_en    # English, off the console's heap until needed
            yield game, "line %d: %s: %s" % (lineno, move_text(mv), reasons_en.text(err))
            return
        yield None
    if game is None:
        if lineno == 0 or not head:
            yield None, "not a Rummy transcript (expected %r first)" % MAGIC
            return
        game = _new_game(head)
        if isinstance(game, tuple):
            yield None, "line %d: %s" % (at.get(game[0], lineno), game[1])
            return
    yield game, None
