"""`burako uf2` (host/uf2.py) and the UF2s it builds: the lock, the board folders, the checks
that run before and after the compiler, and the built files themselves (dist/ or
$BURAKO_UF2_DIR; required when $BURAKO_REQUIRE_UF2 is set, as in CI): for every board, the
RP2040 ones and the Pico 2's (RP2350, which no virtual Pico here runs: these static checks are
all a Pico 2 UF2 gets without the chip)."""
import io
import lzma
import os
import re
import shutil
import struct
import sys
import tarfile
import types
from pathlib import Path

import pytest

from host import cli, uf2

HEX40 = re.compile(r"^[0-9a-f]{40}$")
HEX64 = re.compile(r"^[0-9a-f]{64}$")
FS_START = 0xA0000      # the stock RPI_PICO filesystem: 2 MB less 1408 KB
XIP_BASE = 0x10000000
UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)
RP2040_FAMILY = 0xE48BFF56
# where the rp2 port puts each board's filesystem: the stock RPI_PICO's at 0xA0000 (2 MB flash),
# the stock RPI_PICO2's 1 MB in (4 MB, PICO_FLASH_SIZE_BYTES - 1 MB), Pimoroni's PicoSystem
# build's 1 MB in (16 MB, 15 MB of filesystem)
FILESYSTEM = {"pico_lcd_13": (0xA0000, 1408 << 10), "pico_lcd_114": (0xA0000, 1408 << 10),
              "pico2_lcd_13": (0x100000, 3 << 20), "pico2_lcd_114": (0x100000, 3 << 20),
              "picosystem": (0x100000, 15 << 20)}
NAMES = {"pico_lcd_13": "Pico + Pico-LCD-1.3", "pico_lcd_114": "Pico + Pico-LCD-1.14",
         "pico2_lcd_13": "Pico 2 + Pico-LCD-1.3", "pico2_lcd_114": "Pico 2 + Pico-LCD-1.14",
         "picosystem": "PicoSystem"}
# (pico-sdk board, os.uname() chip name, UF2 family): the RP2350's Arm (secure) image
CHIP = {"rp2040": ("RP2040", 0xE48BFF56), "rp2350": ("RP2350", 0xE48BFF59)}
PICO_BOARD = {"pico_lcd_13": "pico", "pico_lcd_114": "pico", "pico2_lcd_13": "pico2",
              "pico2_lcd_114": "pico2", "picosystem": "pimoroni_picosystem"}


def test_the_lock_pins_every_source_by_commit_and_sha256():
    lk = uf2.lock()
    names = [s["name"] for s in lk["sources"]]
    assert names == ["micropython", "pico-sdk", "tinyusb", "mbedtls", "micropython-lib", "picotool"]
    for s in lk["sources"]:
        assert s["repository"].startswith("https://github.com/"), s
        assert HEX40.match(s["commit"]) and HEX64.match(s["sha256"]), s
        assert s["archive"].endswith(".tar.xz")
    # the four libraries go where MicroPython v1.27.0 has its submodules
    paths = {s["name"]: s["path"] for s in lk["sources"]}
    for lib in ("pico-sdk", "tinyusb", "mbedtls", "micropython-lib"):
        assert paths[lib] == "micropython/lib/" + lib
    assert isinstance(lk["epoch"], int)


def test_the_cached_archives_match_the_lock():
    src = uf2.default_src()
    present = [s for s in uf2.lock()["sources"] if (src / s["archive"]).is_file()]
    if not present:
        pytest.skip(f"no source archives in {src}")
    for s in present:
        assert uf2.sha256(src / s["archive"]) == s["sha256"], s["archive"]


def test_every_board_is_a_uf2_target():
    """Two Waveshare boards on a Pico and on a Pico 2, and the PicoSystem: five UF2s."""
    assert sorted(uf2.TARGETS) == sorted(NAMES)
    assert {n: t.chip for n, t in uf2.TARGETS.items()} == {n: "rp2350" if n.startswith("pico2_") else "rp2040"
                                                           for n in NAMES}


