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


def bits_of(mask):
    from hal import keys
    return [n for i, n in enumerate(keys.NAMES) if mask & (1 << i)]
