/* walk_any.c — Aldous-Broder and Wilson on every grid that is not plain square or hex,
 * through grid/topo.h: the same walks as aldous_broder.c and wilson.c, with each
 * cell's direction in the walker's 4-bit fields instead of the passage array. A step
 * draws a direction uniformly and redraws when there is no neighbour that way, so it
 * goes to a uniformly random neighbour whatever the cell's number of directions (a
 * polar cell has 4 or 5, its centre 3 to 12): the simple random walk both theorems
 * need, so the trees stay uniform on every grid. */
#include "core/error.h"
#include "gen/any.h"
#include "gen/gen_impl.h"
#include "gen/lattice.h"
#include "gen/rings.h"
#include "gen/walk.h"

/* Polar grids, for Wilson's walks (grid/topo.h's step locates every cell reached in or
 * out): the ring table's step from the cell at a (not the centre). */
static ALWAYS_INLINE amz_cell polar_step(const polar_ring *R, int32_t rings, const grid_at *a, int d, grid_at *to)
{
    return polar_ring_step(R, rings, a->ring, a->i, d, &to->ring, &to->i);
}

/* The directions a walk draws from at a: r * (odd + 1) + odd for r below the count
 * returned, each equally likely, which holds every neighbour the cell may have: an
 * octagon grid's small square draws among its four diagonals (odd directions), a polar
 * cell off the centre among IN, CW, CCW and its one or two OUTs. Fewer misses to redraw,
 * and each one a branch the processor mispredicts. */
static ALWAYS_INLINE int walk_choices(walk_mode M, const amz_maze *m, const polar_ring *R, const grid_at *a, int *odd)
{
    *odd = 0;
    if ((M == WALK_OCTAGON || (M == WALK_ANY && m->topology == AMZ_TOPO_OCTAGON)) && a->z) {
        *odd = 1;
        return 4;
    }
    if (M == WALK_POLAR)
        return a->ring > 0 ? AMZ_POLAR_OUT + 1 + R[a->ring].split : grid_span_at(m, a);
    if (M == WALK_ANY && m->topology == AMZ_TOPO_POLAR && a->ring > 0) {
        const grid_band *b = &m->rings->band[a->band];
        return a->ring == b->ring0 + b->nrings - 1 ? AMZ_POLAR_OUT + 2 : AMZ_POLAR_OUT + 1;
    }
    return grid_span_at(m, a);
}

/* A uniformly random neighbour of c (located at a): its direction in *dir, its place in
 * *to (the walk carries places: no division a step). */
static ALWAYS_INLINE amz_cell next_cell(walk_mode M, const amz_maze *m, const lattice *g, const polar_ring *R,
                                        amz_cell c, const grid_at *a, int d, grid_at *to)
{
    if (M == WALK_POLAR)
        return a->ring > 0 ? polar_step(R, m->height, a, d, to) : grid_step_loc(m, c, a, d, to);
    return M == WALK_ANY ? grid_step_loc(m, c, a, d, to) : lattice_step(M, g, a, d, to);
}

static ALWAYS_INLINE amz_cell random_step(walk_mode M, const amz_maze *m, const lattice *g, const polar_ring *R,
                                          amz_rng *rng, dir_bits *db, amz_cell c, const grid_at *a, int *dir,
                                          grid_at *to)
{
    /* Drawn among the directions the cell may use, redrawn on a miss: uniform over its
     * neighbours, the simple random walk both theorems need. */
    int odd;
    const int span = walk_choices(M, m, R, a, &odd);
    for (;;) {
        int d = draw_dir(rng, db, span);
        d = odd ? 2 * d + 1 : d;
        amz_cell n = next_cell(M, m, g, R, c, a, d, to);
        if (n != AMZ_NO_CELL && grid_exists(m, n)) {
            *dir = d;
            return n;
        }
    }
}

static ALWAYS_INLINE amz_status aldous_broder(walk_mode M, walker *wk, uint64_t stop_at)
{
    /* A local copy of the maze's fields: the walk's byte stores (nib) could alias the
     * maze itself, which would make the compiler reload every field after each one. */
    const amz_maze view = *wk->m, *m = &view;
    const lattice g = lattice_of(m);
    const amz_observer *obs = wk->obs;
    amz_cell c = wk->pos;
    amz_status st = AMZ_OK;
    dir_bits db = {0, 0};
    grid_at at[2], *a = &at[0], *na = &at[1];
    grid_locate(m, c, a);
    while (wk->in_tree < stop_at && st == AMZ_OK) {
        int d;
        amz_cell nc = random_step(M, m, &g, NULL, wk->rng, &db, c, a, &d, na);
        if (!bits_get(wk->tree, (uint64_t)nc)) {
            bits_set(wk->tree, (uint64_t)nc);
            any_set_nib(wk->nib, nc, (unsigned)grid_back_at(m, a, d));
            wk->in_tree++;
            if (obs && (obs_emit(obs, AMZ_EV_CARVE, c, d, nc) || obs_emit(obs, AMZ_EV_VISIT, nc, -1, AMZ_NO_CELL) ||
                        obs_progress_tick(obs, &wk->prog)))
                st = AMZ_ECANCELED;
        } else if (obs && obs_emit(obs, AMZ_EV_ENTER, nc, -1, c)) {
            st = AMZ_ECANCELED;
        }
        c = nc;
        grid_at *t = a;
        a = na;
        na = t;
    }
    wk->pos = c;
    return st;
}

