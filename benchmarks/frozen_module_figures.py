"""What a module still holds in RAM on the console's UF2 (docs/memory.md "The two builds").

    .venv/bin/python benchmarks/frozen_module_figures.py [--uf2 FILE] [--json]

On the project's UF2 the game is frozen into flash: a module's bytecode and names stay there,
and importing one makes only its module object, its globals and what its code builds. For each
module the memory devices used to unload (issue 34 took the devices away; the modules are now
the ones their code went to), the virtual Pico (rp2040js, `burako vpico`'s harness) boots
the UF2 (`make uf2`; default the built dist/burako-<version>-pico_lcd_13.uf2), the game is
interrupted by mpremote, and `gc.mem_free()` after `gc.collect()` is read around the module's
import (taken out of sys.modules and its package first, the modules the game keeps loaded in
place). A module's figure includes what it imports that was not loaded yet. The stock path's
figures (bytecode in RAM) are docs/memory.md's and docs/vpico.md "Heap"'s.

--json: the last line is one flat JSON object, frozen_ram_bytes_<module> for each.
"""
import argparse
import json
import os
import sys
import tempfile

import benchpath  # noqa: F401  (puts the checkout, tests/ and firmware/ on sys.path)
from emulator.runtimes import rp2040, wasi

# what the memory devices unloaded or imported late (docs/memory.md's rows), where that code lives
# now: the title (ui/screen_title.py), Burako's set-up, hand and match ends, score log record, save
# and table (ui/screen_setup.py, screen_handend.py, screen_matchend.py, matchlog.py, save.py,
# screen_table.py), the cable glue and its screen (ui/screen_link.py, linkkeys.py, linkplay*.py),
# and Rummy's game, match and table (rummy/door.py, swap.py, view.py); each measured by
# tests/guests/frozen_modules.py on the board
MODULES = ("ui.title", "burako.setup", "ui.names", "ui.lang_it", "scorelog", "burako.ends",
           "burako.record", "ui.cable", "ui.link_es", "rummy.game", "rummy.play", "rummy.table",
           "burako.save", "link.entropy", "burako.table", "ai.basic", "ai.rack")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--uf2", default=None, metavar="FILE", help="the project's UF2 (default: the built one)")
    ap.add_argument("--json", action="store_true", help="end with one flat JSON object")
    a = ap.parse_args(argv)
    uf2 = a.uf2 or rp2040.project_uf2("pico_lcd_13")
    if uf2 is None or not os.path.exists(uf2):
        print("frozen_module_figures: no UF2 built (make uf2)", file=sys.stderr)
        return 2
    why = rp2040.missing()
    if why:
        print("frozen_module_figures: " + why, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="burako-frozen-") as d:
        with rp2040.VPico(os.path.join(d, "flash.bin"), uf2=uf2) as pico:
            pico.settle(800, after_ns=0)
            text = rp2040.mpremote(pico.port, "exec", wasi.program("frozen_modules.py", NAMES=MODULES),
                                  timeout=300)
    fig = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "MOD" and parts[2] != "-":
            fig["frozen_ram_bytes_" + parts[1]] = int(parts[2])
            print("%-22s %6s B" % (parts[1], parts[2]))
    print("(%s)" % uf2)
    if a.json:
        print(json.dumps(fig, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
