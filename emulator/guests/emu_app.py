# The emulator's App inside MicroPython (emulator/runner.py run_micropython), in three parts
# around the link cable's: emu_app.py (the App's modules), emu_cable.py for a linked match,
# emu_frames.py (the App, its frames, the final state). Joined after emu_board.py (and
# emu_nonce.py, emu_keys.py when asked). The parts keep the statements, and their order, of the one
# program the heap figures were measured with; a part not joined is a statement not compiled.
from ui.app import App
