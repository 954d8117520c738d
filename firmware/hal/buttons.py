"""Buttons: active-low keys with pull-ups, debounced, press edges and auto-repeat.

Implements the buttons interface of docs/interfaces.md:
  poll(now_ms) -> bitmask of key events (press edges, auto-repeat ticks)
  held()       -> bitmask of keys held (debounced levels)
  pending(now_ms) -> True when a poll now would see a key change (for the main loop's wait;
                     a flag set by pin interrupts where the pins have irq())

Debounce is per key, edge first: a change of a key's level is accepted on the
first poll that sees it (a press is reported at once, not `debounce_ms` later),
and for `debounce_ms` after an accepted change (default 20 ms) that key's pin is
not looked at, so contact bounce after a press or a release is never a second
press. A level that differs when the lockout ends is accepted then. Polling at
any rate works; nothing is allocated per poll. Cursor keys (keys.CURSOR)
auto-repeat: first repeat `repeat_delay_ms` after the press (default 400), then
every `repeat_ms` (default 120). A repeat tick is reported like a press.

An optional `idle` object (hal.idle.Idle) is told about every poll: while the
screen sleeps, the key press that wakes it is swallowed (poll returns 0).

A board with A and B but neither X nor Y (the Pico-LCD-1.14) gets them from a
held key: a press of B held `hold_ms` (default 500) is an X, of A a Y.
On such a board A and B are reported when they are released, if held less than that;
the long key once, when the time is up. Every screen works the same on either board.
"""
from micropython import const
from hal import keys

_NKEYS = const(9)


class Buttons:
    def __init__(self, pins, debounce_ms=20, repeat_delay_ms=400, repeat_ms=120,
                 repeat_mask=keys.CURSOR, idle=None, hold_ms=500):
        """`pins`: sequence of (key bit, machine.Pin configured as input with pull-up)."""
        self._bits = []
        self._pins = []
        have = 0
        for bit, pin in pins:
            self._bits.append(bit)
            self._pins.append(pin)
            have |= bit
        count = len(self._pins)
        # the keys held for a missing one: A for Y and B for X, on a board with A and B and
        # neither X nor Y
        self._holds = 0
        if have & (keys.A | keys.B) == keys.A | keys.B and not have & (keys.X | keys.Y):
            self._holds = keys.A | keys.B
        self._armed = 0  # hold keys down, neither released nor long yet
        self.hold_ms = hold_ms
        self._changed = [0] * count  # tick of the last accepted level change, per key
        self._next_rep = [0] * count  # tick of the next auto-repeat, per key
        self._lock = 0  # keys inside their lockout after an accepted change
        self._stable = 0  # debounced levels
        self.debounce_ms = debounce_ms
        self.repeat_delay_ms = repeat_delay_ms
        self.repeat_ms = repeat_ms
        self.repeat_mask = repeat_mask
        self.idle = idle
        # a pin interrupt on every edge sets _hit, so pending() is one attribute read (the main
        # loop asks every millisecond); pins without irq() (tests, the desktop emulator) are read
        self._hit = True
        self._irq = False
        try:
            edge = self._edge  # one bound method, made once
            for pin in self._pins:
                pin.irq(edge, pin.IRQ_FALLING | pin.IRQ_RISING)
            self._irq = True
        except AttributeError:
            pass

    def _edge(self, pin):
        self._hit = True

    def read_raw(self):
        """Bitmask of keys whose pin reads low right now (no debounce)."""
        mask = 0
        bits = self._bits
        pins = self._pins
        for i in range(len(pins)):
            if not pins[i].value():
                mask |= bits[i]
        return mask

    def _unlock(self, now_ms):
        # end the lockouts that are over; returns the keys still locked
        lock = self._lock
        if lock:
            bits = self._bits
            changed = self._changed
            db = self.debounce_ms
            for i in range(len(bits)):
                if lock & bits[i] and _diff(now_ms, changed[i]) >= db:
                    lock &= ~bits[i]
            self._lock = lock
        return lock

    def pending(self, now_ms):
        """True if a key's pin differs from its debounced level outside a lockout (with pin
        interrupts: a pin has changed since the last poll)."""
        if self._irq:
            return self._hit
        return bool((self.read_raw() ^ self._stable) & ~self._unlock(now_ms))

    def poll(self, now_ms):
        self._hit = False  # before the pins are read: an edge from now on is seen next time
        bits = self._bits
        pins = self._pins
        changed = self._changed
        nxt = self._next_rep
        lock = self._unlock(now_ms)
        stable = self._stable
        holds = self._holds
        armed = self._armed
        events = 0
        for i in range(len(pins)):
            bit = bits[i]
            if lock & bit:
                continue  # bouncing, maybe: this key's pin is not read until the lockout ends
            level = bit if not pins[i].value() else 0
            if level != (stable & bit):
                stable ^= bit
                lock |= bit
                changed[i] = now_ms
                if bit & holds:
                    if level:           # short or long: known at the release or the hold time
                        armed |= bit
                        nxt[i] = _add(now_ms, self.hold_ms)
                    elif armed & bit:   # released in time: the key itself
                        armed ^= bit
                        events |= bit
                elif level:
                    events |= bit
                    nxt[i] = _add(now_ms, self.repeat_delay_ms)
            elif armed & bit:
                if _diff(now_ms, nxt[i]) >= 0:
                    armed ^= bit
                    events |= keys.Y if bit == keys.A else keys.X
            elif level and (bit & self.repeat_mask):
                late = _diff(now_ms, nxt[i])
                if late >= 0:
                    events |= bit
                    if late >= self.repeat_ms:  # polled late: no burst, restart the beat
                        nxt[i] = _add(now_ms, self.repeat_ms)
                    else:  # nxt[i] came from _add: the stubs' _Ticks, held in a plain list
                        nxt[i] = _add(nxt[i], self.repeat_ms)  # pyright: ignore[reportArgumentType]
        self._lock = lock
        self._stable = stable
        self._armed = armed
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
