/* eller.c — Eller's algorithm: one row at a time, keeping only which cells of the
 * current row are already connected (their "set"). Random joins of neighbouring cells
 * from different sets, then each set continues downwards from at least one cell; the
 * last row joins every remaining set. Source: M. Eller (1982), as described by
 * W. D. Pullen, "Think Labyrinth!" (astrolog.org).
 *
 * Sets as sorted cyclic lists: L[x] and R[x] are the previous and next column of x's
 * set (cyclically, in column order). The sets of a row never cross (a < b < c < d with
 * a, c in one set and b, d in another would need crossing paths above the row), so x
 * and x+1 share a set exactly when R[x] == x+1; joining them is one splice of two
 * cycles, and a cell that does not go down leaves its cycle (it starts a set of its own
 * in the next row). Memory: two int32 per column, whatever the height; the maze is
 * written row by row.
 *
 * On hex grids a row is the zig-zag (x, y), x = 0..w-1 (SE from even, NE from odd
 * columns) and "down" is S. Masks are refused.
 *
 * One pass per row suffices: right after the join decision between x and x+1, whether
 * x is alone in its set is final (a set {x} cannot be reached by joins further right,
 * and a set with two members keeps them), and x leaving its cycle changes no one
 * else's membership; so x's way down is decided at once. Random draws, the same in
 * both code paths: per row but the last, at every 64th column a word of join coins and
 * a word of stay coins (bit x % 64 of each is cell x's). */
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/rng_inline.h"
#include "gen/gen_impl.h"
#include "grid/grid.h"

/* Joins the sets of x and x+1 when j is 1; a no-op when 0. Branch-free (the coins are
 * fair, so a branch here would be mispredicted half the time) and load-free: when j is
 * 0 every store goes to the spare slot `spare` (index w) instead. */
/* c ? v : other for c in {0, 1}, as arithmetic so that it stays branch-free. */
static inline int32_t pick(int32_t c, int32_t v, int32_t other)
{
    return other ^ ((v ^ other) & -c);
}

static inline void join(int32_t *L, int32_t *R, int32_t x, int32_t j, int32_t spare)
{
    const int32_t xp = x + 1, a = L[xp], r = R[x];
    R[pick(j, a, spare)] = r;
    L[pick(j, r, spare)] = a;
    R[pick(j, x, spare)] = xp;
    L[pick(j, xp, spare)] = x;
}

/* Removes x from its set when s is 1 (x does not go down); a no-op when 0. */
static inline void leave(int32_t *L, int32_t *R, int32_t x, int32_t s, int32_t spare)
{
    const int32_t l = L[x], r = R[x], t = pick(s, x, spare);
    R[pick(s, l, spare)] = r;
    L[pick(s, r, spare)] = l;
    L[t] = x;
    R[t] = x;
}

/* Square grid, nobody watching: the same decisions as join() and leave() in one pass
 * per row, with L[x] and R[x] carried in registers. Only L[x+1] and R[x+1] are ever
 * loaded, so every other store is a "far" update that later loads see; the values of
 * index x+1 after step x are worked out from this step's own stores (the cases follow
 * from the splice and unlink formulas above). 2 loads and 6 stores per cell; the
 * decisions are gathered 64 columns at a time and interleaved into the passages.
 * Row y's bits go to `cur` at `cur_base`; eller never touches the row above. */
