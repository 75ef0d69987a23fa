/* rng_inline.h — inline copies of the hot RNG steps for algorithm inner loops.
 * Identical in output to amz_rng_next / amz_rng_below (tests check it). */
#ifndef AMZ_CORE_RNG_INLINE_H
#define AMZ_CORE_RNG_INLINE_H

#include <stdint.h>

#include "amaze/rng.h"

static inline uint64_t rng_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next(amz_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rng_rotl(s[3], 45);
    return result;
}

/* A 64-bit draw as a double in [0, 1): its top 53 bits times 2^-53 (amz_rng_unit's
 * rule, for a draw whose low bits serve something else too). */
static inline double rng_unit_of(uint64_t r)
{
    return (double)(r >> 11) * 0x1.0p-53;
}

static inline uint32_t rng_below(amz_rng *r, uint32_t n)
{
    if (n <= 1)
        return 0;
    uint64_t m = (rng_next(r) >> 32) * (uint64_t)n;
    uint32_t l = (uint32_t)m;
    if (l < n) {
        uint32_t t = (uint32_t)(-n) % n; /* (2^32 - n) mod n */
        while (l < t) {
            m = (rng_next(r) >> 32) * (uint64_t)n;
            l = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* rng_below for 1 <= n <= 2^32-1 without the n <= 1 shortcut: hot loops call it
 * unconditionally to avoid a hard-to-predict branch (n = 1 still consumes one draw).
 * Same unbiased algorithm as amz_rng_below. */
static inline uint32_t rng_below_nz(amz_rng *r, uint32_t n)
{
    uint64_t m = (rng_next(r) >> 32) * (uint64_t)n;
    uint32_t l = (uint32_t)m;
    if (__builtin_expect(l < n, 0)) {
        uint32_t t = (uint32_t)(-n) % n;
        while (l < t) {
            m = (rng_next(r) >> 32) * (uint64_t)n;
            l = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

#endif
