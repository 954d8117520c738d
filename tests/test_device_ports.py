"""burako devices names what it sees by USB ids, and a board that goes away
mid-transfer is one line, "the board went away", exit 2, never "[Errno 5]". No USB
exists here: the naming is checked on pyserial's own ListPortInfo (what
serial.tools.list_ports.comports() returns), the lost board on a real pseudo-terminal
whose far end closes (the OS's EIO, as a Pico unplugged mid-transfer gives)."""
import errno
import json
import os
import pty
import threading
import time

import pytest
import serial
from serial.tools.list_ports_common import ListPortInfo

from devicekit import run_cli
from host import device


def port(dev, vid=None, pid=None, serial_number=None, desc="n/a"):
    p = ListPortInfo(dev, skip_link_detection=True)
    p.vid, p.pid, p.serial_number, p.description = vid, pid, serial_number, desc
    return p


PICO = port("/dev/ttyACM0", 0x2E8A, 0x0005, "E6614103E7452D2F", "Board in FS mode")
PROBE = port("/dev/ttyACM1", 0x2E8A, 0x000C, "E6633861A3459F25", "Debug Probe (CMSIS-DAP)")
PYBOARD = port("/dev/ttyACM2", 0xF055, 0x9800, "3654")
CP2102 = port("/dev/ttyUSB0", 0x10C4, 0xEA60, "0001", "CP2102")
PLAIN = port("/dev/ttyS0")


def test_usb_ids_name_the_console_and_what_is_not_one():
    rows = {r["port"]: r for r in map(device.port_row, (PICO, PROBE, PYBOARD, CP2102, PLAIN))}
    pico, probe = rows["/dev/ttyACM0"], rows["/dev/ttyACM1"]
    assert pico["console"] and pico["micropython"] and pico["usb"] == "2e8a:0005"
    assert pico["what"].startswith("console") and pico["serial_number"] == "E6614103E7452D2F"
    # the Debug Probe is a Raspberry Pi device too, but a serial bridge: never a board to flash
    assert not probe["console"] and not probe["micropython"] and "Debug Probe" in probe["what"]
    assert "not a console" in probe["what"]
    assert rows["/dev/ttyACM2"]["micropython"] and not rows["/dev/ttyACM2"]["console"]
    assert not any(rows[p]["console"] or rows[p]["micropython"] for p in ("/dev/ttyUSB0", "/dev/ttyS0"))
    # --json keeps the old fields beside the new ones
    assert set(pico) >= {"port", "usb", "micropython", "maker", "description", "serial_number",
                         "console", "what"}


def test_the_debug_probe_is_never_chosen_as_the_board():
    assert device.choose_port([PROBE, PICO, CP2102], interactive=False) == "/dev/ttyACM0"
    with pytest.raises(device.DeviceError, match="no MicroPython board"):
        device.choose_port([PROBE, CP2102], interactive=False)


def test_text_lists_serial_numbers_and_says_no_console_found():
    rows = [device.port_row(p) for p in (PICO, PROBE)]
    text = device.devices_text(rows)
    assert "E6614103E7452D2F" in text and "E6633861A3459F25" in text
    assert "no console found" not in text
    lines = text.splitlines()
    assert lines[0].split() == ["port", "usb", "id", "serial", "what"]
    assert "2e8a:000c" in lines[2] and "Debug Probe" in lines[2]
    text = device.devices_text([device.port_row(p) for p in (PROBE, CP2102, PLAIN)])
    assert text.splitlines()[-1].startswith("no console found")
    text = device.devices_text([])
    assert text.splitlines() == ["no serial ports found", text.splitlines()[1]]
    assert text.splitlines()[1].startswith("no console found")


def test_devices_command_on_the_ports_pyserial_lists(monkeypatch, capsys):
    import argparse
    for ports, code in (([PROBE, PICO, PLAIN], 0), ([PROBE, PLAIN], 1), ([], 1)):
        monkeypatch.setattr(device, "list_ports", lambda ports=ports: ports)
        assert device.cmd_devices(argparse.Namespace(json=True)) == code
        rows = json.loads(capsys.readouterr().out)
        assert [r["port"] for r in rows] == [p.device for p in ports if p is PICO] + \
            [p.device for p in ports if p is not PICO]       # the console first
        assert device.cmd_devices(argparse.Namespace(json=False)) == code
        out = capsys.readouterr().out
        assert ("no console found" in out) == (code == 1)


def test_devices_on_this_machine_is_clean():
    code, out, err = run_cli("devices")
    assert code in (0, 1) and err == "" and ("no console found" in out) == (code == 1)


# --- the board went away -----------------------------------------------------------------
@pytest.mark.parametrize("e, gone", [
    (serial.SerialException("read failed: [Errno 5] Input/output error"), True),
    (serial.SerialException("write failed: [Errno 6] No such device or address"), True),
    (serial.SerialException("device reports readiness to read but returned no data "
                            "(device disconnected or multiple access on port?)"), True),
    (serial.SerialException(errno.ENODEV, "could not open port"), True),
    (OSError(errno.EIO, os.strerror(errno.EIO)), True),         # an ioctl on a vanished port
    (OSError(errno.EIO, "/scores.log"), False),                  # the board's own EIO (mpremote)
    (OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)), False),
    (serial.SerialException("could not open port /dev/x: [Errno 2] No such file"), False),
    (ValueError("x"), False),
])
def test_which_errors_mean_the_board_went_away(e, gone):
    assert device.board_gone(e) is gone
    assert (str(device.port_error(e, "other")) == device.GONE) is gone


def test_a_board_that_goes_away_mid_session_is_one_line_exit_2(tmp_path):
    """`burako scores pull` on a pseudo-terminal whose far end closes while the tool waits for
    the REPL: Linux reads EIO from it, as from a Pico pulled out mid-transfer."""
    master, slave = pty.openpty()
    name = os.ttyname(slave)
    stop = threading.Event()

    def far_end():
        # read what the tool sends (its Ctrl-C), answer nothing, then go away
        got = b""
        while not stop.is_set() and b"\x03" not in got:
            try:
                got += os.read(master, 1024)
            except OSError:
                return
        time.sleep(0.2)
        os.close(master)
    t = threading.Thread(target=far_end, daemon=True)
    t.start()
    try:
        code, out, err = run_cli("scores", "pull", "--port", name,
                                 env={"BURAKO_HISTORY": str(tmp_path / "h")}, timeout=120)
    finally:
        stop.set()
        os.close(slave)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert device.GONE in err and "Errno" not in err
