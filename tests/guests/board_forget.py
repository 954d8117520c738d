# tests/test_hal_boot.py: hal.board.forget() once the board is built: hal.board and the board
# profiles leave sys.modules and the hal package (memory.drop).
from hal import board

b = board.build("pico_lcd_114", machine=fake_machine, root="/flash/", init_display=False)
__import__("hal.profile_pico_lcd_13")
print("before", sorted([m for m in sys.modules if m.startswith("hal.board") or m.startswith("hal.profile_")]))
board.forget()
left = [m for m in sys.modules if m.startswith("hal.board") or m.startswith("hal.profile_")]
print("after", left, [n for n in ("board", "profile_pico_lcd_13", "profile_pico_lcd_114")
                      if n in sys.modules["hal"].__dict__], b.name)
