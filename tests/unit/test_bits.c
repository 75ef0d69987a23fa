/* test_bits.c — packed bit arrays (src/core/bits.h) against a naive one-bool-per-bit
 * model over long random operation sequences, with fields of every width 1..32 placed
 * across 64-bit word boundaries; the serialisation rule "bit i = bit i%8 of byte i/8"
 * on a little-endian view. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/bits.h"
#include "testutil.h"

enum { NBITS = 64 * 9 + 13 }; /* a ragged last word */

typedef struct model {
    uint64_t w[(NBITS + 63) / 64 + 1]; /* +1: a guard word that must never change */
    bool b[NBITS];
} model;

static void check(const model *m)
{
    for (uint64_t i = 0; i < NBITS; i++)
        if (bits_get(m->w, i) != m->b[i])
            fail_msg("bit %llu: array %d, model %d", (unsigned long long)i, bits_get(m->w, i), m->b[i]);
    assert_true(m->w[(NBITS + 63) / 64] == UINT64_C(0xa5a5a5a5a5a5a5a5));
}

static uint32_t model_field(const model *m, uint64_t i, unsigned n)
{
    uint32_t v = 0;
    for (unsigned k = 0; k < n; k++)
        v |= (uint32_t)m->b[i + k] << k;
    return v;
}

static void test_random_ops_vs_model(void **state)
{
    (void)state;
    model m;
    memset(&m, 0, sizeof m);
    m.w[(NBITS + 63) / 64] = UINT64_C(0xa5a5a5a5a5a5a5a5);
    amz_rng r;
    amz_rng_seed(&r, 1);
    for (int op = 0; op < 200000; op++) {
        uint64_t i = amz_rng_below(&r, NBITS);
        switch (amz_rng_below(&r, 6)) {
        case 0:
            bits_set(m.w, i);
            m.b[i] = true;
            break;
        case 1:
            bits_clear(m.w, i);
            m.b[i] = false;
            break;
        case 2: {
            bool v = amz_rng_below(&r, 2);
            bits_put(m.w, i, v);
            m.b[i] = v;
            break;
        }
        case 3:
        case 4: {
            unsigned n = 1 + amz_rng_below(&r, 32);
            /* Half the time, place the field so that it straddles a word boundary. */
            if (amz_rng_below(&r, 2)) {
                uint64_t word = 1 + amz_rng_below(&r, NBITS / 64 - 1);
                i = word * 64 - 1 - amz_rng_below(&r, n);
            }
            if (i + n > NBITS)
                i = NBITS - n;
            uint32_t v = (uint32_t)amz_rng_next(&r); /* high bits beyond n must be ignored */
            bits_set_field(m.w, i, n, v);
            for (unsigned k = 0; k < n; k++)
                m.b[i + k] = (v >> k) & 1;
            break;
        }
        default: {
            unsigned n = 1 + amz_rng_below(&r, 32);
            if (i + n > NBITS)
                i = NBITS - n;
            assert_int_equal(bits_field(m.w, i, n), model_field(&m, i, n));
            break;
        }
        }
        if (op % 1000 == 0)
            check(&m);
    }
    check(&m);
}

static void test_every_field_position(void **state)
{
    (void)state;
    /* Exhaustive over offsets around the first word boundary and every width: writes
     * all-ones then a pattern into a zero array and checks nothing else changed. */
    for (unsigned n = 1; n <= 32; n++)
        for (uint64_t i = 30; i <= 66; i++) {
            uint64_t w[3] = {0, 0, 0};
            uint32_t pat = UINT32_C(0x9e3779b9) >> (32 - n);
            bits_set_field(w, i, n, UINT32_MAX);
            for (uint64_t k = 0; k < 192; k++)
                assert_int_equal(bits_get(w, k), k >= i && k < i + n);
            bits_set_field(w, i, n, pat);
            assert_int_equal(bits_field(w, i, n), pat);
            for (uint64_t k = 0; k < 192; k++)
                if (k < i || k >= i + n)
                    assert_false(bits_get(w, k));
            /* Neighbouring ones survive a field write of zeros. */
            w[0] = w[1] = w[2] = UINT64_MAX;
            bits_set_field(w, i, n, 0);
            for (uint64_t k = 0; k < 192; k++)
                assert_int_equal(bits_get(w, k), k < i || k >= i + n);
        }
}

static void test_words_and_layout(void **state)
{
    (void)state;
    assert_int_equal(bits_words(0), 0);
    assert_int_equal(bits_words(1), 1);
    assert_int_equal(bits_words(64), 1);
    assert_int_equal(bits_words(65), 2);
    assert_true(bits_words(UINT64_C(1) << 40) == UINT64_C(1) << 34);
    /* Bit i is bit i%64 of word i/64: so in little-endian bytes, bit i%8 of byte i/8. */
    uint64_t w[2] = {0, 0};
    bits_set(w, 0);
    bits_set(w, 9);
    bits_set(w, 63);
    bits_set(w, 64 + 17);
    assert_true(w[0] == (UINT64_C(1) | UINT64_C(1) << 9 | UINT64_C(1) << 63));
    assert_true(w[1] == UINT64_C(1) << 17);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_ops_vs_model),
        cmocka_unit_test(test_every_field_position),
        cmocka_unit_test(test_words_and_layout),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
