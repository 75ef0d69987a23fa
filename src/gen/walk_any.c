/* walk_any.c — Aldous-Broder and Wilson on every grid that is not plain square or hex,
 * through grid/topo.h: the same walks as aldous_broder.c and wilson.c, with each
 * cell's direction in the walker's 4-bit fields instead of the passage array. A step
 * draws a direction uniformly and redraws when there is no neighbour that way, so it
 * goes to a uniformly random neighbour whatever the cell's number of directions (a
 * polar cell has 4 or 5, its centre 3 to 12): the simple random walk both theorems
 * need, so the trees stay uniform on every grid. */
#include "core/error.h"
#include "gen/any.h"
#include "gen/gen_impl.h"
#include "gen/walk.h"

/* A uniformly random neighbour of c (located at a): its direction in *dir. */
static ALWAYS_INLINE amz_cell random_step(const amz_maze *m, amz_rng *rng, amz_cell c, const grid_at *a, int *dir)
{
    /* Drawn among the directions this grid uses, redrawn on a miss: uniform over the
     * neighbours with fewer wasted draws. */
    const int span = grid_span_at(m, a);
    for (;;) {
        int d = (int)rng_below(rng, (uint32_t)span);
        amz_cell n = grid_step_at(m, c, a, d);
        if (n != AMZ_NO_CELL && grid_exists(m, n)) {
            *dir = d;
            return n;
        }
    }
}

amz_status gen_walk_any_aldous_broder(walker *wk, uint64_t stop_at)
{
    amz_maze *m = wk->m;
    const amz_observer *obs = wk->obs;
    amz_cell c = wk->pos;
    amz_status st = AMZ_OK;
    while (wk->in_tree < stop_at && st == AMZ_OK) {
        grid_at a;
        int d;
        grid_locate(m, c, &a);
        amz_cell nc = random_step(m, wk->rng, c, &a, &d);
        if (!bits_get(wk->tree, (uint64_t)nc)) {
            bits_set(wk->tree, (uint64_t)nc);
            any_set_nib(wk->nib, nc, (unsigned)grid_back_at(m, &a, d));
            wk->in_tree++;
            if (obs && (obs_emit(obs, AMZ_EV_CARVE, c, d, nc) || obs_emit(obs, AMZ_EV_VISIT, nc, -1, AMZ_NO_CELL) ||
                        obs_progress_tick(obs, &wk->prog)))
                st = AMZ_ECANCELED;
        } else if (obs && obs_emit(obs, AMZ_EV_ENTER, nc, -1, c)) {
            st = AMZ_ECANCELED;
        }
        c = nc;
    }
    wk->pos = c;
    return st;
}

amz_status gen_walk_any_wilson(walker *wk)
{
    amz_maze *m = wk->m;
    const amz_observer *obs = wk->obs;
    for (amz_cell u = 0; u < m->ncells; u++) {
        if (bits_get(wk->tree, (uint64_t)u) || !grid_exists(m, u))
            continue;
        /* The walk: each cell left keeps its last exit direction; it ends in the tree. */
        amz_cell c = u;
        while (!bits_get(wk->tree, (uint64_t)c)) {
            grid_at a;
            int d;
            grid_locate(m, c, &a);
            amz_cell nc = random_step(m, wk->rng, c, &a, &d);
            any_set_nib(wk->nib, c, (unsigned)d);
            if (obs && obs_emit(obs, AMZ_EV_ENTER, nc, -1, c))
                return AMZ_ECANCELED;
            c = nc;
        }
        /* The loop-erased path: the last exits from u lead into the tree. */
        for (c = u; !bits_get(wk->tree, (uint64_t)c);) {
            int d = (int)any_nib(wk->nib, c);
            amz_cell nc = grid_neighbor(m, c, d);
            if (obs && obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL))
                return AMZ_ECANCELED;
            bits_set(wk->tree, (uint64_t)c);
            wk->in_tree++;
            if (obs && (obs_emit(obs, AMZ_EV_CARVE, c, d, nc) || obs_progress_tick(obs, &wk->prog)))
                return AMZ_ECANCELED;
            c = nc;
        }
    }
    return AMZ_OK;
}
