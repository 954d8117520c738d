# tests/test_mpy_harness.py: the host reads a guest buffer by its address. Fills 4 KB with
# 0..255 over and over, hands the host the address and length of bytes 256..511 (host.call
# 'blit'), and prints the host's answer and the first three bytes there, which the host
# overwrites with AA BB.
import uctypes

buf = bytearray(4096)
for i in range(len(buf)):
    buf[i] = i & 0xFF
mv = memoryview(buf)[256:512]
r = host.call('blit', '[%d, %d]' % (uctypes.addressof(mv), len(mv)))
print(r, buf[256], buf[257], buf[258])
