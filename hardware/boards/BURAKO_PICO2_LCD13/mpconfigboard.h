// Raspberry Pi Pico 2 + Waveshare Pico-LCD-1.3, with the Burako console frozen in.
// os.uname().machine and the REPL banner: "Burako <version> (Pico 2 + Pico-LCD-1.3) with RP2350".
#ifndef BURAKO_VERSION
#error "BURAKO_VERSION comes from ../burako.cmake (pyproject.toml)"
#endif
#define MICROPY_HW_BOARD_NAME                   "Burako " BURAKO_VERSION " (Pico 2 + Pico-LCD-1.3)"
// 4 MB flash: the firmware in the first 1 MB, the filesystem (saves, score log) above it, as on
// the stock RPI_PICO2 build, so a UF2 update leaves the filesystem as it was
#define MICROPY_HW_FLASH_STORAGE_BYTES          (PICO_FLASH_SIZE_BYTES - 1024 * 1024)
