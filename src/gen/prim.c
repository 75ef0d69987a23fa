/* prim.c — true Prim: every edge gets a random weight, and the tree grows from the
 * start by the lightest edge leading out of it, so the maze is the minimum spanning
 * tree of those weights (mst.h). Watched step by step (an animation), the tree grows
 * here; otherwise the same tree is computed by tiles (mst_tiles.c), which is faster and
 * can use several threads. Sources: R. C. Prim, "Shortest connection networks and
 * some generalizations", Bell System Tech. J. 36 (1957); the maze form in J. Buck,
 * "Mazes for Programmers" (2015), ch. 11 ("True Prim's").
 *
 * Weights are 36-bit values hashed from the edge index and a key drawn from the rng,
 * so they cost no memory (ties, broken by the edge index, are vanishingly rare). The
 * frontier is a bucket queue: 4096 buckets by the weight's top 12 bits, found through
 * a two-level bitmap of non-empty buckets, each bucket a small binary heap on the rest
 * of the weight (4-ary). Only the bucket being popped takes insertions into its heap;
 * the others append to a log that is merged (each key once) when the bucket becomes
 * the lightest, so nearly every operation touches memory that is already in the
 * cache: most queued edges are heavy ones that wait long or forever (the tree grows
 * like invasion percolation: the queue peaks near one edge per cell). A popped edge
 * whose far cell joined the tree meanwhile is dropped (lazy deletion), and the run
 * stops once every cell is in (the rest of the queue is then stale). Memory: 1 bit per
 * cell, 8 bytes per queued edge (at most the number of edges, up to twice that for
 * growth), 128 KB of headers. */
#include <string.h>

#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/rng_inline.h"
#include "gen/any.h"
#include "gen/gen_impl.h"
#include "gen/mst.h"
#include "grid/grid.h"

/* Weights have 36 bits: the top 12 pick one of 4096 buckets, the low 24 order a
 * bucket's entries, packed above the 38-bit edge index: key = low << 38 | edge. */
#define LEVELS 4096
#define EDGE_BITS 38
#define LOW_BITS 24

/* Per bucket: a binary min-heap of keys and an unordered log of keys not yet in it. */
typedef struct bucket {
    uint64_t *heap, *log;
    uint32_t hn, hcap, ln, lcap;
} bucket;

typedef struct bucketq {
    bucket b[LEVELS];
    uint64_t l0[LEVELS / 64], l1; /* non-empty buckets, two levels */
    uint32_t cur;                 /* the bucket whose log is merged: the one being popped */
    uint64_t next;                /* the likely next edge, for prefetching */
} bucketq;

static bool reserve(uint64_t **a, uint32_t *cap, uint32_t need)
{
    uint64_t ncap = *cap ? *cap : 4; /* most buckets stay tiny on small mazes */
    while (ncap < need)
        ncap *= 2;
    if (ncap > UINT32_MAX)
        return false;
    uint64_t *n = amz_realloc(*a, (size_t)ncap * sizeof *n);
    if (!n)
        return false;
    *a = n;
    *cap = (uint32_t)ncap;
    return true;
}

/* The heaps are 4-ary: half the depth of a binary heap, and a node's children share
 * a cache line (node i has children 4i+1 .. 4i+4). */
static void sift_up(uint64_t *h, uint32_t i, uint64_t key)
{
    while (i > 0 && h[(i - 1) / 4] > key) {
        h[i] = h[(i - 1) / 4];
        i = (i - 1) / 4;
    }
    h[i] = key;
}

/* Index of the smallest of the children c .. c+3 (all present), without branches. */
static inline uint32_t min4(const uint64_t *h, uint32_t c)
{
    uint32_t a = c + (h[c + 1] < h[c]), b = c + 2 + (h[c + 3] < h[c + 2]);
    return h[b] < h[a] ? b : a;
}

