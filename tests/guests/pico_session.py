# benchmarks/memory_figures.py: one local session of the console on a virtual Pico, sent with
# mpremote exec (rp2040.board_script() joins emulator/guests/pico_fault.py before it). KIND:
# 'ai' a person against the AI at LEVEL, 'pass' pass-and-play (every seat a person), 'rummy'
# Rummy israeli, a person against Rummy's AI at LEVEL, asking the hint at every turn. The
# session starts as a person starts it: the title, the game's set-up, then its match with
# those choices. A person's turn: Burako's menu hint (burako/table.py show_hint, AI level 4),
# then the move it named, a frame later; Rummy's draw by the A key, or its menu hint (the
# solver, rummy/table.py menu_item) and then the play it found (else a pass). The screens
# between turns (hand-off, hand end) get an A. After every frame gc.collect() and the lowest
# gc.mem_free() kept, until MOVES moves are played (None: the first hand's end screen).
# The board gets the text without its comment lines.
KIND = 'ai'
PLAYERS = 2
LEVEL = 4
MOVES = None
SEED = 1

import gc
from hal import board as hal_board
from hal import keys
from ui.app import App
from ui.games import BURAKO, RUMMY
class Done(BaseException):      # (not an Exception: App.frame keeps the console alive through those)
    pass
rummy = KIND == 'rummy'
GAME = RUMMY if rummy else BURAKO
# the game's phases and move kinds; the module whose name the hint calls, and that name
if rummy:
    from rummy import rules
    from rummy import solve as hint_module
    from rummy import game as game_module
    from rummy.play import Play
    hint_name = 'solve'
else:
    from engine import game as rules
    from burako import table as hint_module
    from burako import game as game_module
    from burako.play import Play
    hint_name = 'ai_hint'
# the hint's answer, kept for the move a frame later, and the move count it was asked at
hinted = [None, -1]
real_hint = getattr(hint_module, hint_name)
def hint_kept(*args):
    hinted[0] = real_hint(*args)
    return hinted[0]
setattr(hint_module, hint_name, hint_kept)
low = [1 << 30, 0, 0]           # the lowest free heap, frames, moves
play_after = Play.after
def after(self, *args):
    play_after(self, *args)
    low[2] += 1
Play.after = after
stage = [0]
def start(app):
    s = app.settings
    if stage[0] == 1:
        GAME.setup(app)         # the set-up as the title opens it, drawn in the next frame
    elif stage[0] == 2:
        s.level = LEVEL
        seats = 0 if KIND == 'pass' else ((1 << PLAYERS) - 1) & ~1
        if rummy:
            s.rummy[0] = PLAYERS
            s.rummy[1] = seats
        else:
            s.players = PLAYERS
            s.ai_seats = seats
        game_module.new_match(app)
    stage[0] += 1
def person(app):
    screen = app.screen
    play = getattr(screen, 'play', None)
    if play is None:
        return
    if screen is not play.table:
        if screen.waiting():
            screen.key(keys.A)      # a hand-off, a hand's end
        return
    g = play.game
    if g.phase >= rules.P_HAND_OVER or play.ais[g.turn] is not None:
        return
    if rummy and g.phase == rules.P_DRAW:
        screen.key(keys.A)
        return
    if hinted[1] != low[2]:
        hinted[0] = None
        hinted[1] = low[2]
        if rummy:
            screen.menu_item(4)
        else:
            screen.show_hint()
        return
    found = hinted[0]       # (None: no hint; Rummy passes, Burako draws)
    hinted[0] = None
    if rummy:
        mv = (rules.PLAY, found[0]) if found else (rules.PASS, ())
        if not found or g.check(mv) != rules.OK or play.play(mv):
            play.play((rules.PASS, ()))
    elif not found or play.play(*found):
        if play.play(rules.DRAW, 0, b"", 0):
            print('STUCK', found)
            raise Done()
app_step = App.step
def step(self, now):
    app_step(self, now)
    gc.collect()
    free = gc.mem_free()
    if free < low[0]:
        low[0] = free
    low[1] += 1
    if stage[0] < 3:
        start(self)
        return
    if MOVES is None:
        if self.screen.hand_over or self.over():
            raise Done()
    elif low[2] >= MOVES:
        raise Done()
    person(self)
App.step = step
app = App(hal_board.build(), seed=SEED, ai_ms=0)
try:
    app.run()
except Done:
    pass
g = app.screen.play.game
print('SESSION', KIND, PLAYERS, low[0], low[1], low[2], len(g.history), 'END')
