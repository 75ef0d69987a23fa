/* wilson.c — Wilson's algorithm: from each cell not yet in the tree, a random walk runs
 * until it meets the tree; its loop erasure joins the tree. The result is a uniform
 * spanning tree whatever the root and the order of starting cells.
 * Source: D. B. Wilson, "Generating random spanning trees more quickly than the cover
 * time", STOC 1996. Loop erasure for free: the walk writes, in each cell it leaves,
 * the direction it left by (overwriting older ones), so following those directions
 * from the walk's start retraces exactly the loop-erased path. The directions live in
 * the passage array (gen/parents.h): memory is passages + 1 bit per cell. */
#include "core/error.h"
#include "gen/gen_impl.h"
#include "gen/parents.h"
#include "gen/walk.h"

/* First index >= from whose bit is clear, or n; skips 64 tree cells per word. */
static amz_cell next_free(const uint64_t *bits, amz_cell from, amz_cell n)
{
    uint64_t i = (uint64_t)from;
    while (i < (uint64_t)n) {
        uint64_t word = ~bits[i >> 6] >> (i & 63);
        if (word) {
            uint64_t r = i + (uint64_t)__builtin_ctzll(word);
            return r < (uint64_t)n ? (amz_cell)r : n;
        }
        i = (i | 63) + 1;
    }
    return n;
}

static ALWAYS_INLINE amz_status wilson(walker *wk, amz_topology T, bool MASK)
{
    amz_maze *m = wk->m;
    const int32_t w = m->width, h = m->height;
    const int bits = grid_plain_ndirs(T) / 2;
    const amz_cell n = m->ncells;
    uint64_t *par = m->passages, *tree = wk->tree;
    const uint64_t *mask = m->mask;
    const amz_observer *obs = wk->obs;
    amz_rng *rng = wk->rng;
    int64_t du[2][AMZ_MAX_DIRS];
    walk_steps(T, w, du);
    /* Invariant: a tree cell's field in par is its final parent and is never written
     * again; the walk writes only into cells it leaves, which are all outside the tree
     * (it stops on entering the tree), so their fields are scratch until joined. */
    uint64_t buf = 0, in_tree = wk->in_tree;
    int left = 0;

    for (amz_cell u = next_free(tree, 0, n); u < n; u = next_free(tree, u + 1, n)) {
        if (MASK && !bits_get(mask, (uint64_t)u))
            continue;
        /* The walk: record the exit direction of every cell left, stop in the tree. */
        amz_cell c = u;
        int32_t x = (int32_t)(u % w), y = (int32_t)(u / w);
        for (;;) {
            /* The simple random walk on the existing cells, as the law's uniformity
             * needs (walk_step redraws steps off the grid or into removed cells). */
            int d;
            amz_cell nc = walk_step(T, MASK, m, du, rng, &buf, &left, c, &x, &y, &d);
            set_parent(par, bits, c, (unsigned)d);
            if (obs && obs_emit(obs, AMZ_EV_ENTER, nc, -1, c)) {
                wk->in_tree = in_tree;
                return AMZ_ECANCELED;
            }
            c = nc;
            if (bits_get(tree, (uint64_t)nc))
                break;
        }
        /* The loop-erased path: follow the last exits from u into the tree. */
        c = u;
        x = (int32_t)(u % w);
        y = (int32_t)(u / w);
        while (!bits_get(tree, (uint64_t)c)) {
            int d = (int)parent_of(par, bits, c);
            int32_t nx = 0, ny = 0;
            grid_step(T, w, h, x, y, d, &nx, &ny);
            amz_cell nc = c + du[x & 1][d];
            /* VISIT before the cell joins the tree: canceled there, no unannounced passage. */
            if (obs && obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL)) {
                wk->in_tree = in_tree;
                return AMZ_ECANCELED;
            }
            bits_set(tree, (uint64_t)c);
            in_tree++;
            if (obs && (obs_emit(obs, AMZ_EV_CARVE, c, d, nc) || obs_progress_tick(obs, &wk->prog))) {
                wk->in_tree = in_tree;
                return AMZ_ECANCELED;
            }
            c = nc;
            x = nx;
            y = ny;
        }
    }
    /* in_tree is kept in a local for the hot loop and written back on every exit,
     * so houston and gen_walker_finish see the true count. */
    wk->in_tree = in_tree;
    return AMZ_OK;
}

static amz_status wilson_square(walker *w)
{
    return wilson(w, AMZ_TOPO_SQUARE, false);
}

static amz_status wilson_square_mask(walker *w)
{
    return wilson(w, AMZ_TOPO_SQUARE, true);
}

static amz_status wilson_hex(walker *w)
{
    return wilson(w, AMZ_TOPO_HEX, false);
}

static amz_status wilson_hex_mask(walker *w)
{
    return wilson(w, AMZ_TOPO_HEX, true);
}

amz_status gen_walk_wilson(walker *w)
{
    if (w->nib)
        return gen_walk_any_wilson(w);
    if (w->m->topology == AMZ_TOPO_SQUARE)
        return w->m->mask ? wilson_square_mask(w) : wilson_square(w);
    return w->m->mask ? wilson_hex_mask(w) : wilson_hex(w);
}