static void sift_down(uint64_t *h, uint32_t n, uint32_t i, uint64_t key)
{
    for (;;) {
        uint32_t c = 4 * i + 1;
        if (c >= n)
            break;
        uint32_t best = c;
        if (c + 3 < n)
            best = min4(h, c);
        else
            for (uint32_t k = c + 1; k < n; k++)
                best = h[k] < h[best] ? k : best;
        if (h[best] >= key)
            break;
        h[i] = h[best];
        i = best;
    }
    h[i] = key;
}

static bool q_push(bucketq *q, uint32_t lvl, uint64_t key)
{
    bucket *b = &q->b[lvl];
    if (lvl == q->cur) {
        if (b->hn == b->hcap && !reserve(&b->heap, &b->hcap, b->hn + 1))
            return false;
        sift_up(b->heap, b->hn++, key);
    } else {
        if (b->ln == b->lcap && !reserve(&b->log, &b->lcap, b->ln + 1))
            return false;
        b->log[b->ln++] = key;
    }
    q->l0[lvl >> 6] |= (uint64_t)1 << (lvl & 63);
    q->l1 |= (uint64_t)1 << (lvl >> 6);
    return true;
}

/* Moves a bucket's log into its heap: a bottom-up heapify when the heap is empty
 * (O(k)), else one insertion per logged key into the now hot heap. */
static bool merge(bucket *b)
{
    if (!b->ln)
        return true;
    if (!b->hn) {
        uint64_t *t = b->heap;
        uint32_t tc = b->hcap;
        b->heap = b->log;
        b->hcap = b->lcap;
        b->hn = b->ln;
        b->log = t;
        b->lcap = tc;
        b->ln = 0;
        for (uint32_t i = b->hn / 2; i-- > 0;)
            sift_down(b->heap, b->hn, i, b->heap[i]);
        return true;
    }
    if (b->hn + b->ln > b->hcap && !reserve(&b->heap, &b->hcap, b->hn + b->ln))
        return false;
    for (uint32_t i = 0; i < b->ln; i++)
        sift_up(b->heap, b->hn++, b->log[i]);
    b->ln = 0;
    return true;
}

/* Pops the lightest edge into *edge: 1, or 0 when empty, -1 out of memory. */
static inline int q_pop(bucketq *q, uint64_t *edge)
{
    if (!q->l1)
        return 0;
    uint32_t b1 = (uint32_t)__builtin_ctzll(q->l1);
    uint32_t lvl = b1 * 64 + (uint32_t)__builtin_ctzll(q->l0[b1]);
    bucket *b = &q->b[lvl];
    q->cur = lvl;
    if (!merge(b))
        return -1;
    uint64_t *h = b->heap;
    *edge = h[0] & (((uint64_t)1 << EDGE_BITS) - 1);
    uint64_t last = h[--b->hn];
    const uint32_t n = b->hn;
    if (n) {
        /* Floyd's bottom-up deletion: walk the smaller children down to a leaf without
         * comparing against `last` (a branch-free choice at each level, so no
         * mispredictions), then let `last` climb from there, rarely more than a step. */
        uint32_t i = 0, c;
        while ((c = 4 * i + 1) + 3 < n) {
            c = min4(h, c);
            h[i] = h[c];
            i = c;
        }
        if (c < n) { /* a last node with fewer than four children */
            uint32_t best = c;
            for (uint32_t k = c + 1; k < n; k++)
                best = h[k] < h[best] ? k : best;
            h[i] = h[best];
            i = best;
        }
        sift_up(h, i, last);
        /* The next pop is most likely the new top: start fetching its cells' memory. */
        q->next = h[0] & (((uint64_t)1 << EDGE_BITS) - 1);
    } else if (!(q->l0[b1] &= ~((uint64_t)1 << (lvl & 63))))
        q->l1 &= ~((uint64_t)1 << b1);
    return 1;
}

