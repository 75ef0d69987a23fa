/* amaze/maze.h — the maze model: topologies, cells, directions, passages, paths.
 *
 * A maze is a graph of cells numbered 0 .. ncells-1 on a grid (amz_grid): its topology
 * says how cells are numbered, which neighbour a cell has in each direction, which
 * edges each cell owns in the passage bits and where each cell lies in the plane (the
 * geometry functions at the end). An optional mask removes cells: a removed cell has no
 * neighbours and no passages. Outer walls are implicit; start and goal are cell ids.
 *
 * Topologies, cell numbering and directions (direction d has mask bit 1<<d wherever a
 * per-cell mask is shown, in JSON for example):
 *
 *   square    width x height cells, cell = y*width + x (x the column, y the row, from 0
 *             at the top left). N=0 E=1 S=2 W=3; with levels also U=4 D=5; on a weave
 *             grid also N2=6 E2=7 S2=8 W2=9, the passages that run under the next cell
 *             to the one after it.
 *   hex       flat-topped hexagons in columns, odd columns shifted down by half a cell
 *             ("odd-q"), numbered like square. N=0 NE=1 SE=2 S=3 SW=4 NW=5 (U=6 D=7).
 *   triangle  width x height triangles numbered like square; (x, y) points up when x + y
 *             is even (neighbours E, S, W) and down when it is odd (N, E, W).
 *             N=0 E=1 S=2 W=3 (U=4 D=5).
 *   octagon   width x height octagons (cell y*width + x), then the (width-1) x
 *             (height-1) small squares in their gaps (cell width*height + y*(width-1) + x
 *             for the square touching octagons (x, y) and (x+1, y+1)). N=0 NE=1 E=2
 *             SE=3 S=4 SW=5 W=6 NW=7: octagons have all eight, squares only the
 *             diagonals.
 *   polar     height rings around a centre cell (ring 0, cell 0), ring 1 has width
 *             cells and each ring r >= 2 as many as ring r-1 or twice as many, so cells
 *             stay about as wide as they are deep (amz_maze_ring). Cells are numbered ring
 *             by ring, clockwise from north within a ring; (x, y) is cell x of ring y.
 *             IN=0 CW=1 CCW=2 OUT1=3 OUT2=4: a cell has one or two outward neighbours;
 *             the centre's are OUT1 .. OUTwidth (3 .. 2+width).
 *
 * Levels (3D, square, hex and triangle): `levels` copies of the plane, level z holding
 * cells z*plane .. (z+1)*plane - 1; U goes to level z+1, D to z-1. Wrap-around (square,
 * hex, triangle): with AMZ_WRAP_X the last column's east neighbours are in the first
 * column, with AMZ_WRAP_Y the last row's southern ones in the first row (a cylinder or a
 * torus). Opposites: N-S, E-W, U-D, NE-SW, ... and CW-CCW; IN and OUTk are each other's
 * way back (amz_maze_back).
 *
 * Passage storage: each cell owns `bits` edge slots, slot s of cell c at bit c*bits + s
 * of a packed little-endian bit array; every edge is owned by exactly one of its cells.
 * square: E=0 S=1 (D=2 with levels, E2=2 S2=3 on a weave grid); hex: NE=0 SE=1 S=2 (D=3);
 * triangle: E=0 S=1 (D=2); octagon: E=0 S=1 SE=2 SW=3; polar: IN=0 CW=1. Edges leading
 * outside the grid or to a removed cell are always closed, and so are a cell's unused
 * slots (a down triangle's S, a small square's E and S).
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
/* Most directions a maze has (a polar centre with 12 outward neighbours has 15). */
#define AMZ_MAX_DIRS 16
/* Most sides of a cell's outline (amz_maze_cell_sides): a polar centre's 12 arcs. */
#define AMZ_MAX_SIDES 16
/* Most cells in a polar maze's first ring; the fewest is 3. */
#define AMZ_POLAR_MAX_FIRST 12
/* Most levels of a 3D maze. */
#define AMZ_MAX_LEVELS 65536
/* Largest grid the library will allocate: 2^36 cells (a square maze of that size
 * needs 16 GiB for its passages alone). Larger requests fail with AMZ_ERANGE. */
