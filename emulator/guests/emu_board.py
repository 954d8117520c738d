# The rest of the emulator's guest board (emulator/runner.py run_micropython), joined after a
# display part that defines IO and Disp (emu_display.py; benchmarks/ui_figures.py joins
# tests/guests/null_display.py instead): B is the board the App is given.
class Btn:
    ev = 0
    def poll(self, now):
        e = self.ev
        self.ev = 0
        return e
    def held(self):
        return 0
class Clk:
    now = 0
    def ticks_ms(self):
        return self.now
    def ticks_diff(self, a, b):
        return ((a - b + 0x20000000) & 0x3FFFFFFF) - 0x20000000
    def ticks_add(self, a, b):
        return (a + b) & 0x3FFFFFFF
    def sleep_ms(self, n):
        pass
class Link:
    def write(self, d):
        return len(d)
    def read(self, n):
        return b''
    def any(self):
        return 0
class Cable:
    # board.link of a linked match: each write and read crosses to the host at
    # once, the bytes by address (IO[8] address, IO[9] length / count), so the
    # guest holds no cable buffer of its own
    def write(self, d):
        io = IO
        io[8] = uctypes.addressof(d)
        io[9] = len(d)
        host.call('lw', '')
        return io[9]
    def readinto(self, buf):
        io = IO
        io[8] = uctypes.addressof(buf)
        io[9] = len(buf)
        host.call('lr', '')
        return io[9]
    def any(self):
        host.call('la', '')
        return IO[9]
from hal.storage import Storage
class Board:
    pass
B = Board()
B.display = Disp()
B.buttons = Btn()
B.clock = Clk()
# (no cable: the title says how to link, as emulator/board.py NullLink; one line, the guest's
# statements on the lines they were measured on)
Link.present = False; B.link = Link()  # noqa: E702
B.storage = Storage('/flash/')
B.idle = None
from hal.absent import Silent, NoBattery
B.sound = Silent()       # (a board without a speaker or a battery: the Pico-LCD boards')
B.battery = NoBattery()
