# Random bytes for the deal's commit-reveal, a hidden hand's secret and the
# connection id: a SHA-256 pool stirred with the microsecond clock, os.urandom
# (the RP2040's ring oscillator on the console; the host's on the desktop and in
# the emulator's MicroPython, whose /dev it is given), and the timing of key
# presses (the UI calls stir(ticks) on each press). A console whose os.urandom
# does not answer has no source good enough to deal from: strong() says so and
# the Link refuses to deal (R_NO_RANDOM) rather than deal from a pool a peer
# could search. Tests inject their own source instead (Link(..., nonce=fn)).
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


def strong():
    """Whether os.urandom answers: a source a deal may be drawn from."""
    if _urandom is None:
        return False
    try:
        _urandom(1)
        return True
    except OSError:
        return False


def stir(moment):
    """Mix an int (a key press's ticks, an ADC reading) into the pool."""
    global _pool
    digest = hashlib.sha256(_pool)
    digest.update(("%d %d" % (moment & 0x3FFFFFFF, ticks_us())).encode())
    _pool = bytearray(digest.digest())


def random_bytes(count):
    """`count` (<= 32) bytes nobody can predict or choose."""
    global _count, weak
    _count += 1
    stir(_count)
    digest = hashlib.sha256(_pool)
    if _urandom is not None:
        try:
            digest.update(_urandom(32))
        except OSError:
            # no OS randomness: never timing alone. A new object's address
            # varies with all the program allocated so far (the heap's state);
            # the key-press timing (stir) is then what a person adds. Good for a
            # score log's match id, never for a deal (strong())
            weak = True
            digest.update(("%d %d" % (id(bytearray(1)), ticks_us())).encode())
    digest.update(("%d" % ticks_us()).encode())
    block = digest.digest()
    stir(block[0] | (block[1] << 8))
    return block[:count]