#define AMZ_MAX_CELLS ((amz_cell)1 << 36)
/* Largest width or height. */
#define AMZ_MAX_SIDE 2147483647
/* Longest algorithm name stored in a maze, including the NUL. */
#define AMZ_ALGO_MAX 64
/* Longest recipe (see amz_maze.recipe), including the NUL. */
#define AMZ_RECIPE_MAX 1024

typedef enum amz_topology {
    AMZ_TOPO_SQUARE = 0,
    AMZ_TOPO_HEX = 1,
    AMZ_TOPO_TRIANGLE = 2,
    AMZ_TOPO_OCTAGON = 3,
    AMZ_TOPO_POLAR = 4
} amz_topology;
#define AMZ_TOPO_COUNT 5

enum { AMZ_SQ_N = 0, AMZ_SQ_E = 1, AMZ_SQ_S = 2, AMZ_SQ_W = 3, AMZ_SQ_U = 4, AMZ_SQ_D = 5 };
enum { AMZ_SQ_N2 = 6, AMZ_SQ_E2 = 7, AMZ_SQ_S2 = 8, AMZ_SQ_W2 = 9 };
enum { AMZ_HEX_N = 0, AMZ_HEX_NE = 1, AMZ_HEX_SE = 2, AMZ_HEX_S = 3, AMZ_HEX_SW = 4, AMZ_HEX_NW = 5 };
enum { AMZ_HEX_U = 6, AMZ_HEX_D = 7 };
enum { AMZ_TRI_N = 0, AMZ_TRI_E = 1, AMZ_TRI_S = 2, AMZ_TRI_W = 3, AMZ_TRI_U = 4, AMZ_TRI_D = 5 };
enum { AMZ_OCT_N = 0, AMZ_OCT_NE = 1, AMZ_OCT_E = 2, AMZ_OCT_SE = 3, AMZ_OCT_S = 4, AMZ_OCT_SW = 5,
       AMZ_OCT_W = 6, AMZ_OCT_NW = 7 };
enum { AMZ_POLAR_IN = 0, AMZ_POLAR_CW = 1, AMZ_POLAR_CCW = 2, AMZ_POLAR_OUT = 3 };

/* Wrap-around flags (amz_grid.wrap). */
#define AMZ_WRAP_X 1u
#define AMZ_WRAP_Y 2u

/* The grid a maze lives on. Plain square and hex grids are {t, w, h, 1, 0, false}. */
typedef struct amz_grid {
    amz_topology topology;
    int64_t width, height; /* polar: cells in the first ring (3 .. 12) and rings (>= 1) */
    int32_t levels;        /* 1, or 2 .. AMZ_MAX_LEVELS stacked levels */
    unsigned wrap;         /* AMZ_WRAP_X | AMZ_WRAP_Y */
    bool weave;            /* square: the N2 E2 S2 W2 under-passages exist */
} amz_grid;

/* A polar ring table (private layout; read it through amz_maze_ring). */
struct amz_rings;

/* A path: `len` moves from `start`, dirs[i] the direction of move i. It visits
 * len + 1 cells. Compact on purpose (1 byte a move) so giant mazes can be solved. */
typedef struct amz_path {
    amz_cell start;
    uint64_t len;
    uint8_t *dirs; /* owned; NULL when len == 0 */
} amz_path;

