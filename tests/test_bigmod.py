"""bigmod, the console's native modular exponentiation (hardware/cmodules/bigmod; docs/vpico.md
"bigmod"): its arithmetic (modexp.c) compiled for the host with the system C compiler and
checked against Python's pow() (hypothesis, the hidden hands' P, the edge cases); the module in
the console's UF2 on the virtual Pico, against pow() and MicroPython's own built-in; and its
absence from the stock firmware and the WASI MicroPython, where callers fall back to pow().

The host build is the plain C row (the one the RP2350 and any 32x32->64 core compile); the
RP2040's Thumb-1 row runs only on the virtual Pico, so the device test draws its cases to
reach every row length and carry.
"""
import ast
import ctypes
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from link import hidden

ROOT = Path(__file__).resolve().parents[1]
MODULE = ROOT / "hardware" / "cmodules" / "bigmod"
BYTES = 32
LIMIT = 1 << 256
OK, BAD_MODULUS, BASE_TOO_BIG = 0, 1, 2      # modexp.h
P = hidden.P


# --- modexp.c on the host --------------------------------------------------------------------

@pytest.fixture(scope="module")
def modexp(tmp_path_factory):
    """modexp_pow from modexp.c, built here as a shared library (warnings are errors)."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler (cc): apt-get install build-essential")
    lib = tmp_path_factory.mktemp("modexp") / "libmodexp.so"
    r = subprocess.run([cc, "-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC",
                        "-o", str(lib), str(MODULE / "modexp.c")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    so = ctypes.CDLL(str(lib))
    so.modexp_pow.restype = ctypes.c_int
    so.modexp_pow.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t,
                              ctypes.c_char_p]
    so.modexp_jacobi.restype = ctypes.c_int
    so.modexp_jacobi.argtypes = [ctypes.POINTER(ctypes.c_int), ctypes.c_char_p, ctypes.c_char_p]
    return so


def jacobi(a, n):
    """The Jacobi symbol (a / n) for odd n >= 3, written from its definition's rules (Python)."""
    a %= n
    t = 1
    while a:
        while a % 2 == 0:
            a //= 2
            if n % 8 in (3, 5):
                t = -t
        a, n = n, a
        if a % 4 == 3 and n % 4 == 3:
            t = -t
        a %= n
    return t if n == 1 else 0


def jacobi_call(so, a, n):
    """(status, symbol or None)."""
    symbol = ctypes.c_int(7)
    status = so.modexp_jacobi(ctypes.byref(symbol), a.to_bytes(BYTES, "little"), n.to_bytes(BYTES, "little"))
    if status != OK:
        assert symbol.value == 7, "an error left the symbol alone"
        return status, None
    return status, symbol.value


def modexp_call(so, base, exponent_bytes, modulus):
    """(status, result or None); the result buffer starts as 0xAA bytes, so an error that
    wrote it shows."""
    out = ctypes.create_string_buffer(b"\xaa" * BYTES, BYTES)
    status = so.modexp_pow(out, base.to_bytes(BYTES, "little"), exponent_bytes, len(exponent_bytes),
                           modulus.to_bytes(BYTES, "little"))
    if status != OK:
        assert out.raw == b"\xaa" * BYTES, "an error left the result alone"
        return status, None
    return status, int.from_bytes(out.raw, "little")


def power(so, base, exponent, modulus):
    raw = exponent.to_bytes((exponent.bit_length() + 7) // 8, "little")
    status, result = modexp_call(so, base, raw, modulus)
    assert status == OK
    return result


@st.composite
def cases(draw, max_exponent_bits=300):
    """An odd modulus 3 <= m < 2^256 of any size (the full 256 bits half the time), a base below
    it, an exponent of up to max_exponent_bits bits."""
    bits = draw(st.one_of(st.just(256), st.integers(2, 256)))
    m = draw(st.integers(1 << (bits - 1), (1 << bits) - 1)) | 1
    m = max(m, 3)
    base = draw(st.one_of(st.integers(0, m - 1), st.sampled_from([0, 1, m - 1])))
    exponent = draw(st.integers(0, (1 << draw(st.integers(0, max_exponent_bits))) - 1))
    return base, exponent, m


@settings(max_examples=600, deadline=None)
@given(cases())
def test_modexp_is_pythons_pow(modexp, case):
    base, exponent, m = case
    assert power(modexp, base, exponent, m) == pow(base, exponent, m)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, P - 1), st.one_of(st.integers(0, (1 << 128) - 1), st.integers(0, P - 1)))
def test_modexp_in_the_hidden_hands_group(modexp, base, exponent):
    """The hidden hands' P (link/hidden.py): 128-bit keys, full-size inverses."""
    assert power(modexp, base, exponent, P) == pow(base, exponent, P)


