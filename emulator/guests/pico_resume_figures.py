# Sent to a virtual Pico running the console's UF2 by benchmarks/hidden_resume_figures.py
# (mpremote exec): the App in a linked match with hidden hands (ui/cable.py, autoplay) against
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
from hal import board as hal_board
from ui.app import App
from ui import cable as ui_cable
from link import session
from link import msg


class Done(BaseException):      # (not an Exception: App.frame keeps the console alive through those)
    pass


cable_write_saved = ui_cable.write_saved
kept = {}
second_hand = [None]


def write_saved(storage, link, name):
    t = time.ticks_us()
    cable_write_saved(storage, link, name)
    dt = time.ticks_diff(time.ticks_us(), t)
    total = os.stat(storage.path(name))[6]
    log = len(link.log)
    base = len(msg.SAVE_MAGIC) + 8 + len(link.match_id) + 1 + len(link.peer_fw) + 2 + len(link.digest)
    g = link.game
    hand = g.hand if g is not None else 0
    print('SV', link.count, hand, total, base, total - log - base - 2, log, dt)
    copy = None
    for i in range(len(KEEP)):
        if link.count >= KEEP[i] and str(KEEP[i]) not in kept:
            copy = str(KEEP[i])
            break
    if copy is None and g is not None and hand >= 2:
        if second_hand[0] is None:
            second_hand[0] = link.count
        elif link.count - second_hand[0] >= MID and 'h2' not in kept and hand >= 2:
            copy = 'h2'
    if copy is not None:
        f = 'rf%s.sav' % copy
        with open(storage.path(name), 'rb') as src:
            b = src.read()
        with open(storage.path(f), 'wb') as dst:
            dst.write(b)
        kept[copy] = f
        b = None
    h = link.hidden
    if CUT == 'check' and h is not None and h.stage == 2 or CUT[:1] == 'm' and link.count >= int(CUT[1:]):
        print('CUT', link.count, h.stage if h is not None else -1)
        raise Done()


ui_cable.write_saved = write_saved
session_link = session.Link


def Link(*a, **k):
    t = time.ticks_us()
    L = session_link(*a, **k)
    dt = time.ticks_diff(time.ticks_us(), t)
    s = k.get('saved')
    if s is not None:
        print('RB boot', L.count, L.game.hand if L.game is not None else 0, len(s), dt)
    return L


session.Link = Link
app_step = App.step


def step(self, now):
    app_step(self, now)
    lk = self.cable.link if self.cable is not None else None
    if lk is not None and lk.game is not None and self.over():
        raise Done()
    if lk is not None and lk.state == session.ENDED and lk.reason != session.R_MATCH_OVER:
        h = lk.hidden
        print('ENDED', lk.count, lk.reason, lk.by_peer, h.why if h is not None else -1)
        raise Done()    # (the link ended otherwise: the match cannot end)


App.step = step
app = App(hal_board.build(), link=True, autoplay=True, ai_ms=0, target=TARGET, hidden=True)
try:
    app.run()
except Done:
    pass
session.Link = session_link
st = app.board.storage
if not CUT:
    lk = app.cable.link
    scores = app.cable.play.game.scores
    print('LINK', lk.seat, lk.count, lk.reason, scores[0], scores[1])
    for f in sorted(os.listdir(st.root)):
        if not (f.startswith('rf') and f.endswith('.sav')):
            continue
        name = f[2:-4]
        with open(st.path(f), 'rb') as src:
            b = src.read()
        gc.collect()
        t = time.ticks_us()
        L = session_link(app.board, 'burako', TARGET, saved=b)
        dt = time.ticks_diff(time.ticks_us(), t)
        print('RB', name, L.count, L.game.hand if L.game is not None else 0, len(b), dt)
        L = None
        b = None
        os.remove(st.path(f))
        gc.collect()
print('END')
