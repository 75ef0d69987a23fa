/* bigmem.h — a hint for large working arrays that algorithms index at random (union-find
 * parents, frontier pools): ask the kernel for huge pages, so that random accesses stop
 * missing the TLB. Only a hint: on systems without it, or when the kernel declines,
 * nothing changes. The memory itself still comes from amz_malloc. */
#ifndef AMZ_CORE_BIGMEM_H
#define AMZ_CORE_BIGMEM_H

#include <stddef.h>

/* Advises huge pages for the whole 2 MiB pages inside [p, p + bytes). Call before
 * first touching the memory. */
void amz_bigmem_advise(void *p, size_t bytes);

#endif
