"""The emulator's link cable: board.link (docs/interfaces.md: write, read, any)
over a loopback TCP port or any pyserial URL.

    open_link("listen:7001")              wait for the peer on 127.0.0.1:7001
    open_link("7001")                     a bare port: connect to 127.0.0.1:7001, or
                                          listen there when nobody does (two
                                          emulators given one port find each other)
    open_link("socket://127.0.0.1:7001")  a pyserial URL: TCP, rfc2217, loop://
    open_link("/dev/pts/3")               a pseudo-terminal or a USB-serial
                                          adapter wired to a real console (115200 8N1)

A cable can be pulled and plugged back: when the connection ends, a listening
end accepts the next one and a connecting end opens its URL again (every
half second); meanwhile writes are lost and reads are empty, as on a loose
cable. A socket:// URL nobody listens on yet is not an error: the end waits
and retries the same way (`.waiting` says so, for a one-line note); any other
URL must open the first time (LinkError otherwise, one line).

Bounded like a UART: each poll reads at most what fits in a RX_MAX-byte
buffer, so a peer flooding the socket neither keeps poll() from returning
nor grows memory (the rest waits in the socket; TCP slows the sender).

`wait(seconds)` blocks until a byte arrives or the time is up: headless runs
pace their frames with it (emulator/runner.py: the virtual clock gains
FRAME_MS a frame, and a frame lasts until a byte comes or PACE_S passes, so
two processes neither spin nor drift far apart).
"""
from __future__ import annotations

import select
import socket
import time

BAUD = 115200
REOPEN_S = 0.5
RX_MAX = 4096       # bytes kept for the firmware to read (the device's UART keeps 512)


class LinkError(Exception):
    """A link spec that cannot be used (one line, for the user)."""


class Buffered:
    """Incoming bytes kept here, so any() can tell without losing any (a subclass gives
    _pull(), which appends what has come to buf, write() and _fd())."""

    def __init__(self):
        self.buf = bytearray()
        self.bytes_in = 0
        self.bytes_out = 0

    def any(self):
        self._pull()
        return len(self.buf)

    def read(self, n):
        self._pull()
        d = bytes(self.buf[:n])
        del self.buf[:n]
        return d

    def readinto(self, b):
        self._pull()
        k = min(len(b), len(self.buf))
        b[:k] = self.buf[:k]
        del self.buf[:k]
        return k

    def wait(self, seconds):
        if self.buf:
            return
        fd = self._fd()
        if fd is None:
            time.sleep(seconds)
            return
        try:
            select.select([fd], [], [], seconds)
        except (OSError, ValueError):
            time.sleep(seconds)