static void q_free(bucketq *q)
{
    for (uint32_t i = 0; q && i < LEVELS; i++) {
        amz_free(q->b[i].heap);
        amz_free(q->b[i].log);
    }
    amz_free(q);
}

typedef struct prim_ctx {
    amz_maze *m;
    int8_t slot_dir[4];    /* any grid: the direction of each storage slot */
    bucketq *q;
    uint64_t *tree, *seen; /* seen: cells announced as FRONTIER (observed runs only) */
    uint64_t key;
    uint64_t left;         /* cells of the start's part not yet in the tree */
    double weave;          /* a weave grid's share of under-passage chances taken */
    const amz_observer *obs;
    obs_progress prog;
} prim_ctx;

/* An under-passage edge e of cell a in direction d (a weave's E2 or S2, one end in the
 * tree): a chance when the cell it passes under is in the tree and a straight corridor
 * the other way, taken with probability weave (by a hash of the edge, so the maze is
 * the same however the queue breaks ties). Once taken, that cell has its four
 * neighbours in the tree: no edge of it is ever taken again, so it stays straight. */
static bool under_ok(const prim_ctx *p, amz_cell a, int d, uint64_t e)
{
    const amz_cell mid = grid_neighbor(p->m, a, d - AMZ_SQ_N2);
    if (mid == AMZ_NO_CELL || !bits_get(p->tree, (uint64_t)mid) || !any_crossable(p->m, mid, d))
        return false;
    return (double)mst_weight(p->key ^ 0x7765617665u, e) / (double)((uint64_t)1 << MST_WEIGHT_BITS) < p->weave;
}

/* Adds cell c to the tree and queues its edges to cells outside. */
static ALWAYS_INLINE amz_status add(prim_ctx *p, amz_topology T, amz_cell c)
{
    amz_maze *m = p->m;
    amz_cell nbs[AMZ_MAX_DIRS];
    bits_set(p->tree, (uint64_t)c);
    p->left--;
    if (p->obs && (obs_emit(p->obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL) || obs_progress_tick(p->obs, &p->prog)))
        return AMZ_ECANCELED;
    const int nd = gen_nbrs(m, T, c, nbs);
    /* A weave's under-passages are queued as edges too (any_nbrs filled their cells);
     * grow takes one only if it is still a chance when it comes out (under_ok). */
    const int nq = T == GEN_ANY && m->weave ? AMZ_SQ_W2 + 1 : nd;
    for (int d = 0; d < nq; d++) {
        if (d >= nd && d < AMZ_SQ_N2)
            continue;
        amz_cell nb = nbs[d];
        if (nb == AMZ_NO_CELL || bits_get(p->tree, (uint64_t)nb))
            continue;
        uint64_t e = gen_edge(m, T, c, d, nb), wt = mst_weight(p->key, e);
        if (!q_push(p->q, (uint32_t)(wt >> LOW_BITS), (wt & ((1u << LOW_BITS) - 1)) << EDGE_BITS | e))
            return AMZ_ENOMEM;
        if (p->obs && !bits_get(p->seen, (uint64_t)nb)) {
            bits_set(p->seen, (uint64_t)nb);
            if (obs_emit(p->obs, AMZ_EV_FRONTIER, nb, -1, AMZ_NO_CELL))
                return AMZ_ECANCELED;
        }
    }
    return AMZ_OK;
}

