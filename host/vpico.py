"""`burako vpico`: the virtual Raspberry Pi Pico, the real MicroPython rp2 firmware on rp2040js.

    burako vpico [--board PROFILE] [--flash FILE] [--uf2 FILE|stock] [--headless] [--keys "A,UP,A"]
                 [--seed S] [--screenshot FILE] [--link listen:PORT | socket://HOST:PORT] [--scale N]

Boots the board and prints its USB serial port (a pseudo-terminal): `mpremote connect PORT`,
`burako flash --port PORT` and `burako scores --port PORT` work on it as on a Pico on a cable.
The flash is a file (default vpico/flash.bin in burako's data folder, beside the score history;
~/.burako/vpico/flash.bin when that folder exists: host/dirs.py; the PicoSystem's 16 MB in
flash-picosystem.bin beside it), so the firmware, saves and the score
log survive a restart; quitting is a power cut. A missing flash file is made from the project's
own UF2 for the board (`make uf2`: dist/burako-<version>-<board>.uf2, the game frozen in) when one
is built, else from the stock MicroPython UF2 (then `burako flash --port` copies the game).
`--uf2 FILE` loads FILE over the flash as the RP2040 bootrom does (an update: only the sectors
the UF2 holds are written, the filesystem at 0xa0000 is kept); `--uf2 stock` is the stock image.
docs/vpico.md has the details.
"""
from __future__ import annotations

import argparse
import os
import signal
import sys
import time

SCREEN_FPS = 30


def _fail(msg):
    print("burako vpico: " + msg, file=sys.stderr)
    return 2


def _link(text):
    if text.startswith("listen:"):
        port = text[7:]
    elif text.startswith("socket://") and ":" in text[9:]:
        port = text[9:].rsplit(":", 1)[1]
    else:
        raise argparse.ArgumentTypeError("use listen:PORT or socket://HOST:PORT")
    if not port.isdigit() or not 0 <= int(port) <= 65535:
        raise argparse.ArgumentTypeError(f"bad TCP port in {text!r}")
    return text


def configure(p):
    from hal.board import DEFAULT_PROFILE, PROFILES
    from host.args import whole

    p.add_argument("--board", choices=PROFILES, default=DEFAULT_PROFILE,
                   help=f"board profile: pins and glass (default {DEFAULT_PROFILE})")
    p.add_argument("--flash", default=None, help="the flash image file, the board's flash size (2 MB on a Pico, 16 MB on the PicoSystem; default vpico/flash.bin in burako's "
                   "data folder, e.g. ~/.local/share/burako/vpico; ~/.burako/vpico/flash.bin when that exists)")
    p.add_argument("--uf2", default=None, metavar="FILE",
                   help="load this UF2 over the flash (an update: the filesystem is kept); 'stock' is stock "
                        "MicroPython. Default: a missing flash is made from dist/burako-*-BOARD.uf2 when "
                        "built, else from the stock UF2; an existing one is used as it is")
    p.add_argument("--headless", action="store_true",
                   help="no window; with --keys/--screenshot it plays them and exits, else it serves the port")
    p.add_argument("--keys", default="", help='keys tapped once the screen is up, e.g. "A,UP,A" (A+B, WAIT)')
    p.add_argument("--seed", type=whole(0, 0xFFFFFFFF, "the seed"), default=None,
                   help="after boot, restart the App from a script with this deal seed (main.py seeds from the clock)")
    p.add_argument("--screenshot", default=None, help="write the decoded screen as PNG after the keys")
    p.add_argument("--link", type=_link, default=None,
                   help="UART0 link cable over TCP: listen:PORT (0 picks one) or socket://127.0.0.1:PORT")
    p.add_argument("--scale", type=whole(2, 4, "the scale"), default=3, help="window scale, 2..4 (default 3)")
    return p


def add_parser(subparsers):
    p = subparsers.add_parser("vpico", help="the virtual Pico: the real rp2 firmware on an emulated RP2040",
                              description=__doc__.split("\n\n")[0])
    configure(p)
    p.set_defaults(func=run)
    return p


