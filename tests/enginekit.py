"""Build exact positions for rule tests, keeping all 106 tiles accounted for:
whatever a test does not place goes to the muertos (untaken ones) and the stock."""
from engine import game
from engine import melds as engine_melds
from engine import rules as engine_rules
from engine import tiles as engine_tiles


def ts(text, cards=False):
    out = engine_tiles.parse_list(text, cards)
    assert out is not None, text
    return bytes(out)


def position(variant="burako", n=2, racks=None, melds=None, pile="", stock_top="",
             taken=(0, 0), turn=0, phase=game.P_PLAY, stock_empty=False, scores=(0, 0), target=0):
    rules = engine_rules.by_name(variant)
    g = game.Game(rules, n, 1, target)
    left = engine_tiles.counts(engine_tiles.full_deck(rules.jokers))

    def take(tiles):
        for t in tiles:
            assert left[t] > 0, "test uses %s more than twice" % engine_tiles.to_text(t)
            left[t] -= 1
        return bytearray(tiles)

    g.racks = [take(ts(r, rules.cards)) for r in (racks or [""] * n)]
    assert len(g.racks) == n
    g.melds = [[], []]
    for s, side in enumerate(melds or ((), ())):
        for mt in side:
            m = engine_melds.from_table(ts(mt, rules.cards), rules)
            assert not isinstance(m, int), (mt, m)
            take(m[engine_melds.HEAD:])
            g.melds[s].append(m)
    g.pile = take(ts(pile, rules.cards))
    top = take(ts(stock_top, rules.cards))
    g.taken = bytearray(taken)
    rest = bytearray()
    for code in range(engine_tiles.NCODES):
        rest += bytes([code]) * left[code]
    g.muertos = [bytearray(), bytearray()]
    for s in range(2):
        if not taken[s]:
            g.muertos[s] = rest[:11]
            rest = rest[11:]
    if stock_empty:
        # the tiles are still somewhere: under the discard pile
        g.pile = rest + g.pile
        rest = bytearray()
    g.stock = rest + top
    g.turn = turn
    g.phase = phase
    g.first = False
    g.drawn = game.NO_TILE
    g.scores = list(scores)
    return g


def mv(text):
    from engine import notation
    m = notation.parse_move(text)
    assert m is not None, text
    return m
