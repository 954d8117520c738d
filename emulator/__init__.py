"""The emulated handheld. Importing this package puts firmware/ (and the `micropython` shim) on
sys.path, so every module here and in host/ imports the firmware as the device does
(`from engine import melds`) with its imports at the top (emulator/paths.py)."""
from emulator.paths import use_firmware

use_firmware()
