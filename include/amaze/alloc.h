/* amaze/alloc.h — route libamaze's memory through your own allocator.
 *
 * Every allocation the library makes goes through the functions set here (by default
 * libc's malloc, calloc, realloc and free). A game engine can install its own, and the
 * test suite installs one that fails the Nth allocation to prove every failure path
 * ends in AMZ_ENOMEM and no leak. */
#ifndef AMAZE_ALLOC_H
#define AMAZE_ALLOC_H

#include <stddef.h>

#include "amaze/export.h"

typedef struct amz_allocator {
    void *(*malloc_fn)(void *ctx, size_t size);              /* required */
    void *(*calloc_fn)(void *ctx, size_t count, size_t size); /* optional: malloc+zero */
    void *(*realloc_fn)(void *ctx, void *ptr, size_t size);  /* required */
    void (*free_fn)(void *ctx, void *ptr);                   /* required; ptr may be NULL */
    void *ctx;                                               /* passed to each call */
} amz_allocator;

/* Installs `a` (copied) for all later allocations; NULL restores libc. Process-wide:
 * call it once before any other libamaze function and never while objects made with
 * another allocator are alive. Returns AMZ_EINVAL if a required function is missing. */
AMZ_API int amz_set_allocator(const amz_allocator *a);

/* Allocation through the current allocator, for callers that hand memory to the
 * library or free memory it returned (amz_free of NULL is a no-op). */
AMZ_API void *amz_malloc(size_t size);
AMZ_API void *amz_calloc(size_t count, size_t size);
AMZ_API void *amz_realloc(void *ptr, size_t size);
AMZ_API void amz_free(void *ptr);

#endif
