/* kruskal.c — Kruskal: take the edges lightest first under random weights and open
 * each one whose two cells are still in different trees (union-find). The weights are
 * those of mst.h (hashed from the edge index and a key drawn from the seed, ties by the
 * index), so the order is a uniformly random one and the maze is the minimum spanning
 * forest of those weights. Watched step by step (an animation) the edges are taken
 * here in that global order; otherwise mst_tiles.c computes the same forest by tiles,
 * which is several times faster and can use several threads. Sources: J. B. Kruskal,
 * "On the shortest spanning subtree of a graph", Proc. AMS 7 (1956); R. E. Tarjan,
 * "Efficiency of a good but not linear set union algorithm", JACM 22 (1975) for
 * union-find with path halving.
 *
 * The global order is made in cache-friendly passes: each edge goes to one of B buckets
 * by its weight's top bits (counted, then scattered, in edge order), and each bucket,
 * small enough for the cache, is sorted by the rest of the weight, stably, so equal
 * weights stay in edge order. Union-find lookups run ahead of use with prefetches, and
 * roots are linked by a random-looking priority computed from their index (randomised
 * linking: expected logarithmic depth without a rank array; M. Goel, S. Khanna, D.
 * Larkin, R. Tarjan, "Disjoint set union with randomized linking", SODA 2014). The big
 * arrays ask for huge pages. Memory: 4 bytes per edge and per cell (8 past 2^32 edges)
 * and 8 bytes per edge of the largest bucket. On a mask every island gets its own
 * tree. */
#include <stdlib.h>
#include <string.h>

#include "amaze/alloc.h"
#include "core/alloc_big.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/rng_inline.h"
#include "gen/any.h"
#include "gen/gen_impl.h"
#include "gen/mst.h"
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
    void *edges, *parent;
    uint64_t nedges, key;
    unsigned bbits;         /* log2 of the number of buckets, at most 16 */
    uint64_t nbuckets;
    uint64_t *start;        /* nbuckets + 1 offsets */
    uint64_t *keys, *tmp;   /* sort keys and edges of one bucket */
    uint64_t *touched;      /* cells already announced by VISIT */
    const amz_observer *obs; /* never NULL here: unwatched runs go by tiles */
} kctx;

