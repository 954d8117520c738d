# benchmarks/hidden_session_figures.py: a console on the virtual Pico (the real rp2 firmware),
# sent with mpremote exec: a Link with hidden hands on the board's UART0 (hal/board.py), its AI
# playing its turns, against a CPython console with hidden hands on the wire. RP2040 time
# (ticks_ms) of each hand's deal (from its start to this console holding its rack: DEALING),
# each of its draws (send_move to the tile in its rack) and each hand-end check (its KEY out
# to the hand counted); "T kind ms" lines, "R ..." and "DONE" once the link has ended (or HANDS
# hands are counted). VARIANT "rummy": Rummy israeli's pool (rummy/hide.py), its level-1 AI.
import gc
import time

from hal import board
from link.session import ENDED, Link

TARGET = 300
VARIANT = 'burako'
HANDS = 0       # 0: to the match's end
NONCE = 0       # 0: the board's own entropy; else a seeded nonce source, so a deal can be replayed


def seeded(n):
    out = bytearray(n)
    for i in range(n):
        SEQ[0] = (SEQ[0] * 1103515245 + 12345) & 0x7FFFFFFF
        out[i] = (SEQ[0] >> 16) & 255
    return bytes(out)


SEQ = [NONCE]
b = board.build(init_display=False)
if VARIANT == 'rummy':
    from rummy import moves
    from rummy.ai import RummyAI
    L = Link(b, VARIANT, TARGET, hidden=True, nonce=seeded if NONCE else None, moves=moves)
    ai = RummyAI(1)
else:
    L = Link(b, VARIANT, TARGET, hidden=True, nonce=seeded if NONCE else None)
    from ai.basic import BasicAI
    ai = BasicAI()
peak = 0
n = 0
t_end = None
stage = 0
t_stage = 0
t_draw = None
while True:
    L.poll()
    while L.next_event():
        pass
    h = L.hidden
    if h.stage != stage:
        now = time.ticks_ms()
        if stage:
            print('T', 'deal' if stage == 1 else 'check', time.ticks_diff(now, t_stage))
        stage = h.stage
        t_stage = now
    if t_draw is not None and h.idle():
        print('T draw', time.ticks_diff(time.ticks_ms(), t_draw))
        t_draw = None
    if L.my_turn():
        mv = ai.choose(L.game)
        t = time.ticks_ms()
        L.send_move(mv)
        if mv[0] == 0 and not h.idle():
            t_draw = t
    n += 1
    if n % 8 == 0:
        a = gc.mem_alloc()
        if a > peak:
            peak = a
    if L.state == ENDED or HANDS and L.game is not None and len(L.game.history) >= HANDS and h.stage == 0:
        if t_end is None:
            t_end = time.ticks_ms()
        elif time.ticks_diff(time.ticks_ms(), t_end) > 600:
            break
    time.sleep_ms(1)
g = L.game
print('R', L.count, L.state, L.reason, g.hand, g.scores[0], g.scores[1], peak, gc.mem_free())
print('DONE')
