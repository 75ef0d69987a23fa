/* bfs.c — breadth-first search: a shortest path on any maze (E. F. Moore, 1959).
 * Memory: a visited bit and a parent direction (ndirs/2 bits) per cell, and a FIFO
 * that grows as needed; no distance array. With threads >= 2 the two-ended form in
 * bfs_par.c runs instead.
 *
 * The search is written once and instantiated per topology, as the backtracker is:
 * only "which cells are open from this queue entry" differs. Square grids queue cell
 * numbers and read a cell's open directions from two words of passage bits (own E
 * and S, N from the cell above, W from the cell before), with no bounds test and no
 * division; hex grids queue (x, y) pairs so that the odd-q column parity needs no
 * division either. */
#include "amaze/alloc.h"
#include "core/alloc_big.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/queue.h"
#include "grid/grid.h"
#include "solve/solve_impl.h"

/* Inner-loop outcomes, mapped to status codes (and messages) once, after the loop. */
enum { NEXT = 0, FOUND, NOMEM, CANCELED };

/* What the search does with cell nb, reached through an open passage whose way back
 * is direction `back`; `item` is nb's queue entry. Written once for every topology;
 * everything it touches is an argument, so that the hot loops keep it in registers. */
static ALWAYS_INLINE int reach(uint64_t *visited, uint64_t *parents, unsigned bits, amz_cell to, queue *q,
                               uint64_t *seen, const amz_observer *obs, amz_cell nb, uint64_t item, int back)
{
    if (bits_get(visited, (uint64_t)nb))
        return NEXT;
    /* Stopping when the goal is first reached, not when it is popped, still gives a
     * shortest path: BFS discovers cells in order of distance, so the first parent set
     * is on a shortest path. The goal is never queued. */
    bits_set(visited, (uint64_t)nb);
    bits_set_field(parents, (uint64_t)nb * bits, bits, (uint32_t)back);
    ++*seen;
    if (nb == to)
        return obs_stop(obs, AMZ_EV_VISIT, nb) ? CANCELED : FOUND;
    if (!queue_push(q, item))
        return NOMEM;
    return obs_stop(obs, AMZ_EV_FRONTIER, nb) ? CANCELED : NEXT;
}

/* What a search loop's last `r` means for the caller: the path's end reached, the
 * queue out of memory, the observer's cancel, or every reachable cell seen. */
static amz_status outcome(int r, amz_error *err)
{
    switch (r) {
    case FOUND: return AMZ_OK;
    case NOMEM: return amz_errorf(err, AMZ_ENOMEM, "bfs: cannot grow the queue");
    case CANCELED: return amz_errorf(err, AMZ_ECANCELED, "bfs: canceled by the observer");
    default: return AMZ_ENOPATH;
    }
}

/* Returns AMZ_OK when `to` was reached (parents filled), AMZ_ENOPATH when the search
 * exhausted the part of `from`, or an error. Queue entries: square cell numbers, hex
 * (x, y) pairs (see the top comment). */
static ALWAYS_INLINE amz_status search(const amz_maze *m, amz_topology T, amz_cell from, amz_cell to,
                                       uint64_t *visited, uint64_t *parents, const amz_observer *obs,
                                       uint64_t *explored, amz_error *err)
{
    const int32_t w = m->width, h = m->height;
    const int nd = grid_plain_ndirs(T);
    const unsigned bits = (unsigned)(nd / 2);
    const uint64_t *pas = m->passages;
    const int64_t step[4] = {-(int64_t)w, 1, w, -1};
    queue q = {0};
    uint64_t seen = 1;
    int r = NEXT;

    bits_set(visited, (uint64_t)from);
    if (!queue_push(&q, T == AMZ_TOPO_SQUARE ? (uint64_t)from : queue_xy((int32_t)(from % w), (int32_t)(from / w))))
        r = NOMEM;
    else if (obs_stop(obs, AMZ_EV_FRONTIER, from))
        r = CANCELED;
    while (r == NEXT && q.count) {
        const uint64_t v = queue_pop(&q);
        if (T == AMZ_TOPO_SQUARE) {
            const amz_cell c = (amz_cell)v;
            if (obs_stop(obs, AMZ_EV_VISIT, c)) {
                r = CANCELED;
                break;
            }
            for (unsigned open = grid_square_open(pas, c, w); open; open &= open - 1) {
                const int d = __builtin_ctz(open);
                const amz_cell nb = c + step[d];
                /* Square directions N E S W are 0..3, so (d + 2) & 3 is the opposite. */
                if ((r = reach(visited, parents, 2, to, &q, &seen, obs, nb, (uint64_t)nb, (d + 2) & 3)))
                    break;
            }
        } else {
            const int32_t x = (int32_t)(v & 0xffffffffu), y = (int32_t)(v >> 32);
            const amz_cell c = (amz_cell)y * w + x;
            if (obs_stop(obs, AMZ_EV_VISIT, c)) {
                r = CANCELED;
                break;
            }
            for (int d = 0; d < nd; d++) {
                int32_t nx, ny;
                if (!grid_step(T, w, h, x, y, d, &nx, &ny))
                    continue;
                const amz_cell nb = (amz_cell)ny * w + nx;
                /* Removed cells have no passages, so the edge bit alone decides. */
                if (bits_get(pas, grid_edge_bit((int)bits, c, nb, d)) &&
                    (r = reach(visited, parents, bits, to, &q, &seen, obs, nb, queue_xy(nx, ny), grid_plain_opposite(T, d))))
                    break;
            }
        }
    }
    queue_free(&q);
    *explored = seen;
    return outcome(r, err);
}

