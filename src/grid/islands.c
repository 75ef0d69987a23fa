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

amz_status amz_island_flood(const amz_maze *m, uint64_t *mark, amz_cell seed, amz_queue *q, amz_island *out)
{
    const int32_t w = m->width, h = m->height;
    int32_t sx = (int32_t)(seed % w), sy = (int32_t)(seed / w);
    amz_island is = {seed, 1, sx, sy, sx, sy};
    bits_set(mark, (uint64_t)seed);
    if (!amz_queue_push(q, amz_queue_xy(sx, sy)))
        return AMZ_ENOMEM;
    while (q->count) {
        uint64_t v = amz_queue_pop(q);
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
            if (!amz_queue_push(q, amz_queue_xy(nx, ny)))
                return AMZ_ENOMEM;
        }
    }
    *out = is;
    return AMZ_OK;
}

amz_status amz_islands_list(const amz_maze *m, amz_island **out, uint64_t *count)
{
    *out = NULL;
    *count = 0;
    uint64_t *mark = amz_calloc((size_t)bits_words((uint64_t)m->ncells), 8);
    if (!mark)
        return AMZ_ENOMEM;
    amz_queue q = {0};
    amz_island *list = NULL;
    uint64_t n = 0, cap = 0;
    amz_status st = AMZ_OK;
    for (amz_cell c = 0; c < m->ncells && st == AMZ_OK; c++) {
        if (bits_get(mark, (uint64_t)c) || !grid_exists(m, c))
            continue;
        if (n == cap) {
            uint64_t ncap = cap ? cap * 2 : 8;
            amz_island *nl = amz_realloc(list, (size_t)ncap * sizeof *nl);
            if (!nl) {
                st = AMZ_ENOMEM;
                break;
            }
            list = nl;
            cap = ncap;
        }
        st = amz_island_flood(m, mark, c, &q, &list[n]);
        if (st == AMZ_OK)
            n++;
    }
    amz_queue_free(&q);
    amz_free(mark);
    if (st) {
        amz_free(list);
        return st;
    }
    *out = list;
    *count = n;
    return AMZ_OK;
}

amz_status amz_maze_count_islands(const amz_maze *m, uint64_t *count, amz_error *err)
{
    amz_island *list;
    if (amz_islands_list(m, &list, count))
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate the island search for %lld cells", (long long)m->ncells);
    amz_free(list);
    return AMZ_OK;
}

amz_status amz_maze_keep_largest_island(amz_maze *m, amz_error *err)
{
    amz_island *list;
    uint64_t n;
    if (amz_islands_list(m, &list, &n))
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate the island search for %lld cells", (long long)m->ncells);
    if (n <= 1) {
        amz_free(list);
        return AMZ_OK;
    }
    uint64_t best = 0;
    for (uint64_t i = 1; i < n; i++)
        if (list[i].size > list[best].size)
            best = i;
    amz_cell seed = list[best].seed;
    amz_free(list);
    uint64_t *keep = amz_calloc((size_t)bits_words((uint64_t)m->ncells), 8);
    amz_queue q = {0};
    amz_island is;
    if (!keep || amz_island_flood(m, keep, seed, &q, &is)) {
        amz_free(keep);
        amz_queue_free(&q);
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate the island search for %lld cells", (long long)m->ncells);
    }
    amz_queue_free(&q);
    amz_status st = AMZ_OK;
    for (amz_cell c = 0; c < m->ncells && st == AMZ_OK; c++)
        if (grid_exists(m, c) && !bits_get(keep, (uint64_t)c))
            st = amz_maze_set_exists(m, c, false, err);
    amz_free(keep);
    return st;
}
