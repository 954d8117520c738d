"""burako flash and scores pull on the virtual Pico (the real MicroPython v1.27.0 rp2 firmware on
rp2040js, through the real mpremote), on a board that already holds and runs the game
(docs/device-tools.md). Re-flashing such a board must not run out of memory (a device-side hash
that kept every file's hash alive and repr()'d a ~7 KB dict did), and a pull must not leave the
console in the raw REPL, its keys dead until a power cycle."""
import shutil

import pytest

from devicekit import device_listing, flashed_pico, mpremote, run_cli, vpico_or_skip
from emulator.runtimes import rp2040, wasi
from hal import keys
from host import device

import scorelog

pytestmark = pytest.mark.slow

# the data a console keeps on its filesystem (never a .py or .mpy)
DATA = {"burako.sav": b"BUS\x03" + bytes(range(40)), "rummy.sav": b"R1\n" * 30, "board.txt": b"pico_lcd_13\n",
        "link.sav": b"\x01\x02\x03"}
RECS = [{"variant": "burako", "seats": "HA", "hands": [[120, -35], [410, 260]], "final": [530, 225], "winner": 0},
        {"variant": "torneo", "seats": "HAAA", "hands": [[5, 10], [-20, 300]], "final": [-15, 310], "winner": 1}]


@pytest.fixture(scope="module")
def holding(tmp_path_factory):
    vpico_or_skip()
    return flashed_pico(tmp_path_factory.mktemp("vpico"))


@pytest.fixture
def vpico_or_skip_fixture():
    vpico_or_skip()


@pytest.fixture
def board(holding, tmp_path):
    """(a copy of the flash image holding the game, a copy of its build tree)."""
    image, tree = holding
    shutil.copyfile(image, tmp_path / "flash.bin")
    shutil.copytree(tree, tmp_path / "fw")
    return tmp_path / "flash.bin", tmp_path / "fw"


def keys_work(pico):
    """The game answers its keys (a board left in the raw REPL draws nothing more)."""
    before = pico.screen().pixels
    pico.settle(after_ns=pico.tap(keys.DOWN))
    return pico.screen().pixels != before


def put_files(pico, tmp_path, files):
    """Copy {device path: bytes} onto the board with the real mpremote, then restart it with a
    hard reset, so main.py runs the game again (mpremote leaves it stopped)."""
    args = []
    for name, data in files.items():
        local = tmp_path / name.replace("/", "_")
        local.write_bytes(data)
        args += ["fs", "cp", str(local), ":/" + name, "+"]
    mpremote(pico.port, *args, "exec", "--no-follow", "import machine; machine.reset()")
    pico.wait_event("reset")


def scores_log(tmp_path):
    path = tmp_path / "scores.log"
    for r in RECS:
        scorelog.append(str(path), dict(r))
    return path.read_bytes()


# --- re-flash ----------------------------------------------------------------------
def test_reflash_of_one_file_then_of_nothing_onto_a_pico_running_the_game(board):
    """The board runs the game when flash comes (Ctrl-C stops it). One changed file is copied,
    then nothing; after each flash the game runs again (the soft reset ran main.py: the title is
    drawn again and the keys work)."""
    image, tree = board
    files = device.tree_files(tree)
    main = tree / "main.py"
    main.write_text(main.read_text() + "# changed\n")
    with rp2040.VPico(image) as pico:
        pico.settle(800, after_ns=0)
        title = pico.screen()
        assert title.lit
        t = pico.stats()["t_ns"]
        code, out, err = run_cli("flash", "--port", pico.port, "--out", str(tree), "--no-build")
        assert code == 0, err
        assert "MemoryError" not in out + err
        assert (f"copied 1 of {len(files)} files ({main.stat().st_size} bytes), {len(files) - 1} already "
                "up to date; soft reset done, the game is starting") in out
        assert "copied: main.py" in out and "frozen" not in out  # the stock firmware has no game frozen in
        pico.settle(800, after_ns=t)
        assert pico.screen().pixels == title.pixels and keys_work(pico)

        t = pico.stats()["t_ns"]
        code, out, err = run_cli("flash", "--port", pico.port, "--out", str(tree), "--no-build")
        assert code == 0, err
        assert f"copied 0 of {len(files)} files (0 bytes), {len(files)} already up to date" in out
        pico.settle(800, after_ns=t)
        assert pico.screen().pixels == title.pixels and keys_work(pico)

        on_device = device_listing(pico.port)
        assert "# changed" in mpremote(pico.port, "exec", "print(open('/main.py').read()[-12:])")
    for f in files:
        assert on_device.get(f) == (tree / f).stat().st_size, f


