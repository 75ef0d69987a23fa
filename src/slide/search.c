/* search.c — the iterative-deepening A* driver (Korf, "Depth-first iterative-deepening:
 * an optimal admissible tree search", Artificial Intelligence 27, 1985) shared by `ida`
 * and `pdb`, with a root-splitting parallel iteration (in the manner of Rao, Kumar &
 * Ramesh, "A parallel implementation of iterative-deepening-A*", AAAI 1987) that
 * returns exactly the solution the sequential search finds: the one in the first
 * subtree, in depth-first order, that holds a solution. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "amaze/alloc.h"
#include "core/error.h"
#include "core/observe.h"
#include "slide/slide_impl.h"

#ifdef AMZ_HAVE_PTHREAD
#include <pthread.h>
#endif

#define MAX_THREADS 64
/* Subtrees per thread in a parallel iteration: enough that one hard subtree does not
 * leave the other threads idle for long. */
#define SUBTREES_PER_THREAD 48
/* An iteration is split across threads only if the previous one expanded at least
 * this many nodes: the next is then several times larger, and starting threads
 * (tens of microseconds) is noise next to it. Small searches stay sequential. */
#define SPLIT_MIN_NODES 50000
/* The detour automaton (fsm.c) takes about 0.4 s to build, once per process; it is
 * used from the iteration after one of this many nodes (about a second), so small
 * searches never pay for it. Same solution, same thresholds, fewer nodes. */
#define FSM_MIN_NODES 10000000

/* The progress lock guards `total` (and the split's results) only; the stop and best
 * flags are atomics read without it, so the hot path never takes the lock: a worker
 * locks once per SLIDE_TICK_CHUNK nodes and at the end of a subtree. */
static void lock(slide_progress *p)
{
#ifdef AMZ_HAVE_PTHREAD
    if (p->lock)
        pthread_mutex_lock(p->lock);
#else
    (void)p;
#endif
}

static void unlock(slide_progress *p)
{
#ifdef AMZ_HAVE_PTHREAD
    if (p->lock)
        pthread_mutex_unlock(p->lock);
#else
    (void)p;
#endif
}

void slide_ticker_init(slide_ticker *t, slide_progress *p, bool main)
{
    t->nodes = 0;
    t->main = main;
    t->subtree = -1;
    t->p = p;
    t->check_at = 1; /* the first node takes the slow path, which sets the real pace */
}

void slide_ticker_flush(slide_ticker *t)
{
    lock(t->p);
    t->p->total += t->nodes;
    unlock(t->p);
    t->nodes = 0;
}

/* The slow path, every SLIDE_TICK_CHUNK nodes (or at the limit): flush the count,
 * then check in order the shared stop flag, a lower subtree's solution, the node
 * limit, the deadline and (main worker only) the observer. check_at is shortened so
 * the node limit is hit exactly, which keeps node-limited runs reproducible. */
bool slide_ticker_slow(slide_ticker *t)
{
    slide_progress *p = t->p;
    lock(p);
    p->total += t->nodes;
    uint64_t total = p->total;
    unlock(p);
    t->nodes = 0;
    if (atomic_load_explicit(&p->stop, memory_order_relaxed))
        return true;
    if (t->subtree >= 0 && atomic_load_explicit(&p->best, memory_order_relaxed) < t->subtree)
        return true; /* a lower subtree already holds the answer */
    if (p->limit && total >= p->limit) {
        p->reason = 2;
        atomic_store(&p->stop, 1);
        return true;
    }
    /* The clock is read once per chunk of nodes (tens of microseconds of search). */
    if (p->deadline > 0 && slide_now() >= p->deadline) {
        p->reason = 3;
        atomic_store(&p->stop, 1);
        return true;
    }
    if (t->main && p->obs) {
        amz_event ev = {AMZ_EV_PROGRESS, AMZ_NO_CELL, AMZ_NO_CELL, -1, total, p->limit};
        if (p->obs->fn(p->obs->ctx, &ev)) {
            p->reason = 1;
            atomic_store(&p->stop, 1);
            return true;
        }
    }
    t->check_at = SLIDE_TICK_CHUNK;
    if (p->limit && p->limit - total < t->check_at)
        t->check_at = p->limit - total;
    return false;
}

/* ---- one parallel iteration ---- */

