/* test_checked.c — overflow-checked size arithmetic (src/core/checked.h): exact results
 * where they fit, refusal (output untouched) one step past every limit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/checked.h"
#include "testutil.h"

static void test_mul(void **state)
{
    (void)state;
    uint64_t r = 12345;
    assert_true(ck_mul_u64(0, UINT64_MAX, &r) && r == 0);
    assert_true(ck_mul_u64(UINT64_MAX, 0, &r) && r == 0);
    assert_true(ck_mul_u64(1, UINT64_MAX, &r) && r == UINT64_MAX);
    assert_true(ck_mul_u64(UINT32_MAX, UINT32_MAX, &r) && r == UINT64_C(0xfffffffe00000001));
    assert_true(ck_mul_u64(UINT64_C(1) << 32, UINT64_C(1) << 31, &r) && r == UINT64_C(1) << 63);
    r = 7;
    assert_false(ck_mul_u64(UINT64_C(1) << 32, UINT64_C(1) << 32, &r));
    assert_false(ck_mul_u64(2, (UINT64_MAX >> 1) + 1, &r));
    assert_false(ck_mul_u64(UINT64_MAX, 2, &r));
    assert_false(ck_mul_u64(3, UINT64_MAX / 3 + 1, &r));
    assert_true(r == 7);
    assert_true(ck_mul_u64(3, UINT64_MAX / 3, &r) && r == UINT64_MAX / 3 * 3);
    /* Against the compiler's overflow builtin on pseudo-random operands of all magnitudes. */
    amz_rng g;
    amz_rng_seed(&g, 3);
    for (int k = 0; k < 100000; k++) {
        uint64_t a = amz_rng_next(&g) >> amz_rng_below(&g, 64), b = amz_rng_next(&g) >> amz_rng_below(&g, 64);
        uint64_t p;
        bool fits = !__builtin_mul_overflow(a, b, &p); /* the compiler's own check */
        r = 0;
        assert_int_equal(ck_mul_u64(a, b, &r), fits);
        if (fits)
            assert_true(r == p);
    }
}

static void test_add(void **state)
{
    (void)state;
    uint64_t r = 5;
    assert_true(ck_add_u64(UINT64_MAX - 1, 1, &r) && r == UINT64_MAX);
    assert_true(ck_add_u64(0, 0, &r) && r == 0);
    r = 5;
    assert_false(ck_add_u64(UINT64_MAX, 1, &r));
    assert_false(ck_add_u64(1, UINT64_MAX, &r));
    assert_false(ck_add_u64(UINT64_C(1) << 63, UINT64_C(1) << 63, &r));
    assert_true(r == 5);
}

static void test_bits_to_bytes(void **state)
{
    (void)state;
    size_t b = 99;
    assert_true(ck_bits_to_bytes(0, 2, &b) && b == 0);
    assert_true(ck_bits_to_bytes(1, 1, &b) && b == 8);   /* whole 64-bit words */
    assert_true(ck_bits_to_bytes(32, 2, &b) && b == 8);
    assert_true(ck_bits_to_bytes(33, 2, &b) && b == 16);
    assert_true(ck_bits_to_bytes(22, 3, &b) && b == 16); /* 66 bits */
    assert_true(ck_bits_to_bytes(UINT64_C(1) << 36, 3, &b) && b == (UINT64_C(3) << 33));
    b = 99;
    assert_false(ck_bits_to_bytes(UINT64_MAX, 2, &b));
    assert_false(ck_bits_to_bytes(UINT64_MAX / 3 + 1, 3, &b));
    assert_false(ck_bits_to_bytes(UINT64_MAX - 10, 1, &b)); /* the +63 rounding overflows */
    assert_true(b == 99);
}

static void test_array_bytes(void **state)
{
    (void)state;
    size_t b = 1;
    assert_true(ck_array_bytes(1000, 8, &b) && b == 8000);
    assert_true(ck_array_bytes(0, SIZE_MAX, &b) && b == 0);
    b = 1;
    assert_false(ck_array_bytes(SIZE_MAX / 8 + 1, 8, &b));
    assert_false(ck_array_bytes(UINT64_MAX, 2, &b));
    assert_true(b == 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mul),
        cmocka_unit_test(test_add),
        cmocka_unit_test(test_bits_to_bytes),
        cmocka_unit_test(test_array_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
