"""The one module unloader (docs/memory.md says which modules leave the heap, when, and why).

On the stock rp2 firmware every imported module's bytecode sits in RAM until nothing refers to
the module: sys.modules and its package's attribute are the two references the import made, so
taking both lets the GC have it. Importing the module again works (it is read once more).
CPython (tests, the emulator) keeps every module, so objects a test holds stay the ones the app
uses. Imports nothing of the firmware: any floor may call it."""
import sys

MPY = sys.implementation.name == "micropython"


def drop(names):
    """Unload each loaded module of `names` (dotted names): out of sys.modules and out of its
    package, so no reference of the import's own is left. MicroPython only."""
    if MPY:
        mods = sys.modules
        for n in names:
            if n in mods:
                del mods[n]
                i = n.rfind(".")
                if i > 0 and n[:i] in mods:
                    mods[n[:i]].__dict__.pop(n[i + 1:], None)
