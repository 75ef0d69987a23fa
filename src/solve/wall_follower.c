/* wall_follower.c — the wall follower: keep one hand on the wall, turning towards it
 * whenever a way opens on that side. On a perfect maze it walks around the whole tree
 * and reaches every cell of the start's part; on a maze with loops it can circle an
 * island of walls forever, which is detected exactly: each step is a function of (cell,
 * direction of arrival) that is one-to-one, so the walk is periodic and it loops iff it
 * takes the first step again before reaching the goal. Source: W. D. Pullen, "Think
 * Labyrinth!" (astrolog.org), "Wall follower".
 *
 * The reported path is the walk with its loops erased as they close (back-and-forths
 * into dead ends vanish), a simple path. Memory: a visited bit and an on-path bit per
 * cell and one byte per move of the current path. */
#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "grid/grid.h"
#include "solve/solve_impl.h"

amz_status amz_solve_wall_follower(const amz_maze *m, amz_cell from, amz_cell to, const amz_solve_options *o,
                                   const amz_observer *obs, amz_solve_result *out, amz_error *err)
{
    const int nd = m->ndirs;
    const int turn = o->hand == AMZ_HAND_RIGHT ? -1 : 1; /* scan order from the back direction */
    const char *hand = o->hand == AMZ_HAND_RIGHT ? "right" : "left";
    const size_t words = (size_t)bits_words((uint64_t)m->ncells);
    uint64_t *seen = amz_calloc(words, 8), *onpath = amz_calloc(words, 8);
    uint8_t *dirs = NULL;
    size_t len = 0, cap = 0;
    uint64_t explored = 1;
    amz_status st = AMZ_OK;
    if (!seen || !onpath) {
        st = amz_errorf(err, AMZ_ENOMEM, "wall-follower: cannot allocate %lld cells of state", (long long)m->ncells);
        goto done;
    }
    bits_set(seen, (uint64_t)from);
    bits_set(onpath, (uint64_t)from);
    if (obs && obs_emit(obs, AMZ_EV_VISIT, from, -1, AMZ_NO_CELL))
        goto canceled;
    /* Start with the hand on a wall: pretend to have arrived through the first closed
     * side (or N if every side is open). */
    int back = 0;
    for (int d = 0; d < nd; d++)
        if (!amz_maze_passage(m, from, d)) {
            back = d;
            break;
        }
    amz_cell c = from, cur = from; /* c: the walker; cur: the end of the loop-erased path */
    int first = -1;
    for (;;) {
        int d = -1;
        for (int k = 1; k <= nd; k++) {
            int t = ((back + turn * k) % nd + nd) % nd;
            if (amz_maze_passage(m, c, t)) {
                d = t;
                break;
            }
        }
        if (d < 0 || (c == from && d == first)) {
            out->explored = explored;
            int32_t fx, fy, tx, ty;
            amz_maze_cell_xy(m, from, &fx, &fy);
            amz_maze_cell_xy(m, to, &tx, &ty);
            st = amz_errorf(err, AMZ_ENOPATH,
                            "no path from (%d,%d) to (%d,%d) along the %s wall: the wall follower came back to "
                            "where it started (the goal is unreachable, or beyond a loop it circles)",
                            fx, fy, tx, ty, hand);
            goto done;
        }
        if (first < 0)
            first = d;
        amz_cell nb = grid_neighbor(m, c, d);
        if (!bits_get(seen, (uint64_t)nb)) {
            bits_set(seen, (uint64_t)nb);
            explored++;
            if (obs && obs_emit(obs, AMZ_EV_VISIT, nb, -1, AMZ_NO_CELL))
                goto canceled;
        } else if (obs && obs_emit(obs, AMZ_EV_ENTER, nb, -1, c)) {
            goto canceled;
        }
        /* Erase the loop the step closes, or extend the path. */
        if (bits_get(onpath, (uint64_t)nb)) {
            while (cur != nb && len > 0) { /* nb is on the path, so len > 0 until we reach it */
                bits_clear(onpath, (uint64_t)cur);
                cur = grid_neighbor(m, cur, grid_opposite(m->topology, dirs[--len]));
            }
        } else {
            if (len == cap) {
                size_t ncap = cap ? cap * 2 : 256;
                uint8_t *nd2 = amz_realloc(dirs, ncap);
                if (!nd2) {
                    st = amz_errorf(err, AMZ_ENOMEM, "wall-follower: cannot grow the path");
                    goto done;
                }
                dirs = nd2;
                cap = ncap;
            }
            dirs[len++] = (uint8_t)d;
            bits_set(onpath, (uint64_t)nb);
            cur = nb;
        }
        c = nb;
        back = grid_opposite(m->topology, d);
        if (c == to)
            break;
    }
    out->explored = explored;
    out->path.start = from;
    out->path.len = len;
    out->path.dirs = dirs;
    dirs = NULL;
    if (obs && (st = amz_solve_emit_path(m, &out->path, obs, err)))
        amz_path_deinit(&out->path);
    goto done;
canceled:
    st = amz_errorf(err, AMZ_ECANCELED, "wall-follower: canceled by the observer");
done:
    out->explored = explored;
    amz_free(dirs);
    amz_free(seen);
    amz_free(onpath);
    return st;
}
