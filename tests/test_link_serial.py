"""Link cable over real streams: `burako link-relay` (a separate process)
between a pyserial `socket://` end and a pty whose other side the relay opens
with pyserial, damaging bytes on the way; two consoles finish a match on real
time. And the relay's one-line errors."""
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import serial

from hal.clock import Clock
from host.relay import Console
from link import session

ROOT = Path(__file__).resolve().parents[1]


class PtyEnd:
    """board.link on a pty master (the relay holds the tty side)."""

    def __init__(self, fd):
        self.fd = fd
        os.set_blocking(fd, False)

    def write(self, data):
        return os.write(self.fd, bytes(data))

    def read(self, n):
        try:
            return os.read(self.fd, n)
        except BlockingIOError:
            return b""


class SerialEnd:
    """board.link on a pyserial stream."""

    def __init__(self, s):
        self.s = s

    def write(self, data):
        return self.s.write(bytes(data))

    def read(self, n):
        return self.s.read(n)

    def any(self):
        return self.s.in_waiting


def _relay(*args):
    p = subprocess.Popen([sys.executable, "-m", "host.cli", "link-relay", *args], cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = p.stderr.readline()
    m = re.match(r"listening on 127\.0\.0\.1:(\d+)", line)
    assert m, line + p.stderr.read()
    return p, int(m.group(1))


def test_two_consoles_finish_a_match_through_the_relay_process():
    master, slave = os.openpty()
    tty = os.ttyname(slave)
    p, port = _relay("0", tty, "--flip", "0.002", "--dup", "0.001", "--split", "--seed", "4", "--json")
    try:
        a_ser = serial.serial_for_url(f"socket://127.0.0.1:{port}", timeout=0)
        clock = Clock()
        a = Console(SerialEnd(a_ser), clock, "torneo", 300, 1, rto=60)
        b = Console(PtyEnd(master), clock, "torneo", 300, 2, rto=60)
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline:
            a.step()
            b.step()
            if a.link.state == session.ENDED and b.link.state == session.ENDED and a.link.idle() and b.link.idle():
                break
            time.sleep(0.0005)
        for c in (a, b):
            assert c.link.state == session.ENDED and c.link.reason == session.R_MATCH_OVER, session.STATE_NAMES[c.link.state]
        assert a.link.match_id == b.link.match_id
        assert bytes(a.link.log) == bytes(b.link.log) and a.link.game.scores == b.link.game.scores
        a_ser.close()                      # the relay waits for a next client: Ctrl-C ends it
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=10)
    finally:
        if p.poll() is None:
            p.send_signal(signal.SIGTERM)
            p.wait(timeout=10)
        os.close(master)
        os.close(slave)
    assert p.returncode == 0, err
    fig = json.loads(out.strip().splitlines()[-1])
    assert fig["a_to_b_bytes"] > 0 and fig["b_to_a_bytes"] > 0
    assert fig["a_to_b_flipped"] + fig["b_to_a_flipped"] > 0
    assert fig["seed"] == 4


def test_relay_serves_a_console_that_comes_back_and_prints_figures_on_ctrl_c():
    """A console that powers off and comes back through the relay reconnects
    (before: "Connection refused", the relay served one connection); Ctrl-C
    prints the figures, the connections counted."""
    master, slave = os.openpty()
    p, port = _relay("0", os.ttyname(slave), "--json", "--seed", "3")
    url = f"socket://127.0.0.1:{port}"
    try:
        end = SerialEnd(serial.serial_for_url(url, timeout=0))
        clock = Clock()
        a = Console(end, clock, "burako", 300, 1, rto=60)
        b = Console(PtyEnd(master), clock, "burako", 300, 2, rto=60)
        deadline = time.monotonic() + 60
        plugged = False
        while time.monotonic() < deadline:
            a.step()
            b.step()
            if not plugged and a.link.count >= 20:
                end.s.close()                   # off: the relay sees its client go
                time.sleep(0.2)
                end.s = serial.serial_for_url(url, timeout=0)    # back through the relay
                plugged = True
            if a.link.state == session.ENDED and b.link.state == session.ENDED and a.link.idle() and b.link.idle():
                break
            time.sleep(0.0005)
        assert plugged
        for c in (a, b):
            assert c.link.state == session.ENDED and c.link.reason == session.R_MATCH_OVER, session.STATE_NAMES[c.link.state]
        assert bytes(a.link.log) == bytes(b.link.log)
        end.s.close()
        p.send_signal(signal.SIGINT)            # Ctrl-C
        out, err = p.communicate(timeout=10)
    finally:
        if p.poll() is None:
            p.kill()
            p.communicate()
        os.close(master)
        os.close(slave)
    assert p.returncode == 0, err
    fig = json.loads(out.strip().splitlines()[-1])
    assert fig["connections"] == 2 and fig["a_to_b_bytes"] > 0 and fig["seed"] == 3


def test_relay_stops_on_sigterm_with_its_figures():
    master, slave = os.openpty()
    p, port = _relay("0", os.ttyname(slave), "--json")
    p.send_signal(signal.SIGTERM)
    out, err = p.communicate(timeout=10)
    os.close(master)
    os.close(slave)
    assert p.returncode == 0
    assert json.loads(out)["a_to_b_bytes"] == 0


def test_relay_bad_input_is_one_line_and_status_2():
    for args in (["0", "7001", "--drop", "1.5"], ["0", "/nonexistent/tty"], ["99999", "7001"],
                 ["0", "7001", "--delay", "-3"]):
        r = subprocess.run([sys.executable, "-m", "host.cli", "link-relay", *args], cwd=ROOT,
                           capture_output=True, text=True, timeout=30)
        assert r.returncode == 2, (args, r.stderr)
        assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
        assert r.stdout == ""
