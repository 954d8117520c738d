"""`burako build`, `burako flash`, `burako scores`: the device half of the host tool.

    burako build [--out DIR]
    burako flash [--port PORT] [--no-build] [--out DIR]
    burako scores [--port PORT | --file FILE] [--json | --csv] [--out F]

`build` compiles firmware/ with the real mpy-cross (host/mpy.compile_firmware);
`flash` copies that tree to the device's root with the real mpremote (run as a
subprocess) and soft-resets it; `scores` pulls /scores.log with mpremote (or
reads a local copy) and exports it through firmware/scorelog.py.

Wiring into host/cli.py: `device.add_parser(subparsers)` adds the three
subcommands; each sets `func`, which takes the parsed namespace and returns the
exit code. docs/device-tools.md has the details.
"""
from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

KEEP = ("scores.log", "burako.sav")  # the device's own data: flash never writes these
LOG = "scores.log"
COPY_TIMEOUT = 600  # seconds for the whole copy (a Pico over USB takes a few)
SHORT_TIMEOUT = 60


class DeviceError(Exception):
    """mpremote could not do it: no device, busy port, a failed command."""


def _fail(cmd, msg):
    print(f"burako {cmd}: {msg}", file=sys.stderr)
    return 2


# --- mpremote ------------------------------------------------------------
def mpremote_cmd():
    """How to run mpremote: the one installed alongside this Python."""
    return [sys.executable, "-m", "mpremote"]


def _last_line(text):
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if not lines:
        return "no message"
    last = lines[-1]
    return last[len("mpremote: "):] if last.startswith("mpremote: ") else last


def mpremote(port, *args, cwd=None, timeout=SHORT_TIMEOUT):
    """Run `mpremote connect PORT ARGS...`; its stdout, or DeviceError with one line."""
    cmd = mpremote_cmd() + ["connect", port, *args]
    try:
        r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                           stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise DeviceError(f"no answer from the device on {port} after {timeout} s")
    except OSError as e:
        raise DeviceError(f"cannot run mpremote: {e.strerror}")
    if r.returncode != 0:
        raise DeviceError(_last_line(r.stderr if r.stderr.strip() else r.stdout))
    return r.stdout


# --- burako build --------------------------------------------------------
def build_tree(out=None):
    from emulator.runtimes import wasi

    return wasi.compile_firmware(out)


def sizes_table(tree):
    from emulator.runtimes import wasi

    sizes = wasi.mpy_sizes(tree)
    count = len(list(Path(tree).rglob("*.mpy")))
    w = max([len(k) for k in sizes] + [7])
    lines = [f"{'package':<{w}}  {'bytes':>7}"]
    for k, v in sorted(sizes.items(), key=lambda kv: (kv[0] != ".", kv[0])):
        lines.append(f"{k:<{w}}  {v:>7}")
    lines.append(f"{'total':<{w}}  {sum(sizes.values()):>7}  ({count} .mpy files; "
                 f"{', '.join(n for n in ('main.py', 'boot.py') if (Path(tree) / n).exists())} as source)")
    return "\n".join(lines)


def cmd_build(a):
    from emulator.runtimes import wasi

    try:
        tree = build_tree(a.out)
    except wasi.MpyError as e:
        return _fail("build", str(e).splitlines()[0])
    except OSError as e:
        return _fail("build", f"{e.filename or a.out}: {e.strerror}")
    print(f"built {tree}")
    print(sizes_table(tree))
    return 0


# --- burako flash --------------------------------------------------------
def tree_files(tree):
    """The tree's files as device paths relative to the root, sorted."""
    tree = Path(tree)
    return sorted(p.relative_to(tree).as_posix() for p in tree.rglob("*") if p.is_file())


def stale_sources_script(files):
    """Device-side code removing each X.py that a copied X.mpy replaces; prints what it removed."""
    stems = [f[:-4] for f in files if f.endswith(".mpy")]
    return (
        "import os\n"
        f"for s in {stems!r}:\n"
        "    try:\n"
        "        os.remove('/' + s + '.py')\n"
        "        print('removed', s + '.py')\n"
        "    except OSError:\n"
        "        pass\n"
    )


def flash(port, tree):
    """Copy `tree` to the device root at `port`, drop stale .py, soft-reset.

    Returns (files, removed, unchanged): mpremote skips files whose sha256 on the
    device already matches.
    """
    tree = Path(tree)
    files = tree_files(tree)
    if not files:
        raise DeviceError(f"{tree} is empty: nothing to flash")
    for f in files:
        if f.rsplit("/", 1)[-1] in KEEP:
            raise DeviceError(f"{tree}/{f}: the build tree holds device data; refusing to overwrite it")
    if "main.py" not in files:
        raise DeviceError(f"{tree} has no main.py: not a firmware build")
    tops = sorted({f.split("/", 1)[0] for f in files})
    out = mpremote(port, "exec", stale_sources_script(files),
                   "+", "fs", "cp", "-r", *tops, ":/",
                   "+", "soft-reset", cwd=tree, timeout=COPY_TIMEOUT)
    removed = [ln.split(None, 1)[1] for ln in out.splitlines() if ln.startswith("removed ")]
    unchanged = sum(1 for ln in out.splitlines() if ln.startswith("Up to date:"))
    return files, removed, unchanged


