// Modular exponentiation below 2^256: Montgomery multiplication on 8 limbs of 32 bits
// (operand scanning, the reduction separated so that squarings take the cheaper square),
// a sliding window of 4 bits over the exponent. See modexp.h.
//
// Montgomery form: x is held as x*R mod m, R = 2^256. mont_mul(a, b) = a*b/R mod m, so the
// product of two numbers in that form stays in it, and no step divides by m.
//
// Written for the Cortex-M0+ first: 32-bit arithmetic only outside the inner row (gcc keeps a
// 64-bit value there in two registers at best, on the stack at worst).
#include <string.h>

#include "modexp.h"

#define LIMBS (8)
#define WINDOW_BITS (4)
#define ODD_POWERS (1 << (WINDOW_BITS - 1))    // base^1, base^3 .. base^15

// The inner row, two ways. The Cortex-M0+ (RP2040, ARMv6-M) has only a 32x32->32 multiply: a
// 64-bit product in C calls __aeabi_lmul (64x64 bits, a call a product) and gcc keeps the sums
// on the stack; the row in Thumb-1 assembly below makes each product from four 16x16
// multiplies in registers. Measured on the virtual Pico, a 256-bit exponent modulo the
// hidden hands' P: the plain C row (MODEXP_PLAIN_C, __aeabi_lmul) 18.1 ms, this one 10.9 ms; a
// C row on 16-bit halves was slower than __aeabi_lmul (docs/vpico.md "bigmod"). Cores with a
// 32x32->64 multiply (the RP2350's Cortex-M33, the host) take the plain C.
#if defined(__ARM_ARCH_6M__) && !defined(MODEXP_PLAIN_C)

// t[0..n) += a[0..n) * b; returns the carry out of t[n-1] (a limb). 1 <= n <= LIMBS.
// Eight blocks of 28 16-bit instructions, one a limb, unrolled; a shorter row jumps into the
// first block it needs, its pointers moved back so that each block's offsets still hold.
// In a block: r0 t, r1 a, r6 b's low 16 bits, r7 its high 16, r5 the carry limb; a limb
// x = x_hi:x_lo times b is p0 = x_lo*b_lo, p1 = x_lo*b_hi, p2 = x_hi*b_lo, p3 = x_hi*b_hi,
// x*b = p0 + (p1 + p2) << 16 + p3 << 32, the middle sum's own carry being worth 2^48.
__attribute__((naked, noinline))
static uint32_t add_mul_row(uint32_t *t, const uint32_t *a, int n, uint32_t b) {
    (void)t;
    (void)a;
    (void)n;
    (void)b;
    __asm__ volatile (
        ".syntax unified\n"         // gcc hands inline assembly to the assembler as divided
        "push  {r4, r5, r6, r7, lr}\n"
        "uxth  r6, r3\n"
        "lsrs  r7, r3, #16\n"
        "movs  r5, #0\n"
        "movs  r4, #8\n"
        "subs  r4, r4, r2\n"        // blocks to skip
        "lsls  r3, r4, #2\n"
        "subs  r0, r0, r3\n"
        "subs  r1, r1, r3\n"
        "movs  r3, #56\n"           // bytes a block
        "muls  r4, r3\n"
        "add   pc, r4\n"            // pc reads as this instruction + 4: the first block
        "nop\n"
        ".Lrow_blocks:\n"
        ".irp  offset, 0, 4, 8, 12, 16, 20, 24, 28\n"
        "ldr   r2, [r1, #\\offset]\n"   // x
        "lsrs  r3, r2, #16\n"
        "mov   ip, r3\n"            // x_hi, kept for p3
        "uxth  r2, r2\n"
        "movs  r4, r2\n"
        "muls  r2, r6\n"            // p0
        "muls  r4, r7\n"            // p1
        "muls  r3, r6\n"            // p2
        "adds  r2, r5\n"            // low = p0 + carry
        "movs  r5, #0\n"            // (an immediate move keeps the carry flag)
        "adcs  r5, r5\n"            // high = its carry
        "adds  r4, r3\n"            // middle = p1 + p2
        "bcc   2f\n"
        "movs  r3, #1\n"
        "lsls  r3, r3, #16\n"
        "adds  r5, r3\n"            // the middle's carry: high += 2^16
        "2:\n"
        "lsls  r3, r4, #16\n"
        "lsrs  r4, r4, #16\n"
        "adds  r2, r3\n"            // low += middle << 16
        "adcs  r5, r4\n"            // high += middle >> 16, and that carry
        "mov   r3, ip\n"
        "muls  r3, r7\n"            // p3
        "adds  r5, r3\n"            // high += p3 (x*b + t + carry < 2^64: no carry out)
        "ldr   r3, [r0, #\\offset]\n"
        "adds  r2, r3\n"            // low += t[j]
        "str   r2, [r0, #\\offset]\n"
        "movs  r3, #0\n"
        "adcs  r5, r3\n"            // carry limb = high + that carry
        ".endr\n"
        ".if . - .Lrow_blocks - 8 * 56\n"   // the jump above counts on it
        ".error \"add_mul_row: a block is not 56 bytes\"\n"
        ".endif\n"
        "movs  r0, r5\n"
        "pop   {r4, r5, r6, r7, pc}\n"
        );
}

