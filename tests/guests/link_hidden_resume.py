# tests/test_link_hidden_resume_mp.py: a Link with hidden hands inside MicroPython plays AI against
# a CPython console (joined after emulator/guests/link_wire.py: the board B, its clock and wire,
# nonce()) and is switched off and on in the middle: the UI's save (Link.saved(), with
# link.hidden.keep so our steps wait for it) taken whenever link/ says it is safe to write, as
# ui/cable.py persist() does; at each moment of CUTS the Link, its game and whatever was on the
# wire are lost, the console stays dark for OFF_MS of the host's clock (bytes that arrive then are
# lost), and a new Link is built from the save inside MicroPython (Link(B, ..., saved=blob)), the
# match then played to its end. Garbage is collected only at module level between steps
# (docs/micropython-harness.md). It prints "CUT" and "UP" at each cut and restore, "R ..." with
# the match's end, "LOG <hex>" and "HIST <history>".
# CUTS: "m<N>": the first save at N moves or more with the hand in play; "check": in the
# hand-end check, after some of its positions are checked; "deal<H>": mid-shuffle of hand H
# (default 1).
import gc, uctypes, host
gc.disable()
from link.session import Link, ENDED
from ai.basic import BasicAI

VARIANT = 'burako'
TARGET = 300
CUTS = ['m40']
OFF_MS = 3000


def exchange(off=False):
    w = B.link
    r = host.call('wire', '%d %d %d' % (uctypes.addressof(w.tx), w.txn, uctypes.addressof(w.rx)))
    w.txn = 0
    k, now = r.split()
    w.rxn = 0 if off else int(k)    # (a console switched off reads nothing)
    w.rxi = 0
    B.clock.now = int(now)


def due(L, what):
    h = L.hidden
    g = L.game
    if g is None or h is None:
        return False
    if what[0] == 'm':
        return L.count >= int(what[1:]) and h.stage == 0 and g.phase < 4
    if what == 'check':
        return h.stage == 2 and h.h is not None and h.h.tiles is not None and h.h.checked > 20
    return what[:4] == 'deal' and g.hand >= int(what[4:] or 1) and h.stage == 1 and h.h is not None \
        and 20 < h.h.got < 90


STATE = {'head': None, 'log': None, 'count': -1, 'cuts': list(CUTS), 'over': False}


def play(L):
    # until the next cut (it returns: the console loses its power) or the match's end
    if L is None:
        L = Link(B, VARIANT, TARGET, nonce=nonce, hidden=True)
        L.hidden.keep = True
    ai = BasicAI()
    cuts = STATE['cuts']
    while True:
        exchange()
        L.poll(B.clock.now)
        while L.next_event():
            pass
        if L.my_turn():
            err = L.send_move(ai.choose(L.game))
            if err:
                raise ValueError('refused %d' % err)
        if L.dirty and L.match_id is not None and L.safe_to_write():
            # the save as ui/cable.py write_saved() writes it: the head (3.7 KB with the
            # deck), then the log as it lies; the old save's bytes dropped and collected first
            STATE['head'] = STATE['log'] = None
            yield
            STATE['head'] = L.save_head()
            STATE['log'] = bytes(L.log)
            STATE['count'] = L.count
        if cuts and STATE['head'] is not None and due(L, cuts[0]):
            print('CUT', cuts.pop(0), L.count, STATE['count'], L.game.hand, L.hidden.stage,
                  len(STATE['head']) + len(STATE['log']))
            B.link.txn = 0              # what it had not yet put on the wire is lost too
            return
        if L.state == ENDED and L.idle():
            g = L.game
            print('R', L.count, L.seat, L.state, L.reason, g.scores[0], g.scores[1],
                  ''.join(['%02x' % x for x in L.match_id]), ''.join(['%02x' % x for x in L.digest]),
                  L.hidden.why, len(cuts))
            log = L.log
            for i in range(0, len(log), 48):    # (in pieces: one string of a whole log is 3 KB)
                print('LOG', ''.join(['%02x' % x for x in log[i:i + 48]]))
            print('HIST', g.history)
            STATE['over'] = True
            return
        yield


def dark():
    t = B.clock.now
    while B.clock.now - t < OFF_MS:
        exchange(True)
        yield


# each part runs in a generator of its own, dropped before the next: a generator's frame keeps
# stale references in its stack slots, which would keep a switched-off Link and its game alive
L = None
PEAK = [0]
while True:
    S = play(L)
    L = None
    for _ in S:
        a = gc.mem_alloc()
        if a > PEAK[0]:
            PEAK[0] = a
        gc.collect()
    S = None
    gc.collect()
    if STATE['over']:
        break
    S = dark()
    for _ in S:
        gc.collect()
    S = None
    gc.collect()
    blob = STATE['head'] + STATE['log']     # link.sav read back at power-on
    a = gc.mem_alloc()
    L = Link(B, VARIANT, TARGET, saved=blob, nonce=nonce)
    blob = None
    L.hidden.keep = True        # (ui/cable.py Cable.open(), as at power-on)
    print('UP', L.count, L.game.hand, L.hidden.stage, L.restored, a, gc.mem_alloc())
print('PEAK', PEAK[0])
