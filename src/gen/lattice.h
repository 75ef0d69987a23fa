/* lattice.h — neighbours by table on the grids that are lattices: square, hex and
 * triangle (with levels, wrap-around and masks; not weave) and flat octagon grids. The
 * general forms of the generators see a grid through grid/topo.h, which locates a cell
 * by division and branches on the direction; on a lattice a step is a few adds and
 * compares from a place carried along (x, y, z of grid_at), with no branch on the
 * direction (a mispredicted one costs more than the rest of a random walk's step).
 * Both give the same neighbour in the same direction, so a form written for any mode
 * makes the same maze in each (tests/properties/test_lattice.c). */
#ifndef AMZ_GEN_LATTICE_H
#define AMZ_GEN_LATTICE_H

#include "grid/topo.h"

/* WALK_POLAR is not a lattice: walk_any.c steps polar grids by a table of rings. */
typedef enum walk_mode { WALK_ANY, WALK_SQUARE, WALK_HEX, WALK_TRIANGLE, WALK_OCTAGON, WALK_POLAR } walk_mode;

typedef struct lattice {
    int32_t w, h, levels;
    bool wrap_x, wrap_y;
    int64_t plane;
} lattice;

/* [mode][parity][direction]: column, row and level offsets, and whether the move exists
 * (parity: hex the column's, triangle up (0) or down (1), octagon the small square (1)).
 * For the octagon the level offset is the kind of cell reached (1: a small square). */
typedef struct lattice_move {
    int8_t dx, dy, dz, ok;
} lattice_move;

/* clang-format off */
static const lattice_move lattice_moves[5][2][8] = {
    [WALK_SQUARE] = {{{0, -1, 0, 1}, {1, 0, 0, 1}, {0, 1, 0, 1}, {-1, 0, 0, 1}, {0, 0, 1, 1}, {0, 0, -1, 1}}},
    [WALK_HEX] = {{{0, -1, 0, 1}, {1, -1, 0, 1}, {1, 0, 0, 1}, {0, 1, 0, 1}, {-1, 0, 0, 1}, {-1, -1, 0, 1},
                   {0, 0, 1, 1}, {0, 0, -1, 1}},
                  {{0, -1, 0, 1}, {1, 0, 0, 1}, {1, 1, 0, 1}, {0, 1, 0, 1}, {-1, 1, 0, 1}, {-1, 0, 0, 1},
                   {0, 0, 1, 1}, {0, 0, -1, 1}}},
    [WALK_TRIANGLE] = {{{0, -1, 0, 0}, {1, 0, 0, 1}, {0, 1, 0, 1}, {-1, 0, 0, 1}, {0, 0, 1, 1}, {0, 0, -1, 1}},
                       {{0, -1, 0, 1}, {1, 0, 0, 1}, {0, 1, 0, 0}, {-1, 0, 0, 1}, {0, 0, 1, 1}, {0, 0, -1, 1}}},
    [WALK_OCTAGON] = {{{0, -1, 0, 1}, {0, -1, 1, 1}, {1, 0, 0, 1}, {0, 0, 1, 1}, {0, 1, 0, 1}, {-1, 0, 1, 1},
                       {-1, 0, 0, 1}, {-1, -1, 1, 1}},
                      {{0, 0, 0, 0}, {1, 0, 0, 1}, {0, 0, 0, 0}, {1, 1, 0, 1}, {0, 0, 0, 0}, {0, 1, 0, 1},
                       {0, 0, 0, 0}, {0, 0, 0, 1}}},
};
/* clang-format on */

/* The walk mode for m: a lattice mode where the tables hold every move. */
static inline walk_mode walk_mode_of(const amz_maze *m)
{
    if (m->weave)
        return WALK_ANY;
    switch (m->topology) {
    case AMZ_TOPO_SQUARE: return WALK_SQUARE;
    case AMZ_TOPO_HEX: return WALK_HEX;
    case AMZ_TOPO_TRIANGLE: return WALK_TRIANGLE;
    case AMZ_TOPO_OCTAGON: return m->levels > 1 || m->wrap ? WALK_ANY : WALK_OCTAGON;
    default: return WALK_ANY;
    }
}

static ALWAYS_INLINE int32_t lattice_wrap(int32_t v, int32_t n, bool wrap)
{
    return !wrap ? v : v < 0 ? v + n : v >= n ? v - n : v;
}

/* The neighbour of the cell at a on lattice g in direction d (mask ignored), its place
 * in *to; AMZ_NO_CELL if there is none. */
static ALWAYS_INLINE amz_cell lattice_step(walk_mode M, const lattice *g, const grid_at *a, int d, grid_at *to)
{
    const int par = M == WALK_HEX ? a->x & 1 : M == WALK_TRIANGLE ? (a->x + a->y) & 1 : M == WALK_OCTAGON ? a->z : 0;
    const lattice_move mv = lattice_moves[M][par][d];
    int32_t x = a->x + mv.dx, y = a->y + mv.dy, z = M == WALK_OCTAGON ? mv.dz : a->z + mv.dz;
    if (M == WALK_OCTAGON) {
        /* octagons are w x h, the small squares between them (w-1) x (h-1) */
        int32_t w = g->w - z, h = g->h - z;
        to->x = x;
        to->y = y;
        to->z = z;
        if (!mv.ok || (uint32_t)x >= (uint32_t)w || (uint32_t)y >= (uint32_t)h)
            return AMZ_NO_CELL;
        return (int64_t)z * g->plane + (int64_t)y * w + x;
    }
    x = lattice_wrap(x, g->w, g->wrap_x);
    y = lattice_wrap(y, g->h, g->wrap_y);
    to->x = x;
    to->y = y;
    to->z = z;
    if (!mv.ok || (uint32_t)x >= (uint32_t)g->w || (uint32_t)y >= (uint32_t)g->h || (uint32_t)z >= (uint32_t)g->levels)
        return AMZ_NO_CELL;
    return ((int64_t)z * g->h + y) * g->w + x;
}

static inline lattice lattice_of(const amz_maze *m)
{
    const lattice g = {
        m->width, m->height, m->levels, m->wrap & AMZ_WRAP_X, m->wrap & AMZ_WRAP_Y, (int64_t)m->width * m->height};
    return g;
}

#endif
