"""The console's free heap, measured where the code runs: the virtual Pico (docs/vpico.md, the real
MicroPython v1.27.0 rp2 firmware on rp2040js), on the console's UF2 (the game frozen into flash)
and on the stock path (the stock MicroPython UF2 with the game's .mpy files copied by `burako
flash`). docs/memory.md "Figures".

    nice -n 10 .venv/bin/python benchmarks/memory_figures.py [--json] [--uf2 FILE] [--only uf2|stock]
                                    [--sessions table,ai,pass,rummy,link,rummy_link,hidden] [--moves N]

Every figure is gc.mem_free() after gc.collect(), in bytes:

  memory_<path>_table_2p, _4p   with a new game's table up (seed 1, keys A, UP, A from the title,
                                the App started by main.main(): rp2040.heap_at_table)
  memory_<path>_<session>_low   the lowest free heap at the end of any frame of a session (a
                                gc.collect() after every frame, as emulator/guests/pico_link.py's LOW:
                                garbage made and collected inside a frame is not seen), with
                                _moves, _frames and _hands saying what was covered, and _wall_s
  memory_<path>_<session>_fault what a frame raised where the session does not fit (then no _low)
  memory_<path>_<session>_no_end  a session that did not end within TIMEOUT: where each board was when
                                interrupted (a figure to look into, not one to quote)
  memory_<path>_hidden_offered  whether the firmware offers hidden hands there (link.hidden_ok)

<path> is uf2 or stock; the sessions:

  ai          a person against the AI at level 4, 2 players (tests/guests/pico_session.py: the title,
              the set-up, then the match; the person's every move is the menu's hint, AI level 4,
              shown a frame before it is played)
  pass        pass-and-play, 2 people (hand-offs by A; each move the hint's, as above)
  rummy       Rummy israeli, a person against Rummy's AI at level 3 (the solver), the person asking
              the menu's hint (the solver at the device's budget) at every turn and playing it
  link        a linked Burako match, two boards, both seats the autoplay AI (pico_link.py)
  rummy_link  a linked Rummy israeli match, the same (pico_rummy_link.py)
  hidden      a linked Burako match with hidden hands (pico_link.py HIDDEN); on the stock path the
              firmware does not offer them: they are forced there to see whether they would fit

Each session stops after --moves moves (default 60; a linked session counts the moves of the
match, both boards'); --moves 0 plays through the first hand: a local session to its hand-end
screen, a linked Burako match with target 1 (one hand) to its end and its score log, a linked
Rummy match to its first hand counted. A whole first hand takes 1 to 2 minutes of wall time
locally and 5 to 30 linked (hidden hands the longest) on a loaded 2-core host. Linked figures
are the lower of the two boards'.
"""
import argparse
import ast
import json
import os
import sys
import tempfile
import time

import benchpath  # noqa: F401  (the checkout on sys.path)
from emulator.runtimes import rp2040
from host.progress import Progress
from rp2040_figures import pair, prepare

SESSIONS = ("table", "ai", "pass", "rummy", "link", "rummy_link", "hidden")
LOCAL = {"ai": ("ai", 4), "pass": ("pass", 2), "rummy": ("rummy", 3)}   # the guest's KIND, LEVEL
TIMEOUT = 2700      # seconds for one session's end (a hidden first hand: 4.5 min on a quiet host, ~30 loaded)


class NoEnd(Exception):
    """A session did not end in time: what each board said once interrupted (where it was)."""