typedef struct split {
    const slide_search_ops *ops;
    void **workers;
    int threads;
    int bound, depth;  /* threshold; depth of the subtree roots */
    uint8_t *prefixes; /* count x depth moves, in depth-first order */
    int count;
    atomic_int next_index;
    slide_progress *prog;
    /* Results, under prog->lock. */
    int next_bound;
    int failure;        /* SLIDE_NOMEM or SLIDE_STOP from some worker, else 0 */
    uint8_t *best_path; /* the solution of subtree prog->best */
    int best_length;
} split;

typedef struct split_arg {
    split *s;
    int id;
    uint8_t *path;
} split_arg;

/* A thread of a parallel iteration: takes subtree numbers in increasing order from a
 * shared counter and searches each. Invariant: prog->best is the lowest subtree known
 * to hold a solution; no subtree above it is started, and running ones above it stop
 * at their next slow tick, so the answer is the lowest subtree's, as sequentially. */
static void *split_worker(void *varg)
{
    split_arg *a = varg;
    split *s = a->s;
    slide_ticker t;
    slide_ticker_init(&t, s->prog, a->id == 0);
    int next = INT_MAX, failure = 0;
    for (;;) {
        int i = atomic_fetch_add(&s->next_index, 1);
        if (i >= s->count || i > atomic_load(&s->prog->best) || atomic_load(&s->prog->stop))
            break;
        const uint8_t *prefix = s->prefixes + (size_t)i * (size_t)s->depth;
        memcpy(a->path, prefix, (size_t)s->depth);
        s->ops->reset(s->workers[a->id], prefix, s->depth);
        t.subtree = i;
        int got = INT_MAX;
        int r = s->ops->dfs(s->workers[a->id], s->depth, s->bound, a->path, &got, &t);
        if (r == SLIDE_FOUND) {
            lock(s->prog);
            if (i < atomic_load(&s->prog->best)) {
                atomic_store(&s->prog->best, i);
                memcpy(s->best_path, a->path, (size_t)got);
                s->best_length = got;
            }
            unlock(s->prog);
            break;
        }
        if (got < next)
            next = got;
        if (r == SLIDE_STOP && !atomic_load(&s->prog->stop))
            continue; /* abandoned: a lower subtree holds the answer */
        if (r != SLIDE_NOTFOUND) {
            failure = r;
            atomic_store(&s->prog->stop, 1);
            break;
        }
    }
    slide_ticker_flush(&t);
    lock(s->prog);
    if (next < s->next_bound)
        s->next_bound = next;
    if (failure && !s->failure)
        s->failure = failure;
    unlock(s->prog);
    return NULL;
}

int slide_split_roots(const slide_search_ops *ops, void *w0, int bound, int target, const amz_slide_board *root,
                      slide_roots *out, int *next, slide_ticker *t)
{
    const int rows = root->rows, cols = root->cols, root_blank = root->blank;
    uint8_t *level = amz_malloc(1), *grown = NULL;
    if (!level)
        return SLIDE_NOMEM;
    int count = 1, depth = 0;
    /* Invariant: level holds `count` prefixes of `depth` moves, every one a node the
     * sequential search reaches (f <= bound), in the order it reaches them. */
    while (count < target && depth + 1 < bound && depth < SLIDE_MAX_SPLIT_DEPTH) {
        grown = amz_malloc((size_t)count * 3 * (size_t)(depth + 1) + 1);
        if (!grown) {
            amz_free(level);
            return SLIDE_NOMEM;
        }
        int grown_count = 0;
        for (int i = 0; i < count; i++) {
            const uint8_t *pre = level + (size_t)i * (size_t)depth;
            /* Each listed node is expanded here, as in the sequential search. */
            if (slide_tick(t)) {
                amz_free(level);
                amz_free(grown);
                return SLIDE_STOP;
            }
            int blank = root_blank;
            for (int d = 0; d < depth; d++)
                blank = slide_step(rows, cols, blank, pre[d]);
            for (int m = 0; m < 4; m++) {
                if ((depth && m == slide_opposite(pre[depth - 1])) || slide_step(rows, cols, blank, m) < 0)
                    continue;
                uint8_t *child = grown + (size_t)grown_count * (size_t)(depth + 1);
                memcpy(child, pre, (size_t)depth);
                child[depth] = (uint8_t)m;
                int h = ops->reset(w0, child, depth + 1);
                if (h < 0)
                    continue; /* a detour (ops->prune) */
                int f = depth + 1 + h;
                if (f > bound) {
                    if (f < *next)
                        *next = f;
                    continue;
                }
                grown_count++;
            }
        }
        amz_free(level);
        level = grown;
        grown = NULL;
        count = grown_count;
        depth++;
        if (count == 0)
            break;
    }
    out->prefixes = level;
    out->count = count;
    out->depth = depth;
    return SLIDE_NOTFOUND;
}

