/* rows_any.c — binary-tree and sidewinder where a row order exists off the square and
 * hex grids: polar rings (a ring is a row, "north" is inward, "east" clockwise up to
 * the ring's last cell) and triangle rows (only a down-pointing triangle has a side
 * to the row above). Sources: J. Buck, "Mazes for Programmers" (2015), ch. 7 (polar
 * grids; the binary tree and sidewinder there run inward and clockwise), W. D. Pullen,
 * "Think Labyrinth!" (sidewinder). Each cell but the root gets exactly one parent edge
 * (inward/up, or one step further along its row, never past the row's end), so the
 * result is a spanning tree: following parents strictly advances along a row or goes
 * one row up, and ends at the centre (polar) or the top row's corridor (triangle). */
#include <math.h>

#include "core/error.h"
#include "core/observe.h"
#include "core/rng_inline.h"
#include "gen/gen_impl.h"
#include "grid/topo.h"

/* Opens c's side d, announced as VISIT then CARVE; nonzero if the observer cancels. */
static bool carve(amz_maze *m, amz_cell c, int d, const amz_observer *obs, obs_progress *prog)
{
    amz_cell nb = grid_neighbor(m, c, d);
    if (obs && obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL))
        return true;
    bits_set(m->passages, grid_edge(m, c, d, nb));
    return obs && (obs_emit(obs, AMZ_EV_CARVE, c, d, nb) || obs_progress_tick(obs, prog));
}

/* Row k of the maze (a polar ring, or a triangle row): its first cell and length. */
static bool row_of(const amz_maze *m, int32_t k, amz_cell *first, int32_t *n)
{
    if (m->topology == AMZ_TOPO_POLAR)
        return amz_maze_ring(m, k, first, n);
    if (k >= m->height)
        return false;
    *first = (amz_cell)k * m->width;
    *n = m->width;
    return true;
}

/* The along-the-row and up directions of this topology. */
static void row_dirs(const amz_maze *m, int *along, int *up)
{
    const bool polar = m->topology == AMZ_TOPO_POLAR;
    *along = polar ? AMZ_POLAR_CW : AMZ_TRI_E;
    *up = polar ? AMZ_POLAR_IN : AMZ_TRI_N;
}

amz_status gen_binary_tree_rings(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                                 amz_error *err)
{
    if (m->topology != AMZ_TOPO_POLAR)
        return amz_errorf(err, AMZ_EUNSUPPORTED, "binary-tree runs on square and polar grids only");
    /* A 32-bit draw below thr goes inward: P = bias_weight (the corner means nothing on
     * rings; gen_binary_tree refuses one other than ne). */
    const uint64_t thr = (uint64_t)ldexp(o->bias_weight, 32);
    obs_progress prog = {0, 0, 0, 0};
    if (obs)
        obs_progress_init(&prog, (uint64_t)m->ncells);
    amz_cell first;
    int32_t n;
    for (int32_t r = 1; row_of(m, r, &first, &n); r++)
        for (int32_t i = 0; i < n; i++) {
            const amz_cell c = first + i;
            /* The ring's last cell may only go inward: clockwise would close the ring. */
            int d = i + 1 < n && (rng_next(rng) & 0xffffffffu) >= thr ? AMZ_POLAR_CW : AMZ_POLAR_IN;
            if (carve(m, c, d, obs, &prog))
                return amz_errorf(err, AMZ_ECANCELED, "binary-tree: canceled by the observer");
        }
    return AMZ_OK;
}

/* On triangle rows a run may close only on a cell that has a side upwards, and never so
 * that the cells left in the row have none: a lone up-pointing triangle at the row's
 * end could not reach the row above. With alternating triangles any two cells hold a
 * down-pointing one, so only the last cell needs the look-ahead. */
static bool may_close(const amz_maze *m, amz_cell first, int32_t n, int32_t i, bool run_up, int up)
{
    if (!run_up)
        return false;
    if (m->topology == AMZ_TOPO_POLAR || i + 1 >= n)
        return true;
    return i + 2 < n || grid_neighbor(m, first + i + 1, up) != AMZ_NO_CELL;
}

amz_status gen_sidewinder_rows_any(amz_maze *m, amz_rng *rng, const amz_observer *obs, amz_error *err)
{
    int along, up;
    row_dirs(m, &along, &up);
    obs_progress prog = {0, 0, 0, 0};
    if (obs)
        obs_progress_init(&prog, (uint64_t)m->ncells);
    amz_cell first;
    int32_t n;
    /* Polar: ring 0 is the centre, every ring from 1 closes its runs inward. Triangle:
     * row 0 is one corridor, like the square top row. */
    const int32_t r0 = m->topology == AMZ_TOPO_POLAR ? 1 : 0;
    for (int32_t r = r0; row_of(m, r, &first, &n); r++) {
        if (m->topology == AMZ_TOPO_TRIANGLE && r == 0) {
            for (int32_t i = 0; i + 1 < n; i++)
                if (carve(m, first + i, along, obs, &prog))
                    return amz_errorf(err, AMZ_ECANCELED, "sidewinder: canceled by the observer");
            continue;
        }
        int32_t run = 0, ups = 0; /* the run's first cell, and its cells with a side up */
        for (int32_t i = 0; i < n; i++) {
            ups += grid_neighbor(m, first + i, up) != AMZ_NO_CELL;
            const bool last = i + 1 >= n; /* the row's end closes the run (may_close kept one up) */
            const bool close = last ? ups > 0 : may_close(m, first, n, i, ups > 0, up) && (rng_next(rng) & 1);
            if (last && !close)
                return amz_errorf(err, AMZ_EINVAL, "sidewinder: a run at the end of row %d has no way up", r);
            if (!close) {
                if (carve(m, first + i, along, obs, &prog))
                    return amz_errorf(err, AMZ_ECANCELED, "sidewinder: canceled by the observer");
                continue;
            }
            /* One upward side, uniformly among the run's cells that have one. */
            uint32_t pick = rng_below(rng, (uint32_t)ups);
            for (int32_t k = run; k <= i; k++)
                if (grid_neighbor(m, first + k, up) != AMZ_NO_CELL && pick-- == 0) {
                    if (carve(m, first + k, up, obs, &prog))
                        return amz_errorf(err, AMZ_ECANCELED, "sidewinder: canceled by the observer");
                    break;
                }
            run = i + 1;
            ups = 0;
        }
    }
    return AMZ_OK;
}
