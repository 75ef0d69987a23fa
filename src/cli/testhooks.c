/* testhooks.c — fault injection for tests, driven by the environment:
 *   AMZ_FAIL_ALLOC_AT=N   the Nth allocation made through libamaze fails (NULL);
 *   AMZ_COUNT_ALLOCS=1    print "allocations: K" on stderr at exit.
 * Compiled in when AMZ_TEST_HOOKS is on (the default for development builds); with
 * neither variable set the library's allocator is left alone. */
#include <stdio.h>
#include <stdlib.h>

#include "cli/cli.h"

#ifdef AMZ_TEST_HOOKS
/* calls counts every malloc, calloc and realloc (frees are not counted), so the count
 * printed by AMZ_COUNT_ALLOCS is the range of N that tests/cli/test_alloc_failures.sh
 * walks. Plain counters, not atomic: allocations that worker threads make at the same
 * moment may be miscounted. */
static unsigned long long calls, fail_at;

/* Only the one allocation numbered fail_at fails; fail_at 0 (unset, or not a number)
 * never matches, since calls is at least 1 here. */
static int should_fail(void)
{
    return ++calls == fail_at;
}

static void *hook_malloc(void *ctx, size_t n)
{
    (void)ctx;
    return should_fail() ? NULL : malloc(n);
}

static void *hook_calloc(void *ctx, size_t count, size_t n)
{
    (void)ctx;
    return should_fail() ? NULL : calloc(count, n);
}

static void *hook_realloc(void *ctx, void *p, size_t n)
{
    (void)ctx;
    return should_fail() ? NULL : realloc(p, n);
}

static void hook_free(void *ctx, void *p)
{
    (void)ctx;
    free(p);
}

static void report(void)
{
    fprintf(stderr, "allocations: %llu\n", calls);
}

void cli_test_hooks_install(void)
{
    const char *at = getenv("AMZ_FAIL_ALLOC_AT"), *count = getenv("AMZ_COUNT_ALLOCS");
    if (!at && !count)
        return;
    /* Installed only when asked for, so a normal run keeps libc's allocator untouched. */
    fail_at = at ? strtoull(at, NULL, 10) : 0;
    amz_allocator a = {hook_malloc, hook_calloc, hook_realloc, hook_free, NULL};
    amz_set_allocator(&a);
    if (count)
        atexit(report);
}
#else
void cli_test_hooks_install(void)
{
}
#endif