def outputs(boards):
    """What each board printed until its script ended, for any reason (the raw REPL's end of output
    and error, b"\\x04>"); once one board has ended on a fault the others are not waited for: a
    linked board whose peer stopped waits for ever."""
    texts = [b""] * len(boards)
    deadline = time.monotonic() + TIMEOUT
    while True:
        for i, pico in enumerate(boards):
            texts[i] += pico.serial_pending()
        ended = [b"\x04>" in t for t in texts]
        if all(ended) or any(e and fault(t.decode(errors="replace")) for e, t in zip(ended, texts)):
            return [t.decode(errors="replace") for t in texts]
        if time.monotonic() > deadline:
            # mpremote's Ctrl-C: the App lets KeyboardInterrupt through, the traceback says where
            for pico in boards:
                pico.serial_write(b"\x03")
            time.sleep(5)
            where = [(t + pico.serial_pending()).decode(errors="replace").rsplit("Traceback", 1)[-1].split("\x04")[0]
                     for t, pico in zip(texts, boards)]
            raise NoEnd(" | ".join(" / ".join(w.strip().splitlines()[-4:]) for w in where))
        time.sleep(0.5)


def fault(text):
    """What ended a session that did not fit: tests/guests/pico_fault.py's FAULT line (what a frame
    raised, on which screen, the free heap after it), or the last line of a traceback from outside
    the App's frames."""
    if "FAULT " in text:
        free, screen, what = text.rsplit("FAULT ", 1)[1].split(" END")[0].split(" ", 2)
        return f"{what} (on the {screen} screen; {free} B free after it)"
    if "Traceback" in text and " END" not in text:
        return text.rsplit("Traceback", 1)[1].split("\x04")[0].strip().splitlines()[-1]
    return None


def local_session(image, kind, moves):
    """One local session on a board booted from `image` (tests/guests/pico_session.py)."""
    guest, level = LOCAL[kind]
    with rp2040.VPico(image) as pico:
        pico.settle(800, after_ns=0)
        rp2040.mpremote(pico.port, "exec", "--no-follow", rp2040.board_script(
            ["pico_fault.py", "pico_session.py"], KIND=guest, LEVEL=level, MOVES=moves or None))
        text, = outputs([pico])
    why = fault(text)
    if why:
        return {"fault": why}
    low, frames, count, hands = text.rsplit("SESSION ", 1)[1].split()[2:6]
    return {"low": int(low), "frames": int(frames), "moves": int(count), "hands": int(hands)}


def linked_session(d, image, tag, kind, moves):
    """A linked session on two boards booted from copies of `image`, UART0 to UART0."""
    if kind == "rummy_link":
        script = rp2040.board_script(["pico_fault.py", "pico_rummy_link.py"], MOVES=moves or None,
                                     HANDS=None if moves else 1)
    else:
        script = rp2040.board_script(["pico_fault.py", "pico_link.py"], MOVES=moves or None, TARGET=1,
                                     HIDDEN=kind == "hidden", LOW=True)
    boards = pair(d, image, tag)
    try:
        for pico in boards:
            rp2040.mpremote(pico.port, "exec", "--no-follow", script)
        texts = outputs(boards)
    finally:
        for pico in reversed(boards):
            pico.close()
    for text in texts:
        why = fault(text)
        if why:
            return {"fault": why}
    seen = []
    for text in texts:
        if kind == "rummy_link":
            _, count, _, low, frames, history = text.rsplit("RLINK ", 1)[1].split(" ")[:6]
        else:
            low, frames = text.rsplit("LOW ", 1)[1].split()[:2]
            _, count, _, _, _, history = text.rsplit("LINK ", 1)[1].split(" END")[0].split(" ", 5)
        seen.append((int(low), int(frames), int(count), len(ast.literal_eval(history))))
    if len({s[2:] for s in seen}) != 1:
        raise SystemExit(f"memory_figures: the linked boards disagree about the {kind} match: {seen}")
    return {"low": min(s[0] for s in seen), "frames": max(s[1] for s in seen), "moves": seen[0][2],
            "hands": seen[0][3]}


def offered(image):
    """Whether the firmware on `image` offers hidden hands (link.hidden_ok(): the console's UF2)."""
    with rp2040.VPico(image) as pico:
        pico.settle(800, after_ns=0)
        return rp2040.mpremote(pico.port, "exec", "from link import hidden_ok; print(hidden_ok())").strip() == "True"