@pytest.mark.parametrize("board", sorted(uf2.BOARDS))
def test_each_board_folder_keeps_the_filesystem_where_stock_micropython_has_it(board):
    t = uf2.TARGETS[board]
    d = uf2.BOARDS_DIR / uf2.BOARDS[board]
    assert uf2.fs_start(board) == FILESYSTEM[board][0]
    assert t.flash - uf2.fs_start(board) == FILESYSTEM[board][1]
    header = (d / "mpconfigboard.h").read_text()
    assert f'"Burako " BURAKO_VERSION " ({NAMES[board]})"' in header
    # the built-in profile names a profile the firmware has
    ns = {}
    exec((d / "burako_board.py").read_text(), ns)
    assert ns["PROFILE"] == t.profile
    assert (uf2.ROOT / "firmware" / "hal" / f"profile_{t.profile}.py").is_file()
    assert "include(\"$(BOARD_DIR)/../manifest.py\")" in (d / "manifest.py").read_text()
    # the chip and the pico-sdk board it is built for
    cmake = (d / "mpconfigboard.cmake").read_text()
    assert f'set(PICO_BOARD "{PICO_BOARD[board]}")' in cmake
    assert f'set(PICO_PLATFORM "{t.chip}")' in cmake
    assert f'"mcu": "{t.chip}"' in (d / "board.json").read_text()


def sdk_board_header(name):
    """pico-sdk 2.1.1's src/boards/include/boards/NAME.h, from the pinned archive (the cache of
    `burako uf2`), or a skip."""
    src = uf2.default_src()
    entry = next(s for s in uf2.lock()["sources"] if s["name"] == "pico-sdk")
    archive = src / entry["archive"]
    if not archive.is_file():
        pytest.skip(f"no {entry['archive']} in {src}")
    with tarfile.open(fileobj=io.BytesIO(lzma.decompress(archive.read_bytes()))) as tar:
        member = next(m for m in tar.getmembers() if m.name.endswith(f"src/boards/include/boards/{name}.h"))
        return tar.extractfile(member).read().decode()


def test_the_picosystem_profile_is_the_pico_sdk_board_header():
    """Pins and flash size of hal/profile_picosystem.py as pico-sdk's pimoroni_picosystem.h (the
    header its UF2 is built with) names them; and each board's flash as its header's."""
    from hal import board, keys

    header = sdk_board_header("pimoroni_picosystem")
    pin = {m.group(1): int(m.group(2)) for m in re.finditer(r"#define PICOSYSTEM_(\w+)_PIN (\d+)", header)}
    p = board.load_profile("picosystem")
    assert (p.SPI_ID, p.SCK, p.MOSI, p.CS, p.DC, p.RST, p.BL) == (
        int(re.search(r"#define PICOSYSTEM_LCD_SPI (\d+)", header).group(1)), pin["LCD_SCLK"], pin["LCD_MOSI"],
        pin["LCD_CSN"], pin["LCD_DC"], pin["LCD_RESET"], pin["BACKLIGHT"])
    assert (p.SPEAKER, p.BATTERY_ADC) == (pin["AUDIO"], pin["BAT_SENSE"])
    named = {keys.UP: "SW_UP", keys.DOWN: "SW_DOWN", keys.LEFT: "SW_LEFT", keys.RIGHT: "SW_RIGHT",
             keys.A: "SW_A", keys.B: "SW_B", keys.X: "SW_X", keys.Y: "SW_Y"}
    assert dict(p.KEYS) == {bit: pin[name] for bit, name in named.items()}
    for name, t in uf2.TARGETS.items():
        text = sdk_board_header(PICO_BOARD[name])
        m = re.search(r"#define PICO_FLASH_SIZE_BYTES \((\d+) \* 1024 \* 1024\)", text)
        assert int(m.group(1)) << 20 == t.flash, name


def test_the_manifest_freezes_every_firmware_package_and_main():
    text = (uf2.BOARDS_DIR / "manifest.py").read_text()
    assert 'include("$(PORT_DIR)/boards/manifest.py")' in text
    for pkg in ("engine", "ai", "ui", "hal", "link", "burako", "rummy"):
        assert f'"{pkg}"' in text
        assert (uf2.ROOT / "firmware" / pkg / "__init__.py").is_file()
    for mod in ("scorelog.py", "main.py"):
        assert f'module("{mod}", base_path="$(BURAKO_FIRMWARE)")' in text
    top = {p.name for p in (uf2.ROOT / "firmware").iterdir() if not p.name.startswith(("_", "."))}
    assert top == {"engine", "ai", "ui", "hal", "link", "burako", "rummy", "scorelog.py", "main.py"}, \
        "a new top-level firmware file or package: freeze it in hardware/boards/manifest.py"


def _run(argv, capsys):
    code = cli.main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def _needs_tools():
    missing = [t for t, _ in uf2.TOOLS if shutil.which(t) is None]
    if missing:
        pytest.skip("no " + ", ".join(missing))


