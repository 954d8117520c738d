# The board profile built into this UF2 (hal/profile_pico_lcd_13.py: the Pico 2 has the Pico's pins);
# /board.txt still overrides it.
PROFILE = "pico_lcd_13"
