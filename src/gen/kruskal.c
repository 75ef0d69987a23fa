/* kruskal.c — randomised Kruskal: take the edges in a uniformly random order and open
 * each one whose two cells are still in different trees (union-find). Sources:
 * J. B. Kruskal, "On the shortest spanning subtree of a graph", Proc. AMS 7 (1956);
 * R. E. Tarjan, "Efficiency of a good but not linear set union algorithm", JACM 22
 * (1975) for union-find with path halving.
 *
 * Speed comes from memory order. The random order is made in cache-friendly passes:
 * each edge goes to one of B buckets by 16 random bits (counted, then scattered from
 * the same draws replayed), and each bucket, small enough for the cache, is shuffled
 * by Fisher-Yates; independent uniform buckets plus uniform shuffles give a uniform
 * permutation. Union-find lookups run ahead of use with prefetches, and roots are
 * linked by a random-looking priority computed from their index (randomised linking:
 * expected logarithmic depth without a rank array; M. Goel, S. Khanna, D. Larkin,
 * R. Tarjan, "Disjoint set union with randomized linking", SODA 2014). The big arrays
 * ask for huge pages. Memory: 4 bytes per edge and per cell (8 past 2^32 edges). On a
 * mask every island gets its own tree. */
#include <string.h>

#include "amaze/alloc.h"
#include "core/alloc_big.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/rng_inline.h"
#include "gen/gen_impl.h"
#include "grid/grid.h"

#define PREFETCH 16 /* edges looked ahead */

/* Edge lists and union-find parents hold 32-bit values unless the maze is too big. */
static ALWAYS_INLINE uint64_t get(const void *a, uint64_t i, bool wide)
{
    return wide ? ((const uint64_t *)a)[i] : ((const uint32_t *)a)[i];
}

static ALWAYS_INLINE void put(void *a, uint64_t i, uint64_t v, bool wide)
{
    if (wide)
        ((uint64_t *)a)[i] = v;
    else
        ((uint32_t *)a)[i] = (uint32_t)v;
}

static ALWAYS_INLINE uint64_t find(void *p, uint64_t x, bool wide)
{
    /* Two hops unconditionally: paths are nearly always this short, and testing after
     * each hop would be an unpredictable branch. */
    const uint64_t x1 = get(p, x, wide), x2 = get(p, x1, wide);
    if (__builtin_expect(x2 == x1, 1))
        return x1;
    for (;;) {
        uint64_t px = get(p, x, wide);
        if (px == x)
            return x;
        uint64_t gx = get(p, px, wide);
        put(p, x, gx, wide); /* path halving */
        x = gx;
    }
}

/* The other cell of edge e (a passage bit index: owner * bits + dir - 1). */
static ALWAYS_INLINE amz_cell other_end(const amz_maze *m, amz_topology T, uint64_t e, amz_cell *owner, int *dir)
{
    if (T == AMZ_TOPO_SQUARE) { /* E (bit 0) to the next cell, S (bit 1) to the one below */
        *owner = (amz_cell)(e >> 1);
        *dir = (int)(e & 1) + 1;
        return *owner + ((e & 1) ? m->width : 1);
    }
    amz_cell a = (amz_cell)(e / 3);
    int d = (int)(e % 3) + 1;
    *owner = a;
    *dir = d;
    return grid_neighbor_xy(T, m->width, m->height, a, (int32_t)(a % m->width), (int32_t)(a / m->width), d);
}

typedef struct kctx {
    amz_maze *m;
    amz_rng *rng;
    void *edges, *parent;
    uint64_t nedges, key;
    unsigned bbits;         /* log2 of the number of buckets, at most 16 */
    uint64_t nbuckets;
    uint64_t *start;        /* nbuckets + 1 offsets */
    uint64_t *touched;      /* observed runs: cells already announced by VISIT */
    const amz_observer *obs;
} kctx;

/* Runs `body` with `e` set to every edge between two existing cells, in index order. */
#define FOR_EACH_EDGE(m, T, body)                                                                                 \
    do {                                                                                                         \
        const int32_t w_ = (m)->width, h_ = (m)->height;                                                        \
        const int b_ = grid_ndirs(T) / 2;                                                                        \
        for (int32_t y_ = 0; y_ < h_; y_++)                                                                      \
            for (int32_t x_ = 0; x_ < w_; x_++) {                                                                \
                amz_cell c_ = (amz_cell)y_ * w_ + x_;                                                            \
                if (!grid_exists(m, c_))                                                                         \
                    continue;                                                                                    \
                for (int d_ = 1; d_ <= b_; d_++) {                                                               \
                    int32_t nx_, ny_;                                                                            \
                    if (!grid_step(T, w_, h_, x_, y_, d_, &nx_, &ny_) ||                                         \
                        !grid_exists(m, (amz_cell)ny_ * w_ + nx_))                                               \
                        continue;                                                                                \
                    const uint64_t e = (uint64_t)c_ * (uint64_t)b_ + (uint64_t)(d_ - 1);                          \
                    body;                                                                                        \
                }                                                                                                \
            }                                                                                                    \
    } while (0)

