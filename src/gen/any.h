/* any.h — what the generators' general forms share. Every generator that works on a
 * general graph has, next to its specialised square and hex loops, a form that sees the
 * grid only through grid/topo.h (any grid: triangle, octagon, polar, levels, wrap-around,
 * weave). These helpers keep those forms short: 4-bit per-cell fields (parent
 * directions, walk directions), neighbour lists and weave under-moves.
 *
 * Weave (docs/ALGORITHMS.md): an under-move from c in direction d2 (N2 E2 S2 W2) jumps
 * to the cell t two steps away, under the cell between, and is a chance only when that
 * middle cell is already in the maze as a straight corridor across the move (open
 * exactly N and S under an E-W move, E and W under an N-S one) and t is not yet in the
 * maze. A chance is taken with the probability the options give (amz_gen_options.weave);
 * a crossing never changes afterwards, because its cells' other neighbours are taken. */
#ifndef AMZ_GEN_ANY_H
#define AMZ_GEN_ANY_H

#include <stdint.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/gen.h"
#include "core/bits.h"
#include "core/rng_inline.h"
#include "grid/grid.h"
#include "grid/topo.h"

/* 4-bit fields, two a byte; 15 means "none" (no direction is 15: AMZ_MAX_DIRS - 1). */
#define ANY_NONE 15u

static inline uint8_t *any_nibbles_new(amz_cell n)
{
    uint8_t *a = amz_malloc((size_t)(n / 2 + 1));
    if (a)
        memset(a, 0xff, (size_t)(n / 2 + 1));
    return a;
}

static ALWAYS_INLINE unsigned any_nib(const uint8_t *a, amz_cell c)
{
    return (a[c >> 1] >> ((c & 1) * 4)) & 15u;
}

static ALWAYS_INLINE void any_set_nib(uint8_t *a, amz_cell c, unsigned v)
{
    const unsigned sh = (unsigned)(c & 1) * 4;
    a[c >> 1] = (uint8_t)((a[c >> 1] & ~(15u << sh)) | (v << sh));
}

/* Directions that are plain moves (not weave under-moves) on m. */
static inline int any_moves(const amz_maze *m)
{
    return m->weave ? AMZ_SQ_N2 : m->ndirs;
}

/* c's neighbours (nb[d], AMZ_NO_CELL where none) and where c is; returns m->ndirs. */
static ALWAYS_INLINE int any_nbrs(const amz_maze *m, amz_cell c, amz_cell *nb, grid_at *at)
{
    return grid_nbrs_at(m, c, nb, at);
}

/* Generators written once for every grid take the topology as a value T: a plain
 * topology (square or hex, compiled to straight-line code where T is a constant) or
 * GEN_ANY for everything else. gen_nbrs and gen_edge are their two views of a grid. */
#define GEN_ANY ((amz_topology) - 1)

/* c's existing neighbours: nb[d] for d below the returned count (AMZ_NO_CELL where none);
 * weave under-moves are not among them. */
static ALWAYS_INLINE int gen_nbrs(const amz_maze *m, amz_topology T, amz_cell c, amz_cell *nb)
{
    if (T == GEN_ANY) {
        grid_at a;
        any_nbrs(m, c, nb, &a);
        return any_moves(m);
    }
    const int32_t w = m->width, h = m->height, x = (int32_t)(c % w), y = (int32_t)(c / w);
    const int nd = grid_plain_ndirs(T);
    for (int d = 0; d < nd; d++) {
        amz_cell n = grid_neighbor_xy(T, w, h, c, x, y, d);
        nb[d] = n != AMZ_NO_CELL && grid_exists(m, n) ? n : AMZ_NO_CELL;
    }
    return nd;
}

/* Bit of the edge of c in direction d to its neighbour nb. */
static ALWAYS_INLINE uint64_t gen_edge(const amz_maze *m, amz_topology T, amz_cell c, int d, amz_cell nb)
{
    return T == GEN_ANY ? grid_edge(m, c, d, nb) : grid_edge_bit(grid_plain_ndirs(T) / 2, c, nb, d);
}

/* The direction whose edge a cell stores in `slot` (square slot 2 is D with levels, E2
 * on a weave grid). */
static inline int any_slot_dir(const amz_maze *m, unsigned slot)
{
    for (int d = 0; d < m->ndirs; d++)
        if (grid_slot[m->topology][d] == (int)slot && !(m->weave && d == AMZ_SQ_D))
            return d;
    return -1;
}

