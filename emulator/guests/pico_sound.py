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
from hal import board as _hb
from ui import sounds
_b = _hb.build(init_display=False)
_s = _b.sound
_s.set_volume(VOLUME)
_t = time.ticks_us()
_s.play(getattr(sounds, SOUND), time.ticks_ms())
_play = time.ticks_diff(time.ticks_us(), _t)
_worst = 0
_frames = 0
while _s.playing():
    time.sleep_ms(FRAME_MS)
    _t = time.ticks_us()
    _s.tick(time.ticks_ms())
    _d = time.ticks_diff(time.ticks_us(), _t)
    if _d > _worst:
        _worst = _d
    _frames += 1
print('SOUND', _b.name, _s.present, _play, _worst, _frames, 'END')
