/* amaze/rng.h — the seeded random number generator behind every random choice.
 *
 * Determinism is part of the API: the same seed gives the same sequence on every
 * machine and compiler, so the same library version, seed and options give the same
 * maze. The algorithm is fixed and specified here bit for bit:
 *
 *   generator   xoshiro256** 1.0 (Blackman & Vigna, 2018), state s[0..3] of 64 bits
 *   seeding     s[i] = splitmix64(x) for i = 0..3, x starting at the 64-bit seed, where
 *               splitmix64: x += 0x9e3779b97f4a7c15; z = x;
 *                           z = (z ^ z>>30) * 0xbf58476d1ce4e5b9;
 *                           z = (z ^ z>>27) * 0x94d049bb133111eb; return z ^ z>>31
 *   next        r = rotl(s1 * 5, 7) * 9; t = s1 << 17; s2 ^= s0; s3 ^= s1;
 *               s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = rotl(s3, 45); return r
 *   below(n)    Lemire's multiply-shift with rejection, on the high 32 bits of next():
 *               x = next() >> 32; m = x * n; if (uint32)m < n, reject while
 *               (uint32)m < (2^32 - n) mod n; result m >> 32. Unbiased.
 *   below64(n)  masked rejection: draw next() & (2^k - 1) with 2^k the smallest
 *               power of two >= n until the value is < n. Unbiased.
 *   unit()      (next() >> 11) * 2^-53, uniform in [0, 1).
 *
 * Not for cryptography. An amz_rng is a plain value: copy it to fork a stream. */
#ifndef AMAZE_RNG_H
#define AMAZE_RNG_H

#include <stdint.h>

#include "amaze/export.h"

typedef struct amz_rng {
    uint64_t s[4];
} amz_rng;

/* Seeds `rng` from any 64-bit value (0 included). O(1). */
AMZ_API void amz_rng_seed(amz_rng *rng, uint64_t seed);

/* The next 64 uniformly random bits. */
AMZ_API uint64_t amz_rng_next(amz_rng *rng);

/* A uniform integer in [0, n) for 1 <= n <= 2^32 - 1; returns 0 when n <= 1. */
AMZ_API uint32_t amz_rng_below(amz_rng *rng, uint32_t n);

/* A uniform integer in [0, n) for any n >= 1; returns 0 when n <= 1. */
AMZ_API uint64_t amz_rng_below64(amz_rng *rng, uint64_t n);

/* A uniform double in [0, 1) with 53 random bits. */
AMZ_API double amz_rng_unit(amz_rng *rng);

/* The splitmix64 step used for seeding, exposed so that derived seeds (one per
 * island, per round, per thread) are computed the same way by everyone. */
AMZ_API uint64_t amz_rng_splitmix64(uint64_t *state);

#endif
