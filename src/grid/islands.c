/* islands.c — connected groups of existing cells under grid adjacency (walls ignored),
 * found by breadth-first flooding over a bitset. Masks that fall apart into islands
 * cannot hold one perfect maze, so shapes and generators check with these. */
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/shape.h"
#include "core/bits.h"
#include "core/error.h"
#include "grid/grid.h"
#include "grid/islands.h"

/* The flood on any grid (grid/topo.h), queueing cell numbers. Weave under-passages do
 * not join islands: one runs under a cell that must be there. The bounding box is in
 * cell coordinates of level 0. */
static amz_status flood_any(const amz_maze *m, uint64_t *mark, amz_cell seed, queue *q, grid_island *out)
{
    int32_t x, y;
    amz_maze_cell_xy(m, seed, &x, &y);
    grid_island is = {seed, 1, x, y, x, y};
    /* Directions N2 .. W2 are numbered last on a weave grid, so stopping at N2 keeps
     * exactly the plain and level moves. */
    const int nd = m->weave ? AMZ_SQ_N2 : m->ndirs;
    bits_set(mark, (uint64_t)seed);
    if (!queue_push(q, (uint64_t)seed))
        return AMZ_ENOMEM;
    /* Marked when queued, not when popped, so each cell enters the queue once and the
     * queue never holds more than the island. grid_nbrs already drops removed cells. */
    while (q->count) {
        amz_cell c = (amz_cell)queue_pop(q), nb[AMZ_MAX_DIRS];
        grid_nbrs(m, c, nb);
        for (int d = 0; d < nd; d++) {
            if (nb[d] == AMZ_NO_CELL || bits_get(mark, (uint64_t)nb[d]))
                continue;
            bits_set(mark, (uint64_t)nb[d]);
            is.size++;
            amz_maze_cell_xy(m, nb[d], &x, &y);
            is.x0 = x < is.x0 ? x : is.x0;
            is.x1 = x > is.x1 ? x : is.x1;
            is.y0 = y < is.y0 ? y : is.y0;
            is.y1 = y > is.y1 ? y : is.y1;
            if (!queue_push(q, (uint64_t)nb[d]))
                return AMZ_ENOMEM;
        }
    }
    *out = is;
    return AMZ_OK;
}

amz_status grid_island_flood(const amz_maze *m, uint64_t *mark, amz_cell seed, queue *q, grid_island *out)
{
    if (!amz_maze_is_plain(m)) /* before anything is queued: flood_any queues cell numbers */
        return flood_any(m, mark, seed, q, out);
    const int32_t w = m->width, h = m->height;
    int32_t sx = (int32_t)(seed % w), sy = (int32_t)(seed / w);
    grid_island is = {seed, 1, sx, sy, sx, sy};
    bits_set(mark, (uint64_t)seed);
    if (!queue_push(q, queue_xy(sx, sy)))
        return AMZ_ENOMEM;
    /* Plain grids: the queue holds packed (x, y) pairs (queue_xy) and grid_step does
     * the fixed-stride arithmetic, which avoids a division per popped cell. */
    while (q->count) {
        uint64_t v = queue_pop(q);
        int32_t x = (int32_t)(v & 0xffffffffu), y = (int32_t)(v >> 32);
        for (int d = 0; d < m->ndirs; d++) {
            int32_t nx, ny;
            if (!grid_step(m->topology, w, h, x, y, d, &nx, &ny))
                continue;
            amz_cell nb = (amz_cell)ny * w + nx;
            if (bits_get(mark, (uint64_t)nb) || !grid_exists(m, nb))
                continue;
            bits_set(mark, (uint64_t)nb);
            is.size++;
            is.x0 = nx < is.x0 ? nx : is.x0;
            is.x1 = nx > is.x1 ? nx : is.x1;
            is.y0 = ny < is.y0 ? ny : is.y0;
            is.y1 = ny > is.y1 ? ny : is.y1;
            if (!queue_push(q, queue_xy(nx, ny)))
                return AMZ_ENOMEM;
        }
    }
    *out = is;
    return AMZ_OK;
}

amz_status grid_islands_list(const amz_maze *m, grid_island **out, uint64_t *count)
{
    /* One mark bitset shared by all floods: a cell marked by an earlier island is
     * skipped, so islands come out in the reading order of their first cells and each
     * seed is its island's first cell. Everything is freed here on every path. */
    *out = NULL;
    *count = 0;
    uint64_t *mark = amz_calloc((size_t)bits_words((uint64_t)m->ncells), 8);
    if (!mark)
        return AMZ_ENOMEM;
    queue q = {0};
    grid_island *list = NULL;
    uint64_t n = 0, cap = 0;
    amz_status st = AMZ_OK;
    for (amz_cell c = 0; c < m->ncells && st == AMZ_OK; c++) {
        if (bits_get(mark, (uint64_t)c) || !grid_exists(m, c))
            continue;
        if (n == cap) {
            uint64_t ncap = cap ? cap * 2 : 8;
            grid_island *nl = amz_realloc(list, (size_t)ncap * sizeof *nl);
            if (!nl) {
                st = AMZ_ENOMEM;
                break;
            }
            list = nl;
            cap = ncap;
        }
        st = grid_island_flood(m, mark, c, &q, &list[n]);
        if (st == AMZ_OK)
            n++;
    }
    queue_free(&q);
    amz_free(mark);
    if (st) {
        amz_free(list);
        return st;
    }
    *out = list;
    *count = n;
    return AMZ_OK;
}

