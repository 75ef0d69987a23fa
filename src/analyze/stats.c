/* stats.c — maze statistics: degree and shape counts in one pass, connected parts and
 * corridors by flooding, the shortest solution via bfs, the diameter via diameter.c.
 * Formulas and their reasons: docs/STATS.md. */
#include <math.h>
#include <string.h>

#include "amaze/alloc.h"
#include "core/alloc_big.h"
#include "amaze/solve.h"
#include "amaze/stats.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/queue.h"
#include "grid/grid.h"

/* Floods the part containing `seed`, marking it in `visited`; *nodes counts its cells
 * whose degree is not 2 (corridor ends). */
static bool flood(const amz_maze *m, uint64_t *visited, amz_cell seed, amz_queue *q, uint64_t *nodes)
{
    const int32_t w = m->width, h = m->height;
    bits_set(visited, (uint64_t)seed);
    if (!amz_queue_push(q, (uint64_t)seed))
        return false;
    while (q->count) {
        amz_cell c = (amz_cell)amz_queue_pop(q);
        int32_t x = (int32_t)(c % w), y = (int32_t)(c / w);
        int deg = 0;
        for (int d = 0; d < m->ndirs; d++) {
            int32_t nx, ny;
            if (!grid_step(m->topology, w, h, x, y, d, &nx, &ny))
                continue;
            amz_cell nb = (amz_cell)ny * w + nx;
            if (!bits_get(m->passages, grid_edge_bit(m->bits, c, nb, d)))
                continue;
            deg++;
            if (bits_get(visited, (uint64_t)nb))
                continue;
            bits_set(visited, (uint64_t)nb);
            if (!amz_queue_push(q, (uint64_t)nb))
                return false;
        }
        *nodes += deg != 2;
    }
    return true;
}

/* Shape counts from each cell's passages. */
static void count_shapes(const amz_maze *m, amz_stats *out)
{
    const int half = m->ndirs / 2;
    uint64_t node_degrees = 0;
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (!grid_exists(m, c))
            continue;
        unsigned mask = amz_maze_cell_mask(m, c);
        int deg = __builtin_popcount(mask);
        out->cells++;
        out->degree[deg]++;
        if (deg == 2) {
            int d = __builtin_ctz(mask);
            if (mask & (1u << (d + half)))
                out->straight++;
            else
                out->turns++;
        } else {
            node_degrees += (uint64_t)deg;
        }
    }
    out->dead_ends = out->degree[1];
    out->isolated = out->degree[0];
    for (int d = 3; d <= AMZ_MAX_DIRS; d++)
        out->junctions += out->degree[d];
    /* Every corridor has two ends at cells of degree != 2 (possibly the same cell). */
    out->corridors = node_degrees / 2;
}

/* Decision points and difficulty along the solution path. */
static amz_status walk_solution(const amz_maze *m, const amz_path *p, amz_stats *out)
{
    amz_cell c = p->start;
    for (uint64_t i = 0; i < p->len; i++) {
        int ways = amz_maze_degree(m, c) - (i > 0); /* the way we came is not a way forward */
        if (ways >= 2)
            out->decisions++;
        out->difficulty += log2((double)ways);
        c = amz_maze_neighbor(m, c, p->dirs[i]);
    }
    return AMZ_OK;
}

amz_status amz_stats_compute(const amz_maze *m, amz_stats *out, amz_error *err)
{
    memset(out, 0, sizeof *out);
    count_shapes(m, out);
    out->passages = amz_maze_count_passages(m);
    out->dead_end_percent = out->cells ? 100.0 * (double)out->dead_ends / (double)out->cells : 0.0;

    uint64_t *visited = amz_calloc_big((size_t)bits_words((uint64_t)m->ncells), 8);
    if (!visited)
        return amz_errorf(err, AMZ_ENOMEM, "stats: cannot allocate %lld visited bits", (long long)m->ncells);
    amz_queue q = {0};
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (!grid_exists(m, c) || bits_get(visited, (uint64_t)c))
            continue;
        uint64_t nodes = 0;
        if (!flood(m, visited, c, &q, &nodes)) {
            amz_queue_free(&q);
            amz_free(visited);
            return amz_errorf(err, AMZ_ENOMEM, "stats: cannot grow the search queue");
        }
        out->parts++;
        if (nodes == 0) /* a ring of two-passage cells: one corridor with no end */
            out->corridors++;
    }
    amz_queue_free(&q);
    amz_free(visited);
    out->perfect = out->parts == 1 && out->passages + 1 == out->cells;
    out->river = out->corridors ? (double)out->passages / (double)out->corridors : 0.0;

    amz_solve_result r;
    amz_status st = amz_solve_run(m, "bfs", m->start, m->goal, NULL, NULL, &r, err);
    if (st == AMZ_OK) {
        out->solvable = true;
        out->solution_length = r.path.len;
        out->solution_fraction = (double)(r.path.len + 1) / (double)out->cells;
        walk_solution(m, &r.path, out);
        amz_path_deinit(&r.path);
    } else if (st != AMZ_ENOPATH) {
        return st;
    } else {
        amz_error_clear(err);
    }
    if (out->cells == 0)
        return AMZ_OK;
    return amz_maze_diameter(m, &out->diameter_ends[0], &out->diameter_ends[1], &out->diameter,
                             &out->diameter_exact, err);
}
