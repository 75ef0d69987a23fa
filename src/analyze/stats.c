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
#include "analyze/sweep.h"
#include "grid/grid.h"

/* Floods the part containing `seed`, marking it in `visited`; *nodes counts its cells
 * whose degree is not 2 (corridor ends). Any grid: the neighbours are sweep_open's. */
/* Cells are marked when queued, so each is pushed once. False when the queue cannot
 * grow. */
static bool flood(const amz_maze *m, bool plain, uint64_t *visited, amz_cell seed, queue *q, uint64_t *nodes)
{
    bits_set(visited, (uint64_t)seed);
    if (!queue_push(q, (uint64_t)seed))
        return false;
    while (q->count) {
        amz_cell c = (amz_cell)queue_pop(q), nb[AMZ_MAX_DIRS];
        const int deg = sweep_open(m, plain, c, nb);
        for (int j = 0; j < deg; j++) {
            if (bits_get(visited, (uint64_t)nb[j]))
                continue;
            bits_set(visited, (uint64_t)nb[j]);
            if (!queue_push(q, (uint64_t)nb[j]))
                return false;
        }
        *nodes += deg != 2;
    }
    return true;
}

/* The geometric heading of direction d: a weave under-passage (N2..W2) heads the way
 * of its one-cell direction, so a corridor that dives under a crossing still runs
 * straight. */
static int heading(const amz_maze *m, int d)
{
    return m->topology == AMZ_TOPO_SQUARE && d >= AMZ_SQ_N2 ? d - AMZ_SQ_N2 : d;
}

/* Whether a two-passage cell c with open directions d1 < d2 goes straight through:
 * its two passages leave by opposite sides (grid_opp: N-S, E-W, U-D stairs, the hex
 * and octagon side pairs, polar CW-CCW and IN-OUTk). The polar centre goes straight
 * when its two passages are diametrically opposite in ring 1. Triangles have no
 * opposite sides: stats_shape_defined says so and the caller counts neither. */
static bool straight(const amz_maze *m, amz_cell c, int d1, int d2)
{
    const amz_topology t = m->topology;
    if (t == AMZ_TOPO_POLAR && c == 0)
        return m->width % 2 == 0 && d2 - d1 == m->width / 2;
    const int h1 = heading(m, d1), h2 = heading(m, d2);
    return grid_opp[t][h1] == h2 || grid_opp[t][h2] == h1;
}

/* Shape counts from each cell's passages. */
static void count_shapes(const amz_maze *m, amz_stats *out)
{
    uint64_t node_degrees = 0;
    out->shape_defined = m->topology != AMZ_TOPO_TRIANGLE;
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (!grid_exists(m, c))
            continue;
        unsigned mask = amz_maze_cell_mask(m, c);
        int deg = __builtin_popcount(mask);
        out->cells++;
        out->degree[deg]++;
        if (deg == 2) {
            if (!out->shape_defined)
                continue;
            const int d1 = __builtin_ctz(mask), d2 = __builtin_ctz(mask & (mask - 1));
            if (straight(m, c, d1, d2))
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

/* Decision points and difficulty along the solution path (docs/STATS.md). On a
 * checked path ways >= 1: every cell but the goal has the passage it leaves by, and
 * every later one also the passage it came in by, so log2 never sees 0. */
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

/* The passes in order: shapes (one scan), parts and corridors (a flood per part), the
 * solution (the bfs solver), the diameter. An unsolvable maze is no error: solvable
 * stays false and the solver's message is cleared from err. */
amz_status amz_stats_compute(const amz_maze *m, amz_stats *out, amz_error *err)
{
    memset(out, 0, sizeof *out);
    count_shapes(m, out);
    out->passages = amz_maze_count_passages(m);
    out->dead_end_percent = out->cells ? 100.0 * (double)out->dead_ends / (double)out->cells : 0.0;

    uint64_t *visited = core_calloc_big((size_t)bits_words((uint64_t)m->ncells), 8);
    if (!visited)
        return amz_errorf(err, AMZ_ENOMEM, "stats: cannot allocate %lld visited bits", (long long)m->ncells);
    queue q = {0};
    const bool plain = sweep_plain(m);
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (!grid_exists(m, c) || bits_get(visited, (uint64_t)c))
            continue;
        uint64_t nodes = 0;
        if (!flood(m, plain, visited, c, &q, &nodes)) {
            queue_free(&q);
            amz_free(visited);
            return amz_errorf(err, AMZ_ENOMEM, "stats: cannot grow the search queue");
        }
        out->parts++;
        if (nodes == 0) /* a ring of two-passage cells: one corridor with no end */
            out->corridors++;
    }
    queue_free(&q);
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
    return amz_stats_diameter(m, &out->diameter_ends[0], &out->diameter_ends[1], &out->diameter,
                             &out->diameter_exact, err);
}

uint64_t amz_stats_memory_estimate(const amz_maze *m)
{
    /* The sweeps' stamps are 4 bytes a cell; a maze with passages >= cells, which
     * certainly has loops, is charged 16 a cell in all for the iFUB search's arrays
     * (diameter.c). */
    const uint64_t cells = (uint64_t)amz_maze_count_cells(m);
    const uint64_t per = amz_maze_count_passages(m) < cells ? 4 : 16;
    return (uint64_t)m->ncells * per;
}
