# tests/test_hal_boot.py: every driver imports under MicroPython; the Pico-LCD-1.14's board draws
# (tile(): tests/hal_support.py, joined before this file) and reads its keys and storage path.
from hal import board
from hal import keys

for name in ("st7789", "buttons", "uart", "storage", "clock", "idle",
             "profile_pico_lcd_13", "profile_pico_lcd_114"):
    __import__("hal." + name)
b = board.build("pico_lcd_114", machine=fake_machine, root="/flash/")
d = b.display
d.fill_rect(0, 0, 240, 135, 0xF800)
d.blit(tile(28, 40, 1), 1, 1, 28, 40)
d.blit(tile(28, 40, 2), -5, 100, 28, 40)
d.blit(tile(13, 7, 3), 227, 128, 13, 7)
d.fill_rect(100, 50, 33, 21, 0x07E0)
fake_machine.sink.close()
fake_machine.levels[15] = 0
b.idle.last = 0
b.buttons.poll(0)               # the 1.14 has no Y: A is reported at its release (held: Y)
fake_machine.levels[15] = 1
print("keys", b.buttons.poll(100), keys.A)
print("path", b.storage.path("scores.log"), b.display.width, b.display.height)