def measure(d, uf2, sessions, moves, progress, say):
    """The figures of one path (uf2 None: the stock UF2 plus the .mpy files), each given to
    say(key, value) as it is measured (keys without the path); progress(name) before each session."""
    tag = "uf2_" if uf2 else "stock_"
    wall = time.monotonic()
    image = prepare(d, uf2, tag)
    say("wall_s_prepare", round(time.monotonic() - wall, 1))
    for kind in sessions:
        progress(tag + kind)
        wall = time.monotonic()
        if kind == "table":
            with rp2040.VPico(image) as pico:
                pico.settle(800, after_ns=0)
                say("table_2p", rp2040.heap_at_table(pico, 2))
                say("table_4p", rp2040.heap_at_table(pico, 4))
        else:
            if kind == "hidden":
                say("hidden_offered", offered(image))
            try:
                got = local_session(image, kind, moves) if kind in LOCAL else \
                    linked_session(d, image, tag, kind, moves)
            except NoEnd as e:
                got = {"no_end": f"no end within {TIMEOUT} s; interrupted: {e}"}
            for k, v in got.items():
                say(f"{kind}_{k}", v)
        say(f"wall_s_{kind}", round(time.monotonic() - wall, 1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="end with one flat JSON object")
    ap.add_argument("--uf2", default=None, metavar="FILE",
                    help="the console's UF2 (default: dist/burako-<version>-pico_lcd_13.uf2 or $BURAKO_UF2_DIR's)")
    ap.add_argument("--only", choices=("uf2", "stock"), default=None, help="measure one path only")
    ap.add_argument("--sessions", default=",".join(SESSIONS), metavar="NAMES",
                    help=f"comma-separated, of {', '.join(SESSIONS)} (default: all)")
    ap.add_argument("--moves", type=int, default=60, metavar="N",
                    help="moves of each session (default 60; 0: through the first hand)")
    a = ap.parse_args()
    sessions = [s for s in dict.fromkeys(a.sessions.split(",")) if s]
    bad = [s for s in sessions if s not in SESSIONS]
    if bad or not sessions:
        print(f"memory_figures: --sessions: unknown {', '.join(bad) or 'nothing'} "
              f"(choose from {', '.join(SESSIONS)})", file=sys.stderr)
        return 2
    if a.moves < 0:
        print("memory_figures: --moves must be 0 or more", file=sys.stderr)
        return 2
    why = rp2040.missing()
    if why:
        print(f"memory_figures: {why}", file=sys.stderr)
        return 2
    uf2 = None
    if a.only != "stock":
        uf2 = a.uf2 or rp2040.project_uf2("pico_lcd_13")
        if uf2 is None:
            print("memory_figures: no UF2 built (make uf2); --only stock measures the stock path alone",
                  file=sys.stderr)
            return 2
        try:
            rp2040.uf2_bytes(uf2)
        except rp2040.VPicoError as e:
            print(f"memory_figures: {e}", file=sys.stderr)
            return 2
    paths = ([str(uf2)] if uf2 else []) + ([None] if a.only != "uf2" else [])
    bar = Progress("sessions")
    total = len(sessions) * len(paths)
    done = [0]

    def progress(name):
        bar(name, done[0], total)
        done[0] += 1
    fig = {}

    def teller(prefix):
        def say(key, value):
            """A figure as soon as it is measured (a long run stopped early keeps what it printed)."""
            fig[prefix + key] = value
            if bar.on:
                bar.stream.write("\r\033[K")
            print(f"{prefix + key:36} {value}", flush=True)
        return say

    say = teller("memory_")
    say("moves", a.moves)
    if uf2:
        say("uf2", os.path.basename(str(uf2)))
    with tempfile.TemporaryDirectory(prefix="burako-memory-figures-") as d:
        for path in paths:
            measure(d, path, sessions, a.moves, progress, teller("memory_uf2_" if path else "memory_stock_"))
    bar("memory_figures", total, total)
    if a.json:
        print(json.dumps(fig))
    return 0


if __name__ == "__main__":
    sys.exit(main())
