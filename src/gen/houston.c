/* houston.c — Aldous-Broder while it is cheap (most steps still find new cells), then
 * Wilson's loop-erased walks for the rest, on one shared state (gen/walk.h).
 * Source: the hybrid known among maze makers as Houston's algorithm. It is close to,
 * but not exactly, uniform: docs/ALGORITHMS.md says why and by how much. */
#include "core/error.h"
#include "gen/gen_impl.h"
#include "gen/walk.h"

amz_status gen_houston(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                           amz_error *err)
{
    (void)o;
    walker w;
    amz_status st = gen_walker_init(&w, m, rng, obs, "houston", err);
    if (st)
        return st;
    /* Switch when a third of the part is in the tree. */
    st = gen_walk_aldous_broder(&w, w.total / 3 > 1 ? w.total / 3 : 1);
    if (st == AMZ_OK)
        st = gen_walk_wilson(&w);
    return gen_walker_finish(&w, st, "houston", err);
}
