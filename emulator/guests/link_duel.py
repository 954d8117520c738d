# host/relay.py guest_duel(): a Link inside MicroPython plays AI against a CPython console over an
# in-memory cable, joined after link_wire.py (the board B, its clock and wire, nonce()). Each
# step it hands its outgoing bytes to the host by address (host.call('wire', 'tx n rx')) and the
# host writes what the CPython console sent into its receive buffer, advancing the simulated
# clock. Garbage is collected only at module level between steps (docs/micropython-harness.md:
# the WASI build's GC cannot see wasm locals). At the end, R and the match's figures: count,
# seat, state, reason, scores, match id, digest, the heap after the Link was made and the peak.
import gc, uctypes, host
gc.disable()
from link.session import Link, ENDED
from ai.basic import BasicAI
# _VARIANT and _TARGET are constants (wasi.program() keeps const()): MicroPython's compiler
# writes their values into the code that reads them, with no global (its parser knows const()
# unimported); `most` is a global, under a name the firmware has interned already: a constant's
# new name would cost the heap figures 16 B
_VARIANT = const('burako')
_TARGET = const(0)
most = 60000        # moves the guest plays at most (then it reports once idle)


def exchange():
    w = B.link
    r = host.call('wire', '%d %d %d' % (uctypes.addressof(w.tx), w.txn, uctypes.addressof(w.rx)))
    w.txn = 0
    k, now = r.split()
    w.rxn = int(k)
    w.rxi = 0
    B.clock.now = int(now)


PEAK = [0, 0]


def run():
    L = Link(B, _VARIANT, _TARGET, nonce=nonce)
    PEAK[0] = gc.mem_alloc()
    ai = BasicAI()
    moves = 0
    while True:
        exchange()
        L.poll(B.clock.now)
        while L.next_event():
            pass
        if L.my_turn() and moves < most:
            err = L.send_move(ai.choose(L.game))
            if err:
                raise ValueError('refused %d' % err)
        if L.count >= most or (L.state == ENDED and L.idle()):
            if L.idle():
                print('R', L.count, L.seat, L.state, L.reason, ' '.join([str(x) for x in L.game.scores]),
                      ''.join(['%02x' % x for x in L.match_id]), ''.join(['%02x' % x for x in L.digest]),
                      PEAK[0], PEAK[1])
                return
        a = gc.mem_alloc()
        if a > PEAK[1]:
            PEAK[1] = a
        yield


S = run()
for _ in S:
    gc.collect()
