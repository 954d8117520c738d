"""`burako link-relay`: a fault-injecting relay between two link-cable ends,
and the fault model it applies (also used in memory by the link tests and
figures, so the process and the property tests damage bytes the same way):
`Faults`, `Cable` on a `SimClock`; `Console` and `duel()` (two Links playing
AI against AI on it); `guest_duel()` (one of them inside real MicroPython).

    burako link-relay LISTEN_PORT TARGET [--drop P] [--flip P] [--dup P]
                      [--delay MS] [--split] [--seed S] [--json]

Listens on 127.0.0.1:LISTEN_PORT (0 picks a free port; the port is printed on
stderr as `listening on 127.0.0.1:PORT`), accepts one connection, opens
TARGET (a pyserial URL such as `socket://127.0.0.1:7001` or `/dev/pts/3`, or
a bare TCP port on 127.0.0.1) and pumps bytes both ways, damaging them on the
way. Ends when either side closes or on Ctrl-C / SIGTERM, then prints its
figures (one JSON object with --json).
"""
from __future__ import annotations

import collections
import json
import random
import signal
import socket
import sys
import time


class Faults:
    """Per-byte damage: drop, flip one bit, duplicate; a delay in ms; with
    split, data is delivered in random small pieces (split reads, merged
    frames). Seeded: the same seed damages the same bytes."""

    def __init__(self, drop=0.0, flip=0.0, dup=0.0, delay=0, split=False, seed=0):
        self.drop, self.flip, self.dup = drop, flip, dup
        self.delay = delay
        self.split = split
        self.rng = random.Random(seed)
        self.stats = collections.Counter()

    def mangle(self, data):
        if not (self.drop or self.flip or self.dup):
            self.stats["bytes"] += len(data)
            return bytes(data)
        r = self.rng.random
        out = bytearray()
        for b in data:
            self.stats["bytes"] += 1
            if r() < self.drop:
                self.stats["dropped"] += 1
                continue
            if r() < self.flip:
                b ^= 1 << self.rng.randrange(8)
                self.stats["flipped"] += 1
            out.append(b)
            if r() < self.dup:
                out.append(b)
                self.stats["duplicated"] += 1
        return bytes(out)

    def piece(self, n):
        """How many of n waiting bytes to deliver now."""
        if not self.split or n <= 1:
            return n
        return self.rng.randint(1, min(n, 24))


class SimClock:
    """board.clock on simulated time (MicroPython's wrap-around ticks)."""

    PERIOD = 1 << 30

    def __init__(self, start=0):
        self.now = start

    def ticks_ms(self):
        return self.now & (self.PERIOD - 1)

    def ticks_diff(self, a, b):
        h = self.PERIOD >> 1
        return ((a - b + h) & (self.PERIOD - 1)) - h

    def ticks_add(self, t, d):
        return (t + d) & (self.PERIOD - 1)

    def sleep_ms(self, n):
        self.now += max(0, n)


class Wire:
    """One direction of an in-memory cable on a SimClock: what is written
    arrives, damaged by `faults`, after their delay. cut=True loses everything."""

    def __init__(self, clock, faults=None):
        self.clock = clock
        self.faults = faults or Faults()
        self.q = collections.deque()   # (arrival ms, bytes)
        self.cut = False

    def write(self, data):
        if not self.cut:
            d = self.faults.mangle(data)
            if d:
                self.q.append((self.clock.now + self.faults.delay, d))
        return len(data)

    def any(self):
        return sum(len(d) for t, d in self.q if t <= self.clock.now)

    def read(self, n):
        out = bytearray()
        if self.q and self.q[0][0] <= self.clock.now:
            want = self.faults.piece(min(n, self.any()))
            while want and self.q and self.q[0][0] <= self.clock.now:
                t, d = self.q.popleft()
                out += d[:want]
                if len(d) > want:
                    self.q.appendleft((t, d[want:]))
                want -= min(want, len(d))
        return bytes(out)


class End:
    """One console's board.link on a Cable."""

    def __init__(self, tx, rx):
        self.tx, self.rx = tx, rx

    def write(self, data):
        return self.tx.write(data)

    def read(self, n):
        return self.rx.read(n)

    def any(self):
        return self.rx.any()


