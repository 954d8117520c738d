"""The web console (`burako web`, emulator/web/, docs/web.md) in headless Chromium, used as a
person uses it: the page boots the project's UF2 on rp2040js to the title, pixel-equal to the
desktop emulator's; keys typed on the page play a draw; a reload keeps the save and Continue
resumes it where the desktop emulator resumes the same files; Clear asks first, then the console
is new; a synthetic gamepad moves the cursor; two consoles in one page, their UARTs joined, play
a linked hand to the same score, and the scores.log the page downloads is read by `burako scores
--file`. The vendored rp2040js and bootrom are the ones the node harness runs.

The browser is Debian's chromium (/usr/bin/chromium) driven by Playwright through its executable
path (no browser is ever downloaded). Without chromium or Playwright the browser tests skip; with
BURAKO_REQUIRE_BROWSER set (.ci/run sets it, and installs chromium) that is a failure, as a
missing UF2 is with BURAKO_REQUIRE_UF2.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from emulator import runner
from emulator.board import UnpluggedLink, board_display, board_keys, parse_keys
from emulator.display import Display
from emulator.runtimes import rp2040
from engine import game
from host import web
from test_uf2 import project_uf2
from webkit import CHROMIUM, canvas, exec_all, files, launch, open_page, settle, stats, type_keys

ROOT = Path(__file__).resolve().parents[1]
BOARDS = ("pico_lcd_13", "pico_lcd_114")
# every RP2040 board the page runs (hal/board.py; the Pico 2's UF2s are the RP2350's, which
# rp2040js does not model): the site carries each one built
PROFILES = ("pico_lcd_13", "pico_lcd_114", "picosystem")


def need(why):
    if os.environ.get("BURAKO_REQUIRE_BROWSER"):
        pytest.fail(why + " (BURAKO_REQUIRE_BROWSER is set)")
    pytest.skip(why)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The static site `burako web --out` writes, with both boards' UF2s."""
    for board in BOARDS:
        project_uf2(board)   # skips (or fails under BURAKO_REQUIRE_UF2) without a fresh UF2
    out = tmp_path_factory.mktemp("site")
    web.build_site(out, list(BOARDS))
    return out


@pytest.fixture(scope="module")
def browser(site):
    """(Chromium, the site's URL): the site served by `burako web`'s own server on 127.0.0.1."""
    if not Path(CHROMIUM).exists():
        need(f"no chromium at {CHROMIUM} (Debian: apt-get install chromium)")
    try:
        import playwright  # noqa: F401
    except ImportError:
        need("playwright is not installed (pip install -e '.[dev]')")
    with launch(site) as b:
        yield b


def desktop(keys=(), storage=None, board="pico_lcd_13"):
    """The desktop emulator's glass as 8-bit RGB, after `keys`, from a copy of `storage` (its UART
    with no cable in it: the title offers the cable, as the page's console does)."""
    with tempfile.TemporaryDirectory() as d:
        if storage:
            for name, data in storage.items():
                Path(d, name).write_bytes(data)
        b, app = runner.run_cpython({"ai_ms": 0}, d, runner.Feeder(list(keys)), display=board_display(board),
                                    keys=board_keys(board), link=UnpluggedLink())
    shown = Display(b.display.width, b.display.height)
    shown.pixels[:] = b.display.pixels
    return shown.to_rgb_bytes(), app


# --- the page in the browser -------------------------------------------------------------------
@pytest.mark.parametrize("board", BOARDS)
def test_the_page_boots_the_uf2_to_the_title_as_the_desktop_draws_it(browser, board):
    """A new console (nothing in the browser's storage): the UF2 boots on rp2040js in the page and
    the canvas holds the desktop emulator's title for that board's glass, pixel for pixel; the
    page names the firmware's version and board and links to how to put it on a real Pico."""
    page = open_page(browser, f"?board={board}")
    try:
        settle(page, quiet_ms=800, after_ns=0)
        want, _ = desktop(board=board)
        assert canvas(page) == want
        what = page.text_content("#what")
        assert "Burako 0.1.0" in what and f"burako-0.1.0-{board}.uf2" in what
        assert web.board_title(board) in what
        assert page.get_attribute("#install", "href") == "install.html"
        assert not page.errors
    finally:
        page.context.close()


