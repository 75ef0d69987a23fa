/* walk.h — shared state of the random-walk generators: aldous-broder, wilson and
 * houston (which runs the first, then the second, on the same state).
 *
 * The tree is kept as parent directions in the passage array (gen/parents.h) plus one
 * in-tree bit per cell; at the end the parents become passages. On a grid with removed
 * cells, only the part connected to the root is carved: the other existing cells are
 * pre-marked "in the tree" so nothing walks from them (no walk can reach them either),
 * and unmarked again before the conversion. Peak: passages + 2 bits per cell. */
#ifndef AMZ_GEN_WALK_H
#define AMZ_GEN_WALK_H

#include "amaze/gen.h"
#include "core/bits.h"
#include "core/observe.h"
#include "core/rng_inline.h"
#include "grid/grid.h"

typedef struct walker {
    amz_maze *m;
    amz_rng *rng;
    const amz_observer *obs;
    uint64_t *tree;    /* ncells bits: in the tree (or outside the root's part) */
    uint64_t *outside; /* NULL, or ncells bits: existing cells outside the root's part */
    uint8_t *nib;      /* grids other than plain square and hex: each cell's 4-bit parent
                          (or walk) direction, instead of the passage array */
    amz_cell root;
    amz_cell pos;      /* where aldous-broder's walk stands (it starts at the root) */
    uint64_t in_tree;  /* tree cells so far, root included */
    uint64_t total;    /* cells of the root's part */
    obs_progress prog;
} walker;

/* The root the walkers use: the centre cell on a full grid (walks find a central tree
 * sooner than a corner one; any root gives the same uniform law), else the start. */
amz_cell gen_walker_root(const amz_maze *m);
/* Allocates the bits, marks the root (VISIT event). AMZ_ENOMEM / AMZ_ECANCELED with a
 * message prefixed by `name`; on failure nothing needs freeing. */
amz_status gen_walker_init(walker *w, amz_maze *m, amz_rng *rng, const amz_observer *obs, const char *name,
                           amz_error *err);
/* Converts the tree to passages (also after a cancelled run: a valid partial maze) and
 * frees the bits; returns st, or AMZ_ENOMEM if the conversion failed. */
amz_status gen_walker_finish(walker *w, amz_status st, const char *name, amz_error *err);

/* The general forms of the walks, for every other grid (walk_any.c). */
amz_status gen_walk_any_aldous_broder(walker *w, uint64_t stop_at);
amz_status gen_walk_any_wilson(walker *w);
/* The same walks always through grid/topo.h, even on a lattice (gen/lattice.h): the
 * tests hold the lattice forms to them, draw for draw. */
amz_status gen_walk_general_aldous_broder(walker *w, uint64_t stop_at);
amz_status gen_walk_general_wilson(walker *w);

/* Wilson on a lattice (gen/lattice.h's modes), unobserved (wilson_lattice.c):
 * walk_any.c's walks, draw for draw, in a bordered byte layout; AMZ_EINVAL on any other
 * grid, AMZ_ENOMEM if its byte a cell cannot be had (nothing done either way). */
amz_status gen_wilson_lattice(walker *w);
/* The same on a flat polar grid (wilson_polar.c): a byte a cell, the ring table's
 * steps; AMZ_EINVAL on any other grid, AMZ_ENOMEM (nothing done either way). */
amz_status gen_wilson_polar(walker *w);

/* Aldous-Broder from w->pos until `stop_at` cells are in the tree (aldous_broder.c). */
amz_status gen_walk_aldous_broder(walker *w, uint64_t stop_at);
/* Wilson's loop-erased walks from every cell not yet in the tree (wilson.c). */
amz_status gen_walk_wilson(walker *w);
/* Wilson on the dual of a flat triangle grid without mask or wrap (wilson_dual.c): the
 * whole generator, on a maze with every passage closed. */
