# tests/test_vpico.py: board B of a linked pair on the virtual Pico. Says READY, waits for
# `expect` bytes on UART0, sends back the first `back` of them reversed, and prints what it got
# (hex) between GOT and END.
import binascii

import machine

expect = 26
back = 15
u = machine.UART(0, 115200)
print('READY')
buf = b''
while len(buf) < expect:
    buf += u.read(u.any()) if u.any() else b''
u.write(bytes(reversed(buf[:back])))
print('GOT', binascii.hexlify(buf).decode(), 'END')
