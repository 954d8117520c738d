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
    """Fisher-Yates shuffle of a bytearray in place; returns the new state."""
    i = len(buf) - 1
    while i > 0:
        x = next_state(x)
        j = x % (i + 1)   # modulo bias below 1e-7 for i < 106: irrelevant here
        buf[i], buf[j] = buf[j], buf[i]
        i -= 1
    return x
