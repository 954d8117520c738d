"""SPI traffic of the real UI through the real ST7789 driver.

    .venv/bin/python benchmarks/spi_figures.py [--json]

--json: the last line is one flat JSON object (spi_bytes_full_redraw,
spi_bytes_cursor_move, spi_bytes_select, spi_ms_full_redraw, ...).

The App draws on a board built by hal/board.py from the Pico-LCD-1.3 profile,
with the tests' recording `machine` underneath: every byte the driver sends
over SPI is counted. Transfer time is modelled as bits / 62.5 MHz (no gaps,
no Python time).
"""
import argparse
import json
import tempfile

import benchpath  # noqa: F401  (puts the checkout, tests/ and firmware/ on sys.path)
import hal_support

HZ = 62_500_000


def spi_bytes(bus, start):
    """Payload bytes of the SPI writes recorded in bus[start:]."""
    n = 0
    i = start
    while i < len(bus):
        if bus[i] & 0x80:          # a traced pin change: 3 bytes
            i += 3
            continue
        k = bus[i + 1] | (bus[i + 2] << 8)
        n += k
        i += 3 + k
    return n


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="store_true", help="end with one flat JSON object")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as d:
        m, board = hal_support.build_board("pico_lcd_13", root=d + "/")
        from burako.game import new_match
        from hal import keys
        from ui import screen as regions
        from ui.app import App

        app = App(board, seed=5)
        app.settings.ai_seats = 0b10
        new_match(app)

        def press(k):
            app.screen.key(k)

        def draw():
            app.screen.draw(app.dirty)
            app.dirty = 0

        press(keys.A)                     # draw: the table is now mid-turn
        draw()
        rows = []
        for key, name, act in (
                ("full_redraw", "full-screen redraw of the game screen", lambda: setattr(app, "dirty", regions.ALL)),
                ("cursor_move", "cursor move (one step right)", lambda: press(keys.RIGHT)),
                ("select", "select the tile under the cursor", lambda: press(keys.A))):
            start = len(m.bus)
            act()
            draw()
            b = spi_bytes(m.bus, start)
            rows.append((key, name, b, b * 8 / HZ * 1000))
    for key, name, b, ms in rows:
        print(f"{name:40s} {b:7d} SPI bytes  {ms:6.2f} ms at 62.5 MHz")
    if args.json:
        out = {}
        for key, name, b, ms in rows:
            out["spi_bytes_" + key] = b
            out["spi_ms_" + key] = round(ms, 3)
        print(json.dumps(out, sort_keys=True))


if __name__ == "__main__":
    main()
