"""`burako scores`: the consoles' score logs, pulled into one local history.

    burako scores pull   [--port PORT | --file FILE] [--history FILE]
    burako scores show   [--history FILE] [--json]
    burako scores export [--csv | --json] [--out F] [--history FILE | --port PORT | --file FILE]
    burako scores plot   --out FILE.png|FILE.svg [--history FILE]
    burako scores        [--port PORT | --file FILE] [--json | --csv] [--out F]   (export of one log)

The log is read with firmware/scorelog.py itself; the history is host/history.py
(SQLite, keyed by match id). docs/device-tools.md has the details.
"""
from __future__ import annotations

import argparse
import csv
import io
import json
import os
import sys
import tempfile
from pathlib import Path

from host import device, history
from host.progress import Progress

LOG = "scores.log"


def _fail(msg):
    print(f"burako scores: {msg}", file=sys.stderr)
    return 2


def read_log(path):
    from emulator.paths import use_firmware

    use_firmware()
    import scorelog

    return scorelog.read(str(path))


def load_log(a):
    """(records, problems, where) from --file or the device's /scores.log; an int exit code on failure."""
    if a.file is not None:          # --file '' is a mistake, not "ask the board"
        if not a.file:
            return _fail("--file needs the path of a scores.log")
        if os.path.isdir(a.file):
            return _fail(f"{a.file} is a folder: give the path of a scores.log")
        if not os.path.exists(a.file):
            return _fail(f"{a.file}: no such file")
        if not os.path.isfile(a.file):
            return _fail(f"{a.file} is not a regular file: give the path of a scores.log")
        try:
            records, problems = read_log(a.file)
        except OSError as e:
            return _fail(f"cannot read {a.file}: {e.strerror}")
        return records, problems, a.file
    try:
        port = device.resolve_port(a.port)
    except device.DeviceError as e:
        return _fail(str(e))
    with tempfile.TemporaryDirectory(prefix="burako-scores-") as tmp:
        local = Path(tmp) / LOG
        try:
            if not device.pull_file(port, LOG, local, Progress("B")):
                print(f"burako scores: no {LOG} on the device ({port}): no match has finished there yet",
                      file=sys.stderr)
                return 1
        except device.DeviceError as e:
            return _fail(f"cannot read the log ({port}): {e}")
        records, problems = read_log(local)
    return records, problems, f"{port}:/{LOG}"


def report_problems(problems, where):
    for off, n, why in problems:
        print(f"burako scores: {where}: skipped {n} bytes at offset {off} ({why})", file=sys.stderr)


# --- export formats --------------------------------------------------------------
CSV_FIELDS = ("seq", "variant", "seats", "sides", "hands", "final", "winner", "per_hand",
              "match", "canastas", "closes", "mp", "vp")


def entries_of(records):
    """History-shaped entries for records read straight from a log."""
    return [{"match": history.match_key(r)[0], "record": r} for r in records]


def csv_row(e):
    r = e["record"]
    return {"seq": r["seq"], "variant": r["variant"], "seats": r["seats"], "sides": len(r["final"]),
            "hands": len(r["hands"]), "final": " ".join(map(str, r["final"])),
            "winner": "" if r["winner"] is None else r["winner"],
            "per_hand": ";".join(" ".join(map(str, h)) for h in r["hands"]),
            "match": e["match"],
            "canastas": ";".join(" ".join(f"{p}/{i}" for p, i in h) for h in r["canastas"])
            if "canastas" in r else "",
            "closes": " ".join("-" if c is None else str(c) for c in r["closes"]) if "closes" in r else "",
            "mp": " ".join(map(str, r["mp"])) if "mp" in r else "",
            "vp": " ".join(map(str, r["vp"])) if "vp" in r else ""}


def to_csv(entries):
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=CSV_FIELDS, lineterminator="\n")
    w.writeheader()
    for e in entries:
        w.writerow(csv_row(e))
    return buf.getvalue()


def to_json_lines(entries):
    return "".join(json.dumps(dict(e["record"], match=e["match"])) + "\n" for e in entries)


def to_table(entries):
    if not entries:
        return "no matches\n"
    rows = [("seq", "variant", "seats", "hands", "final", "winner", "per hand")]
    for e in entries:
        c = csv_row(e)
        rows.append((str(c["seq"]), c["variant"], c["seats"], str(c["hands"]), c["final"].replace(" ", " / "),
                     "-" if c["winner"] == "" else f"side {c['winner']}", c["per_hand"].replace(";", "; ")))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    lines = []
    for row in rows:
        cells = [row[i].rjust(widths[i]) if i in (0, 3) else row[i].ljust(widths[i]) for i in range(len(widths))]
        lines.append("  ".join(cells + [row[-1]]).rstrip())
    return "\n".join(lines) + "\n"


