/* dfs.c — the breadcrumb depth-first search of amaze's original demos: walk forward
 * into the first open, unexplored passage (directions in index order); at a dead end
 * back out one cell along the breadcrumbs. Finds a path, not always the shortest.
 * Memory: a visited bit and a parent direction per cell; no stack. */
#include "amaze/alloc.h"
#include "core/alloc_big.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "grid/grid.h"
#include "solve/solve_impl.h"

amz_status solve_dfs(const amz_maze *m, amz_cell from, amz_cell to, const amz_solve_options *o,
                         const amz_observer *obs, amz_solve_result *out, amz_error *err)
{
    /* The parents double as the breadcrumbs: backing out of a cell follows its parent
     * field, so the walk needs no explicit stack, and the final path is read from them. */
    (void)o;
    const unsigned bits = solve_pbits(m);
    uint64_t *visited = core_calloc_big((size_t)bits_words((uint64_t)m->ncells), 8);
    uint64_t *parents = core_calloc_big((size_t)bits_words((uint64_t)m->ncells * bits), 8);
    amz_status st = AMZ_OK;
    if (!visited || !parents) {
        st = amz_errorf(err, AMZ_ENOMEM, "dfs: cannot allocate search state for %lld cells", (long long)m->ncells);
        goto done;
    }
    amz_cell c = from;
    uint64_t seen = 1;
    bits_set(visited, (uint64_t)c);
    if (obs && obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL))
        goto canceled;
    while (c != to) {
        int dirs[AMZ_MAX_DIRS], i = 0, d;
        amz_cell nbs[AMZ_MAX_DIRS], nb;
        const int n = solve_open(m, c, dirs, nbs); /* in direction order */
        /* Rescanning c's neighbours after each back-out is what keeps this stackless;
         * every cell is entered once and left once, so the walk is O(cells * dirs). */
        while (i < n && bits_get(visited, (uint64_t)nbs[i]))
            i++;
        if (i < n) {
            nb = nbs[i];
            bits_set(visited, (uint64_t)nb);
            bits_set_field(parents, (uint64_t)nb * bits, bits, (uint32_t)solve_back(m, c, dirs[i]));
            seen++;
            if (obs && obs_emit(obs, AMZ_EV_VISIT, nb, -1, AMZ_NO_CELL))
                goto canceled;
        } else {
            /* Backed out of the start itself: every cell reachable from it was visited. */
            if (c == from) {
                out->explored = seen;
                st = solve_no_path(m, from, to, err);
                goto done;
            }
            d = (int)bits_field(parents, (uint64_t)c * bits, bits);
            nb = grid_neighbor(m, c, d);
            if (obs && obs_emit(obs, AMZ_EV_BACKTRACK, c, d, nb))
                goto canceled;
        }
        c = nb;
    }
    /* visited is freed before the path is built, to lower the peak; NULL so that the
     * shared exit below does not free it twice. */
    out->explored = seen;
    amz_free(visited);
    visited = NULL;
    st = solve_path_from_parents(m, parents, from, to, obs, &out->path, err);
    goto done;
canceled:
    st = amz_errorf(err, AMZ_ECANCELED, "dfs: canceled by the observer");
done:
    amz_free(visited);
    amz_free(parents);
    return st;
}
