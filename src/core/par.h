/* par.h — a minimal fork-join for the library's parallel loops: run a function on N
 * workers and wait for all. Threads are POSIX threads where the build has them
 * (AMZ_HAVE_PTHREAD); elsewhere (the WebAssembly build) and when a thread cannot be
 * started, the calling thread runs the remaining workers itself, one after another, so
 * a caller's result never depends on how many threads really ran. */
#ifndef AMZ_CORE_PAR_H
#define AMZ_CORE_PAR_H

#include <stdbool.h>
#include <stdint.h>

#define PAR_MAX 64 /* most workers one call runs */

typedef void (*par_fn)(void *ctx, unsigned worker);

/* Runs fn(ctx, 0) .. fn(ctx, n - 1) (n clamped to 1 .. PAR_MAX), worker 0 on the
 * calling thread, and returns when all have returned. */
void par_run(unsigned n, par_fn fn, void *ctx);

/* Hands out the indices 0, 1, ... once each to whichever worker asks next; -1 when all
 * are taken. Workers share one counter, initialised to 0. */
static inline int64_t par_next(uint64_t *counter, uint64_t total)
{
    uint64_t i = __atomic_fetch_add(counter, 1, __ATOMIC_RELAXED);
    return i < total ? (int64_t)i : -1;
}

#endif
