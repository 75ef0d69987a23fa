/* mst_tiles.c — the minimum spanning forest of a grid under hashed edge weights (mst.h),
 * computed tile by tile so that nearly all the work stays in the cache and runs on
 * several cores, with the same result as Kruskal's or Prim's algorithm run over the
 * whole grid.
 *
 * Each tile of 128x128 cells runs Kruskal on its own edges (bucketed by weight; a
 * bucket whose edges mostly close cycles already is filtered before it is sorted; a
 * 16-bit union-find). Two facts make nearly all of its answers final:
 *  - cycle rule: an edge the tile rejects closes a cycle of lighter edges, so it is in
 *    no minimum spanning tree (J. B. Kruskal, 1956; the filter of Filter-Kruskal, V.
 *    Osipov, P. Sanders, J. Singler, ALENEX 2009);
 *  - exposure: an edge the tile accepts is certainly in the tree unless both pieces it
 *    joins own an edge out of the tile lighter than it, since a cycle of lighter edges
 *    through other tiles would have to leave the tile from both ends. Light pieces are
 *    small (bond percolation below its threshold) and few of their edges out are
 *    lighter still, so that happens to few edges.
 * The doubtful edges and the edges between tiles (1.4% of all edges at 4000x4000) are
 * then joined lightest first by one Kruskal over the tiles' certain pieces, numbered
 * compactly: contracting edges known to be in the tree and dropping edges known not to
 * be leaves the same minimum spanning tree. Tiles are independent, so workers take
 * them in any order; piece numbers come from prefix sums over tiles and the global
 * pass sorts by (weight, edge), so the maze does not depend on the scheduling.
 *
 * Memory: about 1 MB of scratch per worker (62 bytes per cell of a tile), 24 bytes per
 * doubtful or crossing edge (twice while they are sorted) and 4 bytes per tile border
 * cell. */
#include <string.h>

#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/par.h"
#include "gen/mst.h"
#include "grid/grid.h"

#define TS 128              /* tile side; local cell indices are ly * TS + lx */
#define TS_LOG 7
#define LBITS (2 * TS_LOG + 2) /* local edge index (cell * bits + dir - 1) in a sort key */
#define SORT_BITS (2 * TS_LOG - 2) /* buckets of the local sort: about 8 keys each */
#define NONE UINT32_MAX

/* A doubtful edge (a, b: pieces) or a crossing edge (b == NONE until resolved). */
typedef struct cand {
    uint64_t w, e;
    uint32_t a, b;
} cand;

typedef struct cvec {
    cand *v;
    size_t n, cap;
} cvec;

/* A worker's arrays, sized for the largest tile (smaller on a small maze). */
typedef struct scratch {
    uint64_t *keys, *sorted;          /* 3 per cell */
    uint32_t *id;                     /* piece root -> local piece number */
    uint16_t *par, *spar;             /* all accepted edges; certain ones only */
    uint16_t *size;                   /* on a root: its piece's cells, less one */
    uint32_t *expo;                   /* on a root: its piece's lightest edge out of the tile */
    uint32_t count[(1u << SORT_BITS) + 1];
    cvec out;
} scratch;

/* `tcells`: the largest tile's cells (the keys hold up to 3 edges a cell); `cells`:
 * its rows times TS (the arrays indexed by local cell, ly * TS + lx). */
static scratch *scratch_new(size_t tcells, size_t cells)
{
    const size_t per = 2 * sizeof(uint32_t) + 3 * sizeof(uint16_t);
    scratch *s = amz_calloc(1, sizeof *s + 2 * 3 * tcells * sizeof(uint64_t) + cells * per);
    if (!s)
        return NULL;
    char *p = (char *)(s + 1); /* 8-byte arrays first, so each stays aligned */
    s->keys = (uint64_t *)(void *)p;
    s->sorted = s->keys + 3 * tcells;
    s->id = (uint32_t *)(void *)(s->sorted + 3 * tcells);
    s->expo = s->id + cells;
    s->par = (uint16_t *)(void *)(s->expo + cells);
    s->spar = s->par + cells;
    s->size = s->spar + cells;
    return s;
}

