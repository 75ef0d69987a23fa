/* test_bitfmt_props.c — bit-field formats over thousands of random formats and
 * values: pack equals an independent bit-by-bit reference (the article's "binary
 * string", done right), unpack inverts pack, get/set agree, values and formats that
 * do not fit are refused, and packed arrays behave exactly like a plain 2-D array of
 * values under random get/set sequences, in memory and through a file. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "amaze.h"

/* Test-side PRNG (not the library's), so test data does not depend on the code
 * under test. splitmix64. */
static uint64_t tr_state;
static uint64_t tr_next(void)
{
    uint64_t z = (tr_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static uint64_t tr_below(uint64_t n)
{
    return n ? tr_next() % n : 0;
}

typedef struct rand_fmt {
    amz_bitfmt_field fields[64];
    char names[64][8];
    unsigned n, total, word;
} rand_fmt;

/* A random format whose total fits `max_total` bits (1..64). */
static void random_format(rand_fmt *r, unsigned max_total)
{
    unsigned want = 1 + (unsigned)tr_below(max_total);
    r->n = 0;
    r->total = 0;
    while (r->total < want) {
        unsigned left = want - r->total, bits = 1 + (unsigned)tr_below(left < 20 ? left : 20);
        if (tr_below(4) == 0)
            bits = 1; /* plenty of 1-bit flags */
        snprintf(r->names[r->n], sizeof r->names[r->n], "f%u", r->n);
        r->fields[r->n].name = r->names[r->n];
        r->fields[r->n].bits = bits;
        r->n++;
        r->total += bits;
    }
    r->word = r->total <= 8 ? 8 : r->total <= 16 ? 16 : r->total <= 32 ? 32 : 64;
}

/* A value of `bits` bits, biased towards the edges (0, 1, max, short numbers). */
static uint64_t random_value(unsigned bits)
{
    uint64_t max = bits == 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1;
    switch (tr_below(5)) {
    case 0: return 0;
    case 1: return max;
    case 2: return tr_below(2) & max;
    case 3: return tr_next() & (max >> tr_below(bits)); /* short binary form */
    default: return tr_next() & max;
    }
}

/* Reference pack: write every field's bits MSB first into a bit string, then read the
 * string as a number. Knows nothing of shifts tables. */
static uint64_t reference_pack(const rand_fmt *r, const uint64_t *v)
{
    unsigned char bitstr[64];
    unsigned k = 0;
    for (unsigned i = 0; i < r->n; i++)
        for (unsigned b = r->fields[i].bits; b-- > 0;)
            bitstr[k++] = (unsigned char)((v[i] >> b) & 1u);
    uint64_t w = 0;
    for (unsigned i = 0; i < k; i++)
        w = (w << 1) | bitstr[i];
    return w;
}

static void test_pack_unpack_random(void **state)
{
    (void)state;
    tr_state = 1;
    for (int round = 0; round < 3000; round++) {
        rand_fmt r;
        random_format(&r, 64);
        amz_bitfmt f;
        assert_int_equal(amz_bitfmt_init(&f, r.fields, r.n, 0, NULL), AMZ_OK);
        assert_int_equal(f.total_bits, r.total);
        assert_int_equal(f.word_bits, r.word);
        for (int k = 0; k < 20; k++) {
            uint64_t v[64], back[64], w;
            for (unsigned i = 0; i < r.n; i++)
                v[i] = random_value(r.fields[i].bits);
            assert_int_equal(amz_bitfmt_pack(&f, v, &w, NULL), AMZ_OK);
            if (w != reference_pack(&r, v))
                fail_msg("round %d: pack gives %llx, reference %llx", round, (unsigned long long)w,
                         (unsigned long long)reference_pack(&r, v));
            assert_int_equal(amz_bitfmt_unpack(&f, w, back, NULL), AMZ_OK);
            assert_memory_equal(back, v, r.n * sizeof v[0]);
            for (unsigned i = 0; i < r.n; i++)
                assert_true(amz_bitfmt_get(&f, w, i) == v[i]);
            /* set one field: equals packing the changed values */
            unsigned i = (unsigned)tr_below(r.n);
            uint64_t nv = random_value(r.fields[i].bits), w2 = w;
            assert_int_equal(amz_bitfmt_set(&f, &w2, i, nv, NULL), AMZ_OK);
            v[i] = nv;
            assert_true(w2 == reference_pack(&r, v));
            /* a value one too big for a field is refused, word untouched */
            if (r.fields[i].bits < 64) {
                uint64_t w3 = w2, saved = v[i];
                v[i] = (uint64_t)1 << r.fields[i].bits;
                assert_int_equal(amz_bitfmt_pack(&f, v, &w3, NULL), AMZ_ERANGE);
                assert_int_equal(amz_bitfmt_set(&f, &w3, i, v[i], NULL), AMZ_ERANGE);
                assert_true(w3 == w2);
                v[i] = saved;
            }
        }
        /* A word with any bit above the format is not a word of it. */
        if (r.total < 64) {
            uint64_t bad = (uint64_t)1 << (r.total + tr_below(64 - r.total)), back[64];
            assert_int_equal(amz_bitfmt_unpack(&f, bad, back, NULL), AMZ_ERANGE);
        }
        /* Text round trip. */
        char text[64 * 12];
        amz_bitfmt_describe(&f, text, sizeof text);
        amz_bitfmt g;
        assert_int_equal(amz_bitfmt_parse(&g, text, f.word_bits, NULL), AMZ_OK);
        assert_true(amz_bitfmt_equal(&f, &g));
    }
}

static void test_overwide_refused(void **state)
{
    (void)state;
    tr_state = 2;
    static const unsigned words[] = {8, 16, 32, 64};
    for (int round = 0; round < 3000; round++) {
        rand_fmt r;
        random_format(&r, 64);
        unsigned word = words[tr_below(4)];
        amz_bitfmt f;
        amz_status st = amz_bitfmt_init(&f, r.fields, r.n, word, NULL);
        assert_int_equal(st, r.total <= word ? AMZ_OK : AMZ_ERANGE);
        /* Grow past 64 bits: always refused. */
        if (r.n < 64) {
            r.fields[r.n].name = "extra";
            r.fields[r.n].bits = 65 - r.total + (unsigned)tr_below(r.total);
            if (r.fields[r.n].bits <= 64)
                assert_int_equal(amz_bitfmt_init(&f, r.fields, r.n + 1, 0, NULL), AMZ_ERANGE);
        }
    }
}

/* Packed arrays against a plain values[count][nfields] reference under random
 * operations, for every word size. */
static void test_packed_array_vs_reference(void **state)
{
    (void)state;
    tr_state = 3;
    for (int round = 0; round < 200; round++) {
        rand_fmt r;
        static const unsigned caps[] = {8, 16, 32, 64};
        unsigned cap = caps[round % 4];
        random_format(&r, cap);
        amz_bitfmt f;
        assert_int_equal(amz_bitfmt_init(&f, r.fields, r.n, cap, NULL), AMZ_OK);
        uint64_t count = tr_below(round % 10 == 0 ? 3 : 3000);
        amz_packed a;
        assert_int_equal(amz_packed_init(&a, &f, count, NULL), AMZ_OK);
        assert_true(amz_packed_bytes(&a) == count * cap / 8);
        uint64_t *ref = calloc(count ? count * r.n : 1, sizeof *ref);
        assert_non_null(ref);
        for (int op = 0; op < 4000; op++) {
            uint64_t i = tr_below(count + 2);          /* sometimes past the end */
            unsigned fi = (unsigned)tr_below(r.n + 1); /* sometimes a bad field */
            switch (tr_below(3)) {
            case 0: { /* set one field */
                uint64_t v = random_value(fi < r.n ? r.fields[fi].bits : 8);
                amz_status st = amz_packed_set(&a, i, fi, v, NULL);
                if (i >= count)
                    assert_int_equal(st, AMZ_ERANGE);
                else if (fi >= r.n)
                    assert_int_equal(st, AMZ_EINVAL);
                else {
                    assert_int_equal(st, AMZ_OK);
                    ref[i * r.n + fi] = v;
                }
                break;
            }
            case 1: { /* set a whole word, built by the reference packer */
                if (i >= count) {
                    assert_int_equal(amz_packed_set_word(&a, i, 0, NULL), AMZ_ERANGE);
                    break;
                }
                uint64_t v[64];
                for (unsigned k = 0; k < r.n; k++)
                    v[k] = random_value(r.fields[k].bits);
                assert_int_equal(amz_packed_set_word(&a, i, reference_pack(&r, v), NULL), AMZ_OK);
                memcpy(&ref[i * r.n], v, r.n * sizeof v[0]);
                if (r.total < cap) /* padding bits refused */
                    assert_int_equal(amz_packed_set_word(&a, i, (uint64_t)1 << r.total, NULL), AMZ_ERANGE);
                break;
            }
            default: { /* read */
                uint64_t got = amz_packed_get(&a, i, fi);
                uint64_t want = i < count && fi < r.n ? ref[i * r.n + fi] : 0;
                assert_true(got == want);
            }
            }
        }
        for (uint64_t i = 0; i < count; i++) {
            assert_true(amz_packed_word(&a, i) == reference_pack(&r, &ref[i * r.n]));
            for (unsigned k = 0; k < r.n; k++)
                assert_true(amz_packed_get(&a, i, k) == ref[i * r.n + k]);
        }
        /* Through a file and back. */
        FILE *tmp = tmpfile();
        assert_non_null(tmp);
        assert_int_equal(amz_packed_write(&a, tmp, NULL), AMZ_OK);
        rewind(tmp);
        amz_packed b;
        amz_error err;
        if (amz_packed_read(tmp, &b, 0, &err) != AMZ_OK)
            fail_msg("round %d: %s", round, err.msg);
        assert_int_equal(fgetc(tmp), EOF);
        fclose(tmp);
        assert_true(amz_bitfmt_equal(&a.fmt, &b.fmt));
        assert_true(b.count == count);
        if (count)
            assert_memory_equal(a.data, b.data, (size_t)amz_packed_bytes(&a));
        amz_packed_deinit(&b);
        amz_packed_deinit(&a);
        free(ref);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pack_unpack_random),
        cmocka_unit_test(test_overwide_refused),
        cmocka_unit_test(test_packed_array_vs_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
