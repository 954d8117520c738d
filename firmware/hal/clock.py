"""The clock interface: ticks_ms(), ticks_diff(a, b), sleep_ms(n).

On MicroPython these are the `time` module's own functions (wrap-around
ticks). Under CPython (tests, emulator) the same semantics are rebuilt on
time.monotonic with MicroPython's 2**30 tick period.
"""
try:
    # (the CPython fallback below has plain parameters where the stubs' are positional-only:
    # MicroPython has no "/" syntax)
    from time import ticks_ms, ticks_diff, ticks_add, sleep_ms  # pyright: ignore[reportAssignmentType]
except ImportError:  # CPython
    import time as _time

    _PERIOD = 1 << 30
    _HALF = 1 << 29

    def ticks_ms():
        return int(_time.monotonic() * 1000) & (_PERIOD - 1)  # pyright: ignore[reportAttributeAccessIssue]  (CPython's time)

    def ticks_add(ticks, delta):
        return (ticks + delta) & (_PERIOD - 1)

    def ticks_diff(later, earlier):
        return ((later - earlier + _HALF) & (_PERIOD - 1)) - _HALF

    def sleep_ms(ms):
        if ms > 0:
            _time.sleep(ms / 1000)


class Clock:
    """board.clock: the three functions as methods (plain functions, no state)."""

    def __init__(self):
        self.ticks_ms = ticks_ms
        self.ticks_diff = ticks_diff
        self.ticks_add = ticks_add
        self.sleep_ms = sleep_ms
