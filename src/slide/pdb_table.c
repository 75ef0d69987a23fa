/* pdb_table.c — the bottom layer of the pattern databases: a table's rank layout
 * (mixed radix n, n-1, .., n-k+1; see pdb_impl.h) and its memory (2 MB pages for big
 * tables). Everything here is called by the builder, the cache and the opener, and
 * calls none of them. */
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "amaze/alloc.h"
#include "slide/pdb_impl.h"

/* Tables of a few hundred megabytes are looked up at random: on Linux, 2 MB pages
 * (a hint; ignored where unsupported) cut the TLB misses and the page faults of
 * loading. The block comes from the library's allocator, over-allocated to align. */
#define HUGE_PAGE ((size_t)2 << 20)

bool slide_pdb_alloc(pdb_table *t)
{
    size_t size = (size_t)t->entries;
    bool big = size >= 4 * HUGE_PAGE;
    t->block = amz_malloc(big ? size + HUGE_PAGE : size);
    if (!t->block)
        return false;
    /* Round up to the next huge-page boundary by offsetting the pointer (no integer to
     * pointer cast). */
    size_t off = big ? (HUGE_PAGE - ((uintptr_t)t->block & (HUGE_PAGE - 1))) & (HUGE_PAGE - 1) : 0;
    t->values = (uint8_t *)t->block + off;
#ifdef MADV_HUGEPAGE
    if (big)
        madvise(t->values, size & ~(HUGE_PAGE - 1), MADV_HUGEPAGE);
#endif
    return true;
}

void slide_pdb_release(pdb_table *t)
{
    amz_free(t->block);
    t->block = NULL;
    t->values = NULL;
}

void slide_pdb_layout(pdb_table *t, int n)
{
    uint64_t e = 1;
    for (int i = 0; i < t->k; i++)
        e *= (uint64_t)(n - i);
    t->entries = e;
    for (int i = 0; i < t->k; i++) {
        uint32_t m = 1;
        for (int j = i + 1; j < t->k; j++)
            m *= (uint32_t)(n - j);
        t->mult[i] = m;
    }
}
