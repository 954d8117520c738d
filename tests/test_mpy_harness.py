"""The MicroPython harness (emulator/runtimes/wasi.py): real mpy-cross, real MicroPython WASI under wasmtime."""
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from emulator.runtimes import wasi

ROOT = Path(__file__).resolve().parents[1]


# ------------------------------------------------------------------ fixtures

@pytest.fixture(scope="module")
def tree():
    return wasi.compile_firmware()


@pytest.fixture(scope="module")
def guest(tree):
    return wasi.Guest(heap=65536, firmware=tree)


@pytest.fixture(scope="module")
def bare():
    return wasi.Guest(heap=65536, firmware=False)


def write(root: Path, rel: str, text: str) -> Path:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(textwrap.dedent(text))
    return p


# ------------------------------------------------------------------ build

def test_every_firmware_file_compiles_with_mpy_cross(tmp_path):
    out = wasi.compile_firmware(tmp_path / "fw")
    sources = [p.relative_to(wasi.FIRMWARE) for p in wasi.FIRMWARE.rglob("*.py")
               if "__pycache__" not in p.parts]
    assert sources
    for rel in sources:
        if len(rel.parts) == 1 and rel.name in wasi.SOURCE_AT_ROOT:
            assert (out / rel).read_bytes() == (wasi.FIRMWARE / rel).read_bytes()
        else:
            mpy_file = out / rel.with_suffix(".mpy")
            assert mpy_file.is_file(), rel
            assert mpy_file.read_bytes()[:1] == b"M"  # .mpy magic
    assert not list(out.rglob("*.py")) or all(
        p.parent == out and p.name in wasi.SOURCE_AT_ROOT for p in out.rglob("*.py"))
    sizes = wasi.mpy_sizes(out)
    assert sum(sizes.values()) == sum(p.stat().st_size for p in out.rglob("*.mpy"))
    assert set(sizes) >= {p.parent.relative_to(out).as_posix() or "." for p in out.rglob("*.mpy")}


def test_build_is_cached_and_mirrors_deletions(tmp_path):
    src = tmp_path / "src"
    write(src, "main.py", "print('boot')\n")
    write(src, "pkg/__init__.py", "")
    write(src, "pkg/a.py", "X = 1\n")
    gone = write(src, "pkg/b.py", "Y = 2\n")
    out = wasi.compile_firmware(tmp_path / "out", src_dir=src)
    assert (out / "main.py").is_file() and not (out / "main.mpy").exists()
    a = out / "pkg" / "a.mpy"
    stamp = a.stat().st_mtime_ns
    os.utime(src / "pkg" / "a.py", ns=(stamp - 10**9, stamp - 10**9))  # source older than output
    gone.unlink()
    wasi.compile_firmware(out, src_dir=src)
    assert a.stat().st_mtime_ns == stamp  # not recompiled
    assert not (out / "pkg" / "b.mpy").exists()


def test_a_build_of_another_format_is_compiled_again_whole(tmp_path):
    src = tmp_path / "src"
    write(src, "pkg/__init__.py", "")
    write(src, "pkg/a.py", "X = 1\n")
    out = wasi.compile_firmware(tmp_path / "out", src_dir=src)
    assert (out / wasi.BUILD_STAMP).read_text() == wasi.BUILD_FORMAT
    a = out / "pkg" / "a.mpy"
    (out / wasi.BUILD_STAMP).write_text("an older build\n")     # e.g. paths as source names
    a.write_bytes(b"stale")
    os.utime(a, ns=(a.stat().st_mtime_ns + 10**10,) * 2)        # newer than its source
    wasi.compile_firmware(out, src_dir=src)
    assert a.read_bytes() != b"stale" and b"pkg.a" in a.read_bytes()
    assert (out / wasi.BUILD_STAMP).read_text() == wasi.BUILD_FORMAT


@pytest.mark.micropython
def test_a_module_is_named_in_tracebacks_by_the_name_its_import_interns(tmp_path):
    """The .mpy's source name is the dotted module name, which the import interns
    anyway: loading a module adds no name of its own to the qstr pools, which are
    never freed (a linked Rummy match crossed into a 9 KB pool for want of ~40 names)."""
    src = tmp_path / "src"
    write(src, "pkg/__init__.py", "")
    write(src, "pkg/deep.py", "def boom():\n    raise ValueError('x')\n")
    out = wasi.compile_firmware(tmp_path / "out", src_dir=src)
    g = wasi.Guest(heap=65536, firmware=out)
    with pytest.raises(wasi.GuestError) as err:
        g.run("from pkg import deep\ndeep.boom()")
    assert 'File "pkg.deep", line 2, in boom' in err.value.traceback
    # the same module compiled with its path as source name costs one more name
    import shutil
    old = tmp_path / "old"
    shutil.copytree(out, old)
    subprocess.run([str(wasi.mpy_cross_path()), "-o", str(old / "pkg" / "deep.mpy"),
                    "-s", "pkg/deep.py", str(src / "pkg" / "deep.py")], check=True)
    count = ("import micropython\n"
             "def n():\n    micropython.qstr_info()\n"
             "n()\nfrom pkg import deep\nn()\n")
    added = []
    for tree in (out, old):
        lines = wasi.Guest(heap=65536, firmware=tree).run(count).lines
        ns = [int(ln.split("n_qstr=")[1].split(",")[0]) for ln in lines if "n_qstr=" in ln]
        added.append(ns[1] - ns[0])
    assert added[1] == added[0] + 1, added


