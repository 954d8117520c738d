# tests/test_hal_boot.py: the guest's `machine` is tests/fake_machine.py (copied to /flash), which
# records the display's bus into /flash/bus.bin. Joined before hal_draw.py and main_boot.py; the
# whole runs inside one function (test_hal_boot.as_function: top-level code that collects and
# then raises trips the WASI build).
import sys

sys.path.append("/flash")
fake_machine = __import__("fake_machine")
sys.modules["machine"] = fake_machine
fake_machine.reset()
fake_machine.sink = open("/flash/bus.bin", "wb")
