# tests/test_link_rummy.py: a Rummy Link inside MicroPython against a CPython console, joined
# after emulator/guests/link_wire.py (the board B, its clock and wire, the repeatable nonce()).
# Each step hands the outgoing bytes to the host by address (host.call('wire', 'tx n rx')) and
# takes what the CPython console sent; garbage is collected only at module level between
# steps (docs/micropython-harness.md). Prints R and the match's figures at its end: the heap
# its imports and Link took, the peak, and which Burako modules entered sys.modules (none may).
import gc
import sys

import host
import uctypes

gc.disable()
gc.collect()
H0 = gc.mem_alloc()
from rummy.ai import RummyAI  # (measured: the heap the import takes)
gc.collect()
H1 = gc.mem_alloc()
from rummy import moves  # (Rummy's side of the protocol, which the game gives the Link: measured
from link.session import ENDED, Link  # with the link's import)
gc.collect()
H2 = gc.mem_alloc()
target = 0
level = 1
BURAKO = ''         # the Burako modules, space-separated
BURAKO = BURAKO.split()
SEEN = []


def exchange():
    w = B.link
    r = host.call('wire', '%d %d %d' % (uctypes.addressof(w.tx), w.txn, uctypes.addressof(w.rx)))
    w.txn = 0
    k, now = r.split()
    w.rxn = int(k)
    w.rxi = 0
    B.clock.now = int(now)


PEAK = [0, 0, 0]


def run():
    L = Link(B, 'rummy', target, nonce=nonce, moves=moves)
    PEAK[0] = gc.mem_alloc()
    ai = RummyAI(level)
    while True:
        exchange()
        L.poll(B.clock.now)
        while L.next_event():
            pass
        if L.my_turn():
            err = L.send_move(ai.choose(L.game))
            if err:
                raise ValueError('refused %d' % err)
        for m in BURAKO:
            if m in sys.modules and m not in SEEN:
                SEEN.append(m)
        if L.state == ENDED and L.idle():
            g = L.game
            print('R', L.count, L.seat, L.state, L.reason, ' '.join([str(x) for x in g.scores]),
                  ''.join(['%02x' % x for x in L.match_id]), ''.join(['%02x' % x for x in L.digest]),
                  len(g.history), H1 - H0, H2 - H1, PEAK[0] - H2, PEAK[1], PEAK[2], ','.join(SEEN) or '-',
                  ','.join([m for m in ('rummy.moves', 'rummy.codec') if m in sys.modules]))
            return
        a = gc.mem_alloc()
        if a > PEAK[1]:
            PEAK[1] = a
        if L.state == 2 and L.count > 0:
            PEAK[2] = a - H1 if a - H1 > PEAK[2] else PEAK[2]
        yield


S = run()
for _ in S:
    gc.collect()
