# tests/test_link_hidden.py, benchmarks/hidden_figures.py: one console's link/hidden.py Hand inside
# MicroPython, driven step by step by the host, which plays the peer on CPython
# (tests/hiddenkit.py GuestHand). Each step hands the host what the last command gave (its bytes by
# address, or an int) and the heap (the highest in use before a collection, the command's garbage
# included; and what is kept after it), and takes the next command; a payload for the Hand comes
# written into RX. Collected between steps only.
import binascii
import gc

import host
import uctypes

gc.disable()
gc.collect()
role = 0
secret = ''         # the hand's secret, hex
n = 106
RX = bytearray(4096)
gc.collect()
A0 = gc.mem_alloc()
from link import hidden  # (after A0: the import's heap is a figure)

gc.collect()
A1 = gc.mem_alloc()
H = [hidden.Hand(role, binascii.unhexlify(secret), n)]
gc.collect()
print('HEAP', A0, A1, gc.mem_alloc())


def ints(s):
    return [int(x) for x in s.split(',') if x]


def run(op, arg):
    h = H[0]
    if op == 'C':
        return h.commit()
    if op == 'S':
        return h.shuffle(int(arg))
    if op == 'D':
        return h.deck_out(int(arg))
    if op == 'T':
        return h.take(bytes(RX[:int(arg)]))
    if op == 'G':
        a = arg.split(' ')
        return h.give(ints(a[1]), a[0] == '1')
    if op == 'E':
        a = arg.split(' ')
        return h.expect(int(a[1]), a[0] == '1')
    if op == 'H':
        return h.show(ints(arg))
    if op == 'R':
        return h.reveal()
    if op == 'K':
        return h.check(int(arg))
    if op == 'V':
        return h.saved(arg == '1')
    if op == 'L':
        H[0] = None
        gc.collect()
        H[0] = hidden.restore(bytes(RX[:int(arg)]))
        return None
    if op == 'A':
        return h.ask(int(arg))
    if op == 'W':
        return h.why
    if op == 'M':
        return h.mine()
    if op == 'X':
        return bytes(h.known) + bytes(h.owner)
    return None


def step():
    out = None
    peak = 0
    while True:
        a = gc.mem_alloc()
        if a > peak:
            peak = a
        yield
        if out is None:
            kind, addr, k = 'N', 0, 0
        elif isinstance(out, int):
            kind, addr, k = 'I', out, 0
        elif isinstance(out, list) and out and not isinstance(out[0], int):
            out = b''.join([bytes((len(p) & 255, len(p) >> 8)) + p for p in out])
            kind, addr, k = 'M', uctypes.addressof(out), len(out)
        else:
            if isinstance(out, list):
                out = bytes(out)
                kind = 'L'
            else:
                kind = 'P'
            addr, k = uctypes.addressof(out), len(out)
        cmd = host.call('step', '%s %d %d %d %d %d' % (kind, addr, k, peak, gc.mem_alloc(),
                                                       uctypes.addressof(RX)))
        out = None
        peak = gc.mem_alloc()
        c = cmd.decode() if isinstance(cmd, bytes) else cmd
        if c == 'Q':
            return
        out = run(c[0], c[2:])


S = step()
for _ in S:
    gc.collect()
print('END')
