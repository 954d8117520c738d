# Rummy israeli's side of a link session (rummy/rules.py, docs/rules.md
# R13; the game module rummy/game.py gives the Link for variant "rummy": the
# same names as link/moves_burako.py). Imports nothing of Burako's engine.
#
# A move's bytes (docs/link.md "Rummy"): the kind (DRAW 0, PLAY 1, PASS 2,
# NEXT 3); a PLAY then holds the meld count of the whole new table and each
# meld in table order: 0x80|i for meld i of the table before the move,
# unchanged (a late table is long; most of it stays), else its length (3..13)
# and its tiles. Decoding a reference needs the game before the move (g);
# without it the bytes are only checked and skipped.
from micropython import const
from rummy import rules
from rummy import codec
from engine import tiles

VARIANT = const(3)     # HELLO's variant id
HANDS = const(4)       # R13.9: four hands, on both consoles (HELLO carries the target)
MAX_MELDS = const(35)  # 106 tiles in melds of 3 or more
_REF = const(0x80)

OVER = rules.P_MATCH_OVER
NOT_YOUR_TURN = rules.WRONG_PHASE
position = codec.encode
decode = codec.decode


def find(name):
    """(rules, variant id, default target) of a variant name, or None. A Rummy
    match's rules are its number of hands."""
    return (HANDS, VARIANT, 0) if name == "rummy" else None


def rules_at(variant):
    return HANDS if variant == VARIANT else None


def new_game(hands, seed, target):
    return rules.Game(2, seed, hands, target)


def hidden_side():
    """Hidden hands' side of a Rummy session (rummy/hide.py)."""
    from rummy.hide import Hid
    return Hid


def put_move(out, mv, game):
    """Append mv's bytes; game: the game before the move (its table)."""
    kind = mv[0]
    out.append(kind)
    if kind != rules.PLAY:
        return
    melds = mv[1]
    out.append(len(melds))
    old = game.table
    used = bytearray(len(old))
    for meld in melds:
        for j in range(len(old)):
            if not used[j] and old[j] == meld:
                used[j] = 1
                out.append(_REF | j)
                break
        else:
            out.append(len(meld))
            out.extend(meld)


def get_move(data, at, stop, game=None):
    """(move, next index) from data[at:stop]; (None, -1) when it is not a move (or a
    reference to no meld of the game's table). Without the game, a PLAY's melds are ()."""
    if at >= stop or data[at] > rules.NEXT:
        return None, -1
    kind = data[at]
    at += 1
    if kind != rules.PLAY:
        return (kind, ()), at
    if at >= stop or not 0 < data[at] <= MAX_MELDS:
        return None, -1
    cnt = data[at]
    at += 1
    old = used = None
    if game is not None:
        old = game.table
        used = bytearray(len(old))
    melds = []
    for _ in range(cnt):
        if at >= stop:
            return None, -1
        head = data[at]
        at += 1
        if head & _REF:
            head &= 0x7F
            if old is not None:
                if head >= len(old) or used[head]:
                    return None, -1
                used[head] = 1
                melds.append(old[head])
            continue
        if head < 3 or head > 13 or at + head > stop:
            return None, -1
        for j in range(at, at + head):
            if data[j] >= tiles.NCODES:
                return None, -1
        if old is not None:
            melds.append(bytes(data[at:at + head]))
        at += head
    return (kind, tuple(melds)), at