typedef struct amz_maze {
    amz_topology topology;
    int32_t width, height; /* see amz_grid */
    int32_t levels;        /* 1 for a flat maze */
    unsigned wrap;         /* AMZ_WRAP_X | AMZ_WRAP_Y */
    bool weave;
    int ndirs;             /* direction numbers in use: 0 .. ndirs-1 (a cell may lack some) */
    int bits;              /* owned edge slots (storage bits) per cell */
    amz_cell ncells;       /* every cell, removed ones included */
    uint64_t *passages;    /* ncells * bits bits, see above */
    struct amz_rings *rings; /* polar: owned ring table; NULL otherwise */
    uint64_t *mask;        /* NULL, or 1 bit per cell, set = the cell exists */
    amz_cell start, goal;  /* existing cells */
    uint64_t seed;         /* seed it was generated from (0 if unknown) */
    char algorithm[AMZ_ALGO_MAX]; /* generator name, "" if unknown */
    bool has_solution;     /* `solution` holds a path from start to goal */
    amz_path solution;
    /* How to make this maze again: the options of `amaze generate` that give exactly
     * its passages, start and goal, such as "-s 16x15 -t hex --shape circle -a wilson
     * --seed 5 --braid 0.25" (owned; NULL = unknown: read from text art or a picture,
     * or cells removed by a program). amz_gen_run sets it; files keep it. */
    char *recipe;
} amz_maze;

/* ---- topologies and directions ---- */

/* Directions of a plain grid of topology t (square 4, hex 6, triangle 4, octagon 8,
 * polar 9: a centre with 6 outward neighbours), 0 for an unknown value. A maze's own
 * count (levels, weave, the polar first ring) is amz_maze.ndirs. */
AMZ_API int amz_topology_ndirs(amz_topology t);
/* "square", "hex", "triangle", "octagon" or "polar"; NULL for an unknown value. */
AMZ_API const char *amz_topology_name(amz_topology t);
/* Parses a topology name. AMZ_ENOTFOUND (with a message listing them) otherwise. */
AMZ_API amz_status amz_topology_parse(const char *name, amz_topology *out, amz_error *err);
/* The opposite direction (N-S, E-W, U-D, CW-CCW, ...); -1 when d is out of range or
 * has no fixed opposite (polar IN and OUTk: see amz_maze_back). */
AMZ_API int amz_dir_opposite(amz_topology t, int d);
/* Upper-case short name ("N", "NE", "U", "E2", "CW", "OUT2", ...); "?" if d is out of
 * range. */
AMZ_API const char *amz_dir_name(amz_topology t, int d);
/* Checks a grid and fills in its defaults (levels 0 -> 1). AMZ_EINVAL or AMZ_ERANGE with
 * one line naming what does not fit: a side below the minimum, too many cells, levels
 * or wrap or weave on a topology without them, a wrap the parity forbids (hex and
 * triangle need an even width to wrap in x; triangle an even height in y), a wrapped
 * side below 3 cells (4 for hex and triangle), weave with levels. */
AMZ_API amz_status amz_grid_check(amz_grid *g, amz_error *err);
/* Parses a size for topology t into g (its other fields untouched): "WxH" (also
 * "WxHxL" with levels on square, hex and triangle) or, on polar, "R" (R rings, 6 cells
 * in the first) or "RxC" (C cells in the first ring). AMZ_EINVAL naming the expected
 * syntax otherwise. Does not run amz_grid_check. */
AMZ_API amz_status amz_grid_parse_size(amz_topology t, const char *size, amz_grid *g, amz_error *err);
/* The size syntax of topology t, for help texts: "WxH[xL]" or "R[xC]". */
AMZ_API const char *amz_grid_size_syntax(amz_topology t);
/* Writes g's size the way amz_grid_parse_size reads it ("16x12", "16x12x3", "20x8");
 * returns the length (snprintf's rules). */
AMZ_API int amz_grid_format_size(const amz_grid *g, char *out, size_t cap);
/* The grid m lives on. */
AMZ_API amz_grid amz_maze_grid(const amz_maze *m);
/* True for a flat square or hex grid without wrap or weave (the layout of amaze before
 * 0.5, which fast paths and the streamed formats keep to). */
AMZ_API bool amz_grid_is_plain(const amz_grid *g);
/* amz_grid_is_plain of m's grid. */
AMZ_API bool amz_maze_is_plain(const amz_maze *m);

/* ---- lifecycle ---- */