#else

// t[0..n) += a[0..n) * b; returns the carry out of t[n-1] (a limb)
static uint32_t add_mul_row(uint32_t *t, const uint32_t *a, int n, uint32_t b) {
    uint32_t carry = 0;
    for (int j = 0; j < n; ++j) {
        uint64_t sum = (uint64_t)a[j] * b + t[j] + carry;   // at most 2^64 - 1
        t[j] = (uint32_t)sum;
        carry = (uint32_t)(sum >> 32);
    }
    return carry;
}

#endif

// a >= b, as numbers of LIMBS limbs
static int at_least(const uint32_t *a, const uint32_t *b) {
    for (int j = LIMBS - 1; j >= 0; --j) {
        if (a[j] != b[j]) {
            return a[j] > b[j];
        }
    }
    return 1;
}

// a -= b (mod 2^256)
static void subtract(uint32_t *a, const uint32_t *b) {
    uint32_t borrow = 0;
    for (int j = 0; j < LIMBS; ++j) {
        uint32_t x = a[j], y = b[j];
        uint32_t diff = x - y;
        uint32_t next = x < y;
        next |= diff < borrow;
        a[j] = diff - borrow;
        borrow = next;
    }
}

// result = t / R mod m, from t < m*R (t: 2*LIMBS limbs, destroyed). Each step adds the
// multiple of m that clears t's lowest remaining limb; what is left is below 2m.
static void reduce(uint32_t *result, uint32_t *t, const uint32_t *m, uint32_t m_inv) {
    uint32_t top = 0;   // the carry beyond t[2*LIMBS-1], 0 or 1
    for (int i = 0; i < LIMBS; ++i) {
        uint32_t carry = add_mul_row(t + i, m, LIMBS, t[i] * m_inv);
        uint32_t sum = t[i + LIMBS] + carry;
        uint32_t out = sum < carry;
        sum += top;
        out += sum < top;   // at most one of the two carries
        t[i + LIMBS] = sum;
        top = out;
    }
    if (top || at_least(t + LIMBS, m)) {
        subtract(t + LIMBS, m);
    }
    memcpy(result, t + LIMBS, LIMBS * sizeof(uint32_t));
}

// result = a * b / R mod m (a, b < m; result may be a or b)
static void mont_mul(uint32_t *result, const uint32_t *a, const uint32_t *b, const uint32_t *m,
    uint32_t m_inv) {
    uint32_t t[2 * LIMBS];
    memset(t, 0, sizeof(t));
    for (int i = 0; i < LIMBS; ++i) {
        // row i reaches t[i + LIMBS - 1]: t[i + LIMBS] is still 0
        t[i + LIMBS] = add_mul_row(t + i, a, LIMBS, b[i]);
    }
    reduce(result, t, m, m_inv);
}

