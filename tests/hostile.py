"""A hostile peer for the link cable: a console that speaks the real
protocol (firmware/link's frames, transport and session messages) and lies.

The attacker is host/relay.py's Console, a real `Link` with its AI, whose own
state is forged where the attack needs it: `forge()` plays moves for BOTH seats
on its own Link (its honest serving code then answers the victim's SYNC or
REPAIR with that log), `say()` slips any session message onto the cable as a
DATA frame, `hello()` builds a HELLO claiming whatever it likes, and its board's
wire can be wrapped to add bytes (`Trailing`) or trickle them (`Trickle`).

The victim runs either on CPython (`CpVictim`, a relay.Console) or inside the
real MicroPython WASI build at the device's heap (`GuestVictim`, -X
heapsize=131072), with the same view: count, state, reason, by_peer, seat,
turn, idle, saves, dig (the digest of its position), save, log. A scenario is
a generator `scen(v, atk, clock)` that yields once a tick; `drive()` runs it
against either victim and returns what the victim ended with
(`Outcome`: its position's digest recomputed from its game, its log, its save,
its heap peak inside MicroPython)."""

from emulator.link import Buffered
from emulator.runtimes import wasi
from host.relay import Cable, Console, SimClock
from link import deal
from link import msg
from link import repair
from link import session

TICK = 10


# --- the attacker ----------------------------------------------------------------
class Attacker(Console):
    """A real Link (relay.Console) that lies where told."""

    def ahead(self):
        """Play our own turn on our Link without sending it (honest moves the
        victim must then catch up on). Returns how many."""
        L = self.link
        g = L.game
        made = 0
        while g.turn == L.seat and g.phase != L.over:
            mv = self.ai.choose(g)
            L.put_move(L.log, mv, g)
            assert not g.play(mv)
            L.count += 1
            made += 1
        L.pos = L.position(g)
        L.digest = msg.digest(L.pos)
        return made

    def forge(self, victim_seat, n_victim=1, limit=60, alt=False):
        """Play moves on our own Link for whichever seat is to move (the AI
        chooses them) until n_victim moves were made for the victim's seat:
        our log now holds moves the victim never sent (alt: the victim's
        discards another tile than the AI would). Returns how many."""
        L = self.link
        g = L.game
        made = mine = 0
        while mine < n_victim and made < limit and g.phase != L.over:
            seat = g.turn
            mv = self.ai.choose(g)
            if alt and seat == victim_seat and mv[0] == 6:     # DISCARD: another tile
                rack = [t for t in g.racks[seat] if t != mv[2][0]]
                if rack:
                    mv = (6, 0, bytes((rack[-1],)), mv[3])
            k = len(L.log)
            L.put_move(L.log, mv, g)
            if g.play(mv):
                L.log[k:] = b""
                break
            L.count += 1
            made += 1
            mine += seat == victim_seat
        L.pos = L.position(g)
        L.digest = msg.digest(L.pos)
        self.playing = False
        return made

    def say(self, payload):
        """A session message as a DATA frame (the transport's own sequence)."""
        assert self.link.t.send(bytes(payload))

    def hello(self, count=None, dig=None, match=True):
        L = self.link
        if not match:
            return deal.hello(L.variant, L.target, L.fw, None, 0, 0, b"")
        return deal.hello(L.variant, L.target, L.fw, L.match_id, L.seat,
                       L.count if count is None else count, L.digest if dig is None else dig)

    def deaf(self, *kinds):
        """Drop incoming session messages of these kinds (never answer them)."""
        rec = self.link.received

        def received(b, i, n):
            if i < n and b[i] in kinds:
                return None
            return rec(b, i, n)
        self.link.received = received

    def withhold(self, kind):
        """Never send messages of this kind (e.g. msg.REVEAL)."""
        send = self.link.t.send
        self.link.t.send = lambda p: True if p[0] == kind else send(p)

    def restart(self, keep_save=False):
        """A new Link on the same wire (a new SYN id): a power cycle."""
        send = self.link.t.send
        self.power_cycle(keep_save)
        return send


