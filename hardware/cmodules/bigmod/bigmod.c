// bigmod: modular exponentiation in C for the console's UF2 (docs/vpico.md "bigmod").
//
// bigmod.pow(base, exp, mod) -> base ** exp % mod, the int the built-in pow(base, exp, mod)
// gives, several times faster on the RP2040 for the hidden hands' 256-bit group (link/hidden.py):
// Montgomery multiplication on 32-bit limbs instead of mpz's 16-bit digits and a division a step.
//
// It takes ints with 0 <= base < mod, exp >= 0 (any size), mod odd and 3 <= mod < 2**256, and
// raises ValueError for anything else, so that a caller can fall back to the built-in:
//
//     try:
//         from bigmod import pow as power     # the console's UF2
//     except ImportError:
//         power = pow                         # stock MicroPython, CPython
//
//     try: y = power(b, e, m)
//     except ValueError: y = pow(b, e, m)
//
// bigmod.jacobi(value, mod) -> the Jacobi symbol (value / mod), 1, -1 or 0, under the same
// limits (0 <= value < mod, mod odd, 3 <= mod < 2**256) and errors: for the prime P, whether an
// element off the wire is a square (link/hidden.py is_square) without a full exponentiation.
//
// pow(0, 0, mod) is 1 here, as in CPython (MicroPython's built-in says 0).
// Not constant-time (the time follows the exponent's bits): the hidden hands' secrets live for
// one hand and are revealed at its end. Allocates nothing but the result.
#include <string.h>

#include "py/mpz.h"
#include "py/objint.h"
#include "py/runtime.h"

#include "modexp.h"

#if MICROPY_LONGINT_IMPL != MICROPY_LONGINT_IMPL_MPZ
#error "bigmod reads MicroPython's mpz ints (MICROPY_LONGINT_IMPL_MPZ)"
#endif
// The exponent is read in place as little-endian bytes: its digits, least significant first,
// each filling its storage (16 bits in 16 on 32-bit machines, 32 in 32 on 64-bit hosts).
#if !MP_ENDIANNESS_LITTLE
#error "bigmod reads mpz digits as little-endian bytes"
#endif
MP_STATIC_ASSERT(MPZ_DIG_SIZE == 8 * sizeof(mpz_dig_t));

// An int argument as an mpz: a big int's own, or a small int's built in `fixed`
static const mpz_t *int_as_mpz(mp_obj_t arg, mpz_t *fixed, mpz_dig_t *digits) {
    const mpz_t *z;
    if (mp_obj_is_small_int(arg)) {
        mpz_init_fixed_from_int(fixed, digits, MPZ_NUM_DIG_FOR_INT, MP_OBJ_SMALL_INT_VALUE(arg));
        z = fixed;
    } else if (mp_obj_is_exact_type(arg, &mp_type_int)) {
        z = &((mp_obj_int_t *)MP_OBJ_TO_PTR(arg))->mpz;
    } else {
        mp_raise_TypeError(MP_ERROR_TEXT("bigmod needs ints"));
    }
    if (mpz_is_neg(z)) {
        mp_raise_ValueError(MP_ERROR_TEXT("bigmod: negative argument"));
    }
    return z;
}

// z as MODEXP_BYTES little-endian bytes; false if it does not fit
static bool to_bytes(const mpz_t *z, uint8_t *bytes) {
    return mpz_as_bytes(z, false, false, MODEXP_BYTES, bytes);
}

