"""Raspberry Pi Pico + Waveshare Pico-LCD-1.14 (240x135 ST7789V, joystick, A/B only).

The 135x240 glass sits inside the controller's 240x320 RAM: in this landscape
orientation its first visible column is 40 and its first visible row 53.
"""
from hal import keys

NAME = "pico-lcd-1.14"
DRIVER = "st7789"
WIDTH = 240
HEIGHT = 135
XOFF = 40
YOFF = 53
MADCTL = 0x70
INVERT = True

SPI_ID = 1
SPI_BAUD = 62_500_000
SCK = 10
MOSI = 11
CS = 9
DC = 8
RST = 12
BL = 13

KEYS = (
    (keys.UP, 2),
    (keys.DOWN, 18),
    (keys.LEFT, 16),
    (keys.RIGHT, 20),
    (keys.PRESS, 3),
    (keys.A, 15),
    (keys.B, 17),
)
SKIP_KEY = keys.B  # no X key on this board

UART_ID = 0
UART_TX = 0
UART_RX = 1

SPEAKER = None  # no speaker on the Pico or the LCD board: board.sound is silent (hal/sound.py)
BATTERY_ADC = None  # powered over USB: no battery to read (hal/battery.py)

# The consoles this profile is the board of, one UF2 each (host/uf2.py builds them from
# hardware/boards/BURAKO_<folder>; the virtual Pico runs the RP2040 ones): (UF2 name, board
# folder, chip, flash bytes). The Pico 2 (RP2350) has the Pico's pins, so the LCD board's
# profile is the same. Read by the host tool, never by the firmware.
UF2S = (("pico_lcd_114", "LCD114", "rp2040", 2 << 20),
        ("pico2_lcd_114", "PICO2_LCD114", "rp2350", 4 << 20))
