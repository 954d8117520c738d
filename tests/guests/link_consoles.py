# benchmarks/link_figures.py's link guests, middle part (after link_heap_preload.py or
# link_rummy_heap_preload.py, before link_heap.py or link_rummy_heap.py): the heap importing
# link/ takes (A0 to A1), then the two consoles: a virtual clock, a loop cable, two boards and
# repeatable nonces.
gc.collect()
A0 = gc.mem_alloc()
from link import session as S  # noqa: N812  (after A0: the import's heap is a figure; S as in the measured program)
gc.collect()
A1 = gc.mem_alloc()


class Clock:
    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b


class Loop:
    def __init__(self):
        self.buf = bytearray(600)
        self.buf[0:] = b''
        self.i = 0
        self.peer = None

    def write(self, d):
        self.peer.buf.extend(d)
        return len(d)

    def readinto(self, b):
        # like the UART driver's: copies, allocates nothing
        k = min(len(b), len(self.buf) - self.i)
        src = self.buf
        i = self.i
        for j in range(k):
            b[j] = src[i + j]
        self.i = i + k
        if self.i == len(src):
            src[0:] = b''
            self.i = 0
        return k


class Board:
    pass


CLK = Clock()
WA = Loop()
WB = Loop()
WA.peer = WB
WB.peer = WA
BA = Board()
BA.clock = CLK
BA.link = WA
BB = Board()
BB.clock = CLK
BB.link = WB
SEQ = [0]


def nonce(n):
    SEQ[0] += 1
    return bytes([(SEQ[0] * 97 + i * 31) & 255 for i in range(n)])
