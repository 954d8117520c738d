# host/device.py flash(), in a board's raw REPL before the changed files are copied: makes their
# folders and removes each stale X.py (the device imports X.py before X.mpy): removed path. Its
# lists are deleted at the end: the heap they hold is the copy's. Sent through wasi.compact().
import os
dirs = []     # folders to make, parents first
stale = []    # files to remove
for d in dirs:
    try:
        os.mkdir('/' + d)
    except OSError:
        pass
for s in stale:
    try:
        os.remove('/' + s)
        print('removed', s)
    except OSError:
        pass
del dirs, stale
