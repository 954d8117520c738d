# tests/test_vpico.py: board A of a linked pair on the virtual Pico. Sends `payload` on UART0,
# waits for `back` bytes in reply, and prints them (hex) and the microseconds it took.
import binascii
import time

import machine

payload = b'abcdefghijklmnopqrstuvwxyz'
back = 15
u = machine.UART(0, 115200)
t = time.ticks_us()
u.write(payload)
buf = b''
while len(buf) < back:
    buf += u.read(u.any()) if u.any() else b''
print(binascii.hexlify(buf).decode(), time.ticks_diff(time.ticks_us(), t))
