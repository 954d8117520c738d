# host/device.py device_info(): what a board holds, run in its raw REPL first. It must work on a
# board whose heap the game left in pieces (227 KB free, the largest free block 3,920 B; an older
# script built a ~7 KB dict of every file's hash and repr()'d it): nothing is gathered on the
# device, it prints one line per file as it goes. It names the board in one line (I: version,
# .mpy version, block size and bytes free, machine) and defines _ls() and _bh(), which the host
# then calls with a few folders or files at a time (a small script each: the raw REPL holds a
# whole script in one block); device.HASH_END deletes them. _ls() lists the tree's folders
# (L size path; sizes from ilistdir: one littlefs lookup per folder, where a stat is one per file,
# ~5 ms each on a Pico); _bh() hashes the files it is given (= sha256 path; '-' without hashlib)
# through one fixed 512-byte buffer, collecting the garbage between files.
# Sent through wasi.compact(): its comments and blank lines cost the board nothing.
import sys, os, gc
try:
    from hashlib import sha256
except ImportError:
    sha256 = None
from binascii import hexlify
_b = bytearray(512)
_m = memoryview(_b)


def _ls(ds):
    for d in ds:
        try:
            for e in os.ilistdir('/' + d):
                if e[1] == 0x8000:
                    print('L', e[3] if len(e) > 3 else os.stat('/' + d + '/' + e[0])[6], d + '/' + e[0] if d else e[0])
        except OSError:
            pass
        gc.collect()


def _bh(ps):
    for p in ps:
        if sha256 is None:
            print('=', '-', p)
            continue
        d = sha256()
        f = open('/' + p, 'rb')
        while True:
            k = f.readinto(_b)
            if not k:
                break
            d.update(_m[:k])
        f.close()
        print('=', hexlify(d.digest()).decode(), p)
        d = None
        gc.collect()


_f = '- -'
try:
    _s = os.statvfs('/')
    _f = '%d %d' % (_s[0], _s[0] * _s[3])
    del _s
except (OSError, AttributeError):
    pass
print('I', '%d.%d.%d' % tuple(sys.implementation.version[:3]), getattr(sys.implementation, '_mpy', -1), _f,
      os.uname().machine if hasattr(os, 'uname') else '-')
del _f
gc.collect()
