"""burako flash --uf2: the console's firmware onto the RPI-RP2 drive an RP2040 shows when plugged in
with BOOTSEL held (docs/device-tools.md). The drive is a FAT volume with INFO_UF2.TXT at its
root; here it is a folder named by $BURAKO_UF2_DRIVE, and the UF2 the stock MicroPython one."""
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


def test_no_drive_says_how_to_get_one(tmp_path, uf2):
    empty = tmp_path / "nothing"
    empty.mkdir()
    rp2350 = drive(tmp_path / "RP2350", INFO_RP2350)  # another chip's boot drive is not ours
    code, out, err = run_cli("flash", "--uf2", str(uf2),
                             env={"BURAKO_UF2_DRIVE": os.pathsep.join([str(empty), str(rp2350)])})
    one_line_error(code, out, err, "no RPI-RP2 drive found", "hold the BOOTSEL button while plugging")
    assert files_of(rp2350) == ["INDEX.HTM", "INFO_UF2.TXT"] and files_of(empty) == []


def test_two_drives_ask_for_one(tmp_path, uf2):
    a, b = drive(tmp_path / "a"), drive(tmp_path / "b")
    env = {"BURAKO_UF2_DRIVE": os.pathsep.join([str(a), str(b)])}
    code, out, err = run_cli("flash", "--uf2", str(uf2), env=env)
    one_line_error(code, out, err, "2 RPI-RP2 drives found", "--drive")
    code, out, err = run_cli("flash", "--uf2", str(uf2), "--drive", str(b), env=env)
    assert code == 0, err
    assert (b / uf2.name).exists() and not (a / uf2.name).exists()


def blocks(family, n=2):
    out = b""
    for i in range(n):
        head = struct.pack("<IIIIIIII", 0x0A324655, 0x9E5D5157, 0x2000, 0x10000000 + 256 * i, 256, i, n, family)
        out += head + bytes(476) + struct.pack("<I", 0x0AB16F30)
    return out


@pytest.mark.parametrize("data, says", [
    (b"not a firmware\n", "is not a UF2 file"),
    (bytes(1024), "no UF2 magic numbers"),
    (blocks(0xE48BFF59), "a UF2 for another chip (family 0xe48bff59)"),  # an RP2350's
])
def test_a_file_that_is_not_an_rp2040_uf2_is_refused(tmp_path, data, says):
    d = drive(tmp_path / "RPI-RP2")
    bad = tmp_path / "bad.uf2"
    bad.write_bytes(data)
    code, out, err = run_cli("flash", "--uf2", str(bad), env={"BURAKO_UF2_DRIVE": str(d)})
    one_line_error(code, out, err, says)
    assert files_of(d) == ["INDEX.HTM", "INFO_UF2.TXT"]
    assert device.check_uf2(blocks(0xE48BFF56), "ok.uf2") is None


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