def write_out(text, out, count):
    if out == "":
        return _fail("--out needs a file name")
    if out:
        try:
            with open(out, "w", newline="") as f:
                f.write(text)
        except OSError as e:
            return _fail(f"cannot write {out}: {e.strerror}")
        print(f"{count} matches written to {out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def open_history(a, create=False):
    path = history.history_path(getattr(a, "history", None))
    return history.History.open(path, create=create)


# --- commands ------------------------------------------------------------------------
def cmd_log_export(a):
    """`burako scores [--port|--file] [--json|--csv]`: one log, exported as it is (no history)."""
    got = load_log(a)
    if isinstance(got, int):
        return got
    records, problems, where = got
    report_problems(problems, where)
    entries = entries_of(records)
    text = to_json_lines(entries) if a.json else to_csv(entries) if a.csv else to_table(entries)
    return write_out(text, a.out, len(entries))


def cmd_pull(a):
    got = load_log(a)
    if isinstance(got, int):
        return got
    records, problems, where = got
    report_problems(problems, where)
    try:
        h = open_history(a, create=True)
        try:
            new, known = h.merge(records, where)
            total = len(h.matches())
        finally:
            h.close()
    except history.HistoryError as e:
        return _fail(str(e))
    bad = f", {len(problems)} damaged runs skipped" if problems else ""
    print(f"pulled {len(records)} matches from {where}: {new} new, {known} already in the history{bad}")
    print(f"history: {h.path} ({total} matches)")
    return 0


def cmd_export(a):
    if a.port or getattr(a, "file", None) is not None:
        a.csv = not a.json  # CSV unless --json, as for the history
        return cmd_log_export(a)
    try:
        h = open_history(a)
        entries = h.matches()
        h.close()
    except history.HistoryError as e:
        return _fail(str(e))
    text = to_json_lines(entries) if a.json else to_csv(entries)
    return write_out(text, a.out, len(entries))


def _cell(v, pct=False):
    if v is None:
        return "-"
    return f"{v:.0%}" if pct else str(v)


def show_table(stats):
    lines = [f"{stats['matches']} matches in the history"]
    cols = ("matches", "wins", "win_rate", "points_per_hand", "canastas", "closes", "longest_streak")
    head = ("matches", "wins", "win %", "pts/hand", "canastas", "closes", "best streak")
    if any("vp" in st for g in (stats["players"], stats["pairs"]) for st in g.values()):
        cols += ("mp", "vp")        # burraco matches: match points and victory points
        head += ("MP", "VP")
    for title, group in (("player", stats["players"]), ("pair", stats["pairs"])):
        if not group:
            continue
        w = max([len(title)] + [len(k) for k in group])
        lines.append("")
        lines.append(f"{title:<{w}}  " + "  ".join(f"{h:>{max(len(h), 6)}}" for h in head))
        for name, st in group.items():
            cells = [_cell(st.get(c), c == "win_rate") for c in cols]
            lines.append(f"{name:<{w}}  " + "  ".join(f"{c:>{max(len(h), 6)}}" for c, h in zip(cells, head)))
    return "\n".join(lines) + "\n"


def cmd_show(a):
    try:
        h = open_history(a)
        stats = history.summary(h.matches())
        h.close()
    except history.HistoryError as e:
        return _fail(str(e))
    if a.json:
        print(json.dumps(stats))
    else:
        sys.stdout.write(show_table(stats))
        print(f"history: {h.path}")
    return 0


def cmd_plot(a):
    ext = os.path.splitext(a.out)[1].lower()
    if ext not in (".png", ".svg"):
        return _fail(f"{a.out}: the plot is written as .png or .svg")
    try:
        h = open_history(a)
        matches = h.matches()
        h.close()
    except history.HistoryError as e:
        return _fail(str(e))
    if not matches:
        return _fail(f"{h.path}: no matches to plot yet")
    from host import scoreplot

    try:
        scoreplot.write(matches, a.out)
    except OSError as e:
        return _fail(f"cannot write {a.out}: {e.strerror}")
    print(f"plot of {len(matches)} matches written to {a.out}")
    return 0


# --- wiring ----------------------------------------------------------------------------
def _history(p):
    p.add_argument("--history", default=None,
                   help=f"history file (default ${history.ENV}, else the user's data folder)")


def add_parser(subparsers):
    s = subparsers.add_parser("scores", help="score logs: pull into the history, show, export, plot")
    # the original form: export one log as it is
    src = s.add_mutually_exclusive_group()
    src.add_argument("--port", default="auto", help="serial port, or auto for the only board seen (default)")
    src.add_argument("--file", default=None, help="read a local copy of scores.log instead")
    fmt = s.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="one JSON object per match")
    fmt.add_argument("--csv", action="store_true", help="CSV with a header row")
    s.add_argument("--out", default=None, help="write the export to this file")
    s.set_defaults(func=cmd_log_export)
    sub = s.add_subparsers(dest="scores_cmd", metavar="{pull,show,export,plot}")
    S = argparse.SUPPRESS  # keep the parent's values when a subcommand does not set them

    p = sub.add_parser("pull", help="copy a console's score log into the local history (once per match)")
    src = p.add_mutually_exclusive_group()
    src.add_argument("--port", default=S, help="serial port (default: the only board seen)")
    src.add_argument("--file", default=S, help="merge a local copy of scores.log instead")
    _history(p)
    p.set_defaults(func=cmd_pull)

    w = sub.add_parser("show", help="per player and per pair: matches, wins, points, canastas, closes, streaks")
    _history(w)
    w.add_argument("--json", action="store_true", default=S, help="one JSON object")
    w.set_defaults(func=cmd_show)

    e = sub.add_parser("export", help="the history (or one log) as CSV or JSON lines")
    fmt = e.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", default=S, help="one JSON object per match")
    fmt.add_argument("--csv", action="store_true", default=S, help="CSV with a header row (default)")
    e.add_argument("--out", default=S, help="write to this file instead of stdout")
    src = e.add_mutually_exclusive_group()
    src.add_argument("--port", default=S, help="export a console's log instead of the history")
    src.add_argument("--file", default=S, help="export a local scores.log instead of the history")
    _history(e)
    e.set_defaults(func=cmd_export, port=None)

    t = sub.add_parser("plot", help="scores per hand and win rate over time, as PNG or SVG")
    t.add_argument("--out", required=True, help="FILE.png or FILE.svg")
    _history(t)
    t.set_defaults(func=cmd_plot)
    return subparsers
