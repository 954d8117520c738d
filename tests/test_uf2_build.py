"""`burako uf2` (host/uf2.py) and the UF2s it builds: the lock, the board folders, the checks
that run before and after the compiler, and the built files themselves (dist/ or
$BURAKO_UF2_DIR; required when $BURAKO_REQUIRE_UF2 is set, as in CI)."""
import os
import re
import shutil
import struct
import sys
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
NAMES = {"pico_lcd_13": "Pico + Pico-LCD-1.3", "pico_lcd_114": "Pico + Pico-LCD-1.14"}


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


@pytest.mark.parametrize("board", sorted(uf2.BOARDS))
def test_each_board_folder_keeps_the_filesystem_where_stock_micropython_has_it(board):
    d = uf2.BOARDS_DIR / uf2.BOARDS[board]
    assert uf2.fs_start(d) == FS_START
    header = (d / "mpconfigboard.h").read_text()
    assert f'"Burako " BURAKO_VERSION " ({NAMES[board]})"' in header
    # the built-in profile names a profile the firmware has
    ns = {}
    exec((d / "burako_board.py").read_text(), ns)
    assert ns["PROFILE"] == board
    assert (uf2.ROOT / "firmware" / "hal" / f"profile_{board}.py").is_file()
    assert "include(\"$(BOARD_DIR)/../manifest.py\")" in (d / "manifest.py").read_text()


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
    bdir.mkdir()
    (bdir / "firmware.bin").write_bytes(b"\0" * fw_bytes)
    (bdir / "firmware.uf2").write_bytes(b"uf2")
    return bdir


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


def _blocks(data):
    assert len(data) % 512 == 0
    for off in range(0, len(data), 512):
        m0, m1, flags, addr, size, n, total, family = struct.unpack_from("<8I", data, off)
        assert (m0, m1) == UF2_MAGIC[:2] and struct.unpack_from("<I", data, off + 508)[0] == UF2_MAGIC[2]
        assert flags & 0x2000 and family == RP2040_FAMILY
        yield addr, data[off + 32:off + 32 + size]


@pytest.mark.parametrize("board", sorted(uf2.BOARDS))
def test_the_uf2_writes_only_below_the_filesystem(board):
    """So an update leaves the saves and the score log where they are."""
    blocks = list(_blocks(_built(board)))
    assert blocks
    for addr, payload in blocks:
        assert XIP_BASE <= addr and addr + len(payload) <= XIP_BASE + FS_START, hex(addr)


@pytest.mark.parametrize("board", sorted(uf2.BOARDS))
def test_the_uf2_names_the_console_its_version_and_freezes_the_game(board):
    image = b"".join(p for _, p in _blocks(_built(board)))
    assert f"Burako {uf2.version()} ({NAMES[board]})".encode() in image
    # frozen modules are named by their path (pitfall 4 of the firmware sources' README)
    for name in (b"main.py", b"burako_board.py", b"engine/game.py", b"ui/app.py", b"hal/board.py"):
        assert name in image, name


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
