/* amaze/maze.h — the maze model: topologies, cells, directions, passages, paths.
 *
 * A maze lives on a grid of width x height cells numbered 0 .. width*height-1 row by
 * row (cell = y*width + x; x is the column, y the row, both from 0 at the top left).
 * An optional mask removes cells: a removed cell has no neighbours and no passages.
 * Outer walls are implicit; start and goal are cell indices.
 *
 * Topologies and directions (direction d has mask bit 1<<d wherever a per-cell mask
 * is shown, in JSON for example):
 *
 *   square   N=0 E=1 S=2 W=3                 masks N=1 E=2 S=4 W=8
 *   hex      N=0 NE=1 SE=2 S=3 SW=4 NW=5     masks N=1 NE=2 SE=4 S=8 SW=16 NW=32
 *
 * Hex cells are flat-topped hexagons in columns, odd columns shifted down by half a
 * cell ("odd-q"). The opposite of d is (d + ndirs/2) mod ndirs.
 *
 * Passage storage: each cell owns the edges in directions 1 .. ndirs/2 (square: E, S;
 * hex: NE, SE, S), so a cell costs `bits` = ndirs/2 bits: owned edge d of cell c is bit
 * c*bits + (d-1) of a packed little-endian bit array. An edge in another direction is
 * owned by the neighbour on the other side. Edges leading outside the grid or to a
 * removed cell are always closed.
 *
 * Mazes may be imperfect (loops, several parts); nothing here assumes a spanning tree.
 * Thread safety: functions reading a maze may run concurrently; writers need exclusive
 * access. No global state. */
#ifndef AMAZE_MAZE_H
#define AMAZE_MAZE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "amaze/export.h"
#include "amaze/status.h"

typedef int64_t amz_cell;

#define AMZ_NO_CELL ((amz_cell)-1)
#define AMZ_MAX_DIRS 6
/* Largest grid the library will allocate: 2^36 cells (a square maze of that size
 * needs 16 GiB for its passages alone). Larger requests fail with AMZ_ERANGE. */
#define AMZ_MAX_CELLS ((amz_cell)1 << 36)
/* Largest width or height. */
#define AMZ_MAX_SIDE 2147483647
/* Longest algorithm name stored in a maze, including the NUL. */
#define AMZ_ALGO_MAX 64

typedef enum amz_topology {
    AMZ_TOPO_SQUARE = 0,
    AMZ_TOPO_HEX = 1
} amz_topology;

enum { AMZ_SQ_N = 0, AMZ_SQ_E = 1, AMZ_SQ_S = 2, AMZ_SQ_W = 3 };
enum { AMZ_HEX_N = 0, AMZ_HEX_NE = 1, AMZ_HEX_SE = 2, AMZ_HEX_S = 3, AMZ_HEX_SW = 4, AMZ_HEX_NW = 5 };

/* A path: `len` moves from `start`, dirs[i] the direction of move i. It visits
 * len + 1 cells. Compact on purpose (1 byte a move) so giant mazes can be solved. */
typedef struct amz_path {
    amz_cell start;
    uint64_t len;
    uint8_t *dirs; /* owned; NULL when len == 0 */
} amz_path;

typedef struct amz_maze {
    amz_topology topology;
    int32_t width, height;
    int ndirs;             /* directions per cell: 4 or 6 */
    int bits;              /* owned edges (storage bits) per cell: ndirs / 2 */
    amz_cell ncells;       /* width * height, removed cells included */
    uint64_t *passages;    /* ncells * bits bits, see above */
    uint64_t *mask;        /* NULL, or 1 bit per cell, set = the cell exists */
    amz_cell start, goal;  /* existing cells */
    uint64_t seed;         /* seed it was generated from (0 if unknown) */
    char algorithm[AMZ_ALGO_MAX]; /* generator name, "" if unknown */
    bool has_solution;     /* `solution` holds a path from start to goal */
    amz_path solution;
} amz_maze;

/* ---- topologies and directions ---- */

/* Directions of a topology (4 or 6), 0 for an unknown value. */
AMZ_API int amz_topology_ndirs(amz_topology t);
/* "square" or "hex"; NULL for an unknown value. */
AMZ_API const char *amz_topology_name(amz_topology t);
/* Parses "square" or "hex". AMZ_ENOTFOUND (with a message) for anything else. */
AMZ_API amz_status amz_topology_parse(const char *name, amz_topology *out, amz_error *err);
/* The opposite direction: (d + ndirs/2) mod ndirs. */
AMZ_API int amz_dir_opposite(amz_topology t, int d);
/* Upper-case short name ("N", "NE", ...); "?" if d is out of range. */
AMZ_API const char *amz_dir_name(amz_topology t, int d);

/* ---- lifecycle ---- */

/* Makes a width x height maze with every wall closed and every cell present; start is
 * cell 0 (top left), goal the last cell (bottom right), seed 0, no algorithm, no
 * solution. Errors: AMZ_ERANGE for a side < 1 or > AMZ_MAX_SIDE or more than
 * AMZ_MAX_CELLS cells, AMZ_EINVAL for an unknown topology, AMZ_ENOMEM. On error *m is
 * left zeroed and needs no deinit. Memory: ncells*bits/8 bytes. */
