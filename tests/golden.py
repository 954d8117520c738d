"""Golden records of today's behaviour, the safety net of a refactor (issue 34): every screen's
pixels along recorded key paths on both glasses, the AI's transcripts, the saves and score logs,
and the link protocol's bytes on the wire. Recorded once from a tree that is right; a test then
replays each and compares (tests/test_golden_*.py).

    python tests/golden.py list                       # the key paths and what each shows
    python tests/golden.py record [--kind K] [NAME..] # re-record after an INTENDED change
    python tests/golden.py check [--kind K] [NAME..]  # what the tests do; exit 1 on a difference
    python tests/golden.py png OUT [--glass G] [--frame N] [--console C] NAME   # a frame as PNG
    python tests/golden.py plan [NAME..]              # remake key scripts (tests/golden_paths.py)

Kinds: frames (tests/golden/frames/), ai (tests/golden/ai.json), wire (tests/golden/wire.json),
saves (tests/golden/saves/). Without --kind: all four.

Key paths come in two layers. A *script* (tests/golden/scripts/NAME.json) is plain data: per
stage the App's options of each console (runner.app_kwargs: seed, lang, variant, ...), the keys
fed one per frame in which the console waits for its player (the emulator's Feeder rule), and
events at fixed frames (a key pressed whatever the app waits for, the cable cut or plugged back,
a console switched off and on, the stage's end). Replaying one needs only what the emulator's
headless runs need: EmuBoard, App(board, **kwargs), app.step(now), app.waiting(),
app.over() and link.entropy.random_bytes (seeded here). A *plan*
(tests/golden_paths.py) is the code that wrote a script: it may read the game's state (a bot
that turns an AI's moves into key presses, a cable cut once a match is under way), so it is
run only to make a script (`plan`), never by the tests, and is free to break in a refactor.

A frame record (tests/golden/frames/NAME.json) holds per glass and console the frames where the
glass changed, each with the first 12 hex digits of the SHA-256 of its RGB565 pixels, and the
SHA-256 of each file the console's storage holds at the end (saves, score log, names) and of
the bytes each console wrote on the cable. Each frame is compared with the glass as last
recorded at or before it: the first frame that differs is named, and its pixels are written
as PNG beside the ones the recording commit draws (git archive of the commit that last
changed the record, replayed in a temporary folder)."""
from __future__ import annotations

