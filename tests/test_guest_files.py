"""The guest programs as real files (emulator/guests/, tests/guests/): wasi.program()'s
parameters, const() ones kept constant; wasi.compact(), which host/device.py sends a board's raw
REPL through, keeps each program's syntax tree; no guest left as a string in host/ or emulator/."""
import ast
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from emulator.runtimes import wasi
from host import device

ROOT = Path(__file__).resolve().parent.parent
GUESTS = sorted(p for folder in wasi.GUESTS for p in folder.glob("*.py"))
BOARD_PROGRAMS = ("device_head.py", "device_prepare.py", "device_clean.py")
# the raw REPL holds a whole script in one block: a board the game left in pieces has 3,920 B
# in its largest free block (host/device.py)
LARGEST_FREE_BLOCK = 3920


@pytest.mark.parametrize("path", GUESTS, ids=lambda p: p.name)
def test_compact_keeps_every_guests_syntax_tree(path):
    text = path.read_text()
    small = wasi.compact(text)
    assert ast.dump(ast.parse(small)) == ast.dump(ast.parse(text))
    assert len(small) <= len(text)
    assert not any(line.lstrip().startswith("#") for line in small.splitlines())


@given(st.lists(st.sampled_from(["x = 1", "# note", "", "if x:", "    y = (1,  # a", "         2)",
                                 "    s = '''a  ", "", "  # in a string", "'''", "    pass"]),
                max_size=30))
def test_compact_keeps_the_tree_of_any_program_it_is_given(lines):
    text = "\n".join(lines) + "\n"
    try:
        tree = ast.dump(ast.parse(text))
    except SyntaxError:
        return
    assert ast.dump(ast.parse(wasi.compact(text))) == tree


def test_board_programs_carry_no_comment_and_fit_the_largest_free_block():
    files = device.firmware_files()
    pkgs, tops = device.game_names(files)
    stale = [f[:-3] + "py" for f in files if f.endswith(".py")][:device.BATCH]
    texts = [device.board_program("device_head.py"),
             device.prepare_script(pkgs[:device.BATCH], stale),
             device.board_program("device_clean.py", pkgs=pkgs, roots=[t + ".mpy" for t in tops])]
    for text in texts:
        assert "#" not in text and "\n\n" not in text and wasi.compact(text) == text
        compile(text, "board", "exec")
        assert len(text.encode()) < LARGEST_FREE_BLOCK // 2
    # the head of `burako flash` is under its 1,184 B as a string in host/device.py
    assert len(texts[0].encode()) <= 1000


def test_a_const_parameter_stays_const_and_a_plain_one_is_replaced(tmp_path):
    guest = tmp_path / "g.py"
    guest.write_text("_SEEDS = const((1,))  # the seeds\nlimit = 5\nprint(_SEEDS, limit)\n")
    text = wasi.program(guest, _SEEDS=(3, 4), limit=[7])
    assert text.splitlines()[:2] == ["_SEEDS = const((3, 4))", "limit = [7]"]
    with pytest.raises(wasi.MpyError):
        wasi.program(guest, seeds=(1,))


@pytest.mark.micropython
def test_a_const_parameter_is_folded_into_the_code_no_global():
    text = wasi.program("sim_match.py", _CALLS=(("burako", 2, 5, 0),))
    assert "_CALLS = const((('burako', 2, 5, 0),))" in text
    res = wasi.Guest(heap=65536, firmware=False).run(
        "_A = const((5, 6))\nB = 1\nprint(_A, sorted(k for k in globals() if k in ('_A', 'B')))")
    assert res.lines == ["(5, 6) ['B']"]


def test_no_guest_program_is_left_in_a_string_of_host_or_emulator():
    from shape_figures import inline_guests

    left = [f for f in inline_guests() if f.startswith(("host/", "emulator/"))]
    assert left == []
