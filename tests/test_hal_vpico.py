"""hal on the virtual Pico (docs/vpico.md "Speed"): the real MicroPython v1.27.0 rp2 firmware on
rp2040js, the firmware/ tree mounted with the real `mpremote mount`; and the project's own UF2
(hal frozen in, `make uf2`) when one is built (required with BURAKO_REQUIRE_UF2, as in CI).

MicroPython 1.27 clocks the RP2040's peripherals (clk_peri) from the 48 MHz USB PLL, so SPI gets
24 MHz at most; hal.board.build() moves clk_peri to the 125 MHz system clock first, so the
display's SPI runs at 62.5 MHz, and the link UART, made after the change, still runs at 115200.
"""
import os
import re
import shutil
from pathlib import Path

import pytest

from emulator.runtimes import rp2040, wasi

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow


def _ready():
    if shutil.which("node") and not rp2040.node_modules_ready() and not rp2040.npm_ci():
        why = "npm ci failed in emulator/runtimes/rp2040"
    else:
        why = rp2040.missing()
    if why:
        if os.environ.get("CI") == "true" or os.environ.get("BURAKO_REQUIRE_UF2"):
            pytest.fail(f"virtual Pico unavailable under CI: {why}")
        pytest.skip(f"virtual Pico unavailable: {why}")


@pytest.fixture(params=["stock", "uf2"])
def pico(request, tmp_path):
    _ready()
    uf2 = None
    if request.param == "uf2":
        from test_uf2 import project_uf2

        uf2 = project_uf2("pico_lcd_13")    # (skips, or fails under BURAKO_REQUIRE_UF2, without a fresh UF2)
    with rp2040.VPico(tmp_path / "flash.bin", uf2=uf2) as p:
        p.wait_event("usb")
        p.frozen = uf2 is not None
        yield p


def test_board_clocks_the_spi_at_62_5_mhz_and_the_link_at_115200(pico):
    if pico.frozen:  # hal is in the UF2: nothing to mount
        out = rp2040.mpremote(pico.port, "exec", wasi.program("board_clocks.py"), timeout=300)
    else:
        out = rp2040.mpremote(pico.port, "mount", str(ROOT / "firmware"), "exec",
                              wasi.program("board_clocks.py"), timeout=300)
    spi = re.search(r"SPI (SPI\(.*\))", out).group(1)
    uart = re.search(r"UART (UART\(.*\))", out).group(1)
    assert "baudrate=62500000" in spi, out  # pico-sdk's own figure: clk_peri / 2
    assert "baudrate=115200," in uart, out
    peri = int(re.search(r"PERI ([0-9a-f]+)", out).group(1), 16)
    assert peri & (1 << 11) and (peri >> 5) & 7 in (0, 1), out  # enabled, from clk_sys or pll_sys
    assert "CPU 125000000" in out
    s = pico.stats()
    # what the emulated hardware does with the dividers the firmware programmed
    assert s["spi_hz"] == 62_500_000
    assert abs(s["uart_baud"] - 115200) / 115200 < 0.01
