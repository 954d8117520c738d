"""`burako uf2`: build the console's own MicroPython firmware, one UF2 per board, from pinned sources.

    burako uf2                       # every board -> dist/burako-<version>-<board>.uf2
    burako uf2 --board pico_lcd_114  # one board
    BURAKO_FIRMWARE_SRC=/path/to/archives burako uf2

The boards are the UF2S of the firmware's board profiles (hal/board.py PROFILES): the Pico
and the Pico 2 (RP2350, its Arm cores) under each Waveshare LCD board, and the Pimoroni
PicoSystem; each is built from its folder hardware/boards/BURAKO_<folder>.

The sources are the ones hardware/firmware.lock names (repository, commit, archive, sha256):
each archive is taken from the cache folder (--src, else $BURAKO_FIRMWARE_SRC, else
../shared/firmware-src beside the checkout) after its sha256 is checked, else cloned at the
pinned commit. They are unpacked once into build/uf2/ (MicroPython's submodules under
micropython/lib/), then mpy-cross, picotool (for the host, no libusb) and the boards of
hardware/boards/ are built there with SOURCE_DATE_EPOCH fixed: the same inputs give the same
bytes. Everything is reused on the next run, so a rebuild after one firmware .py changed only
re-freezes and relinks.

The firmware must end below the filesystem (0xA0000 on a 2 MB Pico, 0x100000 on the Pico 2
and the PicoSystem): nothing in the toolchain checks it, so this does, and fails rather than
write a UF2 that would overwrite the player's saves.
"""
import ast
import hashlib
import json
import operator
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from hal.board import PROFILES, load_profile

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "hardware" / "firmware.lock"
BOARDS_DIR = ROOT / "hardware" / "boards"
SRC_ENV = "BURAKO_FIRMWARE_SRC"
PARALLEL_BOARDS = 2     # boards built at once


class Target:
    """One UF2: `name` (as in dist/burako-<version>-<name>.uf2), the firmware `profile` it runs,
    its MicroPython board `folder` (hardware/boards/BURAKO_<...>), its `chip` and `flash` bytes:
    a row of the profile's UF2S."""

    def __init__(self, name, profile, folder, chip, flash):
        self.name, self.profile, self.folder, self.chip, self.flash = name, profile, folder, chip, flash


def targets():
    """{UF2 name: Target} for every board profile's UF2S, in PROFILES order."""
    out = {}
    for profile in PROFILES:
        for name, folder, chip, flash in load_profile(profile).UF2S:
            out[name] = Target(name, profile, "BURAKO_" + folder, chip, flash)
    return out


TARGETS = targets()
# UF2 name -> its board folder: pico_lcd_13 -> BURAKO_LCD13, pico2_lcd_13 -> BURAKO_PICO2_LCD13
BOARDS = {name: t.folder for name, t in TARGETS.items()}

# --- UF2 files: the blocks a boot ROM takes ------------------------------------------------
# pico-sdk 2.1.1 src/common/boot_uf2_headers/include/boot/uf2.h
UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)   # first, second (offset 4), last (offset 508)
FLAG_NOT_MAIN_FLASH = 0x1
FLAG_FAMILY = 0x2000
FLAG_EXTENSION = 0x8000
IGNORE_BLOCK = 0x9957E304   # the extension tag of a block the RP2350 boot ROM skips
ABSOLUTE_FAMILY = 0xE48BFF57
# each chip's family id (the one its boot ROM writes; the RP2350's Arm-secure image) and the
# name its BOOTSEL drive gives in INFO_UF2.TXT (RP2040 and RP2350 datasheets, "Board-ID")
CHIPS = {"rp2040": {"family": 0xE48BFF56, "drive": "RPI-RP2"},
         "rp2350": {"family": 0xE48BFF59, "drive": "RP2350"}}
XIP_BASE = 0x10000000


