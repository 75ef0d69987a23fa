/* islands.h — private flood fill over existing cells, shared by shapes and generators. */
#ifndef AMZ_GRID_ISLANDS_H
#define AMZ_GRID_ISLANDS_H

#include <stdint.h>

#include "amaze/maze.h"
#include "core/queue.h"

typedef struct grid_island {
    amz_cell seed;          /* first cell of the island in reading order */
    uint64_t size;          /* cells */
    int32_t x0, y0, x1, y1; /* bounding box, inclusive */
} grid_island;

/* Floods the island containing `seed` through grid adjacency, setting its cells' bits
 * in `mark` (ncells bits; cells already marked stop the flood). AMZ_ENOMEM. */
amz_status grid_island_flood(const amz_maze *m, uint64_t *mark, amz_cell seed, queue *q, grid_island *out);

/* Lists every island in reading order of their first cells into a new array (amz_free
 * it). *count 0 for a maze with no cell. AMZ_ENOMEM. */
amz_status grid_islands_list(const amz_maze *m, grid_island **out, uint64_t *count);

#endif
