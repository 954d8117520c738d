# tests/hostile.py: the honest victim inside MicroPython, joined after emulator/guests/link_wire.py
# (the board B, its clock and wire, the repeatable nonce()). Each step it hands its outgoing
# bytes and its state to the host (host.call('wire', ...)); the host steps the attacker and the
# scenario and writes the attacker's bytes into the receive buffer. Flags back: 1 the AI plays,
# 2 stop (report R, its log L and its save S, and end). Collected between steps only.
import binascii
import gc

import host
import uctypes
from ai.basic import BasicAI
from link import msg
from link.session import Link

gc.disable()
variant = 'burako'
hidden = False      # hidden hands (link/hide.py): the victim's view adds their state
saved = ''          # a save to resume from, hex ('' for a new match)
SAVED = binascii.unhexlify(saved)
PEAK = [0, 0]     # the highest heap in use before a collection; the last step's


def hx(b):
    return binascii.hexlify(b).decode() if b else '-'


def exchange(L, saves):
    w = B.link
    g = L.game
    h = L.hidden
    r = host.call('wire', '%d %d %d %d %d %d %d %d %d %d %d %s %d %d %d %d %d' % (
        uctypes.addressof(w.tx), w.txn, uctypes.addressof(w.rx), L.count, L.state, L.reason,
        1 if L.by_peer else 0, L.seat, -1 if g is None else g.turn, 1 if L.idle() else 0,
        saves, hx(L.digest), gc.mem_alloc(), PEAK[1], -1 if h is None else h.why,
        -1 if h is None else h.stage, -1 if h is None else h.want))
    w.txn = 0
    k, now, f = r.split()
    w.rxn = int(k)
    w.rxi = 0
    B.clock.now = int(now)
    return int(f)


def run():
    L = Link(B, variant, 0, saved=SAVED or None, nonce=nonce, hidden=hidden)
    if L.hidden is not None:
        L.hidden.keep = True            # (its steps wait for the save, as the UI's)
    ai = BasicAI()
    saves = 0
    save = None
    while True:
        f = exchange(L, saves)
        if f & 2:
            g = L.game
            print('R', L.count, L.state, L.reason, 1 if L.by_peer else 0, L.seat,
                  '-' if g is None else hx(msg.digest(L.position(g))), PEAK[0], saves, hx(L.match_id))
            print('L', hx(L.log))
            print('S', hx(save))
            return
        L.poll(B.clock.now)
        while L.next_event():
            pass
        if f & 1 and L.my_turn():
            err = L.send_move(ai.choose(L.game))
            if err:
                raise ValueError('refused %d' % err)
        g = L.game
        if L.dirty and g is not None and (g.turn != L.seat or g.phase >= 4 or L.hidden is not None) \
                and L.safe_to_write():
            save = None
            gc.collect()
            save = L.saved()
            saves += 1
        a = gc.mem_alloc()
        PEAK[1] = a
        if a > PEAK[0]:
            PEAK[0] = a
        yield


S_ = run()
for _ in S_:
    gc.collect()
