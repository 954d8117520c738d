"""`burako web`: the console in a web page, the real UF2 on an emulated RP2040 in the browser.

    burako web                      # serve the page on http://127.0.0.1:8040/ until Ctrl-C
    burako web --port 0 --open      # any free port, and open a browser on it
    burako web --out DIR            # write the static files into DIR, for any static host

The page (emulator/web/) runs the project's UF2 of each board that is built (`make uf2`:
dist/burako-<version>-<board>.uf2, or in $BURAKO_UF2_DIR; a wheel built after it carries them
in emulator/web/uf2/) on rp2040js in the browser, through the same chip model as `burako vpico`
(emulator/runtimes/rp2040/chip.mjs). The site is plain files: the page, the chip, rp2040js's ES
modules (vendored), the RP2040 bootrom, the UF2s and site.json (version and board facts);
nothing on it talks to a server but for those files. docs/web.md has the details.
"""
from __future__ import annotations

import html
import http.server
import json
import re
import shutil
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "emulator" / "web"
CHIP = ROOT / "emulator" / "runtimes" / "rp2040" / "chip.mjs"
STAGED_UF2 = PAGE / "uf2"   # the UF2s a wheel carries (make uf2 copies them here)
PAGE_FILES = ("index.html", "console.js", "worker.js", "store.js", "style.css", "bootrom-b1.bin", "BOOTROM.md")
BOOTROM = "bootrom-b1.bin"
DEFAULT_PORT = 8040
INSTALL_SECTION = "On the device"   # the README section the page links to: a UF2 on a real Pico


class WebError(Exception):
    """One line for stderr, exit code 2."""


def find_uf2(board):
    """The newest of the board's UF2 in emulator/web/uf2/ (what a wheel carries) and the one
    `burako vpico` would boot ($BURAKO_UF2_DIR, else dist/); None when neither is built."""
    from emulator.runtimes import rp2040

    found = [p for p in (rp2040.project_uf2(board, STAGED_UF2) if STAGED_UF2.is_dir() else None,
                         rp2040.project_uf2(board)) if p is not None]
    return max(found, key=lambda p: p.stat().st_mtime) if found else None


def board_title(board):
    """"Pico + Pico-LCD-1.3": the glass named in the board's MICROPY_HW_BOARD_NAME, as
    os.uname().machine says it on the console."""
    from host.uf2 import BOARDS, BOARDS_DIR

    try:
        text = (BOARDS_DIR / BOARDS[board] / "mpconfigboard.h").read_text()
        m = re.search(r'MICROPY_HW_BOARD_NAME\s.*\((.+?)\)"', text)
        if m:
            return m.group(1)
    except (OSError, KeyError):
        pass
    from emulator.runtimes import rp2040

    return rp2040.profile(board).NAME


def board_facts(board, uf2_name):
    """What the page needs of a board: its pins and glass (hal/profile_<board>.py), its UF2."""
    from emulator.runtimes import rp2040

    p = rp2040.profile(board)
    return {"name": board, "title": board_title(board), "uf2": uf2_name,
            "glass": [p.XOFF, p.YOFF, p.WIDTH, p.HEIGHT], "dc": p.DC, "bl": p.BL, "spi": p.SPI_ID,
            "uart": getattr(p, "UART_ID", 0), "keys": [list(k) for k in p.KEYS], "skip_key": p.SKIP_KEY,
            "flash_size": rp2040.flash_size(board)}


def readme_text():
    """The README: the checkout's, else the installed package's long description."""
    try:
        return (ROOT / "README.md").read_text()
    except OSError:
        from importlib.metadata import metadata

        return str(metadata("burako").json.get("description", ""))


def install_page(version):
    """The README's section on putting the UF2 on a real Pico, as a small HTML page."""
    text = readme_text()
    m = re.search(rf"^## {re.escape(INSTALL_SECTION)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    body = m.group(1) if m else "See the project's README."
    out = []
    for block in re.split(r"\n\s*\n", body.strip()):
        if block.startswith("```"):
            out.append("<pre>" + html.escape(block.strip("`").strip("\n")) + "</pre>")
        else:
            inner = re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(block))
            out.append(f"<p>{inner}</p>")
    return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>Burako {html.escape(version)}: on a real Pico</title>"
            "<link rel=\"stylesheet\" href=\"style.css\"></head><body>\n"
            f"<h1>Burako {html.escape(version)} on a real Pico</h1>\n"
            "<p>From the project's README, “" + INSTALL_SECTION + "”. The UF2 files the page runs are "
            "beside this page: <span id=\"uf2s\"></span>.</p>\n" + "\n".join(out) +
            "\n<p><a href=\"index.html\">Back to the console</a></p>\n"
            "<script>fetch('site.json').then(r => r.json()).then(s => { const e = document.getElementById('uf2s');"
            " for (const b of Object.values(s.boards)) { const a = document.createElement('a'); a.href = b.uf2;"
            " a.textContent = b.uf2 + ' (' + b.title + ')'; e.append(a, ' '); } });</script>\n"
            "</body></html>\n")