def uf2_blocks(data):
    """[(flash address, payload, family)] of the blocks a boot ROM writes; ValueError (one line)
    when `data` is not a UF2 file. Left out: blocks marked not-main-flash, and the RP2350-E10
    block picotool puts first in an RP2350 UF2 (absolute family, tagged ignore, aimed at the top
    of the 16 MB window: the boot ROM skips it)."""
    if not data or len(data) % 512:
        raise ValueError("not a UF2 file (its size is not a whole number of 512-byte blocks)")
    out = []
    for off in range(0, len(data), 512):
        m0, m1, flags, addr, size, _no, _n, family = struct.unpack_from("<8I", data, off)
        if (m0, m1) != UF2_MAGIC[:2] or struct.unpack_from("<I", data, off + 508)[0] != UF2_MAGIC[2]:
            raise ValueError(f"not a UF2 file (no UF2 magic numbers in block {off // 512})")
        if flags & FLAG_NOT_MAIN_FLASH:
            continue
        if flags & FLAG_EXTENSION and struct.unpack_from("<I", data, off + 32 + size)[0] == IGNORE_BLOCK:
            continue
        out.append((addr, data[off + 32:off + 32 + size], family if flags & FLAG_FAMILY else None))
    return out


def uf2_image(data):
    """The flash bytes a UF2 writes, from XIP_BASE (unwritten gaps 0xFF): what the chip boots."""
    blocks = uf2_blocks(data)
    end = max(addr + len(payload) for addr, payload, _ in blocks)
    image = bytearray(b"\xff" * (end - XIP_BASE))
    for addr, payload, _ in blocks:
        image[addr - XIP_BASE:addr - XIP_BASE + len(payload)] = payload
    return bytes(image)


# pico-sdk's binary info (src/common/pico_binary_info/include/pico/binary_info/defs.h and
# structure.h): a header near the image's start points at a list of entries, which picotool
# reads; MicroPython's rp2 port puts its filesystem and its frozen modules there
BI_MARKERS = (0x7188EBF2, 0xE71AA390)
BI_ID_AND_STRING, BI_BLOCK_DEVICE = 6, 7
BI_TAG_RP, BI_TAG_MP = 0x5052, 0x504D        # 'R','P' and 'M','P'
BI_IDS = {0x02031C86: "program_name", 0x11A9BC3A: "version", 0xB63CFFBB: "pico_board",
          0x5360B3AB: "sdk_version", 0x4A99D719: "frozen"}


def binary_info(image):
    """What the binary info of a flash image (uf2_image()) says: {"program_name", "version",
    "pico_board", "sdk_version": str, "frozen": [top-level frozen modules], "block_devices":
    [(name, address, size)]}; ValueError when it has none."""
    def word(addr):
        return struct.unpack_from("<I", image, flash_offset(addr))[0]

    def flash_offset(addr):
        for src, dst, dst_end in mapping:    # data the runtime copies to RAM: found in flash
            if dst <= addr < dst_end:
                addr = src + addr - dst
                break
        if not XIP_BASE <= addr < XIP_BASE + len(image):
            raise ValueError(f"binary info points outside the image (0x{addr:08x})")
        return addr - XIP_BASE

    def text(addr):
        off = flash_offset(addr)
        return image[off:image.index(b"\0", off)].decode("ascii", "replace")

    mapping = []
    for off in range(0, min(len(image), 4096) - 20, 4):
        w = struct.unpack_from("<5I", image, off)
        if w[0] == BI_MARKERS[0] and w[4] == BI_MARKERS[1]:
            start, end, table = w[1:4]
            break
    else:
        raise ValueError("no binary info in the image")
    while word(table):
        mapping.append(struct.unpack_from("<3I", image, flash_offset(table)))
        table += 12
    out = {"frozen": [], "block_devices": []}
    for ptr in range(start, end, 4):
        entry = word(ptr)
        kind, tag = struct.unpack_from("<HH", image, flash_offset(entry))
        if kind == BI_ID_AND_STRING and tag in (BI_TAG_RP, BI_TAG_MP):
            ident, value = struct.unpack_from("<II", image, flash_offset(entry) + 4)
            name = BI_IDS.get(ident)
            if name == "frozen":
                out["frozen"].append(text(value))
            elif name is not None:
                out[name] = text(value)
        elif kind == BI_BLOCK_DEVICE:
            name, address, size = struct.unpack_from("<III", image, flash_offset(entry) + 4)
            out["block_devices"].append((text(name), address, size))
    return out


def uf2_chip(data):
    """The chip whose boot ROM takes every block of the UF2 `data` ("rp2040", "rp2350"), else a
    ValueError saying why none does."""
    blocks = uf2_blocks(data)
    families = {f for _, _, f in blocks}
    for chip, c in CHIPS.items():
        if families == {c["family"]}:
            return chip
    names = ", ".join(sorted("none" if f is None else f"0x{f:08x}" for f in families)) or "no blocks"
    raise ValueError(f"a UF2 for no chip the console has (family {names})")
