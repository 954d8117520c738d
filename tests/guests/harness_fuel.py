# tests/test_mpy_harness.py: fuel readings while the heap grows. Allocates five buffers of
# growing size and prints the fuel spent since the previous reading after each (fuel() is the
# harness' prelude's).
r = []
a = fuel()
for i in range(5):
    r.append(bytearray(i * 100))
    b = fuel()
    print(b - a)
    a = b
