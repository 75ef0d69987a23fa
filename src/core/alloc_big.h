/* alloc_big.h — zeroed allocations for big arrays accessed at random (passages, visited
 * bits, parents). With the default allocator they are 2 MB aligned and ask for
 * transparent huge pages, which cuts TLB misses on random access to a large maze; with
 * a user allocator they go through it unchanged. Free with amz_free. */
#ifndef AMZ_CORE_ALLOC_BIG_H
#define AMZ_CORE_ALLOC_BIG_H

#include <stddef.h>

void *core_calloc_big(size_t count, size_t size);

#endif
