/* path.c — helpers shared by solvers: turning parent directions into a path, emitting
 * it to an observer, and the breadth-first search over unmarked cells that dead-end
 * filling finishes with. Parent fields hold the direction from a cell back to its parent. */
#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/queue.h"
#include "grid/grid.h"
#include "solve/solve_impl.h"

/* The one wording of "no path" for every solver, with cells as the CLI's x,y. */
amz_status solve_no_path(const amz_maze *m, amz_cell from, amz_cell to, amz_error *err)
{
    char a[48], b[48];
    grid_cell_coords(m, from, a, sizeof a);
    grid_cell_coords(m, to, b, sizeof b);
    return amz_errorf(err, AMZ_ENOPATH, "no path from (%s) to (%s)", a, b);
}

amz_status solve_path_from_parents(const amz_maze *m, const uint64_t *parents, amz_cell from, amz_cell to,
                                       const amz_observer *obs, amz_path *out, amz_error *err)
{
    const unsigned bits = solve_pbits(m);
    uint64_t len = 0;
    /* Two walks back from the goal: one to count, one to fill, so the path is allocated
     * exactly once at its final size. */
    for (amz_cell c = to; c != from; len++)
        c = grid_neighbor(m, c, (int)bits_field(parents, (uint64_t)c * bits, bits));
    out->start = from;
    out->len = len;
    out->dirs = NULL;
    if (len) {
        if (len > SIZE_MAX || !(out->dirs = amz_malloc((size_t)len)))
            return amz_errorf(err, AMZ_ENOMEM, "cannot allocate a path of %llu moves", (unsigned long long)len);
        /* Filled from the end: the walk goes goal -> start, the path start -> goal, so
         * each step stores the reverse of the parent direction (the move parent -> c). */
        amz_cell c = to;
        for (uint64_t i = len; i-- > 0;) {
            int back = (int)bits_field(parents, (uint64_t)c * bits, bits);
            out->dirs[i] = (uint8_t)solve_back(m, c, back);
            c = grid_neighbor(m, c, back);
        }
    }
    /* A cancel during the PATH events discards the path: the caller gets no result
     * with a half-told story. */
    if (obs && solve_emit_path(m, out, obs, err)) {
        amz_path_deinit(out);
        return AMZ_ECANCELED;
    }
    return AMZ_OK;
}

amz_status solve_emit_path(const amz_maze *m, const amz_path *p, const amz_observer *obs, amz_error *err)
{
    /* len + 1 events, one per cell including both ends, each with its index and the
     * total so that a viewer can show progress along the path. */
    amz_cell c = p->start;
    for (uint64_t i = 0; i <= p->len; i++) {
        if (obs_emit_index(obs, AMZ_EV_PATH, c, i, p->len + 1))
            return amz_errorf(err, AMZ_ECANCELED, "solver canceled by the observer");
        if (i < p->len)
            c = grid_neighbor(m, c, p->dirs[i]);
    }
    return AMZ_OK;
}

amz_status solve_search_unmarked(const amz_maze *m, amz_cell from, amz_cell to, const uint64_t *marked,
                                     const amz_observer *obs, amz_solve_result *out, amz_error *err)
{
    /* Cells in `marked` (dead-end filling's filled cells) are treated as walls. parents
     * needs no zeroing: a field is read only for cells set in `seen`, and each is
     * written when its cell is first seen. All three blocks are freed at `done`. */
    const size_t words = (size_t)bits_words((uint64_t)m->ncells);
    const unsigned pb = solve_pbits(m);
    uint64_t *seen = amz_calloc(words, 8);
    uint64_t *parents = amz_malloc((size_t)bits_words((uint64_t)m->ncells * pb) * 8);
    queue q = {0};
    /* st stays AMZ_ENOPATH while searching; it doubles as the loop's condition. */
    amz_status st = AMZ_ENOPATH;
    if (!seen || !parents || !queue_push(&q, (uint64_t)from)) {
        st = amz_errorf(err, AMZ_ENOMEM, "cannot allocate the search of %lld cells", (long long)m->ncells);
        goto done;
    }
    bits_set(seen, (uint64_t)from);
    out->explored = 1;
    while (q.count && st == AMZ_ENOPATH) {
        amz_cell c = (amz_cell)queue_pop(&q);
        if (obs && obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL)) {
            st = amz_errorf(err, AMZ_ECANCELED, "solver canceled by the observer");
            goto done;
        }
        if (c == to) {
            st = AMZ_OK;
            break;
        }
        int dirs[AMZ_MAX_DIRS];
        amz_cell nbs[AMZ_MAX_DIRS];
        const int n = solve_open(m, c, dirs, nbs);
        for (int i = 0; i < n; i++) {
            const amz_cell nb = nbs[i];
            if (bits_get(seen, (uint64_t)nb) || bits_get(marked, (uint64_t)nb))
                continue;
            bits_set(seen, (uint64_t)nb);
            bits_set_field(parents, (uint64_t)nb * pb, pb, (uint32_t)solve_back(m, c, dirs[i]));
            out->explored++;
            if (!queue_push(&q, (uint64_t)nb)) {
                st = amz_errorf(err, AMZ_ENOMEM, "cannot grow the search queue");
                goto done;
            }
            if (obs && obs_emit(obs, AMZ_EV_FRONTIER, nb, -1, AMZ_NO_CELL)) {
                st = amz_errorf(err, AMZ_ECANCELED, "solver canceled by the observer");
                goto done;
            }
        }
    }
    if (st == AMZ_OK)
        st = solve_path_from_parents(m, parents, from, to, obs, &out->path, err);
    else
        st = solve_no_path(m, from, to, err);
done:
    queue_free(&q);
    amz_free(seen);
    amz_free(parents);
    return st;
}
