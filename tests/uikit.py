"""Shared by the UI tests: the console's heap under the WASI harness; what a full redraw
paints, to hold partial redraws to; a seed whose first hand lets J1 lay a meld; a headless run
by keys and its Burako table."""
import contextlib

from emulator.display import Display
from ui import screen as regions
from ai.basic import find_meld
from engine import game
from engine import rules

SENTINEL = 0xF81F      # magenta: a pixel a full redraw leaves unpainted shows up
# a whole console under the WASI harness (its bytecode in RAM, as on the stock path), a hard
# limit: issue 34's, set from the UF2's and the stock Pico's figures (docs/memory.md)
HEAP = 196608


def full_redraw(app):
    """The pixels a full redraw of the app's present state paints on a blank
    panel the size of the app's own."""
    shown = app.painter.d
    fresh = Display(shown.width, shown.height)
    fresh.fill_rect(0, 0, shown.width, shown.height, SENTINEL)
    app.painter.d = fresh
    screen = app.screen
    # the Burako table remembers the cursor it drew last (its partial redraw's state)
    old = getattr(screen, "old_cursor", None)
    try:
        screen.draw(regions.ALL)
    finally:
        app.painter.d = shown
        if old is not None:
            screen.old_cursor = old
    return bytes(fresh.pixels)


def feed(board, app, clock, keys, check):
    """Press keys (key bits) one per frame in which the app waits for its
    player (AI turns run between), then idle three such frames; after every
    frame (33 ms of the clock) check(todo) sees the keys still to press."""
    todo = list(keys)
    idle = 0
    frames = 0
    while idle < 3 and frames < 2000:
        frames += 1
        if app.waiting():
            if todo:
                board.buttons.press(todo.pop(0))
            else:
                idle += 1
        app.step(clock.ticks_ms())
        clock.now += 33
        check(todo)
    return app


def meld_seed():
    """A seed where J1, after the first draw, holds a meld of naturals: (seed, rack, tiles)."""
    for seed in range(1, 200):
        g = game.Game(rules.BURAKO, 2, seed)
        g.play((game.DRAW, 0, b"", 0))
        ts = find_meld(g.racks[0], True)
        if ts and g.check((game.MELD, 0, ts, 0)) == 0:
            return seed, bytes(g.racks[0]), ts
    raise AssertionError("no seed with a meld")


def run(tmp, keys, **opts):
    """`burako emu --headless` by keys (seed 3, the AI at once unless opts say): (board, app)."""
    from emulator import runner
    from emulator.board import parse_keys

    o = {"seed": 3, "ai_ms": 0}
    o.update(opts)
    return runner.run_cpython(o, str(tmp), runner.Feeder(parse_keys(keys), frames=3000))


def table(app):
    """The console's Burako table (burako/game.py table()): the view of the match."""
    return app.kept["burako"]


@contextlib.contextmanager
def texts_drawn(app, keep=lambda x, y, w, s: s):
    """The texts the app's painter draws inside the with: keep(x, y, w, text) of each (None: left
    out), the painter's own text() drawing them as ever."""
    seen = []
    text = app.painter.text

    def spy(x, y, w, s, *a):
        got = keep(x, y, w, s)
        if got is not None:
            seen.append(got)
        return text(x, y, w, s, *a)
    app.painter.text = spy
    try:
        yield seen
    finally:
        app.painter.text = text
