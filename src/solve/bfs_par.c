/* bfs_par.c — `bfs` with threads >= 2: two-ended breadth-first search (Pohl,
 * "Bi-directional search", Machine Intelligence 6, 1971), run on two threads
 * speculatively and made deterministic by a bounded roll-back (in the manner of
 * optimistic parallel simulation: Jefferson, "Virtual time", ACM TOPLAS 7, 1985).
 *
 * The answer is defined by a sequential algorithm. Side A searches from the start, side
 * B from the goal, each a FIFO BFS in direction order; a step grows one side by a whole
 * level: the side that owns fewer cells (A on a tie), so both do about the same work.
 * A side that finds a cell owned by the other stops there: that edge (u owned by A, v
 * owned by B) is the meeting, and the path is A's parents from the start to u, the edge,
 * then B's parents from v to the goal. It is a shortest path: before the step the balls
 * of radius a and b are disjoint, so the distance is more than a + b, and a meeting
 * while growing A to a + 1 joins A's level a to B's level b (a nearer B cell would make
 * u part of both balls): length a + 1 + b. A side whose next level is empty has searched
 * its whole part without touching the other: no path.
 *
 * The threads compute exactly that answer. Each runs one side alone, at most WINDOW
 * cells ahead of the other, claiming cells with a compare-and-swap, so every cell has
 * one owner. Until a side first touches the other's cells it is a plain BFS from its
 * root whatever the timing, so the sizes at which its levels start are fixed numbers,
 * and they fix the sequential schedule. When one side meets the other or runs out of
 * cells, both stop; each is rolled back to the last state of the sequential schedule
 * that both had finished (cells claimed after it are released; the window bounds how
 * much history that needs), and the sequential algorithm finishes alone (a few levels).
 * So the path, `explored` and the outcome are identical for any thread count >= 2 and
 * any scheduling, with or without thread support. The path equals one-thread bfs's
 * whenever the shortest path is unique (every perfect maze); on mazes with loops it is
 * a shortest path that may differ from it.
 *
 * Memory: one 4-bit state per cell (0 free; else bit 3 the side, bits 0-2 the direction
 * to the parent + 1, 7 at a root): 4 bits where one-thread bfs uses 3 (square) or 4
 * (hex); per side a ring of queued cells (its frontier, plus up to WINDOW cells of
 * history with threads) and a ring of level starts. With an observer the sequential
 * algorithm runs on the calling thread, so events come in one deterministic order
 * (VISIT when a cell is expanded, FRONTIER when claimed, then PATH); one that asks for
 * PROGRESS only (amz_observer.events, a progress bar) lets the threads run, and the
 * calling thread sends it PROGRESS (cells owned by both sides, of all cells). */
#include <stdatomic.h>
#include <string.h>

#include "amaze/alloc.h"
#include "core/alloc_big.h"
#include "core/error.h"
#include "core/observe.h"
#include "grid/grid.h"
#include "solve/solve_impl.h"

#ifdef AMZ_HAVE_PTHREAD
#include <pthread.h>
#include <sched.h>
#endif

/* How many cells one side may claim ahead of the other: a longer window waits less on
 * a side that is briefly slower, a shorter one keeps less history. */
#define WINDOW 16384
/* Level starts a side keeps: levels have a cell or more, so the window holds at most
 * WINDOW of them, plus the level in progress and the two around the window's start. */
#define NSTART (WINDOW + 4)
/* Below this many cells a second thread costs more to start than it saves. */
#define PAR_MIN_CELLS 4096

#define NIB_B 8u    /* state bit: owned by side B (the goal's) */
#define NIB_ROOT 7u /* state direction field of a root cell */

enum { EXP_LEVEL, EXP_MEET, EXP_NOMEM, EXP_CANCEL, EXP_EMPTY };

/* Positions in a side's ring count the cells it claimed, root = 0, so the tail is also
 * the number of cells it owns: the schedule's measure of work. */
typedef struct side {
    _Alignas(64) uint64_t *ring; /* queued cells at absolute positions, index pos & mask */
    uint64_t mask;               /* ring capacity - 1 (a power of two) */
    uint64_t base, head, tail;   /* oldest kept, next to expand, next free */
    uint64_t *start;             /* start[L % NSTART]: position of level L's first cell */
    uint64_t lo;                 /* oldest level whose start is kept (threads) */
    uint64_t seen;               /* threads: the other side's size, as last read */
    _Atomic uint64_t *other;     /* threads: where the other side publishes it */
    uint64_t done;               /* levels fully expanded */
    unsigned flag;               /* 0 for side A, NIB_B for side B */
    int stopped;                 /* EXP_* that stopped this side in the threads */
} side;

