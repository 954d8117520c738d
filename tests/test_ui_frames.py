"""What a frame of the table takes from the heap, inside real MicroPython (the WASI build):
benchmarks/ui_figures.py's fuel guest (tests/guests/ui_fuel.py), its cursor move and idle frame.

A frame keeps nothing (docs/memory.md "fixed buffers"). Within the frame, a call whose frame is
over 11 words takes that frame from the heap (MicroPython without a pystack) and gives it back on
return; the allocator's first-fit search for it walks every smaller hole first, so each such
call costs fuel that follows the heap's layout, which any other change moves (docs/ui.md
"Figures": on 1 Dec a cursor move took 349-454 k fuel over 17 layouts, 10 such frames). The
cursor's path keeps them to the painter's two a slot (Painter.slot, _tile); the idle frame has
none."""
import pytest

# Painter.slot (15 words: 20 + 60 bytes) and _tile (22: 20 + 88), for each of the two slots a
# cursor move redraws (micropython.mem_total() counts the bytes asked for)
CURSOR_MOVE_CHURN = 2 * ((20 + 4 * 15) + (20 + 4 * 22))
# App.frame (the device loop's call: step() in a try, which makes its frame 15 words)
APP_FRAME_CHURN = 20 + 4 * 15


@pytest.mark.micropython
def test_a_cursor_move_keeps_nothing_and_takes_only_the_painters_frames(tmp_path):
    from emulator import runner
    from emulator.runtimes import wasi
    import ui_figures       # benchmarks/: on sys.path by pyproject's pythonpath

    res = wasi.Guest(heap=runner.HEAP, flash=str(tmp_path)).run(ui_figures.fuel_program(5))
    f = ui_figures.fuel_figures(res)
    assert f["cursor_move_heap_bytes"] == 0 and f["idle_frame_heap_bytes"] == 0
    assert f["idle_frame_heap_churn_bytes"] == 0
    assert 0 < f["cursor_move_heap_churn_bytes"] <= CURSOR_MOVE_CHURN
    # the same idle frame through App.frame: nothing kept, nothing taken but its own frame
    assert f["idle_frame_loop_heap_bytes"] == 0
    assert f["idle_frame_loop_heap_churn_bytes"] <= APP_FRAME_CHURN
