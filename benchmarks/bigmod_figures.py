"""bigmod, the console's native modular exponentiation (hardware/cmodules/bigmod; docs/vpico.md
"bigmod"), against MicroPython's built-in pow() on the virtual Pico running the project's UF2
(RP2040 emulated time at 125 MHz, timed on the board with ticks_us), modulo the hidden hands'
256-bit P (link/hidden.py), and the flash the module adds to the firmware.

    python benchmarks/bigmod_figures.py [--json] [--uf2 FILE] [--build-dir DIR]

  bigmod_rp2040_ms_builtin_e128 / _e256   pow(b, e, P), e of exactly 128 / 256 bits: the median
                                          of ROUNDS (base, exponent) pairs drawn from a fixed seed
  bigmod_rp2040_ms_e128 / _e256           bigmod.pow on the same pairs (goal: e256 <= 12 ms)
  bigmod_speedup_e128 / _e256             the built-in's median over bigmod's
  bigmod_code_bytes                       flash taken by the module's own code and constants: the
                                          sections of hardware/cmodules' objects in the Pico-LCD-1.3
                                          board's linker map (build/uf2/board-BURAKO_LCD13, or
                                          --build-dir); its name and table in MicroPython's module
                                          list add a few bytes more (docs/vpico.md "bigmod")

rp2040js charges no flash wait states or XIP cache misses: a real Pico runs the module from its
16 KB XIP cache after the first pass, so these are lower bounds there, as every RP2040 figure.
"""
import argparse
import json
import random
import re
import statistics
import sys
import tempfile
from pathlib import Path

from benchpath import ROOT
from emulator.runtimes import rp2040
from link import hidden

ROUNDS = 5
GOAL_MS_E256 = 12.0
SCRIPT = """\
import time, bigmod
P = {p}
for bits, b, e in {pairs!r}:
    t = time.ticks_us(); want = pow(b, e, P); builtin = time.ticks_diff(time.ticks_us(), t)
    t = time.ticks_us(); got = bigmod.pow(b, e, P); native = time.ticks_diff(time.ticks_us(), t)
    print('T', bits, builtin, native, int(got == want))
"""


def pairs(rounds=ROUNDS, seed=1):
    """(bits, base, exponent): exponents of exactly 128 and 256 bits, bases below P."""
    rng = random.Random(seed)
    return [(bits, rng.randrange(2, hidden.P), rng.getrandbits(bits) | 1 << (bits - 1))
            for bits in (128, 256) for _ in range(rounds)]


def device_times(uf2):
    """{bits: ([built-in us], [bigmod us])} from one board running `uf2`."""
    times = {}
    with tempfile.TemporaryDirectory(prefix="burako-bigmod-") as d:
        with rp2040.VPico(Path(d) / "flash.bin", uf2=uf2) as pico:
            pico.settle(800, after_ns=0)
            out = rp2040.mpremote(pico.port, "exec", SCRIPT.format(p=hidden.P, pairs=pairs()), timeout=600)
    for line in out.splitlines():
        if line.startswith("T "):
            _, bits, builtin, native, same = line.split()
            if same != "1":
                raise SystemExit(f"bigmod_figures: bigmod.pow differs from pow() on the board ({bits} bits)")
            got = times.setdefault(int(bits), ([], []))
            got[0].append(int(builtin))
            got[1].append(int(native))
    return times


MAP_LINE = re.compile(r"^\s*(\.\S+)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+\.o)$")


def code_bytes(board_build):
    """Bytes in flash of the sections (.text, .rodata, .data) of hardware/cmodules' objects in
    the board's linker map; None without one."""
    path = Path(board_build) / "firmware.elf.map"
    if not path.is_file():
        return None
    total, name = 0, None
    for line in path.read_text(errors="replace").splitlines():
        m = MAP_LINE.match(line)
        if m is None:
            name = line.strip() if line.startswith(" .") and len(line.split()) == 1 else None
            continue
        section = m.group(1) or name
        name = None
        address, size, obj = int(m.group(2), 16), int(m.group(3), 16), m.group(4)
        if ("/hardware/cmodules/" in obj and section and address >= 0x10000000
                and section.startswith((".text", ".rodata", ".data"))):
            total += size
    return total


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="end with one flat JSON object")
    ap.add_argument("--uf2", default=None, metavar="FILE",
                    help="the project's UF2 (default: dist/burako-<version>-pico_lcd_13.uf2 or $BURAKO_UF2_DIR's)")
    ap.add_argument("--build-dir", type=Path, default=Path(ROOT) / "build" / "uf2" / "board-BURAKO_LCD13",
                    help="the board's build folder, for the code size (default: build/uf2/board-BURAKO_LCD13)")
    a = ap.parse_args()
    fig = {}
    size = code_bytes(a.build_dir)
    if size is None:
        print(f"bigmod_figures: no linker map in {a.build_dir} (make uf2): no code size", file=sys.stderr)
    else:
        fig["code_bytes"] = size
    why = rp2040.missing()
    uf2 = a.uf2 or rp2040.project_uf2("pico_lcd_13")
    if why:
        print(f"bigmod_figures: no virtual Pico ({why})", file=sys.stderr)
    elif uf2 is None:
        print("bigmod_figures: no UF2 built (make uf2): no times", file=sys.stderr)
    else:
        try:
            rp2040.uf2_bytes(uf2)
        except rp2040.VPicoError as e:
            print(f"bigmod_figures: {e}", file=sys.stderr)
            return 2
        for bits, (builtin, native) in sorted(device_times(uf2).items()):
            fig[f"rp2040_ms_builtin_e{bits}"] = round(statistics.median(builtin) / 1000, 2)
            fig[f"rp2040_ms_e{bits}"] = round(statistics.median(native) / 1000, 2)
            fig[f"speedup_e{bits}"] = round(statistics.median(builtin) / statistics.median(native), 1)
        fig["goal_ms_e256"] = GOAL_MS_E256
    fig = {"bigmod_" + k: v for k, v in fig.items()}   # one namespace in benchmarks/run.py's union
    for k, v in fig.items():
        print(f"{k:36} {v}")
    if a.json:
        print(json.dumps(fig))
    return 0


if __name__ == "__main__":
    sys.exit(main())