import argparse
import base64
import hashlib
import importlib
import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(ROOT, "tests")
GOLDEN = os.path.join(TESTS, "golden")
SCRIPTS = os.path.join(GOLDEN, "scripts")
FRAMES = os.path.join(GOLDEN, "frames")
for _p in (TESTS, ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

# (the checkout is on sys.path only now: imported by name, after it)
_paths = importlib.import_module("emulator.paths")
_paths.use_firmware()
FIRMWARE = _paths.FIRMWARE
# the emulator's board, runner and the relay's cable bind the process's firmware modules (hal's),
# not a run's fresh ones (fresh_firmware): imported here, before any run
for _m in ("emulator.board", "emulator.runner", "host.relay"):
    importlib.import_module(_m)

GLASSES = ("pico_lcd_13", "pico_lcd_114")
DIGITS = 8             # hex digits of a glass's SHA-256 kept per changed frame
STOP = -1
LIMIT = 40000          # frames a stage may run at most (a planning error beyond)
FRAME_MS = 33          # emulator/board.py FRAME_MS: the virtual clock's step


# --------------------------------------------------------------------------- fresh firmware
class fresh_firmware:
    """Power-on state for each run: the firmware's modules are imported anew (a module's
    globals, the language in use, a screen's remembered rows start as on a device that was
    just switched on) and the modules the rest of the process holds are put back afterwards,
    so a replay depends on nothing run before it in the same process (pytest's workers run
    many), and the other tests keep their module objects."""

    def __enter__(self):
        self.saved = {n: m for n, m in sys.modules.items() if _firmware_module(m)}
        for n in self.saved:
            del sys.modules[n]
        return self

    def __exit__(self, *exc):
        for n in [n for n, m in sys.modules.items() if _firmware_module(m)]:
            del sys.modules[n]
        sys.modules.update(self.saved)
        return False


def _firmware_module(m):
    f = getattr(m, "__file__", None) or ""
    return f.startswith(FIRMWARE + os.sep)


CONSOLE = [0]       # the console whose App runs now (Console.boot and step set it)


def seed_entropy(seed):
    """The consoles' random bytes (link nonces, a match's score log id) from a seeded source,
    one stream per console: the same run draws the same bytes, and a console draws the same
    bytes whichever console drew first (a refactor that moves a draw to another frame keeps
    the deal)."""
    from link import entropy
    streams = {}

    def random_bytes(n):
        c = CONSOLE[0]
        r = streams.get(c)
        if r is None:
            r = streams[c] = random.Random("%d-%d" % (seed, c))
        return bytes(r.randrange(256) for _ in range(n))
    entropy.random_bytes = random_bytes


# --------------------------------------------------------------------------- scripts
def script_names():
    return sorted(f[:-5] for f in os.listdir(SCRIPTS) if f.endswith(".json"))


def load_script(name):
    with open(os.path.join(SCRIPTS, name + ".json")) as f:
        return json.load(f)


def dump(obj, f):
    """JSON with one line per list of plain values (keys, events, frames stay readable)."""
    import re
    text = json.dumps(obj, indent=1)

    def one_line(m):
        flat = "[" + re.sub(r"\s*\n\s*", " ", m.group(1)) + "]"
        return flat if len(flat) <= 100 or '"' not in flat else m.group(0)
    text = re.sub(r"\[\s*([^\[\]{}]*?)\s*\]", one_line, text)
    f.write(text + "\n")


def script_digest(script):
    return hashlib.sha256(json.dumps(script, sort_keys=True).encode()).hexdigest()[:16]


def parse_keys(lines):
    """The emulator's key names (emulator/board.py parse_keys), and NAME*N for N of them."""
    import re
    from emulator.board import parse_keys as parse
    text = "\n".join(lines) if isinstance(lines, list) else lines
    text = "\n".join(ln.split("#")[0] for ln in text.splitlines())
    text = re.sub(r"([A-Z+]+)\*(\d+)", lambda m: ",".join([m.group(1)] * int(m.group(2))), text)
    return parse(text)


class _Tap:
    """A console's end of the cable that keeps what the console writes."""

    def __init__(self, end):
        self.end = end
        self.sent = hashlib.sha256()
        self.n = 0
        self.log = None         # a list of bytes, when asked (the wire's golden record)

    def write(self, data):
        data = bytes(data)
        self.sent.update(data)
        self.n += len(data)
        if self.log is not None:
            self.log.append(data)
        return self.end.write(data)

    def read(self, n):
        return self.end.read(n)

    def any(self):
        return self.end.any()


class _Feed(importlib.import_module("emulator.runner").Feeder):
    """The emulator's Feeder rule (emulator/runner.py): one key per frame in which the console
    waits for its player; once they are used up, stop when it waits again (an autoplay
    console: when its match is over). `keys` is a list the planner may still append to (kept,
    not copied as the Feeder's own), and while planning (`endless`) a frame the console waits
    in without a key becomes a WAIT of the script."""

    def __init__(self, keys, autoplay):
        super().__init__(autoplay=autoplay)
        self.keys = keys
        self.endless = False    # planning: never stop (the plan's driver ends the stage)

    def __call__(self, waiting, over):
        if not self.endless:
            return super().__call__(waiting, over)
        if waiting:
            if self.i >= len(self.keys):
                self.keys.append(0)
            self.i += 1
            return self.keys[self.i - 1]
        return 0


class Console:
    """One emulated console of a run: its storage, glass and keys, and the App on it."""

    def __init__(self, run, index, storage, glass, end, kind="app"):
        from emulator.board import ScriptButtons, board_display, board_keys

        self.run = run
        self.index = index
        self.kind = kind        # "app", or "tape": a peer that writes recorded bytes on the cable
        self.storage = storage
        self.glass = glass
        self.display = board_display(glass)      # the glass stays across power cycles
        self.keys = board_keys(glass)
        self.buttons = ScriptButtons()
        self.tap = _Tap(end) if end is not None else None
        self.app = None
        self.opts = None
        self.feed = None
        self.done = False
        self.digest = None
        self.changes = []

    def boot(self, opts):
        """Power on: a new App on the same storage and glass."""
        if self.kind == "tape":
            return
        from emulator import runner
        from emulator.board import EmuBoard
        from ui.app import App

        self.opts = opts
        board = EmuBoard(self.storage, buttons=self.buttons, clock=self.run.clock,
                         display=self.display, keys=self.keys)
        if self.tap is not None:
            board.link = self.tap
        CONSOLE[0] = self.index
        self.app = App(board, **runner.app_kwargs(opts))

    def over(self):
        return self.app.over()

    def step(self, ev):
        """One frame: the key mask ev pressed (0: none), the App stepped, the glass's change
        kept; a tape peer writes the bytes recorded for this frame (a plan's driver.peer_step
        plays the peer live and they are recorded)."""
        run = self.run
        if self.kind == "tape":
            driver = run.driver
            if driver is not None:
                self.tap.log = []
                driver.peer_step(run, self)
                if self.tap.log:
                    run.stage.setdefault("tape", []).append(
                        [run.stage_frame, base64.b64encode(b"".join(self.tap.log)).decode()])
            else:
                for data in run.tape.get(run.stage_frame, ()):
                    self.tap.write(data)
                while self.tap.any():
                    self.tap.read(256)
            return
        if ev:
            self.buttons.press(ev)
        CONSOLE[0] = self.index
        self.app.step(run.clock.ticks_ms())
        d = self.glass_digest()
        if d != self.digest:
            self.digest = d
            self.changes.append([run.frame, d])

    def glass_digest(self):
        return hashlib.sha256(self.display.pixels).hexdigest()[:DIGITS]


class Run:
    """A script on one glass: every frame stepped, every glass change kept (on_frame(run) after
    each frame may look, stop it: return True). A plan's `driver(run)` is called before each
    frame's keys: it may append keys to a console's feed (run.consoles[i].feed.keys) and call
    run.event(...), and what it did goes into run.script."""

    def __init__(self, script, glass, root, driver=None, on_frame=None, wire_log=False):
        from emulator.board import VirtualClock

        self.script = script
        self.glass = glass
        self.root = root
        self.driver = driver
        self.on_frame = on_frame
        self.clock = VirtualClock()
        self.clock.now = 1000
        self.cable = None
        ends = [None] * script["consoles"]
        if script.get("cable"):
            from host.relay import Cable
            self.cable = Cable(self.clock)
            ends = [self.cable.a, self.cable.b][:script["consoles"]]
        kinds = script.get("kinds") or ["app"] * script["consoles"]
        self.consoles = [Console(self, i, os.path.join(root, "c%d" % i), glass, ends[i], kinds[i])
                         for i in range(script["consoles"])]
        for c in self.consoles:
            os.makedirs(c.storage, exist_ok=True)
            if c.tap is not None and wire_log:
                c.tap.log = []
        for f in script.get("files", ()):
            with open(os.path.join(GOLDEN, f["source"]), "rb") as src:
                data = src.read()
            with open(os.path.join(self.consoles[f["console"]].storage, f["name"]), "wb") as dst:
                dst.write(data)
        self.frame = 0          # frames stepped, over all stages
        self.stage = None
        self.stage_frame = 0
        self.stopped = False

    # --- what a planner's driver may do, and what a script's events do
    def event(self, what, *args):
        """Record an event at this frame of the stage (planning) and do it."""
        self.stage["events"].append([self.stage_frame, what] + list(args))
        self._do(what, args)

    def _do(self, what, args):
        if what == "press":
            c = self.consoles[args[0]]
            for k in parse_keys(args[1]):
                c.buttons.press(k)
        elif what == "cut":
            self.cable.cut = True
        elif what == "plug":
            self.cable.cut = False
        elif what == "boot":
            self.consoles[args[0]].boot(self.stage["opts"][args[0]])
        elif what == "end":
            self.stopped = True
        else:
            raise ValueError("unknown event %r" % what)

    def execute(self):
        planning = self.driver is not None
        for si, stage in enumerate(self.script["stages"]):
            self.stage = stage
            self.stopped = False
            stage.setdefault("events", [])
            events = {}
            for e in stage["events"]:
                events.setdefault(e[0], []).append(e)
            last = max(events) if events else 0
            self.tape = {}
            for f, data in stage.get("tape", ()):
                self.tape.setdefault(f, []).append(base64.b64decode(data))
            if planning:
                stage["tape"] = []
            for c in self.consoles:
                c.boot(stage["opts"][c.index])
                c.feed = _Feed(parse_keys(stage["keys"][c.index]), bool(stage["opts"][c.index].get("autoplay")))
                c.feed.endless = planning
                c.done = c.kind == "tape"
            self.stage_frame = 0
            while True:
                self.stage_frame += 1
                if self.stage_frame > LIMIT:
                    raise RuntimeError("stage %d ran %d frames without ending" % (si, LIMIT))
                for e in events.get(self.stage_frame, ()):
                    self._do(e[1], e[2:])
                if planning:
                    self.driver(self)
                if self.stopped:
                    break
                evs = []
                for c in self.consoles:
                    ev = 0
                    if not c.done:
                        ev = c.feed(c.app.waiting(), c.over())
                        if ev == STOP:
                            c.done = True
                            ev = 0
                    evs.append(ev)
                if all(c.done for c in self.consoles) and self.stage_frame > last:
                    break
                self.frame += 1
                for c, ev in zip(self.consoles, evs):
                    c.step(ev)
                self.clock.now += FRAME_MS
                if self.on_frame is not None and self.on_frame(self):
                    return self
            if planning:
                stage["events"].sort(key=lambda e: e[0])
                for c in self.consoles:
                    stage["keys"][c.index] = self.driver.keys_text(self, c)
        return self

    def record(self):
        """The frame record of this run (after execute())."""
        out = {"frames": self.frame, "consoles": []}
        for c in self.consoles:
            files = {}
            for name in sorted(os.listdir(c.storage)):
                p = os.path.join(c.storage, name)
                if os.path.isfile(p):
                    with open(p, "rb") as f:
                        files[name] = hashlib.sha256(f.read()).hexdigest()[:16]
            rec = {"changes": _pack(c.changes), "files": files} if c.kind == "app" else {}
            if c.tap is not None:
                rec["wire"] = [c.tap.n, c.tap.sent.hexdigest()[:16]]
            out["consoles"].append(rec)
        return out


def _pack(changes):
    """[[frame, hex], ...] as two compact fields: the frames' gaps, base64 of the digests."""
    gaps, last = [], 0
    for f, _ in changes:
        gaps.append(f - last)
        last = f
    return {"gaps": _runs(gaps), "digests": base64.b64encode(
        bytes.fromhex("".join(d for _, d in changes))).decode()}


def unpack(packed):
    frames, last = [], 0
    for g in _unruns(packed["gaps"]):
        last += g
        frames.append(last)
    raw = base64.b64decode(packed["digests"])
    n = DIGITS // 2
    return [[f, raw[i * n:(i + 1) * n].hex()] for i, f in enumerate(frames)]


def _runs(xs):
    # runs of equal gaps: [gap, count] pairs, a lone gap as itself
    out = []
    i = 0
    while i < len(xs):
        j = i
        while j < len(xs) and xs[j] == xs[i]:
            j += 1
        out.append(xs[i] if j - i == 1 else [xs[i], j - i])
        i = j
    return out


def _unruns(rs):
    for r in rs:
        if isinstance(r, list):
            for _ in range(r[1]):
                yield r[0]
        else:
            yield r


def replay(script, glass, on_frame=None, wire_log=False, at_end=None):
    """Run a script on a glass in a temporary folder, the firmware freshly imported; returns
    the Run (its record() taken, and at_end(run) called, before the folder goes)."""
    with tempfile.TemporaryDirectory(prefix="golden-") as root, fresh_firmware():
        seed_entropy(script.get("entropy", 1))
        run = Run(script, glass, root, on_frame=on_frame, wire_log=wire_log)
        run.execute()
        run.result = run.record()
        if at_end is not None:
            at_end(run)
    return run


# --------------------------------------------------------------------------- frame records
def frames_path(name):
    return os.path.join(FRAMES, name + ".json")


def record_frames(name):
    script = load_script(name)
    out = {"script": script_digest(script), "glasses": {}}
    for glass in GLASSES:
        out["glasses"][glass] = replay(script, glass).result
    os.makedirs(FRAMES, exist_ok=True)
    with open(frames_path(name), "w") as f:
        dump(out, f)
    return out


class Difference(AssertionError):
    pass


def check_frames(name, glass, outdir=None):
    """Replay script `name` on `glass` and compare with its record frame by frame. Raises
    Difference naming the first differing frame (and writes both glasses' PNGs into outdir,
    a temporary folder by default); returns the number of frames compared."""
    with open(frames_path(name)) as f:
        golden = json.load(f)
    script = load_script(name)
    if golden["script"] != script_digest(script):
        raise Difference("%s: the script changed since its frames were recorded: "
                         "python tests/golden.py record --kind frames %s" % (name, name))
    want = golden["glasses"][glass]
    expected = [dict(unpack(c["changes"])) if "changes" in c else {} for c in want["consoles"]]
    state = {"at": [None] * len(expected), "bad": None}

    def on_frame(run):
        for c in run.consoles:
            if c.kind != "app":
                continue
            e = expected[c.index].get(run.frame)
            if e is not None:
                state["at"][c.index] = e
            if c.digest != state["at"][c.index]:
                state["bad"] = (run.frame, c.index, c.display)
                return True
        return run.frame > want["frames"]

    run = replay(script, glass, on_frame=on_frame)
    if state["bad"] is None and run.frame != want["frames"]:
        # one run is longer: the first frame past the shorter one
        state["bad"] = (min(run.frame, want["frames"]) + 1, 0, run.consoles[0].display)
    if state["bad"] is not None:
        frame, console, display = state["bad"]
        outdir = outdir or tempfile.mkdtemp(prefix="golden-%s-" % name)
        mine = os.path.join(outdir, "%s-%s-c%d-frame%d-now.png" % (name, glass, console, frame))
        from emulator.board import write_png
        write_png(mine, display, 2)
        old = os.path.join(outdir, "%s-%s-c%d-frame%d-recorded.png" % (name, glass, console, frame))
        why = baseline_png(name, glass, frame, console, old, frames_path(name))
        raise Difference("%s on %s, console %d: the glass first differs at frame %d (of %d recorded; "
                         "this run stopped at %d). Now: %s; recorded: %s" % (
                             name, glass, console, frame, want["frames"], run.frame, mine,
                             old if why is None else "(not drawn: %s)" % why))
    got = run.result
    for c, (g, w) in enumerate(zip(got["consoles"], want["consoles"])):
        if g.get("files") != w.get("files"):
            raise Difference("%s on %s, console %d: the storage differs at the end: %s, recorded %s" % (
                name, glass, c, g["files"], w["files"]))
        if g.get("wire") != w.get("wire"):
            raise Difference("%s on %s, console %d: the bytes it wrote on the cable differ: %s, recorded %s" % (
                name, glass, c, g.get("wire"), w.get("wire")))
    return run.frame


def baseline_png(name, glass, frame, console, out, record):
    """The recorded frame as the commit that last changed `record` draws it: that commit's
    firmware/, emulator/, host/ and tests/ (git archive) replay the path in a temporary folder.
    None when written, else why not (no git, the record not committed, a shallow clone)."""
    rel = os.path.relpath(record, ROOT)
    try:
        dirty = subprocess.run(["git", "diff", "--quiet", "HEAD", "--", rel], cwd=ROOT).returncode
        if dirty:
            return "the record differs from HEAD's: commit it first"
        commit = subprocess.run(["git", "log", "-1", "--format=%H", "--", rel], cwd=ROOT,
                                capture_output=True, text=True, check=True).stdout.strip()
        if not commit:
            return "the record has no commit"
        with tempfile.TemporaryDirectory(prefix="golden-base-") as tmp:
            export(commit, tmp)
            r = subprocess.run([sys.executable, os.path.join(tmp, "tests", "golden.py"), "png", out,
                                "--glass", glass, "--frame", str(frame), "--console", str(console), name],
                               cwd=tmp, capture_output=True, text=True, timeout=600)
            if r.returncode:
                return "the recording commit %s could not draw it: %s" % (commit[:9], r.stderr.strip()[-300:])
        return None
    except (OSError, subprocess.SubprocessError) as e:
        return str(e)


def export(commit, folder):
    """The checkout's firmware/, emulator/, host/ and tests/ as `commit` had them, into folder."""
    import io
    import tarfile
    tar = subprocess.run(["git", "archive", "--format=tar", commit, "firmware", "emulator", "host", "tests"],
                         cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as t:
        t.extractall(folder, filter="data")


def write_frame_png(name, glass, frame, console, out):
    """The glass of `console` after `frame` (0: the last) of script `name`, as a 2x PNG."""
    from emulator.board import write_png

    def on_frame(run):
        return frame and run.frame >= frame

    run = replay(load_script(name), glass, on_frame=on_frame)
    write_png(out, run.consoles[console].display, 2)
    return run.frame


# --------------------------------------------------------------------------- the command
KINDS = ("saves", "ai", "wire", "frames")     # (saves first: the resume_* paths start from them)


def _kind_module(kind):
    if kind == "frames":
        return None
    return importlib.import_module({"ai": "golden_ai", "wire": "golden_wire", "saves": "golden_saves"}[kind])


def _pool_map(fn, items, jobs):
    if jobs <= 1 or len(items) <= 1:
        return [fn(x) for x in items]
    import multiprocessing
    with multiprocessing.get_context("spawn").Pool(jobs) as p:
        return p.map(fn, items)


def _record_one(name):
    record_frames(name)
    return name


def _check_one(item):
    name, glass = item
    try:
        check_frames(name, glass)
        return None
    except Difference as e:
        return str(e)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python tests/golden.py", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help="the key paths and what each shows")
    for cmd in ("record", "check"):
        s = sub.add_parser(cmd, help="%s golden records" % cmd)
        s.add_argument("--kind", choices=KINDS, action="append", help="only these kinds (repeatable)")
        s.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, help="processes for the key paths")
        s.add_argument("names", nargs="*", help="key paths (frames) only these")
    s = sub.add_parser("plan", help="remake key scripts from tests/golden_paths.py (today's internals)")
    s.add_argument("names", nargs="*")
    s = sub.add_parser("png", help="write one frame of a key path as a PNG (2x)")
    s.add_argument("out")
    s.add_argument("name")
    s.add_argument("--glass", choices=GLASSES, default=GLASSES[0])
    s.add_argument("--frame", type=int, default=0, help="after this frame (default: the last)")
    s.add_argument("--console", type=int, default=0)
    a = ap.parse_args(argv)
    if a.cmd == "list":
        for n in script_names():
            print("%-28s %s" % (n, load_script(n).get("about", "")))
        return 0
    if a.cmd == "png":
        if a.name not in script_names():
            print("unknown key path %r (python tests/golden.py list)" % a.name, file=sys.stderr)
            return 2
        n = write_frame_png(a.name, a.glass, a.frame, a.console, a.out)
        print("%s: frame %d" % (a.out, n))
        return 0
    if a.cmd == "plan":
        import golden_paths
        names = a.names or sorted(golden_paths.PLANS)
        for n in names:
            if n not in golden_paths.PLANS:
                print("unknown plan %r" % n, file=sys.stderr)
                return 2
        for n in names:
            golden_paths.make(n)
            print("planned", n, flush=True)
        return 0
    kinds = a.kind or list(KINDS)
    names = a.names or script_names()
    bad = [n for n in names if n not in script_names()]
    if bad:
        print("unknown key path %r (python tests/golden.py list)" % bad[0], file=sys.stderr)
        return 2
    failures = []
    for kind in kinds:
        if kind == "frames":
            if a.cmd == "record":
                for n in _pool_map(_record_one, names, a.jobs):
                    print("recorded frames", n, flush=True)
            else:
                for r in _pool_map(_check_one, [(n, g) for n in names for g in GLASSES], a.jobs):
                    if r:
                        failures.append(r)
        else:
            mod = _kind_module(kind)
            if a.cmd == "record":
                mod.record()
                print("recorded", kind, flush=True)
            else:
                failures += mod.check()
    for f in failures:
        print(f, file=sys.stderr)
    if a.cmd == "check":
        print("golden check: %d difference(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