class Trailing:
    """A wire end that writes 0x00 + each write + 0x01: the frames arrive
    whole (a 1-byte junk frame before each), but a frame is always half read
    (the save-starvation attack)."""

    def __init__(self, end):
        self.end = end

    def write(self, d):
        return self.end.write(b"\x00" + bytes(d) + b"\x01")

    def read(self, n):
        return self.end.read(n)

    def any(self):
        return self.end.any()


class Trickle:
    """A wire end that lets out one byte every `ms` (a 1 byte/s peer)."""

    def __init__(self, end, clock, ms=1000):
        self.end, self.clock, self.ms = end, clock, ms
        self.buf = bytearray()
        self.last = clock.now

    def write(self, d):
        if len(self.buf) < 4096:
            self.buf += d
        return len(d)

    def pump(self):
        if self.buf and self.clock.now - self.last >= self.ms:
            self.end.write(self.buf[:1])
            del self.buf[:1]
            self.last = self.clock.now

    def read(self, n):
        self.pump()
        return self.end.read(n)

    def any(self):
        return self.end.any()


def turn_seat(rules, seed, target, log):
    """The seat that made each move of a log (replayed from the deal)."""
    from link import moves_burako
    g = moves_burako.new_game(rules, seed, target)
    seats = []
    i = 0
    while i < len(log):
        mv, i = moves_burako.get_move(log, i, len(log), g)
        seats.append(g.turn)
        assert mv is not None and not g.play(mv)
    return seats


# --- the victims -----------------------------------------------------------------
class SavingConsole(Console):
    """relay.Console that counts its saves."""
    saves = 0

    def step(self, play=None):
        before = self.save
        super().step(play)
        if self.save is not before:
            self.saves += 1


def _ai(variant):
    if variant == "rummy":
        from rummy.ai import RummyAI
        return RummyAI(1)
    return None


class CpVictim:
    """The victim on CPython: a SavingConsole (its Link in view)."""

    kind = "cpython"

    def __init__(self, end, clock, seed=1, saved=None, variant="burako", hidden=False):
        self.c = SavingConsole(end, clock, variant, 0, seed, ai=_ai(variant), hidden=hidden)
        if saved is not None:
            self.c.save = saved
            self.c.power_cycle()
        self.playing = True

    def step(self):
        self.c.step(play=self.playing)

    def __getattr__(self, k):
        L = self.c.link
        if k == "turn":
            return -1 if L.game is None else L.game.turn
        if k == "idle":
            return L.idle()
        if k == "saves":
            return self.c.saves
        if k == "save":
            return self.c.save
        if k == "dig":
            return L.digest
        if k in ("why", "stage", "want"):
            return -1 if L.hidden is None else getattr(L.hidden, k)
        return getattr(L, k)

    def outcome(self):
        L = self.c.link
        dig = b"" if L.game is None else msg.digest(L.position(L.game))
        out = Outcome(L.count, L.state, L.reason, L.by_peer, L.seat, dig, bytes(L.log),
                      self.c.save, self.c.saves, None, L.match_id)
        out.why = -1 if L.hidden is None else L.hidden.why
        return out


class Outcome:
    def __init__(self, count, state, reason, by_peer, seat, dig, log, save, saves, peak, match_id):
        self.count, self.state, self.reason, self.by_peer, self.seat = count, state, reason, by_peer, seat
        self.dig, self.log, self.save, self.saves, self.peak = dig, log, save, saves, peak
        self.match_id = match_id

    def __repr__(self):
        return "Outcome(count=%d state=%d reason=%d by_peer=%s saves=%d peak=%s)" % (
            self.count, self.state, self.reason, self.by_peer, self.saves, self.peak)