static mp_obj_t bigmod_pow(mp_obj_t base_in, mp_obj_t exp_in, mp_obj_t mod_in) {
    mpz_t base_fixed, exp_fixed, mod_fixed;
    mpz_dig_t base_digits[MPZ_NUM_DIG_FOR_INT], exp_digits[MPZ_NUM_DIG_FOR_INT],
        mod_digits[MPZ_NUM_DIG_FOR_INT];
    const mpz_t *base = int_as_mpz(base_in, &base_fixed, base_digits);
    const mpz_t *exp = int_as_mpz(exp_in, &exp_fixed, exp_digits);
    const mpz_t *mod = int_as_mpz(mod_in, &mod_fixed, mod_digits);
    uint8_t base_bytes[MODEXP_BYTES], mod_bytes[MODEXP_BYTES], out[MODEXP_BYTES];
    if (!to_bytes(mod, mod_bytes)) {
        mp_raise_ValueError(MP_ERROR_TEXT("bigmod.pow: mod >= 2**256"));
    }
    if (!to_bytes(base, base_bytes)) {
        mp_raise_ValueError(MP_ERROR_TEXT("bigmod.pow: base >= mod"));
    }
    switch (modexp_pow(out, base_bytes, (const uint8_t *)exp->dig, exp->len * sizeof(mpz_dig_t), mod_bytes)) {
        case MODEXP_BAD_MODULUS:
            mp_raise_ValueError(MP_ERROR_TEXT("bigmod.pow: mod even or below 3"));
        case MODEXP_BASE_TOO_BIG:
            mp_raise_ValueError(MP_ERROR_TEXT("bigmod.pow: base >= mod"));
    }
    // a result that fits a machine word becomes a small int where it can, as int.from_bytes does
    size_t used = MODEXP_BYTES;
    while (used > 0 && out[used - 1] == 0) {
        --used;
    }
    if (used <= sizeof(mp_uint_t)) {
        mp_uint_t value = 0;
        for (size_t j = used; j > 0; --j) {
            value = value << 8 | out[j - 1];
        }
        return mp_obj_new_int_from_uint(value);
    }
    return mp_obj_int_from_bytes_impl(false, used, out);
}
static MP_DEFINE_CONST_FUN_OBJ_3(bigmod_pow_obj, bigmod_pow);

static mp_obj_t bigmod_jacobi(mp_obj_t value_in, mp_obj_t mod_in) {
    mpz_t value_fixed, mod_fixed;
    mpz_dig_t value_digits[MPZ_NUM_DIG_FOR_INT], mod_digits[MPZ_NUM_DIG_FOR_INT];
    const mpz_t *value = int_as_mpz(value_in, &value_fixed, value_digits);
    const mpz_t *mod = int_as_mpz(mod_in, &mod_fixed, mod_digits);
    uint8_t value_bytes[MODEXP_BYTES], mod_bytes[MODEXP_BYTES];
    if (!to_bytes(mod, mod_bytes)) {
        mp_raise_ValueError(MP_ERROR_TEXT("bigmod.jacobi: mod >= 2**256"));
    }
    if (!to_bytes(value, value_bytes)) {
        mp_raise_ValueError(MP_ERROR_TEXT("bigmod.jacobi: value >= mod"));
    }
    int symbol = 0;
    switch (modexp_jacobi(&symbol, value_bytes, mod_bytes)) {
        case MODEXP_BAD_MODULUS:
            mp_raise_ValueError(MP_ERROR_TEXT("bigmod.jacobi: mod even or below 3"));
        case MODEXP_BASE_TOO_BIG:
            mp_raise_ValueError(MP_ERROR_TEXT("bigmod.jacobi: value >= mod"));
    }
    return MP_OBJ_NEW_SMALL_INT(symbol);
}
static MP_DEFINE_CONST_FUN_OBJ_2(bigmod_jacobi_obj, bigmod_jacobi);

static const mp_rom_map_elem_t bigmod_module_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_bigmod) },
    { MP_ROM_QSTR(MP_QSTR_pow), MP_ROM_PTR(&bigmod_pow_obj) },
    { MP_ROM_QSTR(MP_QSTR_jacobi), MP_ROM_PTR(&bigmod_jacobi_obj) },
};
static MP_DEFINE_CONST_DICT(bigmod_module_globals, bigmod_module_globals_table);

const mp_obj_module_t bigmod_user_cmodule = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&bigmod_module_globals,
};

MP_REGISTER_MODULE(MP_QSTR_bigmod, bigmod_user_cmodule);
