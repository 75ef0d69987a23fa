/* path.c — helpers shared by solvers: turning parent directions into a path. */
#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/queue.h"
#include "grid/grid.h"
#include "solve/solve_impl.h"

amz_status amz_solve_no_path(const amz_maze *m, amz_cell from, amz_cell to, amz_error *err)
{
    int32_t fx, fy, tx, ty;
    amz_maze_cell_xy(m, from, &fx, &fy);
    amz_maze_cell_xy(m, to, &tx, &ty);
    return amz_errorf(err, AMZ_ENOPATH, "no path from (%d,%d) to (%d,%d)", fx, fy, tx, ty);
}

amz_status amz_solve_path_from_parents(const amz_maze *m, const uint64_t *parents, amz_cell from, amz_cell to,
                                       const amz_observer *obs, amz_path *out, amz_error *err)
{
    const int bits = m->bits;
    uint64_t len = 0;
    /* Two walks back from the goal: one to count, one to fill, so the path is allocated
     * exactly once at its final size. */
    for (amz_cell c = to; c != from; len++)
        c = grid_neighbor(m, c, (int)bits_field(parents, (uint64_t)c * (uint64_t)bits, (unsigned)bits));
    out->start = from;
    out->len = len;
    out->dirs = NULL;
    if (len) {
        if (len > SIZE_MAX || !(out->dirs = amz_malloc((size_t)len)))
            return amz_errorf(err, AMZ_ENOMEM, "cannot allocate a path of %llu moves", (unsigned long long)len);
        amz_cell c = to;
        for (uint64_t i = len; i-- > 0;) {
            int back = (int)bits_field(parents, (uint64_t)c * (uint64_t)bits, (unsigned)bits);
            out->dirs[i] = (uint8_t)grid_opposite(m->topology, back);
            c = grid_neighbor(m, c, back);
        }
    }
    if (obs && amz_solve_emit_path(m, out, obs, err)) {
        amz_path_deinit(out);
        return AMZ_ECANCELED;
    }
    return AMZ_OK;
}

amz_status amz_solve_emit_path(const amz_maze *m, const amz_path *p, const amz_observer *obs, amz_error *err)
{
    amz_cell c = p->start;
    for (uint64_t i = 0; i <= p->len; i++) {
        if (obs_emit_index(obs, AMZ_EV_PATH, c, i, p->len + 1))
            return amz_errorf(err, AMZ_ECANCELED, "solver canceled by the observer");
        if (i < p->len)
            c = grid_neighbor(m, c, p->dirs[i]);
    }
    return AMZ_OK;
}

amz_status amz_solve_search_unmarked(const amz_maze *m, amz_cell from, amz_cell to, const uint64_t *marked,
                                     const amz_observer *obs, amz_solve_result *out, amz_error *err)
{
    const int32_t w = m->width, h = m->height;
    const size_t words = (size_t)bits_words((uint64_t)m->ncells);
    uint64_t *seen = amz_calloc(words, 8);
    uint64_t *parents = amz_malloc((size_t)bits_words((uint64_t)m->ncells * (uint64_t)m->bits) * 8);
    amz_queue q = {0};
    amz_status st = AMZ_ENOPATH;
    if (!seen || !parents || !amz_queue_push(&q, (uint64_t)from)) {
        st = amz_errorf(err, AMZ_ENOMEM, "cannot allocate the search of %lld cells", (long long)m->ncells);
        goto done;
    }
    bits_set(seen, (uint64_t)from);
    out->explored = 1;
    while (q.count && st == AMZ_ENOPATH) {
        amz_cell c = (amz_cell)amz_queue_pop(&q);
        if (obs && obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL)) {
            st = amz_errorf(err, AMZ_ECANCELED, "solver canceled by the observer");
            goto done;
        }
        if (c == to) {
            st = AMZ_OK;
            break;
        }
        int32_t x = (int32_t)(c % w), y = (int32_t)(c / w);
        for (int d = 0; d < m->ndirs; d++) {
            int32_t nx, ny;
            if (!grid_step(m->topology, w, h, x, y, d, &nx, &ny))
                continue;
            amz_cell nb = (amz_cell)ny * w + nx;
            if (!bits_get(m->passages, grid_edge_bit(m->bits, c, nb, d)) || bits_get(seen, (uint64_t)nb) ||
                bits_get(marked, (uint64_t)nb))
                continue;
            bits_set(seen, (uint64_t)nb);
            bits_set_field(parents, (uint64_t)nb * (uint64_t)m->bits, (unsigned)m->bits,
                           (uint32_t)grid_opposite(m->topology, d));
            out->explored++;
            if (!amz_queue_push(&q, (uint64_t)nb)) {
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
        st = amz_solve_path_from_parents(m, parents, from, to, obs, &out->path, err);
    else
        st = amz_solve_no_path(m, from, to, err);
done:
    amz_queue_free(&q);
    amz_free(seen);
    amz_free(parents);
    return st;
}