HEAP = 131072       # a victim's heap: its Link, engine and AI, no UI (docs/link.md "Heap")
CONSOLE_HEAP = 196608   # the harness's limit for a whole console, UI and link (issue 34)


class GuestVictim:
    """The victim inside real MicroPython (-X heapsize=HEAP): its view is what
    it reported at its last step."""

    kind = "micropython"

    def __init__(self, seed=1, saved=None, variant="burako", heap=HEAP, hidden=False):
        self.seed, self.saved, self.variant, self.heap, self.hidden = seed, saved, variant, heap, hidden
        self.why = self.stage = self.want = -1
        self.playing = True
        self.count = 0
        self.state = session.CONNECTING
        self.reason = session.R_NONE
        self.by_peer = False
        self.seat = -1
        self.turn = -1
        self.idle = False
        self.saves = 0
        self.dig = b""
        self.mem = self.mem_max = self.window = 0

    def reset_peak(self):
        self.window = 0

    def take(self, text):
        f = text.split()
        self.count, self.state, self.reason = int(f[3]), int(f[4]), int(f[5])
        self.by_peer = f[6] == "1"
        self.seat, self.turn, self.idle, self.saves = int(f[7]), int(f[8]), f[9] == "1", int(f[10])
        self.dig = b"" if f[11] == "-" else bytes.fromhex(f[11])
        self.mem = int(f[12])           # heap in use after the last step's collection
        self.mem_max = max(self.mem_max, self.mem)
        self.window = max(self.window, int(f[13]))   # the highest before a collection since reset_peak()
        self.why, self.stage, self.want = int(f[14]), int(f[15]), int(f[16])     # hidden hands' (-1: none)
        return int(f[0]), int(f[1]), int(f[2])


def _unhex(s):
    return b"" if s == "-" else bytes.fromhex(s)


def drive(scen, victim="cpython", seed=1, saved=None, tick=TICK, max_ms=2_000_000,
          attacker=None, variant="burako", heap=HEAP, timeout=300.0, fuel=None, firmware=None, hidden=False):
    """Run scenario `scen(v, atk, clock)` (a generator function yielding once a
    tick) with a victim of the given kind against an Attacker. Returns
    (Outcome, the Attacker, the clock, what the scenario returned)."""
    clock = SimClock(1000)
    cable = Cable(clock)
    atk = attacker(cable.b, clock) if attacker else Attacker(cable.b, clock, variant, 0, seed * 2 + 2,
                                                             ai=_ai(variant), hidden=hidden)
    box = {}
    if victim == "cpython":
        v = CpVictim(cable.a, clock, seed * 2 + 1, saved, variant, hidden)
        gen = scen(v, atk, clock)
        end = clock.now + max_ms
        while clock.now < end:
            clock.now += tick
            v.step()
            atk.step()
            try:
                next(gen)
            except StopIteration as e:
                box["ret"] = e.value
                break
        return v.outcome(), atk, clock, box.get("ret")
    v = GuestVictim(seed * 2 + 1, saved, variant, heap, hidden)
    gen = scen(v, atk, clock)
    st = {"stop": False}
    end = clock.now + max_ms

    def wire(call):
        tx, n, rx = v.take(call.text)
        if n:
            cable.a.write(call.read(tx, n))
        if not st["stop"]:
            clock.now += tick
            atk.step()
            try:
                next(gen)
            except StopIteration as e:
                box["ret"] = e.value
                st["stop"] = True
            if clock.now >= end:
                st["stop"] = True
        out = cable.a.read(256)
        if out:
            call.write(rx, out)
        return "%d %d %d" % (len(out), clock.now, (1 if v.playing else 0) | (2 if st["stop"] else 0))

    # tests/guests/link_victim.py after the guest's wire and board (emulator/guests/link_wire.py)
    script = wasi.program(["link_wire.py", "link_victim.py"], SEQ=[(seed * 2 + 1) * 7919], variant=variant,
                          saved=(saved or b"").hex(), hidden=hidden)
    kw = {} if fuel is None else {"fuel": fuel}
    if firmware is not None:            # a compiled firmware tree (another version's)
        kw["firmware"] = firmware
    res = wasi.Guest(heap=heap, timeout=timeout, host_functions={"wire": wire}, **kw).run(script)
    r = [x for x in res.lines if x.startswith("R ")][-1].split()
    log = [x for x in res.lines if x.startswith("L ")][-1].split()[1]
    save = [x for x in res.lines if x.startswith("S ")][-1].split()[1]
    out = Outcome(int(r[1]), int(r[2]), int(r[3]), r[4] == "1", int(r[5]), _unhex(r[6]), _unhex(log),
                  _unhex(save) or None, int(r[8]), int(r[7]), _unhex(r[9]) or None)
    out.mem_max = v.mem_max
    out.window = v.window
    out.why = v.why                     # (hidden hands': its last report)
    return out, atk, clock, box.get("ret")


