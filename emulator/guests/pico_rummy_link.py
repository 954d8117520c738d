# Sent to a virtual Pico by emulator/runtimes/rp2040 rummy_link_match() (mpremote exec): a linked
# Rummy israeli match (ui/cable.py, rummy/play.py) with both local seats played by the autoplay AI, to the
# match's end (four hands, logged and acknowledged), or until MOVES moves are played and
# acknowledged (then the local AI stops, as in pico_link.py), or until HANDS hands are counted
# (then the same). HIDDEN: hidden hands (docs/link.md "Rummy israeli's pool"). After every frame the script runs
# gc.collect() and keeps the lowest gc.mem_free(): the most the match ever held live at a
# frame's end (garbage made inside a frame is not seen). Then it prints the session's view.
# The board gets the text without its comment lines.
MOVES = None
HANDS = None
HIDDEN = False

import gc, hashlib
from hal import board as hal_board
from ui.app import App
class Done(BaseException):      # (not an Exception: App.frame keeps the console alive through those)
    pass
low = [1 << 30, 0]
app_step = App.step
def step(self, now):
    app_step(self, now)
    gc.collect()
    f = gc.mem_free()
    if f < low[0]:
        low[0] = f
    low[1] += 1
    if MOVES is None and HANDS is None:
        if self.over():
            raise Done()
        return
    cable = self.cable
    lk = cable.link if cable is not None else None
    if lk is not None and lk.game is not None and (lk.count >= MOVES if HANDS is None else
                                                   len(lk.game.history) >= HANDS):
        if cable.play is not None:
            cable.play.ais[lk.seat] = None     # Rummy's AIs are the match's (rummy/play.py)
        if lk.idle():
            raise Done()
App.step = step
app = App(hal_board.build(), link=True, autoplay=True, ai_ms=0, variant='rummy', hidden=HIDDEN)
try:
    app.run()
except Done:
    pass
lk = app.cable.link
g = app.cable.play.game
if HIDDEN:
    print('HID', lk.hidden is not None, app.cable.saves)
print('RLINK', lk.seat, lk.count, lk.match_id.hex(), low[0], low[1],
      repr([list(h) for h in g.history]).replace(' ', ''), repr(list(g.scores)).replace(' ', ''), 'END')
