"""The console's UF2s as built (`make uf2`): every board's, the Pico 2's included, read without
the chip (host/uf2.py: the blocks its boot ROM takes, and pico-sdk's binary info).

    python benchmarks/uf2_figures.py [--json] [--dir DIR] [--build]

  uf2_<board>_bytes            the file's size
  uf2_<board>_firmware_bytes   flash the firmware fills, from 0x10000000 to its last block
  uf2_<board>_flash_left_bytes flash between the firmware's end and the filesystem (the rp2 port's
                               block device in the binary info: 0xa0000 on a Pico, 0x100000 on the
                               Pico 2 and the PicoSystem)
  uf2_<board>_frozen_modules   modules frozen in (the game's, MicroPython's own)
With --build, first `burako uf2` from the archives into a fresh temporary build tree (no
copy of build/uf2: the figure CI pays), timed: uf2_build_wall_s and uf2_build_cpu_s (user +
system of the build and its children), for all boards built two at a time.

The UF2s are looked for in --dir, else $BURAKO_UF2_DIR, else dist/; a board without one is left out
(said on stderr).
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchpath import ROOT
from host import uf2


def build(out):
    """`burako uf2` from the archives into a fresh build tree; (wall s, CPU s)."""
    with tempfile.TemporaryDirectory(prefix="burako-uf2-build-") as d:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.monotonic()
        r = subprocess.run([sys.executable, "-m", "host.cli", "uf2", "--build-dir", str(Path(d) / "b"),
                            "--out", str(out)], cwd=ROOT, capture_output=True, text=True)
        wall = time.monotonic() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode:
        raise SystemExit("uf2_figures: the build failed: " + r.stderr.strip().splitlines()[-1])
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return round(wall, 1), round(cpu, 1)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="store_true", help="end with one flat JSON object")
    ap.add_argument("--dir", type=Path, default=None, help="where the UF2s are (default $BURAKO_UF2_DIR, else dist/)")
    ap.add_argument("--build", action="store_true", help="build them first, from the archives, timed")
    a = ap.parse_args(argv)
    where = a.dir or Path(os.environ.get("BURAKO_UF2_DIR") or ROOT / "dist")
    fig = {}
    if a.build:
        where = Path(tempfile.mkdtemp(prefix="burako-uf2-dist-"))
        fig["uf2_build_wall_s"], fig["uf2_build_cpu_s"] = build(where)
    for name, t in uf2.TARGETS.items():
        path = where / uf2.uf2_name(name)
        if not path.is_file():
            print(f"uf2_figures: no {path}", file=sys.stderr)
            continue
        data = path.read_bytes()
        blocks = uf2.uf2_blocks(data)
        info = uf2.binary_info(uf2.uf2_image(data))
        end = max(addr + len(payload) for addr, payload, _ in blocks) - uf2.XIP_BASE
        fs = info["block_devices"][0][1] - uf2.XIP_BASE
        fig.update({f"uf2_{name}_bytes": len(data), f"uf2_{name}_firmware_bytes": end,
                    f"uf2_{name}_flash_left_bytes": fs - end, f"uf2_{name}_chip": uf2.uf2_chip(data),
                    f"uf2_{name}_frozen_modules": len(info["frozen"])})
    if a.json:
        print(json.dumps(fig))
    else:
        for k, v in fig.items():
            print(f"{k:36s} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