def test_keys_play_a_draw_a_reload_keeps_it_and_clear_asks_first(browser):
    """Keys typed on the page: A (new game), UP, A (Start), A (draw from the stock): the glass
    shows the table, then the drawn tile; the firmware saved the draw (13 tiles in the human's
    rack, 59 in the stock). The page reloaded: its title offers Continue, and A resumes the
    match as the desktop emulator resumes it from the same files. Clear dismissed keeps all;
    accepted, the console is new: the title of an empty filesystem."""
    page = open_page(browser)
    try:
        settle(page, quiet_ms=800, after_ns=0)
        title = canvas(page)
        type_keys(page, ["a", "ArrowUp", "a"])
        table = canvas(page)
        type_keys(page, ["a"])
        drawn = canvas(page)
        assert len({title, table, drawn}) == 3
        saved = files(page)
        _, app = desktop(parse_keys("A"), saved)        # the desktop emulator resumes the page's save
        g = app.kept["burako"].play.game     # the match the console's one table shows
        assert (len(g.stock), [len(r) for r in g.racks], g.turn, g.phase) == (59, [13, 12], 0, game.P_PLAY)
        page.evaluate("window.burako.consoles[0].request('flush')")

        page.reload()
        page.wait_for_function("window.burako && window.burako.consoles", timeout=60000)
        settle(page, quiet_ms=800, after_ns=0)
        assert canvas(page) == desktop((), saved)[0] != title     # "Continue" on the title
        type_keys(page, ["a"])
        resumed = canvas(page)
        assert resumed == desktop(parse_keys("A"), saved)[0]
        assert files(page)["burako.sav"] == saved["burako.sav"]

        page.once("dialog", lambda d: d.dismiss())
        page.click("section[data-console='1'] .clear")
        time.sleep(0.5)
        settle(page)
        assert canvas(page) == resumed and "burako.sav" in files(page)
        page.once("dialog", lambda d: d.accept())
        page.click("section[data-console='1'] .clear")
        page.wait_for_function("window.burako.consoles[0].frames > 0 && true")
        time.sleep(0.5)
        settle(page, quiet_ms=800, after_ns=0)
        assert canvas(page) == title and "burako.sav" not in files(page)
        assert not page.errors
    finally:
        page.context.close()


def test_a_second_tab_of_the_same_console_is_refused(browser):
    """The same console (board, slot) in a second tab of the same browser profile would write its
    flash over the first's: it does not start, and says why; the first plays on."""
    first = open_page(browser)
    try:
        b, url = browser
        second = first.context.new_page()
        second.goto(url)
        second.wait_for_function("document.querySelector('#what').textContent.includes('could not start')")
        assert "open in another tab" in second.text_content("#what")
        settle(first, quiet_ms=800, after_ns=0)
        assert canvas(first) == desktop()[0]
    finally:
        first.context.close()


# a gamepad the page reads through navigator.getGamepads(), its buttons set by the test
FAKE_PAD = """
window.testPad = {id: 'test pad', index: 0, connected: true, mapping: 'standard', timestamp: 0, axes: [0, 0, 0, 0],
                  buttons: Array.from({length: 17}, () => ({pressed: false, touched: false, value: 0}))};
navigator.getGamepads = () => [window.testPad, null, null, null];
window.testPress = (n, down) => { window.testPad.buttons[n] = {pressed: down, touched: down, value: down ? 1 : 0}; };
"""


def test_a_gamepad_moves_the_cursor(browser):
    """The d-pad's down (button 13 of the standard mapping) held and let go: the title's cursor
    moves one row, as DOWN does on the desktop emulator; button 0 is A: the language row turns."""
    page = open_page(browser, init_script=FAKE_PAD)
    try:
        settle(page, quiet_ms=800, after_ns=0)
        for button, keys in ((13, ["DOWN"]), (0, ["DOWN", "A"])):
            t = stats(page)["t_ns"]
            page.evaluate(f"window.testPress({button}, true)")
            deadline = time.monotonic() + 30
            while not stats(page)["keys_low"] and time.monotonic() < deadline:
                time.sleep(0.02)       # held until the page has read the pad and the pin is low
            page.evaluate(f"window.testPress({button}, false)")
            settle(page, after_ns=t)
            assert canvas(page) == desktop(parse_keys(",".join(keys)))[0]
    finally:
        page.context.close()


