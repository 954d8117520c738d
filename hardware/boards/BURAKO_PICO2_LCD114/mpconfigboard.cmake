# Raspberry Pi Pico 2 + Waveshare Pico-LCD-1.14, with the Burako console frozen in
set(PICO_BOARD "pico2")         # RP2350, 4 MB flash
set(PICO_PLATFORM "rp2350")     # the Arm cores (rp2350-arm-s), as the stock RPI_PICO2 build
# the Pico 2's GPIO names (GP0..GP28, LED): the console's pins are named in its profiles
set(MICROPY_BOARD_PINS "${MICROPY_PORT_DIR}/boards/RPI_PICO2/pins.csv")
include("${CMAKE_CURRENT_LIST_DIR}/../burako.cmake")
