/* finish.c — what amz_gen_run does after any generator: braiding (removing a share of
 * the dead ends by opening one of their walls, which makes loops) and placing start and
 * goal. Braiding after J. Buck, "Mazes for Programmers" (2015), ch. 9: dead ends are
 * visited in a random order, and each still-dead end opens towards a neighbour that is
 * a dead end too when there is one (removing two at once), else any closed neighbour.
 * Any grid: neighbours come from grid/topo.h. On a weave, braiding opens only one-cell
 * walls (never a new under-passage) and never into a crossing cell, whose two open
 * sides must stay its only ones (io/validate.c checks that rule). */
#include <math.h>

#include "amaze/alloc.h"
#include "amaze/stats.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/rng_inline.h"
#include "gen/gen_impl.h"
#include "grid/grid.h"

static int degree(const amz_maze *m, amz_cell c)
{
    return amz_maze_degree(m, c);
}

/* True when a weave under-passage runs beneath c: its west neighbour passes E2 under
 * it, or its north neighbour S2 (wrap included: grid_neighbor follows it). */
static bool crossed(const amz_maze *m, amz_cell c)
{
    if (!m->weave)
        return false;
    amz_cell w = grid_neighbor(m, c, AMZ_SQ_W), n = grid_neighbor(m, c, AMZ_SQ_N);
    return (w != AMZ_NO_CELL && grid_open(m, w, AMZ_SQ_E2)) || (n != AMZ_NO_CELL && grid_open(m, n, AMZ_SQ_S2));
}

static amz_status braid(amz_maze *m, amz_rng *rng, double fraction, const amz_observer *obs, amz_error *err)
{
    uint64_t count = 0;
    for (amz_cell c = 0; c < m->ncells; c++)
        count += grid_exists(m, c) && degree(m, c) == 1;
    if (count == 0)
        return AMZ_OK;
    amz_cell *ends = amz_malloc((size_t)count * sizeof *ends);
    if (!ends)
        return amz_errorf(err, AMZ_ENOMEM, "braid: cannot list %llu dead ends", (unsigned long long)count);
    uint64_t k = 0;
    for (amz_cell c = 0; c < m->ncells; c++)
        if (grid_exists(m, c) && degree(m, c) == 1)
            ends[k++] = c;
    for (uint64_t i = count - 1; i > 0; i--) { /* Fisher-Yates */
        uint64_t j = amz_rng_below64(rng, i + 1);
        amz_cell t = ends[i];
        ends[i] = ends[j];
        ends[j] = t;
    }
    /* Remove at least ceil(fraction * count) dead ends (one more when the last opening
     * joins two); a dead end with no closed neighbour (the end of a 1xN strip) stays. */
    const uint64_t target = (uint64_t)ceil(fraction * (double)count - 1e-9);
    uint64_t removed = 0;
    amz_status st = AMZ_OK;
    for (uint64_t i = 0; i < count && removed < target; i++) {
        amz_cell c = ends[i];
        if (degree(m, c) != 1)
            continue;
        int all[AMZ_MAX_DIRS], dead[AMZ_MAX_DIRS], na = 0, nd = 0;
        const int moves = m->weave ? AMZ_SQ_N2 : m->ndirs; /* one-cell directions */
        for (int d = 0; d < moves; d++) {
            amz_cell nb = grid_neighbor(m, c, d);
            if (nb == AMZ_NO_CELL || amz_maze_passage(m, c, d) || crossed(m, nb))
                continue;
            all[na++] = d;
            if (degree(m, nb) == 1)
                dead[nd++] = d;
        }
        if (na == 0)
            continue;
        int d = nd ? dead[rng_below(rng, (uint32_t)nd)] : all[rng_below(rng, (uint32_t)na)];
        amz_cell nb = grid_neighbor(m, c, d);
        removed += 1 + (nd > 0);
        amz_maze_set_passage(m, c, d, true, NULL);
        if (obs && obs_emit(obs, AMZ_EV_CARVE, c, d, nb)) {
            st = amz_errorf(err, AMZ_ECANCELED, "braid: canceled by the observer");
            break;
        }
    }
    amz_free(ends);
    return st;
}

amz_status gen_finish(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                          amz_error *err)
{
    amz_status st = AMZ_OK;
    if (o->braid > 0 && (st = braid(m, rng, o->braid, obs, err)))
        return st;
    if ((o->sparse || o->sparse_share > 0) && (st = gen_sparse(m, rng, o, obs, NULL, err)))
        return st;
    if (o->ends == AMZ_ENDS_FARTHEST) {
        amz_cell far;
        if ((st = amz_stats_farthest(m, m->start, &far, NULL, err)))
            return st;
        m->goal = far;
    } else if (o->ends == AMZ_ENDS_LONGEST) {
        amz_cell a, b;
        if ((st = amz_stats_diameter(m, &a, &b, NULL, NULL, err)))
            return st;
        m->start = a;
        m->goal = b;
    }
    if (o->ends != AMZ_ENDS_KEEP)
        amz_maze_clear_solution(m);
    return AMZ_OK;
}
