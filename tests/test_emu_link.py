"""`burako emu --link` as the README and docs/developer.md "The link cable" start it, with real processes
and a temporary HOME: each endpoint gets its own storage by default
(EMU/link-ENDPOINT, EMU the emulator's folder: host/dirs.py), so the two emulators resume after either
restarts; the connecting side started first waits for the listener; a bare
port makes two emulators find each other; a flooding peer cannot stall the
emulator's link."""
import os
import signal
import socket
import subprocess
import sys
import time

from emulator.paths import ROOT

import scorelog
from test_link_e2e import _finish  # a process's final state JSON, within its time


def _free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def _emu(home, link, *more):
    env = dict(os.environ, HOME=str(home), SDL_VIDEODRIVER="dummy")
    env.pop("XDG_DATA_HOME", None)      # the emulator's folder under HOME (host/dirs.py)
    return subprocess.Popen([sys.executable, "-m", "host.cli", "emu", "--headless", "--autoplay",
                             "--target", "300", "--state-json", "--link", link, *more],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def _kill(*procs):
    for p in procs:
        if p is not None and p.poll() is None:
            p.kill()
            p.communicate()


def _wait_for(path, proc, s=60):
    t0 = time.monotonic()
    while not os.path.exists(path):
        assert proc.poll() is None, proc.communicate()[1][-2000:]
        assert time.monotonic() - t0 < s, "no " + path
        time.sleep(0.02)


def _power_off(proc):
    proc.kill()
    proc.communicate()
    assert proc.returncode == -signal.SIGKILL


def _same_match(sa, sb, da, db):
    for s in (sa, sb):
        assert s["screen"] == "matchend" and s["link"]["reason"] == "match over", s
    assert sa["scores"] == sb["scores"] and sa["link"]["match_id"] == sb["link"]["match_id"]
    mid = int.from_bytes(bytes.fromhex(sa["link"]["match_id"]), "little")
    for d in (da, db):
        recs, problems = scorelog.read(os.path.join(d, scorelog.FILENAME))
        assert not problems and [r["id"] for r in recs] == [mid]
        assert not os.path.exists(os.path.join(d, "link.sav"))


def test_the_readme_commands_resume_after_either_restarts(tmp_path):
    """burako emu --link listen:P and --link socket://127.0.0.1:P (docs/developer.md), no --storage
    (before: both used one link.sav in the emulator's folder, and after a restart both said
    "another match in progress" for good)."""
    port = _free_port()
    emu = tmp_path / ".local" / "share" / "burako" / "emu"     # host/dirs.py, on Linux
    da, db = str(emu / f"link-listen-{port}"), str(emu / f"link-socket-127.0.0.1-{port}")
    a = _emu(tmp_path, f"listen:{port}")
    b = b2 = a2 = None
    try:
        assert f"listening on 127.0.0.1:{port}" in a.stderr.readline()
        b = _emu(tmp_path, f"socket://127.0.0.1:{port}")
        _wait_for(os.path.join(db, "link.sav"), b)
        time.sleep(0.3)
        _power_off(b)                           # the connecting one restarts
        b2 = _emu(tmp_path, f"socket://127.0.0.1:{port}")
        _wait_for(os.path.join(da, "link.sav"), a)
        time.sleep(0.5)
        _power_off(a)                           # then the listening one
        a2 = _emu(tmp_path, f"listen:{port}")
        sb = _finish(b2)
        sa = _finish(a2)
    finally:
        _kill(a, b, b2, a2)
    _same_match(sa, sb, da, db)


def test_the_connecting_side_started_first_waits_for_the_listener(tmp_path):
    port = _free_port()
    b = _emu(tmp_path, f"socket://127.0.0.1:{port}")
    a = None
    try:
        line = b.stderr.readline()
        assert line.startswith(f"waiting for socket://127.0.0.1:{port}") and "listen" in line
        time.sleep(1.5)
        assert b.poll() is None                 # still there, retrying
        a = _emu(tmp_path, f"listen:{port}")
        sa = _finish(a)
        sb = _finish(b)
    finally:
        _kill(a, b)
    emu = tmp_path / ".local" / "share" / "burako" / "emu"     # host/dirs.py, on Linux
    _same_match(sa, sb, str(emu / f"link-listen-{port}"), str(emu / f"link-socket-127.0.0.1-{port}"))


def test_two_emulators_on_one_bare_port_find_each_other(tmp_path):
    """--link PORT: connect to 127.0.0.1:PORT, else listen there; each gets its
    own folder (link-port-PORT, link-port-PORT-2)."""
    port = _free_port()
    a = _emu(tmp_path, str(port))
    b = None
    try:
        assert f"listening on 127.0.0.1:{port}" in a.stderr.readline()
        b = _emu(tmp_path, str(port))
        sa = _finish(a)
        sb = _finish(b)
    finally:
        _kill(a, b)
    emu = tmp_path / ".local" / "share" / "burako" / "emu"     # host/dirs.py, on Linux
    _same_match(sa, sb, str(emu / f"link-port-{port}"), str(emu / f"link-port-{port}-2"))


def test_a_flood_does_not_stall_the_emulators_link():
    """A peer writing as fast as it can: each read is bounded (RX_MAX), so
    any()/readinto return and the buffer stays small (before: poll() never
    returned, RSS 24 -> 278 MB)."""
    from emulator.link import RX_MAX, ListenLink

    lk = ListenLink(0)
    c = socket.create_connection(("127.0.0.1", lk.port))
    c.setblocking(False)
    sent = 0
    chunk = b"\x01" * 65536
    buf = bytearray(512)
    try:
        for _ in range(200):
            try:
                sent += c.send(chunk)
            except BlockingIOError:
                pass
            assert lk.any() <= RX_MAX
            lk.readinto(buf)
            assert len(lk.buf) <= RX_MAX
        assert sent > 4 * RX_MAX
    finally:
        c.close()
        lk.close()


def test_two_emulators_play_a_hidden_hands_match_as_the_readme_starts_it(tmp_path):
    """`burako emu --link PORT --hidden` on both: the match is dealt with hidden hands, played
    and logged alike, and (no resume under hidden hands yet) no link.sav is kept."""
    port = _free_port()
    a = _emu(tmp_path, str(port), "--hidden")
    b = None
    try:
        assert f"listening on 127.0.0.1:{port}" in a.stderr.readline()
        b = _emu(tmp_path, str(port), "--hidden")
        sa = _finish(a)
        sb = _finish(b)
    finally:
        _kill(a, b)
    emu = tmp_path / ".local" / "share" / "burako" / "emu"
    _same_match(sa, sb, str(emu / f"link-port-{port}"), str(emu / f"link-port-{port}-2"))
    assert sa["link"]["hidden"] and sb["link"]["hidden"]


def test_two_emulators_play_a_hidden_rummy_match_as_the_readme_starts_it(tmp_path):
    """`burako emu --variant rummy --link PORT --hidden` on both: Rummy israelí's pool is dealt
    with hidden hands, the four hands played and logged alike, and the save gone at the end."""
    port = _free_port()
    a = _emu(tmp_path, str(port), "--variant", "rummy", "--hidden")
    b = None
    try:
        assert f"listening on 127.0.0.1:{port}" in a.stderr.readline()
        b = _emu(tmp_path, str(port), "--variant", "rummy", "--hidden")
        sa = _finish(a)
        sb = _finish(b)
    finally:
        _kill(a, b)
    emu = tmp_path / ".local" / "share" / "burako" / "emu"
    assert sa["link"]["hidden"] and sb["link"]["hidden"]
    assert sa["screen"] == sb["screen"] == "matchend" and sa["link"]["reason"] == "match over"
    assert sa["rummy"]["history"] == sb["rummy"]["history"] and len(sa["rummy"]["history"]) == 4
    assert sa["rummy"]["scores"] == sb["rummy"]["scores"]
    mid = int.from_bytes(bytes.fromhex(sa["link"]["match_id"]), "little")
    for d in (emu / f"link-port-{port}", emu / f"link-port-{port}-2"):
        recs, problems = scorelog.read(os.path.join(d, scorelog.FILENAME))
        assert not problems and [r["id"] for r in recs] == [mid] and recs[0]["variant"] == "rummy"
        assert not os.path.exists(os.path.join(d, "rlink.sav"))


def test_hidden_without_a_link_is_one_line_exit_2(tmp_path):
    env = dict(os.environ, HOME=str(tmp_path), SDL_VIDEODRIVER="dummy")
    for more in ([], ["--link", "5999", "--runtime", "micropython"],
                 ["--link", "5999", "--variant", "rummy", "--runtime", "micropython"]):
        p = subprocess.run([sys.executable, "-m", "host.cli", "emu", "--headless", "--hidden", *more],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
        assert p.returncode == 2 and p.stdout == "" and len(p.stderr.strip().splitlines()) == 1
        assert "--hidden" in p.stderr
    assert not (tmp_path / ".local").exists()          # nothing written
