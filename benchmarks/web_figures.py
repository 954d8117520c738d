"""The web console (`burako web`, docs/web.md) in headless Chromium: how fast the chip runs in the
page, how soon the title is up, how soon a key shows, how large the site is, how long a linked
hand between two consoles in one page takes. Wall-clock figures of this host, not of the device.

    python benchmarks/web_figures.py [--json] [--load N] [--seconds S] [--no-hand]

  web_pct_idle_1          one console at its title (the firmware asleep between 15 ms frames): emulated
                          time over wall time, %; the chip never runs ahead of the wall clock, so 100 is
                          the most, a real RP2040's pace
  web_pct_busy_1          one console running a busy loop (MicroPython `while` on ticks_ms, typed into
                          its REPL): emulated over wall time, % (the host's whole speed for this chip)
  web_pct_busy_2          two linked consoles both in that loop at once, the lower of the two, %
  web_mhz_busy_1/2        the same as executed RP2040 cycles per wall second (a real one: 125 MHz)
  web_mhz_per_cpu_second  in the one-console loop, RP2040 cycles per second of CPU time the browser's
                          processes used: what the page runs on one idle core, whatever the host's load
  web_ms_load_to_title    the page opened (navigation start) to the canvas's last frame of the title
  web_ms_key_to_pixel     a key down on the page (keydown) to the first canvas frame that shows its answer
                          (the title's cursor moved), median of 10 (p90 alongside)
  web_ms_key_to_settled   the same to the redraw's last frame
  web_site_bytes, web_site_gzip_bytes  the static files of `burako web --out` (both boards), raw and
                          each gzipped at level 9, as a static host would serve them
  web_s_linked_hand       two consoles in one page play a linked hand (autoplay on both, target 1:
                          emulator/guests/pico_link.py) to the match's end, wall seconds; web_linked_moves
  load_average            the host's 1-minute load average when the run ended
With --load N the figures are taken while N busy processes (one Python loop each) load the host.
"""
import argparse
import gzip
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import benchpath  # noqa: F401  (the checkout, tests/ and the firmware on sys.path)

from emulator.runtimes import rp2040  # noqa: E402
from host import web  # noqa: E402
from webkit import CHROMIUM, exec_all, launch, open_page, settle, stats  # noqa: E402

BUSY = "import time\nt = time.ticks_ms()\nwhile time.ticks_diff(time.ticks_ms(), t) < {ms}:\n    pass\n"


def site_sizes(site):
    raw = gz = 0
    for root, _, names in os.walk(site):
        for n in names:
            data = open(os.path.join(root, n), "rb").read()
            raw += len(data)
            gz += len(gzip.compress(data, 9))
    return raw, gz


def idle_speed(page, seconds):
    a = stats(page)
    w0 = time.monotonic()
    time.sleep(seconds)
    b = stats(page)
    return 100 * (b["t_ns"] - a["t_ns"]) / ((time.monotonic() - w0) * 1e9)


def browser_cpu_seconds():
    """CPU seconds used so far by this process's descendants (the Playwright driver's Chromium)."""
    tick = os.sysconf("SC_CLK_TCK")
    procs = {}
    for pid in os.listdir("/proc"):
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            procs[int(pid)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / tick)
        except (OSError, ValueError, IndexError):
            continue
    mine, total = {os.getpid()}, 0.0
    for _ in range(6):   # a few generations down: driver, browser, its helpers
        for pid, (ppid, _) in procs.items():
            if ppid in mine:
                mine.add(pid)
    for pid in mine - {os.getpid()}:
        total += procs[pid][1]
    return total


