"""The `burako` host tool: runs on the desktop, never on the device. Importing it puts firmware/
on sys.path (emulator/paths.py), so host modules import the firmware as the device does
(`from engine import rules`), at their top."""
from emulator.paths import use_firmware

use_firmware()