def test_build_error_is_one_line_naming_the_file(tmp_path):
    src = tmp_path / "src"
    write(src, "engine/ok.py", "A = 1\n")
    write(src, "engine/bad.py", "def f(:\n    pass\n")
    with pytest.raises(wasi.FirmwareBuildError) as err:
        wasi.compile_firmware(tmp_path / "out", src_dir=src)
    msg = str(err.value)
    assert "\n" not in msg
    assert "engine/bad.py" in msg and "SyntaxError" in msg and "line 1" in msg


# ------------------------------------------------------------------ guest basics

@pytest.mark.micropython
def test_guest_imports_compiled_mpy_from_preopened_tree(tmp_path):
    src = tmp_path / "src"
    write(src, "pkg/__init__.py", "")
    write(src, "pkg/mod.py", "def hello(n):\n    return {'n': n * 2}\n")
    out = wasi.compile_firmware(tmp_path / "out", src_dir=src)
    assert not (out / "pkg" / "mod.py").exists()
    res = wasi.Guest(heap=65536, firmware=out).run(
        "import json\nfrom pkg import mod\nprint(mod.__file__)\nprint(json.dumps(mod.hello(21)))")
    assert res.lines == ["/fw/pkg/mod.mpy", '{"n": 42}']


@pytest.mark.micropython
def test_real_firmware_packages_import(guest, tree):
    pkgs = sorted(p.parent.name for p in tree.glob("*/__init__.mpy"))
    assert pkgs
    script = "".join(f"import {p}\nprint({p}.__file__)\n" for p in pkgs)
    assert guest.run(script).lines == [f"/fw/{p}/__init__.mpy" for p in pkgs]


@pytest.mark.micropython
def test_heapsize_is_a_hard_limit(bare):
    assert bare.run("import gc\nprint(gc.mem_free() + gc.mem_alloc())").lines == ["64000"]
    assert bare.run("b = bytearray(20 * 1024)\nprint(len(b))").lines == ["20480"]
    with pytest.raises(wasi.GuestMemoryError) as err:
        bare.run("b = bytearray(100 * 1024)")
    assert "MemoryError" in err.value.traceback
    assert "allocating 102400 bytes" in str(err.value)


@pytest.mark.micropython
def test_guest_exception_reported_with_message(bare):
    with pytest.raises(wasi.GuestError) as err:
        bare.run("def f():\n    raise ValueError('no such meld')\nf()")
    assert type(err.value) is wasi.GuestError
    assert "ValueError: no such meld" in str(err.value)
    assert "line 3" in err.value.traceback  # script line 2 + the one-line prelude
    with pytest.raises(wasi.GuestError, match="exit code 3"):
        bare.run("import sys\nsys.exit(3)")


@pytest.mark.micropython
def test_out_of_fuel_and_timeout():
    with pytest.raises(wasi.GuestOutOfFuel):
        wasi.Guest(fuel=5_000_000, firmware=False).run("while True:\n    pass")
    with pytest.raises(wasi.GuestTimeout):
        wasi.Guest(timeout=0.1, firmware=False).run("while True:\n    pass")


# ------------------------------------------------------------------ fuel

FUEL_SCRIPT = wasi.program("harness_fuel.py")


@pytest.mark.micropython
def test_fuel_readings_monotonic_and_deterministic(bare):
    one = bare.run(FUEL_SCRIPT)
    two = bare.run(FUEL_SCRIPT)
    assert one.lines == two.lines and one.fuel == two.fuel
    assert one.line_fuel == two.line_fuel
    assert all(int(x) > 0 for x in one.lines)
    assert one.line_fuel == sorted(one.line_fuel)
    assert one.fuel >= one.line_fuel[-1]


@pytest.mark.micropython
def test_line_stamps_have_a_constant_exact_overhead(bare):
    # A line printing a constant string allocates nothing, so the fuel between
    # two such lines is the same whatever the heap looks like.
    res = bare.run("keep = []\nfor i in range(8):\n    keep.append(bytearray(i * 37))\n"
                   "    print('F')\n    print('F')\n")
    gaps = {b - a for a, b in zip(res.line_fuel[::2], res.line_fuel[1::2])}
    assert len(gaps) == 1
    assert 1000 < gaps.pop() < 3000


