# The emulator guest's randomness from a seed (emulator/runner.py, opts["nonce_seed"]), as the
# host's is in the link benchmarks and tests: the deal, and so the whole match and its heap,
# repeat run by run (the WASI guest's own entropy mixes the wall clock's microseconds). Joined
# after emu_board.py, before emu_app.py. Only names the firmware interns anyway: a linked Rummy match
# is a few names from the qstr pool's next doubling.
import hashlib
from link import entropy
_count = [0]    # [the seed]: the k-th call's bytes are sha256(b'<seed> <k>')
entropy.random_bytes = lambda n, _count=_count: _count.append(n) or hashlib.sha256(b'%d %d' % (_count[0], len(_count) - 1)).digest()[:n]
