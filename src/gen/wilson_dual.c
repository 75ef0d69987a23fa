/* wilson_dual.c — Wilson's algorithm on a flat triangle grid, run on the dual graph.
 *
 * The cells of a triangle grid form a plane graph whose faces are the lattice points
 * inside the grid (six triangles around each) and the outside. Planar duality: a set of
 * edges T is a spanning tree of the cells iff the sides NOT crossed by T form a
 * spanning tree of the dual, the lattice points with every point on the border merged
 * into one vertex, the outside (a side between two border points is a loop there and
 * never in a tree: its passage is a bridge, always open). The map is a bijection, so a
 * uniform spanning tree of the dual gives a uniform maze, and Wilson's algorithm draws
 * one with the outside as its root. It is the better graph to walk: the cells have 3
 * neighbours (a brick-wall lattice, on which walks take about 16 steps a cell to meet
 * the tree), the lattice points 6 and there are half as many of them, so about 5 times
 * fewer steps in all (bench/RESULTS.md). The same law as the walk on the cells, a
 * different draw for a seed.
 *
 * The maze starts as an open field and each side the dual tree takes becomes a wall
 * (WALL events after the field's VISIT and CARVE events, like recursive-division):
 * walls grow from the border as loop-erased walks. Masks, wrap-around and levels (no
 * plane dual of this form) use the walk on the cells (walk_any.c).
 *
 * Lattice points: (i, j) on line j = 0..H (line j is the top of row j), i = 0..W+1 the
 * position in half triangle sides, i + j odd. Triangle (x, y) has its corners at
 * positions x, x+1, x+2 of lines y and y+1: up (x + y even) with its apex (x+1, y),
 * down with its apex (x+1, y+1). A point is inside iff 1 <= j <= H-1 and 2 <= i <= W-1.
 * Its six sides lead E (i+2, j), W (i-2, j), NE (i+1, j-1), NW (i-1, j-1), SE (i+1,
 * j+1), SW (i-1, j+1). Points are numbered j * S + i / 2 (S = W/2 + 2 a line), each
 * with a 4-bit walk direction and an in-tree bit: 2.5 bits a cell. */
#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/observe.h"
#include "gen/any.h"
#include "gen/gen_impl.h"
#include "gen/walk.h"

enum { DE, DW, DNE, DNW, DSE, DSW };
static const int8_t dual_opp[6] = {DW, DE, DSW, DSE, DNW, DNE};
static const int8_t dual_di[6] = {2, -2, 1, -1, 1, -1}, dual_dj[6] = {0, 0, -1, -1, 1, 1};

typedef struct dual {
    amz_maze *m;
    const amz_observer *obs;
    int64_t s;           /* points a line */
    int64_t step[2][6];  /* index step of each side, by the parity of i */
} dual;

/* The passage the side from point (i, j) in direction d crosses: its owner cell *a
 * (which owns E and S) and the direction, E or S. The side is normalised to start at
 * its left or upper end: E from (i, j) is the base of the up triangle (i, j-1) above
 * the down triangle (i, j); NE is the side between the down triangle (i-1, j-1) and
 * the up triangle (i, j-1); NW between the up (i-2, j-1) and the down (i-1, j-1). */
static void crossed(const dual *g, int64_t i, int64_t j, int d, amz_cell *a, int *dir)
{
    if (d == DW || d == DSE || d == DSW) { /* the same side seen from its other end */
        i += dual_di[d];
        j += dual_dj[d];
        d = dual_opp[d];
    }
    const int64_t w = g->m->width;
    switch (d) {
    case DE: *a = (j - 1) * w + i; *dir = AMZ_TRI_S; return;
    case DNE: *a = (j - 1) * w + i - 1; *dir = AMZ_TRI_E; return;
    default: *a = (j - 1) * w + i - 2; *dir = AMZ_TRI_E; return; /* DNW */
    }
}

