/* sparse.c — sparse mazes: corridors in solid rock. Dead ends (cells with one passage)
 * are turned into rock (removed cells), pass after pass, as in J. Buck's culling of dead
 * ends ("Mazes for Programmers", 2015, ch. 9, and the roguelike "sparseness" of
 * J. Buck's dungeon generator): removing a cell with one passage never disconnects what
 * is left and never makes a loop. Start and goal are never removed. */
#include <math.h>

#include "amaze/alloc.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/rng_inline.h"
#include "gen/gen_impl.h"

static bool dead_end(const amz_maze *m, amz_cell c)
{
    return c != m->start && c != m->goal && amz_maze_exists(m, c) && amz_maze_degree(m, c) == 1;
}

/* Turns dead end c into rock: WALL for its one passage, then the cell goes. */
static amz_status remove_end(amz_maze *m, amz_cell c, const amz_observer *obs, amz_error *err)
{
    for (int d = 0; obs && d < m->ndirs; d++)
        if (amz_maze_passage(m, c, d) && obs_emit(obs, AMZ_EV_WALL, c, d, amz_maze_neighbor(m, c, d)))
            return amz_errorf(err, AMZ_ECANCELED, "sparse: canceled by the observer");
    return amz_maze_set_exists(m, c, false, err);
}

amz_status gen_sparse(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                      uint64_t *removed, amz_error *err)
{
    uint64_t count = 0;
    for (amz_cell c = 0; c < m->ncells; c++)
        count += dead_end(m, c);
    amz_cell *ends = count ? amz_malloc((size_t)count * sizeof *ends) : NULL;
    if (count && !ends)
        return amz_errorf(err, AMZ_ENOMEM, "sparse: cannot list %llu dead ends", (unsigned long long)count);
    const uint64_t cells = (uint64_t)amz_maze_count_cells(m);
    const uint64_t target = (uint64_t)ceil(o->sparse_share * (double)cells - 1e-9);
    amz_status st = AMZ_OK;
    uint64_t n = 0, done = 0;
    /* One list, reused: a pass's dead ends are listed before any goes (so a pass
     * shortens every corridor by one cell), and only cells next to a removed one can
     * be dead ends in the next pass. */
    for (amz_cell c = 0; ends && c < m->ncells; c++) /* no list: no dead end to turn */
        if (dead_end(m, c))
            ends[n++] = c;
    for (uint32_t pass = 0; st == AMZ_OK && n && (pass < o->sparse || done < target); pass++) {
        const bool shared = pass >= o->sparse;
        if (shared)
            for (uint64_t i = n - 1; i > 0; i--) { /* Fisher-Yates: which ends go last */
                uint64_t j = amz_rng_below64(rng, i + 1);
                amz_cell t = ends[i];
                ends[i] = ends[j];
                ends[j] = t;
            }
        uint64_t next = 0;
        for (uint64_t i = 0; st == AMZ_OK && i < n; i++) {
            if (shared && done >= target)
                break;
            amz_cell c = ends[i], nb = AMZ_NO_CELL;
            for (int d = 0; d < m->ndirs && nb == AMZ_NO_CELL; d++)
                if (amz_maze_passage(m, c, d))
                    nb = amz_maze_neighbor(m, c, d);
            if (!dead_end(m, c) || (st = remove_end(m, c, obs, err)))
                continue;
            done++;
            /* The neighbour is the only cell that may have become a dead end: it waits
             * for the next pass (next <= i, so the slot is already read). */
            if (dead_end(m, nb))
                ends[next++] = nb;
        }
        n = next;
    }
    amz_free(ends);
    if (removed)
        *removed = done;
    return st;
}
