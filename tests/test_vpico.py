"""The virtual Pico (emulator/runtimes/rp2040, docs/vpico.md): the real MicroPython v1.27.0 rp2
firmware on rp2040js, driven through the real mpremote on its USB serial pty, its screen decoded
from the SPI bus, its keys on GPIO, its flash in a file, UART0 on a TCP wire.

Where node or rp2040js is missing the tests skip with one line; under CI (CI=true) that is a failure.
One flashed image (the built firmware copied by `burako flash --port`) is made once for all
workers (a file lock) and each test boots a copy of it.
"""
import contextlib
import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from emulator import runner
from emulator.board import UnpluggedLink, parse_keys
from emulator.runtimes import rp2040, wasi
from devicekit import device_listing, vpico_or_skip
from host import device

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow


@pytest.fixture(scope="session")
def vpico_ready():
    vpico_or_skip()


def burako(*argv, timeout=600):
    # a `scores` pull writes a score history: a throwaway one, never the user's
    env = dict(os.environ, BURAKO_HISTORY=str(Path(tempfile.mkdtemp()) / "h.sqlite"))
    r = subprocess.run([sys.executable, "-m", "host.cli", *argv], capture_output=True, text=True, cwd=ROOT,
                       timeout=timeout, env=env)
    return r.returncode, r.stdout, r.stderr


def mpremote(pico, *args, timeout=120):
    return rp2040.mpremote(pico.port, *args, timeout=timeout)


