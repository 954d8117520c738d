# benchmarks/frozen_module_figures.py: on the console's UF2 (the game frozen into flash), the
# RAM each module in NAMES takes when imported: the modules the game keeps loaded are imported
# first; each of NAMES is taken out of sys.modules and its package, then imported between two
# collections. Prints MOD <name> <bytes> (or - where the module is not there), then END.
import gc
import sys

import ui.app  # the modules the game keeps loaded, in place (in the measured order)
import ui.gfx
import ui.common
import ui.lang
import engine.game
import engine.rules
import engine.tiles
import engine.melds
import engine.score

NAMES = ()      # the dotted module names


def out(n):
    if n in sys.modules:
        del sys.modules[n]
        i = n.rfind(".")
        if i > 0 and n[:i] in sys.modules:
            sys.modules[n[:i]].__dict__.pop(n[i + 1:], None)


for n in NAMES:
    out(n)
    gc.collect()
    a = gc.mem_free()
    try:
        __import__(n)
    except ImportError:
        print("MOD", n, "-")
        continue
    gc.collect()
    print("MOD", n, a - gc.mem_free())
print("END")
