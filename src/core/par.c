/* par.c — the fork-join of par.h: POSIX threads where available, else one thread. */
#include "core/par.h"

#ifdef AMZ_HAVE_PTHREAD
#include <pthread.h>

typedef struct par_arg {
    amz_par_fn fn;
    void *ctx;
    unsigned worker;
} par_arg;

static void *par_thread(void *p)
{
    const par_arg *a = p;
    a->fn(a->ctx, a->worker);
    return NULL;
}

void amz_par_run(unsigned n, amz_par_fn fn, void *ctx)
{
    pthread_t tid[AMZ_PAR_MAX];
    par_arg arg[AMZ_PAR_MAX];
    bool started[AMZ_PAR_MAX] = {false};
    n = n < 1 ? 1 : n > AMZ_PAR_MAX ? AMZ_PAR_MAX : n;
    for (unsigned i = 1; i < n; i++) {
        arg[i] = (par_arg){fn, ctx, i};
        started[i] = pthread_create(&tid[i], NULL, par_thread, &arg[i]) == 0;
    }
    fn(ctx, 0);
    for (unsigned i = 1; i < n; i++) {
        if (started[i])
            pthread_join(tid[i], NULL);
        else
            fn(ctx, i); /* no thread to be had: run its share here */
    }
}
#else
void amz_par_run(unsigned n, amz_par_fn fn, void *ctx)
{
    n = n < 1 ? 1 : n > AMZ_PAR_MAX ? AMZ_PAR_MAX : n;
    for (unsigned i = 0; i < n; i++)
        fn(ctx, i);
}
#endif