class Cable:
    """Two Wires and their two ends; `cut` pulls the plug both ways."""

    def __init__(self, clock, ab=None, ba=None):
        self.ab = Wire(clock, ab)
        self.ba = Wire(clock, ba)
        self.a = End(self.ab, self.ba)
        self.b = End(self.ba, self.ab)

    @property
    def cut(self):
        return self.ab.cut

    @cut.setter
    def cut(self, v):
        self.ab.cut = self.ba.cut = v
        if v:
            self.ab.q.clear()
            self.ba.q.clear()


class _Board:
    def __init__(self, link, clock):
        self.link, self.clock = link, clock


def link_moves(variant):
    """The game side of the link protocol a variant name is played with (the Link's `moves`):
    Rummy's rummy/moves.py, else the Link's default (link/moves_burako.py)."""
    if variant == "rummy":
        from rummy import moves
        return moves
    return None


def nonces(seed):
    """A deterministic nonce source for Link(nonce=...) in tests and figures."""
    r = random.Random(seed)
    return lambda n: bytes(r.randrange(256) for _ in range(n))


class Console:
    """One side of a simulated duel: a Link on a cable end, its AI, and what
    it persisted (the bytes of link.saved() at its last turn boundary)."""

    def __init__(self, end, clock, variant, target, seed, ai=None, **kw):
        from ai.basic import BasicAI
        from link.session import Link

        self.board = _Board(end, clock)
        self.ai = ai or BasicAI()
        self.variant, self.target, self.seed, self.kw = variant, target, seed, kw
        self.boots = 0
        self.save = None
        kw.setdefault("moves", link_moves(variant))
        self.link = Link(self.board, variant, target, nonce=nonces(seed), **kw)
        self._keep()
        self.events = []
        self.playing = True     # False: the AI holds its move (tests freeze a turn)

    def power_cycle(self, keep_save=True):
        """The console is switched off and on: a new Link from the save."""
        from link.session import Link

        self.boots += 1
        saved = self.save if keep_save else None
        self.link = Link(self.board, self.variant, self.target, saved=saved,
                         nonce=nonces(self.seed * 1000 + self.boots), **self.kw)
        self._keep()

    def _keep(self):
        # hidden hands: this console saves, so its steps wait for the save (link/hide.py)
        if self.link.hidden is not None:
            self.link.hidden.keep = True

    def step(self, play=None):
        L = self.link
        L.poll()
        while True:
            e = L.next_event()
            if e is None:
                break
            self.events.append(e)
        if (self.playing if play is None else play) and L.my_turn():
            err = L.send_move(self.ai.choose(L.game))
            if err:
                raise AssertionError(f"the AI's move was refused: {err}")
        g = L.game
        if L.dirty and g is not None and (g.turn != L.seat or g.phase >= 4 or L.hidden is not None) \
                and L.safe_to_write():
            self.save = L.saved()       # the UI's save at a turn boundary (hidden hands: any move)


def duel(variant="burako", target=0, seed=1, faults=(None, None), tick=5, until=None,
         max_ms=3_000_000, consoles=None, clock=None, cable=None, **kw):
    """Two consoles on one in-memory cable play AI against AI on simulated
    time until both links have ended (or until(a, b, clock) is true).
    Returns (a, b, clock, cable)."""
    from link.session import ENDED

    clock = clock or SimClock(1000)
    cable = cable or Cable(clock, faults[0], faults[1])
    if consoles is None:
        consoles = (Console(cable.a, clock, variant, target, seed * 2 + 1, **kw),
                    Console(cable.b, clock, variant, target, seed * 2 + 2, **kw))
    a, b = consoles
    t_end = clock.now + max_ms
    while clock.now < t_end:
        clock.now += tick
        a.step()
        b.step()
        if until is not None:
            if until(a, b, clock):
                break
        elif a.link.state == ENDED and b.link.state == ENDED and a.link.idle() and b.link.idle():
            break
    return a, b, clock, cable


# --- a console inside real MicroPython against a CPython console -----------------
def duel_program(variant="burako", target=0, moves=60000, nonce=1):
    """The guest of guest_duel(): emulator/guests/link_wire.py (the guest console's board, its
    clock and wire, repeatable nonces from `nonce`) then link_duel.py (a Link and its AI playing
    up to `moves` moves)."""
    from emulator.runtimes import wasi

    return wasi.program(["link_wire.py", "link_duel.py"], SEQ=[nonce], _VARIANT=variant, _TARGET=target,
                        most=moves)


