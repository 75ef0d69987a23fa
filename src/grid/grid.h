/* grid.h — inline arithmetic of the plain grids (flat square and hex without wrap or
 * weave, amz_maze_is_plain) for the algorithms' hot loops. Every function takes the
 * topology as a value so that a loop instantiated with a constant topology (see
 * ALWAYS_INLINE users) compiles to straight-line code. Every other grid goes through
 * the general interface of grid/topo.h. */
#ifndef AMZ_GRID_GRID_H
#define AMZ_GRID_GRID_H

#include <stdbool.h>
#include <stdint.h>

#include "amaze/maze.h"
#include "core/bits.h"
#include "grid/topo.h"

/* Column/row offsets of each direction: [topology][column parity][direction].
 * Square ignores parity; hex "odd-q" shifts odd columns down by half a cell, so the
 * diagonal neighbours of an odd column sit one row lower than those of an even one. */
static const int8_t grid_dx[2][6] = {{0, 1, 0, -1, 0, 0}, {0, 1, 1, 0, -1, -1}};
static const int8_t grid_dy[2][2][6] = {
    {{-1, 0, 1, 0, 0, 0}, {-1, 0, 1, 0, 0, 0}},
    {{-1, -1, 0, 1, 0, -1}, {-1, 0, 1, 1, 1, 0}},
};

/* Directions of a plain grid: square 4, hex 6. */
static inline int grid_plain_ndirs(amz_topology t)
{
    return t == AMZ_TOPO_SQUARE ? 4 : 6;
}

static inline int grid_plain_opposite(amz_topology t, int d)
{
    int n = grid_plain_ndirs(t);
    int o = d + n / 2;
    return o >= n ? o - n : o;
}

/* Moves (x, y) one step in direction d; false if that leaves the grid. */
static ALWAYS_INLINE bool grid_step(amz_topology t, int32_t w, int32_t h, int32_t x, int32_t y, int d,
                                    int32_t *nx, int32_t *ny)
{
    int32_t ax = x + grid_dx[t][d];
    int32_t ay = y + grid_dy[t][x & 1][d];
    if ((uint32_t)ax >= (uint32_t)w || (uint32_t)ay >= (uint32_t)h)
        return false;
    *nx = ax;
    *ny = ay;
    return true;
}

/* Neighbour of c (at column x, row y) in direction d, ignoring the mask, or AMZ_NO_CELL
 * outside the grid. */
static ALWAYS_INLINE amz_cell grid_neighbor_xy(amz_topology t, int32_t w, int32_t h, amz_cell c, int32_t x,
                                               int32_t y, int d)
{
    int32_t nx, ny;
    if (!grid_step(t, w, h, x, y, d, &nx, &ny))
        return AMZ_NO_CELL;
    return c + (int64_t)(ny - y) * w + (nx - x);
}

/* Bit index of the edge between c and its neighbour nb in direction d. */
static ALWAYS_INLINE uint64_t grid_edge_bit(int bits, amz_cell c, amz_cell nb, int d)
{
    if (d >= 1 && d <= bits)
        return (uint64_t)c * (uint64_t)bits + (uint64_t)(d - 1);
    /* Not owned by c: owned by nb in the opposite direction, (d + bits) mod 2*bits. */
    int o = d + bits;
    if (o >= 2 * bits)
        o -= 2 * bits;
    return (uint64_t)nb * (uint64_t)bits + (uint64_t)(o - 1);
}

/* Open directions of square cell c (bit d for direction d: N=1 E=2 S=4 W=8) from the
 * passage bits of a maze w cells wide, with two word reads and no column test: the
 * cell before a row start is the last of the row above, whose E bit is always closed. */
static ALWAYS_INLINE unsigned grid_square_open(const uint64_t *pas, amz_cell c, int32_t w)
{
    unsigned open = (unsigned)bits_field(pas, (uint64_t)c * 2, 2) << 1;
    if (c >= w)
        open |= (unsigned)bits_get(pas, (uint64_t)(c - w) * 2 + 1);
    if (c > 0)
        open |= (unsigned)bits_get(pas, (uint64_t)(c - 1) * 2) << 3;
    return open;
}

/* amz_maze_init whose passages are plain zeroed memory, not touched in advance: a
 * reader filling them as the data arrives uses only what arrives (maze.c). */
amz_status grid_maze_init_lazy(amz_maze *m, const amz_grid *g, amz_error *err);

#endif