static amz_status search_square(const amz_maze *m, amz_cell from, amz_cell to, uint64_t *visited,
                                uint64_t *parents, const amz_observer *obs, uint64_t *explored, amz_error *err)
{
    return search(m, AMZ_TOPO_SQUARE, from, to, visited, parents, obs, explored, err);
}

static amz_status search_hex(const amz_maze *m, amz_cell from, amz_cell to, uint64_t *visited, uint64_t *parents,
                             const amz_observer *obs, uint64_t *explored, amz_error *err)
{
    return search(m, AMZ_TOPO_HEX, from, to, visited, parents, obs, explored, err);
}

/* The same search on every other grid, queueing cell numbers (solve_open). */
static amz_status search_any(const amz_maze *m, amz_cell from, amz_cell to, uint64_t *visited, uint64_t *parents,
                             const amz_observer *obs, uint64_t *explored, amz_error *err)
{
    const unsigned pb = solve_pbits(m);
    queue q = {0};
    uint64_t seen = 1;
    int r = NEXT;
    bits_set(visited, (uint64_t)from);
    if (!queue_push(&q, (uint64_t)from))
        r = NOMEM;
    else if (obs_stop(obs, AMZ_EV_FRONTIER, from))
        r = CANCELED;
    while (r == NEXT && q.count) {
        const amz_cell c = (amz_cell)queue_pop(&q);
        int dirs[AMZ_MAX_DIRS];
        amz_cell nbs[AMZ_MAX_DIRS];
        if (obs_stop(obs, AMZ_EV_VISIT, c)) {
            r = CANCELED;
            break;
        }
        const int n = solve_open(m, c, dirs, nbs);
        for (int i = 0; i < n; i++)
            if ((r = reach(visited, parents, pb, to, &q, &seen, obs, nbs[i], (uint64_t)nbs[i],
                           solve_back(m, c, dirs[i]))))
                break;
    }
    queue_free(&q);
    *explored = seen;
    return outcome(r, err);
}

amz_status solve_bfs(const amz_maze *m, amz_cell from, amz_cell to, const amz_solve_options *o,
                         const amz_observer *obs, amz_solve_result *out, amz_error *err)
{
    /* Two-ended on threads works on plain grids; the others search from one end. */
    if (o->threads >= 2 && solve_plain(m))
        return solve_bfs_two_ended(m, from, to, o->threads, obs, out, err);
    /* Big random-access arrays: huge pages where the default allocator is in use
     * (core/alloc_big.h). A parent field is written before it is ever read. */
    uint64_t nwords = bits_words((uint64_t)m->ncells);
    uint64_t *visited = core_calloc_big((size_t)nwords, 8);
    uint64_t *parents = core_calloc_big((size_t)bits_words((uint64_t)m->ncells * solve_pbits(m)), 8);
    amz_status st;
    if (!visited || !parents) {
        st = amz_errorf(err, AMZ_ENOMEM, "bfs: cannot allocate search state for %lld cells", (long long)m->ncells);
        goto done;
    }
    st = !solve_plain(m)                  ? search_any(m, from, to, visited, parents, obs, &out->explored, err)
         : m->topology == AMZ_TOPO_SQUARE ? search_square(m, from, to, visited, parents, obs, &out->explored, err)
                                          : search_hex(m, from, to, visited, parents, obs, &out->explored, err);
    /* The visited bits are not needed to walk the parents back: free them first so
     * the path is allocated with the smallest peak. */
    amz_free(visited);
    visited = NULL;
    if (st == AMZ_ENOPATH)
        st = solve_no_path(m, from, to, err);
    else if (st == AMZ_OK)
        st = solve_path_from_parents(m, parents, from, to, obs, &out->path, err);
done:
    amz_free(visited);
    amz_free(parents);
    return st;
}
