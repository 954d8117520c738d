# A small deterministic PRNG (xorshift32) so the same seed deals the same tiles
# on CPython, on MicroPython and at both ends of a link cable. The engine never
# uses `random`: MicroPython ports differ, and the WASI build has none.
from micropython import const

_MASK = const(0xFFFFFFFF)


def seed_state(seed):
    # mix the seed so small seeds (1, 2, 3...) still give unrelated deals
    x = (seed * 2654435761 + 0x9E3779B9) & _MASK
    return x or 0x6D2B79F5


def next_state(x):
    x ^= (x << 13) & _MASK
    x ^= x >> 17
    x ^= (x << 5) & _MASK
    return x


def shuffle(buf, x):
    """Fisher-Yates shuffle of a bytearray in place; returns the new state.

    The same xorshift32 as next_state(), worked on two 16-bit halves so every
    intermediate stays a small int: on a 32-bit MicroPython a full 32-bit value
    is a heap-allocated long, and a deal would allocate ~30 KB of them.
    """
    hi = x >> 16
    lo = x & 0xFFFF
    i = len(buf) - 1
    while i > 0:
        # x ^= x << 13
        hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF
        lo ^= (lo << 13) & 0xFFFF
        # x ^= x >> 17
        lo ^= hi >> 1
        # x ^= x << 5
        hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF
        lo ^= (lo << 5) & 0xFFFF
        m = i + 1
        j = ((hi % m) * 65536 + lo) % m   # = x % m; modulo bias below 1e-7 here
        buf[i], buf[j] = buf[j], buf[i]
        i -= 1
    return (hi << 16) | lo
