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

amz_status amz_solve_dfs(const amz_maze *m, amz_cell from, amz_cell to, const amz_solve_options *o,
                         const amz_observer *obs, amz_solve_result *out, amz_error *err)
{
    (void)o;
    const int32_t w = m->width, h = m->height;
    const int nd = m->ndirs, bits = m->bits;
    const amz_topology T = m->topology;
    uint64_t *visited = amz_calloc_big((size_t)bits_words((uint64_t)m->ncells), 8);
    uint64_t *parents = amz_calloc_big((size_t)bits_words((uint64_t)m->ncells * (uint64_t)bits), 8);
    amz_status st = AMZ_OK;
    if (!visited || !parents) {
        st = amz_errorf(err, AMZ_ENOMEM, "dfs: cannot allocate search state for %lld cells", (long long)m->ncells);
        goto done;
    }
    amz_cell c = from;
    int32_t x = (int32_t)(c % w), y = (int32_t)(c / w);
    uint64_t seen = 1;
    bits_set(visited, (uint64_t)c);
    if (obs && obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL))
        goto canceled;
    while (c != to) {
        int d;
        int32_t nx = 0, ny = 0;
        amz_cell nb = AMZ_NO_CELL;
        for (d = 0; d < nd; d++) {
            if (!grid_step(T, w, h, x, y, d, &nx, &ny))
                continue;
            nb = (amz_cell)ny * w + nx;
            if (bits_get(m->passages, grid_edge_bit(bits, c, nb, d)) && !bits_get(visited, (uint64_t)nb))
                break;
        }
        if (d < nd) {
            bits_set(visited, (uint64_t)nb);
            bits_set_field(parents, (uint64_t)nb * (uint64_t)bits, (unsigned)bits, (uint32_t)grid_opposite(T, d));
            seen++;
            if (obs && obs_emit(obs, AMZ_EV_VISIT, nb, -1, AMZ_NO_CELL))
                goto canceled;
        } else {
            if (c == from) {
                out->explored = seen;
                st = amz_solve_no_path(m, from, to, err);
                goto done;
            }
            d = (int)bits_field(parents, (uint64_t)c * (uint64_t)bits, (unsigned)bits);
            grid_step(T, w, h, x, y, d, &nx, &ny);
            nb = (amz_cell)ny * w + nx;
            if (obs && obs_emit(obs, AMZ_EV_BACKTRACK, c, d, nb))
                goto canceled;
        }
        c = nb;
        x = nx;
        y = ny;
    }
    out->explored = seen;
    amz_free(visited);
    visited = NULL;
    st = amz_solve_path_from_parents(m, parents, from, to, obs, &out->path, err);
    goto done;
canceled:
    st = amz_errorf(err, AMZ_ECANCELED, "dfs: canceled by the observer");
done:
    amz_free(visited);
    amz_free(parents);
    return st;
}
