/* par.c — the fork-join of par.h: POSIX threads where available, else one thread.
 * Contract kept by both versions: every worker index 0 .. n-1 runs exactly once and
 * all have returned before par_run does, whether or not threads could be started. */
#include "core/par.h"

#ifdef AMZ_HAVE_PTHREAD
#include <pthread.h>

typedef struct par_arg {
    par_fn fn;
    void *ctx;
    unsigned worker;
} par_arg;

static void *par_thread(void *p)
{
    const par_arg *a = p;
    a->fn(a->ctx, a->worker);
    return NULL;
}

void par_run(unsigned n, par_fn fn, void *ctx)
{
    /* Fixed arrays on the stack: PAR_MAX bounds n, and nothing here can fail to
     * allocate. arg[] must outlive the threads, which the joins below guarantee. */
    pthread_t tid[PAR_MAX];
    par_arg arg[PAR_MAX];
    bool started[PAR_MAX] = {false};
    n = n < 1 ? 1 : n > PAR_MAX ? PAR_MAX : n;
    for (unsigned i = 1; i < n; i++) {
        arg[i] = (par_arg){fn, ctx, i};
        started[i] = pthread_create(&tid[i], NULL, par_thread, &arg[i]) == 0;
    }
    /* The caller is worker 0, so n == 1 starts no thread at all. */
    fn(ctx, 0);
    for (unsigned i = 1; i < n; i++) {
        if (started[i])
            pthread_join(tid[i], NULL);
        else
            fn(ctx, i); /* no thread to be had: run its share here */
    }
}
#else
void par_run(unsigned n, par_fn fn, void *ctx)
{
    n = n < 1 ? 1 : n > PAR_MAX ? PAR_MAX : n;
    for (unsigned i = 0; i < n; i++)
        fn(ctx, i);
}
#endif
