# Raspberry Pi Pico + Waveshare Pico-LCD-1.3, with the Burako console frozen in
include("${CMAKE_CURRENT_LIST_DIR}/../burako.cmake")
