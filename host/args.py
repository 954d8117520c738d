"""What the `burako` subcommands share in reading the user's words: numbers a hostile user
cannot slip past (plain ASCII digits, a stated range, the option named), variants, tiles and
input files, and the UsageError that makes a mistake one line on stderr and exit code 2."""
from __future__ import annotations

import argparse
import sys

from engine import reasons
from engine import reasons_en
from engine import rules
from engine import tiles


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
        print(f"{self.prog}: {message}", file=sys.stderr)
        sys.exit(2)


class UsageError(Exception):
    """A mistake in what the user asked for: host/cli.py prints it as one line, exit code 2."""


VARIANTS = [r.name for r in rules.VARIANTS]
MAX_GAMES = 1000000
MIN_HEAP = 16 * 1024
MAX_HEAP = 4 * 1024 * 1024   # well above any board's; a larger heap only slows the guest
MAX_INPUT = 16 * 1024 * 1024   # bytes of a transcript or score file


def rules_named(name):
    """The variant's engine/rules.py Rules, or a UsageError naming the choices."""
    r = rules.by_name(name)
    if r is None:
        raise UsageError(f"unknown variant {name!r} (choose from {', '.join(VARIANTS)})")
    return r


def read_input(path):
    """The text of a file the user named ("-": stdin), UTF-8, at most MAX_INPUT bytes."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_INPUT + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(MAX_INPUT + 1)
        if len(data) > MAX_INPUT:
            raise UsageError(f"{path} is larger than {MAX_INPUT // (1024 * 1024)} MB")
        return data.decode("utf-8-sig")
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror}")
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not UTF-8 text")


def parse_tiles(words, where, rules):
    """Tile (or card) words as bytes; a word that is none names itself and `where`."""
    out = bytearray()
    for w in words:
        t = tiles.parse(w, rules.cards)
        if t < 0:
            if rules.cards:
                raise UsageError(f"{where}: {w!r} is not a card (write AH, 2S, 10D, QC or *)")
            raise UsageError(f"{where}: {w!r} is not a tile (write R5, B13, Y1, K2 or *)")
        out.append(t)
    return bytes(out)


def check_copies(ts, where, rules):
    """R1: no tile more often than the deck holds it."""
    t = tiles.over_copies(ts, rules.jokers)
    if t >= 0:
        n = sum(1 for x in ts if x == t)
        raise UsageError(f"{where}: {tiles.to_text(t, rules.cards)} appears {n} times: "
                         + (f"the deck holds only two of each card and {rules.jokers} jokers"
                            if rules.cards else reasons_en.text(reasons.COPIES)))
