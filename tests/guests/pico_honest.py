# tests/test_uf2.py: the honest console against tests/guests/pico_cheat.py on a virtual Pico running the
# UF2 (mpremote exec): the App in a linked match with hidden hands, its AI playing its seat, until its
# link ends (the cheat named) or MAX moves; then, the link's end screen up, what it ended with:
# "VICTIM <reason> <hidden why> <by_peer> <moves> <sha256 of link.sav now> <sha256 of link.sav as its
# last save wrote it> END" (a save written after the cheat would make the two differ).
MAX = 400

import hashlib
from ui.app import App
from hal import board as _hb
class Done(BaseException):      # (not an Exception: App.frame keeps the console alive through those)
    pass
def sav():
    try:
        with open(board.storage.path('link.sav'), 'rb') as f:
            return hashlib.sha256(f.read()).digest().hex()
    except OSError:
        return '-'
S = {'saves': 0, 'sav': '-'}
_step = App.step
def step(self, now):
    _step(self, now)
    cable = self.cable
    if cable is None:
        return
    if cable.saves != S['saves']:   # link.sav written (ui/cable.py persist)
        S['saves'] = cable.saves
        S['sav'] = sav()
    lk = cable.link
    if lk.state == 4 or lk.count >= MAX:       # session.ENDED
        raise Done()
App.step = step
board = _hb.build()
app = App(board, link=True, autoplay=True, ai_ms=0, target=1)
try:
    app.run()
except Done:
    pass
lk = app.cable.link
print('VICTIM', lk.reason, -1 if lk.hidden is None else lk.hidden.why, 1 if lk.by_peer else 0, lk.count,
      sav(), S['sav'], 'END')
