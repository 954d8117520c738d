"""Step through a match transcript on the emulated handheld (`burako emu --replay FILE`).

The table is drawn by the firmware's own screens (burako/table.py and the
end-of-hand and end-of-match screens of burako/ends.py): the viewer builds the position after
the first n moves (engine/transcript.py: read() parses, the moves are played
from the deal again) and shows it from the seat to move, or from a fixed seat.

Keys: A, RIGHT or the joystick press: the next move; LEFT or B: one move back
(the match is replayed from the start to n-1); UP: the start, DOWN: the end.
No seat is played by an AI and nothing is saved.
"""
from __future__ import annotations

from engine import notation
from engine import transcript
from hal import keys

# the viewer's own keys on the hint rows, where the table would say whose turn it is
HINTS = {
    "es": ("A/Der: siguiente  Izq/B: atrás", "Arriba: inicio  Abajo: final"),
    "it": ("A/Des: avanti  Sin/B: indietro", "Su: inizio  Giù: fine"),
    "en": ("A/Right: next  Left/B: back", "Up: start  Down: end"),
}


def load(text):
    """(head, moves) of a transcript's text, or a one-line error string. Every
    move is checked by replaying the whole match once."""
    lines = text.splitlines()
    g, err = transcript.replay(lines)
    if err:
        return err
    head, moves, err = transcript.read(lines)
    return head, moves


class Replayer:
    def __init__(self, board, head, moves, seat=None, lang="es"):
        from ui.app import App

        self.head = head
        self.moves = moves
        self.seat = seat
        self.n = 0
        self.app = App(board, lang=lang)
        self.goto(0)

    def game_at(self, n):
        g = transcript.new_game(self.head)
        for _, _, mv in self.moves[:n]:
            g.play(mv)
        return g

    def goto(self, n):
        """Show the position after the first n moves."""
        from burako.play import Play
        from ui import screen as regions

        app = self.app
        n = max(0, min(n, len(self.moves)))
        self.n = n
        g = self.game_at(n)
        # nobody's keys play and no AI moves (level 0): the table only shows
        viewer = g.turn if self.seat is None else min(self.seat, g.n - 1)
        play = Play(app, g, (1 << g.n) - 1, 0, viewer)
        play.enter_turn()
        table = play.table
        if self.seat is not None:
            play.viewer = min(self.seat, g.n - 1)
            table.reset()
        if n:
            _, player, mv = self.moves[n - 1]
            table.message = "%d/%d %s" % (n, len(self.moves), play.move_text(player, mv))
        else:
            table.message = "0/%d" % len(self.moves)
        if app.screen is not table:
            table.message = ""
        app.dirty = regions.ALL

    def key(self, k):
        if k & (keys.A | keys.RIGHT | keys.PRESS):
            self.goto(self.n + 1)
        elif k & (keys.LEFT | keys.B):
            self.goto(self.n - 1)
        elif k & keys.UP:
            self.goto(0)
        elif k & keys.DOWN:
            self.goto(len(self.moves))

    def frame(self, k):
        if k:
            self.key(k)
        app = self.app
        if app.dirty:
            app.screen.draw(app.dirty)
            app.dirty = 0
            self.draw_hint()

    def draw_hint(self):
        from ui import gfx
        from ui import lang as ui_lang

        if self.app.screen.name != "game":
            return
        a, b = HINTS.get(ui_lang.code(), HINTS["en"])
        p = self.app.painter
        y = p.lay.Y_HINT      # the glass's hint lines (ui/gfx.py Layout)
        p.text(0, y, p.w, a, gfx.CURSOR, gfx.BAR)
        p.text(0, y + 10, p.w, b, gfx.DIM, gfx.BAR)

    def state(self):
        from ui.state import snapshot

        s = snapshot(self.app)
        s["replay_move"] = self.n
        s["replay_moves"] = len(self.moves)
        s["replay_text"] = notation.move_text(self.moves[self.n - 1][2]) if self.n else ""
        return s
