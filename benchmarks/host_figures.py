"""Figures for the host tool at the virtual device (tests/devicekit.py: the MicroPython webassembly
port on a pty, through the real mpremote): a whole flash, a one-file re-flash, and pulling and
merging a 1,000-match score log; then `burako flash` on the virtual Pico (the real rp2 firmware
on rp2040js: host_vpico_*), whole, and of one changed file and of nothing onto a board that
holds and runs the game (the goal: <= 5 s for one file); then the same on the console's
own UF2 (`make uf2`: the game frozen in; host_vpico_uf2_*), and `flash --clean` there.

    .venv/bin/python benchmarks/host_figures.py [--json] [--no-vpico]

The virtual device takes bytes as fast as node reads the pty; mpremote's plain raw REPL (no
raw-paste there) sends 256 bytes at a time and waits for each, so these are protocol-bound
figures, not a Pico's flash speed.
"""
import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import benchpath  # noqa: F401  (puts the checkout, tests/ and firmware/ on sys.path)
import devicekit
import scorelog
from host import device, history, scores

MATCHES = 1000


def log_of(n):
    """n matches as the device writes them (4 players, 6 hands; every other one with id and counts)."""
    out = bytearray()
    for i in range(n):
        rec = {"seq": i, "variant": "burako", "seats": "HAAA", "winner": i % 2,
               "hands": [[(i * 37 + h * 113) % 900 - 150, (i * 53 + h * 71) % 800 - 200] for h in range(6)],
               "final": [1000 + i, 900 - i]}
        if i % 2:
            rec.update(id=(i * 2654435761) & 0xFFFFFFFFFFFFFFFF, canastas=[[[1, 0], [0, 1]]] * 6, closes=[0] * 6)
        out += scorelog.encode(rec)
    return bytes(out)


