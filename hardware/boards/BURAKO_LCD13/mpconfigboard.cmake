# Raspberry Pi Pico + Waveshare Pico-LCD-1.3, with the Burako console frozen in
set(PICO_BOARD "pico")          # RP2040, 2 MB flash
set(PICO_PLATFORM "rp2040")
# the Pico's GPIO names (GP0..GP28, LED): the console's pins are named in its profiles
set(MICROPY_BOARD_PINS "${MICROPY_PORT_DIR}/boards/RPI_PICO/pins.csv")
include("${CMAKE_CURRENT_LIST_DIR}/../burako.cmake")
