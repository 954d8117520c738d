# tests/test_ui_memory.py: a language change frees the old language. Loads Spanish, then changes
# language four times, and prints the heap the changes left grown (after a collection) and the
# ui package's lang_* attributes (only the language in use may be there).
import gc

import ui
from ui import lang as ui_lang

ui_lang.use("es")
gc.collect()
a0 = gc.mem_alloc()
for c in ("it", "en", "es", "it"):
    ui_lang.use(c)
gc.collect()
print(gc.mem_alloc() - a0, sorted(k for k in ui.__dict__ if k.startswith("lang_")))
