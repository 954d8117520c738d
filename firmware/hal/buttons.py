"""Buttons: active-low keys with pull-ups, debounced, press edges and auto-repeat.

Implements the buttons interface of docs/interfaces.md:
  poll(now_ms) -> bitmask of key events (press edges, auto-repeat ticks)
  held()       -> bitmask of keys held (debounced levels)

Debounce is per key and time based: a key's level is accepted once the raw
pin has read the same for `debounce_ms` (default 20 ms). Polling at any rate
works; nothing is allocated per poll. Cursor keys (keys.CURSOR) auto-repeat:
first repeat `repeat_delay_ms` after the press (default 400), then every
`repeat_ms` (default 120). A repeat tick is reported like a press.

An optional `idle` object (hal.idle.Idle) is told about every poll: while the
screen sleeps, the key press that wakes it is swallowed (poll returns 0).
"""
from micropython import const
from hal import keys

_NKEYS = const(9)


class Buttons:
    def __init__(self, pins, debounce_ms=20, repeat_delay_ms=400, repeat_ms=120,
                 repeat_mask=keys.CURSOR, idle=None):
        """`pins`: sequence of (key bit, machine.Pin configured as input with pull-up)."""
        self._bits = []
        self._pins = []
        for bit, pin in pins:
            self._bits.append(bit)
            self._pins.append(pin)
        n = len(self._pins)
        self._changed = [0] * n  # tick of the last raw level change, per key
        self._next_rep = [0] * n  # tick of the next auto-repeat, per key
        self._raw = 0  # raw levels seen last poll (1 = pressed)
        self._stable = 0  # debounced levels
        self.debounce_ms = debounce_ms
        self.repeat_delay_ms = repeat_delay_ms
        self.repeat_ms = repeat_ms
        self.repeat_mask = repeat_mask
        self.idle = idle

    def read_raw(self):
        """Bitmask of keys whose pin reads low right now (no debounce)."""
        m = 0
        bits = self._bits
        pins = self._pins
        for i in range(len(pins)):
            if not pins[i].value():
                m |= bits[i]
        return m

    def poll(self, now_ms):
        bits = self._bits
        pins = self._pins
        changed = self._changed
        nxt = self._next_rep
        raw = self._raw
        stable = self._stable
        events = 0
        db = self.debounce_ms
        for i in range(len(pins)):
            bit = bits[i]
            level = bit if not pins[i].value() else 0
            if level != (raw & bit):
                raw ^= bit
                changed[i] = now_ms
            if level != (stable & bit):
                if _diff(now_ms, changed[i]) >= db:
                    stable ^= bit
                    if level:
                        events |= bit
                        nxt[i] = _add(now_ms, self.repeat_delay_ms)
            elif level and (bit & self.repeat_mask):
                late = _diff(now_ms, nxt[i])
                if late >= 0:
                    events |= bit
                    if late >= self.repeat_ms:  # polled late: no burst, restart the beat
                        nxt[i] = _add(now_ms, self.repeat_ms)
                    else:  # nxt[i] came from _add: the stubs' _Ticks, held in a plain list
                        nxt[i] = _add(nxt[i], self.repeat_ms)  # pyright: ignore[reportArgumentType]
        self._raw = raw
        self._stable = stable
        idle = self.idle
        if idle is not None:
            if not idle.activity(now_ms, events | stable):
                return 0
        return events

    def held(self):
        return self._stable


try:
    from time import ticks_diff as _diff, ticks_add as _add
except ImportError:
    from hal.clock import ticks_diff as _diff, ticks_add as _add
