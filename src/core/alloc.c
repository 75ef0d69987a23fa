/* alloc.c — the allocator hook every library allocation goes through.
 * The one piece of process-wide state in libamaze, set before use (like sqlite3_config). */
#include "amaze/alloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "amaze/status.h"
#include "core/alloc_big.h"

/* The default hooks: libc behind the amz_allocator signature, the context unused. */
static void *libc_malloc(void *ctx, size_t size)
{
    (void)ctx;
    return malloc(size);
}

static void *libc_calloc(void *ctx, size_t count, size_t size)
{
    (void)ctx;
    return calloc(count, size);
}

static void *libc_realloc(void *ctx, void *ptr, size_t size)
{
    (void)ctx;
    return realloc(ptr, size);
}

static void libc_free(void *ctx, void *ptr)
{
    (void)ctx;
    free(ptr);
}

/* Not thread-safe to change: amz_set_allocator is meant to run once, before any other
 * call, and memory must be freed by the allocator that made it. */
static amz_allocator current = {libc_malloc, libc_calloc, libc_realloc, libc_free, NULL};

int amz_set_allocator(const amz_allocator *a)
{
    if (!a) {
        current = (amz_allocator){libc_malloc, libc_calloc, libc_realloc, libc_free, NULL};
        return AMZ_OK;
    }
    /* calloc_fn may be NULL (amz_calloc then zeroes a malloc_fn block); the other
     * three have no fallback. The old allocator stays on an error. */
    if (!a->malloc_fn || !a->realloc_fn || !a->free_fn)
        return AMZ_EINVAL;
    current = *a;
    return AMZ_OK;
}

void *amz_malloc(size_t size)
{
    /* Size 0 becomes 1 so that NULL always means failure (malloc(0) may return NULL). */
    return current.malloc_fn(current.ctx, size ? size : 1);
}

void *amz_calloc(size_t count, size_t size)
{
    if (count == 0 || size == 0)
        count = size = 1;
    /* The overflow check is ours, not left to the hook: a user malloc_fn would be
     * handed a wrapped, too-small size. */
    if (count > SIZE_MAX / size)
        return NULL;
    if (current.calloc_fn)
        return current.calloc_fn(current.ctx, count, size);
    void *p = current.malloc_fn(current.ctx, count * size);
    if (p)
        memset(p, 0, count * size);
    return p;
}

void *amz_realloc(void *ptr, size_t size)
{
    return current.realloc_fn(current.ctx, ptr, size ? size : 1);
}

void amz_free(void *ptr)
{
    if (ptr)
        current.free_fn(current.ctx, ptr);
}

/* Below this, huge pages cannot pay for the alignment slack. */
#define BIG_MIN ((size_t)16 << 20)
#define HUGE_PAGE ((size_t)2 << 20)

void *core_calloc_big(size_t count, size_t size)
{
    if (count == 0 || size == 0 || count > SIZE_MAX / size)
        return amz_calloc(count, size);
    size_t bytes = count * size;
    /* Only with the default allocator: posix_memalign's block is freed by libc free,
     * which amz_free reaches only while free_fn is still libc_free (amz_set_allocator
     * replaces all hooks together, and libc_malloc is not visible outside this file). */
    if (bytes < BIG_MIN || current.malloc_fn != libc_malloc)
        return amz_calloc(count, size);
    void *p = NULL;
    if (posix_memalign(&p, HUGE_PAGE, bytes) != 0)
        return NULL;
#ifdef MADV_HUGEPAGE
    /* Advice only: on failure (THP off, old kernel) the memory simply stays in 4 KB pages. */
    /* Only whole huge pages are advised; p is HUGE_PAGE-aligned, so this range starts
     * on a page boundary as madvise requires. */
    (void)madvise(p, bytes - bytes % HUGE_PAGE, MADV_HUGEPAGE);
#endif
    memset(p, 0, bytes); /* after the advice, so the first touch already gets huge pages */
    return p;
}
