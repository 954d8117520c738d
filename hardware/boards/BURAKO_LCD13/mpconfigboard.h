// Raspberry Pi Pico + Waveshare Pico-LCD-1.3, with the Burako console frozen in.
// os.uname().machine and the REPL banner: "Burako <version> (Pico + Pico-LCD-1.3) with RP2040".
#ifndef BURAKO_VERSION
#error "BURAKO_VERSION comes from ../burako.cmake (pyproject.toml)"
#endif
#define MICROPY_HW_BOARD_NAME                   "Burako " BURAKO_VERSION " (Pico + Pico-LCD-1.3)"
// 2 MB flash: the firmware below 0xA0000, the filesystem (saves, score log) above it, as on
// the stock RPI_PICO build, so a UF2 update leaves the filesystem as it was
#define MICROPY_HW_FLASH_STORAGE_BYTES          (1408 * 1024)