TOOLS = (("arm-none-eabi-gcc", "gcc-arm-none-eabi libnewlib-arm-none-eabi"), ("cmake", "cmake"),
         ("make", "make"), ("cc", "build-essential"), ("c++", "g++"), ("tar", "tar"), ("xz", "xz-utils"))


class BuildError(Exception):
    """One line for stderr; `code` 2 for what the user can fix before building, 1 for a failed build."""

    def __init__(self, msg, code=1):
        super().__init__(msg)
        self.code = code


def version():
    """The project's version: pyproject.toml in a checkout, else the installed package's."""
    try:
        m = re.search(r'^version\s*=\s*"([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M)
        if m:
            return m.group(1)
    except OSError:
        pass
    from importlib.metadata import version as installed

    return installed("burako")


def lock():
    return json.loads(LOCK.read_text())


def default_src():
    return Path(os.environ.get(SRC_ENV) or ROOT.parent / "shared" / "firmware-src")


def uf2_name(board):
    return f"burako-{version()}-{board}.uf2"


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


_ARITHMETIC = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul}


def _evaluate(node, names):
    """An integer expression of + - * and parentheses over numbers and `names` (a board
    header's macro), else ValueError."""
    if isinstance(node, ast.Expression):
        return _evaluate(node.body, names)
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value
    if isinstance(node, ast.Name) and node.id in names:
        return names[node.id]
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITHMETIC:
        return _ARITHMETIC[type(node.op)](_evaluate(node.left, names), _evaluate(node.right, names))
    raise ValueError(ast.dump(node))


def fs_start(board):
    """Flash offset of the filesystem of UF2 `board`, as the rp2 port places it: the flash
    (the target's) less the board folder's MICROPY_HW_FLASH_STORAGE_BYTES (rp2_flash.c)."""
    t = TARGETS[board]
    header = BOARDS_DIR / t.folder / "mpconfigboard.h"
    m = re.search(r"^#define\s+MICROPY_HW_FLASH_STORAGE_BYTES\s+(.+?)\s*$", header.read_text(), re.M)
    try:
        size = _evaluate(ast.parse(m.group(1), mode="eval"), {"PICO_FLASH_SIZE_BYTES": t.flash})
    except (AttributeError, SyntaxError, ValueError):
        raise BuildError(f"{header}: no MICROPY_HW_FLASH_STORAGE_BYTES this can work out", 2) from None
    return t.flash - size


def run(cmd, log, cwd=None, env=None):
    """Run a build step with its output in `log`; on failure, the log's last lines and a BuildError."""
    with open(log, "ab") as f:
        f.write(("\n$ " + " ".join(str(c) for c in cmd) + "\n").encode())
        f.flush()
        r = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, stdout=f, stderr=subprocess.STDOUT)
    if r.returncode:
        tail = Path(log).read_text(errors="replace").splitlines()[-15:]
        sys.stderr.write("\n".join(tail) + "\n")
        raise BuildError(f"{cmd[0]} failed (exit {r.returncode}): see {log}")


def check_tools():
    missing = [(t, pkg) for t, pkg in TOOLS if shutil.which(t) is None]
    if missing:
        raise BuildError("missing " + ", ".join(t for t, _ in missing) + ": apt-get install "
                         + " ".join(p for _, p in missing), 2)


