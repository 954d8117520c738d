# The emulator's App and its frames (emulator/runner.py run_micropython): the last part of its
# guest, after emu_app.py (and emu_cable.py). Automatic GC is off (emu_display.py); the frames run in a
# generator held by a global; garbage is collected only at module level between frames
# (host/sim.py explains why the WASI build needs this), so one frame's allocations must fit in
# what is free. PEAK: the most allocated before a collection; the last line is S and the
# state as JSON (ui/state.py snapshot()).
gc.collect()
APP = {}    # the App's keywords (emulator/runner.py app_kwargs()); then the App itself
APP = App(B, **APP)
def frames():
    io = IO
    app = APP
    btn = B.buttons
    clk = B.clock
    while True:
        io[6] = app.waiting()
        io[7] = app.over()
        host.call('frame', '')
        if io[0] < 0:
            return
        btn.ev = io[0]
        clk.now = io[1]
        app.step(io[1])
        yield
FRAMES = frames()
PEAK = 0
gc.collect()
BASE = gc.mem_alloc()
for _ in FRAMES:
    a = gc.mem_alloc()
    if a > PEAK:
        PEAK = a
    gc.collect()
FRAMES = None
APP.painter = None        # the drawing buffers and the AIs are done with: room for the snapshot
PLAY = getattr(APP.screen, 'play', None) or APP.cable and APP.cable.play
if PLAY:
    PLAY.ais = None
PLAY = None
gc.collect()
import json
from ui.state import snapshot
S = snapshot(APP)
S['peak_heap_bytes'] = PEAK
S['heap_after_boot'] = BASE
print('S' + json.dumps(S))
