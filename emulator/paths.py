"""Where the firmware lives, and how CPython gets to import it as the device does.

Firmware imports are rooted at firmware/ (`from engine import melds`), so CPython
needs firmware/ on sys.path, plus a tiny shim for the `micropython` module.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
SHIM = os.path.join(ROOT, "emulator", "shim")


def use_firmware():
    """Make `import engine` (and ui, hal, link, ai) work under CPython."""
    for p in (SHIM, FIRMWARE):
        if p not in sys.path:
            sys.path.insert(0, p)
