"""The web console in headless Chromium, for tests/test_web.py and benchmarks/web_figures.py: the
browser launched (Debian's chromium through Playwright's executable path: no browser is ever
downloaded), a page opened on `burako web`'s server, and what a test reads from it (the console's
stats, its canvas, its files) and does to it (keys typed)."""
import contextlib
import json
import os
import time

from host import web

CHROMIUM = os.environ.get("BURAKO_CHROMIUM", "/usr/bin/chromium")
# headless Chromium as root, with nothing reaching past 127.0.0.1
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


@contextlib.contextmanager
def launch(site):
    """(Chromium, the site's URL): the static site served by `burako web`'s own server on 127.0.0.1."""
    from playwright.sync_api import sync_playwright

    server = web.serve(site, 0)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b, f"http://127.0.0.1:{server.server_address[1]}/"
        finally:
            b.close()
            server.shutdown()


def open_page(browser, query="", context=None, init_script=None):
    """A page of the site in a new browser context (a new browser profile: empty storage) unless
    `context` is given, once its consoles have booted; page.errors collects uncaught errors."""
    b, url = browser
    context = context or b.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + query)
    page.wait_for_function("window.burako && window.burako.consoles", timeout=60000)
    page.errors = errors
    return page


def stats(page, i=0):
    """Console i's emulated time, cycles, last SPI byte, keys, frame version, storage writes."""
    return page.evaluate(f"window.burako.consoles[{i}].request('stats')")


def settle(page, i=0, quiet_ms=300, after_ns=None, timeout=90):
    """Wait until the console's keys are up, its SPI bus has been quiet for `quiet_ms` of emulated
    time (after drawing something since `after_ns`), and the canvas shows the last frame."""
    deadline = time.monotonic() + timeout
    last = None
    while True:
        s = stats(page, i)
        shown = page.evaluate(f"window.burako.consoles[{i}].version")
        drawn = after_ns is None or s["last_spi_ns"] > after_ns
        quiet = s["t_ns"] - max(s["last_spi_ns"], 0) >= quiet_ms * 1e6
        if drawn and quiet and not s["keys_pending"] and shown == s["version"] == last:
            return s
        last = s["version"] if drawn and quiet else None
        assert time.monotonic() < deadline, f"console {i} did not settle: {s}; page errors {page.errors}"
        time.sleep(0.05)


def canvas(page, i=0):
    """The canvas's pixels as 8-bit RGB bytes (the alpha left out)."""
    rgba = page.evaluate(f"""() => {{
        const c = window.burako.consoles[{i}].canvas;
        return Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data);
    }}""")
    return bytes(v for k, v in enumerate(rgba) if k % 4 != 3)


def files(page, i=0):
    """{name: bytes} of the console's filesystem root, as the page reads it (MicroPython itself)."""
    got = page.evaluate(f"window.burako.consoles[{i}].request('files').then(r => "
                        "Object.fromEntries(Object.entries(r.files).map(([n, b]) => [n, Array.from(b)])))")
    return {name: bytes(data) for name, data in got.items()}


def type_keys(page, names, i=0):
    """Each key typed on the keyboard (keydown, keyup), the next once the glass has settled."""
    for name in names:
        t = stats(page, i)["t_ns"]
        page.keyboard.press(name)
        settle(page, i, after_ns=t)


def exec_all(page, code, consoles=(0, 1), ms=900000):
    """`code` run on each console's USB serial (the raw REPL, as mpremote runs it: the game is
    stopped first) at once; [{"out", "err"}] when every one has finished."""
    page.evaluate(f"window.testRuns = {list(consoles)}.map(i => window.burako.consoles[i].request("
                  f"'exec', {{code: {json.dumps(code)}, ms: {ms}}}))")
    return page.evaluate("Promise.all(window.testRuns)")