/* Makes a maze on grid g (checked with amz_grid_check) with every wall closed and every
 * cell present; start is cell 0, goal the last cell (polar: the centre and the last
 * cell of the outer ring), seed 0, no algorithm, no solution. Errors: those of
 * amz_grid_check, AMZ_ERANGE for more than AMZ_MAX_CELLS cells, AMZ_ENOMEM. On error *m
 * is left zeroed and needs no deinit. Memory: ncells*bits/8 bytes (polar adds a ring
 * table of a few hundred bytes). */
AMZ_API amz_status amz_maze_init_grid(amz_maze *m, const amz_grid *g, amz_error *err);
/* amz_maze_init_grid on the plain width x height grid of topology t. */
AMZ_API amz_status amz_maze_init(amz_maze *m, amz_topology t, int64_t width, int64_t height, amz_error *err);
/* Frees what the maze owns and zeroes it; safe on a zeroed or deinitialised maze. */
AMZ_API void amz_maze_deinit(amz_maze *m);
/* Deep copy into an uninitialised `dst`. AMZ_ENOMEM on failure (dst left zeroed). */
AMZ_API amz_status amz_maze_copy(amz_maze *dst, const amz_maze *src, amz_error *err);
/* Bytes a maze on grid g occupies once made (its passages and ring table; a mask adds a
 * bit a cell); UINT64_MAX for a grid amz_grid_check refuses. For memory guards. */
AMZ_API uint64_t amz_grid_memory_estimate(const amz_grid *g);
/* amz_grid_memory_estimate of the plain width x height grid of topology t. */
AMZ_API uint64_t amz_maze_memory_estimate(amz_topology t, int64_t width, int64_t height);
/* Cells of grid g (removed ones included), 0 for a grid amz_grid_check refuses. */
AMZ_API amz_cell amz_grid_cells(const amz_grid *g);
/* Bytes m holds: passages, mask and solution. */
AMZ_API uint64_t amz_maze_memory(const amz_maze *m);
/* Closes every passage and drops the solution; keeps size, mask, start and goal. */
AMZ_API void amz_maze_clear(amz_maze *m);

/* ---- cells ---- */

/* The cell at column x, row y (polar: cell x of ring y; octagon: the octagon) of level
 * 0, or AMZ_NO_CELL if outside the grid (removed cells are returned: test them with
 * amz_maze_exists). */
AMZ_API amz_cell amz_maze_cell_at(const amz_maze *m, int64_t x, int64_t y);
/* The cell at x, y on level z (octagon: z = 1 names the small square at x, y). */
AMZ_API amz_cell amz_maze_cell_at3(const amz_maze *m, int64_t x, int64_t y, int64_t z);
/* Column and row of cell c (0 <= c < ncells), as amz_maze_cell_at takes them; either
 * pointer may be NULL. */
AMZ_API void amz_maze_cell_xy(const amz_maze *m, amz_cell c, int32_t *x, int32_t *y);
/* Column, row and level (octagon: 1 for a small square) of cell c; pointers may be
 * NULL. */
AMZ_API void amz_maze_cell_xyz(const amz_maze *m, amz_cell c, int32_t *x, int32_t *y, int32_t *z);
/* Polar ring r (0 <= r < height): its first cell and cell count. False for another
 * topology or r out of range. */
AMZ_API bool amz_maze_ring(const amz_maze *m, int32_t r, amz_cell *first, int32_t *count);
/* True if 0 <= c < ncells and the mask (if any) keeps the cell. */
AMZ_API bool amz_maze_exists(const amz_maze *m, amz_cell c);
/* Number of existing cells. O(ncells/64) with a mask, O(1) without. */
AMZ_API amz_cell amz_maze_count_cells(const amz_maze *m);
/* Removes (exists = false) or restores a cell. Removing closes its passages and drops
 * the solution; the first removal allocates the mask (ncells bits). A start (goal) on a
 * removed cell moves to the first (last) existing cell; with no cell left both stay.
 * AMZ_ERANGE for a cell outside the grid, AMZ_ENOMEM. */
