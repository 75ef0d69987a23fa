/* binary_tree.c — every cell opens towards one of two fixed directions (north or east
 * for the NE corner), chosen by a biased coin; cells on the far edges have one choice,
 * the corner none. Each cell points to a cell nearer the corner, so the passages form
 * a tree. Source: W. D. Pullen, "Think Labyrinth!" (astrolog.org), "Binary tree".
 * Square grids only: on hex the two directions would not reach every cell. Needs no
 * memory besides the passages; masks are refused (a removed neighbour would cut the
 * tree apart). */
#include <math.h>

#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/rng_inline.h"
#include "gen/gen_impl.h"
#include "grid/grid.h"

static void gen_binary_tree_rowgen_init(gen_rowgen *g, const amz_gen_options *o)
{
    g->vdir = o->bias == AMZ_CORNER_NE || o->bias == AMZ_CORNER_NW ? AMZ_SQ_N : AMZ_SQ_S;
    g->hdir = o->bias == AMZ_CORNER_NE || o->bias == AMZ_CORNER_SE ? AMZ_SQ_E : AMZ_SQ_W;
    /* A 32-bit draw below `thr` picks the vertical direction: P = bias_weight, in steps
     * of 2^-32 (thr = 2^32 when the weight is 1). */
    g->thr = (uint64_t)ldexp(o->bias_weight, 32);
    g->buf = 0;
    g->left = 0;
}

/* One row with nobody watching: the draws and choices of the observed loop below, in
 * the same order. N is the S bit of the cell above (in `up`), W the E bit of the cell
 * to the left. */
static void gen_binary_tree_row(gen_rowgen *g, int32_t y, uint64_t *cur, uint64_t cur_base, uint64_t *up,
                         uint64_t up_base)
{
    const int64_t w = g->w;
    const bool can_v = g->vdir == AMZ_SQ_N ? y > 0 : y < g->h - 1;
    const int64_t last = g->hdir == AMZ_SQ_E ? w - 1 : 0;
    for (int64_t x = 0; x < w; x++) {
        const bool can_h = x != last;
        int d = -1;
        if (can_v && can_h) {
            if (g->left == 0) {
                g->buf = rng_next(g->rng);
                g->left = 2;
            }
            d = (g->buf & 0xffffffffu) < g->thr ? g->vdir : g->hdir;
            g->buf >>= 32;
            g->left--;
        } else if (can_v) {
            d = g->vdir;
        } else if (can_h) {
            d = g->hdir;
        }
        switch (d) {
        case AMZ_SQ_N: bits_set(up, up_base + (uint64_t)x * 2 + 1); break;
        case AMZ_SQ_S: bits_set(cur, cur_base + (uint64_t)x * 2 + 1); break;
        case AMZ_SQ_E: bits_set(cur, cur_base + (uint64_t)x * 2); break;
        case AMZ_SQ_W: bits_set(cur, cur_base + (uint64_t)(x - 1) * 2); break;
        default: break;
        }
    }
}

const struct amz_gen_rows gen_binary_tree_rows = {gen_binary_tree_row, false, gen_binary_tree_rowgen_init};

amz_status gen_binary_tree(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                               amz_error *err)
{
    if (m->topology == AMZ_TOPO_POLAR) {
        if (o->bias != AMZ_CORNER_NE)
            return amz_errorf(err, AMZ_EINVAL, "binary-tree on polar rings: a ring has no corners; give --bias ne:P "
                              "(P, the share of inward steps)");
        return gen_binary_tree_rings(m, rng, o, obs, err);
    }
    const int64_t w = m->width, h = m->height;
    const int vdir = o->bias == AMZ_CORNER_NE || o->bias == AMZ_CORNER_NW ? AMZ_SQ_N : AMZ_SQ_S;
    const int hdir = o->bias == AMZ_CORNER_NE || o->bias == AMZ_CORNER_SE ? AMZ_SQ_E : AMZ_SQ_W;
    /* A 32-bit draw below `thr` picks the vertical direction: P = bias_weight, in steps
     * of 2^-32 (thr = 2^32 when the weight is 1). */
    const uint64_t thr = (uint64_t)ldexp(o->bias_weight, 32);
    uint64_t *pas = m->passages;
    if (!obs_wants_steps(obs))
        return gen_rows_run(m, &gen_binary_tree_rows, rng, o, obs, "binary-tree", err);
    uint64_t buf = 0;
    int left = 0;
    obs_progress prog = {0, 0, 0, 0};
    if (obs)
        obs_progress_init(&prog, (uint64_t)m->ncells);
    for (int64_t y = 0; y < h; y++) {
        /* Whether this row may go vertically, and which column has no horizontal move. */
        const bool can_v = vdir == AMZ_SQ_N ? y > 0 : y < h - 1;
        const int64_t last = hdir == AMZ_SQ_E ? w - 1 : 0;
        for (int64_t x = 0; x < w; x++) {
            const amz_cell c = y * w + x;
            const bool can_h = x != last;
            int d = -1;
            if (can_v && can_h) {
                if (left == 0) {
                    buf = rng_next(rng);
                    left = 2;
                }
                d = (buf & 0xffffffffu) < thr ? vdir : hdir;
                buf >>= 32;
                left--;
            } else if (can_v) {
                d = vdir;
            } else if (can_h) {
                d = hdir;
            }
            /* VISIT comes before the carve, so a cancel at VISIT leaves no unannounced passage. */
            if (obs && obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL))
                return amz_errorf(err, AMZ_ECANCELED, "binary-tree: canceled by the observer");
            if (d >= 0) {
                amz_cell nb = d == AMZ_SQ_N ? c - w : d == AMZ_SQ_S ? c + w : d == AMZ_SQ_E ? c + 1 : c - 1;
                bits_set(pas, grid_edge_bit(2, c, nb, d));
                if (obs && obs_emit(obs, AMZ_EV_CARVE, c, d, nb))
                    return amz_errorf(err, AMZ_ECANCELED, "binary-tree: canceled by the observer");
            }
            if (obs && obs_progress_tick(obs, &prog))
                return amz_errorf(err, AMZ_ECANCELED, "binary-tree: canceled by the observer");
        }
    }
    return AMZ_OK;
}
