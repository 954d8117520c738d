# Sent to a virtual Pico by emulator/runtimes/rp2040 play_sound() (mpremote exec): the board
# built as at power-on (hal.board.build, the panel left as it is), one of ui/sounds.py's sounds
# played on board.sound at VOLUME and ticked every FRAME_MS, as the App's frames would, until it
# is over. Prints the board, whether it has a speaker, the cost of play() and of the costliest
# tick() in microseconds (ticks_us on the board), and the frames it lasted; the tones themselves
# are the virtual Pico's to report (VPico.tones()).
SOUND = "TURN"
VOLUME = 2
FRAME_MS = 15

import time
from hal import board as board_mod
from ui import sounds
board = board_mod.build(init_display=False)
speaker = board.sound
speaker.set_volume(VOLUME)
started = time.ticks_us()
speaker.play(getattr(sounds, SOUND), time.ticks_ms())
play_us = time.ticks_diff(time.ticks_us(), started)
worst_us = 0
frames = 0
while speaker.playing():
    time.sleep_ms(FRAME_MS)
    started = time.ticks_us()
    speaker.tick(time.ticks_ms())
    took = time.ticks_diff(time.ticks_us(), started)
    if took > worst_us:
        worst_us = took
    frames += 1
print('SOUND', board.name, speaker.present, play_us, worst_us, frames, 'END')
