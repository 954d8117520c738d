"""The console firmware on the virtual Pico (docs/vpico.md): the real MicroPython v1.27.0 rp2
firmware on rp2040js, times in RP2040 emulated time at 125 MHz.

    python benchmarks/rp2040_figures.py [--json]

rp2040js charges each instruction its Cortex-M0+ cycle count and no flash wait states or XIP
cache misses, so CPU times are lower bounds for a real Pico; SPI bytes take 8 bit times at the
clock the firmware programmed (62.5 MHz: hal.board moves clk_peri to the system clock). An LCD frame is a burst
of SPI bytes ended by 20 ms without any; a redraw runs from its first CASET to its last pixel byte.

  rp2040_ms_boot          power-on to the last pixel byte of the title screen (flash holding the build)
  rp2040_ms_full_redraw   the new game's table (seed 1, keys A, UP, A), first CASET to last pixel
  rp2040_ms_cursor_move   RIGHT in the rack: key down to the last pixel byte
  rp2040_heap_free_table  gc.mem_free() after gc.collect() right after that table's redraw (App running)
  rp2040_ms_decision_p99_level1/2/3  99th percentile of one AI decision (ai.make(level).choose), 2-player
                          hands (seeds 1..3, both seats that level), timed on the board with ticks_us
  rp2040_ms_link_move     one move across the link cable (two boards, UART0 to UART0 at 115200, the
                          App's linked match with autoplay on both): the MOVE frame's first byte into
                          the sender's UART to the last bit of the other board's ACK; median of the
                          first LINK_MOVES moves (each board's part on its own clock: see
                          emulator/runtimes/rp2040 move_round_trips)
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from emulator.runtimes import rp2040  # noqa: E402
from emulator.paths import use_firmware  # noqa: E402

use_firmware()
from hal import keys as K  # noqa: E402


def frame_after(pico, t_ns):
    """The first LCD frame that starts after `t_ns`, once the screen is quiet again."""
    pico.settle(after_ns=t_ns)
    return [b for b in pico.stats(bursts=True)["bursts"] if b["start_ns"] >= t_ns][0]


# App.draw wrapped to report the heap after every redraw (after a gc.collect()); run apart from
# the timed part, which it would slow. The board is built as at power-on, by main.py (which
# then unloads hal.board and the profile), the App given the seed through a stand-in module.
HEAP_SCRIPT = """
import gc, sys
from ui.app import App
class HeapApp(App):
    def __init__(self, board):
        App.__init__(self, board, seed=1, ai_ms=0)
    def draw(self):
        App.draw(self)
        gc.collect()
        print('HEAP', gc.mem_free(), 'END')
class heap_app:
    App = HeapApp
