/* walk.c — set-up and tear-down shared by the random-walk generators (see walk.h):
 * the root, the root's part on masked grids, and the final parents-to-passages step. */
#include "gen/walk.h"

#include "amaze/alloc.h"
#include "core/error.h"
#include "gen/gen_impl.h"
#include "gen/parents.h"

amz_cell amz_walker_root(const amz_maze *m)
{
    if (m->mask)
        return m->start;
    return (amz_cell)(m->height / 2) * m->width + m->width / 2;
}

amz_status amz_walker_init(walker *w, amz_maze *m, amz_rng *rng, const amz_observer *obs, const char *name,
                           amz_error *err)
{
    const uint64_t words = bits_words((uint64_t)m->ncells);
    w->m = m;
    w->rng = rng;
    w->obs = obs;
    w->root = w->pos = amz_walker_root(m);
    w->outside = NULL;
    w->tree = amz_calloc((size_t)words, 8);
    if (!w->tree)
        return amz_errorf(err, AMZ_ENOMEM, "%s: cannot allocate %lld tree bits", name, (long long)m->ncells);
    w->total = (uint64_t)m->ncells;
    if (m->mask) {
        /* tree temporarily holds the root's part; outside = existing cells not in it. */
        w->outside = amz_malloc((size_t)words * 8);
        if (!w->outside || !(w->total = amz_gen_part(m, w->root, w->tree))) {
            amz_free(w->tree);
            amz_free(w->outside);
            return amz_errorf(err, AMZ_ENOMEM, "%s: cannot allocate the flood of the start's part", name);
        }
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
            return amz_errorf(err, AMZ_ECANCELED, "%s: canceled by the observer", name);
        }
    }
    return AMZ_OK;
}

amz_status amz_walker_finish(walker *w, amz_status st, const char *name, amz_error *err)
{
    amz_maze *m = w->m;
    if (w->outside) {
        const uint64_t words = bits_words((uint64_t)m->ncells);
        for (uint64_t i = 0; i < words; i++)
            w->tree[i] &= ~w->outside[i];
    }
    bool complete = st == AMZ_OK && !m->mask && w->in_tree == (uint64_t)m->ncells;
    if (amz_parents_to_passages(m, NULL, w->tree, w->root, complete) != AMZ_OK)
        st = amz_errorf(err, AMZ_ENOMEM, "%s: cannot allocate two rows of %d cells", name, m->width);
    else if (st == AMZ_ECANCELED)
        amz_errorf(err, st, "%s: canceled by the observer", name);
    amz_free(w->tree);
    amz_free(w->outside);
    w->tree = w->outside = NULL;
    return st;
}
