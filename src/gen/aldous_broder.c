/* aldous_broder.c — a random walk over the whole grid that carves the edge by which it
 * first enters each cell: the first-entrance tree is a uniform spanning tree.
 * Sources: D. Aldous, "The random walk construction of uniform spanning trees and
 * uniform labelled trees", SIAM J. Discrete Math. 3 (1990); A. Broder, "Generating
 * random spanning trees", FOCS 1989. Time: the cover time, about n log^2 n steps on a
 * grid (slow past a few million cells); memory: passages + 1 bit per cell. */
#include "core/error.h"
#include "gen/gen_impl.h"
#include "gen/parents.h"
#include "gen/walk.h"

/* The walk, instantiated per topology and per "has a mask" so the hot loop has no
 * dispatch. Steps off the grid or into removed cells are redrawn, so each step goes to
 * a uniformly random neighbour: the simple random walk the theorem needs. */
static ALWAYS_INLINE amz_status ab(walker *wk, amz_topology T, bool MASK, uint64_t stop_at)
{
    amz_maze *m = wk->m;
    const int32_t w = m->width;
    const int bits = grid_plain_ndirs(T) / 2;
    uint64_t *par = m->passages, *tree = wk->tree;
    const amz_observer *obs = wk->obs;
    amz_rng *rng = wk->rng;
    int64_t du[2][AMZ_MAX_DIRS];
    walk_steps(T, w, du);
    /* The walk resumes at wk->pos and stops once stop_at cells are in the tree, so
     * houston can run it for its first phase and hand the rest to Wilson; plain
     * aldous-broder passes the part's full size. */
    amz_cell c = wk->pos;
    int32_t x = (int32_t)(c % w), y = (int32_t)(c / w);
    uint64_t in_tree = wk->in_tree, buf = 0;
    int left = 0;
    amz_status st = AMZ_OK;

    while (in_tree < stop_at) {
        int d;
        amz_cell nc = walk_step(T, MASK, m, du, rng, &buf, &left, c, &x, &y, &d);
        /* First entrance: the parent is the cell we came from, i.e. the direction back,
         * stored in nc's own field (its passage slots hold the parent until the end). */
        if (!bits_get(tree, (uint64_t)nc)) {
            bits_set(tree, (uint64_t)nc);
            set_parent(par, bits, nc, (unsigned)grid_plain_opposite(T, d));
            in_tree++;
            if (obs && (obs_emit(obs, AMZ_EV_CARVE, c, d, nc) || obs_emit(obs, AMZ_EV_VISIT, nc, -1, AMZ_NO_CELL) ||
                        obs_progress_tick(obs, &wk->prog))) {
                st = AMZ_ECANCELED;
                c = nc;
                break;
            }
        } else if (obs && obs_emit(obs, AMZ_EV_ENTER, nc, -1, c)) {
            st = AMZ_ECANCELED;
            c = nc;
            break;
        }
        c = nc;
    }
    /* On a cancel the walk still stands on nc, the cell it just entered, so a resumed
     * or inspected state is consistent. */
    wk->pos = c;
    wk->in_tree = in_tree;
    return st;
}

static amz_status ab_square(walker *w, uint64_t stop)
{
    return ab(w, AMZ_TOPO_SQUARE, false, stop);
}

static amz_status ab_square_mask(walker *w, uint64_t stop)
{
    return ab(w, AMZ_TOPO_SQUARE, true, stop);
}

static amz_status ab_hex(walker *w, uint64_t stop)
{
    return ab(w, AMZ_TOPO_HEX, false, stop);
}

static amz_status ab_hex_mask(walker *w, uint64_t stop)
{
    return ab(w, AMZ_TOPO_HEX, true, stop);
}

amz_status gen_walk_aldous_broder(walker *w, uint64_t stop_at)
{
    if (w->nib)
        return gen_walk_any_aldous_broder(w, stop_at);
    if (w->m->topology == AMZ_TOPO_SQUARE)
        return w->m->mask ? ab_square_mask(w, stop_at) : ab_square(w, stop_at);
    return w->m->mask ? ab_hex_mask(w, stop_at) : ab_hex(w, stop_at);
}