def run(args):
    from host.emu import _screenshot_ok, load_keys, no_display

    keys = load_keys(args.keys)
    if isinstance(keys, str):
        return _fail(keys)
    if args.screenshot:
        why = _screenshot_ok(args.screenshot)
        if why:
            return _fail(why)
    if not args.headless:
        why = no_display()
        if why:
            return _fail(f"cannot open a window: {why}; use --headless")
    from emulator.runtimes import rp2040

    if args.board not in rp2040.profiles():
        return _fail(f"no board profile {args.board!r} (profiles: {', '.join(rp2040.profiles())})")
    if args.flash is None:
        from host.dirs import vpico_flash

        args.flash = vpico_flash()
        if rp2040.flash_size(args.board) != rp2040.FLASH_SIZE:   # the PicoSystem's 16 MB: a file of its own
            root, ext = os.path.splitext(args.flash)
            args.flash = f"{root}-{args.board}{ext}"
    flash = os.path.abspath(args.flash)
    if os.path.isdir(flash):
        return _fail(f"--flash {args.flash} is a folder")
    size = rp2040.flash_size(args.board)
    if os.path.exists(flash) and os.path.getsize(flash) not in (0, size):
        return _fail(f"--flash {args.flash} is not a {size >> 20} MB flash image (the {args.board}'s)")
    try:
        os.makedirs(os.path.dirname(flash), exist_ok=True)
    except OSError as e:
        return _fail(f"cannot use {os.path.dirname(flash)}: {e.strerror}")
    why = rp2040.missing()
    if why:
        return _fail(why)
    update = args.uf2 is not None
    blank = not os.path.exists(flash) or not os.path.getsize(flash)
    if args.uf2 == "stock":
        uf2 = rp2040.stock_uf2()
    elif args.uf2 is not None:
        uf2 = os.path.abspath(args.uf2)
        if not os.path.isfile(uf2):
            return _fail(f"--uf2 {args.uf2}: no such file")
    else:
        uf2 = rp2040.project_uf2(args.board) or rp2040.stock_uf2()
        if blank and uf2 != rp2040.stock_uf2() and rp2040.uf2_stale(uf2):
            print(f"note: {uf2} is older than firmware/{rp2040.uf2_stale(uf2)} (make uf2 rebuilds it)",
                  flush=True)
    if blank and uf2 == rp2040.stock_uf2() and (args.seed is not None or keys or args.screenshot):
        # stock MicroPython on a new flash has no game to draw: say so now, not after a wait
        return _fail("a new flash with stock MicroPython holds no game: start the virtual Pico, "
                     "then `burako flash --port PORT` copies the game (or `make uf2` builds the "
                     "console's firmware, which this command then uses)")
    try:
        rp2040.uf2_blocks(rp2040.uf2_bytes(uf2), os.path.basename(uf2), size)
    except rp2040.VPicoError as e:
        return _fail(f"--uf2 {e}" if update else str(e))
    if not update and os.path.exists(flash) and os.path.getsize(flash):
        built = rp2040.project_uf2(args.board)
        if built is not None and not rp2040.holds_uf2(flash, built):
            print(f"note: {flash} holds another firmware than {built}; --uf2 {built} loads it over "
                  f"the flash (the filesystem is kept)", flush=True)

    pico = rp2040.VPico(flash, board=args.board, link=args.link, uf2=uf2, update=update)
    signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))
    try:
        pico.start()
        where = f"; link listening on 127.0.0.1:{pico.listening}" if pico.listening is not None else ""
        fw = f"; {pico.loaded} from {pico.uf2}" if pico.loaded else ""
        print(f"virtual Pico ({args.board}) on {pico.port}  (flash {flash}{fw}{where})", flush=True)
        print(f"  mpremote connect {pico.port} repl    # Ctrl-C here powers it off", flush=True)
        if args.seed is not None or keys or args.screenshot:
            pico.settle(800, after_ns=0)  # the first screen is complete
        if args.seed is not None:
            rp2040.start_app(pico, seed=args.seed, ai_ms=0 if args.headless else None)
        for k in keys:
            if k:
                pico.settle(after_ns=pico.tap(k))
            else:
                pico.settle()
        if args.screenshot:
            from emulator.board import write_png

            write_png(args.screenshot, pico.screen())
            print(f"screenshot {args.screenshot}")
        if args.headless:
            if keys or args.screenshot:
                return 0
            while pico.proc.poll() is None:  # serve the port until interrupted
                time.sleep(0.5)
            return 0 if pico.proc.returncode == 0 else 2  # the harness said why on stderr
        return _window(pico, args)
    except rp2040.VPicoError as e:
        return _fail(str(e))
    except KeyboardInterrupt:
        return 0
    finally:
        pico.close()


def _window(pico, args):
    """The decoded glass in the pygame window; keyboard and gamepad hold the key GPIOs low."""
    from emulator.display import Display
    from emulator.window import Window, frame_wait

    p = pico.profile
    w = Window(scale=args.scale, title=f"Burako: virtual Pico on {pico.port}", size=(p.WIDTH, p.HEIGHT),
               board=args.board)
    held = 0
    version = None
    shown = None
    try:
        last = time.monotonic()
        while not w.quit:
            level = w.pump()
            if level != held:
                held = level
                pico.press(held)
            d = pico.screen(since=version)
            if d is not None:
                version = d.version
                shown = d
                if not d.lit:  # backlight off or panel asleep: a dark glass
                    shown = Display(d.width, d.height)
                    shown.version = d.version
            if shown is not None:
                w.show(shown)
            if pico.proc.poll() is not None:
                return _fail("the virtual Pico stopped")
            last = frame_wait(last, 1000 // SCREEN_FPS)
    finally:
        w.close()
    return 0


def main(argv=None):
    p = argparse.ArgumentParser(prog="burako vpico")
    configure(p)
    return run(p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