typedef struct mst_ctx {
    amz_maze *m;
    uint64_t key;
    uint32_t ntx, nty;
    uint64_t ntiles;
    uint32_t *nids;    /* per tile: pieces numbered */
    uint32_t *slot;    /* per tile, 4 * TS: piece number of each border cell */
    scratch *s[PAR_MAX];
    uint64_t next, done; /* tiles handed out, tiles finished */
    int stop;            /* out of memory or canceled: workers stop */
    bool atomic;         /* several workers: passage words are shared at tile seams */
} mst_ctx;

static bool cvec_push(cvec *c, uint64_t w, uint64_t e, uint32_t a, uint32_t b)
{
    if (c->n == c->cap) {
        size_t ncap = c->cap ? 2 * c->cap : 256;
        cand *n = amz_realloc(c->v, ncap * sizeof *n);
        if (!n)
            return false;
        c->v = n;
        c->cap = ncap;
    }
    c->v[c->n++] = (cand){w, e, a, b};
    return true;
}

static ALWAYS_INLINE uint32_t find16(uint16_t *p, uint32_t x)
{
    while (p[x] != x) {
        p[x] = p[p[x]]; /* path halving */
        x = p[x];
    }
    return x;
}

static ALWAYS_INLINE void open_edge(mst_ctx *c, uint64_t e)
{
    uint64_t *w = &c->m->passages[e >> 6], bit = (uint64_t)1 << (e & 63);
    if (c->atomic)
        __atomic_fetch_or(w, bit, __ATOMIC_RELAXED);
    else
        *w |= bit;
}

/* Slot of border cell (lx, ly) of a tw x th tile in its 4 * TS slots: the first of top
 * row, bottom row, left column, right column that holds it (writer and reader agree). */
static inline uint32_t slot_of(int32_t lx, int32_t ly, int32_t tw, int32_t th)
{
    if (ly == 0)
        return (uint32_t)lx;
    if (ly == th - 1)
        return (uint32_t)(TS + lx);
    if (lx == 0)
        return (uint32_t)(2 * TS + ly);
    (void)tw;
    return (uint32_t)(3 * TS + ly);
}

/* Whether local cell (lx, ly) has a neighbour in another tile. */
static inline bool on_border(int32_t lx, int32_t ly, int32_t tw, int32_t th, int32_t x0, int32_t y0, int32_t W,
                             int32_t H)
{
    return (lx == 0 && x0 > 0) || (lx == tw - 1 && x0 + tw < W) || (ly == 0 && y0 > 0) || (ly == th - 1 && y0 + th < H);
}

static inline uint32_t piece_id(scratch *s, uint32_t cell, uint32_t *nid)
{
    uint32_t r = find16(s->spar, cell);
    if (s->id[r] == NONE)
        s->id[r] = (*nid)++;
    return s->id[r];
}

/* The two local cells of a sort key's edge; returns its direction from *lc (1 ..). */
static ALWAYS_INLINE uint32_t ends(amz_topology T, uint64_t key, uint32_t *lc, uint32_t *lv)
{
    const uint32_t bits = (uint32_t)grid_plain_ndirs(T) / 2, li = (uint32_t)(key & ((1u << LBITS) - 1));
    const uint32_t c = li / bits, d = li % bits + 1;
    /* x0 is even (TS is), so a column's parity, which hex steps depend on, is lx's */
    *lc = c;
    *lv = c + (uint32_t)(grid_dy[T][c & 1][d] * TS + grid_dx[T][d]);
    return d;
}