sys.modules['heap_app'] = heap_app
import main
main.main(app='heap_app')
"""


def heap_with_table(pico):
    t = pico.stats()["t_ns"]
    rp2040.mpremote(pico.port, "exec", "--no-follow", HEAP_SCRIPT)
    pico.settle(800, after_ns=t)
    for k in (K.A, K.UP, K.A):
        pico.settle(after_ns=pico.tap(k))
    out = b""
    while True:  # everything printed so far; the last report is the table's
        try:
            out += pico.serial_read(b"END", timeout=2)
        except rp2040.VPicoError:
            break
    return int(out.rsplit(b"HEAP", 1)[1].split()[0])


# AI decisions timed on the board with ticks_us: both seats the same level, whole hands
AI_SCRIPT = """
import gc, time
from engine import game as G
from engine import rules as RU
from ai.basic import make
gc.collect()
for level in (1, 2, 3):
    ts = []
    for seed in SEEDS:
        g = G.Game(RU.VARIANTS[0], 2, seed, 0)
        ais = (make(level), make(level))
        hand = g.hand
        while g.phase < G.P_HAND_OVER and g.hand == hand:
            gc.collect()
            t = time.ticks_us()
            mv = ais[g.turn].choose(g)
            ts.append(time.ticks_diff(time.ticks_us(), t))
            if g.play(mv):
                raise SystemExit('illegal move')
    ts.sort()
    print('AI', level, len(ts), ts[(len(ts) * 99) // 100], ts[-1])
"""


def ai_decisions(pico, seeds=(1, 2, 3)):
    out = rp2040.mpremote(pico.port, "exec", "SEEDS = %r\n" % (seeds,) + AI_SCRIPT, timeout=1800)
    fig = {}
    for ln in out.splitlines():
        if ln.startswith("AI "):
            _, level, n, p99, worst = ln.split()
            fig[f"rp2040_ms_decision_p99_level{level}"] = round(int(p99) / 1000, 1)
            fig[f"rp2040_ms_decision_max_level{level}"] = round(int(worst) / 1000, 1)
            fig[f"rp2040_decisions_level{level}"] = int(n)
    return fig


LINK_MOVES = 20


def link_move(d, image):
    images = []
    for n in "ab":
        images.append(os.path.join(d, n + ".bin"))
        shutil.copyfile(image, images[-1])
    with rp2040.VPico(images[0], link="listen:0") as a, \
            rp2040.VPico(images[1], link=f"socket://127.0.0.1:{a.listening}") as b:
        for p in (a, b):
            p.settle(800, after_ns=0)
        ra, rb = rp2040.link_match((a, b), moves=LINK_MOVES)
        baud = a.stats()["uart_baud"]
    if ra["digest"] != rb["digest"]:
        raise SystemExit("the linked boards disagree about the match")
    trips = rp2040.move_round_trips(ra["wire"], rb["wire"]) + rp2040.move_round_trips(rb["wire"], ra["wire"])
    return {"rp2040_ms_link_move": round(statistics.median(trips) / 1e6, 1),
            "rp2040_ms_link_move_max": round(max(trips) / 1e6, 1),
            "rp2040_link_moves": len(trips), "rp2040_link_baud": baud}


def measure(d):
    image = os.path.join(d, "flash.bin")
    with rp2040.VPico(image) as pico:
        pico.wait_event("usb")
        r = subprocess.run([sys.executable, "-m", "host.cli", "flash", "--port", pico.port,
                            "--out", os.path.join(d, "fw")], capture_output=True, text=True, cwd=ROOT)
        if r.returncode:
            raise SystemExit("burako flash failed: " + r.stderr.strip()[-300:])
    fig = link_move(d, image)
    wall = time.monotonic()
    with rp2040.VPico(image) as pico:  # power on: main.py draws the title
        pico.settle(800, after_ns=0)
        boot_wall = time.monotonic() - wall
        title = pico.stats(bursts=True)["bursts"][-1]  # the last LCD frame: the title
        fig["rp2040_ms_boot"] = round(title["last_pixel_ns"] / 1e6, 1)
        fig["rp2040_title_spi_bytes"] = title["bytes"]

        rp2040.start_app(pico, seed=1)
        pico.settle(after_ns=pico.tap(K.A))
        pico.settle(after_ns=pico.tap(K.UP))
        t = pico.tap(K.A)
        table = frame_after(pico, t)
        fig["rp2040_ms_full_redraw"] = round((table["last_pixel_ns"] - table["first_caset_ns"]) / 1e6, 1)
        fig["rp2040_full_redraw_spi_bytes"] = table["bytes"]
        fig["rp2040_ms_start_key_to_table"] = round((table["last_pixel_ns"] - t) / 1e6, 1)

        t = pico.tap(K.RIGHT)
        move = frame_after(pico, t)
        fig["rp2040_ms_cursor_move"] = round((move["last_pixel_ns"] - t) / 1e6, 1)
        fig["rp2040_ms_cursor_move_redraw"] = round((move["last_pixel_ns"] - move["first_caset_ns"]) / 1e6, 1)
        fig["rp2040_cursor_move_spi_bytes"] = move["bytes"]

        fig["rp2040_heap_free_table"] = heap_with_table(pico)
        fig.update(ai_decisions(pico))
        fig["rp2040_spi_hz"] = pico.stats()["spi_hz"]
        fig["rp2040_wall_s_boot"] = round(boot_wall, 2)  # host-dependent: how long the boot took here
    return fig


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="print one flat JSON object on the last line")
    a = ap.parse_args()
    why = rp2040.missing()
    if why:
        print(f"rp2040_figures: {why}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="burako-rp2040-figures-") as d:
        fig = measure(d)
    if a.json:
        print(json.dumps(fig))
    else:
        for k, v in fig.items():
            print(f"{k:32s} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
