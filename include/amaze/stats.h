/* amaze/stats.h — measuring a maze: size, shape, connectivity, its solution and its
 * difficulty. Works on any maze (imperfect, masked, several parts). The formulas are
 * in docs/STATS.md. */
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
    /* Shape. */
    uint64_t degree[AMZ_MAX_DIRS + 1]; /* cells by number of passages (degree[1] = dead_ends) */
    uint64_t straight;        /* two-passage cells going straight through (opposite passages) */
    uint64_t turns;           /* two-passage cells that turn */
    bool shape_defined;       /* false where straight and turns have no meaning (triangle
                                 grids: no two sides of a triangle are opposite); both 0 */
    uint64_t corridors;       /* maximal runs of passages whose inner cells have two passages */
    double river;             /* passages / corridors: mean corridor length in moves (0: none) */
    /* The solution (a shortest start-goal path) and the whole maze's spread. */
    double solution_fraction; /* cells on the solution / cells (0 if unsolvable) */
    uint64_t decisions;       /* solution cells (goal excluded) with 2+ ways forward */
    double difficulty;        /* sum over solution cells (goal excluded) of log2(ways forward):
                                 a solver picking ways at random without backing out follows the
                                 solution with probability 2^-difficulty (0 if unsolvable) */
    uint64_t diameter;        /* longest shortest path between two connected cells, in moves */
    bool diameter_exact;      /* false: a lower bound (mazes with loops, search budget spent) */
    amz_cell diameter_ends[2]; /* its two ends, lower index first */
} amz_stats;

/* Fills *out. Time O(cells) on perfect mazes (a few sweeps); mazes with loops add up to
 * 64 sweeps for the diameter. Memory about 4 bytes per cell (16 with loops). AMZ_ENOMEM
 * on allocation failure. */
AMZ_API amz_status amz_stats_compute(const amz_maze *m, amz_stats *out, amz_error *err);

/* Peak bytes amz_stats_compute needs on m beyond the maze (4 a cell on a perfect
 * maze, 16 with loops), for memory guards. O(cells/64). */
AMZ_API uint64_t amz_stats_memory_estimate(const amz_maze *m);

/* The cell farthest from `from` in moves (ties: the lowest index), and that distance.
 * Either out pointer may be NULL. AMZ_ERANGE if `from` is not a cell, AMZ_ENOMEM.
 * Time O(cells reached); memory 4 bytes per cell plus a queue. */
AMZ_API amz_status amz_stats_farthest(const amz_maze *m, amz_cell from, amz_cell *cell, uint64_t *dist,
                                     amz_error *err);

/* The diameter: the longest shortest path between two connected cells over all parts,
 * its ends (*a < *b, ties broken towards lower indices; a == b for a maze of lone cells)
 * and length. Exact on perfect mazes (two sweeps per part); with loops the iFUB search
 * runs at most 64 sweeps per part and sets *exact false if that was not enough (the
 * length is then a lower bound). Out pointers may be NULL. AMZ_EINVAL for a maze with
 * no cell, AMZ_ENOMEM. Memory 4 bytes per cell, 16 for parts with loops. */
AMZ_API amz_status amz_stats_diameter(const amz_maze *m, amz_cell *a, amz_cell *b, uint64_t *len, bool *exact,
                                     amz_error *err);

#endif