static ALWAYS_INLINE bool process_tile(mst_ctx *c, scratch *s, uint64_t t, amz_topology T)
{
    amz_maze *m = c->m;
    const int32_t W = m->width, H = m->height, bits = grid_plain_ndirs(T) / 2;
    const int32_t tx = (int32_t)(t % c->ntx), ty = (int32_t)(t / c->ntx);
    const int32_t x0 = tx * TS, y0 = ty * TS;
    const int32_t tw = W - x0 < TS ? W - x0 : TS, th = H - y0 < TS ? H - y0 : TS;
    const uint32_t nloc = (uint32_t)(tw * th);
    const size_t first = s->out.n;
    const uint64_t key = c->key;
    const int bshift = MST_WEIGHT_BITS - SORT_BITS;

    /* 1. Weights: the tile's own edges into sort keys (weight, local index), counted
     * by bucket; edges to other tiles straight to the candidates. */
    memset(s->count, 0, sizeof s->count);
    uint32_t ne = 0;
    for (int32_t ly = 0; ly < th; ly++)
        for (int32_t lx = 0; lx < tw; lx++) {
            const int32_t x = x0 + lx, y = y0 + ly;
            const amz_cell cell = (amz_cell)y * W + x;
            const uint32_t lc = (uint32_t)(ly << TS_LOG | lx);
            s->expo[lc] = UINT32_MAX;
            if (!grid_exists(m, cell))
                continue;
            const bool edge_of_tile = on_border(lx, ly, tw, th, x0, y0, W, H);
            /* Owned directions 1 .. bits; a cell at the tile's edge also looks at the
             * others (0, bits + 1 ..), for its exposure. */
            for (int d = edge_of_tile ? 0 : 1; d <= (edge_of_tile ? 2 * bits - 1 : bits); d++) {
                int32_t nx, ny;
                if (!grid_step(T, W, H, x, y, d, &nx, &ny) || !grid_exists(m, (amz_cell)ny * W + nx))
                    continue;
                const bool inside = nx >= x0 && nx < x0 + tw && ny >= y0 && ny < y0 + th;
                const bool owned = d >= 1 && d <= bits;
                if (inside && !owned)
                    continue;
                const amz_cell nb = (amz_cell)ny * W + nx;
                const uint64_t e = grid_edge_bit(bits, cell, nb, d), w = mst_weight(key, e);
                if (inside) {
                    s->keys[ne++] = w << LBITS | (lc * (uint32_t)bits + (uint32_t)(d - 1));
                    s->count[(w >> bshift) + 1]++;
                    continue;
                }
                const uint32_t wq = (uint32_t)(w >> (MST_WEIGHT_BITS - 32));
                s->expo[lc] = wq < s->expo[lc] ? wq : s->expo[lc];
                if (owned && !cvec_push(&s->out, w, e, lc, NONE))
                    return false;
            }
        }
    /* 2. Scatter the keys by bucket (the weight's top bits). */
    for (uint32_t b = 1; b <= (1u << SORT_BITS); b++)
        s->count[b] += s->count[b - 1];
    uint64_t *restrict sorted = s->sorted;
    for (uint32_t i = 0; i < ne; i++)
        sorted[s->count[s->keys[i] >> (LBITS + bshift)]++] = s->keys[i];
    /* 3. Kruskal inside the tile, a bucket at a time. Once lighter edges have joined
     * most cells, most of a bucket closes cycles whatever its order: such a bucket is
     * first filtered (an edge whose ends are already joined is rejected unsorted), and
     * only the rest is sorted (insertion sort: about 8 keys a bucket). */
    uint16_t *restrict par = s->par, *restrict spar = s->spar, *restrict size = s->size;
    uint32_t *restrict expo = s->expo;
    for (int32_t ly = 0; ly < th; ly++)
        for (int32_t lx = 0; lx < tw; lx++) {
            const uint32_t i = (uint32_t)(ly << TS_LOG | lx);
            par[i] = spar[i] = (uint16_t)i;
            size[i] = 0;
        }
    uint32_t joins = 0, lo = 0;
    bool filter = false;
    for (uint32_t b = 0; b < (1u << SORT_BITS) && joins + 1 < nloc; b++) {
        uint32_t hi = s->count[b];
        const uint32_t all = hi - lo;
        if (filter) {
            uint32_t k = lo;
            for (uint32_t i = lo; i < hi; i++) {
                uint32_t lc, lv;
                (void)ends(T, sorted[i], &lc, &lv);
                sorted[k] = sorted[i];
                k += find16(par, lc) != find16(par, lv);
            }
            hi = k;
        }
        for (uint32_t i = lo + 1; i < hi; i++) {
            uint64_t k = sorted[i];
            uint32_t j = i;
            for (; j > lo && sorted[j - 1] > k; j--)
                sorted[j] = sorted[j - 1];
            sorted[j] = k;
        }
        uint32_t joined = 0;
        for (uint32_t i = lo; i < hi; i++) {
            uint32_t lc, lv;
            const uint32_t d = ends(T, sorted[i], &lc, &lv);
            uint32_t ru = find16(par, lc), rv = find16(par, lv);
            if (ru == rv)
                continue;
            joined++;
            const uint32_t wq = (uint32_t)(sorted[i] >> (LBITS + MST_WEIGHT_BITS - 32));
            const bool doubtful = expo[ru] <= wq && expo[rv] <= wq;
            if (size[ru] < size[rv]) {
                uint32_t tmp = ru;
                ru = rv;
                rv = tmp;
            }
            par[rv] = (uint16_t)ru;
            size[ru] = (uint16_t)(size[ru] + size[rv] + 1);
            expo[ru] = expo[rv] < expo[ru] ? expo[rv] : expo[ru];
            const int32_t lx = (int32_t)(lc & (TS - 1)), ly = (int32_t)(lc >> TS_LOG);
            const uint64_t e = ((amz_cell)(y0 + ly) * W + x0 + lx) * (uint64_t)bits + d - 1;
            if (doubtful) {
                if (!cvec_push(&s->out, sorted[i] >> LBITS, e, lc, lv))
                    return false;
            } else {
                open_edge(c, e);
                const uint32_t sa = find16(spar, lc), sb = find16(spar, lv);
                spar[sa] = (uint16_t)sb;
            }
        }
        joins += joined;
        filter = 2 * joined < all; /* more than half closed cycles: filter the next */
        lo = s->count[b];
    }
    /* 4. Number the certain pieces that candidates and border cells belong to. */
    memset(s->id, 0xff, (size_t)th * TS * sizeof s->id[0]);
    uint32_t nid = 0;
    for (size_t i = first; i < s->out.n; i++) {
        cand *k = &s->out.v[i];
        k->a = piece_id(s, k->a, &nid);
        if (k->b != NONE)
            k->b = piece_id(s, k->b, &nid);
    }
    uint32_t *slot = c->slot + t * 4 * TS;
    for (int32_t ly = 0; ly < th; ly++)
        for (int32_t lx = 0; lx < tw; lx++)
            if (on_border(lx, ly, tw, th, x0, y0, W, H) && grid_exists(m, (amz_cell)(y0 + ly) * W + x0 + lx))
                slot[slot_of(lx, ly, tw, th)] = piece_id(s, (uint32_t)(ly << TS_LOG | lx), &nid);
    c->nids[t] = nid;
    return true;
}