amz_status amz_islands_count(const amz_maze *m, uint64_t *count, amz_error *err)
{
    grid_island *list;
    if (grid_islands_list(m, &list, count))
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate the island search for %lld cells", (long long)m->ncells);
    amz_free(list);
    return AMZ_OK;
}

amz_status amz_islands_keep_largest(amz_maze *m, amz_error *err)
{
    grid_island *list;
    uint64_t n;
    if (grid_islands_list(m, &list, &n))
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate the island search for %lld cells", (long long)m->ncells);
    if (n <= 1) {
        amz_free(list);
        return AMZ_OK;
    }
    uint64_t best = 0;
    for (uint64_t i = 1; i < n; i++)
        if (list[i].size > list[best].size)
            best = i;
    /* Ties go to the first island in reading order (strict > above). Re-flood the
     * winner into its own bitset rather than keep one bitset per island. */
    amz_cell seed = list[best].seed;
    amz_free(list);
    uint64_t *keep = amz_calloc((size_t)bits_words((uint64_t)m->ncells), 8);
    queue q = {0};
    grid_island is;
    if (!keep || grid_island_flood(m, keep, seed, &q, &is)) {
        amz_free(keep);
        queue_free(&q);
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate the island search for %lld cells", (long long)m->ncells);
    }
    queue_free(&q);
    /* Through amz_maze_set_exists so that edges, the solution, the recipe and the ends
     * are kept consistent, as for any other removal. */
    amz_status st = AMZ_OK;
    for (amz_cell c = 0; c < m->ncells && st == AMZ_OK; c++)
        if (grid_exists(m, c) && !bits_get(keep, (uint64_t)c))
            st = amz_maze_set_exists(m, c, false, err);
    amz_free(keep);
    return st;
}

amz_status amz_islands_ends(const amz_maze *m, amz_cell anchor, amz_cell *first, amz_cell *last, amz_error *err)
{
    if (anchor != AMZ_NO_CELL && !amz_maze_exists(m, anchor))
        return amz_errorf(err, AMZ_ERANGE, "cell %lld is not a cell of the maze", (long long)anchor);
    if (anchor == AMZ_NO_CELL) {
        grid_island *list;
        uint64_t n;
        if (grid_islands_list(m, &list, &n))
            return amz_errorf(err, AMZ_ENOMEM, "cannot allocate the island search for %lld cells",
                              (long long)m->ncells);
        if (n == 0) {
            amz_free(list);
            return amz_errorf(err, AMZ_EINVAL, "the maze has no cells");
        }
        uint64_t best = 0; /* the largest; ties go to the first in reading order */
        for (uint64_t i = 1; i < n; i++)
            if (list[i].size > list[best].size)
                best = i;
        anchor = list[best].seed;
        amz_free(list);
    }
    uint64_t *mark = amz_calloc((size_t)bits_words((uint64_t)m->ncells), 8);
    queue q = {0};
    grid_island is;
    if (!mark || grid_island_flood(m, mark, anchor, &q, &is)) {
        amz_free(mark);
        queue_free(&q);
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate the island search for %lld cells", (long long)m->ncells);
    }
    queue_free(&q);
    /* The island's seed is its first cell in reading order only when flooded from it:
     * scan its bounding box for both ends. */
    amz_cell lo = AMZ_NO_CELL, hi = AMZ_NO_CELL;
    if (!amz_maze_is_plain(m)) /* levels, octagon squares, rings: the box is not the cells */
        for (amz_cell c = 0; c < m->ncells; c++)
            if (bits_get(mark, (uint64_t)c)) {
                lo = lo == AMZ_NO_CELL ? c : lo;
                hi = c;
            }
    for (int32_t y = is.y0; y <= is.y1 && amz_maze_is_plain(m); y++)
        for (int32_t x = is.x0; x <= is.x1; x++) {
            amz_cell c = (amz_cell)y * m->width + x;
            if (bits_get(mark, (uint64_t)c)) {
                if (lo == AMZ_NO_CELL)
                    lo = c;
                hi = c;
            }
        }
    amz_free(mark);
    if (first)
        *first = lo;
    if (last)
        *last = hi;
    return AMZ_OK;
}
