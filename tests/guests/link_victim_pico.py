# tests/hostile.py: the victim on the virtual Pico (the real rp2 firmware), sent with mpremote
# exec: a Link on the board's UART0 (hal/board.py), its AI playing its turns, saving at turn
# boundaries; a line "ST ..." whenever its state changes, and once the link has ended "R", "L"
# (its log), "S" (its save) and "DONE".
import binascii
import gc
import time

from ai.basic import BasicAI
from hal import board
from link import msg
from link.session import ENDED, Link

b = board.build(init_display=False)
L = Link(b, 'burako', 0)
ai = BasicAI()
def hx(x):
    return binascii.hexlify(x).decode() if x else '-'
last = None
save = None
saves = 0
peak = 0
t_end = None
n = 0
while True:
    L.poll()
    while L.next_event():
        pass
    if L.my_turn():
        L.send_move(ai.choose(L.game))
    g = L.game
    if L.dirty and g is not None and (g.turn != L.seat or g.phase >= 4) and L.safe_to_write():
        save = None
        save = L.saved()
        saves += 1
    s = (L.count, L.state, L.reason, L.idle())
    if s != last:
        last = s
        print('ST', L.count, L.state, L.reason, int(L.by_peer), L.seat, -1 if g is None else g.turn,
              int(L.idle()), saves, hx(L.digest))
    n += 1
    if n % 16 == 0:
        a = gc.mem_alloc()
        if a > peak:
            peak = a
    if L.state == ENDED:
        if t_end is None:
            t_end = time.ticks_ms()
        elif time.ticks_diff(time.ticks_ms(), t_end) > 600:
            break
    time.sleep_ms(2)
g = L.game
print('R', L.count, L.state, L.reason, int(L.by_peer), L.seat, '-' if g is None else hx(msg.digest(L.position(g))),
      peak, saves, hx(L.match_id), gc.mem_free())
print('L', hx(L.log))
print('S', hx(save))
print('DONE')
