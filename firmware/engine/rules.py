# R10: every rule that differs between variants is a field of this record,
# never an `if variant == ...` inside the engine.


class Rules:
    # by keyword only (the fields' own names): a variant reads as its list of rules
    def __init__(self, name, *, players, rack2, rack4, max_wilds, wild_ratio,
                 joker_value, pile_open, muerto_bonus, lock_natural_two,
                 void_without_canasta, target, minutes, melds_negative):
        self.name = name
        self.players = players          # allowed player counts
        self.rack2 = rack2              # R2 rack size, 2 players
        self.rack4 = rack4              # R2 rack size, 4 players
        self.muerto = 11                # R2 muerto size
        self.max_wilds = max_wilds      # R4 wilds per meld
        self.wild_ratio = wild_ratio    # R4: with 2+ wilds, naturals >= ratio * wilds
        self.joker_value = joker_value  # R1
        self.pile_open = pile_open      # R10: whole pile visible, or only its top
        self.muerto_bonus = muerto_bonus  # R7
        self.lock_natural_two = lock_natural_two  # R5: a natural 2 never moves as a wild
        self.void_without_canasta = void_without_canasta  # R8
        self.target = target            # R9
        self.minutes = minutes          # R9: 0 = no time limit
        self.melds_negative = melds_negative  # R7: melds count negative without a canasta
        self.close_bonus = 100          # R7
        self.pure_bonus = 200           # R7
        self.impure_bonus = 100         # R7
        self.no_muerto_penalty = 100    # R7
        self.canasta = 7                # R4
        self.max_run = 13               # R4
        # R12 (burraco) fields; the values here are Burako's
        self.cards = False              # cards (AH 10D *) instead of tiles (R1 text)
        self.jokers = 2                 # R1: jokers in the deck
        self.pile_start = 0             # cards turned up to start the discard pile
        self.redraw = True              # R3.2: the mano may redraw the first draw
        self.close_discard = False      # the rack empties only by the closing discard
        self.close_no_wild = False      # the closing discard is never a wild
        self.close_no_lone = False      # nor the single card just taken from a one-card pile
        self.stock_reserve = 0          # the hand ends after the turn of the player
                                        # who leaves this many cards in the stock
        self.max_set = 0                # cards in a set at most (0: no limit)
        self.one_set_per_rank = False   # no second set of a number the side has
        self.wild_moves = False         # R11: a wild may move within its own run

    def rack_size(self, nplayers):
        return self.rack4 if nplayers == 4 else self.rack2


BURAKO = Rules("burako", players=(2, 4), rack2=12, rack4=11, max_wilds=1, wild_ratio=2,
               joker_value=50, pile_open=True, muerto_bonus=100, lock_natural_two=False,
               void_without_canasta=False, target=3000, minutes=0, melds_negative=True)
TORNEO = Rules("torneo", players=(2,), rack2=12, rack4=12, max_wilds=2, wild_ratio=2,
               joker_value=50, pile_open=False, muerto_bonus=0, lock_natural_two=True,
               void_without_canasta=True, target=1500, minutes=90, melds_negative=True)


def _burraco():
    # R10/R12: Italian Burraco (seed 001)
    r = Rules("burraco", players=(2, 4), rack2=11, rack4=11, max_wilds=1, wild_ratio=2,
              joker_value=30, pile_open=True, muerto_bonus=0, lock_natural_two=False,
              void_without_canasta=False, target=2005, minutes=0, melds_negative=False)
    r.max_run = 14          # seed 001: 13 cards, 14 with a wild
    r.cards = True
    r.jokers = 4
    r.pile_start = 1
    r.redraw = False
    r.close_discard = True
    r.close_no_wild = True
    r.close_no_lone = True
    r.stock_reserve = 2
    r.max_set = 9
    r.one_set_per_rank = True
    r.wild_moves = True
    return r


BURRACO = _burraco()

# the index is the variant's byte in positions and on the link: append only
VARIANTS = (BURAKO, TORNEO, BURRACO)

# R9 targets are a setting; above this a match outgrows the position format
# (255 hands of history) and the AI-vs-AI move limit of ai/selfplay.py
MAX_TARGET = 10000


def by_name(name):
    for r in VARIANTS:
        if r.name == name:
            return r
    return None
