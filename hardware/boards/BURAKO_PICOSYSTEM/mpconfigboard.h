// Pimoroni PicoSystem, with the Burako console frozen in.
// os.uname().machine and the REPL banner: "Burako <version> (PicoSystem) with RP2040".
#ifndef BURAKO_VERSION
#error "BURAKO_VERSION comes from ../burako.cmake (pyproject.toml)"
#endif
#define MICROPY_HW_BOARD_NAME                   "Burako " BURAKO_VERSION " (PicoSystem)"
// 16 MB flash: the firmware in the first 1 MB, a 15 MB filesystem (saves, score log) above it,
// where Pimoroni's own MicroPython for the PicoSystem has it (pimoroni/picosystem
// micropython/PIMORONI_PICOSYSTEM/mpconfigboard.h), so a UF2 update leaves it as it was
#define MICROPY_HW_FLASH_STORAGE_BYTES          (15 * 1024 * 1024)
// pico-sdk's header names no default I2C or SPI bus (the handheld has no I2C device, and its SPI0
// is the display's), which the rp2 port needs for I2C(0) and SPI(0) without pins: the Pico's
// I2C0 pins (as Pimoroni's build sets them) and the display's SPI0 pins
#define MICROPY_HW_I2C0_SCL                     (5)
#define MICROPY_HW_I2C0_SDA                     (4)
#define MICROPY_HW_SPI0_SCK                     (6)
#define MICROPY_HW_SPI0_MOSI                    (7)
#define MICROPY_HW_SPI0_MISO                    (4)
