"""The emulator's link cable: board.link (docs/interfaces.md: write, read, any)
over a loopback TCP port or any pyserial URL.

    open_link("listen:7001")              wait for the peer on 127.0.0.1:7001
    open_link("socket://127.0.0.1:7001")  a pyserial URL: TCP, rfc2217, loop://
    open_link("/dev/pts/3")               a pseudo-terminal or a USB-serial
                                          adapter wired to a real console (115200 8N1)

A cable can be pulled and plugged back: when the connection ends, a listening
end accepts the next one and a connecting end opens its URL again (every
half second); meanwhile writes are lost and reads are empty, as on a loose
cable. Only the first open must succeed (LinkError otherwise, one line).

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


class LinkError(Exception):
    """A link spec that cannot be used (one line, for the user)."""


class _Buffered:
    """Incoming bytes kept here, so any() can tell without losing any."""

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


class ListenLink(_Buffered):
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
        while c is not None:
            try:
                d = c.recv(4096)
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


class SerialLink(_Buffered):
    """A pyserial URL or port at 115200 8N1, never blocking."""

    def __init__(self, url):
        super().__init__()
        self.url = url
        self.ser = None
        self.next_open = 0.0
        self.opens = 0
        try:
            self._open()
        except Exception as e:  # pyserial raises SerialException, ValueError, OSError
            raise LinkError(f"cannot open {url}: {(str(e).splitlines() or ['failed'])[0]}") from None

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
        if s is None:
            return
        try:
            d = s.read(4096)
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


def parse(spec):
    """("listen", port) or ("url", url); LinkError for a bad spec."""
    spec = (spec or "").strip()
    if not spec:
        raise LinkError("--link needs listen:PORT or a serial URL / port")
    if spec.startswith("listen:"):
        p = spec[7:]
        if not p.isdigit() or int(p) > 65535:
            raise LinkError(f"--link {spec}: {p!r} is not a TCP port")
        return "listen", int(p)
    return "url", spec


def open_link(spec):
    kind, v = parse(spec)
    if kind == "listen":
        return ListenLink(v)
    return SerialLink(v)
