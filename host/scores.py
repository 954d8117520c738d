"""`burako scores`: the consoles' score logs, pulled into one local history.

    burako scores pull   [--port PORT | --file FILE] [--console NAME] [--history FILE]
    burako scores show   [--history FILE | --port PORT | --file FILE] [--json]
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
import time
from pathlib import Path

from host import device, history
from host.progress import Progress

LOG = "scores.log"


def _fail(msg):
    print(f"burako scores: {msg}", file=sys.stderr)
    return 2


def read_log(path):
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
        if not records and problems:
            # nothing in it reads as a record: not a score log (an empty log is one, with no match)
            return _fail(f"{a.file} is not a score log: no record in its {os.path.getsize(a.file)} bytes")
        return records, problems, a.file
    try:
        port = device.resolve_port(a.port)
    except device.DeviceError as e:
        return _fail(str(e))
    a.resolved_port = port
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


def console_name(port):
    """The console's name in the history: its USB serial number (the Pico's flash id, the same
    whatever port it gets), else the port."""
    try:
        for p in device.list_ports():
            if p.device == port and getattr(p, "serial_number", None):
                return f"usb:{p.serial_number}"
    except Exception:   # no pyserial port listing here: the port is the name
        pass
    return port


def now_utc():
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


# --- export formats --------------------------------------------------------------
# match: the match's unique key (16 hex digits, the same on both consoles of a linked match);
# key: source#seq, unique per console's copy (seq alone repeats across consoles); id: the
# record's 64-bit id as a decimal string (JavaScript's numbers lose its last digits)
CSV_FIELDS: tuple[str, ...] = ("match", "key", "source", "pulled_at", "seq", "id", "variant", "seats", "players",
              "own_seats", "level", "sides", "hands", "final", "winner", "per_hand",
              "canastas", "closes", "mp", "vp", "sources")


def entries_of(records, source, pulled_at=None):
    """History-shaped entries for records read straight from a log."""
    t = pulled_at or now_utc()
    return [{"match": history.match_key(r)[0], "record": r, "source": source, "pulled_at": t,
             "copies": [{"source": source, "seq": r["seq"], "pulled_at": t, "own_seats": r.get("own_seats"),
                         "names": r.get("names")}]} for r in records]


def _first(e):
    return e["copies"][0]


def csv_row(e):
    r = e["record"]
    c = _first(e)
    own = history.merged(e)[1]
    return {"match": e["match"], "key": f"{c['source']}#{c['seq']}", "source": c["source"],
            "pulled_at": c["pulled_at"], "id": str(r["id"]) if "id" in r else "",
            "players": ";".join(history.seat_labels(e)),
            "own_seats": "" if own is None else " ".join(map(str, sorted(own))),
            "level": r.get("level", ""),
            "sources": ";".join(f"{x['source']}#{x['seq']}" for x in e["copies"]),
            "seq": c["seq"], "variant": r["variant"], "seats": r["seats"], "sides": len(r["final"]),
            "hands": len(r["hands"]), "final": " ".join(map(str, r["final"])),
            "winner": "" if r["winner"] is None else r["winner"],
            "per_hand": ";".join(" ".join(map(str, h)) for h in r["hands"]),
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


def json_row(e):
    """The record as read, plus where it came from; the id as a string (a JSON number past
    2**53 is rounded by JavaScript)."""
    r = dict(e["record"])
    c = _first(e)
    if "id" in r:
        r["id"] = str(r["id"])
    r.update(seq=c["seq"], match=e["match"], key=f"{c['source']}#{c['seq']}", source=c["source"],
             pulled_at=c["pulled_at"], players=history.seat_labels(e),
             copies=[{"source": x["source"], "seq": x["seq"], "pulled_at": x["pulled_at"]} for x in e["copies"]])
    return r


def to_json_lines(entries):
    return "".join(json.dumps(json_row(e)) + "\n" for e in entries)


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
    entries = entries_of(records, getattr(a, "source", None) or where)
    text = to_json_lines(entries) if a.json else to_csv(entries) if a.csv else to_table(entries)
    return write_out(text, a.out, len(entries))


def cmd_pull(a):
    got = load_log(a)
    if isinstance(got, int):
        return got
    records, problems, where = got
    report_problems(problems, where)
    source = a.console or (os.path.abspath(a.file) if a.file else console_name(a.resolved_port))
    try:
        h = open_history(a, create=True)
        try:
            new, known = h.merge(records, source)
            total = len(h.matches())
        finally:
            h.close()
    except history.HistoryError as e:
        return _fail(str(e))
    bad = f", {len(problems)} damaged runs skipped" if problems else ""
    print(f"pulled {len(records)} matches from {where}: {new} new, {known} already in the history{bad}")
    if source != where:
        print(f"console: {source}")
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


def _pct(v):
    return "-" if v is None else f"{v:.0%}"


def _ci(v):
    return "-" if v is None else f"{v[0]:.0%}-{v[1]:.0%}"


def _num(v):
    return "-" if v is None else str(v)


def table(head, rows, left=1):
    """Columns padded to their widest cell: the first `left` left-aligned, the rest right."""
    rows = [list(map(str, r)) for r in rows]
    w = [max(len(str(h)), *(len(r[i]) for r in rows)) if rows else len(str(h)) for i, h in enumerate(head)]
    out = []
    for r in [list(map(str, head))] + rows:
        out.append("  ".join(c.ljust(w[i]) if i < left else c.rjust(w[i]) for i, c in enumerate(r)).rstrip())
    return out


RUMMY = "rummy"     # Rummy israeli: per hand the penalty points left in the rack (lower is better)


def show_table(stats):
    lines = [f"{stats['matches']} matches in the history"]
    if stats["players"]:
        lines += ["", "players (win % over the matches whose seat is known; the interval: Wilson 95 %,"
                      f" from {history.MIN_CI} matches)"]
        lines += table(("player", "matches", "wins", "win %", "95 %", "unknown seat", "best streak"),
                       [(k, v["matches"], v["wins"], _pct(v["win_rate"]), _ci(v["ci95"]), v["unknown_seat"],
                         v["longest_streak"]) for k, v in stats["players"].items()])
    for var, d in stats["variants"].items():
        what = "penalty points per hand, lower is better" if var == RUMMY else "points per hand"
        cols = ("matches", "wins", "win %", "pts/hand", "canastas", "closes")
        vp = any("vp" in st for st in d["players"].values())
        lines += ["", f"{var}: {d['matches']} matches ({what})"]
        lines += table(("player",) + cols + (("MP", "VP") if vp else ()),
                       [(k, v["matches"], v["wins"], _pct(v["win_rate"]), _num(v["points_per_hand"]),
                         _num(v["canastas"]), _num(v["closes"])) + ((_num(v.get("mp")), _num(v.get("vp"))) if vp else ())
                        for k, v in d["players"].items()])
    if stats["head_to_head"]:
        lines += ["", "head to head"]
        lines += table(("players", "matches", "wins", "win % of the first"),
                       [(f"{e['a']} vs {e['b']}", e["matches"], f"{e['a_wins']}-{e['b_wins']}", _pct(e["win_rate"]))
                        for e in stats["head_to_head"]])
    vs_ai = []
    for e in stats["head_to_head"]:
        for me, ai, mw, aw in ((e["a"], e["b"], e["a_wins"], e["b_wins"]), (e["b"], e["a"], e["b_wins"], e["a_wins"])):
            if ai.startswith("AI") and not me.startswith("AI"):
                vs_ai.append((me, ai, e["matches"], mw, aw, _pct(round(mw / e["matches"], 3))))
    if vs_ai:
        lines += ["", "against the AI, per level"]
        lines += table(("player", "AI", "matches", "won", "lost to it", "win %"), sorted(vs_ai), left=2)
    if stats["pairs"]:
        lines += ["", "pairs (the two players of one side)"]
        lines += table(("pair", "matches", "wins", "win %", "unknown seat"),
                       [(k, v["matches"], v["wins"], _pct(v["win_rate"]), v["unknown_seat"])
                        for k, v in stats["pairs"].items()])
    if stats["consoles"]:
        lines += ["", "consoles (local: every seat on it; linked: won and lost by its own player)"]
        lines += table(("console", "matches", "local", "linked", "won", "lost", "unknown seat", "last pulled"),
                       [(k, v["matches"], v["local"], v["linked"], v["wins"], v["losses"], v["unknown_seat"],
                         v["last_pulled"]) for k, v in stats["consoles"].items()])
    return "\n".join(lines) + "\n"


def cmd_show(a):
    if a.port or getattr(a, "file", None) is not None:
        # one log as it is, without the history (a console's own figures)
        got = load_log(a)
        if isinstance(got, int):
            return got
        records, problems, where = got
        report_problems(problems, where)
        stats = history.summary(entries_of(records, a.console or where))
        where = f"log: {where}"
    else:
        try:
            h = open_history(a)
            stats = history.summary(h.matches())
            h.close()
        except history.HistoryError as e:
            return _fail(str(e))
        where = f"history: {h.path}"
    if a.json:
        print(json.dumps(stats))
    else:
        sys.stdout.write(show_table(stats))
        print(where)
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
    p.add_argument("--console", default=None,
                   help="the console's name in the history (default: its USB serial number, else the port; "
                        "with --file: the file's path)")
    _history(p)
    p.set_defaults(func=cmd_pull)

    w = sub.add_parser("show", help="per player (win rate and its interval), per variant (points per hand), "
                                       "head to head, per AI level, per pair, per console")
    _history(w)
    w.add_argument("--json", action="store_true", default=S, help="one JSON object")
    src = w.add_mutually_exclusive_group()
    src.add_argument("--port", default=S, help="the figures of a console's log instead of the history")
    src.add_argument("--file", default=S, help="the figures of a local scores.log instead of the history")
    w.add_argument("--console", default=None, help="the console's name in the figures (default: the port or file)")
    w.set_defaults(func=cmd_show, port=None)

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

    t = sub.add_parser("plot", help="win rate over time per player, points per hand per variant, as PNG or SVG")
    t.add_argument("--out", required=True, help="FILE.png or FILE.svg")
    _history(t)
    t.set_defaults(func=cmd_plot)
    return subparsers