@pytest.mark.micropython
def test_host_fuel_agrees_with_line_stamps(bare):
    seen = []
    res = bare.run("print(fuel())\nprint(fuel())", on_line=lambda t, f: seen.append((int(t), f)))
    assert res.lines == []
    (v1, s1), (v2, s2) = seen
    assert v1 < s1 < v2 < s2


# ------------------------------------------------------------------ host functions and memory

@pytest.mark.micropython
def test_host_reads_guest_bytearray_by_address(bare):
    got = {}

    def blit(call):
        addr, n = call.json()
        got["raw"] = call.read(addr, n)
        call.write(addr, b"\xAA\xBB")  # and writes back into the guest's buffer
        return "ok"

    g = wasi.Guest(heap=65536, firmware=False, host_functions={"blit": blit})
    res = g.run_file("harness_blit.py")
    assert got["raw"] == bytes(range(256))
    assert res.lines == ["ok 170 187 2"]


@pytest.mark.micropython
def test_host_function_errors_propagate(bare):
    class Stop(Exception):
        pass

    def stop(call):
        raise Stop(call.text)

    g = wasi.Guest(heap=65536, firmware=False, host_functions={"stop": stop, "big": lambda c: "x" * 300})
    with pytest.raises(Stop, match="bye"):
        g.run("try:\n    host.call('stop', 'bye')\nexcept Exception:\n    print('caught')")
    with pytest.raises(wasi.HostResultTooLarge):
        g.run("host.call('big', '')")
    with pytest.raises(wasi.MpyError, match="unknown host function 'nope'"):
        g.run("host.call('nope', '')")


@pytest.mark.micropython
def test_stdout_is_streamed_line_by_line(bare):
    lines = []

    def check(call):
        return str(len(lines))  # lines printed before this call already arrived

    g = wasi.Guest(heap=65536, firmware=False, host_functions={"count": check})
    g.run("print('a')\nprint('b')\nprint(host.call('count', ''))", on_line=lambda t, f: lines.append(t))
    assert lines == ["a", "b", "2"]

    def bad(text, fuel):
        raise KeyError(text)

    with pytest.raises(KeyError):  # a failing line callback ends the guest at once
        g.run("print('x')\nwhile True:\n    pass", on_line=bad)


@pytest.mark.micropython
def test_flash_is_read_write(tmp_path):
    (tmp_path / "scores.txt").write_text("7\n")
    g = wasi.Guest(heap=65536, firmware=False, flash=tmp_path)
    res = g.run("n = int(open('/flash/scores.txt').read())\n"
                "f = open('/flash/scores.txt', 'w')\nf.write(str(n + 1))\nf.close()\nprint(n)")
    assert res.lines == ["7"]
    assert (tmp_path / "scores.txt").read_text() == "8"


@pytest.mark.micropython
def test_session_steps_guest_frame_by_frame(bare):
    script = wasi.program("harness_frames.py")
    with bare.start(script, handoff=("frame",)) as session:
        seen = []
        for keys in (1, 2, 4, -1):
            pending = session.next_call(timeout=10)
            addr, total = map(int, pending.payload.split())
            seen.append((total, pending.call.read(addr, 1)[0]))
            pending.reply(str(keys))
        result = session.wait(timeout=10)
        assert session.next_call(timeout=1) is None
    assert seen == [(0, 0), (1, 1), (3, 3), (7, 7)]
    assert result.lines == ["7"]


@pytest.mark.micropython
def test_closing_a_session_stops_a_waiting_guest(bare):
    session = bare.start("while True:\n    host.call('frame', '')", handoff=("frame",))
    session.next_call(timeout=10)  # the guest now waits for a reply that never comes
    session.close()
    assert not session.running


# ------------------------------------------------------------------ process exit

@pytest.mark.micropython
def test_no_wasmtime_panic_at_exit(tmp_path):
    # Runs that end every way a run can end, with exceptions kept alive to the end.
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from emulator.runtimes import wasi
        g = wasi.Guest(heap=65536, firmware=False, flash={str(tmp_path)!r})
        kept = [g.run("print(1)")]
        for s in ["raise ValueError(1)", "b = bytearray(99999)", "while 1: print('x')"]:
            try:
                wasi.Guest(heap=65536, fuel=3_000_000, firmware=False).run(s)
            except wasi.GuestError as e:
                kept.append(e)
        def bad(t, f):
            raise KeyError(t)
        try:
            g.run("print(2)", on_line=bad)
        except KeyError as e:
            kept.append(e)
        s = g.start("while 1: host.call('frame', '')", handoff=("frame",))
        s.next_call(timeout=10)
        print("done")
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert proc.stdout.strip() == "done"
    assert "panicked" not in proc.stderr, proc.stderr
    assert proc.returncode == 0


@pytest.mark.micropython
def test_fuel_overheads_calibration(bare):
    o = bare.fuel_overheads()
    assert 1000 < o["line_stamp"] < 3000
    assert 5000 < o["fuel_call_min"] <= o["fuel_call_max"] < 20000
