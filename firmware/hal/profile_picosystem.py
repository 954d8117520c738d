"""Pimoroni PicoSystem: an RP2040 handheld (240x240 ST7789 on SPI0, d-pad, A B X Y, piezo, battery).

The pins are pico-sdk 2.1.1's board header for it (src/boards/include/boards/
pimoroni_picosystem.h, the header this console's UF2 is built with); the panel's set-up (no RAM
offset, INVON, MADCTL 0x04) and the battery's divider are Pimoroni's own driver's
(pimoroni/picosystem libraries/hardware.cpp). hardware/README.md "Pimoroni PicoSystem".
"""
from hal import keys

NAME = "picosystem"
DRIVER = "st7789"
WIDTH = 240
HEIGHT = 240
XOFF = 0
YOFF = 0
MADCTL = 0x04  # Pimoroni's: rows and columns as written, refreshed right to left
INVERT = True  # IPS glass: INVON, as Pimoroni's driver sends

SPI_ID = 0
SPI_BAUD = 62_500_000
SCK = 6
MOSI = 7
CS = 5
DC = 9
RST = 4
BL = 12  # a PWM pin on the handheld (dimmable); driven on/off here as on the other boards

# no joystick press: A stands for it wherever a screen takes either
KEYS = (
    (keys.UP, 23),
    (keys.DOWN, 20),
    (keys.LEFT, 22),
    (keys.RIGHT, 21),
    (keys.A, 18),
    (keys.B, 19),
    (keys.X, 17),
    (keys.Y, 16),
)
# held at power-on: main.py stays in the REPL. Not X: X held while the power is switched on
# starts the boot ROM's USB drive instead (pimoroni/picosystem README, "DFU mode")
SKIP_KEY = keys.Y

# UART0 on GP0/GP1, as on the other boards, but the case brings out no UART: the link cable
# cannot be plugged in (hardware/README.md "Pimoroni PicoSystem": what a player can do instead)
UART_ID = 0
UART_TX = 0
UART_RX = 1

SPEAKER = 11  # the piezo, on PWM slice 5 B (hal/sound.py)
BATTERY_ADC = 26  # the battery through a 1:3 divider, on ADC 0 (hal/battery.py)

# (UF2 name, board folder, chip, flash bytes): see profile_pico_lcd_13.py. 16 MB of flash (the
# board header's PICO_FLASH_SIZE_BYTES).
UF2S = (("picosystem", "PICOSYSTEM", "rp2040", 16 << 20),)
