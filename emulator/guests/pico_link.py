# Sent to a virtual Pico by emulator/runtimes/rp2040 link_match() (mpremote exec): the App in a
# linked match (ui/linkplay.py), both seats' moves by the autoplay AI, until MOVES moves are
# played (None: the match's end, logged and acknowledged); then the local AI stops, and once the
# link is idle (every move acknowledged) the script prints the session's view of the match.
# HIDDEN: hidden hands (docs/link.md); then it prints the free heap too (HID line). REPORT:
# "SV <move count>" at each save of link.sav (a test's moment for a power cut). LOW: after every
# frame gc.collect() and the lowest gc.mem_free() kept (printed on the LOW line: the most the match
# held live at a frame's end).
# The board gets the text without its comment lines.
MOVES = None
TARGET = 1
HIDDEN = False
REPORT = False
LOW = False

import hashlib
from hal import board as _hb
from ui.app import App
from ui import linkplay
from engine import codec
class Done(BaseException):      # (not an Exception: App.frame keeps the console alive through those)
    pass
_step = App.step
_saves = [0]
low = [1 << 30, 0]
def step(self, now):
    _step(self, now)
    if LOW:
        import gc
        gc.collect()
        f = gc.mem_free()
        if f < low[0]:
            low[0] = f
        low[1] += 1
    lk = self.link
    if REPORT and self.saves != _saves[0]:
        _saves[0] = self.saves
        print('SV', lk.count)
    if lk is None or lk.game is None:
        return
    if MOVES is None:
        if linkplay.over(self):
            raise Done()
    elif lk.count >= MOVES:
        self.match.ais[lk.seat] = None
        if lk.idle():
            raise Done()
App.step = step
app = App(_hb.build(), link=True, autoplay=True, ai_ms=0, target=TARGET, hidden=HIDDEN)
try:
    app.run()
except Done:
    pass
lk = app.link
if HIDDEN:
    import gc
    gc.collect()
    print('HID', lk.hidden is not None, gc.mem_free(), gc.mem_alloc())
    # the same tiles, each console's racks in its own order (its OPENs' order; the peer's
    # revealed tiles in its placeholders' order): sorted, as the digest below compares them
    for r in app.match.game.racks:
        r[:] = bytes(sorted(r))
if LOW:
    print('LOW', low[0], low[1])
print('LINK', lk.seat, lk.count, lk.match_id.hex(), bytes(lk.log).hex(),
      hashlib.sha256(codec.encode(app.match.game)).digest().hex(), app.match.game.history, 'END')