typedef struct published {
    _Alignas(64) _Atomic uint64_t tail; /* side's tail after its last full level */
} published;

typedef struct search {
    side s[2];
    published pub[2];
    _Alignas(64) atomic_int stop; /* the fields after it are read-only in the threads */
    int meet_dir;
    amz_cell meet_u; /* the meeting edge: u (A's) in direction meet_dir is v (B's) */
    const amz_maze *m;
    _Atomic uint64_t *st; /* 4-bit cell states, 16 per word */
    const amz_observer *obs; /* a step observer: the sequential form runs */
    const amz_observer *bar; /* a PROGRESS-only observer: the calling thread feeds it */
    bool canceled;           /* the bar asked to stop (written by the calling thread) */
} search;

static inline uint64_t *start_of(const side *s, uint64_t level)
{
    return &s->start[level % NSTART];
}

static inline unsigned state_of(_Atomic uint64_t *st, amz_cell c)
{
    uint64_t w = atomic_load_explicit(&st[(uint64_t)c >> 4], memory_order_relaxed);
    return (unsigned)(w >> (((unsigned)c & 15u) * 4u)) & 15u;
}

/* With threads, history older than the level the other side's size falls in is
 * dropped: a roll-back never goes further back (see rollback_threads). */
static void trim(side *s, bool reload)
{
    if (reload)
        s->seen = atomic_load_explicit(s->other, memory_order_relaxed);
    while (s->lo + 1 < s->done && s->start[(s->lo + 1) % NSTART] < s->seen)
        s->lo++;
    s->base = s->start[s->lo % NSTART];
}

/* Makes room for one more cell: drops history first (threads), and doubles the ring
 * unless that freed a quarter of it (so a full ring is not trimmed cell by cell). */
static bool ring_grow(side *s)
{
    if (s->other) {
        trim(s, true);
        if (s->tail - s->base <= s->mask - s->mask / 4)
            return true;
    }
    uint64_t cap = s->mask + 1, ncap = cap * 2;
    if (ncap > SIZE_MAX / 8)
        return false;
    uint64_t *r = amz_malloc((size_t)ncap * 8);
    if (!r)
        return false;
    for (uint64_t p = s->base; p < s->tail; p++)
        r[p & (ncap - 1)] = s->ring[p & s->mask];
    amz_free(s->ring);
    s->ring = r;
    s->mask = ncap - 1;
    return true;
}

/* Tries to claim nb, reached from c (owned by s) in direction d. EXP_LEVEL when nb was
 * claimed or already s's, EXP_MEET (meeting edge recorded) when the other side owns it. */
static ALWAYS_INLINE int claim(search *S, side *s, amz_topology T, bool par, amz_cell c, amz_cell nb, int d)
{
    _Atomic uint64_t *wp = &S->st[(uint64_t)nb >> 4];
    const unsigned off = ((unsigned)nb & 15u) * 4u;
    const uint64_t code = (uint64_t)(s->flag | (unsigned)(grid_plain_opposite(T, d) + 1)) << off;
    uint64_t w = atomic_load_explicit(wp, memory_order_relaxed);
    for (;;) {
        unsigned nib = (unsigned)(w >> off) & 15u;
        if (nib) {
            if ((nib & NIB_B) == s->flag)
                return EXP_LEVEL;
            if (!par) { /* with threads the meeting only stops them: the schedule decides */
                S->meet_u = s->flag ? nb : c;
                S->meet_dir = s->flag ? grid_plain_opposite(T, d) : d;
            }
            return EXP_MEET;
        }
        if (!par) { /* one thread: nobody else writes the word */
            atomic_store_explicit(wp, w | code, memory_order_relaxed);
            break;
        }
        /* Two threads may write the same word (cells of both sides); on failure w is
         * reloaded and the cell looked at again. */
        if (atomic_compare_exchange_weak_explicit(wp, &w, w | code, memory_order_relaxed, memory_order_relaxed))
            break;
    }
    if (s->tail - s->base > s->mask && !ring_grow(s))
        return EXP_NOMEM;
    s->ring[s->tail++ & s->mask] = (uint64_t)nb;
    if (!par && S->obs && obs_emit(S->obs, AMZ_EV_FRONTIER, nb, -1, AMZ_NO_CELL))
        return EXP_CANCEL;
    return EXP_LEVEL;
}

