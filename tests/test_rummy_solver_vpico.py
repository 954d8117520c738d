"""The Rummy solver on the real MicroPython v1.27.0 rp2 firmware (the virtual Pico,
docs/vpico.md): the hardest positions of tests/test_rummy_solver_budget.py are solved
without an exception and give the same play's points as on CPython (R13.5..R13.7).

The rp2 build's C stack ends ~8-9 melds deep in the search (three of these positions
raised RuntimeError: maximum recursion depth exceeded before rummy_solve._run caught it,
and the old solver failed on four); the WASI build and CPython go far deeper, so only
this board shows it. Where node or rp2040js is missing the test skips with one line;
under CI (CI=true) that is a failure."""

import pytest

from emulator.runtimes import rp2040, wasi
from devicekit import vpico_or_skip
from test_rummy_solver_budget import HARD, _position

pytestmark = pytest.mark.slow

MODULES = {"engine": ("__init__.mpy", "tiles.mpy", "rng.mpy"), "rummy": ("__init__.mpy", "rules.mpy", "solve.mpy")}

def test_the_hard_positions_solve_on_the_rp2_firmware(tmp_path):
    vpico_or_skip()
    from rummy import solve as rummy_solve
    build = wasi.compile_firmware()
    with rp2040.VPico(flash=tmp_path / "flash.bin") as pico:
        for pkg, names in MODULES.items():
            rp2040.mpremote(pico.port, "mkdir", ":" + pkg)
            for name in names:
                rp2040.mpremote(pico.port, "cp", str(build / pkg / name), ":%s/%s" % (pkg, name))
        for players, table, rack, closing, _ in HARD:
            solve = wasi.program("rummy_solve_pico.py", table=table, rack=rack, closing=closing)
            out = rp2040.mpremote(pico.port, "exec", solve, timeout=300)
            g = _position((players, table, rack, closing, None))
            want = rummy_solve.solve(g.table, g.racks[0], True, g.closing, rummy_solve.NODES, True, True)
            assert out.split() == ["R", str(-1 if want is None else want[1])], (table, rack, out)
