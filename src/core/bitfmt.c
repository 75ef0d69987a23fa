/* bitfmt.c — bit-field formats: declaration (table or text), pack, unpack, get, set.
 * After the binary-format library of the article "Binary in Javascript" (danthedev,
 * 2015), done with shifts and masks on integers instead of binary strings, which makes
 * the article's zero-padding bug (short binary strings glued together) impossible. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "amaze/bitfmt.h"
#include "core/error.h"

/* Mask of the low n bits, 1 <= n <= 64 (a shift by 64 would be undefined). */
static uint64_t low_mask(unsigned n)
{
    return ~(uint64_t)0 >> (64 - n);
}

/* A field name is a C-like identifier of ASCII letters, digits and '_': names appear
 * in the text form "name:bits,..." and in file headers, so they must not contain the
 * separators ':' or ',' nor bytes whose meaning depends on the locale. */
static bool valid_name(const char *s, size_t len)
{
    if (len == 0 || len > AMZ_BITFMT_NAME_MAX || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
        return false;
    for (size_t i = 0; i < len; i++)
        if (!(isalnum((unsigned char)s[i]) || s[i] == '_') || (unsigned char)s[i] >= 0x80)
            return false;
    return true;
}

amz_status amz_bitfmt_init(amz_bitfmt *f, const amz_bitfmt_field *fields, unsigned n, unsigned word_bits,
                           amz_error *err)
{
    memset(f, 0, sizeof *f);
    if (!fields || n == 0)
        return amz_errorf(err, AMZ_EINVAL, "a format needs at least one field");
    if (n > AMZ_BITFMT_MAX_FIELDS)
        return amz_errorf(err, AMZ_EINVAL, "%u fields, more than the %d a 64-bit word can hold", n,
                          AMZ_BITFMT_MAX_FIELDS);
    if (word_bits != 0 && word_bits != 8 && word_bits != 16 && word_bits != 32 && word_bits != 64)
        return amz_errorf(err, AMZ_EINVAL, "word size %u: expected 8, 16, 32 or 64 bits", word_bits);
    unsigned total = 0;
    for (unsigned i = 0; i < n; i++) {
        const char *name = fields[i].name;
        if (!name || !valid_name(name, strlen(name)))
            return amz_errorf(err, AMZ_EINVAL,
                              "field %u: name '%s' must be 1 to %d letters, digits or '_', not starting with a digit",
                              i + 1, name ? name : "(null)", AMZ_BITFMT_NAME_MAX);
        for (unsigned j = 0; j < i; j++)
            if (strcmp(fields[j].name, name) == 0)
                return amz_errorf(err, AMZ_EINVAL, "field '%s' is declared twice", name);
        if (fields[i].bits < 1 || fields[i].bits > 64)
            return amz_errorf(err, AMZ_ERANGE, "field '%s' has %u bits (1 to 64 allowed)", name, fields[i].bits);
        total += fields[i].bits; /* <= 64 * 64, no overflow */
    }
    /* word_bits 0 asks for the smallest word that holds all fields. */
    unsigned word = word_bits ? word_bits : total <= 8 ? 8 : total <= 16 ? 16 : total <= 32 ? 32 : 64;
    if (total > 64 || total > word) {
        amz_status st =
            total > 64 ? amz_errorf(err, AMZ_ERANGE, "fields need %u bits, more than 64", total)
                       : amz_errorf(err, AMZ_ERANGE, "fields need %u bits, more than the %u-bit word", total, word);
        return st;
    }
    f->nfields = n;
    f->total_bits = total;
    f->word_bits = word;
    /* First field most significant: walk from the last field up. */
    /* So the text form reads like the word written in binary, left to right; the last
     * field gets shift 0. Invariant after this: shift[i] + bits[i] <= total_bits. */
    unsigned shift = 0;
    for (unsigned i = n; i-- > 0;) {
        f->bits[i] = (uint8_t)fields[i].bits;
        f->shift[i] = (uint8_t)shift;
        shift += fields[i].bits;
        memcpy(f->names[i], fields[i].name, strlen(fields[i].name) + 1);
    }
    return AMZ_OK;
}

static const char *skip_space(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

amz_status amz_bitfmt_parse(amz_bitfmt *f, const char *spec, unsigned word_bits, amz_error *err)
{
    memset(f, 0, sizeof *f);
    if (!spec)
        return amz_errorf(err, AMZ_EINVAL, "no format given");
    /* The fields point into this local name table; amz_bitfmt_init copies the names
     * into f, so nothing here outlives the call. */
    char names[AMZ_BITFMT_MAX_FIELDS][AMZ_BITFMT_NAME_MAX + 1];
    amz_bitfmt_field fields[AMZ_BITFMT_MAX_FIELDS];
    unsigned n = 0;
    const char *p = spec;
    for (;;) {
        p = skip_space(p);
        const char *name = p;
        while (isalnum((unsigned char)*p) || *p == '_')
            p++;
        size_t len = (size_t)(p - name);
        if (!valid_name(name, len))
            return amz_errorf(err, AMZ_EFORMAT, "format '%s', at character %zu: expected a field name", spec,
                              (size_t)(name - spec) + 1);
        p = skip_space(p);
        if (*p != ':')
            return amz_errorf(err, AMZ_EFORMAT, "format '%s', at character %zu: expected ':' after '%.*s'", spec,
                              (size_t)(p - spec) + 1, (int)len, name);
        p = skip_space(p + 1);
        unsigned bits = 0;
        if (!isdigit((unsigned char)*p))
            return amz_errorf(err, AMZ_EFORMAT, "format '%s', at character %zu: expected the width of '%.*s'", spec,
                              (size_t)(p - spec) + 1, (int)len, name);
        while (isdigit((unsigned char)*p)) {
            /* Saturate instead of overflowing on "a:99999999999"; anything >= 1000 is
             * refused by init's 1..64 check with the field's name in the message. */
            if (bits < 1000)
                bits = bits * 10 + (unsigned)(*p - '0');
            p++;
        }
        if (n == AMZ_BITFMT_MAX_FIELDS)
            return amz_errorf(err, AMZ_EINVAL, "format '%s' has more than %d fields", spec, AMZ_BITFMT_MAX_FIELDS);
        memcpy(names[n], name, len);
        names[n][len] = '\0';
        fields[n].name = names[n];
        fields[n].bits = bits;
        n++;
        p = skip_space(p);
        if (*p == '\0')
            break;
        if (*p != ',')
            return amz_errorf(err, AMZ_EFORMAT, "format '%s', at character %zu: expected ',' or the end", spec,
                              (size_t)(p - spec) + 1);
        p++;
    }
    return amz_bitfmt_init(f, fields, n, word_bits, err);
}

/* snprintf-like: writes what fits (always NUL-terminated when cap > 0) and returns the
 * length the whole text needs, so a caller can size a buffer with a first call. */
size_t amz_bitfmt_describe(const amz_bitfmt *f, char *buf, size_t cap)
{
    size_t need = 0;
    if (cap)
        buf[0] = '\0';
    for (unsigned i = 0; i < f->nfields; i++) {
        char part[AMZ_BITFMT_NAME_MAX + 8];
        int k = snprintf(part, sizeof part, "%s%s:%u", i ? "," : "", f->names[i], f->bits[i]);
        size_t len = k > 0 ? (size_t)k : 0;
        if (need + len < cap)
            memcpy(buf + need, part, len + 1);
        else if (need < cap) {
            memcpy(buf + need, part, cap - 1 - need);
            buf[cap - 1] = '\0';
        }
        need += len;
    }
    return need;
}

bool amz_bitfmt_equal(const amz_bitfmt *a, const amz_bitfmt *b)
{
    /* Shifts and total_bits follow from the widths, so comparing names, widths and the
     * word size is enough. */
    if (a->nfields != b->nfields || a->word_bits != b->word_bits)
        return false;
    for (unsigned i = 0; i < a->nfields; i++)
        if (a->bits[i] != b->bits[i] || strcmp(a->names[i], b->names[i]) != 0)
            return false;
    return true;
}

int amz_bitfmt_find(const amz_bitfmt *f, const char *name)
{
    if (!name)
        return -1;
    for (unsigned i = 0; i < f->nfields; i++)
        if (strcmp(f->names[i], name) == 0)
            return (int)i;
    return -1;
}

uint64_t amz_bitfmt_max(const amz_bitfmt *f, unsigned field)
{
    return field < f->nfields ? low_mask(f->bits[field]) : 0;
}

amz_status amz_bitfmt_pack(const amz_bitfmt *f, const uint64_t *values, uint64_t *word, amz_error *err)
{
    /* All or nothing: *word is written only once every value has been checked. */
    uint64_t w = 0;
    for (unsigned i = 0; i < f->nfields; i++) {
        if (values[i] > low_mask(f->bits[i]))
            return amz_errorf(err, AMZ_ERANGE, "%s = %llu does not fit in %u bit%s (at most %llu)", f->names[i],
                              (unsigned long long)values[i], f->bits[i], f->bits[i] == 1 ? "" : "s",
                              (unsigned long long)low_mask(f->bits[i]));
        w |= values[i] << f->shift[i];
    }
    *word = w;
    return AMZ_OK;
}

amz_status amz_bitfmt_unpack(const amz_bitfmt *f, uint64_t word, uint64_t *values, amz_error *err)
{
    if (f->total_bits < 64 && (word >> f->total_bits) != 0)
        return amz_errorf(err, AMZ_ERANGE, "word 0x%llx has bits above the %u bits of its format",
                          (unsigned long long)word, f->total_bits);
    for (unsigned i = 0; i < f->nfields; i++)
        values[i] = (word >> f->shift[i]) & low_mask(f->bits[i]);
    return AMZ_OK;
}

uint64_t amz_bitfmt_get(const amz_bitfmt *f, uint64_t word, unsigned field)
{
    if (field >= f->nfields)
        return 0;
    return (word >> f->shift[field]) & low_mask(f->bits[field]);
}

amz_status amz_bitfmt_set(const amz_bitfmt *f, uint64_t *word, unsigned field, uint64_t value, amz_error *err)
{
    if (field >= f->nfields)
        return amz_errorf(err, AMZ_EINVAL, "field index %u: the format has %u fields", field, f->nfields);
    uint64_t m = low_mask(f->bits[field]);
    if (value > m)
        return amz_errorf(err, AMZ_ERANGE, "%s = %llu does not fit in %u bit%s (at most %llu)", f->names[field],
                          (unsigned long long)value, f->bits[field], f->bits[field] == 1 ? "" : "s",
                          (unsigned long long)m);
    /* Clear the field's bits, then or in the value; the other fields are kept. */
    *word = (*word & ~(m << f->shift[field])) | (value << f->shift[field]);
    return AMZ_OK;
}
