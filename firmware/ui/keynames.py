# The hint lines on a board without X and Y keys (the Pico-LCD-1.14: A, B and the joystick),
# where hal/buttons.py reads A held half a second as Y and B held as X: the texts name them
# "A~" and "B~". Imported only on such a board (screen_table.keyhint), so the 1.3 pays nothing
# for it but the choice.
from ui import gfx
from ui import lang
from ui.gfx import BAR, DIM


def name(text):
    """The text `text` with the 1.14's key names for X and Y."""
    return text.replace("X:", "B~:").replace("Y:", "A~:")


def hint(painter, first, second):
    """common.hint (message ids, -1 for an empty line) in those key names."""
    y = painter.h - 20
    for message in (first, second):
        painter.text(0, y, painter.w, name(lang.t(message)) if message >= 0 else "", DIM, BAR, gfx.CAPS)
        y += 10