def busy_speed(page, consoles, seconds):
    """Every console in a busy loop of `seconds` of emulated time at once: [(percent, MHz)] and the
    RP2040 MHz per CPU second the browser spent (what one idle core would run)."""
    before = [stats(page, i) for i in consoles]
    w0, c0 = time.monotonic(), browser_cpu_seconds()
    exec_all(page, BUSY.format(ms=int(seconds * 1000)), consoles)
    wall, cpu = time.monotonic() - w0, browser_cpu_seconds() - c0
    after = [stats(page, i) for i in consoles]
    cycles = sum(e["cycles"] - s["cycles"] for s, e in zip(before, after))
    return [(100 * (e["t_ns"] - s["t_ns"]) / (wall * 1e9), (e["cycles"] - s["cycles"]) / wall / 1e6)
            for s, e in zip(before, after)], cycles / cpu / 1e6


def key_times(page, n=10):
    answer, settled = [], []
    for k in range(n):
        t = stats(page)["t_ns"]
        page.keyboard.press("ArrowDown" if k % 2 == 0 else "ArrowUp")
        settle(page, after_ns=t)
        a = page.evaluate("(c => [c.pressAt, c.answerAt, c.frameAt])(window.burako.consoles[0])")
        answer.append(a[1] - a[0])
        settled.append(a[2] - a[0])
    return answer, settled


def main(argv=None):
    ap = argparse.ArgumentParser(prog="web_figures.py")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--load", type=int, default=0, help="busy processes loading the host meanwhile")
    ap.add_argument("--seconds", type=float, default=5.0, help="emulated seconds of each speed window")
    ap.add_argument("--no-hand", action="store_true", help="leave out the linked hand (minutes)")
    a = ap.parse_args(argv)
    if not os.path.exists(CHROMIUM) or rp2040.project_uf2("pico_lcd_13") is None:
        print("web_figures.py: needs chromium and the UF2s (make uf2)", file=sys.stderr)
        return 2
    load = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(a.load)]
    figures = {"load_processes": a.load}
    try:
        with tempfile.TemporaryDirectory() as site:
            web.build_site(site)
            figures["web_site_bytes"], figures["web_site_gzip_bytes"] = site_sizes(site)
            with launch(site) as browser:
                page = open_page(browser)
                settle(page, quiet_ms=800, after_ns=0)
                figures["web_ms_load_to_title"] = round(page.evaluate("window.burako.consoles[0].frameAt"))
                figures["web_pct_idle_1"] = round(idle_speed(page, a.seconds), 1)
                answer, settled = key_times(page)
                figures["web_ms_key_to_pixel"] = round(statistics.median(answer), 1)
                figures["web_ms_key_to_pixel_p90"] = round(sorted(answer)[8], 1)
                figures["web_ms_key_to_settled"] = round(statistics.median(settled), 1)
                ((pct, mhz),), per_cpu = busy_speed(page, [0], a.seconds)
                figures["web_pct_busy_1"], figures["web_mhz_busy_1"] = round(pct, 1), round(mhz, 1)
                figures["web_mhz_per_cpu_second"] = round(per_cpu, 1)
                page.context.close()

                page = open_page(browser, "?consoles=2")
                for i in (0, 1):
                    settle(page, i, quiet_ms=800, after_ns=0)
                both, _ = busy_speed(page, [0, 1], a.seconds)
                figures["web_pct_busy_2"] = round(min(p for p, _ in both), 1)
                figures["web_mhz_busy_2"] = round(min(m for _, m in both), 1)
                page.context.close()

                if not a.no_hand:
                    page = open_page(browser, "?consoles=2")
                    for i in (0, 1):
                        settle(page, i, quiet_ms=800, after_ns=0)
                    t0 = time.monotonic()
                    said = exec_all(page, rp2040.board_script("pico_link.py", MOVES=None, TARGET=1))
                    figures["web_s_linked_hand"] = round(time.monotonic() - t0, 1)
                    figures["web_linked_moves"] = int(said[0]["out"].rsplit("LINK ", 1)[1].split()[1])
                    page.context.close()
        figures["load_average"] = round(os.getloadavg()[0], 2)
    finally:
        for p in load:
            p.kill()
            p.wait()
    if a.json:
        print(json.dumps(figures))
    else:
        for k, v in figures.items():
            print(f"{k:28} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