/* One iteration over threads: the split (on the calling thread, counted like the
 * sequential search's first levels), then the workers. *next ends as the least f
 * above the bound over the split and every finished subtree; on SLIDE_FOUND, path
 * holds the lowest subtree's solution and *next its length. */
static int parallel_iteration(split *s, void *w0, uint8_t *path, int *next, slide_ticker *t0,
                              const amz_slide_board *root)
{
    slide_roots roots = {NULL, 0, 0};
    int r = slide_split_roots(s->ops, w0, s->bound, SUBTREES_PER_THREAD * s->threads, root, &roots, next, t0);
    s->prefixes = roots.prefixes;
    s->count = roots.count;
    s->depth = roots.depth;
    slide_ticker_flush(t0);
    if (r != SLIDE_NOTFOUND) {
        amz_free(s->prefixes);
        return r;
    }
    atomic_store(&s->next_index, 0);
    atomic_store(&s->prog->best, INT_MAX);
    s->next_bound = *next;
    s->failure = 0;
    s->best_path = path;
    split_arg args[MAX_THREADS] = {{0}};
    uint8_t *paths = amz_malloc((size_t)s->threads * ((size_t)s->bound + 1));
    if (!paths) {
        amz_free(s->prefixes);
        return SLIDE_NOMEM;
    }
    args[0] = (split_arg){s, 0, paths}; /* the calling thread is always worker 0 */
    for (int i = 1; i < s->threads; i++)
        args[i] = (split_arg){s, i, paths + (size_t)i * ((size_t)s->bound + 1)};
    /* A thread that cannot be started leaves its share to the others; without thread
     * support none is, and the calling thread searches every subtree. */
#ifdef AMZ_HAVE_PTHREAD
    pthread_t tids[MAX_THREADS];
    bool started[MAX_THREADS] = {false};
    for (int i = 1; i < s->threads; i++)
        started[i] = pthread_create(&tids[i], NULL, split_worker, &args[i]) == 0;
#endif
    split_worker(&args[0]);
#ifdef AMZ_HAVE_PTHREAD
    for (int i = 1; i < s->threads; i++)
        if (started[i])
            pthread_join(tids[i], NULL);
#endif
    amz_free(paths);
    amz_free(s->prefixes);
    s->prefixes = NULL;
    *next = s->next_bound;
    if (atomic_load(&s->prog->best) != INT_MAX) {
        *next = s->best_length;
        return SLIDE_FOUND;
    }
    return s->failure ? s->failure : SLIDE_NOTFOUND;
}

amz_status slide_stop_error(const slide_progress *p, const amz_slide_solve_options *o, int bound, amz_error *err)
{
    if (p->reason == 2)
        return amz_errorf(err, AMZ_ECANCELED, "node limit of %llu reached (search threshold %d moves)",
                          (unsigned long long)p->limit, bound);
    if (p->reason == 3)
        return amz_errorf(err, AMZ_ECANCELED, "time limit of %g s reached (search threshold %d moves)", o->timeout,
                          bound);
    return amz_errorf(err, AMZ_ECANCELED, "search canceled by the observer");
}

void slide_progress_init(slide_progress *p, const amz_slide_solve_options *o, const amz_observer *obs, double t0)
{
    memset(p, 0, sizeof *p);
    p->limit = o->node_limit;
    p->deadline = o->timeout > 0 ? t0 + o->timeout : 0;
    p->obs = obs_normalize(obs);
    atomic_init(&p->stop, 0);
    atomic_init(&p->best, INT_MAX);
}

/* ---- the driver ---- */

/* Iterative deepening: thresholds start at h(root) and rise to the least f that
 * exceeded the last one, so the first solution found is a shortest one (h is
 * admissible). Small iterations stay on one thread; an iteration goes parallel once
 * the previous one was large enough for thread start-up to be noise. */
