# The emulator's display bridge (emulator/runner.py run_micropython): the first part of its
# guest, before emu_board.py. Each draw call stores its arguments in IO (the pixels by address)
# and calls the host, which reads them from guest memory into its own Display. Disp's width
# and height: emulator/runner.py guest_script() writes the host Display's over these two lines
# (class attributes holding literals, as the figures were measured: no global more).
import gc
gc.disable()   # garbage is collected only between frames (emu_frames.py; host/sim.py says why)
import uctypes, array
IO = array.array('i', [0] * 12)
host.call('init', str(uctypes.addressof(IO)))
class Disp:
    width = 240
    height = 240
    def blit(self, buf, x, y, w, h):
        io = IO
        io[0] = uctypes.addressof(buf)
        io[1] = x
        io[2] = y
        io[3] = w
        io[4] = h
        host.call('b', '')
    def fill_rect(self, x, y, w, h, c):
        io = IO
        io[1] = x
        io[2] = y
        io[3] = w
        io[4] = h
        io[5] = c
        host.call('f', '')
    def backlight(self, on):
        pass
