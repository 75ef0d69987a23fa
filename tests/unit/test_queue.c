/* test_queue.c — the FIFO ring of the breadth-first searches (src/core/queue.h, .c):
 * order against a plain array model through growth while the ring is wrapped, the
 * (x, y) packing, and an allocation failure during growth leaving the queue intact. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "core/queue.h"
#include "testutil.h"

static void test_fifo_vs_model(void **state)
{
    (void)state;
    queue q = {0};
    enum { MAXN = 100000 };
    uint64_t *model = malloc(MAXN * sizeof *model);
    size_t head = 0, tail = 0;
    amz_rng r;
    amz_rng_seed(&r, 9);
    uint64_t next = 1;
    /* Phases that push more than they pop grow the ring while it wraps around. */
    for (int phase = 0; phase < 40; phase++) {
        unsigned push_bias = phase % 2 ? 3 : 1;
        for (int k = 0; k < 3000; k++) {
            bool push = tail - head == 0 || amz_rng_below(&r, 4) < push_bias;
            if (push && tail < MAXN) {
                assert_true(queue_push(&q, next));
                model[tail++] = next++;
            } else if (tail > head) {
                assert_true(queue_pop(&q) == model[head++]);
            }
            assert_int_equal(q.count, tail - head);
            assert_true(q.count <= q.cap);
        }
    }
    while (tail > head)
        assert_true(queue_pop(&q) == model[head++]);
    assert_int_equal(q.count, 0);
    queue_free(&q);
    assert_null(q.items);
    assert_int_equal(q.cap, 0);
    queue_free(&q); /* twice is harmless */
    free(model);
}

static void test_xy_packing(void **state)
{
    (void)state;
    assert_true(queue_xy(0, 0) == 0);
    assert_true(queue_xy(5, 7) == (UINT64_C(7) << 32 | 5));
    uint64_t v = queue_xy(INT32_MAX, INT32_MAX);
    assert_int_equal((int32_t)(v & 0xffffffffu), INT32_MAX);
    assert_int_equal((int32_t)(v >> 32), INT32_MAX);
}

static int fail_now;
static void *f_malloc(void *ctx, size_t n)
{
    (void)ctx;
    return fail_now ? NULL : malloc(n);
}
static void *f_realloc(void *ctx, void *p, size_t n)
{
    (void)ctx;
    return fail_now ? NULL : realloc(p, n);
}
static void f_free(void *ctx, void *p)
{
    (void)ctx;
    free(p);
}

static void test_growth_failure(void **state)
{
    (void)state;
    amz_allocator a = {f_malloc, NULL, f_realloc, f_free, NULL};
    assert_int_equal(amz_set_allocator(&a), AMZ_OK);
    queue q = {0};
    fail_now = 1;
    assert_false(queue_push(&q, 1)); /* the very first push allocates */
    assert_int_equal(q.count, 0);
    fail_now = 0;
    for (uint64_t i = 0; i < 1024; i++)
        assert_true(queue_push(&q, i));
    assert_int_equal(q.count, q.cap); /* full: the next push must grow */
    for (int i = 0; i < 100; i++) {   /* wrap the ring */
        assert_true(queue_pop(&q) == (uint64_t)i);
        assert_true(queue_push(&q, 1024 + (uint64_t)i));
    }
    fail_now = 1;
    assert_false(queue_push(&q, 9999));
    fail_now = 0;
    assert_int_equal(q.count, 1024);
    for (uint64_t i = 100; i < 1124; i++)
        assert_true(queue_pop(&q) == i);
    queue_free(&q);
    amz_set_allocator(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fifo_vs_model),
        cmocka_unit_test(test_xy_packing),
        cmocka_unit_test(test_growth_failure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
