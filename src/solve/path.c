/* path.c — helpers shared by solvers: turning parent directions into a path. */
#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
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
    if (obs) {
        amz_cell c = from;
        for (uint64_t i = 0; i <= len; i++) {
            if (obs_emit_index(obs, AMZ_EV_PATH, c, i, len + 1)) {
                amz_path_deinit(out);
                return amz_errorf(err, AMZ_ECANCELED, "solver canceled by the observer");
            }
            if (i < len)
                c = grid_neighbor(m, c, out->dirs[i]);
        }
    }
    return AMZ_OK;
}
