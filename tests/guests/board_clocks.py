# tests/test_hal_vpico.py: the board built on the rp2 firmware (virtual Pico): its SPI and UART
# as the port prints them, clk_peri's source (CLK_PERI_CTRL) and the CPU clock.
import machine

from hal import board

b = board.build()
print('SPI', b.display.spi)
print('UART', b.link.uart)
print('PERI %x' % machine.mem32[0x40008048])
print('CPU', machine.freq())