@pytest.mark.parametrize("m", [3, 5, 0xFFFFFFFF, (1 << 32) + 1, (1 << 255) + 1, P, hidden.Q, LIMIT - 1],
                         ids=["3", "5", "2^32-1", "2^32+1", "2^255+1", "P", "Q", "2^256-1"])
def test_modexp_edge_cases(modexp, m):
    """x^0 = 1 (0^0 too, as Python says), 0^e = 0, 1^e = 1, (m-1)^e = +-1; every exponent length
    from 1 to 300 bits at its lowest (2^(k-1)) and highest (2^k - 1); the smallest and largest
    moduli, one limb and one bit over a limb, the top bit set."""
    for base in (0, 1, 2, m - 1):
        assert power(modexp, base, 0, m) == 1
    assert power(modexp, 0, 5, m) == 0 and power(modexp, 1, (1 << 300) - 1, m) == 1
    assert power(modexp, m - 1, 7, m) == m - 1 and power(modexp, m - 1, 8, m) == 1
    rng = random.Random(m)
    base = rng.randrange(2, m)
    for k in range(1, 301):
        for exponent in (1 << (k - 1), (1 << k) - 1):
            assert power(modexp, base, exponent, m) == pow(base, exponent, m), k


def test_modexp_exponent_bytes_beyond_its_top_are_ignored(modexp):
    """High zero bytes (an mpz read in place may carry them) change nothing."""
    assert modexp_call(modexp, 7, b"\x05" + b"\0" * 40, P) == (OK, pow(7, 5, P))
    assert modexp_call(modexp, 7, b"\0" * 3, P) == (OK, 1)


@pytest.mark.parametrize("base, m, status", [
    (1, 0, BAD_MODULUS), (0, 1, BAD_MODULUS), (1, 2, BAD_MODULUS), (1, 4, BAD_MODULUS),
    (1, P + 1, BAD_MODULUS), (3, 3, BASE_TOO_BIG), (P, P, BASE_TOO_BIG), (LIMIT - 1, P, BASE_TOO_BIG),
], ids=["m=0", "m=1", "m=2", "m=4", "m=P+1", "base=m=3", "base=m=P", "base=2^256-1"])
def test_modexp_refuses_what_it_does_not_handle(modexp, base, m, status):
    assert modexp_call(modexp, base, b"\x03", m) == (status, None)


@settings(max_examples=600, deadline=None)
@given(cases())
def test_jacobi_is_the_symbol(modexp, case):
    a, _, n = case
    assert jacobi_call(modexp, a, n) == (OK, jacobi(a, n))


@settings(max_examples=300, deadline=None)
@given(st.integers(1, P - 1))
def test_jacobi_modulo_p_says_what_eulers_criterion_says(modexp, v):
    """For the hidden hands' prime: 1 exactly for the squares (link/hidden.py is_square)."""
    assert jacobi_call(modexp, v, P) == (OK, 1 if pow(v, hidden.Q, P) == 1 else -1)


def test_jacobi_of_shared_factors_and_the_edges(modexp):
    assert jacobi_call(modexp, 0, P) == (OK, 0) and jacobi_call(modexp, 1, P) == (OK, 1)
    assert jacobi_call(modexp, 3, 9) == (OK, 0) and jacobi_call(modexp, 21, 35) == (OK, 0)
    assert jacobi_call(modexp, LIMIT - 2, LIMIT - 1) == (OK, jacobi(LIMIT - 2, LIMIT - 1))
    assert jacobi_call(modexp, 2, 4) == (BAD_MODULUS, None) and jacobi_call(modexp, 0, 1) == (BAD_MODULUS, None)
    assert jacobi_call(modexp, P, P) == (BASE_TOO_BIG, None)


# --- the module in the console's UF2, on the virtual Pico ----------------------------------

def device_cases(count=300, seed=20251202):
    """(base, exponent, modulus) for the device: moduli of every size up to 256 bits, a third of
    them P; exponents of 1 to 300 bits; and the limbs that carry most (all ones)."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        if i % 3 == 0:
            m = P
        else:
            bits = rng.choice([2, 3, 17, 32, 33, 64, 100, 128, 200, 255, 256, 256, 256])
            m = max(3, rng.getrandbits(bits) | 1 | (1 << (bits - 1)))
        out.append((rng.randrange(m), rng.getrandbits(rng.randint(1, 300)), m))
    ones = LIMIT - 1
    out += [(ones - 1, ones, ones), (ones - 2, (1 << 300) - 1, ones), (P - 1, P - 2, P), (0, 0, P), (0, 9, P),
            (1, 0, 3), (2, 1, 3), ((1 << 255) - 1, (1 << 256) - 1, (1 << 255) + 1)]
    return out


DEVICE_SCRIPT = """\
import gc, bigmod
cases = {cases!r}
print('POW', [bigmod.pow(b, e, m) for b, e, m in cases])
print('JACOBI', [bigmod.jacobi(b, m) for b, e, m in cases])
# MicroPython's own built-in, on the device (slow there: the first {builtin} cases; it says
# pow(0, 0, m) is 0 where CPython and bigmod say 1)
print('BUILTIN', [bigmod.pow(b, e, m) == pow(b, e, m) for b, e, m in cases[:{builtin}] if b or e])
def why(*args):
    try:
        bigmod.pow(*args)
    except (ValueError, TypeError) as exc:
        return type(exc).__name__
    return 'none'
