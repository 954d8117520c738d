# Reliable, ordered delivery of payloads over a byte stream that loses,
# damages and duplicates bytes: sequence numbers, acknowledgements,
# retransmission on timeout, duplicate suppression, heartbeats.
#
# Stop-and-wait: one DATA frame in flight. A move is a few bytes and the
# cable does 11.5 bytes/ms, so a window would buy nothing; batching is done
# above (one LOG frame carries dozens of moves).
#
# Connection: each side draws a random 4-byte id when it starts. SYN frames
# carry (my id, your id as I know it, am I connected). A SYN with an id that
# differs from the one we knew means the peer restarted (power-off, new
# session object): sequence numbers start again and the queue is dropped; the
# session above is told (on_reset) and resynchronises from its move log.
from micropython import const
from link import frame

SYN = const(1)
DATA = const(2)
ACK = const(3)          # also the heartbeat
UP = const(0x10)        # SYN flag: the sender counts the connection as up

MAGIC = b"BKL1"         # in every SYN: a foreign device on the cable never connects

RTO_MS = const(150)     # first retransmission
RTO_MAX = const(600)    # backoff cap while the peer is silent (a pulled cable)
HB_MS = const(300)      # something goes out at least this often
DEAD_MS = const(1600)   # nothing heard for this long: the peer is gone
SYN_MS = const(250)     # SYN repeat while connecting
CTL_WIRE = const(24)    # the longest control frame (a SYN: 20 bytes on the wire)
QUEUE = const(48)       # payloads waiting (a whole match log is ~8 frames); more means a flood
_READ_MAX = const(2048)  # bytes taken a poll (4 UART buffers): a flood cannot hold poll()


