/* test_alloc.c — the allocator hook (include/amaze/alloc.h, src/core/alloc.c): required
 * functions enforced, every library entry point routed through the hook, calloc's
 * overflow check and zeroing without a calloc_fn, zero-size requests, restoring libc.
 * (test_alloc_fail.c drives the hook to fail every allocation of a whole run.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

typedef struct counts {
    int malloc_calls, calloc_calls, realloc_calls, free_calls;
    size_t last_size;
} counts;

static void *c_malloc(void *ctx, size_t n)
{
    counts *c = ctx;
    c->malloc_calls++;
    c->last_size = n;
    /* Dirty memory, so that a missing zeroing shows. */
    void *p = malloc(n);
    if (p)
        memset(p, 0xAB, n);
    return p;
}
static void *c_calloc(void *ctx, size_t k, size_t n)
{
    counts *c = ctx;
    c->calloc_calls++;
    return calloc(k, n);
}
static void *c_realloc(void *ctx, void *p, size_t n)
{
    counts *c = ctx;
    c->realloc_calls++;
    c->last_size = n;
    return realloc(p, n);
}
static void c_free(void *ctx, void *p)
{
    counts *c = ctx;
    c->free_calls++;
    free(p);
}

static void test_required_functions(void **state)
{
    (void)state;
    counts c = {0};
    amz_allocator a = {c_malloc, c_calloc, c_realloc, c_free, &c};
    amz_allocator bad = a;
    bad.malloc_fn = NULL;
    assert_int_equal(amz_set_allocator(&bad), AMZ_EINVAL);
    bad = a;
    bad.realloc_fn = NULL;
    assert_int_equal(amz_set_allocator(&bad), AMZ_EINVAL);
    bad = a;
    bad.free_fn = NULL;
    assert_int_equal(amz_set_allocator(&bad), AMZ_EINVAL);
    /* A refused allocator is not installed. */
    void *p = amz_malloc(10);
    amz_free(p);
    assert_int_equal(c.malloc_calls + c.free_calls, 0);
    bad = a;
    bad.calloc_fn = NULL; /* optional */
    assert_int_equal(amz_set_allocator(&bad), AMZ_OK);
    assert_int_equal(amz_set_allocator(NULL), AMZ_OK);
}

static void test_routing_and_zeroing(void **state)
{
    (void)state;
    counts c = {0};
    amz_allocator a = {c_malloc, NULL, c_realloc, c_free, &c};
    assert_int_equal(amz_set_allocator(&a), AMZ_OK);
    /* calloc without calloc_fn: malloc + zero. */
    unsigned char *p = amz_calloc(10, 7);
    assert_non_null(p);
    for (int i = 0; i < 70; i++)
        assert_int_equal(p[i], 0);
    assert_int_equal(c.malloc_calls, 1);
    assert_int_equal(c.last_size, 70);
    /* calloc overflow is refused before calling anything. */
    assert_null(amz_calloc(SIZE_MAX / 2, 3));
    assert_int_equal(c.malloc_calls, 1);
    /* Zero sizes still give a unique pointer (1 byte). */
    void *z = amz_malloc(0);
    assert_non_null(z);
    assert_int_equal(c.last_size, 1);
    void *z2 = amz_calloc(0, 5);
    assert_non_null(z2);
    p = amz_realloc(p, 0);
    assert_non_null(p);
    assert_int_equal(c.last_size, 1);
    amz_free(p);
    amz_free(z);
    amz_free(z2);
    int frees = c.free_calls;
    amz_free(NULL); /* no call for NULL */
    assert_int_equal(c.free_calls, frees);
    assert_int_equal(frees, 3);

    /* A whole library run goes through the hook and gives everything back. */
    c = (counts){0};
    amz_maze m;
    tu_generate(&m, AMZ_TOPO_SQUARE, 30, 20, "hunt-and-kill", 5);
    assert_int_equal(amz_solve_maze(&m, "bfs", NULL, NULL, NULL, NULL), AMZ_OK);
    amz_maze_deinit(&m);
    assert_true(c.malloc_calls + c.realloc_calls > 3);
    assert_int_equal(c.malloc_calls, c.free_calls); /* no realloc of NULL in this run */
    assert_int_equal(amz_set_allocator(NULL), AMZ_OK);
}

static void test_calloc_fn_used(void **state)
{
    (void)state;
    counts c = {0};
    amz_allocator a = {c_malloc, c_calloc, c_realloc, c_free, &c};
    assert_int_equal(amz_set_allocator(&a), AMZ_OK);
    void *p = amz_calloc(3, 4);
    assert_non_null(p);
    assert_int_equal(c.calloc_calls, 1);
    assert_int_equal(c.malloc_calls, 0);
    amz_free(p);
    amz_set_allocator(NULL);
    /* Back on libc: nothing reaches the counters. */
    p = amz_malloc(5);
    amz_free(p);
    assert_int_equal(c.malloc_calls + c.free_calls, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_required_functions),
        cmocka_unit_test(test_routing_and_zeroing),
        cmocka_unit_test(test_calloc_fn_used),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
