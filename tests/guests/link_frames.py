# tests/test_link_micropython.py: the frame layer inside MicroPython. W: each payload's frame as
# built; G: each payload the receiver took from the damaged stream fed in cuts; B: its bad
# frames and frames. The data comes as strings of hex (and of cut lengths), never as long list
# literals: a literal of N items needs N stack slots in the module's top-level frame, which
# lives on the GC heap reachable from no root, and the first gc.collect() between steps would
# free it under the running loop (a wasm out-of-bounds trap).
import binascii
import gc

from link import frame

gc.disable()
payloads = ''       # hex payloads, space-separated
stream = ''         # the damaged stream, hex
cuts = ''           # the lengths it is fed in, space-separated
PAYLOADS = [binascii.unhexlify(x) for x in payloads.split()]
STREAM = binascii.unhexlify(stream)
CUTS = [int(x) for x in cuts.split()]


def run():
    enc = frame.Encoder()
    for i in range(len(PAYLOADS)):
        print('W', binascii.hexlify(bytes(enc.build(2, i, 7, PAYLOADS[i]))).decode())
        yield

    def on_frame(buf, n):
        print('G', binascii.hexlify(bytes(buf[frame.HEAD:n])).decode())
    rx = frame.Receiver(on_frame)
    chunk = bytearray(64)
    i = 0
    for k in CUTS:
        part = STREAM[i:i + k]
        for j in range(len(part)):
            chunk[j] = part[j]
        rx.feed(chunk, len(part))
        i += k
        yield
    print('B', rx.bad, rx.frames)


S = run()
for _ in S:
    gc.collect()
