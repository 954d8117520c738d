# tests/test_mpy_harness.py: a guest stepped frame by frame through a GuestSession. Each frame
# hands the host a buffer's address and the keys counted so far (host.call 'frame'), and adds
# the keys the host answers; a negative answer ends the loop. Prints the total.
import uctypes

buf = bytearray(8)
total = 0
while True:
    keys = int(host.call('frame', '%d %d' % (uctypes.addressof(buf), total)))
    if keys < 0:
        break
    total += keys
    buf[0] = total
print(total)
