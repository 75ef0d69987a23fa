/* rings.h — a polar grid as a table of rings, for the walks that carry a place (ring r,
 * index i in the ring; the cell R[r].cell0 + i) instead of locating each cell through
 * grid/topo.h's bands. Ring 0 is the centre. */
#ifndef AMZ_GEN_RINGS_H
#define AMZ_GEN_RINGS_H

#include <stdint.h>

#include "amaze/maze.h"

typedef struct polar_ring {
    amz_cell cell0;   /* the ring's first cell */
    int64_t n;        /* its cells */
    uint8_t in_shift; /* IN from index i reaches i >> in_shift: 1 on a band's first ring, 63 on ring 1 */
    uint8_t split;    /* 1: a band's last ring, the next has twice the cells (OUT is 2i, OUT + 1 2i + 1) */
} polar_ring;

/* The ring table of polar maze m (m->height rings; amz_free it), or NULL if it cannot be
 * had. */
polar_ring *gen_polar_rings_new(const amz_maze *m);

#endif