static bool tile_square(mst_ctx *c, scratch *s, uint64_t t)
{
    return process_tile(c, s, t, AMZ_TOPO_SQUARE);
}

static bool tile_hex(mst_ctx *c, scratch *s, uint64_t t)
{
    return process_tile(c, s, t, AMZ_TOPO_HEX);
}

typedef struct worker_ctx {
    mst_ctx *c;
    const amz_observer *obs;
} worker_ctx;

static void worker(void *p, unsigned wi)
{
    worker_ctx *wc = p;
    mst_ctx *c = wc->c;
    scratch *s = c->s[wi];
    obs_progress prog;
    obs_progress_init(&prog, c->ntiles);
    int64_t t;
    while (!__atomic_load_n(&c->stop, __ATOMIC_RELAXED) && (t = par_next(&c->next, c->ntiles)) >= 0) {
        bool ok = c->m->topology == AMZ_TOPO_SQUARE ? tile_square(c, s, (uint64_t)t) : tile_hex(c, s, (uint64_t)t);
        if (!ok) {
            __atomic_store_n(&c->stop, 1, __ATOMIC_RELAXED);
            break;
        }
        uint64_t done = __atomic_add_fetch(&c->done, 1, __ATOMIC_RELAXED);
        /* Only the calling thread talks to the observer. */
        if (wi == 0 && wc->obs && done >= prog.next) {
            prog.done = done - 1;
            if (obs_progress_tick(wc->obs, &prog))
                __atomic_store_n(&c->stop, 2, __ATOMIC_RELAXED);
        }
    }
}