/* Expands level s->done of side s: EXP_LEVEL when it is done, else what stopped it. */
static ALWAYS_INLINE int expand(search *S, side *s, amz_topology T, bool par)
{
    const amz_maze *m = S->m;
    const int64_t w = m->width;
    const uint64_t *pas = m->passages;
    const int64_t step[4] = {-w, 1, w, -1};
    const uint64_t end = *start_of(s, s->done + 1);
    int r = EXP_LEVEL;
    while (s->head < end) {
        amz_cell c = (amz_cell)s->ring[s->head++ & s->mask];
        if (!par && S->obs && obs_emit(S->obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL))
            return EXP_CANCEL;
        if (T == AMZ_TOPO_SQUARE) {
            unsigned open = grid_square_open(pas, c, w);
            while (open) {
                int d = __builtin_ctz(open);
                open &= open - 1;
                if ((r = claim(S, s, T, par, c, c + step[d], d)) != EXP_LEVEL)
                    return r;
            }
        } else {
            int32_t x = (int32_t)(c % w), y = (int32_t)(c / w);
            for (int d = 0; d < grid_plain_ndirs(T); d++) {
                int32_t nx, ny;
                if (!grid_step(T, (int32_t)w, m->height, x, y, d, &nx, &ny))
                    continue;
                amz_cell nb = (amz_cell)ny * w + nx;
                if (!bits_get(pas, grid_edge_bit(m->bits, c, nb, d)))
                    continue;
                if ((r = claim(S, s, T, par, c, nb, d)) != EXP_LEVEL)
                    return r;
            }
        }
    }
    s->done++;
    *start_of(s, s->done + 1) = s->tail;
    if (!par) /* no roll-back to come: no history (the threads keep theirs) */
        s->base = s->head;
    return s->head == s->tail ? EXP_EMPTY : EXP_LEVEL;
}

static int expand_square(search *S, side *s)
{
    return expand(S, s, AMZ_TOPO_SQUARE, false);
}

static int expand_hex(search *S, side *s)
{
    return expand(S, s, AMZ_TOPO_HEX, false);
}

/* Rolls s back to the moment it was about to expand `level` (its start is kept):
 * releases the cells claimed since. */
static void rollback(search *S, side *s, uint64_t level)
{
    uint64_t keep = *start_of(s, level + 1);
    for (uint64_t p = keep; p < s->tail; p++) {
        uint64_t cell = s->ring[p & s->mask];
        _Atomic uint64_t *wp = &S->st[cell >> 4];
        uint64_t w = atomic_load_explicit(wp, memory_order_relaxed);
        atomic_store_explicit(wp, w & ~((uint64_t)15 << ((cell & 15) * 4)), memory_order_relaxed);
    }
    s->tail = keep;
    s->head = *start_of(s, level);
    s->done = level;
}

/* The first level of s (from s->lo) that the sequential schedule grows after the other
 * side's step at size t: the first whose start size exceeds t (or equals it, when
 * `ties` says s wins ties, i.e. s is A, or s is B and the other step is A's). */
static uint64_t first_level_after(const side *s, uint64_t t, bool ties)
{
    uint64_t l = s->lo;
    while (l < s->done && (*start_of(s, l + 1) < t || (ties && *start_of(s, l + 1) == t)))
        l++;
    return l;
}

static int expand_par(search *S, side *s)
{
    return S->m->topology == AMZ_TOPO_SQUARE ? expand(S, s, AMZ_TOPO_SQUARE, true)
                                             : expand(S, s, AMZ_TOPO_HEX, true);
}

/* ---- the threads: side A on the calling thread, side B on a second one ---- */
#ifdef AMZ_HAVE_PTHREAD

/* The calling thread's PROGRESS: cells owned by both sides against all cells. */
static bool progress(search *S, obs_progress *p)
{
    const uint64_t owned = atomic_load_explicit(&S->pub[0].tail, memory_order_relaxed) +
                           atomic_load_explicit(&S->pub[1].tail, memory_order_relaxed);
    if (owned < p->next)
        return true;
    p->done = owned - 1;
    if (!obs_progress_tick(S->bar, p))
        return true;
    S->canceled = true;
    return false;
}

static void run_side(search *S, int i)
{
    side *s = &S->s[i];
    unsigned spins = 0;
    obs_progress prog;
    obs_progress_init(&prog, (uint64_t)S->m->ncells);
    s->other = &S->pub[1 - i].tail;
    s->seen = 1;
    while (!atomic_load_explicit(&S->stop, memory_order_relaxed)) {
        trim(s, false);
        if (s->tail > s->seen + WINDOW || s->done + 3 - s->lo > NSTART) { /* too far ahead */
            trim(s, true);
            if (s->tail > s->seen + WINDOW && ++spins % 64 == 0)
                sched_yield(); /* the other thread may be waiting for a core */
            continue;
        }
        int r = expand_par(S, s);
        atomic_store_explicit(&S->pub[i].tail, *start_of(s, s->done + 1), memory_order_relaxed);
        if (r != EXP_LEVEL) {
            s->stopped = r;
            atomic_store_explicit(&S->stop, 1, memory_order_relaxed);
        }
        if (i == 0 && S->bar && !progress(S, &prog))
            atomic_store_explicit(&S->stop, 1, memory_order_relaxed);
    }
}

