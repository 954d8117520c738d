"""Two consoles' hidden-hand deal (firmware/link/hidden.py, docs/link.md "Hidden hands") played
in memory: the layout of a 2-player hand the tests and figures use, the message exchange, and a
Hand inside real MicroPython (GuestHand: tests/guests/hidden_hand.py) with the same API, driven
step by step, reporting each step's fuel and heap."""
import hashlib

from emulator.runtimes import wasi
from engine import game
from link import session

RACK = 11
A_RACK = tuple(range(0, RACK))                  # A's rack: positions dealt to A
B_RACK = tuple(range(RACK, 2 * RACK))
MUERTOS = (tuple(range(22, 33)), tuple(range(33, 44)))
STOCK = tuple(range(105, 43, -1))               # drawn from the end, as engine/game.py pops it


def secret(tag):
    return hashlib.sha256(str(tag).encode()).digest()


class Wire:
    """Counts the payload bytes each way and the frames they take (docs/link.md "Frames": 7
    bytes of framing each, one payload a frame; acks ride on answers or cost 7 bytes more)."""

    def __init__(self):
        self.bytes = 0
        self.frames = 0

    def __call__(self, p):
        if p is not None:
            self.bytes += len(p) + 7
            self.frames += 1
        return p


def shuffle(a, b, k=2, wire=None):
    """Both seals, A's pass streamed k elements at a time, B's deck back."""
    w = wire or Wire()
    assert b.take(w(a.commit())) is None and a.take(w(b.commit())) is None
    while True:
        p = a.shuffle(k)
        if p is None:
            break
        assert b.take(w(p)) is None
    for i in range(0, a.n, 14):
        assert a.take(w(b.deck_out(i))) is None
    assert a.ready() and b.ready()
    return w


def deal(a, b, wire=None, k=RACK):
    """Each console removes its layer from the other's rack, k positions a message (1: one
    pow() a step on either side, as the console's session does); the tile ids each learned."""
    w = wire or Wire()
    got_a, got_b = [], []
    for j in A_RACK:
        a.expect(j)
    for j in B_RACK:
        b.expect(j)
    for i in range(0, RACK, k):
        got_b += b.take(w(a.give(B_RACK[i:i + k])))
        got_a += a.take(w(b.give(A_RACK[i:i + k])))
    return got_a, got_b


def draw(x, y, pos, wire=None):
    """x draws the tile at pos: y removes its layer for it."""
    w = wire or Wire()
    x.expect(pos)
    return x.take(w(y.give([pos])))


def end(a, b, wire=None):
    """Both reveal; each checks the whole hand. The two reasons (hidden.OK: honest)."""
    w = wire or Wire()
    a.take(w(b.reveal()))
    b.take(w(a.reveal()))
    while a.check(16):
        pass
    while b.check(16):
        pass
    return a.why, b.why


def truth(a, b):
    """The tile id at each position, from both consoles' permutations (what the keys reveal)."""
    t = bytearray(a.n)
    for i in range(a.n):
        t[b.perm[i]] = a.perm[i]
    return t