/* The two ends of edge e (a passage bit index) on any grid: its owner *a, the owner's
 * direction *d, and the other cell (returned). */
static ALWAYS_INLINE amz_cell any_edge_ends(const amz_maze *m, const int8_t *slot_dir, uint64_t e, amz_cell *a, int *d)
{
    *a = (amz_cell)(e / (uint64_t)m->bits);
    *d = slot_dir[e % (uint64_t)m->bits];
    return grid_neighbor(m, *a, *d);
}

/* Opens the edge of c in direction d to nb. */
static ALWAYS_INLINE void any_open(amz_maze *m, amz_cell c, int d, amz_cell nb)
{
    bits_set(m->passages, grid_edge(m, c, d, nb));
}

/* Whether cell c is in the maze so far: a bit in a bitmap, or a 4-bit field that is
 * not ANY_NONE (the backtracker's parents). */
typedef struct any_in {
    const uint64_t *bits;
    const uint8_t *nibs;
} any_in;

static ALWAYS_INLINE bool any_is_in(const any_in *in, amz_cell c)
{
    return in->bits ? bits_get(in->bits, (uint64_t)c) : any_nib(in->nibs, c) != ANY_NONE;
}

/* Whether a weave under-move in direction d (N2 .. W2) may pass under cell mid: mid is
 * a straight corridor the other way (its open edges exactly E and W under a move N or
 * S, exactly N and S under a move E or W). */
static inline bool any_crossable(const amz_maze *m, amz_cell mid, int d)
{
    return grid_straight(grid_open_mask(m, mid), d == AMZ_SQ_E2 || d == AMZ_SQ_W2);
}

/* The weave under-move chances from c (nb from any_nbrs): directions into dirs, their
 * count returned (0 on any other grid). */
static inline int any_under_chances(const amz_maze *m, const amz_cell *nb, const any_in *in, int *dirs)
{
    int n = 0;
    for (int d = AMZ_SQ_N2; m->weave && d <= AMZ_SQ_W2; d++) {
        amz_cell t = nb[d], mid = nb[d - AMZ_SQ_N2];
        if (t != AMZ_NO_CELL && mid != AMZ_NO_CELL && !any_is_in(in, t) && any_is_in(in, mid) &&
            any_crossable(m, mid, d))
            dirs[n++] = d;
    }
    return n;
}

/* The plain moves from c to cells not in the maze yet: directions into dirs. */
static ALWAYS_INLINE int any_free_moves(const amz_maze *m, const amz_cell *nb, const any_in *in, int *dirs)
{
    int n = 0;
    for (int d = 0, nd = any_moves(m); d < nd; d++)
        if (nb[d] != AMZ_NO_CELL && !any_is_in(in, nb[d]))
            dirs[n++] = d;
    return n;
}

/* The weave chance among nu under-moves, taken with probability p: its direction, or
 * -1 to make a plain move (the draws any_pick_move makes first). */
static ALWAYS_INLINE int any_pick_under(amz_rng *rng, double p, const int *under, int nu)
{
    if (nu && (p >= 1 || rng_unit_of(rng_next(rng)) < p))
        return under[nu == 1 ? 0 : rng_below_nz(rng, (uint32_t)nu)];
    return -1;
}

/* A random one of n plain moves, -1 if there is none. */
static ALWAYS_INLINE int any_pick_plain(amz_rng *rng, const int *dirs, int n)
{
    return n ? dirs[n == 1 ? 0 : rng_below_nz(rng, (uint32_t)n)] : -1;
}

/* One move out of c to a cell not in the maze yet: a weave chance with probability p,
 * else a random free plain move; -1 when there is neither. */
static inline int any_pick_move(const amz_maze *m, const amz_cell *nb, const any_in *in, amz_rng *rng, double p)
{
    int dirs[AMZ_MAX_DIRS], under[4];
    int nu = m->weave ? any_under_chances(m, nb, in, under) : 0;
    int d = any_pick_under(rng, p, under, nu);
    if (d >= 0)
        return d;
    int n = any_free_moves(m, nb, in, dirs);
    return any_pick_plain(rng, dirs, n);
}

/* The generic forms of the graph generators (one per generator file). */
amz_status gen_backtracker_any(amz_maze *m, amz_rng *rng, const amz_gen_options *o, const amz_observer *obs,
                               amz_error *err);

#endif
