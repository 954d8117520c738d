# The console's last resort (App.frame): a step raised what no code foresaw (a bug, a message
# from the other console nobody thought of). Instead of a dead loop the player sees what
# happened and how to go on; nothing is saved over what the flash holds, so the save is the
# last good one. A starts the console again (a reset on the device; the App made anew on the
# desktop), back on the title with Continue and the cable's match as they were saved. Its
# words are its own (three short lines a language, each within the glass's 30 columns), so it
# needs nothing that may be the part that failed.
from hal import keys
from ui.screen import Screen
from ui.gfx import FELT_DARK, WHITE, GREY, ERR

WORDS = {
    "es": ("Algo falló en la consola", "La partida guardada no cambió", "A: volver a empezar"),
    "it": ("Qualcosa non va", "La partita salvata è intatta", "A: ricomincia"),
    "en": ("Something went wrong", "The saved match is as it was", "A: start again"),
}


class Fault(Screen):
    name = "fault"

    def __init__(self, app, error):
        super().__init__(app)
        try:
            self.what = type(error).__name__ + ": " + str(error)
        except Exception:
            self.what = "?"

    def key(self, key):
        if key & (keys.A | keys.PRESS):
            self.app.restart()

    def draw(self, dirty):
        from ui import lang
        words = WORDS.get(lang.code(), WORDS["en"])
        painter = self.app.painter
        painter.fill(0, 0, painter.w, painter.h, FELT_DARK)
        y = painter.h // 2 - 48
        painter.text(0, y, painter.w, words[0], ERR, FELT_DARK, 1)
        # what was raised, as it names itself: two lines of the glass, the rest cut
        columns = painter.w // 8
        painter.text(0, y + 18, painter.w, self.what[:columns], GREY, FELT_DARK, 1)
        painter.text(0, y + 30, painter.w, self.what[columns:2 * columns], GREY, FELT_DARK, 1)
        painter.text(0, y + 52, painter.w, words[1], WHITE, FELT_DARK, 1)
        painter.text(0, y + 70, painter.w, words[2], WHITE, FELT_DARK, 1)