// result = a * a / R mod m (a < m; result may be a): each cross product a[i]*a[j] once,
// doubled, plus the squares a[i]^2 (36 limb products instead of 64)
static void mont_square(uint32_t *result, const uint32_t *a, const uint32_t *m, uint32_t m_inv) {
    uint32_t t[2 * LIMBS];
    memset(t, 0, sizeof(t));
    for (int i = 0; i < LIMBS - 1; ++i) {
        t[i + LIMBS] = add_mul_row(t + 2 * i + 1, a + i + 1, LIMBS - 1 - i, a[i]);
    }
    // the cross products are below 2^511: doubled, no bit leaves t
    uint32_t shifted = 0, carry = 0;
    for (int i = 0; i < LIMBS; ++i) {
        uint32_t lo = t[2 * i], hi = t[2 * i + 1];
        uint32_t d_lo = lo << 1 | shifted, d_hi = hi << 1 | lo >> 31;
        shifted = hi >> 31;
        // a[i]^2 from 16-bit halves: x^2 = x_lo^2 + 2 x_lo x_hi 2^16 + x_hi^2 2^32
        uint32_t x_lo = a[i] & 0xffff, x_hi = a[i] >> 16;
        uint32_t cross = x_lo * x_hi;
        uint32_t s_lo = x_lo * x_lo, s_hi = x_hi * x_hi + (cross >> 15);
        uint32_t part = cross << 17;
        s_lo += part;
        s_hi += s_lo < part;
        // (d_hi:d_lo) += (s_hi:s_lo) + carry; each column carries at most one
        d_lo += s_lo;
        uint32_t out = d_lo < s_lo;
        d_lo += carry;
        out += d_lo < carry;
        d_hi += s_hi;
        carry = d_hi < s_hi;
        d_hi += out;
        carry += d_hi < out;
        t[2 * i] = d_lo;
        t[2 * i + 1] = d_hi;
    }
    reduce(result, t, m, m_inv);
}

// -m^-1 mod 2^32 (m odd), by Newton's iteration: each step doubles the bits that are right
static uint32_t negative_inverse(uint32_t m0) {
    uint32_t x = m0;    // right to 3 bits: m*m = 1 mod 8 for odd m
    for (int i = 0; i < 4; ++i) {
        x *= 2 - m0 * x;
    }
    return 0 - x;
}

// R^2 mod m, computed per call (no state shared between threads): 2^(256+32) mod m by
// doubling from the highest power of 2 below m (33 doublings for a 256-bit m), then three
// Montgomery squarings, each of which doubles the power above R: R*2^32 -> R*2^64 -> R*2^128
// -> R*2^256
static void r_squared(uint32_t *result, const uint32_t *m, uint32_t m_inv) {
    int top = LIMBS - 1;
    while (m[top] == 0) {
        --top;
    }
    int bit = 31;
    while (!(m[top] >> bit & 1)) {
        --bit;
    }
    memset(result, 0, LIMBS * sizeof(uint32_t));
    result[top] = (uint32_t)1 << bit;     // 2^(bits-1) < m: m is odd and above 2
    for (int n = 32 * LIMBS + 32 - (32 * top + bit); n > 0; --n) {
        uint32_t out = result[LIMBS - 1] >> 31;
        for (int j = LIMBS - 1; j > 0; --j) {
            result[j] = result[j] << 1 | result[j - 1] >> 31;
        }
        result[0] <<= 1;
        if (out || at_least(result, m)) {
            subtract(result, m);
        }
    }
    for (int n = 0; n < 3; ++n) {
        mont_square(result, result, m, m_inv);
    }
}

static void limbs_from_bytes(uint32_t *limbs, const uint8_t *bytes) {
    for (int j = 0; j < LIMBS; ++j) {
        const uint8_t *b = bytes + 4 * j;
        limbs[j] = b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    }
}

static void bytes_from_limbs(uint8_t *bytes, const uint32_t *limbs) {
    for (int j = 0; j < LIMBS; ++j) {
        for (int k = 0; k < 4; ++k) {
            bytes[4 * j + k] = (uint8_t)(limbs[j] >> (8 * k));
        }
    }
}

static int exponent_bit(const uint8_t *exponent, size_t i) {
    return exponent[i >> 3] >> (i & 7) & 1;
}

