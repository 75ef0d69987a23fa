/* bits.h — packed bit arrays stored in 64-bit words, bit i at word i/64, bit i%64.
 * Serialised little-endian byte by byte this is "bit i = bit i%8 of byte i/8". */
#ifndef AMZ_CORE_BITS_H
#define AMZ_CORE_BITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

static inline bool bits_get(const uint64_t *w, uint64_t i)
{
    return (w[i >> 6] >> (i & 63)) & 1u;
}

static inline void bits_set(uint64_t *w, uint64_t i)
{
    w[i >> 6] |= (uint64_t)1 << (i & 63);
}

static inline void bits_clear(uint64_t *w, uint64_t i)
{
    w[i >> 6] &= ~((uint64_t)1 << (i & 63));
}

static inline void bits_put(uint64_t *w, uint64_t i, bool v)
{
    if (v)
        bits_set(w, i);
    else
        bits_clear(w, i);
}

/* The `n`-bit field (1 <= n <= 32) starting at bit i; may straddle two words. */
static inline uint32_t bits_field(const uint64_t *w, uint64_t i, unsigned n)
{
    uint64_t word = i >> 6;
    unsigned off = (unsigned)(i & 63);
    uint64_t v = w[word] >> off;
    if (off + n > 64)
        v |= w[word + 1] << (64 - off);
    return (uint32_t)(v & (((uint64_t)1 << n) - 1));
}

/* Stores the low `n` bits of v (1 <= n <= 32) at bit i. */
static inline void bits_set_field(uint64_t *w, uint64_t i, unsigned n, uint32_t v)
{
    uint64_t word = i >> 6;
    unsigned off = (unsigned)(i & 63);
    uint64_t mask = ((uint64_t)1 << n) - 1;
    w[word] = (w[word] & ~(mask << off)) | (((uint64_t)v & mask) << off);
    if (off + n > 64) {
        unsigned spill = 64 - off;
        /* spill is 1..31 here (off > 32 because n <= 32); & 63 states it for analysers */
        w[word + 1] = (w[word + 1] & ~(mask >> (spill & 63))) | (((uint64_t)v & mask) >> (spill & 63));
    }
}

/* Number of 64-bit words holding `nbits` bits. */
static inline uint64_t bits_words(uint64_t nbits)
{
    return (nbits + 63) / 64;
}

/* ORs the 64 bits of v into bit array a at bit `pos` (no-op for v == 0). */
static inline void bits_or64(uint64_t *a, uint64_t pos, uint64_t v)
{
    if (!v)
        return;
    unsigned s = (unsigned)(pos & 63);
    a[pos >> 6] |= v << s;
    if (s && (v >> (64 - s)))
        a[(pos >> 6) + 1] |= v >> (64 - s);
}

/* Spreads the low 32 bits of x to the even bit positions of a 64-bit word. */
static inline uint64_t bits_spread32(uint64_t x)
{
    x &= 0xffffffffu;
    x = (x | x << 16) & 0x0000ffff0000ffffu;
    x = (x | x << 8) & 0x00ff00ff00ff00ffu;
    x = (x | x << 4) & 0x0f0f0f0f0f0f0f0fu;
    x = (x | x << 2) & 0x3333333333333333u;
    x = (x | x << 1) & 0x5555555555555555u;
    return x;
}

#endif
