/* bfs.c — breadth-first search: a shortest path on any maze (E. F. Moore, 1959).
 * Memory: a visited bit and a parent direction (ndirs/2 bits) per cell, and a FIFO of
 * (x, y) pairs that grows as needed; no distance array. With threads >= 2 the
 * two-ended form in bfs_par.c runs instead. */
#include "amaze/alloc.h"
#include "core/alloc_big.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/queue.h"
#include "grid/grid.h"
#include "solve/solve_impl.h"

/* Returns AMZ_OK when `to` was reached (parents filled), AMZ_ENOPATH when the search
 * exhausted the part of `from`, or an error. */
static ALWAYS_INLINE amz_status search(const amz_maze *m, amz_topology T, amz_cell from, amz_cell to,
                                       uint64_t *visited, uint64_t *parents, const amz_observer *obs,
                                       uint64_t *explored, amz_error *err)
{
    const int32_t w = m->width, h = m->height;
    const int nd = grid_ndirs(T), bits = nd / 2;
    const uint64_t *pas = m->passages;
    amz_queue q = {0};
    uint64_t seen = 1;
    amz_status st = AMZ_ENOPATH;

    bits_set(visited, (uint64_t)from);
    if (!amz_queue_push(&q, amz_queue_xy((int32_t)(from % w), (int32_t)(from / w)))) {
        st = AMZ_ENOMEM;
        goto out;
    }
    if (obs && obs_emit(obs, AMZ_EV_FRONTIER, from, -1, AMZ_NO_CELL)) {
        st = AMZ_ECANCELED;
        goto out;
    }
    while (q.count) {
        uint64_t v = amz_queue_pop(&q);
        int32_t x = (int32_t)(v & 0xffffffffu), y = (int32_t)(v >> 32);
        amz_cell c = (amz_cell)y * w + x;
        if (obs && obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL)) {
            st = AMZ_ECANCELED;
            goto out;
        }
        for (int d = 0; d < nd; d++) {
            int32_t nx, ny;
            if (!grid_step(T, w, h, x, y, d, &nx, &ny))
                continue;
            amz_cell nb = (amz_cell)ny * w + nx;
            /* Removed cells have no passages, so the edge bit alone decides. */
            if (!bits_get(pas, grid_edge_bit(bits, c, nb, d)) || bits_get(visited, (uint64_t)nb))
                continue;
            bits_set(visited, (uint64_t)nb);
            bits_set_field(parents, (uint64_t)nb * (uint64_t)bits, (unsigned)bits, (uint32_t)grid_opposite(T, d));
            seen++;
            if (nb == to) {
                if (obs && obs_emit(obs, AMZ_EV_VISIT, nb, -1, AMZ_NO_CELL)) {
                    st = AMZ_ECANCELED;
                    goto out;
                }
                st = AMZ_OK;
                goto out;
            }
            if (!amz_queue_push(&q, amz_queue_xy(nx, ny))) {
                st = AMZ_ENOMEM;
                goto out;
            }
            if (obs && obs_emit(obs, AMZ_EV_FRONTIER, nb, -1, AMZ_NO_CELL)) {
                st = AMZ_ECANCELED;
                goto out;
            }
        }
    }
out:
    amz_queue_free(&q);
    *explored = seen;
    if (st == AMZ_ENOMEM)
        amz_errorf(err, st, "bfs: cannot grow the queue");
    else if (st == AMZ_ECANCELED)
        amz_errorf(err, st, "bfs: canceled by the observer");
    return st;
}

/* Square grids: the queue holds cell numbers and the open directions of a cell come
 * from two words of passage bits (own E and S, N from the cell above, W from the cell
 * before), so there is no bounds test and no division per cell. */