print('REFUSED', [why(*a) for a in {refused!r}] + [why(1.0, 2, 7)])
def why_jacobi(*args):
    try:
        bigmod.jacobi(*args)
    except (ValueError, TypeError) as exc:
        return type(exc).__name__
    return 'none'
print('REFUSED_JACOBI', [why_jacobi(*a) for a in [(1, 8), (1, 1), (7, 7), (-1, 7), (1, {limit})]] + [why_jacobi(1.0, 7)])
def alloc(*args):
    gc.collect()
    before = gc.mem_alloc()
    result = bigmod.pow(*args)
    return gc.mem_alloc() - before
big = {p} - 12345
print('ALLOC', [alloc(big, {p} - 2, {p}), alloc(2, 0, {p}), alloc(3, 1, 7)])
"""
REFUSED = [(1, 2, 8), (1, 2, 1), (1, 2, LIMIT + 1), (7, 2, 7), (LIMIT - 1, 2, 7), (-1, 2, 7), (1, -2, 7),
           (1, 2, -7)]


@pytest.fixture(scope="module")
def device_run(tmp_path_factory):
    """The UF2's answers to DEVICE_SCRIPT: {tag: value}."""
    from devicekit import vpico_or_skip
    from emulator.runtimes import rp2040
    from test_uf2 import project_uf2

    vpico_or_skip()
    uf2 = project_uf2("pico_lcd_13")
    script = DEVICE_SCRIPT.format(cases=device_cases(), builtin=100, refused=REFUSED, p=P, limit=LIMIT + 1)
    with rp2040.VPico(tmp_path_factory.mktemp("bigmod") / "flash.bin", uf2=uf2) as pico:
        pico.settle(800, after_ns=0)
        out = rp2040.mpremote(pico.port, "exec", script, timeout=900)
    got = {}
    for line in out.splitlines():
        tag, _, value = line.partition(" ")
        got[tag] = ast.literal_eval(value)    # lists and ints the device printed
    return got


def test_the_uf2s_bigmod_pow_is_pow_on_the_device(device_run):
    """A few hundred cases through the RP2040's assembly row: each equals CPython's pow(), and
    the first hundred also MicroPython's built-in pow() on the board."""
    cases = device_cases()
    assert device_run["POW"] == [pow(b, e, m) for b, e, m in cases]
    assert len(device_run["BUILTIN"]) >= 95 and all(device_run["BUILTIN"])


def test_the_uf2s_bigmod_jacobi_is_the_symbol_on_the_device(device_run):
    assert device_run["JACOBI"] == [jacobi(b, m) for b, e, m in device_cases()]


def test_the_uf2s_bigmod_refuses_what_it_does_not_handle(device_run):
    """ValueError (a caller's cue to fall back to pow()) for an even, too small or too large
    modulus, a base not below it and anything negative; TypeError for what is not an int."""
    assert device_run["REFUSED"] == ["ValueError"] * len(REFUSED) + ["TypeError"]
    assert device_run["REFUSED_JACOBI"] == ["ValueError"] * 5 + ["TypeError"]


def test_the_uf2s_bigmod_allocates_only_its_result(device_run):
    """The heap in use grows by the result alone: for a 256-bit result one int object and its
    digits (a 16-byte block and two for 32 bytes of digits: 48 B); for a small result a small
    int, nothing."""
    assert device_run["ALLOC"] == [48, 0, 0]


# --- where there is no bigmod ---------------------------------------------------------------

def test_the_wasi_micropython_has_no_bigmod():
    """The desktop emulator's MicroPython (and CPython) fall back to pow()."""
    from emulator.runtimes import wasi

    lines = wasi.Guest(heap=65536, firmware=False).run(
        "try:\n import bigmod\n print('bigmod')\nexcept ImportError:\n print('ImportError')\n").lines
    assert lines == ["ImportError"]


def test_only_the_project_uf2_holds_bigmod():
    """The stock MicroPython UF2 (the virtual Pico's, the `.mpy` path) has no module named
    bigmod: the name is nowhere in its image; the project's UF2, when built, has it."""
    from emulator.runtimes import rp2040
    from test_uf2 import project_uf2

    def image(data):
        return b"".join(page for _, page in rp2040.uf2_blocks(data))

    assert b"bigmod" not in image(rp2040.uf2_bytes())
    if rp2040.project_uf2("pico_lcd_13") is not None:
        assert b"bigmod" in image(project_uf2("pico_lcd_13").read_bytes())