def vpico_figures(fig):
    """burako flash (device.flash: what the command does after its build) on the virtual Pico.
    rp2040js runs the chip several times slower than a Pico (and charges no flash wait states),
    so the wall-clock figures (_s) are the emulator's; _rp2040_s is the emulated chip's own
    clock over the same flash (what the board spent, waiting for the host included)."""
    from emulator.runtimes import rp2040, wasi

    why = rp2040.missing()
    if why:
        print(f"host_figures: no virtual Pico figures: {why}", file=sys.stderr)
        return
    with tempfile.TemporaryDirectory(prefix="burako-bench-vpico-") as tmp:
        tmp = Path(tmp)
        tree = wasi.compile_firmware(tmp / "fw")
        image = tmp / "flash.bin"
        with rp2040.VPico(image) as pico:
            pico.wait_event("usb")
            t = time.perf_counter()
            r = device.flash(pico.port, tree)
            fig["host_vpico_flash_whole_s"] = round(time.perf_counter() - t, 2)
            fig["host_vpico_flash_whole_files"] = len(r["copied"])
            fig["host_vpico_flash_whole_bytes"] = sum(n for _, n in r["copied"])
        with rp2040.VPico(image) as pico:  # power on: main.py runs the game, as on a console
            pico.settle(800, after_ns=0)
            t, c = time.perf_counter(), pico.stats()["t_ns"]
            r = device.flash(pico.port, tree)
            fig["host_vpico_flash_unchanged_s"] = round(time.perf_counter() - t, 2)
            fig["host_vpico_flash_unchanged_rp2040_s"] = round((pico.stats()["t_ns"] - c) / 1e9, 2)
            assert not r["copied"]
            pico.settle(800, after_ns=0)
            app = tree / "ui" / "app.mpy"  # one changed module: the bytes of a rebuilt one
            data = bytearray(app.read_bytes())
            data[-1] ^= 1
            app.write_bytes(bytes(data))
            t, c = time.perf_counter(), pico.stats()["t_ns"]
            r = device.flash(pico.port, tree)
            fig["host_vpico_reflash_one_s"] = round(time.perf_counter() - t, 2)
            fig["host_vpico_reflash_one_rp2040_s"] = round((pico.stats()["t_ns"] - c) / 1e9, 2)
            fig["host_vpico_reflash_one_bytes"] = sum(n for _, n in r["copied"])
            assert [f for f, _ in r["copied"]] == ["ui/app.mpy"]

        uf2 = rp2040.project_uf2("pico_lcd_13")  # the console's own firmware, the game frozen in
        if uf2 is None:
            print("host_figures: no host_vpico_uf2_* figures: no UF2 built (make uf2)", file=sys.stderr)
            return
        with rp2040.VPico(tmp / "uf2.bin", uf2=uf2) as pico:
            pico.settle(800, after_ns=0)
            t = time.perf_counter()
            r = device.flash(pico.port, tree)  # the filesystem holds none of it: every file
            fig["host_vpico_uf2_flash_whole_s"] = round(time.perf_counter() - t, 2)
            assert r["frozen"]
            pico.settle(800, after_ns=0)
            data[-2] ^= 1
            app.write_bytes(bytes(data))
            t, c = time.perf_counter(), pico.stats()["t_ns"]
            r = device.flash(pico.port, tree)
            fig["host_vpico_uf2_reflash_one_s"] = round(time.perf_counter() - t, 2)
            fig["host_vpico_uf2_reflash_one_rp2040_s"] = round((pico.stats()["t_ns"] - c) / 1e9, 2)
            assert [f for f, _ in r["copied"]] == ["ui/app.mpy"]
            t = time.perf_counter()
            r = device.clean(pico.port, device.firmware_files())
            fig["host_vpico_uf2_clean_s"] = round(time.perf_counter() - t, 2)
            fig["host_vpico_uf2_clean_files"] = len(r["removed"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="one flat JSON object on the last line")
    ap.add_argument("--no-vpico", action="store_true", help="skip the virtual Pico's figures")
    a = ap.parse_args()
    fig = {}
    with tempfile.TemporaryDirectory(prefix="burako-bench-") as tmp, devicekit.virtual_device() as port:
        tmp = Path(tmp)
        from emulator.runtimes import wasi

        tree = wasi.compile_firmware(tmp / "fw")
        t = time.perf_counter()
        r = device.flash(port, tree)
        fig["host_flash_whole_s"] = round(time.perf_counter() - t, 2)
        fig["host_flash_whole_files"] = len(r["copied"])
        fig["host_flash_whole_bytes"] = sum(n for _, n in r["copied"])

        t = time.perf_counter()
        r = device.flash(port, tree)
        fig["host_flash_unchanged_s"] = round(time.perf_counter() - t, 2)

        main_py = tree / "main.py"
        main_py.write_text(main_py.read_text() + "# bench\n")
        t = time.perf_counter()
        r = device.flash(port, tree)
        fig["host_reflash_one_s"] = round(time.perf_counter() - t, 2)
        fig["host_reflash_one_files"] = len(r["copied"])
        fig["host_reflash_one_bytes"] = sum(n for _, n in r["copied"])

        log = tmp / "scores.log"
        log.write_bytes(log_of(MATCHES))
        devicekit.mpremote(port, "fs", "cp", str(log), ":/scores.log")
        fig["host_log_1000_bytes"] = log.stat().st_size
        for run in ("first", "again"):
            t0 = time.perf_counter()
            assert device.pull_file(port, "scores.log", tmp / "pulled.log")
            t1 = time.perf_counter()
            records, problems = scores.read_log(tmp / "pulled.log")
            t2 = time.perf_counter()
            h = history.History.open(tmp / "h.sqlite")
            new, known = h.merge(records, port)
            h.close()
            t3 = time.perf_counter()
            assert len(records) == MATCHES and not problems and new == (MATCHES if run == "first" else 0)
            if run == "first":
                fig["host_pull_1000_s"] = round(t1 - t0, 2)
                fig["host_read_1000_s"] = round(t2 - t1, 3)
                fig["host_merge_1000_s"] = round(t3 - t2, 3)
                fig["host_pull_merge_1000_s"] = round(t3 - t0, 2)
            else:
                fig["host_pull_merge_1000_again_s"] = round(t3 - t0, 2)
    if not a.no_vpico:
        vpico_figures(fig)
    if a.json:
        print(json.dumps(fig))
    else:
        for k, v in fig.items():
            print(f"{k:32} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