static void gen_eller_row(gen_rowgen *g, int32_t y, uint64_t *cur, uint64_t cur_base, uint64_t *up, uint64_t up_base)
{
    (void)up;
    (void)up_base;
    const int32_t w = g->w, sp = w;
    int32_t *L = g->L, *R = g->R;
    amz_rng *rng = g->rng;
    const bool last = y == g->h - 1;
    int32_t lx = L[0], rx = R[0];
    for (int32_t x0 = 0; x0 < w; x0 += 64) {
        const uint64_t jc = last ? ~(uint64_t)0 : rng_next(rng), sc = last ? 0 : rng_next(rng);
        const int32_t end = w - x0 < 64 ? w : x0 + 64;
        uint64_t east = 0, south = 0;
        for (int32_t x = x0; x < end; x++) {
            const unsigned k = (unsigned)(x - x0);
            const int32_t xp = x + 1, a = L[xp], rxp = R[xp]; /* index w is the spare */
            const int32_t j = (rx != xp) & (xp < w) & (int32_t)((jc >> k) & 1);
            R[pick(j, a, sp)] = rx;
            L[pick(j, rx, sp)] = a;
            const int32_t rxn = pick(j, xp, rx), lxn = pick(j & (rx == x), a, lx);
            const int32_t s = (lxn != x) & (int32_t)((sc >> k) & 1);
            R[pick(s, lxn, sp)] = rxn;
            L[pick(s, rxn, sp)] = lxn;
            L[x] = pick(s, x, lxn);
            R[x] = pick(s, x, rxn);
            /* L[x+1] and R[x+1] after this step's stores. */
            lx = pick(s & (rxn == xp), lxn, pick(j, x, a));
            rx = pick(s & (lxn == xp), rxn, pick(j & (a == xp), rx, rxp));
            east |= (uint64_t)j << k;
            south |= (uint64_t)(s ^ 1) << k;
        }
        if (last)
            south = 0;
        bits_or64(cur, cur_base + (uint64_t)x0 * 2, bits_spread32(east) | bits_spread32(south) << 1);
        bits_or64(cur, cur_base + (uint64_t)x0 * 2 + 64, bits_spread32(east >> 32) | bits_spread32(south >> 32) << 1);
    }
}

const struct amz_gen_rows gen_eller_rows = {gen_eller_row, true, NULL};

static amz_status carve(amz_maze *m, amz_cell c, int32_t x, int32_t y, int d, const amz_observer *obs)
{
    amz_cell nb = grid_neighbor_xy(m->topology, m->width, m->height, c, x, y, d);
    bits_set(m->passages, grid_edge_bit(m->bits, c, nb, d));
    return obs && obs_emit(obs, AMZ_EV_CARVE, c, d, nb) ? AMZ_ECANCELED : AMZ_OK;
}

/* Any topology, with events; the same draws and decisions as gen_eller_row. */
static amz_status generic(amz_maze *m, amz_rng *rng, int32_t *L, int32_t *R, const amz_observer *obs)
{
    const int32_t w = m->width, h = m->height;
    const bool hex = m->topology == AMZ_TOPO_HEX;
    const int down = hex ? AMZ_HEX_S : AMZ_SQ_S;
    obs_progress prog = {0, 0, 0, 0};
    if (obs)
        obs_progress_init(&prog, (uint64_t)m->ncells);
    for (int32_t y = 0; y < h; y++) {
        const bool last = y == h - 1;
        const amz_cell row = (amz_cell)y * w;
        uint64_t jc = ~(uint64_t)0, sc = 0;
        for (int32_t x = 0; x < w; x++) {
            if (obs && (obs_emit(obs, AMZ_EV_VISIT, row + x, -1, AMZ_NO_CELL) || obs_progress_tick(obs, &prog)))
                return AMZ_ECANCELED;
            if (x % 64 == 0 && !last) {
                jc = rng_next(rng);
                sc = rng_next(rng);
            }
            if (x + 1 < w) {
                int32_t j = (R[x] != x + 1) & (int32_t)((jc >> (x % 64)) & 1);
                join(L, R, x, j, w);
                if (j && carve(m, row + x, x, y, hex ? (x & 1 ? AMZ_HEX_NE : AMZ_HEX_SE) : AMZ_SQ_E, obs))
                    return AMZ_ECANCELED;
            }
            int32_t s = (L[x] != x) & (int32_t)((sc >> (x % 64)) & 1);
            leave(L, R, x, s, w);
            if (!s && !last && carve(m, row + x, x, y, down, obs))
                return AMZ_ECANCELED;
        }
    }
    return AMZ_OK;
}

amz_status gen_eller(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                     amz_error *err)
{
    if (m->topology == AMZ_TOPO_POLAR || m->topology == AMZ_TOPO_TRIANGLE)
        return gen_eller_rows_any(m, rng, obs, err);
    if (m->topology == AMZ_TOPO_SQUARE && !obs_wants_steps(obs))
        return gen_rows_run(m, &gen_eller_rows, rng, o, obs, "eller", err);
    gen_rowgen g;
    amz_status st = gen_rowgen_init(&g, &gen_eller_rows, m->width, m->height, rng, o, "eller", err);
    if (st == AMZ_OK && generic(m, rng, g.L, g.R, obs))
        st = amz_errorf(err, AMZ_ECANCELED, "eller: canceled by the observer");
    gen_rowgen_deinit(&g);
    return st;
}