def test_an_archive_with_the_wrong_sha256_stops_the_build(tmp_path, capsys):
    _needs_tools()
    src = tmp_path / "src"
    src.mkdir()
    (src / "micropython-v1.27.0.tar.xz").write_bytes(b"not the archive")
    code, out, err = _run(["uf2", "--src", str(src), "--build-dir", str(tmp_path / "b"),
                           "--out", str(tmp_path / "dist")], capsys)
    assert code == 2
    assert err.count("\n") == 1 and "sha256" in err and "Traceback" not in err
    assert not (tmp_path / "dist").exists() and not (tmp_path / "b" / "micropython").exists()


def test_without_the_archive_or_a_network_one_line_says_what_to_do(tmp_path, capsys, monkeypatch):
    _needs_tools()
    if shutil.which("git") is None:
        pytest.skip("no git")
    # git may reach no https remote here: the clone fails at once, as it does offline
    monkeypatch.setenv("GIT_ALLOW_PROTOCOL", "file")
    monkeypatch.delenv(uf2.SRC_ENV, raising=False)
    src = tmp_path / "empty"
    src.mkdir()
    code, out, err = _run(["uf2", "--src", str(src), "--build-dir", str(tmp_path / "b"),
                           "--out", str(tmp_path / "dist")], capsys)
    assert code == 2
    last = err.strip().splitlines()[-1]
    assert last.startswith("burako uf2: micropython-v1.27.0.tar.xz is not in ")
    assert "78ff170de9e32c79db6e64d3e33d2bd60002bdcd" in last and uf2.SRC_ENV in last
    assert "Traceback" not in err and not (tmp_path / "dist").exists()


def test_bad_options_exit_2(tmp_path, capsys):
    for argv in (["uf2", "--board", "pico_lcd_99"], ["uf2", "--src", str(tmp_path / "nope")],
                 ["uf2", "--jobs", "0"]):
        code, out, err = _run(argv, capsys)
        assert code == 2 and err.count("\n") == 1, (argv, err)


def _fake_build(tmp_path, fw_bytes):
    bdir = tmp_path / "board"
    bdir.mkdir(parents=True)
    (bdir / "firmware.bin").write_bytes(b"\0" * fw_bytes)
    (bdir / "firmware.uf2").write_bytes(b"uf2")
    return bdir


def test_a_firmware_that_would_reach_the_filesystem_is_refused_on_a_pico_2_too(tmp_path):
    out = tmp_path / "dist"
    with pytest.raises(uf2.BuildError, match="0x100000"):
        uf2.publish("pico2_lcd_13", _fake_build(tmp_path, 0x100000 + 1), out)
    res = uf2.publish("picosystem", _fake_build(tmp_path / "ok", 0x100000), out)
    assert res["flash_left"] == 0 and res["filesystem_at"] == 0x100000 and res["chip"] == "rp2040"


def test_a_firmware_that_would_reach_the_filesystem_is_refused(tmp_path):
    out = tmp_path / "dist"
    out.mkdir()
    stale = out / uf2.uf2_name("pico_lcd_13")
    stale.write_bytes(b"an older build")
    with pytest.raises(uf2.BuildError, match="0xA0000"):
        uf2.publish("pico_lcd_13", _fake_build(tmp_path, FS_START + 1), out)
    assert not stale.exists(), "no UF2 of that board may be left to install"


def test_a_firmware_that_ends_at_the_filesystem_is_published_with_its_sizes(tmp_path):
    out = tmp_path / "dist"
    res = uf2.publish("pico_lcd_114", _fake_build(tmp_path, FS_START), out)
    assert res["flash_left"] == 0 and res["filesystem_at"] == FS_START
    assert Path(res["uf2"]) == out / f"burako-{uf2.version()}-pico_lcd_114.uf2"
    assert Path(res["uf2"]).read_bytes() == b"uf2"


# --- the built UF2s ----------------------------------------------------------------------

def _uf2_dir():
    return Path(os.environ.get("BURAKO_UF2_DIR") or uf2.ROOT / "dist")


def _built(board):
    path = _uf2_dir() / uf2.uf2_name(board)
    if not path.is_file():
        if os.environ.get("BURAKO_REQUIRE_UF2"):
            pytest.fail(f"{path} is missing: run `make uf2` (BURAKO_REQUIRE_UF2 is set)")
        pytest.skip(f"{path} not built (make uf2)")
    return path.read_bytes()


