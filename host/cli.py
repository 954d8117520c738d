"""The `burako` command: builds the parser from the commands' own modules (each has
add_parser(subparsers), which sets the function that runs it) and dispatches. A UsageError
from any of them is one line on stderr and exit code 2."""
from __future__ import annotations

import argparse
import sys

from host import (device, emu, league, meld, relay, replay, rummy, score, scores, sim, uf2, vp,
                  vpico, web)
from host.args import UsageError

# in the order `burako --help` lists them (device adds flash and its kin)
COMMANDS = (sim, meld, score, vp, replay, emu, device, relay, league, vpico, web, rummy, uf2, scores)


class Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(message)


def build_parser():
    p = Parser(prog="burako", description="Burako for a pocket console: host tool")
    sub = p.add_subparsers(dest="cmd", metavar="COMMAND", parser_class=Parser)
    for command in COMMANDS:
        command.add_parser(sub)
    return p


def main(argv=None, parser=None):
    """Run the command; returns its exit code. parser: a build_parser() to
    reuse (building one takes milliseconds; the fuzz figures call main often)."""
    p = parser or build_parser()
    try:
        a = p.parse_args(argv)
        if not getattr(a, "func", None):
            p.print_help()
            return 2
        code = a.func(a)
    except UsageError as e:
        print(f"burako: {e}", file=sys.stderr)
        code = 2
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:
        code = 0
    sys.stdout.flush()
    return code


def entry():
    code = main()
    if "wasmtime" in sys.modules:
        # leave without interpreter teardown, where wasmtime can print a panic
        from emulator.runtimes import wasi

        wasi.quiet_exit(code)
    sys.exit(code)


if __name__ == "__main__":
    entry()