static ALWAYS_INLINE amz_status grow(prim_ctx *p, amz_topology T)
{
    amz_maze *m = p->m;
    const int32_t w = m->width, h = m->height;
    const int bits = T == GEN_ANY ? m->bits : grid_plain_ndirs(T) / 2;
    amz_status st = add(p, T, m->start);
    uint64_t e;
    /* Once every cell is in, the queue holds only stale edges: stop. */
    while (st == AMZ_OK && p->left) {
        int got = q_pop(p->q, &e);
        if (got <= 0) {
            st = got ? AMZ_ENOMEM : AMZ_OK;
            break;
        }
        const uint64_t nx = p->q->next / (uint64_t)bits;
        __builtin_prefetch(&p->tree[nx >> 6]);
        __builtin_prefetch(&p->tree[(nx + (uint64_t)w) >> 6]);
        __builtin_prefetch(&m->passages[p->q->next >> 6], 1);
        /* Decode the edge: the owning cell and its direction. */
        amz_cell a, b;
        int d;
        if (T == GEN_ANY) {
            b = any_edge_ends(m, p->slot_dir, e, &a, &d);
        } else {
            a = (amz_cell)(e / (uint64_t)bits);
            d = (int)(e % (uint64_t)bits) + 1;
            b = grid_neighbor_xy(T, w, h, a, (int32_t)(a % w), (int32_t)(a / w), d);
        }
        bool ain = bits_get(p->tree, (uint64_t)a), bin = bits_get(p->tree, (uint64_t)b);
        if (ain && bin)
            continue; /* stale: both ends joined meanwhile */
        if (T == GEN_ANY && m->weave && d >= AMZ_SQ_N2 && !under_ok(p, a, d, e))
            continue;
        bits_set(m->passages, e);
        amz_cell from = ain ? a : b, to = ain ? b : a;
        int dir = ain ? d : T == GEN_ANY ? grid_back(m, a, d) : grid_plain_opposite(T, d);
        if (p->obs && obs_emit(p->obs, AMZ_EV_CARVE, from, dir, to))
            return AMZ_ECANCELED;
        st = add(p, T, to);
    }
    return st;
}

static amz_status grow_square(prim_ctx *p)
{
    return grow(p, AMZ_TOPO_SQUARE);
}

static amz_status grow_hex(prim_ctx *p)
{
    return grow(p, AMZ_TOPO_HEX);
}

static amz_status grow_any(prim_ctx *p)
{
    return grow(p, GEN_ANY);
}

amz_status gen_prim(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                        amz_error *err)
{
    /* Unwatched, the same tree (the minimum spanning tree of the same weights) comes
     * faster by tiles (mst_tiles.c); on a mask only the start's part is grown here. */
    const bool plain = amz_maze_is_plain(m);
    if (!obs_wants_steps(obs) && !m->mask && plain)
        return gen_mst_tiled(m, rng_next(rng), o->threads, obs, "prim", err);
    const size_t words = (size_t)bits_words((uint64_t)m->ncells);
    prim_ctx p = {.m = m,
                  .q = amz_calloc(1, sizeof(bucketq)),
                  .tree = amz_calloc(words, 8),
                  .left = (uint64_t)m->ncells,
                  .weave = o->weave,
                  .obs = obs};
    for (int s = 0; s < m->bits && !plain; s++)
        p.slot_dir[s] = (int8_t)any_slot_dir(m, (unsigned)s);
    amz_status st = AMZ_OK;
    p.key = rng_next(rng);
    if (m->mask && p.tree) { /* count the start's part; the flood's bits are cleared again */
        p.left = gen_part(m, m->start, p.tree);
        memset(p.tree, 0, words * 8);
        if (!p.left)
            st = AMZ_ENOMEM;
    }
    if (obs) {
        p.seen = amz_calloc(words, 8);
        obs_progress_init(&p.prog, (uint64_t)amz_maze_count_cells(m));
    }
    if (!p.q || !p.tree || (obs && !p.seen))
        st = AMZ_ENOMEM;
    else if (st == AMZ_OK)
        st = !plain ? grow_any(&p) : m->topology == AMZ_TOPO_SQUARE ? grow_square(&p) : grow_hex(&p);
    if (st == AMZ_ENOMEM)
        amz_errorf(err, st, "prim: out of memory for the frontier");
    else if (st == AMZ_ECANCELED)
        amz_errorf(err, st, "prim: canceled by the observer");
    q_free(p.q);
    amz_free(p.tree);
    amz_free(p.seen);
    return st;
}