static amz_status visit_once(kctx *k, amz_cell c)
{
    if (bits_get(k->touched, (uint64_t)c))
        return AMZ_OK;
    bits_set(k->touched, (uint64_t)c);
    return obs_emit(k->obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL) ? AMZ_ECANCELED : AMZ_OK;
}

static ALWAYS_INLINE const void *slot(const void *a, uint64_t i, bool wide)
{
    return wide ? (const void *)((const uint64_t *)a + i) : (const void *)((const uint32_t *)a + i);
}

/* Bucket of the next edge: 16 random bits per edge, four edges per draw, top bbits
 * of each. The two passes replay the same stream from a copy of the generator. */
static ALWAYS_INLINE uint64_t next_bucket(amz_rng *r, uint64_t *buf, unsigned *left, unsigned bbits)
{
    if (*left == 0) {
        *buf = rng_next(r);
        *left = 4;
    }
    uint64_t v = *buf & 0xffffu;
    *buf >>= 16;
    --*left;
    return v >> (16 - bbits);
}

static ALWAYS_INLINE amz_status run(kctx *k, amz_topology T, bool wide)
{
    amz_maze *m = k->m;
    const uint64_t nb = k->nbuckets, ne = k->nedges;
    const unsigned bb = k->bbits;
    uint64_t *start = k->start;
    void *par = k->parent;
    /* Pass 1: bucket sizes. Pass 2: the same draws again, scattering (start[b] runs
     * ahead, then is restored). Pass 3: shuffle each bucket. */
    amz_rng replay = *k->rng;
    uint64_t buf = 0;
    unsigned left = 0;
    memset(start, 0, (size_t)(nb + 1) * sizeof *start);
    FOR_EACH_EDGE(m, T, (void)e; start[next_bucket(k->rng, &buf, &left, bb) + 1]++);
    for (uint64_t b = 1; b <= nb; b++)
        start[b] += start[b - 1];
    left = 0;
    FOR_EACH_EDGE(m, T, put(k->edges, start[next_bucket(&replay, &buf, &left, bb)]++, e, wide));
    for (uint64_t b = nb; b > 0; b--)
        start[b] = start[b - 1];
    start[0] = 0;
    for (uint64_t b = 0; b < nb; b++) {
        const uint64_t lo = start[b], hi = start[b + 1];
        for (uint64_t i = hi - lo; i > 1; i--) { /* Fisher-Yates */
            uint64_t j = lo + (i <= UINT32_MAX ? rng_below(k->rng, (uint32_t)i) : amz_rng_below64(k->rng, i));
            uint64_t t = get(k->edges, lo + i - 1, wide);
            put(k->edges, lo + i - 1, get(k->edges, j, wide), wide);
            put(k->edges, j, t, wide);
        }
    }
    /* Pass 4: union-find in that order. Two prefetch stages run ahead: the two cells
     * of edge i + 2D, then the parents of those of edge i + D (and the passage word an
     * accepted edge will set), so that the finds of edge i mostly hit the cache. The
     * ends are decoded once, into a ring. Roots are linked by a random-looking priority
     * (an odd multiple of the index, xor a key). */
    enum { D = PREFETCH, RING = 4 * PREFETCH };
    amz_cell ra_[RING], rc_[RING];
    const uint64_t pkey = k->key | 1;
    obs_progress prog = {0, 0, 0, 0};
    if (k->obs)
        obs_progress_init(&prog, ne);
    for (uint64_t i = 0; i < ne + 2 * D; i++) {
        amz_cell a, c;
        int d;
        if (i < ne) {
            c = other_end(m, T, get(k->edges, i, wide), &a, &d);
            ra_[i % RING] = a;
            rc_[i % RING] = c;
            __builtin_prefetch(slot(par, (uint64_t)a, wide), 1);
            __builtin_prefetch(slot(par, (uint64_t)c, wide), 1);
        }
        if (i >= D && i - D < ne) {
            const uint64_t t = i - D;
            __builtin_prefetch(slot(par, get(par, (uint64_t)ra_[t % RING], wide), wide), 1);
            __builtin_prefetch(slot(par, get(par, (uint64_t)rc_[t % RING], wide), wide), 1);
            __builtin_prefetch(&m->passages[get(k->edges, t, wide) >> 6], 1);
        }
        if (i < 2 * D)
            continue;
        const uint64_t t = i - 2 * D;
        a = ra_[t % RING];
        c = rc_[t % RING];
        uint64_t ra = find(par, (uint64_t)a, wide), rc = find(par, (uint64_t)c, wide);
        if (k->obs && obs_progress_tick(k->obs, &prog))
            return AMZ_ECANCELED;
        if (ra == rc)
            continue;
        const uint64_t e = get(k->edges, t, wide);
        const bool up = (ra ^ pkey) * 0x9e3779b97f4a7c15u < (rc ^ pkey) * 0x9e3779b97f4a7c15u;
        put(par, up ? ra : rc, up ? rc : ra, wide);
        /* The VISITs come before the passage exists and CARVE right after it, so a cancel
         * at any event leaves exactly the announced passages. */
        if (k->obs && (visit_once(k, a) || visit_once(k, c)))
            return AMZ_ECANCELED;
        bits_set(m->passages, e);
        if (k->obs) {
            d = (int)(e % (uint64_t)(grid_ndirs(T) / 2)) + 1;
            if (obs_emit(k->obs, AMZ_EV_CARVE, a, d, c))
                return AMZ_ECANCELED;
        }
    }
    if (k->obs) /* cells no edge reached (a 1x1 maze, a lone island cell) still get their VISIT */
        for (amz_cell c = 0; c < m->ncells; c++)
            if (grid_exists(m, c) && visit_once(k, c))
                return AMZ_ECANCELED;
    return AMZ_OK;
}