def guest_wire(cable, clock, peer, tick=10, play=None):
    """The `wire` host function of a console inside MicroPython (emulator/guests/link_wire.py)
    on cable end a: its bytes onto the cable, the clock on by `tick` ms, the CPython Console
    `peer` (on end b) one step (play(): whether its AI moves; None: as it would), and what
    the peer sent back into the guest's buffer."""
    def wire(call):
        tx, n, rx = (int(x) for x in call.text.split())
        if n:
            cable.a.write(call.read(tx, n))
        clock.now += tick
        peer.step(play=None if play is None else play())
        out = cable.a.read(256)
        if out:
            call.write(rx, out)
        return "%d %d" % (len(out), clock.now)
    return wire


def guest_duel(variant="burako", target=300, moves=10**6, heap=128 * 1024, faults=(None, None),
               seed=1, tick=10, timeout=120.0):
    """A Link inside MicroPython (WASI, -X heapsize=heap) plays AI against a
    CPython Link over an in-memory cable. Returns (guest figures dict, the
    CPython Console)."""
    from emulator.runtimes import wasi

    clock = SimClock(1000)
    cable = Cable(clock, faults[0], faults[1])
    peer = Console(cable.b, clock, variant, target, seed)
    wire = guest_wire(cable, clock, peer, tick, play=lambda: peer.link.count < moves)
    script = duel_program(variant, target, min(moves, 60000), seed * 7919)
    g = wasi.Guest(heap=heap, timeout=timeout, host_functions={"wire": wire})
    res = g.run(script)
    line = [x for x in res.lines if x.startswith("R ")][-1].split()
    fig = {"count": int(line[1]), "seat": int(line[2]), "state": int(line[3]),
           "reason": int(line[4]), "scores": [int(line[5]), int(line[6])],
           "match_id": line[7], "digest": line[8], "heap_after_construct": int(line[9]),
           "heap_peak": int(line[10]), "fuel": res.fuel}
    return fig, peer


# --- the relay process ---------------------------------------------------------
def _prob(text):
    import argparse

    try:
        p = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a probability")
    if not 0.0 <= p <= 1.0:
        raise argparse.ArgumentTypeError(f"{text} is not a probability between 0 and 1")
    return p


def _target_url(t):
    return f"socket://127.0.0.1:{t}" if t.isdigit() else t


class _Side:
    """One side's pending bytes: delayed, then delivered in pieces."""

    def __init__(self, faults):
        self.f = faults
        self.q = collections.deque()

    def take(self, data, now):
        d = self.f.mangle(data)
        if d:
            self.q.append((now + self.f.delay / 1000.0, d))

    def due(self, now):
        while self.q and self.q[0][0] <= now:
            t, d = self.q.popleft()
            k = self.f.piece(len(d))
            if k < len(d):
                self.q.appendleft((t, d[k:]))
            yield d[:k]