def test_two_linked_consoles_play_a_hand_and_the_score_log_downloads(browser, tmp_path):
    """Two consoles in one page, UART0 joined to UART0: the App's linked match (autoplay on both,
    emulator/guests/pico_link.py sent over each console's USB serial as mpremote would) plays a
    hand to the match's end (target 1): both end with the same match, move log, position and
    history. Each console's "scores.log" button downloads its score log, and `burako scores
    --file` reads the match from it, its score the hand's."""
    page = open_page(browser, "?consoles=2")
    try:
        for i in (0, 1):
            settle(page, i, quiet_ms=800, after_ns=0)
        t0 = time.monotonic()
        said = exec_all(page, rp2040.board_script("pico_link.py", MOVES=None, TARGET=1))
        wall = time.monotonic() - t0
        ends = []
        for r in said:
            assert not r["err"], r["err"]
            line = r["out"].rsplit("LINK ", 1)[1].split(" END")[0]
            seat, count, mid, log, digest, history = line.split(" ", 5)
            ends.append({"seat": int(seat), "count": int(count), "match_id": mid, "log": log, "digest": digest,
                         "history": history})
        a, b = ends
        print(f"linked hand: {a['count']} moves in {wall:.0f} s wall")
        assert {a["seat"], b["seat"]} == {0, 1} and a["count"] == b["count"] > 0
        for k in ("match_id", "log", "digest", "history"):
            assert a[k] == b[k], k
        hands = json.loads(a["history"].replace("(", "[").replace(")", "]"))
        assert len(hands) == 1
        for i in (1, 2):
            with page.expect_download() as got:
                page.click(f"section[data-console='{i}'] .download")
            log = tmp_path / f"scores-{i}.log"
            got.value.save_as(log)
            assert got.value.suggested_filename == "scores.log"
            r = subprocess.run([sys.executable, "-m", "host.cli", "scores", "--file", str(log), "--json"],
                               capture_output=True, text=True, cwd=ROOT, timeout=120,
                               env=dict(os.environ, BURAKO_HISTORY=str(tmp_path / f"h{i}.sqlite")))
            assert r.returncode == 0, r.stderr
            (rec,) = [json.loads(ln) for ln in r.stdout.splitlines()]
            assert rec["hands"] == hands and rec["final"] == hands[-1], rec
        assert not page.errors
    finally:
        page.context.close()


# --- the files the page is made of ---------------------------------------------------------------
def test_the_vendored_rp2040js_is_the_package_the_harness_runs():
    """emulator/web/vendor/rp2040js/ holds rp2040js's dist/esm modules byte for byte (the node
    harness imports the package from node_modules): the page and `burako vpico` run the same
    emulator; and the bootrom file is the one the harness checks by sha256."""
    if not rp2040.node_modules_ready() and not rp2040.npm_ci():
        pytest.skip("rp2040js is not installed (make setup)")
    esm = rp2040.HERE / "node_modules" / "rp2040js" / "dist" / "esm"
    vendored = web.PAGE / "vendor" / "rp2040js"
    want = {p.relative_to(esm) for p in esm.rglob("*.js") if p.name != "gdb-tcp-server.js"}
    have = {p.relative_to(vendored) for p in vendored.rglob("*.js")}
    assert have == want
    assert all((vendored / p).read_bytes() == (esm / p).read_bytes() for p in have)
    assert (vendored / "LICENSE").read_bytes() == (esm.parents[1] / "LICENSE").read_bytes()
    assert (web.PAGE / web.BOOTROM).read_bytes() == rp2040.bootrom()


LOAD_UF2 = """
import fs from "node:fs";
import { loadUf2 } from "CHIP";
const [image, uf2, out] = process.argv.slice(1);
const flash = new Uint8Array(fs.readFileSync(image));
const sectors = loadUf2(flash, new Uint8Array(fs.readFileSync(uf2)));
fs.writeFileSync(out, flash);
console.log(JSON.stringify(sectors));
"""


