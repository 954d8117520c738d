"""argparse types shared by the `burako` subcommands: numbers a hostile user
cannot slip past (plain ASCII digits, a stated range, the option named)."""
from __future__ import annotations

import argparse


def whole(lo, hi, what="a whole number"):
    """argparse type: a whole number from lo to hi, written in plain digits
    (int() alone also takes '1_000', ' 5' and other scripts' digits)."""
    def parse(text):
        t = text.strip()
        digits = t[1:] if t[:1] == "-" else t
        if not digits.isascii() or not digits.isdigit() or len(digits) > 40:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number")
        v = int(t)
        if not lo <= v <= hi:
            raise argparse.ArgumentTypeError(f"{v} is out of range: {what} from {lo} to {hi}")
        return v
    return parse


class OneLineParser(argparse.ArgumentParser):
    """A parser whose mistakes are one line on stderr and exit status 2 (the
    stock one prints the whole usage first)."""

    def error(self, message):
        import sys
        print(f"{self.prog}: {message}", file=sys.stderr)
        sys.exit(2)