# --- scenario pieces -------------------------------------------------------------
def until(cond, clock, ms=600_000):
    """Yield ticks until cond() (AssertionError after ms of simulated time)."""
    end = clock.now + ms
    while not cond():
        if clock.now >= end:
            raise AssertionError("scenario timed out")
        yield


def settle(clock, ms):
    end = clock.now + ms
    while clock.now < end:
        yield


def mid_match(v, atk, clock, count=8):
    """Play honestly until `count` moves in, the attacker to move, both quiet;
    then the victim holds its moves. Returns the victim's (count, digest, log)
    as they are then (the attacker's log is the same)."""
    def ready():
        L = atk.link
        return (L.game is not None and v.count == L.count and v.idle and L.idle()
                and L.game.turn == L.seat and v.dig == L.digest)
    v.playing = atk.playing = True
    yield from until(lambda: atk.link.count >= count, clock)
    atk.playing = False             # the victim plays up to the attacker's turn
    yield from until(ready, clock)
    v.playing = False
    yield from settle(clock, 200)
    L = atk.link
    assert v.count == L.count
    return v.count, v.dig, bytes(L.log)


def ended(v):
    return lambda: v.state == session.ENDED


# --- the attacks -------------------------------------------------------------------
# Each returns (honest state before the attack, ms from the dishonest act to the link's end or None)
def forged_moves(trigger):
    """The attacker plays its own turn and one of the victim's on its Link,
    then makes the victim catch up: 'move' (a MOVE whose ply is ahead),
    'hello' (a HELLO claiming more moves), 'repair' (a HELLO with the same
    count and another digest)."""
    def scen(v, atk, clock):
        before = yield from mid_match(v, atk, clock)
        count = v.count
        atk.forge(v.seat, 1)
        t0 = clock.now
        if trigger == "move":
            atk.say(msg.move(count + 1, b"\0\0\0\0", (0, 0, b"", 0)))
        elif trigger == "hello":
            atk.say(atk.hello())
        else:
            atk.say(atk.hello(count=count, dig=b"\x01\x02\x03\x04"))
        # (a victim that adopts the forged log instead: its count moves on)
        yield from until(lambda: v.state == session.ENDED or v.count > count, clock, 120_000)
        t1 = clock.now
        yield from settle(clock, 300)
        return before, t1 - t0 if v.state == session.ENDED else None
    return scen


def deal_grinding(how):
    """The attacker withholds its REVEAL; once it has the victim's (it knows
    the seed), it asks for another deal: 'hello' (a new HELLO, no match),
    'restart' (a new connection id, no save), 'silence' (never reveals)."""
    def scen(v, atk, clock):
        atk.withhold(msg.REVEAL)
        yield from until(lambda: atk.link.match_id is not None, clock, 120_000)
        t0 = clock.now                  # it knows the deal
        tries = 0
        if how == "hello":
            atk.say(atk.hello(match=False))
        elif how == "restart":
            atk.restart(keep_save=False)
            atk.withhold(msg.REVEAL)
        yield from until(ended(v), clock, 120_000)
        t1 = clock.now
        tries += 1
        yield from settle(clock, 300)
        return None, t1 - t0
    return scen


