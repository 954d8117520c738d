# The console's own C modules, for MicroPython's USER_C_MODULES (hardware/boards/burako.cmake
# adds this folder to every Burako board). One include a module.
include(${CMAKE_CURRENT_LIST_DIR}/bigmod/micropython.cmake)
