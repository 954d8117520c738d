# benchmarks/ui_figures.py: joined before a measuring guest, PAD bytes taken from the heap before
# anything else, so every later object sits elsewhere: the same program over several heap
# layouts (a frame's fuel must not follow where the allocator finds room).
PAD = 0
pad = bytearray(PAD)