int modexp_pow(uint8_t *result, const uint8_t *base, const uint8_t *exponent, size_t exponent_len,
    const uint8_t *modulus) {
    uint32_t m[LIMBS], x[LIMBS], acc[LIMBS];
    limbs_from_bytes(m, modulus);
    limbs_from_bytes(x, base);
    uint32_t high = 0;
    for (int j = 1; j < LIMBS; ++j) {
        high |= m[j];
    }
    if (!(m[0] & 1) || (high == 0 && m[0] < 3)) {
        return MODEXP_BAD_MODULUS;
    }
    if (at_least(x, m)) {
        return MODEXP_BASE_TOO_BIG;
    }
    while (exponent_len > 0 && exponent[exponent_len - 1] == 0) {
        --exponent_len;
    }
    memset(acc, 0, sizeof(acc));
    if (exponent_len == 0) {
        acc[0] = 1;     // x^0 = 1, 0^0 included (Python's pow)
        bytes_from_limbs(result, acc);
        return MODEXP_OK;
    }
    uint32_t m_inv = negative_inverse(m[0]);
    uint32_t powers[ODD_POWERS][LIMBS];     // base^(2k+1), Montgomery form
    r_squared(acc, m, m_inv);
    mont_mul(powers[0], x, acc, m, m_inv);
    mont_square(acc, powers[0], m, m_inv);
    for (int k = 1; k < ODD_POWERS; ++k) {
        mont_mul(powers[k], powers[k - 1], acc, m, m_inv);
    }
    // left to right: a run of zeros squares; a window (at most WINDOW_BITS bits, from a 1 to a 1)
    // squares once a bit and multiplies once by its odd power
    size_t i = exponent_len * 8;
    while (!exponent_bit(exponent, i - 1)) {
        --i;
    }
    int started = 0;
    while (i > 0) {
        if (!exponent_bit(exponent, i - 1)) {
            mont_square(acc, acc, m, m_inv);
            --i;
            continue;
        }
        size_t low = i > WINDOW_BITS ? i - WINDOW_BITS : 0;
        while (!exponent_bit(exponent, low)) {
            ++low;
        }
        unsigned value = 0;
        for (size_t j = i; j > low; --j) {
            value = value << 1 | exponent_bit(exponent, j - 1);
            if (started) {
                mont_square(acc, acc, m, m_inv);
            }
        }
        if (started) {
            mont_mul(acc, acc, powers[value >> 1], m, m_inv);
        } else {
            memcpy(acc, powers[value >> 1], sizeof(acc));
            started = 1;
        }
        i = low;
    }
    // out of Montgomery form: acc / R, a reduction of acc alone
    uint32_t t[2 * LIMBS];
    memset(t, 0, sizeof(t));
    memcpy(t, acc, sizeof(acc));
    reduce(acc, t, m, m_inv);
    bytes_from_limbs(result, acc);
    return MODEXP_OK;
}

static int is_zero(const uint32_t *a) {
    uint32_t any = 0;
    for (int j = 0; j < LIMBS; ++j) {
        any |= a[j];
    }
    return any == 0;
}

static int is_one(const uint32_t *a) {
    uint32_t high = 0;
    for (int j = 1; j < LIMBS; ++j) {
        high |= a[j];
    }
    return a[0] == 1 && high == 0;
}

// a >>= 1
static void halve(uint32_t *a) {
    for (int j = 0; j < LIMBS - 1; ++j) {
        a[j] = a[j] >> 1 | a[j + 1] << 31;
    }
    a[LIMBS - 1] >>= 1;
}

int modexp_jacobi(int *symbol, const uint8_t *value, const uint8_t *modulus) {
    uint32_t a[LIMBS], n[LIMBS];
    limbs_from_bytes(n, modulus);
    limbs_from_bytes(a, value);
    uint32_t high = 0;
    for (int j = 1; j < LIMBS; ++j) {
        high |= n[j];
    }
    if (!(n[0] & 1) || (high == 0 && n[0] < 3)) {
        return MODEXP_BAD_MODULUS;
    }
    if (at_least(a, n)) {
        return MODEXP_BASE_TOO_BIG;
    }
    // the binary algorithm: halving a flips the sign where n = 3 or 5 mod 8 ((2/n)); swapping
    // two odd numbers flips it where both are 3 mod 4 (reciprocity); a - n keeps it
    int t = 1;
    while (!is_zero(a)) {
        while (!(a[0] & 1)) {
            halve(a);
            uint32_t r = n[0] & 7;
            if (r == 3 || r == 5) {
                t = -t;
            }
        }
        if (!at_least(a, n)) {
            uint32_t swap[LIMBS];
            memcpy(swap, a, sizeof(swap));
            memcpy(a, n, sizeof(swap));
            memcpy(n, swap, sizeof(swap));
            if ((a[0] & 3) == 3 && (n[0] & 3) == 3) {
                t = -t;
            }
        }
        subtract(a, n);
    }
    *symbol = is_one(n) ? t : 0;    // n ends as gcd(a, n): not 1, they share a factor
    return MODEXP_OK;
}