static ALWAYS_INLINE amz_status wilson(walk_mode M, walker *wk, const polar_ring *R)
{
    const amz_maze view = *wk->m, *m = &view; /* as in aldous_broder */
    const lattice g = lattice_of(m);
    const amz_observer *obs = wk->obs;
    dir_bits db = {0, 0};
    uint64_t *tree = wk->tree;
    uint8_t *nib = wk->nib;
    for (amz_cell u = 0; u < m->ncells; u++) {
        if (bits_get(tree, (uint64_t)u) || !grid_exists(m, u))
            continue;
        /* The walk: each cell left keeps its last exit direction; it ends in the tree.
         * Places are values (a copy a step), so they can live in registers. */
        amz_cell c = u;
        grid_at a = {0, 0, 0, 0, 0, 0, 0}, na = a;
        grid_locate(m, c, &a);
        while (!bits_get(tree, (uint64_t)c)) {
            int d;
            amz_cell nc = random_step(M, m, &g, R, wk->rng, &db, c, &a, &d, &na);
            any_set_nib(nib, c, (unsigned)d);
            if (obs && obs_emit(obs, AMZ_EV_ENTER, nc, -1, c))
                return AMZ_ECANCELED;
            c = nc;
            a = na;
        }
        /* The loop-erased path: the last exits from u lead into the tree. */
        grid_locate(m, u, &a);
        for (c = u; !bits_get(tree, (uint64_t)c);) {
            int d = (int)any_nib(nib, c);
            amz_cell nc = next_cell(M, m, &g, R, c, &a, d, &na);
            if (obs && obs_emit(obs, AMZ_EV_VISIT, c, -1, AMZ_NO_CELL))
                return AMZ_ECANCELED;
            bits_set(tree, (uint64_t)c);
            wk->in_tree++;
            if (obs && (obs_emit(obs, AMZ_EV_CARVE, c, d, nc) || obs_progress_tick(obs, &wk->prog)))
                return AMZ_ECANCELED;
            c = nc;
            a = na;
        }
    }
    return AMZ_OK;
}

amz_status gen_walk_any_aldous_broder(walker *wk, uint64_t stop_at)
{
    switch (walk_mode_of(wk->m)) {
    case WALK_SQUARE: return aldous_broder(WALK_SQUARE, wk, stop_at);
    case WALK_HEX: return aldous_broder(WALK_HEX, wk, stop_at);
    case WALK_TRIANGLE: return aldous_broder(WALK_TRIANGLE, wk, stop_at);
    case WALK_OCTAGON: return aldous_broder(WALK_OCTAGON, wk, stop_at);
    default: return aldous_broder(WALK_ANY, wk, stop_at);
    }
}

amz_status gen_walk_any_wilson(walker *wk)
{
    /* Unobserved, the byte forms (the same walks); they need a byte a cell more. */
    if (!wk->obs && walk_mode_of(wk->m) != WALK_ANY && gen_wilson_lattice(wk) == AMZ_OK)
        return AMZ_OK;
    if (!wk->obs && wk->m->topology == AMZ_TOPO_POLAR && gen_wilson_polar(wk) == AMZ_OK)
        return AMZ_OK;
    switch (walk_mode_of(wk->m)) {
    case WALK_SQUARE: return wilson(WALK_SQUARE, wk, NULL);
    case WALK_HEX: return wilson(WALK_HEX, wk, NULL);
    case WALK_TRIANGLE: return wilson(WALK_TRIANGLE, wk, NULL);
    case WALK_OCTAGON: return wilson(WALK_OCTAGON, wk, NULL);
    default:
        if (wk->m->topology == AMZ_TOPO_POLAR && wk->m->levels == 1) {
            polar_ring *R = gen_polar_rings_new(wk->m); /* a few bytes a ring; else the general step */
            if (R) {
                const amz_status st = wilson(WALK_POLAR, wk, R);
                amz_free(R);
                return st;
            }
        }
        return wilson(WALK_ANY, wk, NULL);
    }
}

amz_status gen_walk_general_aldous_broder(walker *wk, uint64_t stop_at)
{
    return aldous_broder(WALK_ANY, wk, stop_at);
}

amz_status gen_walk_general_wilson(walker *wk)
{
    return wilson(WALK_ANY, wk, NULL);
}
