"""Build the board object of docs/interfaces.md from a board profile.

    from hal import board
    b = board.build()            # profile named in /board.txt, else the default
    b.display.fill_rect(0, 0, b.display.width, b.display.height, 0)

A profile is a module `hal.profile_<name>` of plain constants (pins, panel
geometry); see profile_pico_lcd_13.py. Choose a non-default one by writing its
name (for example `pico_lcd_114`) into `board.txt` at the storage root. The
console's own UF2 builds (hardware/boards/) freeze a module `burako_board` whose
PROFILE names the board's profile: used when there is no board.txt.
"""
# the boards: one profile module hal/profile_<name>.py each. The host tool and the emulator
# take their lists of boards from here (the emulator's --board, burako uf2, the virtual Pico).
PROFILES = ("pico_lcd_13", "pico_lcd_114", "picosystem")
DEFAULT_PROFILE = PROFILES[0]
PROFILE_FILE = "board.txt"
SLEEP_AFTER_S = 60


def profile_name(root="/"):
    try:
        with open(root + PROFILE_FILE) as file:
            name = file.read().strip()
        if name:
            return name
    except OSError:
        pass
    try:
        # frozen into the console's UF2 (hardware/boards/*/burako_board.py); absent on the
        # stock firmware plus .mpy files
        import burako_board  # pyright: ignore[reportMissingImports]
        return burako_board.PROFILE
    except ImportError:
        return DEFAULT_PROFILE


def load_profile(name=None, root="/"):
    if name is None:
        name = profile_name(root)
    mod = __import__("hal.profile_" + name)
    return getattr(mod, "profile_" + name)


def key_pins(machine, profile):
    pins = []
    for bit, gp in profile.KEYS:
        pins.append((bit, machine.Pin(gp, machine.Pin.IN, machine.Pin.PULL_UP)))
    return pins


def skip_key_held(machine, profile, clock=None, samples=5):
    """True if the profile's SKIP_KEY reads pressed on every one of `samples` reads, 2 ms apart."""
    gp = None
    for bit, gpio in profile.KEYS:
        if bit == profile.SKIP_KEY:
            gp = gpio
    if gp is None:
        return False
    pin = machine.Pin(gp, machine.Pin.IN, machine.Pin.PULL_UP)
    if clock is None:
        from hal import clock
    for _ in range(samples):
        if pin.value():
            return False
        clock.sleep_ms(2)
    return True


def fast_peripherals(machine):
    """On an RP2040, clock the peripherals (clk_peri) from the system clock, not the USB PLL.

    MicroPython 1.27 leaves clk_peri on the 48 MHz USB PLL (CLOCKS CLK_PERI_CTRL 0x840), so
    SPI runs at 24 MHz at most; from clk_sys (125 MHz) it reaches the 62.5 MHz the ST7789
    takes. `machine.freq(cpu, peri)` moves it through pico-sdk, which then computes the SPI
    and UART dividers from the new clock (a raw CLK_PERI_CTRL write would leave pico-sdk's
    clock table at 48 MHz and every UART made afterwards at the wrong baud rate). Call it
    before any SPI or UART is made: ones made before keep their old dividers.
    Returns the clk_peri frequency in Hz, or None where this does not apply.
    """
    import sys
    if sys.platform != "rp2":
        return None
    frequency = machine.freq()
    try:
        machine.freq(frequency, frequency)
    except (TypeError, ValueError):  # a firmware without the two-argument form: leave it
        return None
    return frequency


