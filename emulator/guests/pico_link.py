# Sent to a virtual Pico by emulator/runtimes/rp2040 link_match() (mpremote exec): the App in a
# linked match (ui/cable.py), both seats' moves by the autoplay AI, until MOVES moves are
# played (None: the match's end, logged and acknowledged); then the local AI stops, and once the
# link is idle (every move acknowledged; hidden hands: no tile awaited) the script prints the
# session's view of the match.
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
from hal import board as hal_board
from ui.app import App
from engine import codec
class Done(BaseException):      # (not an Exception: App.frame keeps the console alive through those)
    pass
app_step = App.step
saves_seen = [0]
low = [1 << 30, 0]
def step(self, now):
    app_step(self, now)
    if LOW:
        import gc
        gc.collect()
        free = gc.mem_free()
        if free < low[0]:
            low[0] = free
        low[1] += 1
    cable = self.cable
    if cable is None:
        return
    lk = cable.link
    if REPORT and cable.saves != saves_seen[0]:
        saves_seen[0] = cable.saves
        print('SV', lk.count)
    if lk.game is None:
        return
    if MOVES is None:
        if self.over():
            raise Done()
    elif lk.count >= MOVES:
        if cable.play is not None:
            cable.play.ais[lk.seat] = None
        # under hidden hands also no tile of ours awaited: a board that stopped with its drawn
        # tile still closed left the other waiting for ever on the tile's exchange
        if lk.idle() and (lk.hidden is None or lk.hidden.idle()):
            raise Done()
App.step = step
app = App(hal_board.build(), link=True, autoplay=True, ai_ms=0, target=TARGET, hidden=HIDDEN)
try:
    app.run()
except Done:
    pass
lk = app.cable.link
g = app.cable.play.game
if HIDDEN:
    import gc
    gc.collect()
    print('HID', lk.hidden is not None, gc.mem_free(), gc.mem_alloc())
    # the same tiles, each console's racks in its own order (its OPENs' order; the peer's
    # revealed tiles in its placeholders' order): sorted, as the digest below compares them
    for r in g.racks:
        r[:] = bytes(sorted(r))
if LOW:
    print('LOW', low[0], low[1])
print('LINK', lk.seat, lk.count, lk.match_id.hex(), bytes(lk.log).hex(),
      hashlib.sha256(codec.encode(g)).digest().hex(), g.history, 'END')
