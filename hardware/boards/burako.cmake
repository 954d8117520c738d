# Shared by the Burako boards' mpconfigboard.cmake, each of which first names its pico-sdk board
# (PICO_BOARD: the flash chip and size), its chip (PICO_PLATFORM) and its GPIO names
# (MICROPY_BOARD_PINS), then includes this: the console's firmware frozen in. The version in
# os.uname().machine is the project's, given by `burako uf2`, else read from pyproject.toml here
# (a plain `make -C ports/rp2 BOARD_DIR=...`).
get_filename_component(BURAKO_ROOT "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
if(NOT BURAKO_VERSION)  # burako uf2 passes it (-DBURAKO_VERSION through CMAKE_ARGS)
    file(STRINGS "${BURAKO_ROOT}/pyproject.toml" _burako_version REGEX "^version *= *\"[^\"]+\"")
    string(REGEX REPLACE "^version *= *\"([^\"]+)\".*" "\\1" BURAKO_VERSION "${_burako_version}")
endif()
if(NOT BURAKO_VERSION)
    message(FATAL_ERROR "no version in ${BURAKO_ROOT}/pyproject.toml")
endif()
list(APPEND MICROPY_DEF_BOARD BURAKO_VERSION="${BURAKO_VERSION}")
# No C++ runtime: pico-sdk compiles new_delete.cpp (C++ operator new/delete on malloc) into
# every firmware, and so links it with g++, which adds -lstdc++; both the <cstdlib> it includes
# and libstdc++.a come from libstdc++-arm-none-eabi-newlib, a 313 MB download. MicroPython is C
# and never calls operator new (the linker drops those functions from the stock build too), so:
# the define makes the file compile to nothing, and the firmware is linked by the C compiler
# driver, given the -lm that g++ would add. Then gcc-arm-none-eabi + libnewlib-arm-none-eabi
# suffice. (Set before project(), which only fills in CMAKE_CXX_LINK_EXECUTABLE when unset.)
list(APPEND MICROPY_DEF_BOARD PICO_CXX_DISABLE_ALLOCATION_OVERRIDES=1)
set(CMAKE_CXX_LINK_EXECUTABLE
    "<CMAKE_C_COMPILER> <FLAGS> <CMAKE_CXX_LINK_FLAGS> <LINK_FLAGS> <OBJECTS> -o <TARGET> <LINK_LIBRARIES> -lm")
# manifest.py finds the firmware through $(BURAKO_FIRMWARE)
set(MICROPY_MANIFEST_BURAKO_FIRMWARE "${BURAKO_ROOT}/firmware")
set(MICROPY_FROZEN_MANIFEST "${MICROPY_BOARD_DIR}/manifest.py")
# the console's C modules (hardware/cmodules: bigmod), built into every Burako board
list(APPEND USER_C_MODULES "${BURAKO_ROOT}/hardware/cmodules")
