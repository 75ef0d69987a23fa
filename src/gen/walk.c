/* walk.c — set-up and tear-down shared by the random-walk generators (see walk.h):
 * the root, the root's part on masked grids, and the final parents-to-passages step. */
#include "gen/walk.h"

#include "amaze/alloc.h"
#include "gen/any.h"
#include "core/error.h"
#include "gen/gen_impl.h"
#include "gen/parents.h"

amz_cell gen_walker_root(const amz_maze *m)
{
    /* With a mask the centre may be removed; the start always exists (set_exists keeps
     * it on an existing cell), and its part is the one that gets carved. */
    if (m->mask)
        return m->start;
    if (m->topology == AMZ_TOPO_POLAR)
        return 0;
    /* The middle of the grid (an octagon's on an octagon grid: they come first), in the
     * middle level: the walks' work grows with their distance from the root, and cell
     * ncells / 2, which this once was, lies on the edge of an octagon grid (the small
     * squares follow the octagons) or of a 3D grid's middle level. */
    return ((amz_cell)(m->levels / 2) * m->height + m->height / 2) * m->width + m->width / 2;
}

amz_status gen_walker_init(walker *w, amz_maze *m, amz_rng *rng, const amz_observer *obs, const char *name,
                           amz_error *err)
{
    const uint64_t words = bits_words((uint64_t)m->ncells);
    w->m = m;
    w->rng = rng;
    w->obs = obs;
    w->root = w->pos = gen_walker_root(m);
    w->outside = NULL;
    w->nib = NULL;
    /* Plain grids keep parent directions in the passage array itself (parents.h);
     * others need the separate nibble per cell, since their slots cannot hold one. */
    w->tree = amz_calloc((size_t)words, 8);
    if (w->tree && !amz_maze_is_plain(m) && !(w->nib = any_nibbles_new(m->ncells))) {
        amz_free(w->tree);
        w->tree = NULL;
    }
    if (!w->tree)
        return amz_errorf(err, AMZ_ENOMEM, "%s: cannot allocate %lld tree bits", name, (long long)m->ncells);
    w->total = (uint64_t)m->ncells;
    if (m->mask) {
        /* tree temporarily holds the root's part; outside = existing cells not in it. */
        w->outside = amz_malloc((size_t)words * 8);
        if (!w->outside || !(w->total = gen_part(m, w->root, w->tree))) {
            amz_free(w->tree);
            amz_free(w->outside);
            amz_free(w->nib);
            return amz_errorf(err, AMZ_ENOMEM, "%s: cannot allocate the flood of the start's part", name);
        }
        /* Mask padding bits are zero, so outside holds real cells only; after this
         * loop tree marks exactly the cells the walks must not wait for. */
        for (uint64_t i = 0; i < words; i++) {
            w->outside[i] = m->mask[i] & ~w->tree[i];
            w->tree[i] = w->outside[i];
        }
    }
    bits_set(w->tree, (uint64_t)w->root);
    w->in_tree = 1;
    if (obs) {
        obs_progress_init(&w->prog, w->total);
        if (obs_emit(obs, AMZ_EV_VISIT, w->root, -1, AMZ_NO_CELL) || obs_progress_tick(obs, &w->prog)) {
            amz_free(w->tree);
            amz_free(w->outside);
            amz_free(w->nib);
            return amz_errorf(err, AMZ_ECANCELED, "%s: canceled by the observer", name);
        }
    }
    return AMZ_OK;
}

amz_status gen_walker_finish(walker *w, amz_status st, const char *name, amz_error *err)
{
    /* Runs after a cancel too: whatever tree was grown becomes passages, so a canceled
     * run still leaves a valid (partial) maze, as amaze/gen.h promises. */
    amz_maze *m = w->m;
    if (w->outside) {
        const uint64_t words = bits_words((uint64_t)m->ncells);
        for (uint64_t i = 0; i < words; i++)
            w->tree[i] &= ~w->outside[i];
    }
    /* The fast conversion path only when every cell has a parent (see parents.h). */
    bool complete = st == AMZ_OK && !m->mask && w->in_tree == (uint64_t)m->ncells;
    if (w->nib) { /* each tree cell but the root opens the edge to its parent */
        grid_at a;
        grid_locate(m, 0, &a);
        for (amz_cell c = 0; c < m->ncells; c++) {
            if (c != w->root && bits_get(w->tree, (uint64_t)c)) {
                const int d = (int)any_nib(w->nib, c);
                /* a tree cell's parent exists (no mask test); an owned edge needs no neighbour */
                any_open(m, c, d, grid_slot[m->topology][d] >= 0 ? AMZ_NO_CELL : grid_step_at(m, c, &a, d));
            }
            if (c + 1 < m->ncells)
                grid_place_next(m, &a);
        }
        amz_free(w->nib);
        w->nib = NULL;
        if (st == AMZ_ECANCELED)
            amz_errorf(err, st, "%s: canceled by the observer", name);
    } else if (gen_parents_to_passages(m, NULL, w->tree, w->root, complete) != AMZ_OK)
        st = amz_errorf(err, AMZ_ENOMEM, "%s: cannot allocate the row buffers of %d cells", name, m->width);
    else if (st == AMZ_ECANCELED)
        amz_errorf(err, st, "%s: canceled by the observer", name);
    amz_free(w->tree);
    amz_free(w->outside);
    w->tree = w->outside = NULL;
    return st;
}
