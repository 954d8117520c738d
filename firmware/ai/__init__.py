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
    """The UI's hint button: the move the strongest level within the device's
    time budget, level 4 (ai/expert.py: p99 ~160 ms, worst ~215 ms of RP2040
    time, docs/ai.md), would make for seat in this position, except that a
    meld of naturals ready in the rack goes before a discard (ready_meld);
    None when seat is not to move. A fresh AI remembers nothing of earlier
    turns, as after a resume (see ai/lookahead.py)."""
    from engine import game
    if game_state.phase == game.P_MATCH_OVER or game_state.turn != seat:
        return None
    mv = make(HINT_LEVEL).choose(game_state)
    if mv is not None and mv[0] == game.DISCARD:
        # level 4 may keep a meld in hand (R4: it hides its opening meld), a
        # plan one line of advice cannot explain: a player who followed it saw
        # the AI take the pile and meld with the very tile discarded. The hint
        # advises laying what is ready first; the discard comes after it
        ready = ready_meld(game_state)
        if ready is not None:
            return ready
    return mv


def ready_meld(game_state):
    """A MELD of naturals only (no wild spent) from the rack of the player to
    move that the rules allow now: the longest, else any of three; None when
    there is none."""
    from engine import game
    from engine import reasons
    from ai import rack as rack_tools
    rs = rack_tools.Rack().fill(game_state.racks[game_state.turn])
    ts = rack_tools.find_meld(rs, True, True)
    if ts:
        mv = (game.MELD, 0, ts, 0)
        if game_state.check(mv) == reasons.OK:
            return mv
        # the longest refused (it would empty the rack too soon): a shorter one may play
        wild = rack_tools.WILD
        for ts in rack_tools.three_melds(rs):
            if not (wild[ts[0]] or wild[ts[1]] or wild[ts[2]]):
                mv = (game.MELD, 0, ts, 0)
                if game_state.check(mv) == reasons.OK:
                    return mv
    return None
