# The AI players: ai/basic.py levels 1-3, ai/expert.py level 4, ai/rack.py the rack's analysis
# they share. The factory lives here, above both, so that neither level's module imports the
# other's back (expert.py builds on basic.py); each level loads only when first made, and
# importing a module of ai/ (Rummy's included) loads no engine module through this one.

LEVELS = 4          # the console's AI levels, 1..LEVELS (the set-up, the save, burako sim/league)
HINT_LEVEL = LEVELS     # the hint's: the strongest within the device's time budget
EXPERT = 4          # ai/expert.py's own level (a level added above it leaves it the expert)


def make(level, seed=0):
    """The AI of a level: 1 easy, 2 greedy, 3 looks ahead, 4 the expert
    (ai/expert.py; seed: its own random numbers) (0: the frozen baseline,
    for the transcript pins)."""
    if level == EXPERT:
        from ai.expert import ExpertAI
        return ExpertAI(seed)
    from ai.basic import BasicAI
    return BasicAI(level)


def hint(game_state, seat):
    """The move the strongest level within the device's time budget, level 4
    (ai/expert.py: p99 ~160 ms, worst ~215 ms of RP2040 time, docs/ai.md),
    would make for seat in this position (None when seat is not to move): the
    UI's hint button. A fresh AI remembers nothing of earlier turns, as after
    a resume (see ai/lookahead.py)."""
    from engine import game
    if game_state.phase == game.P_MATCH_OVER or game_state.turn != seat:
        return None
    return make(HINT_LEVEL).choose(game_state)
