/* stats.c — maze statistics: degree counts in one pass, connected parts by repeated
 * breadth-first flooding over a visited bitset, and the shortest solution via bfs. */
#include <string.h>

#include "amaze/alloc.h"
#include "core/alloc_big.h"
#include "amaze/solve.h"
#include "amaze/stats.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/queue.h"
#include "grid/grid.h"

/* Floods the part containing `seed`, marking it in `visited`. */
static bool flood(const amz_maze *m, uint64_t *visited, amz_cell seed, amz_queue *q)
{
    const int32_t w = m->width, h = m->height;
    bits_set(visited, (uint64_t)seed);
    if (!amz_queue_push(q, amz_queue_xy((int32_t)(seed % w), (int32_t)(seed / w))))
        return false;
    while (q->count) {
        uint64_t v = amz_queue_pop(q);
        int32_t x = (int32_t)(v & 0xffffffffu), y = (int32_t)(v >> 32);
        amz_cell c = (amz_cell)y * w + x;
        for (int d = 0; d < m->ndirs; d++) {
            int32_t nx, ny;
            if (!grid_step(m->topology, w, h, x, y, d, &nx, &ny))
                continue;
            amz_cell nb = (amz_cell)ny * w + nx;
            if (!bits_get(m->passages, grid_edge_bit(m->bits, c, nb, d)) || bits_get(visited, (uint64_t)nb))
                continue;
            bits_set(visited, (uint64_t)nb);
            if (!amz_queue_push(q, amz_queue_xy(nx, ny)))
                return false;
        }
    }
    return true;
}

amz_status amz_stats_compute(const amz_maze *m, amz_stats *out, amz_error *err)
{
    memset(out, 0, sizeof *out);
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (!grid_exists(m, c))
            continue;
        int deg = amz_maze_degree(m, c);
        out->cells++;
        out->dead_ends += deg == 1;
        out->junctions += deg >= 3;
        out->isolated += deg == 0;
    }
    out->passages = amz_maze_count_passages(m);
    out->dead_end_percent = out->cells ? 100.0 * (double)out->dead_ends / (double)out->cells : 0.0;

    uint64_t *visited = amz_calloc_big((size_t)bits_words((uint64_t)m->ncells), 8);
    if (!visited)
        return amz_errorf(err, AMZ_ENOMEM, "stats: cannot allocate %lld visited bits", (long long)m->ncells);
    amz_queue q = {0};
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (!grid_exists(m, c) || bits_get(visited, (uint64_t)c))
            continue;
        if (!flood(m, visited, c, &q)) {
            amz_queue_free(&q);
            amz_free(visited);
            return amz_errorf(err, AMZ_ENOMEM, "stats: cannot grow the search queue");
        }
        out->parts++;
    }
    amz_queue_free(&q);
    amz_free(visited);
    out->perfect = out->parts == 1 && out->passages + 1 == out->cells;

    amz_solve_result r;
    amz_status st = amz_solve_run(m, "bfs", m->start, m->goal, NULL, NULL, &r, err);
    if (st == AMZ_OK) {
        out->solvable = true;
        out->solution_length = r.path.len;
        amz_path_deinit(&r.path);
    } else if (st != AMZ_ENOPATH) {
        return st;
    } else {
        amz_error_clear(err);
    }
    return AMZ_OK;
}
