/* amaze/stats.h — measuring a maze: size, shape, connectivity and its solution.
 * Works on any maze (imperfect, masked, several parts). */
#ifndef AMAZE_STATS_H
#define AMAZE_STATS_H

#include <stdbool.h>
#include <stdint.h>

#include "amaze/maze.h"
#include "amaze/status.h"

typedef struct amz_stats {
    uint64_t cells;           /* existing cells */
    uint64_t passages;        /* open edges */
    uint64_t dead_ends;       /* cells with exactly one passage */
    uint64_t junctions;       /* cells with three or more passages */
    uint64_t isolated;        /* cells with no passage */
    uint64_t parts;           /* connected parts (an isolated cell is a part) */
    bool perfect;             /* one part and passages == cells - 1: a spanning tree */
    bool solvable;            /* a path joins start and goal */
    uint64_t solution_length; /* moves on a shortest start-goal path (0 if unsolvable) */
    double dead_end_percent;  /* 100 * dead_ends / cells */
} amz_stats;

/* Fills *out. Time O(cells); memory one bit per cell plus a parent direction per cell
 * for the shortest path and a queue. AMZ_ENOMEM on allocation failure. */
AMZ_API amz_status amz_stats_compute(const amz_maze *m, amz_stats *out, amz_error *err);

#endif
