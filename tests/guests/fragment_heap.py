# tests/test_device_vpico.py: cut the device's heap into holes of `_size` bytes (fill it with
# bytearrays, free every other one); prints the free heap and the blocks held. Its names start
# with _ : the tool's scripts that run next in the same REPL must not meet them.
import gc

_size = 1024
_junk = []
try:
    while True:
        _junk.append(bytearray(_size))
except MemoryError:
    _junk.pop()
for _i in range(0, len(_junk), 2):
    _junk[_i] = None
del _i
gc.collect()
print(gc.mem_free(), len(_junk))
