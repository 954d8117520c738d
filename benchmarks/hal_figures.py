"""Figures for the hal: driver buffers, SPI bytes and modelled time, score-log bytes, .mpy sizes.

    .venv/bin/python benchmarks/hal_figures.py

SPI time is modelled as bits / 62.5 MHz (the RP2040's SPI maximum at a 125 MHz
system clock): no gaps between writes, no CS/DC toggling cost, no Python overhead
(the real figure is higher; this is the wire's floor).
"""
import os
import subprocess
import sys
import tempfile

from benchpath import ROOT
import fake_machine

sys.modules["machine"] = fake_machine

SPI_HZ = 62_500_000


def spi_cost(fn):
    fake_machine.reset()
    from hal import board
    b = board.build("pico_lcd_13", machine=fake_machine, root=tempfile.gettempdir() + "/")
    spi = b.display.spi
    n0, w0 = spi.bytes_written, spi.writes
    fn(b.display)
    n = spi.bytes_written - n0
    return n, spi.writes - w0, n * 8 / SPI_HZ * 1000


def main():
    from hal import uart
    fake_machine.reset()
    from hal import board
    b = board.build("pico_lcd_13", machine=fake_machine, root=tempfile.gettempdir() + "/")
    d = b.display
    print("== driver buffers (bytes)")
    print("st7789 pixel buffer        %6d" % len(d.buf))
    print("st7789 command + args      %6d" % (len(d._command_byte) + len(d._args)))
    print("uart RX buffer (driver)    %6d" % uart.RXBUF)
    print("uart TX buffer (driver)    %6d" % uart.TXBUF)
    nk = len(b.buttons._pins)
    print("buttons: 2 lists of %d ints (per-key change tick, next repeat), no buffers" % nk)

    print("== SPI traffic at %.1f MHz (modelled: bits / clock)" % (SPI_HZ / 1e6))
    n, w, ms = spi_cost(lambda d: d.fill_rect(0, 0, 240, 240, 0x0451))
    print("full-screen redraw (one fill_rect 240x240)   %7d bytes %4d writes %6.2f ms" % (n, w, ms))
    tile = bytearray(28 * 40 * 2)

    def full_blits(d):
        for y in range(0, 240, 40):
            for x in range(0, 240, 24):
                d.blit(tile, x, y, 24, 40)

    n, w, ms = spi_cost(full_blits)
    print("full-screen redraw (60 blits of 24x40 tiles) %7d bytes %4d writes %6.2f ms" % (n, w, ms))

    def cursor(d):
        d.blit(tile, 10, 190, 28, 40)  # tile losing the cursor
        d.blit(tile, 38, 190, 28, 40)  # tile gaining it

    n, w, ms = spi_cost(cursor)
    print("cursor move (2 tiles of 28x40 redrawn)       %7d bytes %4d writes %6.2f ms" % (n, w, ms))

    print("== score log")
    import scorelog
    rec = {"seq": 41, "variant": "burako", "seats": "HAAA",
           "hands": [[310, -45], [120, 260], [515, 80], [-60, 405], [230, 190], [680, 110]],
           "final": [1795, 1000], "winner": 0}
    print("4-player 6-hand match record: %d bytes (framing 9 + payload %d)"
          % (len(scorelog.encode(rec)), len(scorelog.encode(rec)) - 9))
    rec2 = dict(rec, seats="HA", hands=rec["hands"][:3], final=[945, 665])
    print("2-player 3-hand match record: %d bytes" % len(scorelog.encode(rec2)))

    print("== .mpy sizes (mpy-cross 1.27)")
    from emulator.runtimes import wasi
    tool = str(wasi.mpy_cross_path())
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        hal = os.path.join(ROOT, "firmware", "hal")
        for name in sorted(os.listdir(hal)):
            if not name.endswith(".py"):
                continue
            out = os.path.join(tmp, name[:-3] + ".mpy")
            subprocess.run([tool, "-s", "hal/" + name, "-o", out, os.path.join(hal, name)], check=True)
            size = os.path.getsize(out)
            total += size
            print("hal/%-24s %6d" % (name[:-3] + ".mpy", size))
        print("firmware/hal total           %6d" % total)
        out = os.path.join(tmp, "scorelog.mpy")
        subprocess.run([tool, "-o", out, os.path.join(ROOT, "firmware", "scorelog.py")], check=True)
        print("scorelog.mpy                 %6d" % os.path.getsize(out))


if __name__ == "__main__":
    main()