@pytest.fixture(scope="session")
def flashed(vpico_ready, tmp_path_factory):
    """(flash image holding the built firmware, burako flash's output, build tree, device file sizes)."""
    base = tmp_path_factory.getbasetemp()  # under xdist its parent is this run's, shared by the workers
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "vpico-flashed"
    shared.mkdir(exist_ok=True)
    with open(shared / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = shared / "result.json"
        if not done.exists():
            image = shared / "flash.bin"
            tree = shared / "fw"
            with rp2040.VPico(image) as pico:
                pico.wait_event("usb")
                code, out, err = burako("flash", "--port", pico.port, "--out", str(tree))
                sizes = {}
                if code == 0:
                    sizes = device_listing(pico.port)
            done.write_text(json.dumps({"code": code, "out": out, "err": err, "sizes": sizes}))
        result = json.loads(done.read_text())
    result["image"] = shared / "flash.bin"
    result["tree"] = shared / "fw"
    return result


@pytest.fixture
def pico_copy(flashed, tmp_path):
    """A copy of the flashed image for one test (the board's flash is written by whatever runs)."""
    if flashed["code"] != 0:
        pytest.fail("burako flash failed: " + flashed["err"][-300:])
    image = tmp_path / "flash.bin"
    shutil.copyfile(flashed["image"], image)
    return image


@contextlib.contextmanager
def as_stock():
    """The desktop emulator as the stock firmware these boards run: no hidden hands offered
    (link.hidden_ok(): the title's cable entry names the open deal, without the arrows that
    would change it)."""
    import link

    offered = link.hidden_ok
    link.hidden_ok = lambda: False
    try:
        yield
    finally:
        link.hidden_ok = offered


def desktop_screen(keys, **opts):
    """The desktop emulator's screen (`burako emu --headless`) after the same keys, ai_ms 0,
    with the open deal: the stock firmware these boards run offers no hidden hands (the
    title's cable row says so; docs/link.md "Hidden hands"), its UART with no cable in it (the
    title offers the cable, as the device's)."""
    with tempfile.TemporaryDirectory() as d, as_stock():
        board, _ = runner.run_cpython(dict({"hidden": False}, **opts, ai_ms=0), d, runner.Feeder(keys),
                                      link=UnpluggedLink())
    return board.display


# --- boot, USB serial, mpremote ---------------------------------------------------------
def test_blank_flash_boots_to_the_repl_and_formats_littlefs(vpico_ready, tmp_path):
    image = tmp_path / "flash.bin"
    with rp2040.VPico(image) as pico:
        banner = pico.serial_read(b">>> ")
        assert b"MicroPython v1.27.0" in banner and b"Raspberry Pi Pico with RP2040" in banner
        pico.serial_write(b"import os; print(os.statvfs('/')[:3])\r")
        assert b"(4096, 4096, 352)" in pico.serial_read(b"\r\n>>> ")  # littlefs at 0xa0000 to 2 MB
    assert image.stat().st_size == rp2040.FLASH_SIZE
    data = image.read_bytes()
    assert data[:256] == _uf2_first_block()  # the UF2 image was laid into the file (boot2 first)
    assert data[rp2040.FS_OFFSET:rp2040.FS_OFFSET + 4096] != b"\xff" * 4096  # formatted at first boot


def _uf2_first_block():
    uf2 = rp2040.uf2_bytes()
    assert int.from_bytes(uf2[12:16], "little") == 0x10000000
    return uf2[32:32 + 256]


def test_mpremote_exec_round_trip_and_machine_reset(vpico_ready, tmp_path):
    with rp2040.VPico(tmp_path / "flash.bin") as pico:
        pico.wait_event("usb")
        out = mpremote(pico, "exec", "import os, machine\nprint(sum(range(10)), os.uname().machine, "
                                     "machine.reset_cause() == machine.PWRON_RESET)")
        assert out.split() == ["45", "Raspberry", "Pi", "Pico", "with", "RP2040", "True"]
        mpremote(pico, "exec", "--no-follow", "import machine; machine.reset()")
        pico.wait_event("reset")
        out = mpremote(pico, "exec", "import machine; print(machine.reset_cause() == machine.WDT_RESET)")
        assert out.strip() == "True"
        assert pico.stats()["resets"] == 1


# --- the link cable ------------------------------------------------------------------------
def test_two_boards_exchange_uart_bytes_at_the_baud_rate(vpico_ready, tmp_path):
    with rp2040.VPico(tmp_path / "a.bin", link="listen:0") as a, \
            rp2040.VPico(tmp_path / "b.bin", link=f"socket://127.0.0.1:{a.listening}") as b:
        a.wait_event("link")
        b.wait_event("link")
        b.wait_event("usb")
        mpremote(b, "exec", "--no-follow", wasi.program("uart_echo.py", expect=26, back=15))
        b.serial_read(b"READY")
        out = mpremote(a, "exec", wasi.program("uart_send.py", payload=b"abcdefghijklmnopqrstuvwxyz",
                                                back=15))
        assert b"GOT " + b"abcdefghijklmnopqrstuvwxyz".hex().encode() + b" END" in b.serial_read(b" END")
        reply, us = out.split()
        us = int(us)
        assert bytes.fromhex(reply) == b"onmlkjihgfedcba"
        # 41 bytes of 10 bits crossed the wire at 115200 baud: at least 3.56 ms of emulated time
        assert us >= 41 * 10 * 1_000_000 // 115200
        assert a.stats()["uart_tx"] == 26 and b.stats()["uart_tx"] == 15


def test_link_relay_between_two_boards_damages_what_crosses_it(vpico_ready, tmp_path):
    """`burako link-relay` (host/relay.py) between two virtual Picos' UART0 wires: board A
    listens, the relay opens it as its TARGET and B connects to the relay. With --flip 1 every
    byte crossing it has one bit flipped: B gets the 26 bytes A wrote each one bit off, A gets
    B's 15 back through a second flip, and the relay's figures count them (docs/vpico.md)."""
    import binascii

    relay = None
    with rp2040.VPico(tmp_path / "a.bin", link="listen:0") as a:
        try:
            relay = subprocess.Popen([sys.executable, "-m", "host.cli", "link-relay", "0",
                                      f"socket://127.0.0.1:{a.listening}", "--flip", "1", "--seed", "7",
                                      "--json"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True)
            line = relay.stderr.readline()
            assert "listening on 127.0.0.1:" in line, line
            port = int(line.rsplit(":", 1)[1])
            with rp2040.VPico(tmp_path / "b.bin", link=f"socket://127.0.0.1:{port}") as b:
                a.wait_event("link")
                b.wait_event("link")
                b.wait_event("usb")
                mpremote(b, "exec", "--no-follow", wasi.program("uart_echo.py", expect=26, back=15))
                b.serial_read(b"READY")
                out = mpremote(a, "exec", wasi.program("uart_send.py", back=15)).split()[0]
                got = b.serial_read(b" END").split(b"GOT ")[1].split(b" END")[0]
            relay.send_signal(__import__("signal").SIGTERM)
            fig = json.loads(relay.communicate(timeout=20)[0].strip().splitlines()[-1])
        finally:
            if relay is not None and relay.poll() is None:
                relay.kill()
                relay.communicate()
    sent = b"abcdefghijklmnopqrstuvwxyz"
    at_b = binascii.unhexlify(got)
    at_a = binascii.unhexlify(out.strip())
    assert len(at_b) == 26 and all(bin(x ^ y).count("1") == 1 for x, y in zip(at_b, sent))
    # back to A: B's first 15 reversed, each flipped once more (the same bit again: unchanged)
    assert len(at_a) == 15
    assert all(bin(x ^ y).count("1") in (0, 2) for x, y in zip(at_a, reversed(sent[:15])))
    assert sorted((fig["a_to_b_bytes"], fig["b_to_a_bytes"])) == [15, 26]
    assert sorted((fig["a_to_b_flipped"], fig["b_to_a_flipped"])) == [15, 26]
    assert fig["a_to_b_dropped"] == fig["b_to_a_dropped"] == 0


LINK_MOVES = 12  # a whole match is about 250 moves, 5 minutes of this host's time: too long for CI


def test_two_linked_boards_play_the_same_match_over_their_uarts(flashed, tmp_path):
    """Two flashed boards, UART0 to UART0 at 115200 (bytes take their frame time on the wire):
    the App's linked match (ui/cable.py, autoplay on both) connects, deals from both nonces and
    plays LINK_MOVES moves; both consoles hold the same match, move log and position, and every
    move's frame was acknowledged by the other board (docs/link.md)."""
    images = []
    for n in "ab":
        images.append(tmp_path / f"{n}.bin")
        shutil.copyfile(flashed["image"], images[-1])
    linked_match_agrees(images[0], images[1], LINK_MOVES)


def linked_match_agrees(image_a, image_b, moves, uf2=None):
    """Two boards on these flash images, UART0 to UART0, play `moves` moves of the App's linked
    match: both hold the same match, log, position and history, every move acknowledged."""
    with rp2040.VPico(image_a, uf2=uf2, link="listen:0") as a, \
            rp2040.VPico(image_b, uf2=uf2, link=f"socket://127.0.0.1:{a.listening}") as b:
        for p in (a, b):
            p.settle(800, after_ns=0)
        ra, rb = rp2040.link_match((a, b), moves=moves)
    assert {ra["seat"], rb["seat"]} == {0, 1}
    assert ra["count"] == rb["count"] == moves
    for k in ("match_id", "log", "digest", "history"):
        assert ra[k] == rb[k], k
    trips = rp2040.move_round_trips(ra["wire"], rb["wire"]) + rp2040.move_round_trips(rb["wire"], ra["wire"])
    assert len(trips) == moves
    # a move is at least a 9-byte MOVE frame (16 bytes) out and a 7-byte ACK back, 10 bits each
    assert min(trips) >= (16 + 7) * 10 * 1e9 / 115200


# --- bad input ------------------------------------------------------------------------------
@pytest.mark.parametrize("argv, says", [
    (["--board", "nope"], "invalid choice: 'nope'"),
    (["--flash", "{tmp}/small.bin"], "not a 2 MB flash image"),
    (["--flash", "{tmp}"], "is a folder"),
    (["--keys", "A,JUMP"], "unknown key"),
    (["--flash", "{tmp}/f.bin", "--uf2", "{tmp}/small.bin"], "not a UF2 file"),
    (["--flash", "{tmp}/f.bin", "--uf2", "{tmp}/none.uf2"], "no such file"),
])
def test_bad_input_is_one_line_exit_2_and_writes_nothing(tmp_path, argv, says):
    (tmp_path / "small.bin").write_bytes(b"\xff" * 1000)
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    code, out, err = burako("vpico", "--headless", *argv, timeout=60)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and says in err
    assert (tmp_path / "small.bin").read_bytes() == b"\xff" * 1000
    assert sorted(p.name for p in tmp_path.iterdir()) == ["small.bin"]


# --- the flashed build -------------------------------------------------------------------
def test_burako_flash_copies_the_build_to_the_virtual_pico(flashed):
    assert flashed["code"] == 0, flashed["err"]
    assert "MicroPython 1.27.0" in flashed["out"] and "soft reset done" in flashed["out"]
    tree = flashed["tree"]
    built = {f: (tree / f).stat().st_size for f in device.tree_files(tree)}
    assert "main.py" in built and any(f.endswith(".mpy") for f in built)
    for f, size in built.items():
        assert flashed["sizes"].get(f) == size, f


# --- screen and keys --------------------------------------------------------------------
def test_power_on_shows_the_title_as_the_desktop_emulator_draws_it(pico_copy):
    with rp2040.VPico(pico_copy) as pico:
        s = pico.settle(800, after_ns=0)
        shown = pico.screen()
        title = pico.stats(bursts=True)["bursts"][1:]  # after the driver's one-window black fill
        said = pico.serial_pending()[-800:]  # a traceback, when main.py failed on the device
    assert shown.lit, said
    assert shown.pixels == desktop_screen([]).pixels, said
    assert title and title[-1]["last_pixel_ns"] < s["t_ns"]  # drawn by the firmware over SPI


def test_seeded_table_after_keys_matches_the_desktop_emulator(pico_copy):
    keys = parse_keys("A,UP,A,RIGHT")
    with rp2040.VPico(pico_copy) as pico:
        pico.settle(800, after_ns=0)
        rp2040.start_app(pico, seed=1)
        for k in keys:
            pico.settle(after_ns=pico.tap(k))
        shown = pico.screen()
    want = desktop_screen(keys, seed=1)
    assert shown.pixels == want.pixels
    assert shown.pixels != desktop_screen(keys[:-1], seed=1).pixels  # the last key moved the cursor


def test_pico_lcd_114_table_fits_its_glass_as_the_desktop_emulator_draws_it(pico_copy):
    """The 240x135 board (docs/ui.md "Pico-LCD-1.14"): the table decoded from its SPI bus is the
    desktop emulator's on that glass and with its keys, with the rack and both hint lines on it;
    the hints name A~ (A held: Y) and B~ (B held: X), and B held on the board's GPIO opens the
    menu as X does (hal/buttons.py)."""
    from emulator.board import board_display, board_keys
    from hal import keys as hal_keys
    from ui import gfx

    keys = parse_keys("A,UP,A,RIGHT,A")
    with rp2040.VPico(pico_copy, board="pico_lcd_114") as pico:
        # main.py boots the 1.3 profile without /board.txt: the App is started on the 1.14's here
        pico.wait_event("usb")
        t = pico.stats()["t_ns"]
        mpremote(pico, "exec", "--no-follow", "from hal import board as _hb\nfrom ui.app import App\n"
                 "app = App(_hb.build('pico_lcd_114'), seed=1)\napp.run()\n")
        pico.settle(800, after_ns=t)
        for k in keys:
            pico.settle(after_ns=pico.tap(k))
        shown = pico.screen()
        pico.settle(after_ns=pico.tap(hal_keys.X))    # no X there: VPico.tap holds B for 700 ms
        menu = pico.screen()

    def desktop(keys):
        with tempfile.TemporaryDirectory() as d, as_stock():
            board, _ = runner.run_cpython({"seed": 1, "ai_ms": 0, "hidden": False}, d, runner.Feeder(keys),
                                          display=board_display("pico_lcd_114"),
                                          keys=board_keys("pico_lcd_114"), link=UnpluggedLink())
        return board.display.pixels

    assert (shown.width, shown.height) == (240, 135)
    assert shown.pixels == desktop(keys)
    cream = bytes(((gfx.CREAM >> 8) & 0xFF, gfx.CREAM & 0xFF))
    rack = shown.pixels[81 * 480:115 * 480]
    assert sum(1 for i in range(0, len(rack), 2) if rack[i:i + 2] == cream) > 13 * 100
    assert menu.pixels == desktop(keys + [hal_keys.X]) != shown.pixels


def test_pico_lcd_114_without_board_txt_boots_into_the_game(pico_copy):
    """docs/vpico.md: an unwired GPIO reads its pad's pull, as on the chip (rp2040js read every
    undriven input low). Without /board.txt main.py reads the 1.3 profile's X key on GP19, where
    the 1.14 has no button: pulled up it reads high and the game starts, it does not stay in the
    REPL. With /board.txt naming the 1.14 its title is the desktop emulator's on that glass."""
    from emulator.board import board_display, board_keys

    with rp2040.VPico(pico_copy, board="pico_lcd_114") as pico:
        pico.settle(800, after_ns=0)        # something was drawn: main.py started the game
        assert pico.screen().lit
        assert b"staying in the REPL" not in pico.serial_pending()
        out = mpremote(pico, "exec", "import machine\nP = machine.Pin\n"
                       "print(P(19, P.IN, P.PULL_UP).value(), P(19, P.IN, P.PULL_DOWN).value(), "
                       "P(15, P.IN, P.PULL_UP).value())\n"
                       "open('/board.txt', 'w').write('pico_lcd_114\\n')")
        assert out.split() == ["1", "0", "1"]       # unwired: its pull; the A key: up
        t = pico.stats()["t_ns"]
        mpremote(pico, "exec", "--no-follow", "import machine; machine.reset()")
        pico.wait_event("reset")
        pico.settle(800, after_ns=t)
        shown = pico.screen()
    with tempfile.TemporaryDirectory() as d, as_stock():
        board, _ = runner.run_cpython({"ai_ms": 0, "hidden": False}, d, runner.Feeder([]), display=board_display("pico_lcd_114"),
                                      keys=board_keys("pico_lcd_114"), link=UnpluggedLink())
    assert shown.lit and (shown.width, shown.height) == (240, 135)
    assert shown.pixels == board.display.pixels


# --- flash: persistence and power cuts ----------------------------------------------------
def test_flash_survives_a_restart(pico_copy):
    with rp2040.VPico(pico_copy) as pico:
        mpremote(pico, "exec", "f = open('/keep.txt', 'w'); f.write('kept ' * 1000); f.close()")
    with rp2040.VPico(pico_copy) as pico:
        out = mpremote(pico, "exec", "print(open('/keep.txt').read() == 'kept ' * 1000)")
    assert out.strip() == "True"


RECORD = "{'variant': 'burako', 'seats': 'HA', 'hands': [[120, -35], [410, 260]], 'final': [530, 225], 'winner': 0}"


def test_power_cut_while_the_score_log_is_written_keeps_every_earlier_record(pico_copy):
    """docs/scorelog.md: a power cut loses at most the record being written, never an earlier one.

    The cut falls inside the flash program call of the next append (only its first 100 bytes
    reach the chip: a torn littlefs commit), then the board is started again from its flash file."""
    append = f"import scorelog\nscorelog.append('/scores.log', {RECORD})\n"
    with rp2040.VPico(pico_copy) as pico:
        mpremote(pico, "exec", append * 3)
        code, out, err = burako("scores", "--port", pico.port, "--json")
        assert code == 0, err
        before = [json.loads(ln) for ln in out.splitlines()]
        flash_before = pico_copy.read_bytes()
        pico.request("cut", after=0, keep=100)
        mpremote(pico, "exec", "--no-follow", append)
        assert pico.proc.wait(timeout=120) == -9  # the power failed inside a flash call
    assert pico_copy.read_bytes() != flash_before  # with part of the new record's commit written
    with rp2040.VPico(pico_copy) as pico:
        code, out, err = burako("scores", "--port", pico.port, "--json")
    assert code == 0, err
    after = [json.loads(ln) for ln in out.splitlines()]
    for r in before + after:        # the log's own fields: not when or through which port
        for k in ("pulled_at", "copies", "key", "source"):   # each export read the board
            r.pop(k, None)
    assert len(before) == 3 and after[:3] == before and len(after) <= 4
    assert [r["seq"] for r in after] == list(range(len(after)))


def test_a_new_stock_flash_says_at_once_that_it_holds_no_game(tmp_path):
    # guards against a past bug: the first run on a new flash file waited 90 s and said "the screen did not
    # settle" instead of saying the board is empty and `burako flash` comes first
    t = time.monotonic()
    code, out, err = burako("vpico", "--headless", "--flash", str(tmp_path / "new.bin"), "--uf2", "stock",
                            "--screenshot", str(tmp_path / "x.png"))
    assert code == 2 and err.count("\n") == 1 and "burako flash" in err and "no game" in err
    assert time.monotonic() - t < 30 and not (tmp_path / "x.png").exists()


def test_the_seed_range_is_the_emulators():
    # guards against a past bug: vpico --seed stopped at 2^30-1 where emu --seed takes 2^32-1
    import argparse

    from host import emu, vpico

    top = str(0xFFFFFFFF)
    assert vpico.configure(argparse.ArgumentParser()).parse_args(["--seed", top]).seed == 0xFFFFFFFF
    assert emu.configure(argparse.ArgumentParser()).parse_args(["--seed", top]).seed == 0xFFFFFFFF
