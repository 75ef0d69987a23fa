/* testutil.c — independent reference checks for the tests (see testutil.h). */
#include "testutil.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

int64_t tu_distances(const amz_maze *m, amz_cell a, int64_t *dist)
{
    amz_cell *q = malloc(sizeof *q * (size_t)m->ncells);
    for (amz_cell c = 0; c < m->ncells; c++)
        dist[c] = -1;
    size_t head = 0, tail = 0;
    int64_t far = 0;
    dist[a] = 0;
    q[tail++] = a;
    while (head < tail) {
        amz_cell c = q[head++];
        far = dist[c];
        for (int d = 0; d < m->ndirs; d++) {
            if (!amz_maze_passage(m, c, d))
                continue;
            amz_cell nb = amz_maze_neighbor(m, c, d);
            if (dist[nb] < 0) {
                dist[nb] = dist[c] + 1;
                q[tail++] = nb;
            }
        }
    }
    free(q);
    return far;
}

int64_t tu_bfs_distance(const amz_maze *m, amz_cell a, amz_cell b)
{
    int64_t *dist = malloc(sizeof *dist * (size_t)m->ncells);
    tu_distances(m, a, dist);
    int64_t r = dist[b];
    free(dist);
    return r;
}

void tu_part(const amz_maze *m, amz_cell c, int64_t *cells, int64_t *passages)
{
    int64_t *dist = malloc(sizeof *dist * (size_t)m->ncells);
    tu_distances(m, c, dist);
    *cells = *passages = 0;
    for (amz_cell x = 0; x < m->ncells; x++)
        if (dist[x] >= 0) {
            ++*cells;
            *passages += amz_maze_degree(m, x);
        }
    *passages /= 2;
    free(dist);
}

int64_t tu_reachable(const amz_maze *m, amz_cell c)
{
    int64_t cells, passages;
    tu_part(m, c, &cells, &passages);
    return cells;
}

bool tu_is_perfect(const amz_maze *m)
{
    int64_t cells = 0, open = 0;
    amz_cell first = AMZ_NO_CELL;
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (!amz_maze_exists(m, c))
            continue;
        if (first == AMZ_NO_CELL)
            first = c;
        cells++;
        for (int d = 0; d < m->ndirs; d++)
            open += amz_maze_passage(m, c, d);
    }
    if (open % 2 || open / 2 != cells - 1)
        return false;
    /* Connected: a flood from the first cell reaches every cell. */
    char *seen = calloc((size_t)m->ncells, 1);
    amz_cell *stack = malloc(sizeof *stack * (size_t)m->ncells);
    size_t top = 0;
    int64_t reached = 1;
    seen[first] = 1;
    stack[top++] = first;
    while (top) {
        amz_cell c = stack[--top];
        for (int d = 0; d < m->ndirs; d++) {
            if (!amz_maze_passage(m, c, d))
                continue;
            amz_cell nb = amz_maze_neighbor(m, c, d);
            if (!seen[nb]) {
                seen[nb] = 1;
                reached++;
                stack[top++] = nb;
            }
        }
    }
    free(seen);
    free(stack);
    return reached == cells;
}

bool tu_edges_consistent(const amz_maze *m)
{
    for (amz_cell c = 0; c < m->ncells; c++)
        for (int d = 0; d < m->ndirs; d++) {
            if (!amz_maze_passage(m, c, d))
                continue;
            amz_cell nb = amz_maze_neighbor(m, c, d);
            if (nb == AMZ_NO_CELL || !amz_maze_passage(m, nb, amz_dir_opposite(m->topology, d)))
                return false;
        }
    return true;
}

uint64_t tu_maze_hash(const amz_maze *m)
{
    uint64_t h = 1469598103934665603u;
    for (amz_cell c = 0; c < m->ncells; c++) {
        h ^= amz_maze_cell_mask(m, c);
        h *= 1099511628211u;
    }
    return h;
}

void tu_generate(amz_maze *m, amz_topology t, int w, int h, const char *algo, uint64_t seed)
{
    amz_error err;
    assert_int_equal(amz_maze_init(m, t, w, h, &err), AMZ_OK);
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.seed = seed;
    amz_status st = amz_gen_run(m, algo, &o, NULL, &err);
    if (st)
        fail_msg("%s %dx%d seed %llu: %s", algo, w, h, (unsigned long long)seed, err.msg);
}