/* Every passage open; with an observer, each cell VISITed and each passage CARVEd. */
static amz_status open_field(amz_maze *m, const amz_observer *obs)
{
    const int32_t w = m->width, h = m->height;
    for (int32_t y = 0; y < h; y++)
        for (int32_t x = 0; x < w; x++) {
            const amz_cell c = (amz_cell)y * w + x;
            if (obs && obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL))
                return AMZ_ECANCELED;
            if (x + 1 < w) {
                bits_set(m->passages, (uint64_t)c * 2);
                if (obs && obs_emit(obs, AMZ_EV_CARVE, c, AMZ_TRI_E, c + 1))
                    return AMZ_ECANCELED;
            }
            if (!((x + y) & 1) && y + 1 < h) {
                bits_set(m->passages, (uint64_t)c * 2 + 1);
                if (obs && obs_emit(obs, AMZ_EV_CARVE, c, AMZ_TRI_S, c + w))
                    return AMZ_ECANCELED;
            }
        }
    return AMZ_OK;
}

amz_status gen_wilson_dual(amz_maze *m, amz_rng *rng, const amz_observer *obs, amz_error *err)
{
    const int64_t w = m->width, h = m->height;
    amz_status st = open_field(m, obs);
    if (st)
        return amz_errorf(err, st, "wilson: canceled by the observer");
    if (w < 3 || h < 2) /* no point inside: the cells already form a tree */
        return AMZ_OK;
    dual g = {m, obs, w / 2 + 2, {{0}}};
    const int64_t n = (h + 1) * g.s;
    for (int odd = 0; odd < 2; odd++)
        for (int d = 0; d < 6; d++) /* (i + di) / 2 - i / 2 for i of this parity */
            g.step[odd][d] = dual_dj[d] * g.s + (odd + dual_di[d] + 2) / 2 - 1;
    uint8_t *nib = any_nibbles_new(n);
    uint64_t *tree = amz_malloc((size_t)bits_words((uint64_t)n) * 8);
    if (!nib || !tree) {
        amz_free(nib);
        amz_free(tree);
        return amz_errorf(err, AMZ_ENOMEM, "wilson: cannot allocate %lld lattice points", (long long)n);
    }
    /* Every point starts in the tree (the outside, and the slots of no point); the
     * points inside are taken out. */
    memset(tree, 0xff, (size_t)bits_words((uint64_t)n) * 8);
    uint64_t inside = 0;
    for (int64_t j = 1; j < h; j++)
        for (int64_t i = 2 + (j & 1 ? 0 : 1); i <= w - 1; i += 2) {
            bits_clear(tree, (uint64_t)(j * g.s + i / 2));
            inside++;
        }
    obs_progress prog = {0, 0, 0, 0};
    if (obs)
        obs_progress_init(&prog, inside);
    uint64_t buf = 0;
    int left = 0;
    for (int64_t j = 1; j < h && !st; j++)
        for (int64_t i = 2 + (j & 1 ? 0 : 1); i <= w - 1 && !st; i += 2) {
            const int64_t u = j * g.s + i / 2;
            if (bits_get(tree, (uint64_t)u))
                continue;
            /* The walk: each point left keeps its last exit; it ends in the tree. The
             * parity of i flips on every step that changes the line. */
            int64_t v = u;
            int odd = (int)(i & 1);
            do {
                const int d = walk_dir(AMZ_TOPO_HEX, rng, &buf, &left); /* uniform of 6 */
                any_set_nib(nib, v, (unsigned)d);
                v += g.step[odd][d];
                odd ^= dual_dj[d] & 1;
            } while (!bits_get(tree, (uint64_t)v));
            /* The loop-erased path joins the tree; each side it takes is a wall. */
            int64_t pi = i, pj = j;
            for (v = u; !bits_get(tree, (uint64_t)v);) {
                const int d = (int)any_nib(nib, v);
                amz_cell a;
                int dir;
                crossed(&g, pi, pj, d, &a, &dir);
                const amz_cell b = dir == AMZ_TRI_E ? a + 1 : a + w;
                bits_clear(m->passages, (uint64_t)a * 2 + (dir == AMZ_TRI_S));
                bits_set(tree, (uint64_t)v);
                if (obs && (obs_emit(obs, AMZ_EV_WALL, a, dir, b) || obs_progress_tick(obs, &prog))) {
                    st = AMZ_ECANCELED;
                    break;
                }
                v += g.step[pi & 1][d];
                pi += dual_di[d];
                pj += dual_dj[d];
            }
        }
    amz_free(nib);
    amz_free(tree);
    return st ? amz_errorf(err, st, "wilson: canceled by the observer") : AMZ_OK;
}
