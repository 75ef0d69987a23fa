/* checked.h — overflow-checked size arithmetic. Every size computed from user input
 * goes through these: a size that does not fit is refused, never wrapped. */
#ifndef AMZ_CORE_CHECKED_H
#define AMZ_CORE_CHECKED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* *out = a * b; false (and *out untouched) on overflow. */
static inline bool ck_mul_u64(uint64_t a, uint64_t b, uint64_t *out)
{
    if (a && b > UINT64_MAX / a)
        return false;
    *out = a * b;
    return true;
}

static inline bool ck_add_u64(uint64_t a, uint64_t b, uint64_t *out)
{
    if (b > UINT64_MAX - a)
        return false;
    *out = a + b;
    return true;
}

/* Bytes needed for `count` items of `bits` bits each, rounded up to whole 64-bit words;
 * false if that does not fit in size_t. */
static inline bool ck_bits_to_bytes(uint64_t count, unsigned bits, size_t *out)
{
    uint64_t total;
    if (!ck_mul_u64(count, bits, &total) || !ck_add_u64(total, 63, &total))
        return false;
    uint64_t bytes = (total / 64) * 8;
    if (bytes > SIZE_MAX)
        return false;
    *out = (size_t)bytes;
    return true;
}

/* *out = count * size as size_t; false on overflow. */
static inline bool ck_array_bytes(uint64_t count, size_t size, size_t *out)
{
    uint64_t total;
    if (!ck_mul_u64(count, size, &total) || total > SIZE_MAX)
        return false;
    *out = (size_t)total;
    return true;
}

#endif
