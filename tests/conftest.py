import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from emulator.paths import use_firmware  # noqa: E402

use_firmware()
