# host/device.py clean() (`burako flash --clean`: the frozen game runs again), in a board's raw
# REPL. Only code goes: the .py/.mpy files of the game's packages (every one under their folders,
# also modules an older build had: rm path; a folder left with other files: kept path) and of its
# top-level modules. The device's data (scores.log, the saves, board.txt: never a .py or .mpy) and
# anything outside the game's names stay. Sent through wasi.compact() (no comments, no blank lines).
import os
pkgs = []     # the game's package folders
roots = []    # its top-level module files (main.py, main.mpy...)


def _cl(d):
    for n, k in [(e[0], e[1]) for e in os.ilistdir(d)]:
        p = d + '/' + n
        if k == 0x4000:
            _cl(p)
        elif n[-3:] == '.py' or n[-4:] == '.mpy':
            os.remove(p)
            print('rm', p[1:])
    try:
        os.rmdir(d)
    except OSError:
        print('kept', d[1:])


for d in pkgs:
    try:
        os.stat('/' + d)
    except OSError:
        continue
    _cl('/' + d)
for f in roots:
    try:
        os.remove('/' + f)
        print('rm', f)
    except OSError:
        pass
del _cl, pkgs, roots