static void *side_b(void *arg)
{
    run_side(arg, 1);
    return NULL;
}

/* False if no second thread could be started (nothing was done). */
static bool run_threads(search *S)
{
    pthread_t t;
    if (pthread_create(&t, NULL, side_b, S) != 0)
        return false;
    run_side(S, 0);
    pthread_join(t, NULL);
    return true;
}
#else
static bool run_threads(search *S)
{
    (void)S;
    return false;
}
#endif

/* For tests: one schedule of the threads' phase, played on the calling thread: side A
 * runs alone for up to steps[0] levels, then side B for up to steps[1] (the first
 * stays stopped if it met B or ran out of cells, as a thread would). */
static void run_split(search *S, const uint64_t steps[2])
{
    for (int i = 0; i < 2; i++)
        for (uint64_t k = 0; k < steps[i] && !S->s[i].stopped; k++)
            S->s[i].stopped = expand_par(S, &S->s[i]);
}

/* After the threads: both sides back to the last state of the sequential schedule they
 * both reached. Each side's first step not done expands level `done` (the one it was
 * in, or an empty one: expanding it ends the schedule as the step that emptied it
 * would, at the same size); whichever of the two the schedule takes first is where it
 * stops, and the other side keeps the levels the schedule takes before it. */
static void rollback_threads(search *S)
{
    side *a = &S->s[0], *b = &S->s[1];
    uint64_t la = a->done, lb = b->done;
    uint64_t ta = *start_of(a, la + 1), tb = *start_of(b, lb + 1); /* sizes at those steps */
    if (ta <= tb)
        lb = first_level_after(b, ta, false);
    else
        la = first_level_after(a, tb, true);
    rollback(S, a, la);
    rollback(S, b, lb);
    a->other = b->other = NULL; /* the rest is sequential */
}

/* The sequential algorithm, from wherever both sides are. */
static int run_schedule(search *S)
{
    for (;;) {
        side *s = S->s[0].tail <= S->s[1].tail ? &S->s[0] : &S->s[1];
        int r = S->m->topology == AMZ_TOPO_SQUARE ? expand_square(S, s) : expand_hex(S, s);
        if (r != EXP_LEVEL)
            return r;
    }
}

/* One step from c towards its side's root. */
static inline amz_cell parent_of(const search *S, amz_cell c, int *dir)
{
    const amz_maze *m = S->m;
    *dir = (int)(state_of(S->st, c) & 7u) - 1;
    if (m->topology == AMZ_TOPO_SQUARE) {
        const int64_t step[4] = {-m->width, 1, m->width, -1};
        return c + step[*dir];
    }
    return grid_neighbor(m, c, *dir);
}

static uint64_t chain_length(const search *S, amz_cell c, amz_cell root)
{
    uint64_t n = 0;
    int d;
    for (; c != root; n++)
        c = parent_of(S, c, &d);
    return n;
}

static amz_status build_path(const search *S, amz_cell from, amz_cell to, amz_path *p, amz_error *err)
{
    const amz_maze *m = S->m;
    amz_cell u = S->meet_u, v = grid_neighbor(m, u, S->meet_dir);
    uint64_t la = chain_length(S, u, from), lb = chain_length(S, v, to);
    p->start = from;
    p->len = la + 1 + lb;
    if (p->len > SIZE_MAX || !(p->dirs = amz_malloc((size_t)p->len)))
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate a path of %llu moves", (unsigned long long)p->len);
    int d;
    amz_cell c = u;
    for (uint64_t i = la; i-- > 0;) {
        c = parent_of(S, c, &d);
        p->dirs[i] = (uint8_t)grid_plain_opposite(m->topology, d);
    }
    p->dirs[la] = (uint8_t)S->meet_dir;
    c = v;
    for (uint64_t i = la + 1; i < p->len; i++) {
        c = parent_of(S, c, &d);
        p->dirs[i] = (uint8_t)d;
    }
    return AMZ_OK;
}