@settings(max_examples=12, deadline=None)
@given(st.sets(st.integers(0, rp2040.FLASH_SIZE // 256 - 1), min_size=1, max_size=24), st.integers(0, 2 ** 32))
def test_the_pages_uf2_loader_is_the_bootroms(pages, seed):
    """chip.mjs loadUf2 (what the page does at every start: its UF2 over the kept sectors) writes
    what rp2040.load_uf2 writes (the RP2040 bootrom's rule: each sector a page lands in erased
    once, the rest kept), on random UF2s over a random flash."""
    import random

    from test_uf2 import _uf2

    if not shutil.which("node"):
        pytest.skip("node is not installed")
    rnd = random.Random(seed)
    image = bytes(rnd.getrandbits(8) for _ in range(rp2040.FLASH_SIZE // 64)) * 64
    uf2 = _uf2({p * 256: bytes(rnd.getrandbits(8) for _ in range(256)) for p in pages})
    want = bytearray(image)
    sectors = rp2040.load_uf2(want, uf2)
    with tempfile.TemporaryDirectory() as d:
        Path(d, "image").write_bytes(image)
        Path(d, "uf2").write_bytes(uf2)
        script = LOAD_UF2.replace("CHIP", (rp2040.HERE / "chip.mjs").as_uri())
        r = subprocess.run(["node", "--input-type=module", "-e", script, f"{d}/image", f"{d}/uf2", f"{d}/out"],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, r.stderr
        assert json.loads(r.stdout) == sectors
        assert Path(d, "out").read_bytes() == want


def test_burako_web_out_writes_the_site_and_refuses_bad_input(tmp_path):
    """`burako web --out DIR`: the page, the shared chip module, rp2040js, the bootrom, each
    built board's UF2 and site.json naming them; a file as --out, or no UF2 anywhere, is one line
    and exit 2."""
    from host import cli

    for board in PROFILES:
        project_uf2(board)
    out = tmp_path / "site"
    assert cli.main(["web", "--out", str(out), "--json"]) == 0
    site = json.loads((out / "site.json").read_text())
    assert set(site["boards"]) == set(PROFILES) and site["version"] == "0.1.0"
    for name in ("index.html", "console.js", "worker.js", "store.js", "chip.mjs", "vendor/rp2040js/index.js",
                 site["bootrom"], site["install"], *(b["uf2"] for b in site["boards"].values())):
        assert (out / name).is_file(), name
    assert (out / "chip.mjs").read_bytes() == (rp2040.HERE / "chip.mjs").read_bytes()
    assert "BOOTSEL" in (out / "install.html").read_text()

    blocker = tmp_path / "file"
    blocker.write_text("x")
    empty = tmp_path / "empty"
    empty.mkdir()
    # no UF2 anywhere: neither in $BURAKO_UF2_DIR nor staged beside the page (as a wheel holds them)
    nothing = f"import sys; from host import cli, web; web.STAGED_UF2 = web.Path({str(empty)!r}); sys.exit(cli.main(sys.argv[1:]))"
    for argv, says in ((["web", "--out", str(blocker)], "is a file"),
                       (["web", "--out", str(tmp_path / "none")], "no UF2 built for")):
        r = subprocess.run([sys.executable, "-c", nothing, *argv], capture_output=True, text=True, cwd=ROOT,
                           env=dict(os.environ, **{rp2040.UF2_DIR_ENV: str(empty)}))
        assert r.returncode == 2 and says in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert not (tmp_path / "none").exists() and blocker.read_text() == "x"


def test_burako_web_serves_the_page_on_127_0_0_1(tmp_path):
    """`burako web --port 0` prints the address it serves on; the page and its files come from it;
    a second `burako web` on that port says it cannot listen."""
    import urllib.request

    for board in PROFILES:
        project_uf2(board)
    p = subprocess.Popen([sys.executable, "-m", "host.cli", "web", "--port", "0"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        line = p.stdout.readline()
        url = line.split(" on ", 1)[1].split(" ", 1)[0]
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url) as r:
            assert b"console.js" in r.read()
        with urllib.request.urlopen(url + "site.json") as r:
            assert set(json.loads(r.read())["boards"]) == set(PROFILES)
        with urllib.request.urlopen(url + "chip.mjs") as r:
            assert r.headers["Content-Type"].startswith("text/javascript")
        port = url.rstrip("/").rsplit(":", 1)[1]    # taken: one line, exit 2
        r = subprocess.run([sys.executable, "-m", "host.cli", "web", "--port", port], capture_output=True, text=True,
                           cwd=ROOT, timeout=120)
        assert r.returncode == 2 and "cannot listen" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    finally:
        p.terminate()
        p.wait(10)
    shutil.rmtree(tmp_path, ignore_errors=True)
