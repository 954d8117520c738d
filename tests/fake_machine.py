"""A stand-in for MicroPython's `machine` module, for driving firmware/hal in tests.

Written so it runs under CPython *and* MicroPython (no typing, no dataclasses).
Install it before importing the drivers:

    import fake_machine, sys
    sys.modules["machine"] = fake_machine     # MicroPython: shadows the built-in one too

Pins share their level by GPIO number in `levels` (inputs with a pull-up read 1
unless a test sets levels[gp] = 0). SPI writes and writes to the traced pins are
appended to one byte log, `bus`, as records:

    0x00 | dc | cs << 1, len_lo, len_hi, data...   an SPI write, with DC and CS levels
    0x80, gpio, level                              a traced output pin changed

tests/panel_model.py decodes it. Set `sink` to a file object to stream the log to
a file instead of memory (a full-screen fill is 115 kB of SPI).
"""

levels = {}
pull_ups = {}
DC = 8
CS = 9
TRACE = (12, 13)  # RST, BL
bus = bytearray()
sink = None
uarts = []
pwms = []
adcs = []
adc_values = {}   # pin -> what its ADC reads (read_u16), set by a test


def reset(dc=8, cs=9, trace=(12, 13)):
    global bus, sink, DC, CS, TRACE
    levels.clear()
    pull_ups.clear()
    del uarts[:]
    del pwms[:]
    del adcs[:]
    adc_values.clear()
    bus = bytearray()
    sink = None
    DC = dc
    CS = cs
    TRACE = trace


def _log(b):
    if sink is not None:
        sink.write(b)
    else:
        bus.extend(b)


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, gp, mode=-1, pull=-1, value=None):
        self.id = gp
        self.mode = mode
        if pull == Pin.PULL_UP:
            pull_ups[gp] = True
        if gp not in levels:
            levels[gp] = 1 if pull == Pin.PULL_UP else 0
        if value is not None:
            self.value(value)

    def value(self, v=None):
        if v is None:
            return levels.get(self.id, 0)
        v = 1 if v else 0
        if self.id in TRACE and levels.get(self.id) != v:
            _log(bytes((0x80, self.id, v)))
        levels[self.id] = v

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


class SPI:
    def __init__(self, spi_id, baudrate=1000000, polarity=0, phase=0, bits=8,
                 firstbit=0, sck=None, mosi=None, miso=None):
        self.id = spi_id
        self.baudrate = baudrate
        self.polarity = polarity
        self.phase = phase
        self.sck = sck
        self.mosi = mosi
        self.bytes_written = 0
        self.writes = 0

    def write(self, buf):
        n = len(buf)
        self.bytes_written += n
        self.writes += 1
        flags = (1 if levels.get(DC, 0) else 0) | (2 if levels.get(CS, 0) else 0)
        # long writes are split so the 16-bit length field always fits
        i = 0
        while i < n:
            k = n - i
            if k > 0xFFFF:
                k = 0xFFFF
            _log(bytes((flags, k & 0xFF, k >> 8)))
            _log(buf[i:i + k])
            i += k


class UART:
    def __init__(self, uart_id, baudrate=115200, bits=8, parity=None, stop=1,
                 tx=None, rx=None, rxbuf=256, txbuf=256, timeout=0):
        self.id = uart_id
        self.baudrate = baudrate
        self.tx = tx
        self.rx = rx
        self.rxbuf = rxbuf
        self.txbuf = txbuf
        self.timeout = timeout
        self.sent = bytearray()
        self.incoming = bytearray()
        uarts.append(self)

    def feed(self, data):
        """Test side: bytes arriving on RX (kept up to rxbuf, the rest lost, as on the device)."""
        room = self.rxbuf - len(self.incoming)
        self.incoming.extend(data[:room])

    def write(self, data):
        self.sent.extend(data)
        return len(data)

    def any(self):
        return len(self.incoming)

    def read(self, n=-1):
        if not self.incoming:
            return None
        if n < 0 or n > len(self.incoming):
            n = len(self.incoming)
        out = bytes(self.incoming[:n])
        self.incoming = self.incoming[n:]
        return out

    def readinto(self, buf):
        data = self.read(len(buf))
        if data is None:
            return None
        buf[:len(data)] = data
        return len(data)


class PWM:
    """A PWM output: its pin, frequency and last duty (("u16", v) or ("ns", v)), every setting
    logged in `log` as (what, value)."""

    def __init__(self, pin, freq=None, duty_u16=None, duty_ns=None):
        self.pin = pin.id
        self.log = []
        self.hz = None
        self.duty = None
        if freq is not None:
            self.freq(freq)
        if duty_u16 is not None:
            self.duty_u16(duty_u16)
        if duty_ns is not None:
            self.duty_ns(duty_ns)
        pwms.append(self)

    def freq(self, hz=None):
        if hz is None:
            return self.hz
        self.hz = hz
        self.log.append(("freq", hz))

    def duty_u16(self, v):
        self.duty = ("u16", v)
        self.log.append(("u16", v))

    def duty_ns(self, v):
        self.duty = ("ns", v)
        self.log.append(("ns", v))


class ADC:
    def __init__(self, pin):
        self.pin = pin.id
        adcs.append(self)

    def read_u16(self):
        return adc_values.get(self.pin, 0)


def freq():
    return 125000000


def idle():
    pass
