"""Inactivity sleep: backlight (and panel) off after `timeout_s` without a key; any key wakes.

Buttons.poll() calls activity(now_ms, mask) every poll, with the events and held
keys. It returns False when the keys should be swallowed: the press that wakes
the screen does not also act in the game. The app may call touch(now_ms) for
activity other than keys (a link frame arriving, an AI move being shown).
"""


class Idle:
    def __init__(self, display, timeout_s=60, now_ms=0):
        self.display = display
        self.timeout_ms = timeout_s * 1000
        self.last = now_ms
        self.asleep = False
        self._swallow = False

    def touch(self, now_ms):
        self.last = now_ms
        if self.asleep:
            self.wake()

    def wake(self):
        self._set(False)

    def _set(self, asleep):
        # the panel's own sleep when the driver has one, else just the backlight
        self.asleep = asleep
        display = self.display
        if hasattr(display, "sleep"):
            display.sleep(asleep)
        else:
            display.backlight(not asleep)

    def activity(self, now_ms, mask):
        if mask:
            self.last = now_ms
            if self.asleep:
                self.wake()
                self._swallow = True  # until every key is released
                return False
            if self._swallow:
                return False
            return True
        self._swallow = False
        if not self.asleep and self.timeout_ms > 0 and _diff(now_ms, self.last) >= self.timeout_ms:
            self._set(True)
        return True


try:
    from time import ticks_diff as _diff
except ImportError:
    from hal.clock import ticks_diff as _diff
