/* sidewinder.c — row by row: the top row is one corridor; every later row is cut into
 * runs by coin flips (heads: join the next cell), and each run opens once upwards from
 * a random one of its cells. Source: W. D. Pullen, "Think Labyrinth!" (astrolog.org),
 * "Sidewinder". On hex grids a row is the zig-zag of cells (x, y) for x = 0..w-1, each
 * joined to the next (SE from even columns, NE from odd ones), and a run may open
 * upwards through any of its upward edges: N from every cell, NW and NE from cells in
 * even columns. Masks are refused (a run could not always reach the row above).
 *
 * Random draws, the same in both code paths so that watching a run never changes the
 * maze: per row, one 64-bit word of coins per 64 cells, drawn when its first cell is
 * reached; at each run end, rng_below(number of upward edges of the run). */
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/rng_inline.h"
#include "gen/gen_impl.h"
#include "grid/grid.h"

/* Square grid, nobody watching: 64 cells per coin word, east passages written 32 at a
 * time, one bounded draw per run. About 2 ns per cell. Row y goes to `cur` at
 * `cur_base`; a run's way up is the S bit of the cell above, in `up` at `up_base`. */
static void gen_sidewinder_row(gen_rowgen *g, int32_t y, uint64_t *cur, uint64_t cur_base, uint64_t *up, uint64_t up_base)
{
    const int64_t w = g->w;
    amz_rng *rng = g->rng;
    if (y == 0) { /* the top row: one corridor */
        for (int64_t x = 0; x + 1 < w; x++)
            bits_set(cur, cur_base + (uint64_t)x * 2);
        return;
    }
    int64_t run = 0; /* first column of the open run */
    for (int64_t x0 = 0; x0 < w; x0 += 64) {
        const int64_t span = w - x0 < 64 ? w - x0 : 64; /* cells in this chunk */
        const uint64_t cells = span == 64 ? ~(uint64_t)0 : ((uint64_t)1 << span) - 1;
        /* Coins for cells that can go east: all but the row's last cell. */
        const uint64_t east = rng_next(rng) & (x0 + 64 >= w ? cells >> 1 : cells);
        bits_or64(cur, cur_base + (uint64_t)x0 * 2, bits_spread32(east));
        bits_or64(cur, cur_base + (uint64_t)x0 * 2 + 64, bits_spread32(east >> 32));
        /* Each cell that does not go east closes its run. */
        for (uint64_t ends = ~east & cells; ends; ends &= ends - 1) {
            int64_t last = x0 + __builtin_ctzll(ends);
            int64_t k = run + (int64_t)rng_below(rng, (uint32_t)(last - run + 1));
            bits_set(up, up_base + (uint64_t)k * 2 + 1); /* N of k = S of the cell above */
            run = last + 1;
        }
    }
}

const struct amz_gen_rows gen_sidewinder_rows = {gen_sidewinder_row, false, NULL};

/* The upward edges of cell (x, y), y > 0, in a fixed order; returns how many. */
static int up_edges(const amz_maze *m, int32_t x, int32_t y, int dirs[3])
{
    int n = 0;
    dirs[n++] = 0; /* N, the same index in both topologies */
    if (m->topology == AMZ_TOPO_HEX && !(x & 1)) {
        int32_t nx, ny;
        if (grid_step(AMZ_TOPO_HEX, m->width, m->height, x, y, AMZ_HEX_NW, &nx, &ny))
            dirs[n++] = AMZ_HEX_NW;
        if (grid_step(AMZ_TOPO_HEX, m->width, m->height, x, y, AMZ_HEX_NE, &nx, &ny))
            dirs[n++] = AMZ_HEX_NE;
    }
    return n;
}

static amz_status carve(amz_maze *m, amz_cell c, int d, const amz_observer *obs)
{
    int32_t x = (int32_t)(c % m->width), y = (int32_t)(c / m->width);
    amz_cell nb = grid_neighbor_xy(m->topology, m->width, m->height, c, x, y, d);
    bits_set(m->passages, grid_edge_bit(m->bits, c, nb, d));
    return obs && obs_emit(obs, AMZ_EV_CARVE, c, d, nb) ? AMZ_ECANCELED : AMZ_OK;
}

/* Any topology, with events: one cell at a time, drawing exactly what gen_sidewinder_row
 * draws. */
static amz_status generic(amz_maze *m, amz_rng *rng, const amz_observer *obs)
{
    const int32_t w = m->width, h = m->height;
    const bool hex = m->topology == AMZ_TOPO_HEX;
    obs_progress prog = {0, 0, 0, 0};
    if (obs)
        obs_progress_init(&prog, (uint64_t)m->ncells);
    for (int32_t y = 0; y < h; y++) {
        amz_cell row = (amz_cell)y * w, run = row;
        uint64_t coins = 0;
        for (int32_t x = 0; x < w; x++) {
            amz_cell c = row + x;
            if (obs && (obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL) || obs_progress_tick(obs, &prog)))
                return AMZ_ECANCELED;
            int east = hex ? (x & 1 ? AMZ_HEX_NE : AMZ_HEX_SE) : AMZ_SQ_E;
            if (y == 0) {
                if (x + 1 < w && carve(m, c, east, obs))
                    return AMZ_ECANCELED;
                continue;
            }
            if (x % 64 == 0)
                coins = rng_next(rng);
            if (x + 1 < w && ((coins >> (x % 64)) & 1)) {
                if (carve(m, c, east, obs))
                    return AMZ_ECANCELED;
                continue;
            }
            /* Close the run [run, c]: one upward edge, uniformly among all of them. */
            int dirs[3];
            uint32_t total = 0;
            for (amz_cell k = run; k <= c; k++)
                total += (uint32_t)up_edges(m, (int32_t)(k - row), y, dirs);
            uint32_t pick = rng_below(rng, total);
            for (amz_cell k = run; k <= c; k++) {
                uint32_t n = (uint32_t)up_edges(m, (int32_t)(k - row), y, dirs);
                if (pick < n) {
                    if (carve(m, k, dirs[pick], obs))
                        return AMZ_ECANCELED;
                    break;
                }
                pick -= n;
            }
            run = c + 1;
        }
    }
    return AMZ_OK;
}

amz_status gen_sidewinder(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                              amz_error *err)
{
    if (m->topology == AMZ_TOPO_POLAR || m->topology == AMZ_TOPO_TRIANGLE)
        return gen_sidewinder_rows_any(m, rng, obs, err);
    if (m->topology == AMZ_TOPO_SQUARE && !obs_wants_steps(obs))
        return gen_rows_run(m, &gen_sidewinder_rows, rng, o, obs, "sidewinder", err);
    if (generic(m, rng, obs))
        return amz_errorf(err, AMZ_ECANCELED, "sidewinder: canceled by the observer");
    return AMZ_OK;
}
