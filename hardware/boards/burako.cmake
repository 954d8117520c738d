# Shared by the Burako boards' mpconfigboard.cmake: a Raspberry Pi Pico (RP2040, 2 MB flash)
# with the console's firmware frozen in. The version in os.uname().machine is the project's,
# read from pyproject.toml here so that a plain `make -C ports/rp2 BOARD_DIR=...` gets it too.
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")
# the Pico's GPIO names (GP0..GP28, LED): the console's pins are named in its profiles
set(MICROPY_BOARD_PINS "${MICROPY_PORT_DIR}/boards/RPI_PICO/pins.csv")
get_filename_component(BURAKO_ROOT "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
file(STRINGS "${BURAKO_ROOT}/pyproject.toml" _burako_version REGEX "^version *= *\"[^\"]+\"")
string(REGEX REPLACE "^version *= *\"([^\"]+)\".*" "\\1" BURAKO_VERSION "${_burako_version}")
if(NOT BURAKO_VERSION)
    message(FATAL_ERROR "no version in ${BURAKO_ROOT}/pyproject.toml")
endif()
list(APPEND MICROPY_DEF_BOARD BURAKO_VERSION="${BURAKO_VERSION}")
# manifest.py finds the firmware through $(BURAKO_FIRMWARE)
set(MICROPY_MANIFEST_BURAKO_FIRMWARE "${BURAKO_ROOT}/firmware")
set(MICROPY_FROZEN_MANIFEST "${MICROPY_BOARD_DIR}/manifest.py")
