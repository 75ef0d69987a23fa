/* dead_end_fill.c — dead-end filling: fill every dead end (a cell with one open way,
 * other than start and goal) and keep filling along its corridor while the next cell
 * becomes a dead end in turn. What stays unfilled are the cells on some simple path
 * between start and goal (and loops); a breadth-first search over them gives the
 * answer, a shortest path. Source: W. D. Pullen, "Think Labyrinth!" (astrolog.org),
 * "Dead end filler". Every cell is examined once for dead ends and each filled cell
 * once more, so time is O(cells) whatever the maze; memory is one filled bit per cell
 * (the degrees are recounted, not stored) plus the final search's. */
#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/queue.h"
#include "grid/grid.h"
#include "solve/solve_impl.h"

/* Open ways from c to unfilled cells; *way is the last one found. */
static int open_ways(const amz_maze *m, const uint64_t *filled, amz_cell c, int *way)
{
    int dirs[AMZ_MAX_DIRS], n = 0;
    amz_cell nbs[AMZ_MAX_DIRS];
    const int k = solve_open(m, c, dirs, nbs);
    for (int i = 0; i < k; i++)
        if (!bits_get(filled, (uint64_t)nbs[i])) {
            n++;
            *way = dirs[i];
        }
    return n;
}

amz_status solve_dead_end_fill(const amz_maze *m, amz_cell from, amz_cell to, const amz_solve_options *o,
                                   const amz_observer *obs, amz_solve_result *out, amz_error *err)
{
    (void)o;
    const size_t words = (size_t)bits_words((uint64_t)m->ncells);
    uint64_t *filled = amz_calloc(words, 8);
    amz_status st = AMZ_OK;
    if (!filled)
        return amz_errorf(err, AMZ_ENOMEM, "dead-end-fill: cannot allocate %lld filled bits", (long long)m->ncells);
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (!grid_exists(m, c))
            continue;
        amz_cell cur = c;
        int way = -1;
        /* Fill along the corridor while the cell is a dead end. */
        while (cur != from && cur != to && !bits_get(filled, (uint64_t)cur) && open_ways(m, filled, cur, &way) == 1) {
            amz_cell nb = grid_neighbor(m, cur, way);
            bits_set(filled, (uint64_t)cur);
            if (obs && obs_emit(obs, AMZ_EV_BACKTRACK, cur, way, nb)) {
                amz_free(filled);
                return amz_errorf(err, AMZ_ECANCELED, "dead-end-fill: canceled by the observer");
            }
            cur = nb;
        }
    }
    /* The unfilled cells hold every simple start-goal path: search them. */
    st = solve_search_unmarked(m, from, to, filled, obs, out, err);
    out->explored = (uint64_t)amz_maze_count_cells(m); /* the fill looks at every cell */
    amz_free(filled);
    return st;
}
