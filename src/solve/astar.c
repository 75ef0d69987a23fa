/* astar.c — A* search with a grid distance as heuristic: Manhattan distance on square
 * grids, hex distance (through cube coordinates) on hex grids, and on the other grids a
 * bound of the same kind (see bound()). A maze's passages are a subset of the grid's
 * edges, so each never overestimates (admissible) and changes by at most one per move
 * (consistent): the first time a cell leaves the queue its distance is final, and the
 * path is a shortest one. Source: P. E. Hart,
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

/* a to b in at most |d| steps each way around a wrapped side of n cells. */
static int64_t wrapped(int64_t d, int64_t n, bool wrap)
{
    d = llabs(d);
    return wrap && n - d < d ? n - d : d;
}

/* A lower bound of the moves from a to b on any grid, changing by at most one per
 * move: the plain distances above; on wrapped hex grids the least over the copies of b
 * a wrap away (shifts by an even width keep the column parity); triangle moves change
 * the column or the row by one, octagon moves the doubled coordinates (small squares
 * at odd ones) by two at most, weave under-passages the Manhattan distance by two,
 * polar moves the ring by one; a level step is one move more. */
static int64_t bound(const amz_maze *m, amz_cell a, amz_cell b)
{
    int32_t ax, ay, az, bx, by, bz;
    amz_maze_cell_xyz(m, a, &ax, &ay, &az);
    amz_maze_cell_xyz(m, b, &bx, &by, &bz);
    const bool wx = m->wrap & AMZ_WRAP_X, wy = m->wrap & AMZ_WRAP_Y;
    const int64_t dz = m->topology == AMZ_TOPO_OCTAGON ? 0 : llabs((int64_t)az - bz);
    switch (m->topology) {
    case AMZ_TOPO_SQUARE: {
        int64_t d = wrapped(ax - bx, m->width, wx) + wrapped(ay - by, m->height, wy);
        return m->weave ? (d + 1) / 2 : d + dz;
    }
    case AMZ_TOPO_HEX: {
        int64_t best = INT64_MAX;
        for (int sx = wx ? -1 : 0; sx <= (wx ? 1 : 0); sx++)
            for (int sy = wy ? -1 : 0; sy <= (wy ? 1 : 0); sy++) {
                int64_t d = grid_distance(AMZ_TOPO_HEX, ax, ay, bx + (int64_t)sx * m->width, by + (int64_t)sy * m->height);
                best = d < best ? d : best;
            }
        return best + dz;
    }
    case AMZ_TOPO_TRIANGLE: return wrapped(ax - bx, m->width, wx) + wrapped(ay - by, m->height, wy) + dz;
    case AMZ_TOPO_OCTAGON:
        return (llabs(2 * (int64_t)ax + az - 2 * (int64_t)bx - bz) + llabs(2 * (int64_t)ay + az - 2 * (int64_t)by - bz) +
                1) / 2;
    case AMZ_TOPO_POLAR: return llabs((int64_t)ay - by);
    }
    return 0;
}

amz_status solve_astar(const amz_maze *m, amz_cell from, amz_cell to, const amz_solve_options *o,
                           const amz_observer *obs, amz_solve_result *out, amz_error *err)
{
    (void)o;
    const int32_t w = m->width;
    const bool plain = solve_plain(m);
    const amz_topology T = m->topology;
    const int32_t tx = (int32_t)(to % w), ty = (int32_t)(to / w);
    const unsigned bits = solve_pbits(m);
    const size_t words = (size_t)bits_words((uint64_t)m->ncells);
    uint64_t *seen = amz_calloc(words, 8), *closed = amz_calloc(words, 8);
    uint64_t *parents = amz_malloc((size_t)bits_words((uint64_t)m->ncells * bits) * 8);
    stack q[3] = {{NULL, 0, 0}, {NULL, 0, 0}, {NULL, 0, 0}};
    amz_status st = AMZ_ENOPATH;
    uint64_t explored = 1;
    if (!seen || !closed || !parents) {
        st = amz_errorf(err, AMZ_ENOMEM, "astar: cannot allocate search state for %lld cells", (long long)m->ncells);
        goto done;
    }
    /* Entries: cell << 4 | parent direction (15: none). f of stack k is fmin + k.
     * 15 is free because no grid has more than 15 directions (polar's 3 + 12), and
     * cells below 2^36 leave the shift far from overflow. */
    int64_t fmin = plain ? grid_distance(T, from % w, from / w, tx, ty) : bound(m, from, to);
    int cur = 0;
    bits_set(seen, (uint64_t)from);
    if (!push(&q[0], (uint64_t)from << 4 | 15))
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
        /* The parent is taken from the entry that closes the cell, so it belongs to the
         * first (shortest) way in; `closed` makes later copies no-ops. */
        uint64_t e = q[cur].v[--q[cur].n];
        amz_cell c = (amz_cell)(e >> 4);
        if (bits_get(closed, (uint64_t)c))
            continue; /* a later, longer copy */
        bits_set(closed, (uint64_t)c);
        if ((e & 15) != 15)
            bits_set_field(parents, (uint64_t)c * bits, bits, (uint32_t)(e & 15));
        if (obs && obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL))
            goto canceled;
        if (c == to) {
            st = AMZ_OK;
            break;
        }
        /* g is not stored per cell: the popped entry's f is fmin, so g = fmin - h(c). */
        const int64_t hc = plain ? grid_distance(T, c % w, c / w, tx, ty) : bound(m, c, to), g = fmin - hc;
        int dirs[AMZ_MAX_DIRS];
        amz_cell nbs[AMZ_MAX_DIRS];
        const int n = solve_open(m, c, dirs, nbs);
        for (int i = 0; i < n; i++) {
            const amz_cell nb = nbs[i];
            if (bits_get(closed, (uint64_t)nb))
                continue;
            int64_t f = g + 1 + (plain ? grid_distance(T, nb % w, nb / w, tx, ty) : bound(m, nb, to));
            if (!push(&q[(cur + (int)(f - fmin)) % 3], (uint64_t)nb << 4 | (uint64_t)solve_back(m, c, dirs[i])))
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
        st = solve_path_from_parents(m, parents, from, to, obs, &out->path, err);
    else
        st = solve_no_path(m, from, to, err);
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