class Transport:
    def __init__(self, stream, clock, ident, handler, rto=RTO_MS):
        self.stream = stream
        self.clock = clock
        self.ident = bytes(ident[:4])
        self.handler = handler    # .received(buf, start, end), .link_up(), .link_reset()
        self.rto0 = rto
        self.rto = rto
        self.enc = frame.Encoder(CTL_WIRE)   # SYN and ACK frames; DATA goes into txbuf
        # the frame in flight, kept for resends, in a buffer sized to it: most are
        # moves of ~16 bytes, a 490-byte buffer would idle (docs/memory.md "link frames")
        self.txbuf = bytearray()
        self.txlen = 0
        self.rx = frame.Receiver(self._frame)
        self.chunk = bytearray(64)
        self.readinto = getattr(stream, "readinto", None)
        self.peer = None          # the peer's id once seen
        self.up = False
        self.peer_up = False
        self.queue = []
        self.inflight = False
        self.tx_seq = 0
        self.rx_expect = 0
        self.ack_due = False
        self.now = clock.ticks_ms()
        self.sent_at = self.now
        self.last_tx = self.now
        self.last_rx = self.now
        self.heard = False
        self.last_syn = self.now
        self.syn_due = True
        # figures
        self.bytes_out = 0
        self.frames_out = 0
        self.resends = 0
        self.dups = 0
        self.resets = 0

    # --- queries -------------------------------------------------------
    def alive(self):
        # `heard` latches off, so a silence longer than the tick counter's
        # half period (6 days) cannot wrap around into "alive"
        if self.heard and self.clock.ticks_diff(self.now, self.last_rx) >= DEAD_MS:
            self.heard = False
        return self.up and self.heard

    def idle(self):
        """Nothing half received, nothing waiting to be sent or acknowledged."""
        return not self.rx.busy() and not self.inflight and not self.queue

    # --- sending -------------------------------------------------------
    def send(self, payload):
        """Queue one payload (bytes, <= frame.MAX_PAYLOAD). False if the queue is full."""
        if len(self.queue) >= QUEUE or len(payload) > frame.MAX_PAYLOAD:
            return False
        self.queue.append(payload)
        return True

    def drop_queue(self):
        self.queue = []
        self.inflight = False

    def _write(self, mv):
        self.stream.write(mv)
        self.bytes_out += len(mv)
        self.frames_out += 1
        self.last_tx = self.now

    def _ack_byte(self):
        return (self.rx_expect - 1) & 0xFF

    def _send_syn(self):
        pay = MAGIC + self.ident + (self.peer or b"\x00\x00\x00\x00")
        self._write(self.enc.build(SYN | (UP if self.up else 0), 0, 0, pay))
        self.last_syn = self.now
        self.syn_due = False

    def _send_ack(self):
        self._write(self.enc.build(ACK, 0, self._ack_byte()))
        self.ack_due = False

    def _send_data(self):
        payload = self.queue[0]
        self.txbuf = bytearray(len(payload) + frame.HEAD + frame.CRC + 3)
        mv = self.enc.build(DATA, self.tx_seq, self._ack_byte(), payload, self.txbuf)
        self.txlen = len(mv)
        self.inflight = True
        self.sent_at = self.now
        self._write(mv)
        self.ack_due = False

    def _resend(self):
        # the ack byte inside the kept frame may be stale; harmless (acks only move forward)
        self.sent_at = self.now
        self.resends += 1
        self._write(memoryview(self.txbuf)[:self.txlen])

    # --- the loop --------------------------------------------------------
    def poll(self, now):
        self.now = now
        stream = self.stream
        chunk = self.chunk
        ri = self.readinto
        got = 0
        while got < _READ_MAX:
            if ri is not None:
                count = ri(chunk)
                if not count:
                    break
                self.rx.feed(chunk, count)
            else:
                data = stream.read(64)
                if not data:
                    break
                count = len(data)
                self.rx.feed(data, count)
            got += count
        self.alive()
        diff = self.clock.ticks_diff
        if not self.up:
            if self.syn_due or diff(now, self.last_syn) >= SYN_MS:
                self._send_syn()
            return
        if self.syn_due:
            self._send_syn()
        if not self.inflight:
            if self.queue:
                self._send_data()
        elif diff(now, self.sent_at) >= self.rto:
            self._resend()
            # back off only when the peer is silent: while its heartbeats come
            # through, a lost frame is noise and waiting longer only slows us
            if not self.heard:
                self.rto = min(self.rto * 2, RTO_MAX)
        if self.ack_due or diff(now, self.last_tx) >= HB_MS:
            self._send_ack()

    # --- receiving -------------------------------------------------------
    def _frame(self, buf, length):
        ctl = buf[0]
        kind = ctl & 0x0F
        if kind == SYN:
            self._syn(buf, length, ctl)
            return
        if not self.up:
            self.syn_due = True
            return
        self.last_rx = self.now
        self.heard = True
        if self.inflight and buf[2] == self.tx_seq:
            self.inflight = False
            self.queue.pop(0)
            self.tx_seq = (self.tx_seq + 1) & 0xFF
            self.rto = self.rto0
        if kind == DATA:
            self.ack_due = True
            if buf[1] == self.rx_expect:
                self.rx_expect = (self.rx_expect + 1) & 0xFF
                self.handler.received(buf, frame.HEAD, length)
            else:
                self.dups += 1

    def _syn(self, buf, length, ctl):
        if length != frame.HEAD + 12 or buf[frame.HEAD:frame.HEAD + 4] != MAGIC:
            return
        pid = bytes(buf[frame.HEAD + 4:frame.HEAD + 8])
        knows = buf[frame.HEAD + 8:frame.HEAD + 12] == self.ident
        if self.peer is not None and pid != self.peer:
            # the peer restarted: start the connection again
            self.resets += 1
            self.up = False
            self.peer = None
            self.drop_queue()
            self.tx_seq = 0
            self.rx_expect = 0
            self.rto = self.rto0
            self.handler.link_reset()
        if self.peer is None:
            self.peer = pid
        self.last_rx = self.now
        self.heard = True
        was_up = self.up
        if knows and not self.up:
            self.up = True
            self.tx_seq = 0
            self.rx_expect = 0
            self.drop_queue()
        if not knows or not (ctl & UP) or (self.up and not was_up):
            self.syn_due = True
        if self.up and not was_up:
            self.handler.link_up()