def fetch(source, src_dir, dest, log):
    """Unpack (or clone) one pinned source into `dest`; `dest` is replaced."""
    archive = src_dir / source["archive"]
    tmp = Path(tempfile.mkdtemp(prefix="unpack-", dir=dest.parent))
    try:
        if archive.is_file():
            got = sha256(archive)
            if got != source["sha256"]:
                raise BuildError(f"{archive}: sha256 {got}, the lock says {source['sha256']}", 2)
            run(["tar", "-xJf", archive, "-C", tmp], log)
            tops = list(tmp.iterdir())
            if len(tops) != 1 or not tops[0].is_dir():
                raise BuildError(f"{archive}: not one folder at the top", 2)
            top = tops[0]
        else:
            top = tmp / source["name"]
            try:
                for cmd in (["git", "init", "-q", top],
                            ["git", "-C", top, "fetch", "-q", "--depth", "1", source["repository"], source["commit"]],
                            ["git", "-C", top, "checkout", "-q", "FETCH_HEAD"]):
                    run(cmd, log)
            except BuildError:
                raise BuildError(f"{source['archive']} is not in {src_dir} and git could not fetch "
                                 f"{source['repository']} at {source['commit']} (offline?): "
                                 f"put the archives in a folder and name it in ${SRC_ENV}", 2) from None
            shutil.rmtree(top / ".git")
        if dest.exists():
            shutil.rmtree(dest)     # MicroPython's archive leaves an empty folder per submodule
        top.rename(dest)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def sources(build, src_dir, log, say):
    """Unpack every pinned source not yet unpacked at its locked sha256; True if any was."""
    stamps = build / "stamps"
    stamps.mkdir(parents=True, exist_ok=True)
    changed = False
    for source in lock()["sources"]:
        stamp = stamps / source["name"]
        dest = build / source["path"]
        if dest.is_dir() and stamp.is_file() and stamp.read_text() == source["sha256"]:
            continue
        if source["name"] == "micropython":
            # the libraries live inside it: they go with it
            for s in lock()["sources"]:
                (stamps / s["name"]).unlink(missing_ok=True)
        say(f"unpacking {source['name']} ({source['commit'][:10]})")
        dest.parent.mkdir(parents=True, exist_ok=True)
        fetch(source, src_dir, dest, log)
        stamp.write_text(source["sha256"])
        changed = True
    return changed


