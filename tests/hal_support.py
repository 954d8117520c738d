"""Shared helpers for the hal tests: a fresh fake `machine` and a board built on it."""
import sys

import fake_machine


def install_fake_machine():
    fake_machine.reset()
    sys.modules["machine"] = fake_machine
    return fake_machine


def build_board(profile_name, root="/tmp/", init_display=True):
    m = install_fake_machine()
    from hal import board
    prof = board.load_profile(profile_name)
    b = board.build(prof, machine=m, root=root, init_display=init_display)
    return m, b


def tile(w, h, seed):
    """A w x h RGB565 big-endian buffer whose every pixel differs (catches any
    misplacement). Plain enough to run inside MicroPython too (tests send its
    source to the guest)."""
    buf = bytearray(w * h * 2)
    for i in range(w * h):
        c = (seed * 7919 + i * 40503) & 0xFFFF
        buf[2 * i] = c >> 8
        buf[2 * i + 1] = c & 0xFF
    return buf


def bits_of(mask):
    from hal import keys
    return [n for i, n in enumerate(keys.NAMES) if mask & (1 << i)]
