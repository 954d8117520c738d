// Modular exponentiation for moduli below 2^256 (Montgomery, 8 limbs of 32 bits), in plain C:
// no MicroPython, no heap. bigmod.c wraps it for MicroPython; tests/test_bigmod.py compiles
// this file for the host and checks it against Python's pow().
#ifndef BURAKO_MODEXP_H
#define BURAKO_MODEXP_H

#include <stddef.h>
#include <stdint.h>

#define MODEXP_BYTES (32)

// what modexp_pow says of its arguments
#define MODEXP_OK (0)
#define MODEXP_BAD_MODULUS (1)      // even, or below 3
#define MODEXP_BASE_TOO_BIG (2)     // base >= modulus

// result = base ^ exponent mod modulus. base, modulus and result are MODEXP_BYTES bytes,
// little-endian; the exponent is exponent_len bytes, little-endian, of any length (0: 1).
// Needs 3 <= modulus odd and base < modulus, else returns an error and leaves result alone.
// Not constant-time: its time follows the exponent's bits (docs/vpico.md "bigmod").
int modexp_pow(uint8_t *result, const uint8_t *base, const uint8_t *exponent, size_t exponent_len,
    const uint8_t *modulus);

// *symbol = the Jacobi symbol (value / modulus): 1, -1, or 0 where they share a factor; for a
// prime modulus, 1 says value is a nonzero square. Same arguments' limits as modexp_pow (a
// value below the modulus, an odd modulus of at least 3), same errors; a few hundred
// shifts and subtractions where Euler's criterion takes a full exponentiation.
int modexp_jacobi(int *symbol, const uint8_t *value, const uint8_t *modulus);

#endif // BURAKO_MODEXP_H
