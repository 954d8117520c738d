# Sent to a virtual Pico running the console's UF2 by benchmarks/hidden_resume_figures.py
# (mpremote exec): the App in a linked match with hidden hands (ui/linkplay.py, autoplay) against
# a CPython console. RP2040 time (ticks_us) of each write of link.sav and the sizes of its parts:
# "SV count hand total head hidden log us" (head: everything before the hidden part's length,
# hidden: that part without its length, log: the move log). Copies of link.sav are kept at the
# first saves with KEEP[i] moves or more (those of this run: a board switched on again is sent
# the counts still to come), and at the first save MID moves into the match's second
# hand ("rf<i>.sav"); at the match's end each is rebuilt into a Link as a console does at power-on
# (session.Link(..., saved=...)): "RB name count hand bytes us". A Link the App itself rebuilds
# from link.sav (a board switched on again) says "RB boot count hand bytes us". CUT: "m<N>" after
# the first save at N moves or more, "check" after the first save in a hand-end check (the one
# that holds our KEY, which has not left yet), the board prints "CUT count stage" and stops
# playing (the host then cuts its power); "" never. "END" at the match's end (or after CUT, or
# after "ENDED count reason by_peer why": the link ended otherwise).
# The board gets the text without its comment lines.
TARGET = 1
KEEP = (30, 100)
MID = 30
CUT = ''

import gc
import os
import time
from hal import board as _hb
from ui.app import App
from ui import linkplay
from link import session
from link import msg


class Done(BaseException):      # (not an Exception: App.frame keeps the console alive through those)
    pass


_ws = linkplay.write_saved
_kept = {}
_h2 = [None]


def write_saved(storage, link):
    t = time.ticks_us()
    _ws(storage, link)
    dt = time.ticks_diff(time.ticks_us(), t)
    total = os.stat(storage.path(linkplay.NAME))[6]
    log = len(link.log)
    base = len(msg.SAVE_MAGIC) + 8 + len(link.match_id) + 1 + len(link.peer_fw) + 2 + len(link.digest)
    g = link.game
    hand = g.hand if g is not None else 0
    print('SV', link.count, hand, total, base, total - log - base - 2, log, dt)
    name = None
    for i in range(len(KEEP)):
        if link.count >= KEEP[i] and str(KEEP[i]) not in _kept:
            name = str(KEEP[i])
            break
    if name is None and g is not None and hand >= 2:
        if _h2[0] is None:
            _h2[0] = link.count
        elif link.count - _h2[0] >= MID and 'h2' not in _kept and hand >= 2:
            name = 'h2'
    if name is not None:
        f = 'rf%s.sav' % name
        with open(storage.path(linkplay.NAME), 'rb') as src:
            b = src.read()
        with open(storage.path(f), 'wb') as dst:
            dst.write(b)
        _kept[name] = f
        b = None
    h = link.hidden
    if CUT == 'check' and h is not None and h.stage == 2 or CUT[:1] == 'm' and link.count >= int(CUT[1:]):
        print('CUT', link.count, h.stage if h is not None else -1)
        raise Done()


linkplay.write_saved = write_saved
_Link = session.Link


def Link(*a, **k):
    t = time.ticks_us()
    L = _Link(*a, **k)
    dt = time.ticks_diff(time.ticks_us(), t)
    s = k.get('saved')
    if s is not None:
        print('RB boot', L.count, L.game.hand if L.game is not None else 0, len(s), dt)
    return L


session.Link = Link
_step = App.step


def step(self, now):
    _step(self, now)
    lk = self.link
    if lk is not None and lk.game is not None and linkplay.over(self):
        raise Done()
    if lk is not None and lk.state == session.ENDED and lk.reason != session.R_MATCH_OVER:
        h = lk.hidden
        print('ENDED', lk.count, lk.reason, lk.by_peer, h.why if h is not None else -1)
        raise Done()    # (the link ended otherwise: the match cannot end)


App.step = step
app = App(_hb.build(), link=True, autoplay=True, ai_ms=0, target=TARGET, hidden=True)
try:
    app.run()
except Done:
    pass
session.Link = _Link
st = app.board.storage
if not CUT:
    lk = app.link
    print('LINK', lk.seat, lk.count, lk.reason, app.match.game.scores[0], app.match.game.scores[1])
    for f in sorted(os.listdir(st.root)):
        if not (f.startswith('rf') and f.endswith('.sav')):
            continue
        name = f[2:-4]
        with open(st.path(f), 'rb') as src:
            b = src.read()
        gc.collect()
        t = time.ticks_us()
        L = _Link(app.board, 'burako', TARGET, saved=b)
        dt = time.ticks_diff(time.ticks_us(), t)
        print('RB', name, L.count, L.game.hand if L.game is not None else 0, len(b), dt)
        L = None
        b = None
        os.remove(st.path(f))
        gc.collect()
print('END')
