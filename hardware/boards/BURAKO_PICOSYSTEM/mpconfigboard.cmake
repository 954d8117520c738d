# Pimoroni PicoSystem (an RP2040 handheld), with the Burako console frozen in
set(PICO_BOARD "pimoroni_picosystem")   # pico-sdk's board header: its pins, 16 MB of flash
set(PICO_PLATFORM "rp2040")
# its GPIO names (pins.csv here, from that header): the console's pins are named in its profile
set(MICROPY_BOARD_PINS "${CMAKE_CURRENT_LIST_DIR}/pins.csv")
include("${CMAKE_CURRENT_LIST_DIR}/../burako.cmake")
