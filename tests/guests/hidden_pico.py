# benchmarks/hidden_figures.py: both consoles' link/hidden.py Hands on the rp2 firmware (sent
# with mpremote exec), each step timed on the board with ticks_us: one line a step, its kind and
# microseconds, so the host can lay the two consoles' steps side by side (they run in parallel on
# two boards). The layout is tests/hiddenkit.py's: racks 0-10 (A) and 11-21 (B), the stock drawn
# from 105 down.
import binascii
import gc
import time

sa = ''             # A's secret, hex
sb = ''             # B's secret, hex
draws = 6
gc.collect()
F0 = gc.mem_free()
from link import hidden  # (after F0: the import's heap is a figure)

gc.collect()
F1 = gc.mem_free()


def us(t):
    return time.ticks_diff(time.ticks_us(), t)


def timed(kind, fn, *args):
    t = time.ticks_us()
    r = fn(*args)
    print(kind, us(t))
    return r


a = timed('NEW', hidden.Hand, 0, binascii.unhexlify(sa))
b = hidden.Hand(1, binascii.unhexlify(sb))
gc.collect()
print('HEAP', F0 - F1, (F1 - gc.mem_free()) // 2)
x = hidden.element(7)
e, d = a.e, a.d
t = time.ticks_us()
pow(x, e, hidden.P)
print('POWE', us(t))
t = time.ticks_us()
pow(x, d, hidden.P)
print('POWD', us(t))
b.take(a.commit())
a.take(b.commit())
while True:
    p = timed('SA', a.shuffle, 1)
    if p is None:
        break
    timed('SB', b.take, p)
for i in range(0, 106, 14):
    timed('DK', a.take, timed('DO', b.deck_out, i))
for j in range(11):
    timed('OT', b.take, timed('OG', a.give, [11 + j]))
    timed('OT', a.take, timed('OG', b.give, [j]))
for k in range(draws):
    timed('DT', a.take, timed('DG', b.give, [105 - k]))
gc.collect()
print('KEPT', F1 - gc.mem_free())
timed('KEY', a.take, b.reveal())
while timed('CHK', a.check, 1):
    pass
print('WHY', a.why)