static ALWAYS_INLINE uint32_t find32(uint32_t *p, uint32_t x)
{
    while (p[x] != x) {
        p[x] = p[p[x]];
        x = p[x];
    }
    return x;
}

static inline bool cand_less(const cand *a, const cand *b)
{
    return a->w < b->w || (a->w == b->w && a->e < b->e);
}

/* Sorts by (weight, edge): scatter by the weight's top bits into buckets of about 8,
 * then insertion sort of each. `tmp` has room for n. */
static bool sort_cands(cand *v, size_t n)
{
    unsigned bb = 0;
    while (bb < 24 && ((size_t)1 << bb) * 8 < n)
        bb++;
    const size_t nb = (size_t)1 << bb;
    size_t *cnt = amz_calloc(nb + 1, sizeof *cnt);
    cand *tmp = amz_malloc((n ? n : 1) * sizeof *tmp);
    if (!cnt || !tmp) {
        amz_free(cnt);
        amz_free(tmp);
        return false;
    }
    const int sh = MST_WEIGHT_BITS - (int)bb;
    for (size_t i = 0; i < n; i++)
        cnt[(v[i].w >> sh) + 1]++;
    for (size_t b = 1; b <= nb; b++)
        cnt[b] += cnt[b - 1];
    for (size_t i = 0; i < n; i++)
        tmp[cnt[v[i].w >> sh]++] = v[i];
    for (size_t b = 0, lo = 0; b < nb; b++) {
        const size_t hi = cnt[b];
        for (size_t i = lo + 1; i < hi; i++) {
            cand k = tmp[i];
            size_t j = i;
            for (; j > lo && cand_less(&k, &tmp[j - 1]); j--)
                tmp[j] = tmp[j - 1];
            tmp[j] = k;
        }
        lo = hi;
    }
    memcpy(v, tmp, n * sizeof *v);
    amz_free(cnt);
    amz_free(tmp);
    return true;
}

/* The global pass: candidates of every worker into one list with global piece
 * numbers, sorted, joined lightest first. */