AMZ_API amz_status amz_maze_set_exists(amz_maze *m, amz_cell c, bool exists, amz_error *err);
/* Moves start and goal to existing cells and keeps the recipe true: where it names a
 * generator run, its end options become the new cells' --start X,Y and --goal X,Y
 * (those that are not the grid's first and last cell). Assigning m->start or m->goal
 * directly leaves the recipe as it was. AMZ_ERANGE for a cell that does not exist. */
AMZ_API amz_status amz_maze_set_ends(amz_maze *m, amz_cell start, amz_cell goal, amz_error *err);
/* Start = first existing cell in reading order, goal = last. AMZ_EINVAL if no cell
 * exists. */
AMZ_API amz_status amz_maze_default_ends(amz_maze *m, amz_error *err);

/* ---- neighbours and passages ---- */

/* The neighbour of c in direction d, or AMZ_NO_CELL at the border, next to a removed
 * cell, or for a removed c or out-of-range d. O(1). */
AMZ_API amz_cell amz_maze_neighbor(const amz_maze *m, amz_cell c, int d);
/* The direction from c's neighbour in direction d back to c (the opposite, except
 * that polar IN and OUTk depend on the cell), or -1 when there is no neighbour. */
AMZ_API int amz_maze_back(const amz_maze *m, amz_cell c, int d);
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
/* Replaces the recipe with a copy of `recipe` (NULL clears it). AMZ_EINVAL for one of
 * AMZ_RECIPE_MAX bytes or more or with bytes outside printable ASCII and space,
 * AMZ_ENOMEM. */
AMZ_API amz_status amz_maze_set_recipe(amz_maze *m, const char *recipe, amz_error *err);

/* ---- geometry ----
 *
 * Cells in the plane, in model units with y pointing down (as on a screen):
 *   square    cell (x, y) is the unit square [x, x+1] x [y, y+1];
 *   hex       flat-topped hexagons of circumradius 1: cell (x, y) is centred at
 *             (1 + 1.5 x, sqrt(3)/2 (1 + 2 y + (x & 1)));
 *   triangle  sides of 1: the up triangle (x, y) has its base from (x/2, (y+1) h) to
 *             (x/2 + 1, (y+1) h) and its apex at (x/2 + 1/2, y h), h = sqrt(3)/2; a down
 *             triangle is the same flipped, with its base on the row's top;
 *   octagon   octagon (x, y) fills the unit square [x, x+1] x [y, y+1] but for its
 *             corners, cut 1/(2 + sqrt 2) along each side; the small square is the
 *             diamond left at the corner point (x+1, y+1);
 *   polar     centred on the origin, ring r between radii r and r+1 (the centre cell
 *             is the disc of radius 1); cell i of n in its ring spans the angles
 *             2 pi i/n .. 2 pi (i+1)/n measured clockwise from north (point (0, -1)).
 * With levels, level z is drawn beside level 0, shifted right by z times (the plane's
 * width + 1). Wrap-around does not change geometry: a wrapped edge joins cells on
 * opposite borders. */
typedef struct amz_point {
    double x, y;
} amz_point;

/* One side of a cell's outline, from a to b. `dir` is the direction whose edge lies
 * on it (whether or not a neighbour is there). On polar mazes `arc` marks a side that
 * runs along the circle centred on the origin through a and b, clockwise from a. */
typedef struct amz_side {
    amz_point a, b;
    int dir;
    bool arc;
} amz_side;

/* Writes cell c's outline, clockwise, into out (AMZ_MAX_SIDES entries) and returns the
 * number of sides (0 for c out of range). U, D and the weave directions have no side. */
AMZ_API int amz_maze_cell_sides(const amz_maze *m, amz_cell c, amz_side *out);
/* The centre of cell c (a polar cell's: its middle radius and angle). */
AMZ_API amz_point amz_maze_cell_center(const amz_maze *m, amz_cell c);
/* The bounding box of every cell, levels included: min in *lo, max in *hi. */
AMZ_API void amz_maze_extent(const amz_maze *m, amz_point *lo, amz_point *hi);

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
