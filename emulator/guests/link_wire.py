# A console's board inside MicroPython for a Link against a CPython console (host/relay.py
# guest_duel(), tests/test_link_rummy.py, tests/hostile.py), joined before the program that plays:
# the board B with its clock (the simulated time the host sets), its wire (a pair of bytearrays
# the host reads and fills by address: each step the guest hands over what it sent and takes
# what the CPython console sent) and nonce(), repeatable nonces from the seed in SEQ.
class Clock:
    def __init__(self):
        self.now = 1000

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b


class Wire:
    def __init__(self):
        self.tx = bytearray(1024)
        self.txn = 0
        self.rx = bytearray(256)
        self.rxn = 0
        self.rxi = 0

    def write(self, d):
        n = len(d)
        self.tx[self.txn:self.txn + n] = d
        self.txn += n
        return n

    def any(self):
        return self.rxn - self.rxi

    def readinto(self, buf):
        k = min(len(buf), self.rxn - self.rxi)
        rx = self.rx
        i = self.rxi
        for j in range(k):
            buf[j] = rx[i + j]
        self.rxi = i + k
        return k


class Board:
    pass


B = Board()
B.clock = Clock()
B.link = Wire()
SEQ = [1]         # the nonces' seed


def nonce(n):
    SEQ[0] += 1
    return bytes([(SEQ[0] * 131 + i * 29) & 255 for i in range(n)])
