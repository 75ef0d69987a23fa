/* bitfmt_array.c — packed arrays: N words of 8, 16, 32 or 64 bits in one allocation,
 * each word a value of a bit-field format, with checked per-element field access.
 * Words are native-endian in memory (plain C arrays); files are little-endian. */
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/bitfmt.h"
#include "core/checked.h"
#include "core/error.h"

/* Mask of the low n bits, 1 <= n <= 64 (formats never have a 0-bit field). */
static uint64_t low_mask(unsigned n)
{
    return ~(uint64_t)0 >> (64 - n);
}

/* Word i, widened; the caller has checked i < count. word_bits is one of 8, 16, 32,
 * 64 (amz_bitfmt_init refuses others), so the default case is the 64-bit one. */
static uint64_t load(const amz_packed *a, uint64_t i)
{
    switch (a->fmt.word_bits) {
    case 8: return ((const uint8_t *)a->data)[i];
    case 16: return ((const uint16_t *)a->data)[i];
    case 32: return ((const uint32_t *)a->data)[i];
    default: return ((const uint64_t *)a->data)[i];
    }
}

/* The caller has checked that w fits the word size (no bit above total_bits). */
static void store(amz_packed *a, uint64_t i, uint64_t w)
{
    switch (a->fmt.word_bits) {
    case 8: ((uint8_t *)a->data)[i] = (uint8_t)w; break;
    case 16: ((uint16_t *)a->data)[i] = (uint16_t)w; break;
    case 32: ((uint32_t *)a->data)[i] = (uint32_t)w; break;
    default: ((uint64_t *)a->data)[i] = w; break;
    }
}

amz_status amz_packed_init(amz_packed *a, const amz_bitfmt *f, uint64_t count, amz_error *err)
{
    /* Zeroed first, so that on every error path *a is an empty array that
     * amz_packed_deinit accepts. */
    memset(a, 0, sizeof *a);
    if (f->nfields == 0 || f->word_bits == 0)
        return amz_errorf(err, AMZ_EINVAL, "packed array: the format was not declared");
    size_t bytes;
    if (!ck_array_bytes(count, f->word_bits / 8, &bytes))
        return amz_errorf(err, AMZ_ENOMEM, "packed array of %llu %u-bit words is too large for memory",
                          (unsigned long long)count, f->word_bits);
    /* count == 0 is a valid empty array with data NULL; calloc so that every element
     * starts as the all-zero word, which every format can hold. */
    if (bytes && !(a->data = amz_calloc(bytes, 1)))
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate %zu bytes for %llu %u-bit words", bytes,
                          (unsigned long long)count, f->word_bits);
    a->fmt = *f;
    a->count = count;
    return AMZ_OK;
}

void amz_packed_deinit(amz_packed *a)
{
    if (!a)
        return;
    amz_free(a->data);
    memset(a, 0, sizeof *a);
}

uint64_t amz_packed_bytes(const amz_packed *a)
{
    /* Cannot overflow: amz_packed_init checked count * word bytes. */
    return a->count * (a->fmt.word_bits / 8);
}

uint64_t amz_packed_word(const amz_packed *a, uint64_t i)
{
    /* Out of range reads 0, as amz_bitfmt_get does for a field past the last. */
    return i < a->count ? load(a, i) : 0;
}

amz_status amz_packed_set_word(amz_packed *a, uint64_t i, uint64_t word, amz_error *err)
{
    if (i >= a->count)
        return amz_errorf(err, AMZ_ERANGE, "element %llu is past the end of the %llu-element array",
                          (unsigned long long)i, (unsigned long long)a->count);
    /* Bits above total_bits would be lost by a narrow store or read back as garbage
     * fields, so such a word is refused rather than truncated. */
    if (a->fmt.total_bits < 64 && (word >> a->fmt.total_bits) != 0)
        return amz_errorf(err, AMZ_ERANGE, "word 0x%llx has bits above the %u bits of its format",
                          (unsigned long long)word, a->fmt.total_bits);
    store(a, i, word);
    return AMZ_OK;
}

uint64_t amz_packed_get(const amz_packed *a, uint64_t i, unsigned field)
{
    if (i >= a->count || field >= a->fmt.nfields)
        return 0;
    return (load(a, i) >> a->fmt.shift[field]) & low_mask(a->fmt.bits[field]);
}

amz_status amz_packed_set(amz_packed *a, uint64_t i, unsigned field, uint64_t value, amz_error *err)
{
    if (i >= a->count)
        return amz_errorf(err, AMZ_ERANGE, "element %llu is past the end of the %llu-element array",
                          (unsigned long long)i, (unsigned long long)a->count);
    /* Read-modify-write through the word format's own setter, which range-checks the
     * value; the element is unchanged on an error. */
    uint64_t w = load(a, i);
    amz_status st = amz_bitfmt_set(&a->fmt, &w, field, value, err);
    if (st == AMZ_OK)
        store(a, i, w);
    return st;
}