class ListenLink(Buffered):
    """The peer connects to 127.0.0.1:port (0: a free port, see .port)."""

    def __init__(self, port):
        super().__init__()
        srv = socket.socket()
        srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            srv.bind(("127.0.0.1", port))
            srv.listen(1)
        except OSError as e:
            srv.close()
            raise LinkError(f"cannot listen on 127.0.0.1:{port}: {e.strerror}") from None
        srv.setblocking(False)
        self.srv = srv
        self.port = srv.getsockname()[1]
        self.conn = None
        self.connections = 0

    def _accept(self):
        if self.conn is None:
            try:
                c, _ = self.srv.accept()
            except OSError:
                return None
            c.setblocking(False)
            c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.conn = c
            self.connections += 1
        return self.conn

    def _drop(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def _pull(self):
        c = self._accept()
        room = RX_MAX - len(self.buf)
        if c is None or room <= 0:
            return
        try:
            d = c.recv(room)        # one read a call, never more than fits
        except BlockingIOError:
            return
        except OSError:
            d = b""
        if not d:
            self._drop()
            return
        self.buf += d
        self.bytes_in += len(d)

    def write(self, data):
        c = self._accept()
        if c is not None:
            try:
                c.sendall(bytes(data))
                self.bytes_out += len(data)
            except OSError:
                self._drop()
        return len(data)

    def _fd(self):
        return self.conn if self.conn is not None else self.srv

    def close(self):
        self._drop()
        self.srv.close()


class SerialLink(Buffered):
    """A pyserial URL or port at 115200 8N1, never blocking."""

    def __init__(self, url, wait=True):
        super().__init__()
        self.url = url
        self.ser = None
        self.next_open = 0.0
        self.opens = 0
        self.waiting = False
        try:
            self._open()
        except Exception as e:  # pyserial raises SerialException, ValueError, OSError
            why = (str(e).splitlines() or ["failed"])[0]
            if not (wait and url.startswith("socket://") and _refused(e)):
                raise LinkError(f"cannot open {url}: {why}") from None
            # nobody listens there yet (started before the other console): wait
            self.waiting = True
            self.next_open = time.monotonic() + REOPEN_S

    def _open(self):
        import serial

        ser = serial.serial_for_url(self.url, baudrate=BAUD, timeout=0, write_timeout=1)
        sock = getattr(ser, "_socket", None)
        if sock is not None:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.ser = ser
        self.opens += 1

    def _live(self):
        if self.ser is None and time.monotonic() >= self.next_open:
            self.next_open = time.monotonic() + REOPEN_S
            try:
                self._open()
            except Exception:
                self.ser = None
        return self.ser

    def _drop(self):
        try:
            self.ser.close()
        except Exception:
            pass
        self.ser = None
        self.next_open = time.monotonic() + REOPEN_S

    def _pull(self):
        s = self._live()
        room = RX_MAX - len(self.buf)
        if s is None or room <= 0:
            return
        try:
            d = s.read(room)
        except Exception:   # the other end went away: a pulled cable
            self._drop()
            return
        if d:
            self.buf += d
            self.bytes_in += len(d)

    def write(self, data):
        s = self._live()
        if s is not None:
            try:
                s.write(bytes(data))
                self.bytes_out += len(data)
            except Exception:
                self._drop()
        return len(data)

    def _fd(self):
        s = self.ser
        if s is None:
            return None
        sock = getattr(s, "_socket", None)
        if sock is not None:
            return sock
        try:
            return s.fileno()
        except Exception:
            return None

    def close(self):
        if self.ser is not None:
            self._drop()


def _refused(e):
    """An open that failed because nobody listens (yet) on a TCP port."""
    t = str(e).lower()
    return isinstance(e, ConnectionRefusedError) or "refused" in t or "errno 111" in t \
        or "errno 61" in t or "10061" in t


def parse(spec):
    """("listen", port), ("port", port) or ("url", url); LinkError for a bad spec."""
    spec = (spec or "").strip()
    if not spec:
        raise LinkError("--link needs listen:PORT, PORT or a serial URL / port")
    if spec.startswith("listen:"):
        p = spec[7:]
        if not p.isdigit() or int(p) > 65535:
            raise LinkError(f"--link {spec}: {p!r} is not a TCP port")
        return "listen", int(p)
    if spec.isdigit():
        if not 0 < int(spec) <= 65535:
            raise LinkError(f"--link {spec}: not a TCP port (1..65535)")
        return "port", int(spec)
    if spec.startswith("socket://"):
        hp = spec[9:].split("?")[0]
        host, _, p = hp.rpartition(":")
        if not host or not p.isdigit() or not 0 < int(p) <= 65535:
            raise LinkError(f"--link {spec}: a socket URL is socket://HOST:PORT")
    return "url", spec


def open_link(spec):
    kind, v = parse(spec)
    if kind == "listen":
        return ListenLink(v)
    if kind == "port":
        return port_link(v)
    return SerialLink(v)


def port_link(port):
    """A bare port: connect to 127.0.0.1:port, else listen on it. Two emulators
    given the same port: the first listens, the second connects; either may
    restart (it connects to the other, or listens again for it)."""
    url = f"socket://127.0.0.1:{port}"
    for _ in range(3):
        try:
            return SerialLink(url, wait=False)
        except LinkError:
            pass
        try:
            return ListenLink(port)
        except LinkError:
            pass            # the other one began to listen in between: connect to it
        time.sleep(0.05)
    raise LinkError(f"cannot connect to or listen on 127.0.0.1:{port}")


def storage_name(spec):
    """The default storage folder's name for a link spec (host/emu.py): one per
    endpoint, so the two emulators of the README never share link.sav."""
    kind, v = parse(spec)
    if kind == "listen":
        return f"link-listen-{v}"
    if kind == "port":
        return f"link-port-{v}"
    keep = "".join(ch if ch.isalnum() or ch in "." else "-" for ch in v)
    while "--" in keep:
        keep = keep.replace("--", "-")
    return "link-" + keep.strip("-")[:80]