def test_a_refused_flash_leaves_the_game_running(board):
    """A build the board cannot load (.mpy v7 headers, what a future mpy-cross would write) is
    refused in one line before anything is written, and the game the session stopped runs again."""
    image, tree = board
    for p in tree.rglob("*.mpy"):
        b = bytearray(p.read_bytes())
        b[1] = 7
        p.write_bytes(bytes(b))
    with rp2040.VPico(image) as pico:
        pico.settle(800, after_ns=0)
        title = pico.screen()
        t = pico.stats()["t_ns"]
        code, out, err = run_cli("flash", "--port", pico.port, "--out", str(tree), "--no-build")
        assert code == 2 and len(err.strip().splitlines()) == 1 and "this build is .mpy v7" in err, err
        pico.settle(800, after_ns=t)
        assert pico.screen().pixels == title.pixels and keys_work(pico)


def test_what_flash_asks_the_device_needs_no_free_block_over_1_kb(board):
    """A hard heap limit: with the heap cut into 1 KB holes (every other 1 KB bytearray freed,
    ~120 KB free in all) the device still says what it holds of every file of the build: no
    answer is gathered on the device. The old script (a dict of every hash, repr()'d) needed a
    block of 3 KB here and failed."""
    image, tree = board
    files = device.tree_files(tree)
    sizes = {f: (tree / f).stat().st_size for f in files}
    with rp2040.VPico(image) as pico:
        pico.wait_event("usb")
        with device.session(pico.port, soft_reset=True) as t:
            holes = wasi.program("fragment_heap.py", _size=1024)
            free, held = (int(x) for x in device.run(t, holes).split())
            assert free > 100_000 and held > 100
            info = device.device_info(t, files, sizes)
            device.leave(t, restart=False)
    assert all(device.same_file(tree / f, info["files"][f]) for f in files)
    assert info["version"] == (1, 27, 0) and info["mpy"] & 0xFF == 6 and info["machine"].endswith("RP2040")


def test_flash_says_when_the_firmware_has_a_module_frozen_in_and_clean_removes_its_copy(vpico_or_skip_fixture,
                                                                                        tmp_path):
    """The stock firmware freezes neopixel: a build holding neopixel.py shadows it (sys.path
    '', '.frozen'), and flash says so in one line. clean() removes that copy, and keeps main.py,
    which starts the game on a firmware that has the game but not main.py frozen in."""
    tree = tmp_path / "fw"
    tree.mkdir()
    (tree / "main.py").write_text("print('main')\n")
    (tree / "neopixel.py").write_text("NAME = 'the copy'\n")
    with rp2040.VPico(tmp_path / "flash.bin") as pico:
        pico.wait_event("usb")
        code, out, err = run_cli("flash", "--port", pico.port, "--out", str(tree), "--no-build")
        assert code == 0, err
        note = [ln for ln in out.splitlines() if "frozen in" in ln]
        assert len(note) == 1 and "(1 module)" in note[0] and "burako flash --clean" in note[0], out
        assert "main.py is the exception" not in note[0]  # the stock firmware has no main.py frozen in
        assert "the copy" in mpremote(pico.port, "exec", "import neopixel; print(getattr(neopixel, 'NAME', 'frozen'))")
        r = device.clean(pico.port, ["main.py", "neopixel.py"])
        assert r["frozen"] == ["neopixel"] and r["removed"] == ["neopixel.py"]
        assert "frozen" in mpremote(pico.port, "exec", "import neopixel; print(getattr(neopixel, 'NAME', 'frozen'))")
        assert set(device_listing(pico.port)) == {"main.py"}


def test_flash_clean_on_the_stock_firmware_removes_the_code_and_keeps_the_data(board, tmp_path):
    image, tree = board
    log = scores_log(tmp_path)
    mine = {"mine.py": b"print('my own script')\n", "ui/notes.txt": b"a note in a game folder\n"}
    with rp2040.VPico(image) as pico:
        pico.wait_event("usb")
        put_files(pico, tmp_path, {**DATA, "scores.log": log, **mine})
        before = device_listing(pico.port)
        assert set(device.tree_files(tree)) <= set(before)
        code, out, err = run_cli("flash", "--clean", "--port", pico.port)
        assert code == 0, err
        after = device_listing(pico.port)
        kept = {n: mpremote(pico.port, "exec", f"print(open('/{n}', 'rb').read())").strip() for n in after}
    lines = out.splitlines()
    code_files = [f for f in before if f not in DATA and f not in mine and f != "scores.log"]
    assert lines[0].startswith(f"removed {len(code_files)} files of the game's code from")
    assert "no game frozen in" in out and "folders kept (they hold other files): ui" in out
    assert set(after) == set(DATA) | set(mine) | {"scores.log"}
    for n, data in {**DATA, "scores.log": log, **mine}.items():
        assert kept[n] == repr(data), n