amz_status gen_wilson_dual(amz_maze *m, amz_rng *rng, const amz_observer *obs, amz_error *err);

/* Directions below span drawn from a buffer of random bits: the fewest bits that hold
 * span - 1, redrawn at span or above, so each is equally likely (a polar centre's many
 * directions by rng_below). The draw of every walk on the general grids (walk_any.c,
 * wilson_lattice.c): the same bits give the same maze in each. */
typedef struct dir_bits {
    uint64_t buf;
    int left; /* bits still unused in buf */
} dir_bits;

/* The bits a draw below span (at most 16) takes. */
static inline int draw_bits(int span)
{
    return span <= 4 ? 2 : span <= 8 ? 3 : 4;
}

/* A direction below span from k = draw_bits(span) bits at a time (a walk that knows k
 * ahead keeps it out of its hot loop). */
static ALWAYS_INLINE int draw_k(amz_rng *rng, dir_bits *db, int k, int span)
{
    for (;;) {
        if (db->left < k) {
            db->buf = rng_next(rng);
            db->left = 64;
        }
        int d = (int)(db->buf & ((1u << k) - 1));
        db->buf >>= k;
        db->left -= k;
        if (d < span)
            return d;
    }
}

static ALWAYS_INLINE int draw_dir(amz_rng *rng, dir_bits *db, int span)
{
    return span > 16 ? (int)rng_below(rng, (uint32_t)span) : draw_k(rng, db, draw_bits(span), span);
}

/* A uniformly random direction of topology T from a buffer of random bits: 2 bits per
 * square draw; hex takes 3 bits and rejects 6 and 7 (21 draws per 64-bit word). */
static ALWAYS_INLINE int walk_dir(amz_topology T, amz_rng *rng, uint64_t *buf, int *left)
{
    if (T == AMZ_TOPO_SQUARE) {
        if (*left == 0) {
            *buf = rng_next(rng);
            *left = 32;
        }
        int d = (int)(*buf & 3);
        *buf >>= 2;
        --*left;
        return d;
    }
    for (;;) {
        if (*left == 0) {
            *buf = rng_next(rng);
            *left = 21;
        }
        int d = (int)(*buf & 7);
        *buf >>= 3;
        --*left;
        if (d < 6)
            return d;
    }
}

/* One step of the simple random walk on the existing cells of a flat grid, from cell c
 * at (*x, *y): directions are drawn until one leads to a cell that exists (steps off
 * the grid or into removed cells are redrawn, as the walks' uniformity needs). Returns
 * that cell, its direction in *d, its coordinates in *x, *y. du is walk_steps'. */
static ALWAYS_INLINE amz_cell walk_step(amz_topology T, bool MASK, const amz_maze *m, int64_t du[2][AMZ_MAX_DIRS],
                                        amz_rng *rng, uint64_t *buf, int *left, amz_cell c, int32_t *x, int32_t *y,
                                        int *d)
{
    for (;;) {
        int k = walk_dir(T, rng, buf, left);
        int32_t nx, ny;
        if (!grid_step(T, (int32_t)m->width, (int32_t)m->height, *x, *y, k, &nx, &ny))
            continue;
        amz_cell nc = c + du[*x & 1][k];
        if (MASK && !bits_get(m->mask, (uint64_t)nc))
            continue;
        *d = k;
        *x = nx;
        *y = ny;
        return nc;
    }
}

/* Cell-number step of each direction by column parity, so a walk moves without a
 * multiply per step: cell + du[x & 1][d] is the neighbour of cell (x, y) in direction d. */
static inline void walk_steps(amz_topology T, int64_t width, int64_t du[2][AMZ_MAX_DIRS])
{
    for (int odd = 0; odd < 2; odd++)
        for (int d = 0; d < grid_plain_ndirs(T); d++)
            du[odd][d] = (int64_t)grid_dy[T][odd][d] * width + grid_dx[T][d];
}

#endif
