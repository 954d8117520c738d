"""`burako emu`: the handheld on the desktop, running the very firmware/ code.

    burako emu [--scale 3] [--storage DIR] [--runtime cpython|micropython] [--heap BYTES]
    burako emu --headless --seed S [--keys "A,RIGHT,A" | --keys-file F] [--autoplay]
               [--frames N] [--screenshot out.png] [--state-json]
    burako emu --link listen:PORT | --link socket://127.0.0.1:PORT | --link PORT | --link /dev/ttyUSB0 [--hidden]
    burako emu --board pico_lcd_13|pico_lcd_114|picosystem [--mute] [--battery PERCENT]

Wiring into host/cli.py: `emu.add_parser(subparsers)` then `emu.run(args)` for the
parsed namespace (returns the exit code), or simply `emu.main(argv)`.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile

from hal.board import DEFAULT_PROFILE, PROFILES
from host.args import OneLineParser, whole
from host.dirs import emu_storage, screenshots_folder

MAX_KEYS_FILE = 1024 * 1024
IDLE_FRAMES = 3000      # ~48 s of virtual time with no key awaited after the script's last


def variants():
    """--variant's choices: the Burako family's variants (engine/rules.py), then the console's
    other games by name (firmware/ui/games.py: a new game is offered here with no line more)."""
    from engine import rules
    from ui.games import GAMES

    names = [v.name for v in rules.VARIANTS]
    return tuple(names + [g.name for g in GAMES if g.name not in names])


def configure(p):
    p.add_argument("--scale", type=whole(2, 4, "the scale"), default=3, help="window scale, 2..4 (default 3)")
    p.add_argument("--storage", default=None,
                   help="folder holding the device's files (default: emu/ in burako's data folder, "
                        "beside the score history, e.g. ~/.local/share/burako/emu; ~/.burako/emu "
                        "when that exists; for a person playing in the window, a temporary folder "
                        "for --headless and scripted runs; with --link, headless too, EMU/link-ENDPOINT "
                        "such as link-listen-5000, link-socket-127.0.0.1-5000 or link-port-5000, "
                        "-2 for a second emulator on the same endpoint)")
    p.add_argument("--runtime", choices=("cpython", "micropython"), default="cpython",
                   help="run the firmware in this process or inside real MicroPython (WASI)")
    p.add_argument("--heap", type=whole(16384, 4 * 1024 * 1024, "the heap in bytes"), default=None,
                   help="MicroPython heap in bytes, a hard limit (default 196608; with --runtime micropython)")
    p.add_argument("--headless", action="store_true", help="no window: scripted keys, virtual time")
    p.add_argument("--seed", type=whole(0, 0xFFFFFFFF, "the seed"), default=None,
                   help="deal seed of new games")
    p.add_argument("--keys", default="", help='key script, e.g. "A,RIGHT,RIGHT,A" (A+B, WAIT)')
    p.add_argument("--keys-file", default=None, help="key script from a file")
    p.add_argument("--autoplay", action="store_true", help="AIs take every seat: a whole match")
    p.add_argument("--new", action="store_true",
                   help="skip the title: continue the saved match, else a new one against the AI")
    p.add_argument("--frames", type=whole(0, 10 ** 9, "frames"), default=None, help="stop after N frames")
    p.add_argument("--screenshot", default=None, help="write the final screen as PNG")
    p.add_argument("--state-json", action="store_true", help="print the final state as JSON")
    p.add_argument("--variant", choices=variants(), default="burako",
                   help="variant (or game) for --autoplay, --new and --link (menus choose otherwise)")
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=2,
                   help="players for --autoplay (3: rummy only)")
    p.add_argument("--target", type=whole(0, 10000, "the target"), default=0,
                   help="target score for --autoplay (0: the variant's)")
    p.add_argument("--lang", choices=("es", "it", "en"), default=None,
                   help="UI language (default: it for --variant burraco, else es)")
    p.add_argument("--replay", default=None, metavar="FILE",
                   help="step through a match transcript: A/RIGHT the next move, LEFT back, "
                        "UP the start, DOWN the end (with --headless: --keys, --screenshot)")
    p.add_argument("--seat", type=whole(0, 3, "the seat"), default=None,
                   help="--replay: show the table from this seat (default: the seat to move)")
    p.add_argument("--link", default=None, metavar="SPEC",
                   help="play a 1v1 match over the link cable: listen:PORT waits for the other "
                        "console on 127.0.0.1:PORT; PORT alone connects to 127.0.0.1:PORT or, "
                        "if nobody listens, listens there; otherwise a pyserial URL or port "
                        "(socket://127.0.0.1:PORT, waited for until it listens; a pty, a "
                        "USB-serial adapter at 115200 8N1)")
    deal = p.add_mutually_exclusive_group()
    deal.add_argument("--hidden", action="store_true",
                      help="with --link: hidden hands, the default where the runtime deals them (each "
                           "console learns only the tiles the rules show it; docs/link.md)")
    deal.add_argument("--open-deal", action="store_true",
                      help="with --link: the open deal (both consoles compute the whole deal; a console "
                           "that asked for hidden hands is told and asked before the first move)")
    p.add_argument("--board", choices=PROFILES, default=DEFAULT_PROFILE,
                   help="the board whose glass and keys are emulated: pico_lcd_13 (240x240, default), "
                        "pico_lcd_114 (240x135, A/B and the joystick: hold A for Y, hold B for X) or "
                        "picosystem (240x240, d-pad and A B X Y, a speaker and a battery)")
    p.add_argument("--mute", action="store_true",
                   help="no sound from a board with a speaker (--headless never plays any)")
    p.add_argument("--battery", type=whole(0, 100, "the battery level"), default=100, metavar="PERCENT",
                   help="the battery's level on a board with one (picosystem; default 100)")
    p.add_argument("--ai-ms", type=whole(0, 60000, "milliseconds"), default=None,
                   help="pause after each AI move in ms (default: the pace chosen in the table's menu windowed, 0 headless)")
    return p


def add_parser(subparsers):
    p = subparsers.add_parser("emu", help="the handheld emulator (pygame window or headless)",
                              description=__doc__.split("\n\n")[0])
    configure(p)
    p.set_defaults(func=run)
    return p


def _fail(msg):
    print("burako emu: " + msg, file=sys.stderr)
    return 2


def scripted(args):
    """Is this run anything but a person playing in the window? Such runs never
    touch the player's own storage (a script or an autoplay would overwrite
    the saved game)."""
    return bool(args.headless or args.autoplay or args.keys or args.keys_file
                or args.frames is not None or args.screenshot or args.state_json
                or getattr(args, "replay", None))


def no_display(env=None, platform=None):
    """Why no window can be seen, or None. Without a display SDL quietly falls
    back to an offscreen driver and the emulator would run invisibly forever;
    a driver named in SDL_VIDEODRIVER is a deliberate choice (tests use dummy)."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if env.get("SDL_VIDEODRIVER"):
        return None
    if platform.startswith("linux") and not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        return "no display ($DISPLAY and $WAYLAND_DISPLAY are unset)"
    return None