def dealt_then_abandoned(v, atk, clock):
    """Deal grinding after the deal: the attacker sees the dealt match (no
    move yet) and comes back with no match (a restart without its save)."""
    v.playing = atk.playing = False
    yield from until(lambda: v.state == session.PLAYING and atk.link.state == session.PLAYING, clock, 30_000)
    yield from settle(clock, 200)
    t0 = clock.now
    atk.restart(keep_save=False)
    yield from until(ended(v), clock, 30_000)
    t1 = clock.now
    yield from settle(clock, 300)
    return None, t1 - t0


def log_flood(frames=200, junk=False):
    """Mid-match the attacker makes the victim catch up (a MOVE ahead), never
    answers its requests itself and pours LOG frames on it instead: with
    consecutive move numbers (draws, 400 bytes a frame) or, with junk, frames
    whose move numbers are nobody's. Then LOG(0, ...) frames for the repair
    the victim asks."""
    def scen(v, atk, clock):
        before = yield from mid_match(v, atk, clock)
        count = v.count
        atk.deaf(msg.SYNC, msg.REPAIR)
        getattr(v, "reset_peak", lambda: None)()     # (the flood's own heap peak, in MicroPython)
        t0 = clock.now
        atk.say(msg.move(count + 1, b"\0\0\0\0", (0, 0, b"", 0)))
        sent = 0
        start = count
        while sent < frames and v.state != session.ENDED:
            if len(atk.link.t.queue) < 4:
                body = bytes([0]) * 396         # DRAW moves
                st = 60000 if junk else start
                atk.say(repair.with16(msg.LOG, st & 0xFFFF) + body)
                start += 396
                sent += 1
                if sent == frames // 2 and not junk:
                    start = 0                   # now for the repair it asked
            yield
        yield from settle(clock, 2000)
        return before, clock.now - t0 if v.state == session.ENDED else None
    return scen


def catchups(n, moves=True):
    """Catch-ups, n of them: each time it is its turn the attacker plays it
    on its own Link without sending it (without moves: plays nothing), then
    sends a MOVE whose ply is ahead; the victim asks SYNC, takes the log and
    plays its own turn. Returns (how many were done, the victim's heap after
    collection at each)."""
    def scen(v, atk, clock):
        yield from mid_match(v, atk, clock, 6)
        getattr(v, "reset_peak", lambda: None)()
        mems = []
        done = 0
        while done < n and v.state != session.ENDED and atk.link.game.phase != atk.link.over:
            L = atk.link
            yield from until(lambda: L.game.turn == L.seat and v.count == L.count and L.idle()
                             or v.state == session.ENDED or L.game.phase == L.over, clock, 60_000)
            if v.state == session.ENDED or L.game.phase == L.over:
                break
            c = v.count
            if moves:
                atk.ahead()
            L.repaired = 0              # (our own bound on serving: lifted)
            atk.say(msg.move(L.count + (not moves), b"\0\0\0\0", (0, 0, b"", 0)))
            if moves:
                v.playing = True
                yield from until(lambda: v.count > c or v.state == session.ENDED, clock, 30_000)
            else:
                yield
                yield from until(lambda: v.state != session.CONNECTING and v.idle, clock, 30_000)
            done += 1
            mems.append(getattr(v, "mem", 0))
        return (done, mems), None
    return scen


def false_end(v, atk, clock):
    """END(match over) with the match in play."""
    before = yield from mid_match(v, atk, clock)
    t0 = clock.now
    atk.say(bytes((msg.END, session.R_MATCH_OVER)))
    yield from until(ended(v), clock, 5000)
    t1 = clock.now
    yield from settle(clock, 300)
    return before, t1 - t0


