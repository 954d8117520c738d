"""burako flash --uf2: the console's firmware onto the drive a board shows when plugged in with
BOOTSEL held (docs/device-tools.md): RPI-RP2 for an RP2040 (a Pico, the PicoSystem), RP2350 for
a Pico 2, each taking only its own chip's UF2s. The drive is a FAT volume with INFO_UF2.TXT at
its root; here it is a folder named by $BURAKO_UF2_DRIVE, and the UF2 the stock MicroPython one
or blocks made here."""
import os
import struct

import pytest

from devicekit import run_cli
from emulator.runtimes import rp2040
from host import device

INFO = "UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\nBoard-ID: RPI-RP2\n"
INFO_RP2350 = "UF2 Bootloader v1.0\nModel: Raspberry Pi RP2350\nBoard-ID: RP2350\n"


def drive(path, info=INFO):
    path.mkdir()
    (path / "INFO_UF2.TXT").write_text(info)
    (path / "INDEX.HTM").write_text("<html>redirect</html>")
    return path


@pytest.fixture
def uf2(tmp_path):
    src = tmp_path / "burako-0.1.0-pico_lcd_13.uf2"
    src.write_bytes(rp2040.UF2.read_bytes())
    return src


def files_of(d):
    return sorted(p.name for p in d.iterdir())