def board_key(board_dir, lk):
    """What, when changed, needs a fresh CMake build folder (pitfall 1: ports/rp2/Makefile runs
    CMake only when the folder has no Makefile): the sources, the board folder, the version."""
    h = hashlib.sha256(json.dumps(lk["sources"], sort_keys=True).encode())
    h.update(version().encode())
    for p in sorted(list(board_dir.iterdir()) + list(BOARDS_DIR.glob("*.*"))):
        if p.is_file():
            h.update(p.name.encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


def build_board(board, build, out, env, jobs, log, fresh):
    board_dir = BOARDS_DIR / BOARDS[board]
    bdir = build / ("board-" + BOARDS[board])
    key = board_key(board_dir, lock())
    stamp = bdir / "burako-key"
    if bdir.exists() and (fresh or not stamp.is_file() or stamp.read_text() != key):
        shutil.rmtree(bdir)
    bdir.mkdir(parents=True, exist_ok=True)
    stamp.write_text(key)
    run(["make", "-C", build / "micropython" / "ports" / "rp2", f"-j{jobs}",
         f"BOARD_DIR={board_dir}", f"BUILD={bdir}"], log, env=env)
    return publish(board, bdir, out)


def publish(board, bdir, out):
    """Copy a board's firmware.uf2 from its build folder `bdir` to out/burako-<version>-<board>.uf2,
    unless the firmware (firmware.bin: flash from 0x10000000 up) would reach the filesystem."""
    limit = fs_start(board)
    size = (bdir / "firmware.bin").stat().st_size
    dest = out / uf2_name(board)
    if size > limit:
        dest.unlink(missing_ok=True)
        raise BuildError(f"{board}: the firmware is {size} B and would reach the filesystem at "
                         f"0x{limit:X} ({size - limit} B over): freeze less")
    out.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_suffix(".tmp")
    shutil.copyfile(bdir / "firmware.uf2", tmp)
    tmp.replace(dest)
    return {"board": board, "chip": TARGETS[board].chip, "uf2": str(dest), "uf2_bytes": dest.stat().st_size,
            "firmware_bytes": size, "filesystem_at": limit, "flash_left": limit - size, "sha256": sha256(dest)}


def build_all(boards, src_dir, build, out, jobs, fresh=False, say=print):
    check_tools()
    lk = lock()
    build.mkdir(parents=True, exist_ok=True)
    log = build / "build.log"
    log.write_text("")
    t0 = time.monotonic()
    unpacked = sources(build, src_dir, log, say)
    if unpacked:    # new sources: picotool and every board are built again
        shutil.rmtree(build / "picotool-install", ignore_errors=True)
    fresh = unpacked or fresh
    mpy = next(s for s in lk["sources"] if s["name"] == "micropython")
    # MicroPython's version (os.uname().version, the banner) comes from `git describe` in its tree
    # unless MICROPY_GIT_TAG is set, and build/uf2/ sits inside this project's checkout: it would
    # read this project's commit, "-dirty" included. The ceiling keeps every git call of the
    # build out of the checkout.
    env = dict(os.environ, SOURCE_DATE_EPOCH=str(lk["epoch"]),
               PICOTOOL_FETCH_FROM_GIT_PATH=str(build / "picotool-install"),
               MICROPY_GIT_TAG=mpy["ref"], MICROPY_GIT_HASH=mpy["commit"][:10],
               GIT_CEILING_DIRECTORIES=str(build),
               # ports/rp2/Makefile appends its own CMake arguments to these
               CMAKE_ARGS=(os.environ.get("CMAKE_ARGS", "") + f" -DBURAKO_VERSION={version()}").strip())
    mp = build / "micropython"
    say("mpy-cross")
    run(["make", "-C", mp / "mpy-cross", f"-j{jobs}"], log, env=env)
    picotool = build / "picotool-install" / "picotool" / "picotool"
    if not picotool.exists():
        say("picotool (for the host, without libusb)")
        pb = build / "picotool-build"
        shutil.rmtree(pb, ignore_errors=True)
        run(["cmake", "-S", build / "picotool", "-B", pb, f"-DPICO_SDK_PATH={mp / 'lib' / 'pico-sdk'}",
             "-DPICOTOOL_NO_LIBUSB=1", "-DPICOTOOL_FLAT_INSTALL=1", "-DCMAKE_BUILD_TYPE=Release",
             f"-DCMAKE_INSTALL_PREFIX={build / 'picotool-install'}"], log, env=env)
        run(["cmake", "--build", pb, f"-j{jobs}"], log, env=env)
        run(["cmake", "--install", pb], log, env=env)
    # two boards at a time (each its own build folder and log; `make -jN` each): one board's
    # serial steps (CMake, freezing, linking, picotool) leave a core idle that the other fills
    def one(board):
        say(f"firmware {board} ({BOARDS[board]})")
        board_log = build / f"build-{BOARDS[board]}.log"
        board_log.write_text("")
        return build_board(board, build, out, env, jobs, board_log, fresh)

    with ThreadPoolExecutor(max_workers=min(PARALLEL_BOARDS, len(boards))) as pool:
        results = list(pool.map(one, boards))
    return {"version": version(), "seconds": round(time.monotonic() - t0, 1), "boards": results}


def add_parser(sub):
    p = sub.add_parser("uf2", help="build the console's UF2 files (MicroPython with the game frozen in)",
                       description="Build the console's firmware, MicroPython with the game frozen in, "
                       "one UF2 per board (dist/burako-<version>-<board>.uf2), from the pinned "
                       "sources of hardware/firmware.lock.")
    p.add_argument("--board", action="append", choices=sorted(BOARDS),
                   help="build only this board (repeatable; default: all)")
    p.add_argument("--src", type=Path, default=None,
                   help=f"folder of the source archives (default: ${SRC_ENV}, else ../shared/firmware-src)")
    p.add_argument("--build-dir", type=Path, default=ROOT / "build" / "uf2",
                   help="where the sources are unpacked and built (default: build/uf2)")
    p.add_argument("--out", type=Path, default=ROOT / "dist", help="where the UF2s go (default: dist)")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, help="parallel compile jobs")
    p.add_argument("--fresh", action="store_true", help="rebuild the boards from a clean build folder")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=cmd_uf2)


def cmd_uf2(a):
    src = a.src if a.src is not None else default_src()
    if a.src is not None and not a.src.is_dir():
        print(f"burako uf2: --src {a.src}: no such folder", file=sys.stderr)
        return 2
    if a.jobs < 1:
        print("burako uf2: --jobs must be at least 1", file=sys.stderr)
        return 2
    say = (lambda m: print("uf2: " + m, file=sys.stderr)) if a.json else (lambda m: print("uf2: " + m, flush=True))
    try:
        res = build_all(a.board or list(BOARDS), src, a.build_dir.resolve(), a.out.resolve(), a.jobs,
                        a.fresh, say)
    except BuildError as e:
        print(f"burako uf2: {e}", file=sys.stderr)
        return e.code
    if a.json:
        print(json.dumps(res, indent=1))
        return 0
    for b in res["boards"]:
        print(f"{b['uf2']}: {b['uf2_bytes']} B UF2, firmware {b['firmware_bytes']} B, "
              f"{b['flash_left']} B ({b['flash_left'] / 1024:.1f} KB) of flash left before the "
              f"filesystem at 0x{b['filesystem_at']:X}; sha256 {b['sha256']}")
    print(f"built in {res['seconds']} s")
    return 0