def _blocks(data, board):
    """(address, payload) of the blocks the board's boot ROM writes, every one checked: UF2 magic,
    the family of the board's chip; an RP2350 UF2 may start with picotool's RP2350-E10 block
    (absolute family, tagged ignore: host/uf2.py uf2_blocks), an RP2040 one may not."""
    family = CHIP[uf2.TARGETS[board].chip][1]
    assert len(data) % 512 == 0
    for off in range(0, len(data), 512):
        m0, m1, flags, addr, size, n, total, fam = struct.unpack_from("<8I", data, off)
        assert (m0, m1) == UF2_MAGIC[:2] and struct.unpack_from("<I", data, off + 508)[0] == UF2_MAGIC[2]
        if off == 0 and family != RP2040_FAMILY and fam == uf2.ABSOLUTE_FAMILY:
            assert flags & uf2.FLAG_EXTENSION and struct.unpack_from("<I", data, 32 + size)[0] == uf2.IGNORE_BLOCK
            continue
        assert flags & 0x2000 and fam == family, hex(fam)
        yield addr, data[off + 32:off + 32 + size]


@pytest.mark.parametrize("board", sorted(uf2.BOARDS))
def test_the_uf2_writes_only_below_the_filesystem(board):
    """So an update leaves the saves and the score log where they are; and every block is one
    the board's chip takes (host/uf2.py reads it so too)."""
    data = _built(board)
    blocks = list(_blocks(data, board))
    assert blocks and len(blocks) == len(uf2.uf2_blocks(data))
    for addr, payload in blocks:
        assert XIP_BASE <= addr and addr + len(payload) <= XIP_BASE + uf2.fs_start(board), hex(addr)
    assert uf2.uf2_chip(data) == uf2.TARGETS[board].chip
    print(board, "UF2", len(data), "B; flash left before the filesystem",
          uf2.fs_start(board) - max(a + len(p) for a, p in blocks) + XIP_BASE, "B")


@pytest.mark.parametrize("board", sorted(uf2.BOARDS))
def test_the_uf2_names_the_console_its_version_and_freezes_the_game(board):
    image = b"".join(p for _, p in _blocks(_built(board), board))
    assert f"Burako {uf2.version()} ({NAMES[board]})".encode() in image
    # os.uname().machine is the name "with" the chip's: the rp2 port's MICROPY_HW_MCU_NAME
    assert CHIP[uf2.TARGETS[board].chip][0].encode() + b"\0" in image
    # frozen modules are named by their path (pitfall 4 of the firmware sources' README)
    for name in (b"main.py", b"burako_board.py", b"engine/game.py", b"ui/app.py", b"hal/board.py"):
        assert name in image, name


@pytest.mark.parametrize("board", sorted(uf2.BOARDS))
def test_the_uf2s_binary_info_says_its_board_filesystem_and_frozen_modules(board):
    """pico-sdk's binary info in the image (what `picotool info` shows): the pico-sdk board it
    was built for, the filesystem the rp2 port mounts (address and size: where an update leaves
    it), MicroPython v1.27.0 on pico-sdk 2.1.1, and the game's modules in the frozen list."""
    info = uf2.binary_info(uf2.uf2_image(_built(board)))
    start, size = FILESYSTEM[board]
    assert info["pico_board"] == PICO_BOARD[board]
    assert info["block_devices"] == [("MicroPython", XIP_BASE + start, size)]
    assert (info["version"], info["sdk_version"]) == ("v1.27.0", "2.1.1")
    frozen = set(info["frozen"])
    assert {"main", "burako_board", "scorelog", "engine/game", "ui/app", "ui/sounds", "hal/board",
            "hal/sound", "hal/battery", f"hal/profile_{uf2.TARGETS[board].profile}", "link/session",
            "rummy/solve", "asyncio"} <= frozen
    firmware = {p.relative_to(uf2.ROOT / "firmware").with_suffix("").as_posix()
                for p in (uf2.ROOT / "firmware").rglob("*.py") if p.name != "__init__.py"}
    assert firmware <= frozen, sorted(firmware - frozen)


# --- the built-in board profile (hal.board) ----------------------------------------------

def test_the_built_in_profile_is_used_without_board_txt_and_board_txt_still_wins(tmp_path, monkeypatch):
    from hal import board

    assert board.profile_name(str(tmp_path) + "/") == board.DEFAULT_PROFILE   # stock: none built in
    built_in = types.ModuleType("burako_board")
    built_in.PROFILE = "pico_lcd_114"
    monkeypatch.setitem(sys.modules, "burako_board", built_in)
    assert board.profile_name(str(tmp_path) + "/") == "pico_lcd_114"
    assert board.load_profile(None, str(tmp_path) + "/").NAME == "pico-lcd-1.14"
    (tmp_path / "board.txt").write_text("pico_lcd_13\n")
    assert board.profile_name(str(tmp_path) + "/") == "pico_lcd_13"
