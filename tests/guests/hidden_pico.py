# benchmarks/hidden_figures.py: both consoles' link/hidden.py Hands on the console's UF2 (the
# game frozen in, bigmod's pow() and Jacobi symbol in C; sent with mpremote exec), each step
# timed on the board with ticks_us: one line a step, its kind and microseconds, so the host can
# lay the two consoles' steps side by side (they run in parallel on two boards). The layout is
# tests/hiddenkit.py's: racks 0-10 (A) and 11-21 (B), the stock drawn from 105 down.
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


try:
    import bigmod
    print('NATIVE', 1)
except ImportError:
    print('NATIVE', 0)
a = timed('NEW', hidden.Hand, 0, binascii.unhexlify(sa))
b = hidden.Hand(1, binascii.unhexlify(sb))
gc.collect()
print('HEAP', F0 - F1, (F1 - gc.mem_free()) // 2)
x = hidden.element(7)
e, d = a.e, a.d
timed('POWE', hidden.power, x, e)
timed('POWD', hidden.power, x, d)
timed('BUILTIN_POWD', pow, x, d, hidden.P)
timed('SQUARE', hidden.is_square, x)
timed('SEAL_IN', b.take, timed('SEAL_OUT', a.commit))
a.take(b.commit())
while True:
    p = timed('SA', a.shuffle, 1)
    if p is None:
        break
    timed('SB', b.take, p)
for i in range(0, 106, 14):
    timed('DK', a.take, timed('DO', b.deck_out, i))
for j in range(11):
    a.expect(j)
    b.expect(11 + j)
for j in range(11):
    timed('OT', b.take, timed('OG', a.give, [11 + j]))
    timed('OT', a.take, timed('OG', b.give, [j]))
for k in range(draws):
    a.expect(105 - k)
    timed('DT', a.take, timed('DG', b.give, [105 - k]))
gc.collect()
print('KEPT', F1 - gc.mem_free())
timed('KEY', a.take, b.reveal())
while timed('CHK', a.check, 1):
    pass
print('WHY', a.why)
