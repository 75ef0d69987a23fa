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
 * cell and two bytes per move of the current path (the move and its way back). */
#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "grid/grid.h"
#include "solve/solve_impl.h"

/* The directions of a cell in clockwise order around it (a rotation system: any fixed
 * cyclic order keeps each step one-to-one, and this one follows the walls as drawn).
 * A weave under-passage leaves through the same side as the plain move it replaces;
 * stairs come after the sides. Directions a grid lacks are filtered out. */
static const int8_t rotation[AMZ_TOPO_COUNT][AMZ_MAX_DIRS] = {
    {AMZ_SQ_N, AMZ_SQ_N2, AMZ_SQ_E, AMZ_SQ_E2, AMZ_SQ_S, AMZ_SQ_S2, AMZ_SQ_W, AMZ_SQ_W2, AMZ_SQ_U, AMZ_SQ_D, -1, -1,
     -1, -1, -1, -1},
    {0, 1, 2, 3, 4, 5, AMZ_HEX_U, AMZ_HEX_D, -1, -1, -1, -1, -1, -1, -1, -1},
    {0, 1, 2, 3, AMZ_TRI_U, AMZ_TRI_D, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1},
    {0, 1, 2, 3, 4, 5, 6, 7, -1, -1, -1, -1, -1, -1, -1, -1},
    {3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, AMZ_POLAR_CW, AMZ_POLAR_IN, AMZ_POLAR_CCW, -1},
};

amz_status solve_wall_follower(const amz_maze *m, amz_cell from, amz_cell to, const amz_solve_options *o,
                                   const amz_observer *obs, amz_solve_result *out, amz_error *err)
{
    int order[AMZ_MAX_DIRS], pos[AMZ_MAX_DIRS], nd = 0;
    for (int i = 0; i < AMZ_MAX_DIRS; i++)
        if (rotation[m->topology][i] >= 0 && rotation[m->topology][i] < m->ndirs) {
            pos[rotation[m->topology][i]] = nd;
            order[nd++] = rotation[m->topology][i];
        }
    const int turn = o->hand == AMZ_HAND_RIGHT ? -1 : 1; /* scan order from the back direction */
    const char *hand = o->hand == AMZ_HAND_RIGHT ? "right" : "left";
    const size_t words = (size_t)bits_words((uint64_t)m->ncells);
    uint64_t *seen = amz_calloc(words, 8), *onpath = amz_calloc(words, 8);
    uint8_t *dirs = NULL, *backs = NULL; /* the path's moves, and the way back of each */
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
    int back = 0; /* a position in `order` */
    for (int k = 0; k < nd; k++)
        if (!amz_maze_passage(m, from, order[k])) {
            back = k;
            break;
        }
    amz_cell c = from, cur = from; /* c: the walker; cur: the end of the loop-erased path */
    int first = -1;
    for (;;) {
        int d = -1;
        const unsigned open = solve_open_mask(m, c);
        for (int k = 1; k <= nd; k++) {
            int t = order[((back + turn * k) % nd + nd) % nd];
            if (open >> t & 1) {
                d = t;
                break;
            }
        }
        if (d < 0 || (c == from && d == first)) {
            out->explored = explored;
            char fa[48], ta[48];
            grid_cell_coords(m, from, fa, sizeof fa);
            grid_cell_coords(m, to, ta, sizeof ta);
            st = amz_errorf(err, AMZ_ENOPATH,
                            "no path from (%s) to (%s) along the %s wall: the wall follower came back to "
                            "where it started (the goal is unreachable, or beyond a loop it circles)",
                            fa, ta, hand);
            goto done;
        }
        if (first < 0)
            first = d;
        amz_cell nb = solve_next(m, c, d);
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
                cur = solve_next(m, cur, backs[--len]);
            }
        } else {
            if (len == cap) {
                size_t ncap = cap ? cap * 2 : 256;
                uint8_t *nd2 = amz_realloc(dirs, ncap), *nb2 = nd2 ? amz_realloc(backs, ncap) : NULL;
                if (nd2)
                    dirs = nd2;
                if (!nb2) {
                    st = amz_errorf(err, AMZ_ENOMEM, "wall-follower: cannot grow the path");
                    goto done;
                }
                backs = nb2;
                cap = ncap;
            }
            backs[len] = (uint8_t)solve_back(m, c, d);
            dirs[len++] = (uint8_t)d;
            bits_set(onpath, (uint64_t)nb);
            cur = nb;
        }
        back = pos[solve_back(m, c, d)];
        c = nb;
        if (c == to)
            break;
    }
    out->explored = explored;
    out->path.start = from;
    out->path.len = len;
    out->path.dirs = dirs;
    dirs = NULL;
    if (obs && (st = solve_emit_path(m, &out->path, obs, err)))
        amz_path_deinit(&out->path);
    goto done;
canceled:
    st = amz_errorf(err, AMZ_ECANCELED, "wall-follower: canceled by the observer");
done:
    out->explored = explored;
    amz_free(dirs);
    amz_free(backs);
    amz_free(seen);
    amz_free(onpath);
    return st;
}
