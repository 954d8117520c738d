"""The link byte stream on a UART (UART0, TX GP0 / RX GP1 on the reference board).

Implements the link interface of docs/interfaces.md: write(data), read(n), any().

Receive buffer: RXBUF = 512 bytes, held by the UART driver and filled by its
interrupt handler, so one whole link frame (the link protocol keeps frames
under 512 bytes including framing) can arrive while the game is busy drawing
or thinking. Bytes arriving when it is full are lost, and so are bytes that
arrive while the RP2040 writes flash (interrupts are off): never write the
score log during a link exchange. Reads never block (timeout=0).
"""
from micropython import const

RXBUF = const(512)
TXBUF = const(256)
BAUD = const(115200)


class Link:
    def __init__(self, uart):
        self.uart = uart

    def write(self, data):
        written = self.uart.write(data)
        return 0 if written is None else written

    def read(self, count):
        return self.uart.read(count)

    def readinto(self, buf):
        return self.uart.readinto(buf)

    def any(self):
        return self.uart.any()


def open_uart(machine, uart_id, tx, rx, baud=BAUD, rxbuf=RXBUF, txbuf=TXBUF):
    uart = machine.UART(uart_id, baudrate=baud, bits=8, parity=None, stop=1,
                        tx=machine.Pin(tx), rx=machine.Pin(rx),
                        rxbuf=rxbuf, txbuf=txbuf, timeout=0)
    return Link(uart)