amz_status slide_ida_run(const slide_search_ops *ops, const void *shared, const amz_slide_board *root,
                         const amz_slide_solve_options *o, const amz_observer *obs, amz_slide_solution *out,
                         amz_error *err)
{
    double t0 = slide_now();
    int threads = o->threads < 1 ? 1 : o->threads;
#ifndef AMZ_HAVE_PTHREAD
    threads = 1;
#endif
    slide_progress prog;
    slide_progress_init(&prog, o, obs, t0);
#ifdef AMZ_HAVE_PTHREAD
    pthread_mutex_t mutex;
    if (threads > 1) {
        if (pthread_mutex_init(&mutex, NULL) != 0)
            threads = 1;
        else
            prog.lock = &mutex;
    }
#endif
    void *workers[MAX_THREADS] = {NULL};
    uint8_t *path = NULL;
    amz_status st = AMZ_OK;
    for (int i = 0; i < threads; i++)
        if (!(workers[i] = ops->create(shared, root))) {
            st = amz_errorf(err, AMZ_ENOMEM, "out of memory for the search");
            goto done;
        }
    int h0 = ops->reset(workers[0], NULL, 0);
    out->lower_bound = h0;
    slide_ticker tick;
    slide_ticker_init(&tick, &prog, true);
    int bound = h0, length = 0;
    uint64_t before = 0, last_iteration = 0;
    bool pruning = false;
    for (;;) {
        uint8_t *grown = amz_realloc(path, (size_t)bound + 1);
        if (!grown) {
            st = amz_errorf(err, AMZ_ENOMEM, "out of memory for a path of %d moves", bound);
            goto done;
        }
        path = grown;
        if (bound == 0)
            break; /* already solved */
        int next = INT_MAX, r;
        if (ops->prune && last_iteration >= FSM_MIN_NODES && !pruning) {
            const slide_fsm *f = slide_fsm_get();
            /* Out of memory for it: the search goes on without (same answer). */
            for (int i = 0; f && i < threads; i++)
                ops->prune(workers[i], f);
            pruning = true;
        }
        if (threads > 1 && bound > 8 && last_iteration >= SPLIT_MIN_NODES) {
            split s = {.ops = ops, .workers = workers, .threads = threads, .bound = bound, .prog = &prog};
            r = parallel_iteration(&s, workers[0], path, &next, &tick, root);
        } else {
            ops->reset(workers[0], NULL, 0);
            r = ops->dfs(workers[0], 0, bound, path, &next, &tick);
            slide_ticker_flush(&tick);
        }
        last_iteration = prog.total - before;
        before = prog.total;
        if (r == SLIDE_FOUND) {
            length = next;
            break;
        }
        if (r == SLIDE_STOP) {
            st = slide_stop_error(&prog, o, bound, err);
            goto done;
        }
        if (r == SLIDE_NOMEM) {
            st = amz_errorf(err, AMZ_ENOMEM, "out of memory for a search %d moves deep", bound);
            goto done;
        }
        if (next == INT_MAX) { /* nothing beyond the threshold: cannot happen on solvable boards */
            st = amz_errorf(err, AMZ_EINVAL, "no solution exists");
            goto done;
        }
        bound = next;
    }
    out->moves = slide_letters(path, (size_t)length);
    if (!out->moves) {
        st = amz_errorf(err, AMZ_ENOMEM, "out of memory");
        goto done;
    }
    out->length = (size_t)length;
done:
    out->nodes = prog.total;
    out->seconds = slide_now() - t0;
    for (int i = 0; i < threads; i++)
        if (workers[i])
            ops->destroy(workers[i]);
    amz_free(path);
#ifdef AMZ_HAVE_PTHREAD
    if (prog.lock)
        pthread_mutex_destroy(&mutex);
#endif
    return st;
}

amz_status slide_solve_idastar(slide_prepare_fn prepare, const amz_slide_board *b, const amz_slide_solve_options *o,
                               const amz_observer *obs, amz_slide_solution *out, amz_error *err)
{
    slide_algo a;
    amz_status st = prepare(b, o, obs, &a, err);
    if (st)
        return st;
    st = slide_ida_run(a.ops, a.shared, b, o, obs, out, err);
    out->optimal = true;
    slide_algo_release(&a);
    return st;
}
