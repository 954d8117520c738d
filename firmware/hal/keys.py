"""Key bits shared by every board: buttons.poll() and buttons.held() return masks of these."""
from micropython import const

UP = const(0x001)
DOWN = const(0x002)
LEFT = const(0x004)
RIGHT = const(0x008)
PRESS = const(0x010)  # joystick centre press
A = const(0x020)
B = const(0x040)
X = const(0x080)
Y = const(0x100)

CURSOR = const(0x00F)  # UP | DOWN | LEFT | RIGHT: the keys that auto-repeat
ALL = const(0x1FF)

# names in bit order (bit 0 first), for debugging and key maps
NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "PRESS", "A", "B", "X", "Y")