class GuestHand:
    """A hidden.Hand inside MicroPython (-X heapsize), with Hand's API for the tests' steps. Each
    call records its fuel (self.fuel[op]) and the heap (self.peak: the highest in use before a
    collection; self.kept: after the last step); self.heap: (before importing link/hidden.py,
    after, after the Hand)."""

    def __init__(self, role, sec, n=106, heap=131072):
        self.role = role
        self.n = n
        self.session = wasi.Guest(heap=heap, result_cap=64).start(
            wasi.program("hidden_hand.py", role=role, secret=sec.hex(), n=n),
            handoff=("step",), on_line=self._line)
        self.heap = None
        self.peak = 0
        self.kept = 0
        self.fuel = {}
        self.pending = self.session.next_call(timeout=120)
        self._result()

    def _line(self, text, fuel):
        if text.startswith("HEAP "):
            self.heap = tuple(int(x) for x in text.split()[1:])

    def _result(self):
        if self.pending is None:
            self.session.wait()
            raise AssertionError("the guest ended")
        kind, addr, k, peak, kept, self.rx = self.pending.payload.decode().split()
        self.peak = max(self.peak, int(peak))
        self.kept = int(kept)
        if kind == "I":
            return int(addr)
        if kind == "N":
            return None
        data = self.pending.call.read(int(addr), int(k))
        if kind == "L":
            return list(data)
        if kind == "M":
            out, i = [], 0
            while i < len(data):
                m = data[i] | data[i + 1] << 8
                out.append(data[i + 2:i + 2 + m])
                i += 2 + m
            return out
        return data

    def _do(self, cmd, data=None):
        if data is not None:
            self.pending.call.write(int(self.rx), data)
        start = self.pending.call.fuel
        self.pending.reply(cmd)
        self.pending = self.session.next_call(timeout=600)
        if self.pending is not None:
            op = cmd[0]
            self.fuel.setdefault(op, []).append(self.pending.call.fuel - start)
        return self._result()

    def commit(self):
        return self._do("C")

    def shuffle(self, k=2):
        return self._do("S %d" % k)

    def deck_out(self, i=0):
        return self._do("D %d" % i)

    def take(self, b):
        return None if b is None else self._do("T %d" % len(b), b)

    def give(self, positions, public=False):
        return self._do("G %d %s" % (1 if public else 0, ",".join(map(str, positions))))

    def show(self, positions):
        return self._do("H " + ",".join(map(str, positions)))

    def expect(self, j, public=False):
        return self._do("E %d %d" % (1 if public else 0, j))

    def reveal(self):
        return self._do("R")

    def check(self, k=1):
        return self._do("K %d" % k)

    def saved(self, deck=True):
        return self._do("V %d" % (1 if deck else 0))

    def restore(self, blob):
        return self._do("L %d" % len(blob), blob)

    def ask(self, what):
        return self._do("A %d" % what)

    def mine(self):
        return self._do("M")

    def ready(self):
        return True

    @property
    def why(self):
        return self._do("W")

    @property
    def known(self):
        return bytearray(self._do("X")[:self.n])

    def close(self):
        """Quit the guest; its result (lines)."""
        if self.pending is not None:
            self.pending.reply("Q")
            self.pending = None
        return self.session.wait(timeout=60)


# --- two consoles' whole matches (host/relay.py duel) -------------------------------------------
def hidden_consoles(variant, target, seed):
    """Two consoles with hidden hands on one cable (Rummy israeli's with its AI), the clock
    and the cable."""
    from host.relay import Cable, Console, SimClock
    clock = SimClock(1000)
    cable = Cable(clock, None, None)
    ai = [None, None]
    if variant == "rummy":
        from rummy.ai import RummyAI
        ai = [RummyAI(2), RummyAI(1)]
    return (Console(cable.a, clock, variant, target, seed * 2 + 1, ai=ai[0], hidden=True),
            Console(cable.b, clock, variant, target, seed * 2 + 2, ai=ai[1], hidden=True), clock, cable)


def same_hidden_match(a, b):
    la, lb = a.link, b.link
    for L in (la, lb):
        assert (L.state, L.reason) == (session.ENDED, session.R_MATCH_OVER), (L.reason, L.hidden.why)
        assert L.game.phase == L.over
    assert bytes(la.log) == bytes(lb.log) and la.digest == lb.digest
    ga, gb = la.game, lb.game
    assert ga.history == gb.history and ga.scores == gb.scores
    won = [g.winner if hasattr(g, "winner") else g.winners for g in (ga, gb)]      # (Rummy: winners)
    assert won[0] == won[1]
    for g in (ga, gb):
        assert game.HIDDEN not in bytes(g.racks[0]) + bytes(g.racks[1])