def splash(board, message=None):
    """A plain screen for when there is no UI to run (or it failed to start)."""
    display = board.display
    display.fill_rect(0, 0, display.width, display.height, 0x0000)
    display.fill_rect(0, display.height // 2 - 20, display.width, 40, 0x0451)  # a green band, the table
    text = "BURAKO" if message is None else message
    try:
        import framebuf
    except ImportError:
        return
    width = 8 * len(text)
    if width > display.width:
        text = text[:display.width // 8]
        width = 8 * len(text)
    buf = bytearray(width * 8 * 2)
    fb = framebuf.FrameBuffer(buf, width, 8, framebuf.RGB565)
    fb.fill(0x5104)  # 0x0451 byte-swapped: framebuf stores little-endian
    fb.text(text, 0, 0, 0xFFFF)
    display.blit(buf, (display.width - width) // 2, display.height // 2 - 4, width, 8)


def missing(err, name):
    """True if ImportError `err` says module `name` (or its package) is absent, not broken inside."""
    msg = str(err)
    if "named" not in msg:
        return False
    return ("'" + name + "'") in msg or ("'" + name.split(".")[0] + "'") in msg


TYPE_CHECKING = False
if TYPE_CHECKING:       # the type checker's names for a Board's parts; never run
    from hal.st7789 import ST7789
    from hal.buttons import Buttons
    from hal.uart import Link
    from hal.storage import Storage
    from hal.clock import Clock
    from hal.idle import Idle
    from hal.sound import Sound
    from hal.battery import Battery
    from hal.absent import Silent, NoBattery


class Board:
    """The parts (docs/interfaces.md) and `name`, `keys` (the key bits this board has: the 1.14
    has no X, Y, the PicoSystem no joystick press), set by build(). The annotations are for
    the type checker: MicroPython compiles them to nothing."""
    name: str
    keys: int
    display: "ST7789"
    buttons: "Buttons"
    link: "Link"
    storage: "Storage"
    clock: "Clock"
    idle: "Idle"
    sound: "Sound | Silent"          # hal/sound.py (hal/absent.py's Silent: no speaker)
    battery: "Battery | NoBattery"   # hal/battery.py (hal/absent.py's NoBattery: USB power)


def sound(machine, pin):
    """board.sound: PWM tones on the speaker's pin (hal/sound.py), or Silent where there is none
    (hal/absent.py: the driver is not even imported)."""
    if pin is None:
        from hal.absent import Silent
        return Silent()
    from hal.sound import Sound
    return Sound(machine, pin)


def battery(machine, pin, now_ms):
    """board.battery: the ADC on the battery's divider (hal/battery.py), or NoBattery (hal/absent.py)."""
    if pin is None:
        from hal.absent import NoBattery
        return NoBattery()
    from hal.battery import Battery
    return Battery(machine.ADC(machine.Pin(pin)), now_ms)


def build(profile=None, machine=None, root="/", init_display=True, sleep_after_s=SLEEP_AFTER_S):
    if machine is None:
        import machine
    if profile is None or isinstance(profile, str):
        profile = load_profile(profile, root)
    from hal.clock import Clock
    from hal.storage import Storage
    from hal.buttons import Buttons
    from hal.idle import Idle
    from hal.uart import open_uart

    clock = Clock()
    fast_peripherals(machine)  # before the SPI and the UART compute their dividers
    Pin = machine.Pin
    display = None
    if profile.DRIVER == "st7789":
        from hal.st7789 import ST7789
        spi = machine.SPI(profile.SPI_ID, baudrate=profile.SPI_BAUD, polarity=0, phase=0,
                          sck=Pin(profile.SCK), mosi=Pin(profile.MOSI))
        display = ST7789(spi, Pin(profile.CS, Pin.OUT), Pin(profile.DC, Pin.OUT),
                         Pin(profile.RST, Pin.OUT), Pin(profile.BL, Pin.OUT),
                         profile.WIDTH, profile.HEIGHT, profile.XOFF, profile.YOFF,
                         profile.MADCTL, profile.INVERT, sleep_ms=clock.sleep_ms,
                         ticks_ms=clock.ticks_ms)
    else:
        raise ValueError("no driver " + profile.DRIVER)
    if init_display:
        display.init()
    idle = Idle(display, sleep_after_s, clock.ticks_ms())
    buttons = Buttons(key_pins(machine, profile), idle=idle)
    link = open_uart(machine, profile.UART_ID, profile.UART_TX, profile.UART_RX)
    board = Board()
    board.sound = sound(machine, getattr(profile, "SPEAKER", None))
    board.battery = battery(machine, getattr(profile, "BATTERY_ADC", None), clock.ticks_ms())
    board.name = profile.NAME
    board.keys = 0
    for bit, _ in profile.KEYS:
        board.keys |= bit
    board.display = display
    board.buttons = buttons
    board.link = link
    board.storage = Storage(root)
    board.clock = clock
    board.idle = idle
    return board
