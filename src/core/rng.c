/* rng.c — xoshiro256** seeded by splitmix64, and unbiased bounded draws.
 * Sources: D. Blackman, S. Vigna, "Scrambled linear pseudorandom number generators",
 * ACM TOMS 2021; D. Lemire, "Fast random integer generation in an interval", TOMACS 2019.
 * The exact algorithm is part of the API and specified in include/amaze/rng.h. */
#include "amaze/rng.h"

#include "core/rng_inline.h"

/* splitmix64 (Steele, Lea, Flood, "Fast splittable pseudorandom number generators",
 * OOPSLA 2014; constants as in Vigna's reference code): the state is a Weyl sequence,
 * the output a mixed copy, so every 64-bit seed gives a distinct, well-spread stream. */
uint64_t amz_rng_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

void amz_rng_seed(amz_rng *rng, uint64_t seed)
{
    /* Seeding through splitmix64, as Blackman and Vigna advise: it never yields the
     * all-zero state xoshiro cannot leave, and close seeds (0, 1, 2) give unrelated
     * streams. Changing this changes every seeded output (the golden hashes). */
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        rng->s[i] = amz_rng_splitmix64(&x);
}

/* The exported functions wrap the inline versions of core/rng_inline.h, which the
 * library's own hot loops call directly; both draw the same sequence. */
uint64_t amz_rng_next(amz_rng *rng)
{
    return rng_next(rng);
}

uint32_t amz_rng_below(amz_rng *rng, uint32_t n)
{
    return rng_below(rng, n);
}

uint64_t amz_rng_below64(amz_rng *rng, uint64_t n)
{
    if (n <= 1)
        return 0;
    /* Smallest all-ones mask covering n - 1; rejection keeps the draw unbiased and
     * needs on average fewer than two draws. */
    uint64_t mask = n - 1;
    mask |= mask >> 1;
    mask |= mask >> 2;
    mask |= mask >> 4;
    mask |= mask >> 8;
    mask |= mask >> 16;
    mask |= mask >> 32;
    uint64_t x;
    do
        x = rng_next(rng) & mask;
    while (x >= n);
    return x;
}

double amz_rng_unit(amz_rng *rng)
{
    /* The top 53 bits (xoshiro256**'s best) times 2^-53: uniform on the 2^53 doubles
     * k / 2^53 of [0, 1), never 1.0. */
    return rng_unit_of(rng_next(rng));
}