static bool side_init(search *S, side *s, amz_cell root, unsigned flag)
{
    s->flag = flag;
    s->mask = 1023;
    if (!(s->ring = amz_malloc((s->mask + 1) * 8)) || !(s->start = amz_malloc(NSTART * sizeof *s->start)))
        return false;
    s->ring[0] = (uint64_t)root;
    s->tail = 1;
    s->start[0] = 0;
    s->start[1] = 1; /* level 0 is the root alone */
    _Atomic uint64_t *wp = &S->st[(uint64_t)root >> 4];
    atomic_store_explicit(wp,
                          atomic_load_explicit(wp, memory_order_relaxed) |
                              (uint64_t)(flag | NIB_ROOT) << (((unsigned)root & 15u) * 4u),
                          memory_order_relaxed);
    return true;
}

/* threads >= 2: the two threads' phase first; split: a simulated one (for tests). */
static amz_status two_ended(const amz_maze *m, amz_cell from, amz_cell to, int threads, const uint64_t *split,
                            const amz_observer *obs, amz_solve_result *out, amz_error *err)
{
    search local, *S = &local; /* on the stack: its members are 64-byte aligned */
    memset(S, 0, sizeof *S);
    S->m = m;
    /* A watcher of PROGRESS only does not need the one-thread order of events. */
    S->obs = obs_wants_steps(obs) ? obs : NULL;
    S->bar = obs && !S->obs ? obs : NULL;
    obs = S->obs;
    atomic_init(&S->stop, 0);
    atomic_init(&S->pub[0].tail, 1);
    atomic_init(&S->pub[1].tail, 1);
    amz_status st = AMZ_OK;
    S->st = core_calloc_big((size_t)bits_words((uint64_t)m->ncells * 4), 8);
    bool ok = S->st && side_init(S, &S->s[0], from, 0);
    ok = ok && side_init(S, &S->s[1], to, NIB_B);
    if (!ok) {
        st = amz_errorf(err, AMZ_ENOMEM, "bfs: cannot allocate search state for %lld cells", (long long)m->ncells);
        goto done;
    }
    if (obs && (obs_emit(obs, AMZ_EV_FRONTIER, from, -1, AMZ_NO_CELL) ||
                obs_emit(obs, AMZ_EV_FRONTIER, to, -1, AMZ_NO_CELL))) {
        st = amz_errorf(err, AMZ_ECANCELED, "bfs: canceled by the observer");
        goto done;
    }
    bool parallel = split && split[0] + split[1] < NSTART - 4; /* a split keeps every level */
    if (parallel)
        run_split(S, split);
    else
        parallel = threads >= 2 && !obs && m->ncells >= PAR_MIN_CELLS && run_threads(S);
    if (parallel) {
        if (S->canceled) {
            st = amz_errorf(err, AMZ_ECANCELED, "bfs: canceled by the observer");
            goto done;
        }
        if (S->s[0].stopped == EXP_NOMEM || S->s[1].stopped == EXP_NOMEM) {
            st = amz_errorf(err, AMZ_ENOMEM, "bfs: cannot grow the queue");
            goto done;
        }
        rollback_threads(S);
    }
    int r = run_schedule(S);
    if (r == EXP_MEET) {
        st = build_path(S, from, to, &out->path, err);
        if (st == AMZ_OK && obs)
            st = solve_emit_path(m, &out->path, obs, err);
    } else if (r == EXP_EMPTY) {
        st = solve_no_path(m, from, to, err);
    } else if (r == EXP_NOMEM) {
        st = amz_errorf(err, AMZ_ENOMEM, "bfs: cannot grow the queue");
    } else {
        st = amz_errorf(err, AMZ_ECANCELED, "bfs: canceled by the observer");
    }
done:
    out->explored = S->s[0].tail + S->s[1].tail; /* cells owned, each counted once */
    for (int i = 0; i < 2; i++) {
        amz_free(S->s[i].ring);
        amz_free(S->s[i].start);
    }
    amz_free((void *)S->st);
    return st;
}

amz_status solve_bfs_two_ended(const amz_maze *m, amz_cell from, amz_cell to, int threads,
                                   const amz_observer *obs, amz_solve_result *out, amz_error *err)
{
    return two_ended(m, from, to, threads, NULL, obs, out, err);
}

amz_status solve_bfs_two_ended_split(const amz_maze *m, amz_cell from, amz_cell to, uint64_t steps_a,
                                         uint64_t steps_b, amz_solve_result *out, amz_error *err)
{
    const uint64_t split[2] = {steps_a, steps_b};
    memset(out, 0, sizeof *out);
    out->path.start = from;
    if (from == to) { /* as amz_solve_run answers it */
        out->explored = 1;
        return AMZ_OK;
    }
    return two_ended(m, from, to, 1, split, NULL, out, err);
}
