# Sent to a virtual Pico by emulator/runtimes/rp2040 rummy_link_match() (mpremote exec): a linked
# Rummy israeli match (rummy/linkplay.py) with both local seats played by the autoplay AI, to the
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
from hal import board as _hb
from ui.app import App
from ui import screen_link
class Done(BaseException):      # (not an Exception: App.frame keeps the console alive through those)
    pass
low = [1 << 30, 0]
_step = App.step
def step(self, now):
    _step(self, now)
    gc.collect()
    f = gc.mem_free()
    if f < low[0]:
        low[0] = f
    low[1] += 1
    lk = self.link
    if MOVES is None and HANDS is None:
        if screen_link.over(self):
            raise Done()
    elif lk is not None and lk.game is not None and (lk.count >= MOVES if HANDS is None else
                                                      len(lk.game.history) >= HANDS):
        self.rummy.ais[lk.seat] = None     # Rummy's AIs are the match's (rummy/view.py)
        if lk.idle():
            raise Done()
App.step = step
app = App(_hb.build(), link=True, autoplay=True, ai_ms=0, variant='rummy', hidden=HIDDEN)
try:
    app.run()
except Done:
    pass
from rummy import door
st = door.state(app)
lk = app.link
if HIDDEN:
    print('HID', lk.hidden is not None, app.saves)
print('RLINK', lk.seat, lk.count, lk.match_id.hex(), low[0], low[1], repr(st['history']).replace(' ', ''),
      repr(st['scores']).replace(' ', ''), 'END')
