/* bigmem.c — huge-page advice for large random-access arrays (see bigmem.h). Linux
 * transparent huge pages in "madvise" mode only back regions that ask. */
#if defined(__linux__)
#define _DEFAULT_SOURCE /* MADV_HUGEPAGE */
#include <sys/mman.h>
#endif
#include <stdint.h>

#include "core/bigmem.h"

void amz_bigmem_advise(void *p, size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const uintptr_t huge = (uintptr_t)1 << 21;
    uintptr_t lo = ((uintptr_t)p + huge - 1) & ~(huge - 1), hi = ((uintptr_t)p + bytes) & ~(huge - 1);
    if (hi > lo)
        (void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#else
    (void)p;
    (void)bytes;
#endif
}