static amz_status search_square(const amz_maze *m, amz_cell from, amz_cell to, uint64_t *visited,
                                uint64_t *parents, const amz_observer *obs, uint64_t *explored, amz_error *err)
{
    const int64_t w = m->width;
    const uint64_t *pas = m->passages;
    const int64_t step[4] = {-w, 1, w, -1};
    amz_queue q = {0};
    uint64_t seen = 1;
    amz_status st = AMZ_ENOPATH;

    bits_set(visited, (uint64_t)from);
    if (!amz_queue_push(&q, (uint64_t)from)) {
        st = AMZ_ENOMEM;
        goto out;
    }
    if (obs && obs_emit(obs, AMZ_EV_FRONTIER, from, -1, AMZ_NO_CELL)) {
        st = AMZ_ECANCELED;
        goto out;
    }
    while (q.count) {
        amz_cell c = (amz_cell)amz_queue_pop(&q);
        if (obs && obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL)) {
            st = AMZ_ECANCELED;
            goto out;
        }
        unsigned open = grid_square_open(pas, c, w);
        while (open) {
            int d = __builtin_ctz(open);
            open &= open - 1;
            amz_cell nb = c + step[d];
            if (bits_get(visited, (uint64_t)nb))
                continue;
            bits_set(visited, (uint64_t)nb);
            bits_set_field(parents, (uint64_t)nb * 2, 2, (uint32_t)((d + 2) & 3));
            seen++;
            if (nb == to) {
                if (obs && obs_emit(obs, AMZ_EV_VISIT, nb, -1, AMZ_NO_CELL)) {
                    st = AMZ_ECANCELED;
                    goto out;
                }
                st = AMZ_OK;
                goto out;
            }
            if (!amz_queue_push(&q, (uint64_t)nb)) {
                st = AMZ_ENOMEM;
                goto out;
            }
            if (obs && obs_emit(obs, AMZ_EV_FRONTIER, nb, -1, AMZ_NO_CELL)) {
                st = AMZ_ECANCELED;
                goto out;
            }
        }
    }
out:
    amz_queue_free(&q);
    *explored = seen;
    if (st == AMZ_ENOMEM)
        amz_errorf(err, st, "bfs: cannot grow the queue");
    else if (st == AMZ_ECANCELED)
        amz_errorf(err, st, "bfs: canceled by the observer");
    return st;
}

static amz_status search_hex(const amz_maze *m, amz_cell from, amz_cell to, uint64_t *visited, uint64_t *parents,
                             const amz_observer *obs, uint64_t *explored, amz_error *err)
{
    return search(m, AMZ_TOPO_HEX, from, to, visited, parents, obs, explored, err);
}

amz_status amz_solve_bfs(const amz_maze *m, amz_cell from, amz_cell to, const amz_solve_options *o,
                         const amz_observer *obs, amz_solve_result *out, amz_error *err)
{
    if (o->threads >= 2)
        return amz_solve_bfs_two_ended(m, from, to, o->threads, obs, out, err);
    uint64_t nwords = bits_words((uint64_t)m->ncells);
    uint64_t *visited = amz_calloc_big((size_t)nwords, 8);
    uint64_t *parents = amz_calloc_big((size_t)bits_words((uint64_t)m->ncells * (uint64_t)m->bits), 8);
    amz_status st;
    if (!visited || !parents) {
        st = amz_errorf(err, AMZ_ENOMEM, "bfs: cannot allocate search state for %lld cells", (long long)m->ncells);
        goto done;
    }
    st = m->topology == AMZ_TOPO_SQUARE ? search_square(m, from, to, visited, parents, obs, &out->explored, err)
                                        : search_hex(m, from, to, visited, parents, obs, &out->explored, err);
    /* The visited bits are not needed to walk the parents back: free them first so
     * the path is allocated with the smallest peak. */
    amz_free(visited);
    visited = NULL;
    if (st == AMZ_ENOPATH)
        st = amz_solve_no_path(m, from, to, err);
    else if (st == AMZ_OK)
        st = amz_solve_path_from_parents(m, parents, from, to, obs, &out->path, err);
done:
    amz_free(visited);
    amz_free(parents);
    return st;
}
