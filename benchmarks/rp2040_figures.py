"""The console firmware on the virtual Pico (docs/vpico.md): the real MicroPython v1.27.0 rp2
firmware on rp2040js, times in RP2040 emulated time at 125 MHz. Two paths in the same run: the
stock MicroPython UF2 with the game's .mpy files copied by `burako flash` (figures rp2040_*), and
the project's own UF2 with the game frozen into flash (`make uf2`; figures rp2040_frozen_*).

    python benchmarks/rp2040_figures.py [--json] [--uf2 FILE | --uf2 none] [--only stock|frozen]
                                        [--rummy-moves N] [--board pico_lcd_13|pico_lcd_114|picosystem]

rp2040js charges each instruction its Cortex-M0+ cycle count and no flash wait states or XIP
cache misses, so CPU times are lower bounds for a real Pico, and code run from flash (all of the
frozen build's bytecode) gains less on a real Pico than here; SPI bytes take 8 bit times at the
clock the firmware programmed (62.5 MHz: hal.board moves clk_peri to the system clock). An LCD
frame is a burst of SPI bytes ended by 20 ms without any; a redraw runs from its first CASET to its
last pixel byte.

  rp2040_ms_boot          power-on to the last pixel byte of the title screen (flash holding the build)
  rp2040_ms_full_redraw   the new game's table (seed 1, keys A, UP, A), first CASET to last pixel
  rp2040_ms_cursor_move   RIGHT in the rack: key down to the last pixel byte
  rp2040_heap_free_table  gc.mem_free() after gc.collect() right after that table's redraw (App running
                          from main.main(), 2 players); _4p the same with 4 players
  rp2040_ms_decision_p99_level1/2/3/4  99th percentile of one AI decision (ai.make(level).choose), 2-player
                          hands (seeds 1..3, both seats that level), timed on the board with ticks_us
  rp2040_ms_link_move     one move across the link cable (two boards, UART0 to UART0 at 115200, the
                          App's linked match with autoplay on both): the MOVE frame's first byte into
                          the sender's UART to the last bit of the other board's ACK; median of the
                          first LINK_MOVES moves (each board's part on its own clock: see
                          emulator/runtimes/rp2040 move_round_trips)
  rp2040_frozen_rummy_link_low_free  the lowest gc.mem_free() after a gc.collect() at the end of any
                          frame of a linked Rummy israelí match (both boards, autoplay): the connection,
                          the deal and the first --rummy-moves moves (default 60; 0: the whole match,
                          four hands, ~625 moves: 10 minutes of a quiet 2-core host, 30 of a loaded one; -1: skip),
                          the lower of the two boards (frozen build only)
  rp2040_frozen_uf2_bytes, rp2040_frozen_flash_left_bytes  the UF2's size, and the flash between the
                          end of its firmware and the filesystem at 0xa0000
  --board B (another board than the Pico-LCD-1.3; the frozen path, its own UF2): the same boot,
                          redraw, cursor and heap figures as rp2040_B_frozen_* (the link cable and
                          the AI's times are the chip's, left to the default board); on a board
                          with a speaker (the PicoSystem) also rp2040_B_frozen_us_sound_play and
                          _us_sound_tick_max: board.sound.play() of ui/sounds.py's CANASTA and its
                          costliest tick(), once a 15 ms frame, timed on the board (ticks_us); and
                          the sound in the App's frame (emulator/guests/pico_frame_sound.py):
                          _us_frame_idle_p50/_max (App.step at the title, nothing playing),
                          _us_sound_cue (the game's helper starting CANASTA), _us_frame_sounding_
                          p50/_max (the frames that tick it to its end), _frames_sounding
  with --rummy-solver: rp2040_ms_rummy_solve_p50/p99/max and rp2040_rummy_proven_pct* (the console's
                          Rummy solver at the device budget on every 8th play search of level-3 players,
                          benchmarks/expert_figures.py), and rp2040_ms_rummy_dp_* (the exact programme,
                          host only, on every 16th: benchmarks/rummy_solver_figures.py --vpico); stock path
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

from benchpath import ROOT
from emulator.runtimes import rp2040, wasi
from host import uf2 as uf2_mod

from hal import keys


def frame_after(pico, t_ns):
    """The first LCD frame that starts after `t_ns`, once the screen is quiet again."""
    pico.settle(after_ns=t_ns)
    return [b for b in pico.stats(bursts=True)["bursts"] if b["start_ns"] >= t_ns][0]


def ai_decisions(pico, seeds=(1, 2, 3)):
    """AI decisions timed on the board (tests/guests/ai_decisions.py): both seats the same level,
    the first hand of each deal."""
    out = rp2040.mpremote(pico.port, "exec", wasi.program("ai_decisions.py", deals=((2, seeds),)),
                          timeout=1800)
    fig = {}
    for ln in out.splitlines():
        if ln.startswith("AI "):
            _, level, _, n, _, p99, worst = ln.split()
            fig[f"ms_decision_p99_level{level}"] = round(int(p99) / 1000, 1)
            fig[f"ms_decision_max_level{level}"] = round(int(worst) / 1000, 1)
            fig[f"decisions_level{level}"] = int(n)
    return fig


LINK_MOVES = 20


def pair(d, image, tag):
    """Two boards booted from copies of `image`, UART0 to UART0 (a context manager's parts)."""
    images = []
    for n in "ab":
        images.append(os.path.join(d, f"{tag}{n}.bin"))
        shutil.copyfile(image, images[-1])
    a = rp2040.VPico(images[0], link="listen:0").start()
    try:
        b = rp2040.VPico(images[1], link=f"socket://127.0.0.1:{a.listening}").start()
    except BaseException:
        a.close()
        raise
    for p in (a, b):
        p.settle(800, after_ns=0)
    return a, b


def link_move(d, image, tag):
    a, b = pair(d, image, tag)
    try:
        ra, rb = rp2040.link_match((a, b), moves=LINK_MOVES)
        baud = a.stats()["uart_baud"]
    finally:
        b.close()
        a.close()
    if ra["digest"] != rb["digest"]:
        raise SystemExit("the linked boards disagree about the match")
    trips = rp2040.move_round_trips(ra["wire"], rb["wire"]) + rp2040.move_round_trips(rb["wire"], ra["wire"])
    return {"ms_link_move": round(statistics.median(trips) / 1e6, 1),
            "ms_link_move_max": round(max(trips) / 1e6, 1),
            "link_moves": len(trips), "link_baud": baud}


def rummy_link(d, image, tag, moves):
    a, b = pair(d, image, tag)
    wall = time.monotonic()
    try:
        ra, rb = rp2040.rummy_link_match((a, b), moves=moves or None)
    finally:
        b.close()
        a.close()
    if (ra["match_id"], ra["history"], ra["scores"]) != (rb["match_id"], rb["history"], rb["scores"]):
        raise SystemExit("the linked boards disagree about the Rummy match")
    return {"rummy_link_low_free": min(ra["low_free"], rb["low_free"]),
            "rummy_link_moves": ra["count"], "rummy_link_hands": len(ra["history"]),
            "rummy_link_frames": max(ra["frames"], rb["frames"]),
            "wall_s_rummy_link": round(time.monotonic() - wall, 1)}


def prepare(d, uf2, tag, board=rp2040.DEFAULT_PROFILE):
    """A flash image holding the game: the stock UF2 plus `burako flash` (uf2 None), or the
    project's UF2 booted once (its first boot formats the filesystem, as on a new Pico)."""
    image = os.path.join(d, tag + "flash.bin")
    with rp2040.VPico(image, board=board, uf2=uf2) as pico:
        if uf2 is None:
            pico.wait_event("usb")
            r = subprocess.run([sys.executable, "-m", "host.cli", "flash", "--port", pico.port,
                                "--out", os.path.join(d, "fw")], capture_output=True, text=True, cwd=ROOT)
            if r.returncode:
                raise SystemExit("burako flash failed: " + r.stderr.strip()[-300:])
        else:
            pico.settle(800, after_ns=0)
    return image


def sound_costs(pico):
    """board.sound.play() of CANASTA and its costliest tick(), in us on the board
    (emulator/guests/pico_sound.py), and the tones the virtual Pico heard."""
    pico.tones(clear=True)      # (the game's own sounds so far: its turn at the table)
    out = rp2040.mpremote(pico.port, "exec", rp2040.board_script("pico_sound.py", SOUND="CANASTA", VOLUME=2))
    said = out.split("SOUND ", 1)[1].split()
    tones, _ = pico.tones(clear=True)
    fig = {"us_sound_play": int(said[2]), "us_sound_tick_max": int(said[3]), "sound_notes_heard": len(tones)}
    fig.update(frame_sound_costs(pico))
    return fig


def frame_sound_costs(pico):
    """A sound's cost in the App's frame (emulator/guests/pico_frame_sound.py): App.step at the
    title, idle and while CANASTA sounds (the frames that tick it to its end), and the game's
    helper that starts it (ui/sounds.py cue), in us on the board."""
    out = rp2040.mpremote(pico.port, "exec", rp2040.board_script("pico_frame_sound.py", SOUND="CANASTA"))
    said = out.split("FRAME ", 1)[1].split()
    pico.tones(clear=True)
    idle_p50, idle_max, cue, sounding_p50, sounding_max, frames = (int(v) for v in said[1:7])
    return {"us_frame_idle_p50": idle_p50, "us_frame_idle_max": idle_max, "us_sound_cue": cue,
            "us_frame_sounding_p50": sounding_p50, "us_frame_sounding_max": sounding_max,
            "frames_sounding": frames}


def measure(d, uf2, rummy=-1, board=rp2040.DEFAULT_PROFILE):
    """The figures of one path (uf2 None: the stock UF2 plus the .mpy files), keys without prefix;
    on another board than the default, its frozen path without the link and the AI figures."""
    tag = "frozen_" if uf2 else "stock_"
    image = prepare(d, uf2, tag, board)
    fig = {}
    if uf2:
        size = rp2040.flash_size(board)
        blocks = rp2040.uf2_blocks(rp2040.uf2_bytes(uf2), flash_size=size)
        fig["uf2_bytes"] = os.path.getsize(uf2)
        start = next(b for b in uf2_mod.binary_info(uf2_mod.uf2_image(rp2040.uf2_bytes(uf2)))["block_devices"])[1]
        fig["flash_left_bytes"] = start - rp2040.XIP_BASE - max(off + 256 for off, _ in blocks)
    default = board == rp2040.DEFAULT_PROFILE
    if default:
        fig.update(link_move(d, image, tag))
    wall = time.monotonic()
    with rp2040.VPico(image, board=board) as pico:  # power on: main.py draws the title
        pico.settle(800, after_ns=0)
        boot_wall = time.monotonic() - wall
        title = pico.stats(bursts=True)["bursts"][-1]  # the last LCD frame: the title
        fig["ms_boot"] = round(title["last_pixel_ns"] / 1e6, 1)
        fig["title_spi_bytes"] = title["bytes"]

        rp2040.start_app(pico, seed=1)
        pico.settle(after_ns=pico.tap(keys.A))
        pico.settle(after_ns=pico.tap(keys.UP))
        t = pico.tap(keys.A)
        table = frame_after(pico, t)
        fig["ms_full_redraw"] = round((table["last_pixel_ns"] - table["first_caset_ns"]) / 1e6, 1)
        fig["full_redraw_spi_bytes"] = table["bytes"]
        fig["ms_start_key_to_table"] = round((table["last_pixel_ns"] - t) / 1e6, 1)

        t = pico.tap(keys.RIGHT)
        move = frame_after(pico, t)
        fig["ms_cursor_move"] = round((move["last_pixel_ns"] - t) / 1e6, 1)
        fig["ms_cursor_move_redraw"] = round((move["last_pixel_ns"] - move["first_caset_ns"]) / 1e6, 1)
        fig["cursor_move_spi_bytes"] = move["bytes"]

        fig["heap_free_table"] = rp2040.heap_at_table(pico, 2)
        fig["heap_free_table_4p"] = rp2040.heap_at_table(pico, 4)
        if default:
            fig.update(ai_decisions(pico))
        if getattr(pico.profile, "SPEAKER", None) is not None:
            fig.update(sound_costs(pico))
        fig["spi_hz"] = pico.stats()["spi_hz"]
        fig["wall_s_boot"] = round(boot_wall, 2)  # host-dependent: how long the boot took here
    if rummy >= 0:
        fig.update(rummy_link(d, image, tag, rummy))
    return fig


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="print one flat JSON object on the last line")
    ap.add_argument("--uf2", default=None, metavar="FILE",
                    help="the project's UF2 for the frozen path (default: dist/burako-<version>-pico_lcd_13.uf2 "
                         "or $BURAKO_UF2_DIR's; 'none': the stock path only)")
    ap.add_argument("--only", choices=("stock", "frozen"), default=None, help="measure one path only")
    ap.add_argument("--rummy-moves", type=int, default=60, metavar="N",
                    help="moves of the linked Rummy match on the frozen path (default 60; 0: the whole "
                         "match, 10 to 30 minutes; -1: skip it)")
    ap.add_argument("--rummy-solver", action="store_true",
                    help="also the Rummy solver's RP2040 times and proven share (stock path; ~10 minutes)")
    ap.add_argument("--board", choices=rp2040.PROFILES, default=rp2040.DEFAULT_PROFILE,
                    help="another board's UF2 (frozen path only): its boot, redraw, cursor, heap (and sound) "
                         "figures, as rp2040_BOARD_frozen_*")
    a = ap.parse_args()
    if a.board != rp2040.DEFAULT_PROFILE:
        return other_board(a)
    why = rp2040.missing()
    if why:
        print(f"rp2040_figures: {why}", file=sys.stderr)
        return 2
    uf2 = None
    if a.uf2 != "none" and a.only != "stock":
        uf2 = a.uf2 or rp2040.project_uf2("pico_lcd_13")
        if uf2 is None:
            if a.only == "frozen":
                print("rp2040_figures: no UF2 built (make uf2) for the frozen path", file=sys.stderr)
                return 2
            print("rp2040_figures: no UF2 built (make uf2): the stock path only", file=sys.stderr)
        else:
            try:
                rp2040.uf2_bytes(uf2)
            except rp2040.VPicoError as e:
                print(f"rp2040_figures: {e}", file=sys.stderr)
                return 2
    fig = {}
    with tempfile.TemporaryDirectory(prefix="burako-rp2040-figures-") as d:
        if a.only != "frozen":
            fig.update({"rp2040_" + k: v for k, v in measure(d, None).items()})
        if uf2 is not None:
            fig["rp2040_frozen_uf2"] = os.path.basename(str(uf2))
            fig.update({"rp2040_frozen_" + k: v for k, v in measure(d, str(uf2), a.rummy_moves).items()})
    if a.rummy_solver:
        import expert_figures
        import rummy_solver_figures
        from host.sim import percentiles
        from rummy_figures import positions

        fig.update(expert_figures.vpico_decisions(levels=()))
        got = rummy_solver_figures.vpico(positions([1, 2, 3]), 16, 20000)
        if got is not None:
            ms, oom, runs, skipped = got
            p = percentiles(ms)
            fig.update({f"rp2040_ms_rummy_dp_{q}": round(p[q], 1) for q in ("p50", "p99", "max") if p[q] is not None})
            fig.update({"rp2040_rummy_dp_runs": runs, "rp2040_rummy_dp_out_of_memory": oom,
                        "rp2040_rummy_dp_skipped": skipped})
    if a.json:
        print(json.dumps(fig))
    else:
        for k, v in fig.items():
            print(f"{k:40s} {v}")
    return 0


def other_board(a):
    uf2 = a.uf2 or rp2040.project_uf2(a.board)
    if uf2 is None or uf2 == "none":
        print(f"rp2040_figures: no UF2 built for {a.board} (make uf2)", file=sys.stderr)
        return 2
    why = rp2040.missing()
    if why:
        print(f"rp2040_figures: {why}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="burako-rp2040-figures-") as d:
        figs = measure(d, str(uf2), board=a.board)
    fig = {f"rp2040_{a.board}_frozen_uf2": os.path.basename(str(uf2))}
    fig.update({f"rp2040_{a.board}_frozen_{k}": v for k, v in figs.items()})
    if a.json:
        print(json.dumps(fig))
    else:
        for k, v in fig.items():
            print(f"{k:48s} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