def cmd_flash(a):
    from emulator.runtimes import wasi

    tree = Path(a.out) if a.out else wasi.FIRMWARE_BUILD
    if a.no_build:
        if not (tree / "main.py").exists():
            return _fail("flash", f"no build in {tree}: run burako build first (or drop --no-build)")
    else:
        try:
            tree = build_tree(tree)
        except wasi.MpyError as e:
            return _fail("flash", str(e).splitlines()[0])
    try:
        files, removed, unchanged = flash(a.port, tree)
    except DeviceError as e:
        return _fail("flash", f"not flashed ({a.port}): {e}")
    size = sum((tree / f).stat().st_size for f in files)
    print(f"flashed {len(files)} files ({size} bytes; {unchanged} were already up to date) "
          f"from {tree} to {a.port}, soft reset done")
    if removed:
        print("removed stale sources: " + " ".join(removed))
    print("kept on the device: " + ", ".join(KEEP) + " (never written by flash)")
    return 0


# --- burako scores -------------------------------------------------------
def pull_log(port, dest):
    """Copy the device's /scores.log to `dest`; False when the device has none."""
    try:
        mpremote(port, "fs", "cp", ":/" + LOG, str(dest))
    except DeviceError as e:
        if "No such file" in str(e) or "ENOENT" in str(e):
            return False
        raise
    return True


def read_log(path):
    from emulator.paths import use_firmware

    use_firmware()
    import scorelog

    return scorelog.read(str(path))


def to_json_lines(records):
    return "".join(json.dumps(r) + "\n" for r in records)


CSV_FIELDS = ("seq", "variant", "seats", "sides", "hands", "final", "winner", "per_hand")


def csv_row(r):
    return {"seq": r["seq"], "variant": r["variant"], "seats": r["seats"], "sides": len(r["final"]),
            "hands": len(r["hands"]), "final": " ".join(map(str, r["final"])),
            "winner": "" if r["winner"] is None else r["winner"],
            "per_hand": ";".join(" ".join(map(str, h)) for h in r["hands"])}


def to_csv(records):
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=CSV_FIELDS, lineterminator="\n")
    w.writeheader()
    for r in records:
        w.writerow(csv_row(r))
    return buf.getvalue()


def to_table(records):
    if not records:
        return "no matches in the log\n"
    rows = [("seq", "variant", "seats", "hands", "final", "winner", "per hand")]
    for r in records:
        c = csv_row(r)
        rows.append((str(c["seq"]), c["variant"], c["seats"], str(c["hands"]), c["final"].replace(" ", " / "),
                     "-" if r["winner"] is None else f"side {r['winner']}", c["per_hand"].replace(";", "; ")))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    lines = []
    for row in rows:
        cells = [row[i].rjust(widths[i]) if i in (0, 3) else row[i].ljust(widths[i]) for i in range(len(widths))]
        lines.append("  ".join(cells + [row[-1]]).rstrip())
    return "\n".join(lines) + "\n"


def cmd_scores(a):
    if a.file:
        if not os.path.isfile(a.file):
            return _fail("scores", f"{a.file}: no such file")
        records, problems = read_log(a.file)
        where = a.file
    else:
        with tempfile.TemporaryDirectory(prefix="burako-scores-") as tmp:
            local = Path(tmp) / LOG
            try:
                if not pull_log(a.port, local):
                    print(f"burako scores: no {LOG} on the device ({a.port}): no match has finished there yet",
                          file=sys.stderr)
                    return 1
            except DeviceError as e:
                return _fail("scores", f"cannot read the log ({a.port}): {e}")
            records, problems = read_log(local)
        where = f"{a.port}:/{LOG}"
    for off, n, why in problems:
        print(f"burako scores: {where}: skipped {n} bytes at offset {off} ({why})", file=sys.stderr)
    text = to_json_lines(records) if a.json else to_csv(records) if a.csv else to_table(records)
    if a.out:
        try:
            with open(a.out, "w", newline="") as f:
                f.write(text)
        except OSError as e:
            return _fail("scores", f"cannot write {a.out}: {e.strerror}")
        print(f"{len(records)} matches written to {a.out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


# --- wiring ----------------------------------------------------------------
def add_parser(subparsers):
    b = subparsers.add_parser("build", help="compile firmware/ with mpy-cross into a device tree")
    b.add_argument("--out", default=None, help="tree to build into (default build/firmware)")
    b.set_defaults(func=cmd_build)

    f = subparsers.add_parser("flash", help="build, copy the tree to the device with mpremote, soft-reset")
    f.add_argument("--port", default="auto", help="serial port, or auto for the first device (default)")
    f.add_argument("--no-build", action="store_true", help="flash the existing build as it is")
    f.add_argument("--out", default=None, help="build tree to use (default build/firmware)")
    f.set_defaults(func=cmd_flash)

    s = subparsers.add_parser("scores", help="export the device's score log (table, JSON lines or CSV)")
    src = s.add_mutually_exclusive_group()
    src.add_argument("--port", default="auto", help="serial port, or auto for the first device (default)")
    src.add_argument("--file", default=None, help="read a local copy of scores.log instead")
    fmt = s.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="one JSON object per match")
    fmt.add_argument("--csv", action="store_true", help="CSV with a header row")
    s.add_argument("--out", default=None, help="write the export to this file")
    s.set_defaults(func=cmd_scores)
    return subparsers


def main(argv=None):
    import argparse

    p = argparse.ArgumentParser(prog="burako")
    add_parser(p.add_subparsers(dest="cmd", required=True))
    a = p.parse_args(argv)
    return a.func(a)


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.exit(main())
