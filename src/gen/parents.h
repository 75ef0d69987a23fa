/* parents.h — trees stored as parent directions inside the passage array.
 *
 * A parent direction (0 .. ndirs-1) fits the ndirs/2 bits a cell's passages take, so
 * tree builders (backtracker, aldous-broder, wilson, houston) keep "the direction from
 * each cell to its parent" in m->passages itself plus one visited bit per cell, and
 * convert the whole tree to passages at the end: 3 bits per square cell in total. */
#ifndef AMZ_GEN_PARENTS_H
#define AMZ_GEN_PARENTS_H

#include <stdbool.h>

#include "amaze/maze.h"
#include "core/bits.h"
#include "gen/padded.h"
#include "grid/grid.h"

static ALWAYS_INLINE unsigned parent_of(const uint64_t *par, int bits, amz_cell c)
{
    return bits_field(par, (uint64_t)c * (uint64_t)bits, (unsigned)bits);
}

static ALWAYS_INLINE void set_parent(uint64_t *par, int bits, amz_cell c, unsigned d)
{
    bits_set_field(par, (uint64_t)c * (uint64_t)bits, (unsigned)bits, d);
}

/* Rewrites m->passages from parent directions to passages, in place. A cell has a
 * parent when it exists, is not `root` and is marked: in the padded bitmap `pv`, or,
 * when pv is NULL, in the plain bitmap `marked` (bit c for cell c). `complete` promises
 * that every cell but the root has one and there is no mask (square grids then take a
 * 32-cells-a-step path, hex grids a 21-cells-a-step one). AMZ_ENOMEM (the row
 * buffers) leaves the passages cleared. */
amz_status gen_parents_to_passages(amz_maze *m, const padded *pv, const uint64_t *marked, amz_cell root,
                                   bool complete);

#endif
