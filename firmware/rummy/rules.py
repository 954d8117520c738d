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
_HIDDEN = const(53)        # hidden hands (rummy/hide.py): a tile this console does not know
_SLOTS = const(54)         # a rack's counts: tiles.NCODES and a slot for _HIDDEN
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
def _first_natural(m):
    for i in range(len(m)):
        if m[i] != tiles.JOKER:
            return i
    return -1


def _run_start(m):
    """The number of the run's first position, or 0 when m (in table order)
    is not a run. Jokers stand for the positions they occupy."""
    i = _first_natural(m)
    if i < 0:
        return 0
    t = m[i]
    c = t // 13
    start = t % 13 + 1 - i
    if start < 1 or start + len(m) - 1 > 13:
        return 0
    for k in range(i + 1, len(m)):
        u = m[k]
        if u != tiles.JOKER and (u // 13 != c or u % 13 + 1 != start + k):
            return 0
    return start


def _is_set(m):
    if len(m) > 4:
        return False
    n = -1
    seen = 0
    for u in m:
        if u == tiles.JOKER:
            continue
        if n < 0:
            n = u % 13
        elif u % 13 != n:
            return False
        b = 1 << (u // 13)
        if seen & b:
            return False
        seen |= b
    return n >= 0


def kind(m):
    """RUN, SET or -1. A meld with a single natural tile that reads both ways
    (`R5 * *`) is a run (R13.2)."""
    if len(m) < 3:
        return -1
    if _run_start(m):
        return RUN
    if _is_set(m):
        return SET
    return -1


def check_meld(m):
    """OK or the reason this tile sequence is not a meld."""
    if len(m) < 3:
        return TOO_FEW
    if kind(m) >= 0:
        return OK
    col = -1
    num = -1
    same_c = True
    same_n = True
    for u in m:
        if u == tiles.JOKER:
            continue
        if col < 0:
            col = u // 13
            num = u % 13
        else:
            same_c = same_c and u // 13 == col
            same_n = same_n and u % 13 == num
    if same_c:
        return BAD_RUN
    if same_n:
        return BAD_SET
    return NOT_A_MELD


def number_of(m):
    # a set's number
    i = _first_natural(m)
    return m[i] % 13 + 1


def meld_points(m):
    """R13.6: each tile its number; a joker the number it stands for."""
    if kind(m) == RUN:
        s = _run_start(m)
        return (2 * s + len(m) - 1) * len(m) // 2
    return number_of(m) * len(m)


def _colours(m):
    seen = 0
    for u in m:
        if u != tiles.JOKER:
            seen |= 1 << (u // 13)
    return seen


# A joker's identity: what it stands for, as number << 6 | flags << 4 | colours,
# colours a 4-bit mask (one colour in a run or a set of 4 with one joker; the
# missing colours otherwise). IN_SET: it sits in a set; SET3: in a set of 3.
IN_SET = const(0x20)
SET3 = const(0x10)


_JB = bytes([tiles.JOKER])


def joker_idents(m, out):
    """Append the identity of every joker of meld m to the list out."""
    if m.find(_JB) < 0:
        return
    k = kind(m)
    if k == RUN:
        s = _run_start(m)
        c = 1 << (m[_first_natural(m)] // 13)
        for i in range(len(m)):
            if m[i] == tiles.JOKER:
                out.append((s + i) << 6 | c)
    elif k == SET:
        miss = 15 & ~_colours(m)
        f = IN_SET | (SET3 if len(m) == 3 else 0)
        n = number_of(m)
        for u in m:
            if u == tiles.JOKER:
                out.append(n << 6 | f | miss)


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
    n = old >> 6
    for c in range(4):
        if old & (1 << c) and laid[c * 13 + n - 1]:
            return c * 13 + n - 1
    return -1


def jokers_ok(old_table, new_table, laid):
    """R13.7 for a whole play: OK, JOKER_STAYS or JOKER_SET3. laid: counts of the
    tiles laid from the rack (bytearray(NCODES)); not modified."""
    olds = []
    for m in old_table:
        joker_idents(m, olds)
    if not olds:
        return OK
    news = []
    for m in new_table:
        joker_idents(m, news)
    left = bytearray(laid)
    # at most two jokers: try every way of pairing old with new (or freed)
    for a in range(-1, len(news)):
        if a >= 0 and not _keeps(olds[0], news[a]):
            continue
        if len(olds) == 1:
            if _freed_ok(olds, (a,), left):
                return OK
            continue
        for b in range(-1, len(news)):
            if b >= 0 and (b == a or not _keeps(olds[1], news[b])):
                continue
            if _freed_ok(olds, (a, b), left):
                return OK
    for o in olds:
        if o & SET3 and not [1 for w in news if _keeps(o, w)]:
            return JOKER_SET3
    return JOKER_STAYS


def _freed_ok(olds, pairing, left):
    # every old joker left unpaired needs its own tile laid from the rack
    used = []
    ok = True
    for i in range(len(olds)):
        if pairing[i] >= 0:
            continue
        t = _frees(olds[i], left)
        if t < 0:
            ok = False
            break
        left[t] -= 1
        used.append(t)
    for t in used:
        left[t] += 1
    return ok


def penalty(rack):
    """R13.8: what a rack counts against its owner at the end of a hand."""
    s = 0
    for t in rack:
        s += JOKER_PENALTY if t == tiles.JOKER else t % 13 + 1
    return s


def arrange(ts):
    """Tiles in the table order that makes them a meld (bytes), or None.
    A run's jokers fill its gaps, then its high end, then its low end; a set's
    jokers go last. The UI's workbench uses it to tidy a group."""
    nat = sorted([t for t in ts if t != tiles.JOKER])
    j = len(ts) - len(nat)
    if not nat or len(ts) < 3:
        return None
    c = nat[0] // 13
    if all([t // 13 == c for t in nat]):
        lo = nat[0] % 13 + 1
        hi = nat[-1] % 13 + 1
        gaps = hi - lo + 1 - len(nat)
        if gaps <= j and len(set(nat)) == len(nat):
            spare = j - gaps
            top = min(13, hi + spare)
            lo -= spare - (top - hi)
            if lo >= 1:
                out = bytearray()
                k = 0
                for v in range(lo, top + 1):
                    if k < len(nat) and nat[k] % 13 + 1 == v:
                        out.append(nat[k])
                        k += 1
                    else:
                        out.append(tiles.JOKER)
                if kind(out) == RUN:
                    return bytes(out)
    out = bytes(nat) + bytes([tiles.JOKER] * j)
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
        # hidden hands (rummy/hide.py, as engine/game.py's): 0 off; 1 deal _HIDDEN
        # placeholders, tile i of the deal being the encrypted deck's position i; 2 the
        # hand is over, counted once the keys are out
        self.hidden = 0
        if deal:
            self.deal()

    def deal(self):
        # R13.3: 15 stacks of 7 from the shuffled tiles, one left over face up
        deck = tiles.full_deck()
        if self.hidden:
            deck = bytearray(bytes((_HIDDEN,)) * len(deck))
        else:
            self.rng = rng.shuffle(deck, self.rng)
        for p in range(self.n):
            self.racks[p] = deck[2 * STACK * p:2 * STACK * (p + 1)]
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
        c = bytearray(_SLOTS)
        for m in melds:
            for t in m:
                c[t] += 1
        for m in self.table:
            for t in m:
                if not c[t]:
                    return TABLE_TILE_GONE
                c[t] -= 1
        return c

    def check_play(self, melds):
        p = self.turn
        for m in melds:
            r = check_meld(m)
            if r:
                return r
        laid = self.laid(melds)
        if isinstance(laid, int):
            return laid
        rack = tiles.counts(self.racks[p], bytearray(_SLOTS))
        total = 0
        closing = False
        for t in range(tiles.NCODES):
            k = laid[t]
            total += k
            if k > rack[t]:
                if t == self.closing and k == rack[t] + 1 and not closing:
                    closing = True
                else:
                    return NOT_IN_RACK
        if not total:
            return NOTHING_LAID
        if closing and total != len(self.racks[p]) + 1:
            return CLOSING_TILE
        if not self.exposed[p]:
            return self._check_first(melds)
        return jokers_ok(self.table, melds, laid)

    def _check_first(self, melds):
        # R13.6: the table stays as it was; the new melds are worth 30 or more
        left = list(self.table)
        pts = 0
        for m in melds:
            for i in range(len(left)):
                if bytes(left[i]) == bytes(m):
                    left.pop(i)
                    break
            else:
                pts += meld_points(m)
        if left:
            return FIRST_OWN
        return OK if pts >= FIRST_MIN else FIRST_30

    def check(self, mv):
        k = mv[0]
        if self.phase == P_MATCH_OVER:
            return MATCH_OVER
        if k == DRAW:
            return OK if self.phase == P_DRAW else WRONG_PHASE
        if k == PLAY or k == PASS:
            if self.phase == P_DRAW:
                return MUST_DRAW
            if self.phase != P_PLAY:
                return WRONG_PHASE
            return self.check_play(mv[1]) if k == PLAY else OK
        if k == NEXT:
            return OK if self.phase == P_HAND_OVER else WRONG_PHASE
        return BAD_MOVE

    # --- playing ----------------------------------------------------------
    def play(self, mv):
        r = self.check(mv)
        if r:
            return r
        k = mv[0]
        p = self.turn
        if k == DRAW:
            # the top of the stock is its end (MicroPython's bytearray has no pop)
            self.racks[p].append(self.stock[-1])
            self.stock[-1:] = b""
            self.phase = P_PLAY
        elif k == PLAY:
            laid = self.laid(mv[1])
            if isinstance(laid, int):
                return laid         # (check() has already refused this)
            rack = self.racks[p]
            keep = bytearray()
            for t in rack:
                if laid[t]:
                    laid[t] -= 1
                else:
                    keep.append(t)
            if self.closing != NO_TILE and laid[self.closing]:
                self.closing = NO_TILE
            self.racks[p] = keep
            self.table = [bytes(m) for m in mv[1]]
            self.exposed[p] = 1
            self.passes = 0
            if not keep:
                self.closer = p
                self.end_hand()
            else:
                self._next_turn()
        elif k == PASS:
            if not self.stock:
                # R13.4: with the stock gone, a round of passes ends the hand
                self.passes += 1
                if self.passes >= self.n:
                    self.end_hand()
                    return OK
            self._next_turn()
        elif k == NEXT:
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
        pen = [penalty(r) for r in self.racks]
        for p in range(self.n):
            self.scores[p] += pen[p]
        self.history.append(pen)
        done = self.hands and len(self.history) >= self.hands
        if self.target and max(self.scores) >= self.target:
            done = True
        if done:
            low = min(self.scores)
            self.winners = [p for p in range(self.n) if self.scores[p] == low]
            self.phase = P_MATCH_OVER
        else:
            self.phase = P_HAND_OVER


# --- text -------------------------------------------------------------------
def table_text(melds):
    return " | ".join([tiles.list_text(m) for m in melds])


# the colour letters' codes, upper then lower case (engine/tiles.py COLOURS order)
_COLS = b"RBYKrbyk"


def parse_table(text):
    """Melds separated by `|` (tuple of bytes), or None when a word is not a
    tile (words as engine/tiles.py parse() reads them, separated by spaces or
    commas). One pass over the text with no string per word: a device
    resuming a match parses hundreds of lines of up to 106 tiles."""
    if not text.strip():
        return ()
    out = []
    cur = bytearray()
    w = -2          # the word being read: -2 none, -1 a joker, else its colour * 13
    n = 0           # its number so far, and how many digits
    nd = 0
    for ch in text.encode() + b"|":
        if ch == 124 or ch == 44 or ch == 32 or 9 <= ch <= 13:     # | , space, \t..\r
            if w != -2:
                if w >= 0:
                    if not 1 <= n <= 13:
                        return None
                    cur.append(w + n - 1)
                else:
                    cur.append(tiles.JOKER)
                w = -2
            if ch == 124:
                if not cur:
                    return None
                out.append(bytes(cur))
                cur = bytearray()
        elif w == -2:
            if ch == 42:            # *
                w = -1
                continue
            for c in range(8):
                if _COLS[c] == ch:
                    w = (c & 3) * 13
                    break
            else:
                return None
            n = 0
            nd = 0
        elif w == -1 or ch < 48 or ch > 57 or nd == 2 or (ch == 48 and nd == 0):
            return None             # "*" then more, not a digit, 3 digits, a leading 0
        else:
            n = n * 10 + ch - 48
            nd += 1
    return tuple(out)


def move_text(mv):
    if mv[0] == PLAY:
        return "play " + table_text(mv[1])
    return KIND_NAMES[mv[0]]


def parse_move(text):
    s = text.strip()
    words = s.split(None, 1)
    if not words:
        return None
    w = words[0].lower()
    if w == "play":
        melds = parse_table(words[1]) if len(words) > 1 else None
        if not melds:
            return None
        return (PLAY, melds)
    if len(words) > 1 or w not in KIND_NAMES:
        return None
    return (KIND_NAMES.index(w), ())


# --- transcripts ------------------------------------------------------------
MAGIC = "rummy-transcript 1"


def header(g):
    return "%s\nplayers %d\nseed %d\nhands %d\ntarget %d\n" % (
        MAGIC, g.n, g.seed, g.hands, g.target)


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
    v = {}
    for key in ("players", "seed", "hands", "target"):
        x = _field(head, key)
        if isinstance(x, str):
            return key, x
        v[key] = x
    if not 2 <= v["players"] <= 4:
        return "players", "Rummy is played by 2 to 4 players, not %d" % v["players"]
    if not (v["hands"] or v["target"]):
        return "hands", "a match needs a number of hands or a target"
    return Game(v["players"], v["seed"], v["hands"], v["target"])


def replay(lines):
    """Replay transcript lines. Returns (game, None) when every move is legal,
    else (game before the bad move or None, "line N: why")."""
    for r in replaying(lines):
        pass
    return r


def replaying(lines):
    """replay() a move at a time: yields None after each move, then its result
    (a device resuming a long match replays a few moves a frame)."""
    head = {}
    at = {}         # the line of each header field, for errors
    g = None
    lineno = 0
    for raw in lines:
        lineno += 1
        s = raw.strip()
        if not s or s.startswith("#"):
            continue
        if g is None:
            if s == MAGIC:
                continue
            if lineno == 1:
                yield None, "line 1: not a Rummy transcript (expected %r)" % MAGIC
                return
            word = s.split(None, 1)
            if word[0] in _HEAD:
                if word[0] in head:
                    yield None, "line %d: %s given twice" % (lineno, word[0])
                    return
                head[word[0]] = word[1] if len(word) > 1 else ""
                at[word[0]] = lineno
                continue
            g = _new_game(head)
            if isinstance(g, tuple):
                yield None, "line %d: %s" % (at.get(g[0], lineno), g[1])
                return
        parts = s.split(None, 1)
        if len(parts) < 2 or not parts[0].isdigit():
            yield g, "line %d: expected '<player> <move>', got %r" % (lineno, s)
            return
        mv = parse_move(parts[1])
        if mv is None:
            yield g, "line %d: %r is not a move" % (lineno, parts[1])
            return
        if int(parts[0]) != g.turn:
            yield g, "line %d: it is player %d's turn, not %s's" % (lineno, g.turn, parts[0])
            return
        err = g.play(mv)
        if err:
            from rummy import reasons_en    # English, off the console's heap until needed
            yield g, "line %d: %s: %s" % (lineno, move_text(mv), reasons_en.text(err))
            return
        yield None
    if g is None:
        if lineno == 0 or not head:
            yield None, "not a Rummy transcript (expected %r first)" % MAGIC
            return
        g = _new_game(head)
        if isinstance(g, tuple):
            yield None, "line %d: %s" % (at.get(g[0], lineno), g[1])
            return
    yield g, None
