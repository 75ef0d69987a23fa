/* walk_run.c — the entry points of the three random-walk generators, on one shared
 * state (gen/walk.h): aldous-broder (the walk alone, aldous_broder.c), wilson (the
 * loop-erased walks alone, wilson.c) and houston: Aldous-Broder while it is cheap (most
 * steps still find new cells), then Wilson's loop-erased walks for the rest.
 * Source for houston: the hybrid known among maze makers as Houston's algorithm. It
 * is close to, but not exactly, uniform: docs/ALGORITHMS.md says why and by how much. */
#include "core/error.h"
#include "gen/gen_impl.h"
#include "gen/walk.h"

/* Aldous-Broder until ab_thirds thirds of the part are in the tree (0: not at all,
 * 3: the whole part, then Wilson is not needed), then Wilson for the rest. */
static amz_status run(amz_maze *m, amz_rng *rng, const amz_observer *obs, const char *name, int ab_thirds,
                      amz_error *err)
{
    walker w;
    amz_status st = gen_walker_init(&w, m, rng, obs, name, err);
    if (st)
        return st;
    if (ab_thirds > 0) {
        /* A part share stops at one cell at least; the whole part is w.total exactly. */
        uint64_t stop = w.total * (uint64_t)ab_thirds / 3;
        st = gen_walk_aldous_broder(&w, stop > 1 || ab_thirds == 3 ? stop : 1);
    }
    if (st == AMZ_OK && ab_thirds < 3)
        st = gen_walk_wilson(&w);
    return gen_walker_finish(&w, st, name, err);
}

amz_status gen_aldous_broder(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                             amz_error *err)
{
    (void)o;
    return run(m, rng, obs, "aldous-broder", 3, err);
}

amz_status gen_wilson(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs, amz_error *err)
{
    (void)o;
    if (m->topology == AMZ_TOPO_TRIANGLE && !m->mask && !m->wrap && m->levels == 1)
        return gen_wilson_dual(m, rng, obs, err); /* the same law in a fifth of the steps */
    return run(m, rng, obs, "wilson", 0, err);
}

/* Switches when a third of the part is in the tree. */
amz_status gen_houston(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs, amz_error *err)
{
    (void)o;
    return run(m, rng, obs, "houston", 1, err);
}