AMZ_API amz_status amz_maze_init(amz_maze *m, amz_topology t, int64_t width, int64_t height, amz_error *err);
/* Frees what the maze owns and zeroes it; safe on a zeroed or deinitialised maze. */
AMZ_API void amz_maze_deinit(amz_maze *m);
/* Deep copy into an uninitialised `dst`. AMZ_ENOMEM on failure (dst left zeroed). */
AMZ_API amz_status amz_maze_copy(amz_maze *dst, const amz_maze *src, amz_error *err);
/* Closes every passage and drops the solution; keeps size, mask, start and goal. */
AMZ_API void amz_maze_clear(amz_maze *m);

/* ---- cells ---- */

/* The cell at column x, row y, or AMZ_NO_CELL if outside the grid (removed cells are
 * returned: test them with amz_maze_exists). */
AMZ_API amz_cell amz_maze_cell_at(const amz_maze *m, int64_t x, int64_t y);
/* Column and row of cell c (0 <= c < ncells); either pointer may be NULL. */
AMZ_API void amz_maze_cell_xy(const amz_maze *m, amz_cell c, int32_t *x, int32_t *y);
/* True if 0 <= c < ncells and the mask (if any) keeps the cell. */
AMZ_API bool amz_maze_exists(const amz_maze *m, amz_cell c);
/* Number of existing cells. O(ncells/64) with a mask, O(1) without. */
AMZ_API amz_cell amz_maze_count_cells(const amz_maze *m);
/* Removes (exists = false) or restores a cell. Removing closes its passages and drops
 * the solution; the first removal allocates the mask (ncells bits). A start (goal) on a
 * removed cell moves to the first (last) existing cell; with no cell left both stay.
 * AMZ_ERANGE for a cell outside the grid, AMZ_ENOMEM. */
AMZ_API amz_status amz_maze_set_exists(amz_maze *m, amz_cell c, bool exists, amz_error *err);
/* Start = first existing cell in reading order, goal = last. AMZ_EINVAL if no cell
 * exists. */
AMZ_API amz_status amz_maze_default_ends(amz_maze *m, amz_error *err);

/* ---- neighbours and passages ---- */

/* The neighbour of c in direction d, or AMZ_NO_CELL at the border, next to a removed
 * cell, or for a removed c or out-of-range d. O(1). */
AMZ_API amz_cell amz_maze_neighbor(const amz_maze *m, amz_cell c, int d);
/* True if the edge of c in direction d is open. False for any invalid argument. O(1). */
AMZ_API bool amz_maze_passage(const amz_maze *m, amz_cell c, int d);
/* Opens or closes the edge of c in direction d. AMZ_ERANGE (with a message) when there
 * is no neighbour there. O(1). */
AMZ_API amz_status amz_maze_set_passage(amz_maze *m, amz_cell c, int d, bool open, amz_error *err);
/* Direction mask of c's open edges (bit 1<<d for direction d). */
AMZ_API unsigned amz_maze_cell_mask(const amz_maze *m, amz_cell c);
/* Number of open edges of c. */
AMZ_API int amz_maze_degree(const amz_maze *m, amz_cell c);
/* Total number of open passages. O(ncells/64). */
AMZ_API uint64_t amz_maze_count_passages(const amz_maze *m);
/* True when a and b have the same topology, size, cells, passages, start and goal
 * (seed, algorithm and solution are not compared). */
AMZ_API bool amz_maze_equal(const amz_maze *a, const amz_maze *b);
/* Stores the generator's name (truncated to AMZ_ALGO_MAX - 1 bytes) and seed. */
AMZ_API void amz_maze_set_origin(amz_maze *m, const char *algorithm, uint64_t seed);

/* ---- paths ---- */

/* Frees a path's moves and zeroes it; safe on a zeroed path. */
AMZ_API void amz_path_deinit(amz_path *p);
/* Deep copy into an uninitialised dst. AMZ_ENOMEM on failure. */
AMZ_API amz_status amz_path_copy(amz_path *dst, const amz_path *src);
/* Checks that p starts at `from`, every move goes through an open passage, and it ends
 * at `to`. AMZ_EFORMAT with a message naming the first bad move. O(len). */
AMZ_API amz_status amz_path_check(const amz_maze *m, const amz_path *p, amz_cell from, amz_cell to, amz_error *err);
/* Writes the len + 1 cells of p into out (caller-sized). Moves are not checked for
 * walls; a move off the grid stops with AMZ_EFORMAT. */
AMZ_API amz_status amz_path_cells(const amz_maze *m, const amz_path *p, amz_cell *out);
/* Attaches a copy of p as the maze's solution after amz_path_check(start -> goal).
 * Replaces any previous solution. */
AMZ_API amz_status amz_maze_set_solution(amz_maze *m, const amz_path *p, amz_error *err);
/* Drops the solution. */
AMZ_API void amz_maze_clear_solution(amz_maze *m);

#endif