def build_site(out, boards=None, say=None):
    """Write the static site into `out`; returns {"files", "bytes", "boards"}. WebError when no
    board's UF2 is built."""
    from emulator.runtimes import rp2040
    from hal.board import DEFAULT_PROFILE, PROFILES
    from host.uf2 import version

    chosen = boards or list(PROFILES)
    found = {b: find_uf2(b) for b in chosen}
    missing = [b for b, p in found.items() if p is None]
    if len(missing) == len(chosen):
        raise WebError(f"no UF2 built for {', '.join(chosen)}: `make uf2` builds them "
                       f"(dist/burako-<version>-<board>.uf2; or set $BURAKO_UF2_DIR)")
    if boards and missing:
        raise WebError(f"no UF2 built for {', '.join(missing)}: `make uf2` builds it")
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    for name in PAGE_FILES:
        shutil.copyfile(PAGE / name, out / name)
    shutil.copyfile(CHIP, out / "chip.mjs")
    shutil.rmtree(out / "vendor", ignore_errors=True)
    shutil.copytree(PAGE / "vendor", out / "vendor")
    site = {"version": version(), "boards": {}, "bootrom": BOOTROM, "install": "install.html"}
    for board, uf2 in found.items():
        if uf2 is None:
            continue
        try:
            rp2040.uf2_bytes(uf2)
        except rp2040.VPicoError as e:
            raise WebError(str(e))
        if say and rp2040.uf2_stale(uf2):
            say(f"note: {uf2} is older than firmware/{rp2040.uf2_stale(uf2)} (make uf2 rebuilds it)")
        shutil.copyfile(uf2, out / uf2.name)
        site["boards"][board] = board_facts(board, uf2.name)
    site["default_board"] = DEFAULT_PROFILE if DEFAULT_PROFILE in site["boards"] else next(iter(site["boards"]))
    (out / "site.json").write_text(json.dumps(site, indent=1) + "\n")
    (out / "install.html").write_text(install_page(site["version"]))
    files = [p for p in out.rglob("*") if p.is_file()]
    return {"files": len(files), "bytes": sum(p.stat().st_size for p in files), "boards": sorted(site["boards"])}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".mjs": "text/javascript", ".json": "application/json",
                      ".uf2": "application/octet-stream", ".bin": "application/octet-stream", ".md": "text/plain"}

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")   # a rebuilt site is loaded whole
        super().end_headers()

    def log_message(self, format, *args):   # quiet: the page's requests are not news
        pass


def serve(directory, port=DEFAULT_PORT):
    """An HTTP server for `directory` on 127.0.0.1 (port 0: a free one), serving in a thread;
    returns it (server.server_address[1] is its port; shutdown() stops it)."""
    handler = lambda *a, **kw: Handler(*a, directory=str(directory), **kw)  # noqa: E731
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as e:
        raise WebError(f"cannot listen on 127.0.0.1:{port}: {e.strerror}")
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def add_parser(sub):
    p = sub.add_parser("web", help="the console in a web page: the real UF2 on an emulated RP2040 in the browser",
                       description=__doc__.split("\n\n")[0])
    from hal.board import PROFILES
    from host.args import whole

    p.add_argument("--port", type=whole(0, 65535, "the port"), default=DEFAULT_PORT,
                   help=f"TCP port on 127.0.0.1 (default {DEFAULT_PORT}; 0 picks a free one)")
    p.add_argument("--open", action="store_true", help="open the page in a browser")
    p.add_argument("--out", type=Path, default=None, metavar="DIR",
                   help="write the static files into DIR (for any static host) instead of serving them")
    p.add_argument("--board", action="append", choices=PROFILES,
                   help="only this board (repeatable; default: every board whose UF2 is built)")
    p.add_argument("--json", action="store_true", help="with --out: print what was written as JSON")
    p.set_defaults(func=run)
    return p


def run(a):
    say = lambda m: print(m, file=sys.stderr)  # noqa: E731
    try:
        if a.out is not None:
            if a.out.exists() and not a.out.is_dir():
                raise WebError(f"--out {a.out} is a file")
            res = build_site(a.out, a.board, say)
            if a.json:
                print(json.dumps(dict(res, out=str(a.out.resolve()))))
            else:
                print(f"{a.out}: {res['files']} files, {res['bytes']:,} bytes; boards {', '.join(res['boards'])}")
            return 0
        with tempfile.TemporaryDirectory(prefix="burako-web-") as d:
            res = build_site(d, a.board, say)
            server = serve(d, a.port)
            url = f"http://127.0.0.1:{server.server_address[1]}/"
            print(f"Burako's web console on {url} (boards {', '.join(res['boards'])}; Ctrl-C stops it)", flush=True)
            if a.open:
                import webbrowser

                webbrowser.open(url)
            try:
                threading.Event().wait()
            finally:
                server.shutdown()
    except WebError as e:
        print(f"burako web: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"burako web: {e.filename or ''}: {e.strerror}", file=sys.stderr)
        return 2
    return 0