static amz_status join_tiles(mst_ctx *c, unsigned nw)
{
    amz_maze *m = c->m;
    const int32_t W = m->width, H = m->height;
    const amz_topology T = m->topology;
    const int bits = grid_plain_ndirs(T) / 2;
    uint64_t total = 0;
    size_t n = 0;
    for (uint64_t t = 0; t < c->ntiles; t++) { /* nids become each tile's first number */
        uint64_t k = c->nids[t];
        c->nids[t] = (uint32_t)total;
        total += k;
        if (total >= NONE)
            return AMZ_ENOMEM;
    }
    for (unsigned i = 0; i < nw; i++)
        n += c->s[i]->out.n;
    cand *v = amz_malloc((n ? n : 1) * sizeof *v);
    uint32_t *par = amz_malloc((size_t)(total ? total : 1) * sizeof *par);
    amz_status st = AMZ_ENOMEM;
    if (!v || !par)
        goto out;
    n = 0;
    for (unsigned i = 0; i < nw; i++) {
        if (c->s[i]->out.n) /* an empty list has no array */
            memcpy(v + n, c->s[i]->out.v, c->s[i]->out.n * sizeof *v);
        n += c->s[i]->out.n;
        amz_free(c->s[i]->out.v);
        c->s[i]->out = (cvec){NULL, 0, 0};
    }
    for (size_t i = 0; i < n; i++) {
        cand *k = &v[i];
        const amz_cell a = (amz_cell)(k->e / (uint64_t)bits);
        const int d = (int)(k->e % (uint64_t)bits) + 1;
        const int32_t ax = (int32_t)(a % W), ay = (int32_t)(a / W);
        const uint64_t ta = (uint64_t)(ay / TS) * c->ntx + (uint64_t)(ax / TS);
        k->a += c->nids[ta];
        if (k->b != NONE) {
            k->b += c->nids[ta];
            continue;
        }
        int32_t bx = 0, by = 0;
        (void)grid_step(T, W, H, ax, ay, d, &bx, &by);
        const int32_t x0 = bx / TS * TS, y0 = by / TS * TS;
        const int32_t tw = W - x0 < TS ? W - x0 : TS, th = H - y0 < TS ? H - y0 : TS;
        const uint64_t tb = (uint64_t)(by / TS) * c->ntx + (uint64_t)(bx / TS);
        k->b = c->slot[tb * 4 * TS + slot_of(bx - x0, by - y0, tw, th)] + c->nids[tb];
    }
    if (!sort_cands(v, n))
        goto out;
    for (uint64_t i = 0; i < total; i++)
        par[i] = (uint32_t)i;
    for (size_t i = 0; i < n; i++) {
        uint32_t ra = find32(par, v[i].a), rb = find32(par, v[i].b);
        if (ra == rb)
            continue;
        /* link by a random-looking priority: expected logarithmic depth without ranks */
        if ((ra * 0x9e3779b9u) < (rb * 0x9e3779b9u))
            par[ra] = rb;
        else
            par[rb] = ra;
        bits_set(m->passages, v[i].e);
    }
    st = AMZ_OK;
out:
    amz_free(v);
    amz_free(par);
    return st;
}

amz_status gen_mst_tiled(amz_maze *m, uint64_t key, unsigned threads, const amz_observer *obs, const char *who,
                         amz_error *err)
{
    mst_ctx c;
    memset(&c, 0, sizeof c);
    c.m = m;
    c.key = key;
    c.ntx = (uint32_t)((m->width + TS - 1) / TS);
    c.nty = (uint32_t)((m->height + TS - 1) / TS);
    c.ntiles = (uint64_t)c.ntx * c.nty;
    unsigned nw = threads < 1 ? 1 : threads > PAR_MAX ? PAR_MAX : threads;
    if (nw > c.ntiles)
        nw = (unsigned)c.ntiles;
    c.atomic = nw > 1;
    amz_status st = AMZ_ENOMEM;
    c.nids = amz_calloc((size_t)c.ntiles, sizeof *c.nids);
    c.slot = amz_malloc((size_t)c.ntiles * 4 * TS * sizeof *c.slot);
    bool ok = c.nids && c.slot;
    const size_t rows = (size_t)(m->height < TS ? m->height : TS), cols = (size_t)(m->width < TS ? m->width : TS);
    for (unsigned i = 0; i < nw && ok; i++)
        ok = (c.s[i] = scratch_new(rows * cols, rows * TS)) != NULL;
    if (ok) {
        worker_ctx wc = {&c, obs};
        par_run(nw, worker, &wc);
        if (c.stop == 2)
            st = AMZ_ECANCELED;
        else if (c.stop == 0)
            st = join_tiles(&c, nw);
    }
    for (unsigned i = 0; i < nw; i++)
        if (c.s[i]) {
            amz_free(c.s[i]->out.v);
            amz_free(c.s[i]);
        }
    amz_free(c.nids);
    amz_free(c.slot);
    if (st != AMZ_OK) /* canceled or failed: no passage was announced, none stays */
        memset(m->passages, 0, (size_t)bits_words((uint64_t)m->ncells * (uint64_t)m->bits) * 8);
    if (st == AMZ_ENOMEM)
        amz_errorf(err, st, "%s: out of memory for the tiles' spanning trees", who);
    else if (st == AMZ_ECANCELED)
        amz_errorf(err, st, "%s: canceled by the observer", who);
    return st;
}
