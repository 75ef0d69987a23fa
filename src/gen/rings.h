/* rings.h — a polar grid as a table of rings, for the walks that carry a place (ring r,
 * index i in the ring; the cell R[r].cell0 + i) instead of locating each cell through
 * grid/topo.h's bands. Ring 0 is the centre. */
#ifndef AMZ_GEN_RINGS_H
#define AMZ_GEN_RINGS_H

#include <stdint.h>

#include "amaze/maze.h"
#include "core/inline.h"

typedef struct polar_ring {
    amz_cell cell0;   /* the ring's first cell */
    int64_t n;        /* its cells */
    uint8_t in_shift; /* IN from index i reaches i >> in_shift: 1 on a band's first ring, 63 on ring 1 */
    uint8_t split;    /* 1: a band's last ring, the next has twice the cells (OUT is 2i, OUT + 1 2i + 1) */
} polar_ring;

/* The ring table of polar maze m (m->height rings; amz_free it), or NULL if it cannot be
 * had. */
polar_ring *gen_polar_rings_new(const amz_maze *m);

/* A step off the centre: a few selects, no branch on the direction and no search for
 * the band. The neighbour of the cell at ring r > 0, index i in direction d < 5 (IN,
 * CW, CCW, OUT, OUT + 1), mask ignored, of a grid of `rings` rings; its ring and index
 * in *tr, *ti; AMZ_NO_CELL past the outer ring. */
static ALWAYS_INLINE amz_cell polar_ring_step(const polar_ring *R, int32_t rings, int32_t r, int64_t i, int d,
                                              int32_t *tr, int64_t *ti)
{
    static const int8_t dr[5] = {-1, 0, 0, 1, 1};
    const polar_ring *q = &R[r];
    const int64_t n = q->n, out = i << q->split;
    const int64_t at[5] = {i >> q->in_shift, i + 1 == n ? 0 : i + 1, i == 0 ? n - 1 : i - 1, out, out + 1};
    *tr = r + dr[d];
    *ti = at[d];
    return *tr < rings ? R[*tr].cell0 + at[d] : AMZ_NO_CELL;
}

#endif
