/* amaze/dijkstra.h — Dijkstra maps: the distance from the nearest of a set of goal
 * cells to every cell, as roguelikes steer monsters with them (B. Harvey, "The
 * Incredible Power of Dijkstra Maps", RogueBasin, 2010), for mazes (over passages) and
 * dungeons (over walkable tiles, four directions). Every step costs 1, so the map is a
 * breadth-first search from all goals at once (E. F. Moore, 1959), O(cells).
 *
 * The flee map turns a map into one that leads away from the goals without running
 * into dead ends: every distance is scaled by -k (k = 1.2 is the classical choice,
 * rounded to the nearest whole step), then the map is rescanned so that no cell is more
 * than one step above a neighbour (a Dijkstra search from every cell at once, seeded
 * with those values). Walking downhill on it leaves the goals, preferring ways out. */
#ifndef AMAZE_DIJKSTRA_H
#define AMAZE_DIJKSTRA_H

#include <stddef.h>
#include <stdint.h>

#include "amaze/dungeon.h"
#include "amaze/export.h"
#include "amaze/maze.h"
#include "amaze/status.h"

/* Distance of a cell no goal reaches (and of removed cells and walls). */
#define AMZ_DIJKSTRA_FAR UINT32_MAX
/* Flee value of a cell no goal reaches. */
#define AMZ_FLEE_FAR INT32_MAX

/* Fills dist (m->ncells entries, the caller's) with the steps from the nearest of
 * goals[0 .. n-1]. AMZ_EINVAL for no goal, AMZ_ERANGE for a goal that is not an
 * existing cell or a maze of 2^32 cells or more, AMZ_ENOMEM (4 bytes and a bit a cell
 * for the search). Time O(cells). */
AMZ_API amz_status amz_dijkstra_maze(const amz_maze *m, const amz_cell *goals, size_t n, uint32_t *dist,
                                     amz_error *err);
/* The same over a dungeon's walkable tiles; goals are tile indices (y * width + x) of
 * walkable tiles; dist has width * height entries. */
AMZ_API amz_status amz_dijkstra_dungeon(const amz_dungeon *d, const int64_t *goals, size_t n, uint32_t *dist,
                                        amz_error *err);
/* The flee map of dist (a map of m from amz_dijkstra_maze) into out (m->ncells
 * entries): AMZ_FLEE_FAR where dist is AMZ_DIJKSTRA_FAR, else <= 0. k in 0.01..100;
 * AMZ_ERANGE for another k or values beyond 32 bits, AMZ_ENOMEM (8 bytes a cell). */
AMZ_API amz_status amz_dijkstra_flee_maze(const amz_maze *m, const uint32_t *dist, double k, int32_t *out,
                                          amz_error *err);
/* The same for a dungeon's map. */
AMZ_API amz_status amz_dijkstra_flee_dungeon(const amz_dungeon *d, const uint32_t *dist, double k, int32_t *out,
                                             amz_error *err);

#endif
