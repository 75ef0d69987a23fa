/* astar.c — A* search with the grid distance as heuristic: Manhattan distance on square
 * grids, hex distance (through cube coordinates) on hex grids. A maze's passages are a
 * subset of the grid's edges, so the grid distance never overestimates (admissible)
 * and changes by at most one per move (consistent): the first time a cell leaves the
 * queue its distance is final, and the path is a shortest one. Source: P. E. Hart,
 * N. J. Nilsson, B. Raphael, "A formal basis for the heuristic determination of
 * minimum cost paths", IEEE Trans. SSC 4 (1968).
 *
 * With unit moves and a consistent heuristic, f = g + h of a queued cell is the
 * current minimum f, f+1 or f+2, so the queue is three stacks used in rotation (LIFO
 * within an f value favours deeper cells). Memory: 2 bits and a parent direction per
 * cell plus the queue (8 bytes per queued entry; a cell may be queued once per
 * neighbour on mazes with loops). */
#include <stdlib.h>

#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "grid/grid.h"
#include "solve/solve_impl.h"

typedef struct stack {
    uint64_t *v;
    size_t n, cap;
} stack;

static bool push(stack *s, uint64_t v)
{
    if (s->n == s->cap) {
        size_t ncap = s->cap ? s->cap * 2 : 256;
        uint64_t *nv = amz_realloc(s->v, ncap * sizeof *nv);
        if (!nv)
            return false;
        s->v = nv;
        s->cap = ncap;
    }
    s->v[s->n++] = v;
    return true;
}

/* Grid distance between (x0, y0) and (x1, y1). */
static int64_t grid_distance(amz_topology t, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    if (t == AMZ_TOPO_SQUARE)
        return llabs(x1 - x0) + llabs(y1 - y0);
    /* odd-q offset to cube coordinates: q = x, r = y - (x - (x & 1)) / 2. */
    int64_t q0 = x0, r0 = y0 - (x0 - (x0 & 1)) / 2, q1 = x1, r1 = y1 - (x1 - (x1 & 1)) / 2;
    int64_t dq = q1 - q0, dr = r1 - r0, ds = -dq - dr;
    int64_t a = llabs(dq), b = llabs(dr), c = llabs(ds);
    return a > b ? (a > c ? a : c) : (b > c ? b : c);
}

amz_status amz_solve_astar(const amz_maze *m, amz_cell from, amz_cell to, const amz_solve_options *o,
                           const amz_observer *obs, amz_solve_result *out, amz_error *err)
{
    (void)o;
    const int32_t w = m->width, h = m->height;
    const int nd = m->ndirs, bits = m->bits;
    const amz_topology T = m->topology;
    const int32_t tx = (int32_t)(to % w), ty = (int32_t)(to / w);
    const size_t words = (size_t)bits_words((uint64_t)m->ncells);
    uint64_t *seen = amz_calloc(words, 8), *closed = amz_calloc(words, 8);
    uint64_t *parents = amz_malloc((size_t)bits_words((uint64_t)m->ncells * (uint64_t)bits) * 8);
    stack q[3] = {{NULL, 0, 0}, {NULL, 0, 0}, {NULL, 0, 0}};
    amz_status st = AMZ_ENOPATH;
    uint64_t explored = 1;
    if (!seen || !closed || !parents) {
        st = amz_errorf(err, AMZ_ENOMEM, "astar: cannot allocate search state for %lld cells", (long long)m->ncells);
        goto done;
    }
    /* Entries: cell << 3 | parent direction (7: none). f of stack k is fmin + k. */
    int64_t fmin = grid_distance(T, from % w, from / w, tx, ty);
    int cur = 0;
    bits_set(seen, (uint64_t)from);
    if (!push(&q[0], (uint64_t)from << 3 | 7))
        goto nomem;
    if (obs && obs_emit(obs, AMZ_EV_FRONTIER, from, -1, AMZ_NO_CELL))
        goto canceled;
    for (;;) {
        int k = 0;
        while (k < 3 && q[(cur + k) % 3].n == 0)
            k++;
        if (k == 3)
            break; /* exhausted: no path */
        cur = (cur + k) % 3;
        fmin += k;
        uint64_t e = q[cur].v[--q[cur].n];
        amz_cell c = (amz_cell)(e >> 3);
        if (bits_get(closed, (uint64_t)c))
            continue; /* a later, longer copy */
        bits_set(closed, (uint64_t)c);
        if ((e & 7) != 7)
            bits_set_field(parents, (uint64_t)c * (uint64_t)bits, (unsigned)bits, (uint32_t)(e & 7));
        if (obs && obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL))
            goto canceled;
        if (c == to) {
            st = AMZ_OK;
            break;
        }
        const int32_t x = (int32_t)(c % w), y = (int32_t)(c / w);
        const int64_t hc = grid_distance(T, x, y, tx, ty), g = fmin - hc;
        for (int d = 0; d < nd; d++) {
            int32_t nx, ny;
            if (!grid_step(T, w, h, x, y, d, &nx, &ny))
                continue;
            amz_cell nb = (amz_cell)ny * w + nx;
            if (!bits_get(m->passages, grid_edge_bit(bits, c, nb, d)) || bits_get(closed, (uint64_t)nb))
                continue;
            int64_t f = g + 1 + grid_distance(T, nx, ny, tx, ty);
            if (!push(&q[(cur + (int)(f - fmin)) % 3], (uint64_t)nb << 3 | (uint64_t)grid_opposite(T, d)))
                goto nomem;
            if (!bits_get(seen, (uint64_t)nb)) {
                bits_set(seen, (uint64_t)nb);
                explored++;
                if (obs && obs_emit(obs, AMZ_EV_FRONTIER, nb, -1, AMZ_NO_CELL))
                    goto canceled;
            }
        }
    }
    out->explored = explored;
    if (st == AMZ_OK)
        st = amz_solve_path_from_parents(m, parents, from, to, obs, &out->path, err);
    else
        st = amz_solve_no_path(m, from, to, err);
    goto done;
nomem:
    st = amz_errorf(err, AMZ_ENOMEM, "astar: cannot grow the queue");
    goto done;
canceled:
    st = amz_errorf(err, AMZ_ECANCELED, "astar: canceled by the observer");
done:
    out->explored = explored;
    for (int i = 0; i < 3; i++)
        amz_free(q[i].v);
    amz_free(seen);
    amz_free(closed);
    amz_free(parents);
    return st;
}
