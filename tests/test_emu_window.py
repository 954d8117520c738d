"""The pygame window path of `burako emu` (SDL dummy video driver): frames run, keys reach the app."""
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from host import emu  # noqa: E402


@pytest.mark.parametrize("runtime", ["cpython", pytest.param("micropython", marks=pytest.mark.micropython)])
def test_window_runs_and_quits(runtime, tmp_path, monkeypatch):
    import emulator.window as W

    seen = {"frames": 0, "shown": 0}
    orig_pump = W.Window.pump
    orig_show = W.Window.show

    def pump(self):
        seen["frames"] += 1
        orig_pump(self)
        if seen["frames"] >= 60:
            self.quit = True
        return 0x20 if 10 <= seen["frames"] < 14 else 0     # hold A: title -> new game

    def show(self, display):
        seen["shown"] += 1
        seen["pixel"] = display.pixel(120, 8)
        orig_show(self, display)

    monkeypatch.setattr(W.Window, "pump", pump)
    monkeypatch.setattr(W.Window, "show", show)
    monkeypatch.setattr(W, "frame_wait", lambda last, ms=16: last)
    args = emu.configure(__import__("argparse").ArgumentParser()).parse_args(
        ["--storage", str(tmp_path), "--runtime", runtime, "--scale", "2"])
    assert emu.run(args) == 0
    assert seen["frames"] == 60 and seen["shown"] > 0
