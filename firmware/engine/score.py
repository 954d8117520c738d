# R7: the score of one side at the end of a hand.
from engine import melds
from engine import tiles

# indexes into a breakdown tuple
MELDED = 0
PURE = 1
IMPURE = 2
CLOSE = 3
MUERTO = 4
RACK = 5
TOTAL = 6
FIELDS = ("melded", "pure_canastas", "impure_canastas", "closing", "muerto", "rack", "total")


def side(laid, racks, took_muerto, closed, rules):
    """Breakdown (melded, pure, impure, closing, muerto, rack, total) of one side.

    laid: the side's melds; racks: the racks of the side's players.
    """
    melded = 0
    pure = 0
    impure = 0
    for meld in laid:
        melded += melds.points(meld, rules)
        if melds.is_canasta(meld, rules):
            if melds.is_pure(meld):
                pure += 1
            else:
                impure += 1
    if pure + impure == 0 and rules.melds_negative:
        melded = -melded
    rack = 0
    for r in racks:
        for tile in r:
            rack -= tiles.value(tile, rules.joker_value)
    close = rules.close_bonus if closed else 0
    muerto = rules.muerto_bonus if took_muerto else -rules.no_muerto_penalty
    total = melded + pure * rules.pure_bonus + impure * rules.impure_bonus + close + muerto + rack
    return (melded, pure, impure, close, muerto, rack, total)


def bonus_points(b, rules):
    """Points a breakdown gets from canastas (for display)."""
    return b[PURE] * rules.pure_bonus + b[IMPURE] * rules.impure_bonus


# Seed 001 (burraco): Victory Points from the Match Points (the difference of
# the two totals), as (most MP, winner's VP); beyond the last row 20/0. The
# seed writes ranges of multiples of 5 ("55>150"); a difference between two
# rows (51..54) is read as the next row.
VP_TABLE = ((50, 10), (150, 11), (250, 12), (350, 13), (500, 14), (650, 15),
            (800, 16), (1000, 17), (1250, 18), (1500, 19))
VP_TOTAL = 20


def match_points(a, b):
    """Seed 001: (MP of side A, MP of side B, VP of A, VP of B) for totals a, b."""
    d = a - b
    w = VP_TOTAL
    for most, vp in VP_TABLE:
        if abs(d) <= most:
            w = vp
            break
    if d < 0:
        return (d, -d, VP_TOTAL - w, w)
    return (d, -d, w, VP_TOTAL - w)