def load_keys(text, data=None, name="--keys-file"):
    """The key script from --keys text plus a --keys-file's bytes: a list of
    key masks, or a one-line error string."""
    from emulator.board import parse_keys

    if data is not None:
        if len(data) > MAX_KEYS_FILE:
            return f"--keys-file {name} is larger than 1 MB"
        try:
            text += "," + data.decode("utf-8")
        except UnicodeDecodeError:
            return f"--keys-file {name} is not text (key names like A,RIGHT,WAIT)"
    try:
        return parse_keys(text)
    except ValueError as e:
        return (str(e).splitlines() or ["bad key script"])[0][:200]


def _screenshot_ok(path):
    d = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        return f"--screenshot {path} is a folder"
    if not os.path.isdir(d):
        return f"--screenshot: no folder {d}"
    if not os.access(d, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        return f"--screenshot: cannot write {path}"
    return None


def run(args):
    if (args.hidden or args.open_deal) and args.link is None:
        return _fail("--hidden and --open-deal are for a match over --link")
    if args.hidden and args.runtime == "micropython":
        return _fail("--hidden: the micropython runtime is the stock firmware's, which deals only open")
    if args.heap is not None and args.runtime != "micropython":
        return _fail("--heap is the MicroPython heap: it needs --runtime micropython")
    if args.heap is None:
        from emulator.runner import HEAP
        args.heap = HEAP
    if args.players == 3 and args.variant != "rummy":
        return _fail(f"--players 3 is for --variant rummy: {args.variant} is played by 2 or 4")
    for name in ("keys_file", "screenshot"):
        if getattr(args, name) == "":
            return _fail(f"--{name.replace('_', '-')} needs a file name")
    if args.screenshot and not args.screenshot.lower().endswith(".png"):
        return _fail(f"--screenshot writes a PNG: name it .png, not {os.path.basename(args.screenshot)[:40]}")
    data = None
    if args.keys_file:
        try:
            with open(args.keys_file, "rb") as f:
                data = f.read(MAX_KEYS_FILE + 1)
        except OSError as e:
            return _fail(f"cannot read --keys-file: {e.strerror}")
    keys = load_keys(args.keys or "", data, args.keys_file)
    if isinstance(keys, str):
        return _fail(keys)
    if args.screenshot:
        why = _screenshot_ok(args.screenshot)
        if why:
            return _fail(why)
    # without --lang: Italian for burraco (R12), else the App's choice (the language last chosen
    # on the console's title, kept in its storage's settings.txt; Spanish on a new one)
    args.lang_given = args.lang
    if args.lang is None:
        args.lang = "it" if args.variant == "burraco" else "es"
    if args.variant == "torneo" and args.players != 2:
        return _fail("torneo is played by 2")
    if not args.headless:
        why = no_display()
        if why:
            return _fail(f"cannot open a window: {why}; use --headless (see burako emu --help)")
    if getattr(args, "board", DEFAULT_PROFILE) != DEFAULT_PROFILE and args.replay is not None:
        # the replayer's table is the 240x240 one
        return _fail("--board " + args.board + " does not run with --replay")
    if args.replay is not None:
        return _replay(args, keys)
    link = None
    if args.link is not None:
        from emulator.link import LinkError, open_link

        if args.players != 2:
            return _fail("the link cable plays 1v1: --players 2")
        try:
            link = open_link(args.link)
        except LinkError as e:
            return _fail(str(e))
        port = getattr(link, "port", None)      # a listening end: the port it got
        if port is not None:
            print(f"listening on 127.0.0.1:{port}", file=sys.stderr, flush=True)
            print(f"(the other console connects: --link socket://127.0.0.1:{port} "
                  f"or --link {port})", file=sys.stderr, flush=True)
        elif getattr(link, "waiting", False):
            print(f"waiting for {args.link}: nobody listens there yet (start the other console "
                  f"with --link listen:PORT); retrying every 0.5 s", file=sys.stderr, flush=True)
    args.link_end = link
    if args.storage is None and link is not None:
        # one folder per link endpoint (and per console on it), scripted or not: the two
        # emulators of the README never share link.sav, and each finds its own on restart
        args.storage, args.storage_lock = link_storage(args.link)
        if args.storage is None:
            return _fail(f"cannot use a storage folder under {emu_storage()}; give --storage DIR")
    if args.storage is None:
        if scripted(args):
            with tempfile.TemporaryDirectory(prefix="burako-emu-") as tmp:
                return _run(args, keys, tmp)
        args.storage = emu_storage()
    return _run(args, keys, args.storage)


def link_storage(spec, root=None):
    """(folder, lock) for a --link run without --storage: EMU/link-<endpoint> (EMU: host/dirs.py)
    (emulator/link.py storage_name), the first of it, -2, -3 ... that no running emulator
    holds (a lock file beside it, held while this one runs). Two emulators on one bare
    port share the endpoint: each gets its own folder, and one that restarts gets back
    the one it left (the other still holds its own)."""
    from emulator.link import storage_name

    root = root or emu_storage()
    base = os.path.join(root, storage_name(spec))
    try:
        os.makedirs(root, exist_ok=True)
    except OSError:
        return None, None
    for n in range(1, 10):
        d = base if n == 1 else f"{base}-{n}"
        lock = _lock(d + ".lock")
        if lock is not False:
            return d, lock
    return None, None


def _lock(path):
    """An open file holding an exclusive lock on path, None where locks do not exist,
    False when another process holds it."""
    try:
        import fcntl
    except ImportError:
        return None
    try:
        f = open(path, "a")
    except OSError:
        return False
    try:
        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        f.close()
        return False
    return f


def _replay(args, keys):
    """`--replay FILE`: the transcript's positions on the emulated screen."""
    from emulator import replay
    from emulator.board import EmuBoard, write_png

    if args.runtime != "cpython":
        return _fail("--replay runs under --runtime cpython")
    try:
        with open(args.replay, "rb") as f:
            data = f.read(MAX_KEYS_FILE * 16 + 1)
        text = data.decode("utf-8")
    except OSError as e:
        return _fail(f"cannot read --replay {args.replay}: {e.strerror}")
    except UnicodeDecodeError:
        return _fail(f"--replay {args.replay} is not a transcript (not text)")
    if len(data) > MAX_KEYS_FILE * 16:
        return _fail(f"--replay {args.replay} is larger than 16 MB")
    got = replay.load(text)
    if isinstance(got, str):
        return _fail(f"--replay {args.replay}: {got}")
    head, moves = got
    with tempfile.TemporaryDirectory(prefix="burako-replay-") as tmp:
        if args.headless:
            board = EmuBoard(tmp)
            r = replay.Replayer(board, head, moves, args.seat, args.lang)
            r.frame(0)
            for k in keys:
                r.frame(k)
            if args.screenshot:
                try:
                    write_png(args.screenshot, board.display)
                except OSError as e:
                    return _fail(f"cannot write --screenshot {args.screenshot}: {e.strerror}")
            if args.state_json:
                print(json.dumps(r.state(), sort_keys=True))
            return 0
        try:
            from emulator.window import Window, frame_wait
            win = Window(args.scale, title="Burako replay", shots=screenshots_folder())
        except Exception as e:
            return _fail(f"cannot open a window ({e}); try --headless")
        from emulator.board import PinButtons
        from hal.clock import Clock

        pins = PinButtons()
        clock = Clock()
        board = EmuBoard(tmp, buttons=pins, clock=clock)
        r = replay.Replayer(board, head, moves, args.seat, args.lang)
        t = 0.0
        while not win.quit:
            t = frame_wait(t)
            pins.level = win.pump()
            win.lang = args.lang
            r.frame(pins.poll(clock.ticks_ms()))
            win.show(board.display)
        win.close()
        return 0


def app_options(args):
    """The App's options (emulator/runner.py app_kwargs) for the parsed command line."""
    # a person at the window: the pace setting's (None, ui/app.py PACE_MS); headless: at once
    ai_ms = args.ai_ms if args.ai_ms is not None else (0 if args.headless else None)
    opts = {"seed": args.seed, "autoplay": args.autoplay, "new": args.new, "ai_ms": ai_ms, "variant": args.variant,
            "players": args.players, "target": args.target,
            "lang": args.lang if getattr(args, "lang_given", None) or args.variant == "burraco" else None}
    if getattr(args, "link_end", None) is not None:
        opts["link"] = True
        # a person at the window picks the deal on the title's cable entry (the open or the
        # hidden deal); scripts, autoplay and --new (no title) open the cable at once
        opts["at_cable"] = not scripted(args) and not args.new
    if args.hidden or args.open_deal:
        opts["hidden"] = args.hidden
    return opts


def _run(args, keys, storage):
    from emulator import runner
    from emulator.board import write_png

    args.storage = storage
    try:
        os.makedirs(args.storage, exist_ok=True)
    except OSError as e:
        return _fail(f"cannot use storage folder {args.storage}: {e.strerror}")
    opts = app_options(args)
    link = getattr(args, "link_end", None)

    if args.headless:
        # a headless run always ends: without --frames or a peer, a screen that waits for
        # something other than a key (Cable 1v1 without --link) stops IDLE_FRAMES after the keys
        idle = IDLE_FRAMES if args.frames is None and link is None else None
        feeder = runner.Feeder(keys, args.frames, args.autoplay, idle)
        try:
            if args.runtime == "micropython":
                display, state = runner.run_micropython(opts, args.storage, feeder, heap=args.heap,
                                                        link=link, display=_display(args),
                                                        keys=_keys(args))
            else:
                board, app = runner.run_cpython(opts, args.storage, feeder, link=link,
                                                display=_display(args), keys=_keys(args),
                                                sound=_sound(args, None), battery=_battery(args))
                display, state = board.display, runner.snapshot(app)
        except Exception as e:  # one line for users: a guest error, a full heap...
            return _fail(f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
        if feeder.stalled:
            print(f"burako emu: stopped {IDLE_FRAMES} frames after the last key: the screen "
                  f"waits for something else than a key (--frames N runs longer)", file=sys.stderr)
        state["frames"] = feeder.n
        if args.screenshot:
            try:
                write_png(args.screenshot, display)
            except OSError as e:
                return _fail(f"cannot write --screenshot {args.screenshot}: {e.strerror}")
        if args.state_json:
            print(json.dumps(state, sort_keys=True))
        return 0
    return _windowed(args, opts, runner)


def _windowed(args, opts, runner):
    link = getattr(args, "link_end", None)
    try:
        from emulator.window import RealClock, Window, frame_wait
        d = _display(args)
        win = Window(args.scale, size=(d.width, d.height), shots=screenshots_folder(),
                     board=getattr(args, "board", DEFAULT_PROFILE), mute=getattr(args, "mute", False))
    except Exception as e:
        return _fail(f"cannot open a window ({e}); try --headless")
    driver = win.pg.display.get_driver()
    if driver in ("dummy", "offscreen") and not os.environ.get("SDL_VIDEODRIVER"):
        win.close()
        return _fail(f"cannot open a window: SDL chose its {driver} driver (no display); use --headless")
    clock = RealClock()
    st = {"t": 0.0}
    if args.runtime == "micropython":
        from emulator.board import PinButtons

        pins = PinButtons(_keys(args))
        # the guest's language is not visible from here: --lang, else the one its title chose
        win.lang = args.lang
        if not getattr(args, "lang_given", None) and args.variant != "burraco":
            from hal.storage import Storage
            from ui import lang, settings_file
            i = settings_file.read(Storage(os.path.abspath(args.storage))).get(settings_file.LANG, 0)
            win.lang = lang.LANGS[i if i < 3 else 0]

        def mp_source(waiting, over):
            st["t"] = frame_wait(st["t"])
            pins.level = win.pump()
            if win.quit:
                return runner.STOP
            return pins.poll(clock.ticks_ms())

        try:
            runner.run_micropython(opts, args.storage, mp_source, heap=args.heap, clock=clock,
                                   on_frame=win.show, link=link, display=d, keys=_keys(args))
        except Exception as e:
            win.close()
            return _fail(f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
        win.close()
        return 0

    from emulator.board import PinButtons
    from hal.clock import Clock

    pins = PinButtons(_keys(args))

    from ui import lang

    def source(waiting, over):
        st["t"] = frame_wait(st["t"])
        pins.level = win.pump()
        win.lang = lang.code()           # the help overlay follows the UI's language
        return runner.STOP if win.quit else 0

    mixer = None
    if not getattr(args, "mute", False) and _sound(args, None).present:
        from emulator.sound import open_mixer

        mixer = open_mixer()
    # a person plays: App.frame keeps the console alive whatever a step raises, as on the device
    runner.run_cpython(opts, args.storage, source, clock=Clock(), buttons=pins, on_frame=win.show,
                       link=link, display=d, keys=_keys(args), sound=_sound(args, mixer),
                       battery=_battery(args), alive=True)
    win.close()
    return 0


def _display(args):
    from emulator.board import board_display

    return board_display(getattr(args, "board", DEFAULT_PROFILE))


def _keys(args):
    from emulator.board import board_keys

    return board_keys(getattr(args, "board", DEFAULT_PROFILE))


def _sound(args, mixer):
    from emulator.board import board_sound

    return board_sound(getattr(args, "board", DEFAULT_PROFILE), mixer)


def _battery(args):
    from emulator.board import board_battery

    return board_battery(getattr(args, "board", DEFAULT_PROFILE), getattr(args, "battery", 100))


def main(argv=None):
    p = configure(OneLineParser(prog="burako emu", description=__doc__.split("\n\n")[0]))
    args = p.parse_args(argv)
    code = run(args)
    if args.runtime == "micropython":
        from emulator.runtimes import wasi

        wasi.quiet_exit(code)
    return code


if __name__ == "__main__":
    sys.exit(main())