def save_starvation(seconds=120, trickle=False):
    """The attacker's bytes keep a frame always half read: 0x00 frame 0x01
    (a trailing byte after every frame), or, with trickle, one byte a second
    (the victim sees it flap between peer gone and playing). The match goes
    on for `seconds` of simulated time; returns (moves the victim logged,
    its saves, the longest time its log went unsaved in ms, how many times
    it saw the peer gone) and None."""
    def scen(v, atk, clock):
        yield from mid_match(v, atk, clock, 6)
        w = (Trickle if trickle else Trailing)(atk.board.link, *((clock,) if trickle else ()))
        atk.board.link = w
        atk.link.t.stream = w
        v.playing = atk.playing = True
        c0, s0 = v.count, v.saves
        saved_at = (v.count, clock.now)     # the count last saved and when the log grew past it
        unsaved = 0
        gone = 0
        was = v.state
        last = v.saves
        end = clock.now + seconds * 1000
        while clock.now < end and v.state != session.ENDED:
            yield
            if v.state == session.PEER_GONE and was != session.PEER_GONE:
                gone += 1
            was = v.state
            if v.saves != last:
                last = v.saves
                saved_at = (v.count, clock.now)
            elif v.count == saved_at[0]:
                saved_at = (v.count, clock.now)
            unsaved = max(unsaved, clock.now - saved_at[1])
        return (v.count - c0, v.saves - s0, unsaved, gone), None
    return scen


# --- the victim on the virtual Pico (the real rp2 firmware on rp2040js) -------------------
# its device code: tests/guests/link_victim_pico.py


class WallClock:
    """board.clock on the host's wall clock (the attacker against a virtual Pico)."""

    def __init__(self):
        import time
        self._mono = time.monotonic
        self.t0 = self._mono()
        self.now = self.ticks_ms()

    def ticks_ms(self):
        return int((self._mono() - self.t0) * 1000) + 1000

    def ticks_diff(self, a, b):
        return a - b


class SockEnd(Buffered):
    """A Link's stream on a TCP connection (the virtual Pico's UART0 wire)."""

    def __init__(self, port):
        import socket
        super().__init__()
        self.s = socket.create_connection(("127.0.0.1", port))
        self.s.setblocking(False)

    def _pull(self):
        try:
            while True:
                d = self.s.recv(4096)
                if not d:
                    break
                self.buf += d
        except BlockingIOError:
            pass

    def write(self, d):
        self.s.sendall(bytes(d))
        return len(d)

    def _fd(self):
        return self.s


class PicoVictim:
    """The victim's view from the "ST" lines it prints on its USB serial."""

    kind = "vpico"

    def __init__(self, pico):
        self.pico = pico
        self.raw = b""
        self.lines = []
        self.playing = True          # (its AI always plays its turns)
        self.count = self.state = self.reason = self.saves = 0
        self.by_peer = self.idle = False
        self.seat = self.turn = -1
        self.dig = b""

    def pull(self):
        import os
        import select
        while select.select([self.pico._slave], [], [], 0)[0]:
            self.raw += os.read(self.pico._slave, 4096)
        *done, self.raw = self.raw.split(b"\n")
        for ln in done:
            ln = ln.decode(errors="replace").strip()
            self.lines.append(ln)
            if ln.startswith("ST "):
                f = ln.split()
                self.count, self.state, self.reason = int(f[1]), int(f[2]), int(f[3])
                self.by_peer = f[4] == "1"
                self.seat, self.turn = int(f[5]), int(f[6])
                self.idle, self.saves = f[7] == "1", int(f[8])
                self.dig = _unhex(f[9])