def run_relay(listen_port, target, faults_ab, faults_ba, announce=None, stop=None):
    """Open TARGET, then relay it to clients on 127.0.0.1:listen_port until
    stop() is true or Ctrl-C; returns the figures. A client that goes away (a
    console powered off, a pulled cable) is followed by the next one, and a
    newer client replaces the one connected (a console back before its old
    connection was seen to close); a target that closes is opened again every
    half second. Only the first open of TARGET must succeed."""
    import serial

    url = _target_url(target)
    ser = serial.serial_for_url(url, timeout=0)
    srv = socket.socket()
    try:
        srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        srv.bind(("127.0.0.1", listen_port))
        srv.listen(2)
    except BaseException:
        ser.close()
        srv.close()
        raise
    srv.setblocking(False)
    if announce:
        announce(srv.getsockname()[1])
    a2b, b2a = _Side(faults_ab), _Side(faults_ba)
    t0 = time.monotonic()
    conn = None
    conns = 0
    reopen = 0.0
    try:
        while not (stop and stop()):
            now = time.monotonic()
            busy = False
            try:
                c, _ = srv.accept()
                c.setblocking(False)
                c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                if conn is not None:
                    conn.close()
                conn = c
                conns += 1
            except (BlockingIOError, InterruptedError):
                pass
            if ser is None and now >= reopen:
                reopen = now + 0.5
                try:
                    ser = serial.serial_for_url(url, timeout=0)
                except (serial.SerialException, OSError, ValueError):
                    ser = None
            if conn is not None:
                try:
                    d = conn.recv(4096)
                    if d:
                        a2b.take(d, now)
                        busy = True
                    else:
                        conn.close()        # that console went away: wait for the next
                        conn = None
                except BlockingIOError:
                    pass
                except OSError:
                    conn.close()
                    conn = None
            if ser is not None:
                try:
                    d = ser.read(4096)
                    if d:
                        b2a.take(d, now)
                        busy = True
                    for piece in a2b.due(now):
                        ser.write(piece)
                except (OSError, serial.SerialException):
                    ser.close()             # the target went away: open it again
                    ser = None
                    reopen = now + 0.5
            for piece in b2a.due(now):
                if conn is not None:
                    try:
                        conn.sendall(piece)
                    except OSError:
                        conn.close()
                        conn = None
            if not busy:
                time.sleep(0.0005 if conn is not None else 0.01)
    except KeyboardInterrupt:
        pass                                # Ctrl-C: the figures all the same
    finally:
        if conn is not None:
            conn.close()
        if ser is not None:
            ser.close()
        srv.close()
    fig = _figures(faults_ab, faults_ba, time.monotonic() - t0)
    fig["connections"] = conns
    return fig


def _figures(ab, ba, seconds):
    out = {"seconds": round(seconds, 3)}
    for name, f in (("a_to_b", ab), ("b_to_a", ba)):
        for k in ("bytes", "dropped", "flipped", "duplicated"):
            out[f"{name}_{k}"] = f.stats[k]
    return out


def cmd_relay(a):
    import serial

    seed = a.seed if a.seed is not None else random.randrange(1 << 30)
    mk = lambda s: Faults(a.drop, a.flip, a.dup, a.delay, a.split, s)  # noqa: E731
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(1))

    def announce(port):
        print(f"listening on 127.0.0.1:{port}", file=sys.stderr, flush=True)

    try:
        fig = run_relay(a.listen_port, a.target, mk(seed), mk(seed + 1), announce,
                        lambda: bool(stopping))
    except (serial.SerialException, ValueError) as e:
        print(f"burako link-relay: cannot open {a.target}: {str(e).splitlines()[0]}",
              file=sys.stderr)
        return 2
    except OSError as e:
        print(f"burako link-relay: cannot listen on 127.0.0.1:{a.listen_port}: {e.strerror}",
              file=sys.stderr)
        return 2
    fig["seed"] = seed
    if a.json:
        print(json.dumps(fig))
    else:
        for k, v in fig.items():
            print(f"{k:<22} {v}")
    return 0


def add_parser(subparsers):
    from host.args import whole

    r = subparsers.add_parser("link-relay", help="relay two link-cable ends, damaging bytes on the way")
    r.add_argument("listen_port", metavar="LISTEN_PORT", type=whole(0, 65535, "a TCP port"),
                   help="TCP port on 127.0.0.1 to accept one end on, one connection after another "
                        "(a console that powers off comes back through it; 0: any free port)")
    r.add_argument("target", metavar="TARGET",
                   help="the other end: a pyserial URL (socket://127.0.0.1:PORT, /dev/pts/N) or a TCP port")
    r.add_argument("--drop", type=_prob, default=0.0, metavar="P", help="probability a byte is lost")
    r.add_argument("--flip", type=_prob, default=0.0, metavar="P", help="probability a byte gets one bit flipped")
    r.add_argument("--dup", type=_prob, default=0.0, metavar="P", help="probability a byte is doubled")
    r.add_argument("--delay", type=whole(0, 60000, "a delay in ms"), default=0, metavar="MS", help="delay every byte this long")
    r.add_argument("--split", action="store_true", help="deliver in random small pieces")
    r.add_argument("--seed", type=whole(0, 2**31, "a seed"), default=None, metavar="S", help="seed of the damage (default: random)")
    r.add_argument("--json", action="store_true", help="figures as one JSON object")
    r.set_defaults(func=cmd_relay)
    return subparsers
