"""The console's last resort (issue 33, "No frame stops a console"): whatever a step raises, App.frame
(the device loop's and the emulator window's) shows what happened and how to go on, the save as the
flash holds it; A starts the console again, back on the title with the saved match to continue."""
import sys

from emulator import runner
from emulator.board import parse_keys
from burako import save
from burako.table import Table
from hal import keys
from uikit import texts_drawn


def _table(tmp_path):
    board, app = runner.run_cpython({"seed": 5, "ai_ms": 0}, str(tmp_path),
                                    runner.Feeder(parse_keys("A,UP,A,A"), frames=400))
    return board, app


def test_a_step_that_raises_shows_the_fault_screen_and_keeps_the_save(tmp_path, monkeypatch):
    board, app = _table(tmp_path)
    assert app.screen.name == "game"
    saved = open(board.storage.path(save.NAME), "rb").read()

    def broken(table, k):
        raise ValueError("not a face-down tile")
    monkeypatch.setattr(Table, "key", broken)
    with texts_drawn(app) as texts:
        board.buttons.press(keys.B)
        app.frame(board.clock.ticks_ms())           # the step raises: the console lives on
        assert app.screen.name == "fault" and app.cable is None
        board.clock.now += 33
        app.frame(board.clock.ticks_ms())           # (drawn)
    assert "".join(texts[1:3]) == "ValueError: not a face-down tile"
    assert open(board.storage.path(save.NAME), "rb").read() == saved     # nothing written
    monkeypatch.undo()
    # the desktop's restart (no machine module; one left in sys.modules by another test of
    # this process would stand for the device's reset, which the App cannot follow here)
    monkeypatch.setitem(sys.modules, "machine", None)
    board.buttons.press(keys.A)
    board.clock.now += 33
    app.frame(board.clock.ticks_ms())               # A: started again, on the title
    assert app.screen.name == "title" and app.screen.has_save
    board.buttons.press(keys.A)                     # Continue: the match as it was saved
    for _ in range(3):
        board.clock.now += 33
        app.frame(board.clock.ticks_ms())
    assert app.screen.name != "fault" and app.screen.play.game is not None


def test_step_still_raises_for_scripts_and_tests(tmp_path, monkeypatch):
    board, app = _table(tmp_path)

    def broken(table, k):
        raise ValueError("a bug")
    monkeypatch.setattr(Table, "key", broken)
    board.buttons.press(keys.B)
    try:
        app.step(board.clock.ticks_ms())
    except ValueError:
        return
    raise AssertionError("App.step swallowed the exception")
