# Sent to a virtual Pico by benchmarks/rp2040_figures.py (mpremote exec): a sound's cost in the
# App's frame. The board built as at power-on (hal.board.build, the panel left as it is), the App
# on its title (drawn once, untimed); then FRAMES idle frames (App.step, ticks_us on the board,
# 15 ms apart as the device loop runs them), the game's helper playing SOUND (ui/sounds.py cue,
# what a move's moment calls), and the frames that tick it to its end. A collection before each
# timed frame, so none of them pays for one. Prints the board, the idle frames' median and
# largest, the cue's time, the sounding frames' median and largest, and how many they were.
SOUND = "CANASTA"
FRAMES = 40
FRAME_MS = 15

import gc
import time
from hal import board as board_mod
from ui import sounds
from ui.app import App

board = board_mod.build(init_display=False)
app = App(board)
app.step(time.ticks_ms())       # the title drawn


def frame():
    gc.collect()
    time.sleep_ms(FRAME_MS)
    started = time.ticks_us()
    app.step(time.ticks_ms())
    return time.ticks_diff(time.ticks_us(), started)


idle = sorted([frame() for _ in range(FRAMES)])
gc.collect()
app.now = time.ticks_ms()
started = time.ticks_us()
sounds.cue(app, getattr(sounds, SOUND))
cue_us = time.ticks_diff(time.ticks_us(), started)
sounding = []
while board.sound.playing():
    sounding.append(frame())
sounding.sort()
print('FRAME', board.name, idle[len(idle) // 2], idle[-1], cue_us,
      sounding[len(sounding) // 2] if sounding else 0, sounding[-1] if sounding else 0, len(sounding), 'END')