def one_line_error(code, out, err, *words):
    assert code == 2 and out == "", (out, err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    for w in words:
        assert w in err, err


def test_uf2_is_copied_onto_the_rpi_rp2_drive(tmp_path, uf2):
    d = drive(tmp_path / "RPI-RP2")
    code, out, err = run_cli("flash", "--uf2", str(uf2), env={"BURAKO_UF2_DRIVE": str(d)})
    assert code == 0, err
    assert (d / uf2.name).read_bytes() == uf2.read_bytes()
    assert out.startswith(f"copied {uf2} ({uf2.stat().st_size} bytes) to {d}: the console restarts")
    assert len(out.splitlines()) == 1 and err == ""


INFO_OTHER = "UF2 Bootloader v3.5.0\nModel: Some board\nBoard-ID: SAMD21G18A-Feather-v0\n"


def test_no_drive_says_how_to_get_one(tmp_path, uf2):
    empty = tmp_path / "nothing"
    empty.mkdir()
    other = drive(tmp_path / "FTHRBOOT", INFO_OTHER)  # another chip's boot drive is not ours
    code, out, err = run_cli("flash", "--uf2", str(uf2),
                             env={"BURAKO_UF2_DRIVE": os.pathsep.join([str(empty), str(other)])})
    one_line_error(code, out, err, "no RPI-RP2 or RP2350 drive found", "hold the BOOTSEL button while plugging",
                   "RP2350")
    assert files_of(other) == ["INDEX.HTM", "INFO_UF2.TXT"] and files_of(empty) == []


def test_two_drives_ask_for_one(tmp_path, uf2):
    a, b = drive(tmp_path / "a"), drive(tmp_path / "b")
    env = {"BURAKO_UF2_DRIVE": os.pathsep.join([str(a), str(b)])}
    code, out, err = run_cli("flash", "--uf2", str(uf2), env=env)
    one_line_error(code, out, err, "2 BOOTSEL drives found", "--drive")
    code, out, err = run_cli("flash", "--uf2", str(uf2), "--drive", str(b), env=env)
    assert code == 0, err
    assert (b / uf2.name).exists() and not (a / uf2.name).exists()


def blocks(family, n=2, e10=False):
    """A UF2 of `n` blocks of `family`; with `e10`, picotool's RP2350-E10 block first (absolute
    family, at 0x10ffff00, tagged for the boot ROM to ignore)."""
    out = b""
    if e10:
        head = struct.pack("<8I", 0x0A324655, 0x9E5D5157, 0xA000, 0x10FFFF00, 256, 0, 2, 0xE48BFF57)
        out += head + b"\xef" * 256 + struct.pack("<I", 0x9957E304) + bytes(216) + struct.pack("<I", 0x0AB16F30)
    for i in range(n):
        head = struct.pack("<IIIIIIII", 0x0A324655, 0x9E5D5157, 0x2000, 0x10000000 + 256 * i, 256, i, n, family)
        out += head + bytes(476) + struct.pack("<I", 0x0AB16F30)
    return out


@pytest.mark.parametrize("data, says", [
    (b"not a firmware\n", "is not a UF2 file"),
    (bytes(1024), "no UF2 magic numbers"),
    (blocks(0xE48BFF5A), "a UF2 for no chip the console has (family 0xe48bff5a)"),  # RP2350 RISC-V
    (blocks(0xE48BFF59, e10=True), "is a UF2 for the RP2350, and the drive"),       # a Pico 2's
    (blocks(0xE48BFF59) + blocks(0xE48BFF56), "a UF2 for no chip the console has"),  # two chips'
])
def test_a_file_that_is_not_an_rp2040_uf2_is_refused(tmp_path, data, says):
    d = drive(tmp_path / "RPI-RP2")
    bad = tmp_path / "bad.uf2"
    bad.write_bytes(data)
    code, out, err = run_cli("flash", "--uf2", str(bad), env={"BURAKO_UF2_DRIVE": str(d)})
    one_line_error(code, out, err, says)
    assert files_of(d) == ["INDEX.HTM", "INFO_UF2.TXT"]
    assert device.check_uf2(blocks(0xE48BFF56), "ok.uf2") is None
    assert device.check_uf2(blocks(0xE48BFF59, e10=True), "ok.uf2", "rp2350") is None


def test_a_pico_2_takes_its_rp2350_uf2_and_refuses_an_rp2040_one(tmp_path, uf2):
    """The Pico 2's drive (RP2350): a named RP2350 UF2 goes onto it; the Pico's UF2 is refused
    in one line that says which UF2 it needs, and nothing is written."""
    d = drive(tmp_path / "RP2350", INFO_RP2350)
    pico2 = tmp_path / "burako-0.1.0-pico2_lcd_13.uf2"
    pico2.write_bytes(blocks(0xE48BFF59, e10=True))
    code, out, err = run_cli("flash", "--uf2", str(uf2), env={"BURAKO_UF2_DRIVE": str(d)})
    one_line_error(code, out, err, "a UF2 for the RP2040", "RP2350", "use the RP2350 UF2")
    assert files_of(d) == ["INDEX.HTM", "INFO_UF2.TXT"]
    code, out, err = run_cli("flash", "--uf2", str(pico2), env={"BURAKO_UF2_DRIVE": str(d)})
    assert code == 0, err
    assert (d / pico2.name).read_bytes() == pico2.read_bytes()


def test_with_both_drives_a_uf2_goes_to_its_own_chip(tmp_path, uf2):
    a, b = drive(tmp_path / "RPI-RP2"), drive(tmp_path / "RP2350", INFO_RP2350)
    env = {"BURAKO_UF2_DRIVE": os.pathsep.join([str(a), str(b)])}
    code, out, err = run_cli("flash", "--uf2", str(uf2), env=env)
    assert code == 0, err
    assert (a / uf2.name).exists() and files_of(b) == ["INDEX.HTM", "INFO_UF2.TXT"]


def test_the_default_uf2_is_the_one_of_the_chip_the_drive_is(tmp_path, monkeypatch, capsys):
    """No file named: the board's UF2 for the chip of the drive found (dist/ holds the Pico's and
    the Pico 2's); a board sold with no such chip (the PicoSystem has no RP2350) says so."""
    from host import cli

    dist = tmp_path / "dist"
    dist.mkdir()
    for name, family in (("pico_lcd_13", 0xE48BFF56), ("pico2_lcd_13", 0xE48BFF59), ("picosystem", 0xE48BFF56)):
        (dist / f"burako-0.1.0-{name}.uf2").write_bytes(blocks(family, e10=family != 0xE48BFF56))
    monkeypatch.setattr(device, "DIST", dist)
    for info, board, want in ((INFO_RP2350, "pico_lcd_13", "pico2_lcd_13"), (INFO, "pico_lcd_13", "pico_lcd_13"),
                              (INFO, "picosystem", "picosystem")):
        d = drive(tmp_path / f"{want}-{board}", info)
        monkeypatch.setenv("BURAKO_UF2_DRIVE", str(d))
        assert cli.main(["flash", "--uf2", "--board", board]) == 0, capsys.readouterr()
        assert files_of(d) == sorted(["INDEX.HTM", "INFO_UF2.TXT", f"burako-0.1.0-{want}.uf2"])
        capsys.readouterr()
    d = drive(tmp_path / "pico2-picosystem", INFO_RP2350)
    monkeypatch.setenv("BURAKO_UF2_DRIVE", str(d))
    code = cli.main(["flash", "--uf2", "--board", "picosystem"])
    one_line_error(code, *capsys.readouterr(), "no UF2 built for picosystem on the RP2350")
    assert files_of(d) == ["INDEX.HTM", "INFO_UF2.TXT"]


def test_default_uf2_is_the_newest_built_for_the_board_else_make_uf2(tmp_path, monkeypatch, capsys):
    d = drive(tmp_path / "RPI-RP2")
    code, out, err = run_cli("flash", "--uf2", "--board", "no_such_board", env={"BURAKO_UF2_DRIVE": str(d)})
    one_line_error(code, out, err, "invalid choice: 'no_such_board'")   # boards: hal/board.py PROFILES
    from host import cli
    monkeypatch.setattr(device, "DIST", tmp_path / "empty")
    monkeypatch.setenv("BURAKO_UF2_DRIVE", str(d))
    code = cli.main(["flash", "--uf2", "--board", "pico_lcd_114"])
    one_line_error(code, *capsys.readouterr(), "no UF2 built for pico_lcd_114", "run `make uf2`")
    assert files_of(d) == ["INDEX.HTM", "INFO_UF2.TXT"]      # nothing written
    dist = tmp_path / "dist"
    dist.mkdir()
    for i, name in enumerate(["burako-0.1.0-pico_lcd_13.uf2", "burako-0.2.0-pico_lcd_13.uf2",
                              "burako-0.3.0-pico_lcd_114.uf2"]):
        (dist / name).write_bytes(b"x")
        os.utime(dist / name, (1000 + i, 1000 + i))
    assert device.newest_uf2("pico_lcd_13", dist).name == "burako-0.2.0-pico_lcd_13.uf2"
    assert device.newest_uf2("pico_lcd_114", dist).name == "burako-0.3.0-pico_lcd_114.uf2"
    assert device.newest_uf2("pico_lcd_2", dist) is None


@pytest.mark.parametrize("argv, says", [
    (["--uf2", "{tmp}/missing.uf2"], "no such file"),
    (["--uf2", "{uf2}", "--clean"], "takes no --port, --clean or --no-build"),
    (["--clean", "--drive", "{tmp}"], "--drive and --board go with --uf2"),
    (["--no-build", "--board", "pico_lcd_114"], "--drive and --board go with --uf2"),
    (["--uf2", "{uf2}", "--drive", "{tmp}"], "is not a UF2 drive"),
])
def test_bad_uf2_arguments_are_one_line_exit_2(tmp_path, uf2, argv, says):
    argv = [a.replace("{tmp}", str(tmp_path)).replace("{uf2}", str(uf2)) for a in argv]
    code, out, err = run_cli("flash", *argv, env={"BURAKO_UF2_DRIVE": str(tmp_path / "none")})
    one_line_error(code, out, err, says)