# --- leaving the console as it was found -------------------------------------------
def test_scores_pull_leaves_the_console_running_its_game(board, tmp_path):
    image, _ = board
    log = scores_log(tmp_path)
    with rp2040.VPico(image) as pico:
        pico.wait_event("usb")
        put_files(pico, tmp_path, {"scores.log": log})
        pico.settle(800, after_ns=0)
        title = pico.screen()
        t = pico.stats()["t_ns"]
        code, out, err = run_cli("scores", "pull", "--port", pico.port, "--history", str(tmp_path / "h.sqlite"))
        assert code == 0, err
        assert "pulled 2 matches" in out
        pico.settle(800, after_ns=t)  # main.py ran again: the title is drawn again
        assert pico.screen().pixels == title.pixels
        assert keys_work(pico)


def test_a_session_right_after_a_soft_reset_still_stops_the_game(board):
    """Each session finds the game running (its Ctrl-C gets a KeyboardInterrupt traceback) and
    leaves it running, the second one coming while main.py is still loading after the first's soft
    reset: a Ctrl-C then is not yet the interrupt key and waits unread in the input buffer, so the
    session sends it again (before, it waited 10 s and did not know the game had been running)."""
    image, _ = board
    with rp2040.VPico(image) as pico:
        pico.settle(800, after_ns=0)
        found = []
        for _ in range(3):
            with device.session(pico.port) as t:
                found.append(t.found)
                assert device.leave(t) is True
        t = pico.stats()["t_ns"]
        pico.settle(800, after_ns=t)
        assert pico.screen().lit and keys_work(pico)
    assert found == [True, True, True]


def test_scores_pull_leaves_a_board_at_the_repl_at_the_friendly_repl(vpico_or_skip_fixture, tmp_path):
    """No game on the board (a blank one, at its REPL): the pull does not start anything, and the
    friendly REPL answers afterwards (not the raw REPL mpremote works in)."""
    with rp2040.VPico(tmp_path / "flash.bin") as pico:
        pico.wait_event("usb")
        mpremote(pico.port, "fs", "cp", _log_file(tmp_path), ":/scores.log")
        code, out, err = run_cli("scores", "--port", pico.port, "--json")
        assert code == 0 and len(out.splitlines()) == 2, err
        pico.serial_pending()
        pico.serial_write(b"print(6 * 7)\r")
        assert b"42\r\n>>> " in pico.serial_read(b">>> ")


def _log_file(tmp_path):
    path = tmp_path / "local.log"
    path.write_bytes(scores_log(tmp_path))
    return str(path)


# --- the console's own firmware (the game frozen in: `make uf2`) ------------------------------
@pytest.fixture
def frozen_uf2(vpico_or_skip_fixture):
    from test_uf2 import project_uf2

    return project_uf2("pico_lcd_13")


def test_on_the_frozen_firmware_flash_says_its_copies_shadow_the_game_and_clean_brings_it_back(
        frozen_uf2, holding, tmp_path):
    """On the console's own UF2 `flash` copies the build (the filesystem holds none of it) and says
    in one line that those files shadow the frozen ones; the game then runs from the copies.
    `flash --clean` removes every copy, main.py too (the firmware has its own), keeps the data,
    and the frozen game runs again: its title drawn, its keys answered."""
    _, tree = holding
    files = device.tree_files(tree)
    log = scores_log(tmp_path)
    which = "import ui.app; print(ui.app.__file__)"
    with rp2040.VPico(tmp_path / "flash.bin", uf2=frozen_uf2) as pico:
        pico.wait_event("usb")
        put_files(pico, tmp_path, {**DATA, "scores.log": log})
        pico.settle(800, after_ns=0)
        assert mpremote(pico.port, "exec", which).strip() == "ui/app.py"  # frozen: named by its path
        code, out, err = run_cli("flash", "--port", pico.port, "--out", str(tree), "--no-build")
        assert code == 0, err
        assert f"copied {len(files)} of {len(files)} files" in out
        note = [ln for ln in out.splitlines() if "frozen in" in ln]
        assert len(note) == 1 and "burako flash --clean" in note[0], out
        assert "main.py is the exception: the frozen one runs first" in note[0]
        assert mpremote(pico.port, "exec", which).strip() == "ui/app.mpy"  # the copy shadows it

        t = pico.stats()["t_ns"]
        code, out, err = run_cli("flash", "--clean", "--port", pico.port)
        assert code == 0, err
        assert out.startswith(f"removed {len(files)} files of the game's code") and "Burako" in out.splitlines()[0]
        assert "frozen into the firmware run now" in out
        pico.settle(800, after_ns=t)
        assert pico.screen().lit and keys_work(pico)
        assert set(device_listing(pico.port)) == set(DATA) | {"scores.log"}
        assert mpremote(pico.port, "exec", which).strip() == "ui/app.py"
        back = {n: mpremote(pico.port, "exec", f"print(open('/{n}', 'rb').read())").strip() for n in DATA}
    assert back == {n: repr(d) for n, d in DATA.items()}