/* Runs `body` with `e` set to every edge between two existing cells, in index order. */
#define FOR_EACH_EDGE(m, T, body)                                                                                 \
    do {                                                                                                         \
        const int32_t w_ = (m)->width, h_ = (m)->height;                                                        \
        const int b_ = grid_plain_ndirs(T) / 2;                                                                        \
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

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Sorts edges[lo, hi) of one bucket by weight, equal weights in edge order: keys are
 * the weight's low bits above the position in the bucket (which is in edge order). */
static bool sort_bucket(kctx *k, uint64_t lo, uint64_t hi, bool wide)
{
    const uint64_t n = hi - lo;
    unsigned pb = 1;
    while (pb < 63 && ((uint64_t)1 << pb) < n)
        pb++;
    if (n < 2)
        return true;
    if (MST_WEIGHT_BITS - k->bbits + pb > 64)
        return false;
    for (uint64_t i = 0; i < n; i++) {
        const uint64_t e = get(k->edges, lo + i, wide);
        const uint64_t w = mst_weight(k->key, e) & (((uint64_t)1 << (MST_WEIGHT_BITS - k->bbits)) - 1);
        k->keys[i] = w << pb | i;
        k->tmp[i] = e;
    }
    qsort(k->keys, (size_t)n, sizeof *k->keys, cmp_u64);
    for (uint64_t i = 0; i < n; i++)
        put(k->edges, lo + i, k->tmp[k->keys[i] & (((uint64_t)1 << pb) - 1)], wide);
    return true;
}

static ALWAYS_INLINE amz_status run(kctx *k, amz_topology T, bool wide)
{
    amz_maze *m = k->m;
    const uint64_t nb = k->nbuckets, ne = k->nedges;
    const unsigned bb = k->bbits;
    uint64_t *start = k->start;
    void *par = k->parent;
    /* Pass 1: bucket sizes. Pass 2: scatter (start[b] runs ahead, then is restored).
     * Pass 3: sort each bucket. */
    const int sh = MST_WEIGHT_BITS - (int)bb;
    memset(start, 0, (size_t)(nb + 1) * sizeof *start);
    FOR_EACH_EDGE(m, T, start[(mst_weight(k->key, e) >> sh) + 1]++);
    uint64_t most = 0;
    for (uint64_t b = 1; b <= nb; b++) {
        most = start[b] > most ? start[b] : most;
        start[b] += start[b - 1];
    }
    k->keys = amz_malloc((size_t)(most ? most : 1) * sizeof *k->keys);
    k->tmp = amz_malloc((size_t)(most ? most : 1) * sizeof *k->tmp);
    if (!k->keys || !k->tmp)
        return AMZ_ENOMEM;
    FOR_EACH_EDGE(m, T, put(k->edges, start[mst_weight(k->key, e) >> sh]++, e, wide));
    for (uint64_t b = nb; b > 0; b--)
        start[b] = start[b - 1];
    start[0] = 0;
    for (uint64_t b = 0; b < nb; b++)
        if (!sort_bucket(k, start[b], start[b + 1], wide))
            return AMZ_ENOMEM;
    /* Pass 4: union-find in that order. Two prefetch stages run ahead: the two cells
     * of edge i + 2D, then the parents of those of edge i + D (and the passage word an
     * accepted edge will set), so that the finds of edge i mostly hit the cache. The
     * ends are decoded once, into a ring. Roots are linked by a random-looking priority
     * (an odd multiple of the index, xor a key). */
    enum { D = PREFETCH, RING = 4 * PREFETCH };
    amz_cell ra_[RING], rc_[RING];
    const uint64_t pkey = k->key | 1;
    obs_progress prog;
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
        if (obs_progress_tick(k->obs, &prog))
            return AMZ_ECANCELED;
        if (ra == rc)
            continue;
        const uint64_t e = get(k->edges, t, wide);
        const bool up = (ra ^ pkey) * 0x9e3779b97f4a7c15u < (rc ^ pkey) * 0x9e3779b97f4a7c15u;
        put(par, up ? ra : rc, up ? rc : ra, wide);
        /* The VISITs come before the passage exists and CARVE right after it, so a cancel
         * at any event leaves exactly the announced passages. */
        if (visit_once(k, a) || visit_once(k, c))
            return AMZ_ECANCELED;
        bits_set(m->passages, e);
        d = (int)(e % (uint64_t)(grid_plain_ndirs(T) / 2)) + 1;
        if (obs_emit(k->obs, AMZ_EV_CARVE, a, d, c))
            return AMZ_ECANCELED;
    }
    /* cells no edge reached (a 1x1 maze, a lone island cell) still get their VISIT */
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

/* ---- any grid ----
 *
 * The same forest on every other grid, plainly: the edges of the start's part (all of
 * them without a mask) listed with their weights, sorted by (weight, index), joined
 * through union-find in that order. Memory: 16 bytes an edge and 8 a cell. */
typedef struct wedge {
    uint64_t w, e;
} wedge;

static int cmp_wedge(const void *a, const void *b)
{
    const wedge *x = a, *y = b;
    return x->w != y->w ? (x->w > y->w) - (x->w < y->w) : (x->e > y->e) - (x->e < y->e);
}

/* Opens edge a-d-b and joins the trees of its ends (different ones), watched. */
static amz_status join(kctx *k, uint64_t *par, amz_cell a, int d, amz_cell b)
{
    amz_maze *m = k->m;
    par[find(par, (uint64_t)a, true)] = find(par, (uint64_t)b, true);
    bits_set(m->passages, grid_edge(m, a, d, b));
    if (k->obs && (visit_once(k, a) || visit_once(k, b) || obs_emit(k->obs, AMZ_EV_CARVE, a, d, b)))
        return AMZ_ECANCELED;
    return AMZ_OK;
}

/* A weave grid's crossings, laid before any edge is joined (J. Buck, "Mazes for
 * Programmers", 2015, Kruskal's weave): ncells tries at cells drawn at random, each
 * taken with probability p, make cell c a straight corridor (W-c-E, or N-c-S) with a
 * passage under it the other way (N to S, or W to E), when c and its four neighbours
 * exist (in the start's part), none is a crossing already, and the five are in five
 * different trees. The crossing cells are marked in `cross`: no other edge may touch
 * them (their corridor is laid), so the joins that follow skip them. */
static amz_status lay_crossings(kctx *k, uint64_t *par, const uint64_t *part, uint64_t *cross, amz_rng *rng, double p)
{
    amz_maze *m = k->m;
    const uint64_t n = (uint64_t)m->ncells;
    amz_status st = AMZ_OK;
    for (uint64_t i = 0; i < n && st == AMZ_OK; i++) {
        const amz_cell c = (amz_cell)(rng_next(rng) % n);
        const uint64_t r = rng_next(rng);
        if (p < 1 && rng_unit_of(r) >= p)
            continue;
        amz_cell nb[AMZ_MAX_DIRS];
        grid_at at;
        any_nbrs(m, c, nb, &at);
        const amz_cell five[5] = {c, nb[AMZ_SQ_N], nb[AMZ_SQ_E], nb[AMZ_SQ_S], nb[AMZ_SQ_W]};
        uint64_t roots[5];
        bool ok = true;
        for (int j = 0; j < 5 && ok; j++) {
            ok = five[j] != AMZ_NO_CELL && grid_exists(m, five[j]) && (!part || bits_get(part, (uint64_t)five[j])) &&
                 !bits_get(cross, (uint64_t)five[j]);
            roots[j] = ok ? find(par, (uint64_t)five[j], true) : 0;
            for (int q = 0; q < j && ok; q++)
                ok = roots[q] != roots[j];
        }
        if (!ok)
            continue;
        /* the low bit of r: the corridor on top runs E-W (1) or N-S (0) */
        const int over = r & 1 ? AMZ_SQ_E : AMZ_SQ_N, under = r & 1 ? AMZ_SQ_N : AMZ_SQ_W;
        const amz_cell a = nb[over], b = nb[(over + 2) % 4], u = nb[under];
        bits_set(cross, (uint64_t)c);
        if ((st = join(k, par, c, over, a)) == AMZ_OK && (st = join(k, par, c, (over + 2) % 4, b)) == AMZ_OK)
            st = join(k, par, u, under == AMZ_SQ_N ? AMZ_SQ_S2 : AMZ_SQ_E2, nb[(under + 2) % 4]);
    }
    return st;
}

static amz_status kruskal_any(amz_maze *m, uint64_t key, amz_rng *rng, double weave, const amz_observer *obs,
                              amz_error *err)
{
    const uint64_t n = (uint64_t)m->ncells, words = bits_words(n);
    uint64_t *part = amz_calloc((size_t)words, 8), *cross = NULL, ne = 0, cap = 0;
    uint64_t *par = amz_malloc((size_t)n * sizeof *par);
    wedge *list = NULL;
    amz_status st = AMZ_ENOMEM;
    int8_t slot_dir[4];
    for (int s = 0; s < m->bits; s++)
        slot_dir[s] = (int8_t)any_slot_dir(m, (unsigned)s);
    if (!part || !par || (m->weave && !(cross = amz_calloc((size_t)words, 8))) ||
        (m->mask && !gen_part(m, m->start, part)))
        goto out;
    for (amz_cell c = 0; c < m->ncells; c++) {
        par[c] = (uint64_t)c;
        if (!grid_exists(m, c) || (m->mask && !bits_get(part, (uint64_t)c)))
            continue;
        amz_cell nb[AMZ_MAX_DIRS];
        const int nd = gen_nbrs(m, GEN_ANY, c, nb);
        for (int d = 0; d < nd; d++) {
            if (nb[d] == AMZ_NO_CELL || grid_slot[m->topology][d] < 0)
                continue;
            if (ne == cap) {
                uint64_t ncap = cap ? cap * 2 : 4096;
                wedge *nl = amz_realloc(list, (size_t)ncap * sizeof *nl);
                if (!nl)
                    goto out;
                list = nl;
                cap = ncap;
            }
            const uint64_t e = grid_edge(m, c, d, nb[d]);
            list[ne++] = (wedge){mst_weight(key, e), e};
        }
    }
    if (ne > 0) /* a single cell has no edge and no list */
        qsort(list, (size_t)ne, sizeof *list, cmp_wedge);
    kctx k = {m, NULL, par, ne, key, 0, 1, NULL, NULL, NULL, NULL, obs};
    if (obs && !(k.touched = amz_calloc((size_t)words, 8)))
        goto out;
    st = m->weave ? lay_crossings(&k, par, m->mask ? part : NULL, cross, rng, weave) : AMZ_OK;
    obs_progress prog;
    obs_progress_init(&prog, ne);
    for (uint64_t i = 0; i < ne && st == AMZ_OK; i++) {
        amz_cell a;
        int d;
        amz_cell b = any_edge_ends(m, slot_dir, list[i].e, &a, &d);
        uint64_t ra = find(par, (uint64_t)a, true), rb = find(par, (uint64_t)b, true);
        if (obs && obs_progress_tick(obs, &prog))
            st = AMZ_ECANCELED;
        if (ra == rb || st || (cross && (bits_get(cross, (uint64_t)a) || bits_get(cross, (uint64_t)b))))
            continue;
        par[ra] = rb;
        if (obs && (visit_once(&k, a) || visit_once(&k, b)))
            st = AMZ_ECANCELED;
        bits_set(m->passages, list[i].e);
        if (obs && st == AMZ_OK && obs_emit(obs, AMZ_EV_CARVE, a, d, b))
            st = AMZ_ECANCELED;
    }
    for (amz_cell c = 0; obs && st == AMZ_OK && c < m->ncells; c++)
        if (grid_exists(m, c) && visit_once(&k, c))
            st = AMZ_ECANCELED;
    amz_free(k.touched);
out:
    amz_free(cross);
    amz_free(part);
    amz_free(par);
    amz_free(list);
    if (st == AMZ_ENOMEM)
        amz_errorf(err, st, "kruskal: cannot allocate the edges of %lld cells", (long long)m->ncells);
    else if (st == AMZ_ECANCELED)
        amz_errorf(err, st, "kruskal: canceled by the observer");
    return st;
}

amz_status gen_kruskal(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                           amz_error *err)
{
    /* Prim and Kruskal build the minimum spanning tree of whatever weights they get:
     * with prim's key the same seed would give prim's maze, so kruskal salts its own. */
    const uint64_t key = rng_next(rng) ^ 0x6b7275736b616cu; /* "kruskal" */
    if (!amz_maze_is_plain(m))
        return kruskal_any(m, key, rng, o->weave, obs_normalize(obs), err);
    if (!obs_wants_steps(obs))
        return gen_mst_tiled(m, key, o->threads, obs, "kruskal", err);
    const uint64_t n = (uint64_t)m->ncells, maxid = n * (uint64_t)m->bits;
    const bool wide = maxid > UINT32_MAX;
    const size_t vsize = wide ? 8 : 4;
    kctx k = {m, NULL, NULL, 0, key, 0, 1, NULL, NULL, NULL, NULL, obs};
    amz_status st = AMZ_OK;
    /* Count the edges: the full grid's, less those touching removed cells. */
    if (m->mask) {
        FOR_EACH_EDGE(m, m->topology, (void)e; k.nedges++);
    } else {
        const uint64_t w = (uint64_t)m->width, h = (uint64_t)m->height;
        k.nedges = m->topology == AMZ_TOPO_SQUARE ? (w - 1) * h + w * (h - 1)
                                                  : (w - 1) * h + w * (h - 1) + (w - 1) * (h - 1);
    }
    /* About 65536 edges per bucket: a bucket's sort stays in the L2 cache, and the
     * scatter writes to few enough places at once. */
    while (k.nbuckets * 65536 < k.nedges && k.bbits < 16) {
        k.nbuckets *= 2;
        k.bbits++;
    }
    /* The union-find and the edge list are indexed at random: ask for huge pages. */
    k.edges = core_calloc_big((size_t)(k.nedges ? k.nedges : 1), vsize);
    k.parent = core_calloc_big((size_t)n, vsize);
    k.start = amz_malloc((size_t)(k.nbuckets + 1) * sizeof *k.start);
    k.touched = amz_calloc((size_t)bits_words(n), 8);
    if (!k.edges || !k.parent || !k.start || !k.touched) {
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
    else if (st == AMZ_ENOMEM)
        amz_errorf(err, st, "kruskal: out of memory for sorting the edges");
out:
    amz_free(k.keys);
    amz_free(k.tmp);
    amz_free(k.edges);
    amz_free(k.parent);
    amz_free(k.start);
    amz_free(k.touched);
    return st;
}
