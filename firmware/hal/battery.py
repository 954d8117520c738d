"""board.battery: how full the battery is, read from an ADC pin (docs/interfaces.md "battery").

Fields, kept up to date by poll(now_ms) once a frame (it reads the ADC once every EVERY_MS):
    present   True (hal/absent.py's NoBattery: False, a board powered over USB)
    level     0..100, percent of the usable charge
    low       True from LOW_PERCENT down, until the level is back above CLEAR_PERCENT (a little
              higher, so a level wavering at the line does not flicker the warning)
    mv        the battery's voltage in millivolts

On the PicoSystem the battery reaches ADC 0 (GP26) through a 1:3 divider against the 3.3 V
reference (pimoroni/picosystem libraries/hardware.cpp, _battery_voltage). Pimoroni's driver calls
2.8 V empty; a LiPo's protection cuts it off near there with nothing saved, so here 3.3 V is
empty and LOW_PERCENT (about 3.38 V) leaves the console time to save the match and say so.
Readings are smoothed (a quarter of each new one) so the level does not jump with the load.
"""
from micropython import const

EMPTY_MV = const(3300)
FULL_MV = const(4150)
LOW_PERCENT = const(10)
CLEAR_PERCENT = const(15)
EVERY_MS = const(2000)
SCALE_MV = const(9900)   # 3.3 V reference x 3 (the divider) at full scale (65535)


def level_of(mv):
    """Percent of the usable charge at `mv` millivolts, 0..100."""
    if mv <= EMPTY_MV:
        return 0
    if mv >= FULL_MV:
        return 100
    return (mv - EMPTY_MV) * 100 // (FULL_MV - EMPTY_MV)


class Battery:
    present = True

    def __init__(self, adc, now_ms=0):
        """`adc`: a machine.ADC on the battery's divider."""
        self.adc = adc
        self.mv = self.read_mv()
        self.level = level_of(self.mv)
        self.low = self.level <= LOW_PERCENT
        self.next = ticks_add(now_ms, EVERY_MS)

    def read_mv(self):
        return self.adc.read_u16() * SCALE_MV // 65535

    def poll(self, now_ms):
        if ticks_diff(now_ms, self.next) < 0:
            return
        self.next = ticks_add(now_ms, EVERY_MS)
        self.mv = (3 * self.mv + self.read_mv()) // 4
        self.level = level = level_of(self.mv)
        if level <= LOW_PERCENT:
            self.low = True
        elif level > CLEAR_PERCENT:
            self.low = False


try:
    from time import ticks_diff, ticks_add
except ImportError:  # CPython (tests, the emulator)
    from hal.clock import ticks_diff, ticks_add
