# Random bytes for the deal's commit-reveal and the connection id, on a
# device without a trustworthy RNG: a SHA-256 pool stirred with the
# microsecond clock, os.urandom where the port has it, and the timing of key
# presses (the UI calls stir(ticks) on each press). Tests inject their own
# source instead (Link(..., nonce=fn)).
import hashlib

try:
    import os
    _urandom = os.urandom
except (ImportError, AttributeError):
    _urandom = None

try:
    from time import ticks_us
except ImportError:  # CPython
    import time

    def ticks_us():
        return int(time.monotonic() * 1000000) & 0x3FFFFFFF  # pyright: ignore[reportAttributeAccessIssue]  (CPython's time)

_pool = bytearray(32)
_count = 0
weak = False    # os.urandom failed (the WASI guest's may): other sources were mixed in


def stir(x):
    """Mix an int (a key press's ticks, an ADC reading) into the pool."""
    global _pool
    h = hashlib.sha256(_pool)
    h.update(("%d %d" % (x & 0x3FFFFFFF, ticks_us())).encode())
    _pool = bytearray(h.digest())


def random_bytes(n):
    """n (<= 32) bytes nobody can predict or choose."""
    global _count, weak
    _count += 1
    stir(_count)
    h = hashlib.sha256(_pool)
    if _urandom is not None:
        try:
            h.update(_urandom(32))
        except OSError:
            # no OS randomness: never timing alone. A new object's address
            # varies with all the program allocated so far (the heap's state);
            # the key-press timing (stir) is then what a person adds
            weak = True
            h.update(("%d %d" % (id(bytearray(1)), ticks_us())).encode())
    h.update(("%d" % ticks_us()).encode())
    d = h.digest()
    stir(d[0] | (d[1] << 8))
    return d[:n]
