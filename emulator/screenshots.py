"""Make docs/screenshots/*.png with the headless emulator (CPython, virtual time).

    python -m emulator.screenshots [OUT_DIR] [--scale 2]

game.png     mid-hand: J1 (human) against J2 (AI), melds on the table, tiles selected
handoff.png  pass-and-play: the screen that hides the rack between two humans
handend.png  end of a hand: the R7 breakdown of both sides
"""
import os
import sys
import tempfile

from emulator.paths import ROOT

from emulator import runner
from emulator.board import EmuBoard, ScriptButtons, VirtualClock, parse_keys, write_png


def _app(storage, **kw):
    from ui.app import App

    clock = VirtualClock()
    board = EmuBoard(storage, buttons=ScriptButtons(), clock=clock)
    return board, App(board, **kw), clock


def _frame(board, app, clock, keys=0):
    if keys:
        board.buttons.press(keys)
    app.step(clock.ticks_ms())
    clock.now += 33


def game_shot(storage, seed=7):
    """Autoplay a while, then hand seat 0 to a human and select a few tiles."""
    from engine import game
    from hal import keys as hal_keys
    from ui import screen as regions

    board, app, clock = _app(storage, seed=seed, autoplay=True, ai_ms=0)
    play = app.screen.play
    g = play.game
    # until J1 is to move with a few melds down and a full rack still in hand
    while not (g.turn == 0 and g.phase == game.P_DRAW and len(g.melds[0]) >= 2
               and len(g.melds[1]) >= 1 and len(g.racks[0]) >= 10 and g.pile):
        _frame(board, app, clock)
        play = app.screen.play
        g = play.game
    app.autoplay = False
    play.ai_seats = 2
    play.ais[0] = None
    play.viewer = 0
    table = play.table
    table.reset()
    table.message = ""
    app.dirty = regions.ALL
    _frame(board, app, clock)
    table.sort = 1
    _frame(board, app, clock, hal_keys.A)          # draw from the stock
    table.message = ""
    for k in (hal_keys.RIGHT, hal_keys.RIGHT, hal_keys.A, hal_keys.RIGHT, hal_keys.A, hal_keys.RIGHT, hal_keys.RIGHT, hal_keys.RIGHT):
        _frame(board, app, clock, k)
    return board.display


def handoff_shot(storage):
    keys = parse_keys("A,DOWN,DOWN,DOWN,A,DOWN,DOWN,DOWN,A,A,B,B")
    board, app = runner.run_cpython({"seed": 4, "ai_ms": 0}, storage, runner.Feeder(keys))
    return board.display


def handend_shot(storage, seed=7):
    board, app, clock = _app(storage, seed=seed, autoplay=True, ai_ms=1000)
    while app.screen.name != "handend":
        app.screen.play.next_ai = clock.ticks_ms()
        _frame(board, app, clock)
    return board.display


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    scale = 2
    if "--scale" in argv:
        i = argv.index("--scale")
        scale = int(argv[i + 1])
        del argv[i:i + 2]
    out = argv[0] if argv else os.path.join(ROOT, "docs", "screenshots")
    os.makedirs(out, exist_ok=True)
    for name, fn in (("game", game_shot), ("handoff", handoff_shot), ("handend", handend_shot)):
        with tempfile.TemporaryDirectory(prefix="burako-shot-") as d:
            write_png(os.path.join(out, name + ".png"), fn(d), scale)
        print(os.path.join(out, name + ".png"))


if __name__ == "__main__":
    main()
