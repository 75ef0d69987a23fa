/* testutil.h — helpers shared by the C tests: reference checks written independently
 * of the library's algorithms, so a test never checks the library against itself. */
#ifndef AMZ_TESTUTIL_H
#define AMZ_TESTUTIL_H

#include <stdbool.h>
#include <stdint.h>

#include "amaze.h"

/* Shortest path length in moves from a to b by a plain BFS over amz_maze_passage with
 * an int array of distances; -1 if unreachable. */
int64_t tu_bfs_distance(const amz_maze *m, amz_cell a, amz_cell b);
/* Distances in moves from a to every cell (dist has ncells entries; -1 unreachable or
 * removed), by the same plain BFS. Returns the largest distance. */
int64_t tu_distances(const amz_maze *m, amz_cell a, int64_t *dist);
/* Number of cells reachable from c (plain flood fill). */
int64_t tu_reachable(const amz_maze *m, amz_cell c);
/* Cells reachable from c and the passages among them. */
void tu_part(const amz_maze *m, amz_cell c, int64_t *cells, int64_t *passages);
/* Perfect = connected over existing cells and passages == cells - 1, checked from
 * scratch with the public per-cell API. */
bool tu_is_perfect(const amz_maze *m);
/* Every open edge is seen from both sides and never leads off the grid. */
bool tu_edges_consistent(const amz_maze *m);
/* A 64-bit FNV-1a hash of every cell's direction mask. */
uint64_t tu_maze_hash(const amz_maze *m);
/* Makes a generated maze (asserts success). */
void tu_generate(amz_maze *m, amz_topology t, int w, int h, const char *algo, uint64_t seed);

#endif
