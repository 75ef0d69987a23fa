/* recursive_division.c — the wall adder: start from an open field, split it with a
 * straight wall between two rows (or two columns) leaving a single random gap, and
 * split both halves the same way until every region is one cell wide and one high.
 * Each split joins two trees by exactly one passage, so the result is a perfect maze.
 * Source: W. D. Pullen, "Think Labyrinth!" (astrolog.org), "Recursive division".
 *
 * Regions are rectangles of cells; a region wider than high gets a wall between two
 * columns, higher than wide between two rows, square ones toss a coin. The wall's
 * position and its gap are uniform. On hex grids rectangles of cells are connected
 * too; the edges a wall cuts are all those joining the two halves (between rows:
 * S, and SE/SW from odd columns; between columns: NE and SE). An explicit stack
 * replaces recursion. Masks are refused (a half could fall apart). */
#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/rng_inline.h"
#include "gen/gen_impl.h"
#include "grid/grid.h"

typedef struct rect {
    int32_t x0, y0, x1, y1; /* inclusive */
} rect;

/* Walks the edges crossing the wall after row (or column) k of r, in a fixed order:
 * counts them when keep < 0, else closes every one but number `keep`. */
static amz_status cross(amz_maze *m, rect r, bool rows, int32_t k, int64_t keep, uint64_t *count,
                        const amz_observer *obs)
{
    const amz_topology T = m->topology;
    const int32_t w = m->width, h = m->height;
    uint64_t n = 0;
    const int32_t from = rows ? r.x0 : r.y0, to = rows ? r.x1 : r.y1;
    for (int32_t i = from; i <= to; i++) {
        int32_t x = rows ? i : k, y = rows ? k : i;
        amz_cell c = (amz_cell)y * w + x;
        for (int d = 0; d < m->ndirs; d++) {
            int32_t nx, ny;
            if (!grid_step(T, w, h, x, y, d, &nx, &ny))
                continue;
            /* Crossing: into the next row (column) and inside the region. */
            if (rows ? (ny != k + 1 || nx < r.x0 || nx > r.x1) : (nx != k + 1 || ny < r.y0 || ny > r.y1))
                continue;
            if (keep >= 0 && (int64_t)n != keep) {
                amz_cell nb = (amz_cell)ny * w + nx;
                bits_clear(m->passages, grid_edge_bit(m->bits, c, nb, d));
                if (obs && obs_emit(obs, AMZ_EV_WALL, c, d, nb))
                    return AMZ_ECANCELED;
            }
            n++;
        }
    }
    *count = n;
    return AMZ_OK;
}

/* Opens every edge of the grid (the field a wall adder starts from). */
static amz_status open_field(amz_maze *m, const amz_observer *obs)
{
    const int32_t w = m->width, h = m->height;
    for (int32_t y = 0; y < h; y++)
        for (int32_t x = 0; x < w; x++) {
            amz_cell c = (amz_cell)y * w + x;
            if (obs && obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL))
                return AMZ_ECANCELED;
            for (int d = 1; d <= m->bits; d++) {
                amz_cell nb = grid_neighbor_xy(m->topology, w, h, c, x, y, d);
                if (nb == AMZ_NO_CELL)
                    continue;
                bits_set(m->passages, grid_edge_bit(m->bits, c, nb, d));
                if (obs && obs_emit(obs, AMZ_EV_CARVE, c, d, nb))
                    return AMZ_ECANCELED;
            }
        }
    return AMZ_OK;
}

amz_status gen_recursive_division(amz_maze *m, amz_rng *rng, const amz_gen_options *o,
                                      const amz_observer *obs, amz_error *err)
{
    (void)o;
    amz_status st = open_field(m, obs);
    size_t cap = 64, top = 0;
    rect *stack = amz_malloc(cap * sizeof *stack);
    obs_progress prog = {0, 0, 0, 0};
    if (obs)
        obs_progress_init(&prog, (uint64_t)m->ncells - 1);
    if (!stack) {
        amz_free(stack);
        return amz_errorf(err, AMZ_ENOMEM, "recursive-division: cannot allocate the region stack");
    }
    stack[top++] = (rect){0, 0, m->width - 1, m->height - 1};
    while (st == AMZ_OK && top) {
        rect r = stack[--top];
        const int64_t rw = (int64_t)r.x1 - r.x0 + 1, rh = (int64_t)r.y1 - r.y0 + 1;
        if (rw == 1 && rh == 1)
            continue;
        const bool rows = rh > rw ? true : rw > rh ? false : rng_below(rng, 2) == 0;
        /* The wall goes after row (column) k; then one gap among the crossing edges. */
        const int32_t k = (rows ? r.y0 : r.x0) + (int32_t)rng_below(rng, (uint32_t)((rows ? rh : rw) - 1));
        uint64_t n;
        cross(m, r, rows, k, -1, &n, NULL);
        if ((st = cross(m, r, rows, k, (int64_t)amz_rng_below64(rng, n), &n, obs)))
            break;
        if (obs && obs_progress_tick(obs, &prog)) {
            st = AMZ_ECANCELED;
            break;
        }
        if (top + 2 > cap) {
            rect *ns = amz_realloc(stack, cap * 2 * sizeof *stack);
            if (!ns) {
                amz_free(stack);
                return amz_errorf(err, AMZ_ENOMEM, "recursive-division: cannot grow the region stack");
            }
            stack = ns;
            cap *= 2;
        }
        stack[top++] = rows ? (rect){r.x0, k + 1, r.x1, r.y1} : (rect){k + 1, r.y0, r.x1, r.y1};
        stack[top++] = rows ? (rect){r.x0, r.y0, r.x1, k} : (rect){r.x0, r.y0, k, r.y1};
    }
    amz_free(stack);
    if (st == AMZ_ECANCELED)
        return amz_errorf(err, st, "recursive-division: canceled by the observer");
    return st;
}