static amz_status run_square(kctx *k)
{
    return run(k, AMZ_TOPO_SQUARE, false);
}

static amz_status run_square_wide(kctx *k)
{
    return run(k, AMZ_TOPO_SQUARE, true);
}

static amz_status run_hex(kctx *k)
{
    return run(k, AMZ_TOPO_HEX, false);
}

static amz_status run_hex_wide(kctx *k)
{
    return run(k, AMZ_TOPO_HEX, true);
}

amz_status amz_gen_kruskal(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                           amz_error *err)
{
    (void)o;
    const uint64_t n = (uint64_t)m->ncells, maxid = n * (uint64_t)m->bits;
    const bool wide = maxid > UINT32_MAX;
    const size_t vsize = wide ? 8 : 4;
    kctx k = {m, rng, NULL, NULL, 0, 0, 0, 1, NULL, NULL, obs};
    amz_status st = AMZ_OK;
    /* Count the edges: the full grid's, less those touching removed cells. */
    if (m->mask) {
        FOR_EACH_EDGE(m, m->topology, (void)e; k.nedges++);
    } else {
        const uint64_t w = (uint64_t)m->width, h = (uint64_t)m->height;
        k.nedges = m->topology == AMZ_TOPO_SQUARE ? (w - 1) * h + w * (h - 1)
                                                  : (w - 1) * h + w * (h - 1) + (w - 1) * (h - 1);
    }
    /* About 65536 edges per bucket: a bucket's shuffle stays in the L2 cache, and the
     * scatter writes to few enough places at once. */
    while (k.nbuckets * 65536 < k.nedges && k.bbits < 16) {
        k.nbuckets *= 2;
        k.bbits++;
    }
    k.key = rng_next(rng);
    /* The union-find and the edge list are indexed at random: ask for huge pages. */
    k.edges = amz_calloc_big((size_t)(k.nedges ? k.nedges : 1), vsize);
    k.parent = amz_calloc_big((size_t)n, vsize);
    k.start = amz_malloc((size_t)(k.nbuckets + 1) * sizeof *k.start);
    if (obs)
        k.touched = amz_calloc((size_t)bits_words(n), 8);
    if (!k.edges || !k.parent || !k.start || (obs && !k.touched)) {
        st = amz_errorf(err, AMZ_ENOMEM, "kruskal: cannot allocate %llu edges and %llu cells of union-find",
                        (unsigned long long)k.nedges, (unsigned long long)n);
        goto out;
    }
    for (uint64_t i = 0; i < n; i++)
        put(k.parent, i, i, wide);
    if (m->topology == AMZ_TOPO_SQUARE)
        st = wide ? run_square_wide(&k) : run_square(&k);
    else
        st = wide ? run_hex_wide(&k) : run_hex(&k);
    if (st == AMZ_ECANCELED)
        amz_errorf(err, st, "kruskal: canceled by the observer");
out:
    amz_free(k.edges);
    amz_free(k.parent);
    amz_free(k.start);
    amz_free(k.touched);
    return st;
}
