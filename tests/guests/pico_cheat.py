# tests/test_uf2.py: the cheating console of issue 33 on a virtual Pico running the UF2 (mpremote exec):
# the App in a linked match with hidden hands (its AI plays its seat), whose hidden side lies once,
# with its real keys, when its moment comes. ATTACK "open": on its turn, an OPEN of the stock's top
# three tiles for the other console, then it plays on (draws one of them). "deck": the deck copy:
# as B, its own rack's positions take the other's before the deck goes back; as A, an element of its
# pass sent twice (the same tile twice: the copy A can make). "draw": the other's draw opened to a
# tile of its own rack, with that tile's real proof. It prints "CHEAT <seat> <what it did>" when
# it lies and "ATK END" once its link has ended.
ATTACK = 'open'

from ui.app import App
from link import hidden
from hal import board as _hb
class Done(BaseException):      # (not an Exception: App.frame keeps the console alive through those)
    pass
S = {'done': False}
def lie(app):
    lk = app.cable.link
    H = lk.hidden
    if S['done'] or H is None or H.h is None:
        return
    h = H.h
    g = lk.game
    if ATTACK == 'open':
        if g is not None and H.stage == 0 and lk.count >= 4 and g.turn == lk.seat and not H.want and not H.todo:
            top = [H.base + len(g.stock) - 1 - i for i in range(3)]
            lk.send(h.give(top))
            S['done'] = True
            print('CHEAT', lk.seat, 'open', lk.count)
    elif ATTACK == 'deck':
        if lk.seat == 1 and h.ready() and H.decked == 0:
            k = H.k
            for i in range(k):
                h.deck[32 * (k + i):32 * (k + i + 1)] = h.deck[32 * i:32 * (i + 1)]
            S['done'] = True
            print('CHEAT', lk.seat, 'deck')
        elif lk.seat == 0 and h.sent == 10:
            send = H.send
            def again(p):
                if p[0] == hidden.SHUF and p[1] == 10:
                    # element 9's encryption again in element 10's place: one tile twice
                    p = bytes((hidden.SHUF, 10, 1)) + hidden.power(hidden.element(h.perm[9]), h.e).to_bytes(32, 'little')
                send(p)
            H.send = again
            S['done'] = True
            print('CHEAT', lk.seat, 'deck')
    elif ATTACK == 'draw':
        if g is not None and H.stage == 0 and lk.count >= 4 and not H.want and not H.todo:
            own = [j for j in range(h.n) if h.owner[j] == hidden.MINE][0]
            send = H.send
            def chosen(p):
                if p[0] == hidden.OPEN and not p[1]:
                    p = bytes((hidden.OPEN, 0, 1, p[3])) + h.prove(own)
                    print('CHEAT', lk.seat, 'draw', lk.count)
                send(p)
            H.send = chosen
            S['done'] = True
_step = App.step
def step(self, now):
    _step(self, now)
    if self.cable is None:
        return
    lk = self.cable.link
    lie(self)
    if lk.state == 4:       # session.ENDED
        raise Done()
App.step = step
app = App(_hb.build(), link=True, autoplay=True, ai_ms=0, target=1)
try:
    app.run()
except Done:
    pass
print('ATK END', app.cable.link.reason)