def drive_vpico(scen, image, seed=1, max_s=300):
    """Run scenario `scen` against the victim on a virtual Pico booted from
    `image` (a flash holding the built firmware); the attacker on the host
    over the board's UART0 wire, on the wall clock. Returns (Outcome, the
    Attacker, what the scenario returned, the victim's lines)."""
    import time
    from emulator.runtimes import rp2040
    with rp2040.VPico(image, link="listen:0") as pico:
        pico.wait_event("usb")
        clock = WallClock()
        atk = Attacker(SockEnd(pico.listening), clock, "burako", 0, seed * 2 + 2)
        v = PicoVictim(pico)
        rp2040.mpremote(pico.port, "exec", "--no-follow", wasi.program("link_victim_pico.py"))
        gen = scen(v, atk, clock)
        ret = None
        stop = time.monotonic() + max_s
        while time.monotonic() < stop:
            clock.now = clock.ticks_ms()
            v.pull()
            atk.step()
            try:
                next(gen)
            except StopIteration as e:
                ret = e.value
                break
            time.sleep(0.003)
        stop = time.monotonic() + 240          # (the emulated board is slower than the wall clock)
        while "DONE" not in v.lines and time.monotonic() < stop:
            clock.now = clock.ticks_ms()
            atk.step()
            v.pull()
            time.sleep(0.005)
    if "DONE" not in v.lines:
        raise AssertionError("the victim never reported (its link did not end): " + repr(v.lines[-3:]))
    r = [x for x in v.lines if x.startswith("R ")][-1].split()
    log = [x for x in v.lines if x.startswith("L ")][-1].split()[1]
    save = [x for x in v.lines if x.startswith("S ")][-1].split()[1]
    out = Outcome(int(r[1]), int(r[2]), int(r[3]), r[4] == "1", int(r[5]), _unhex(r[6]), _unhex(log),
                  _unhex(save) or None, int(r[8]), int(r[7]), _unhex(r[9]) or None)
    out.mem_free = int(r[10])
    return out, atk, ret, v.lines


# --- the whole console (the firmware UI inside MicroPython) ---------------------------------
def ui_catchups(frames=1200, target=3000, heap=CONSOLE_HEAP, storage=None):
    """`burako emu --headless --autoplay --runtime micropython --heap HEAP
    --link listen:0` (the firmware's UI and link inside MicroPython) against
    the attacker on its TCP wire: each time it is the attacker's turn it
    plays it on its own Link without sending it and sends a MOVE whose ply
    is ahead, so the console takes every one of the attacker's turns by a
    catch-up (SYNC, LOG, LOG_END). Returns (catch-ups, the console's final
    state JSON or None, its exit code, the last line of its stderr)."""
    import json
    import os
    import subprocess
    import sys
    import tempfile
    import time
    from emulator.paths import ROOT
    d = storage or tempfile.mkdtemp(prefix="hostile-ui-")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    p = subprocess.Popen([sys.executable, "-m", "host.cli", "emu", "--headless", "--autoplay", "--target",
                          str(target), "--state-json", "--storage", str(d), "--link", "listen:0",
                          "--runtime", "micropython", "--heap", str(heap), "--frames", str(frames)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env)
    try:
        line = p.stderr.readline()
        port = int(line.rsplit(":", 1)[1])
        clock = WallClock()
        atk = Attacker(SockEnd(port), clock, "burako", target, 99)
        atk.playing = False
        n = 0
        stop = time.monotonic() + 600
        while p.poll() is None and time.monotonic() < stop:
            clock.now = clock.ticks_ms()
            try:
                atk.step(play=False)
            except OSError:
                break                   # the console's end closed
            L = atk.link
            if L.state == session.PLAYING and L.game.turn == L.seat and L.idle() and L.game.phase != L.over:
                atk.ahead()
                L.repaired = 0
                atk.say(msg.move(L.count, b"\0\0\0\0", (0, 0, b"", 0)))
                n += 1
            time.sleep(0.002)
        out, err = p.communicate(timeout=120)
    finally:
        if p.poll() is None:
            p.kill()
            p.communicate()
    lines = out.strip().splitlines()
    st = json.loads(lines[-1]) if lines and lines[-1].startswith("{") else None
    tail = (err.strip().splitlines() or [""])[-1]
    return n, st, p.returncode, tail
