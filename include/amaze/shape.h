/* amaze/shape.h — mazes of any shape: named shapes, mask files, and islands.
 *
 * A shape removes the cells of a maze that fall outside it (see amz_maze_set_exists).
 * Shapes are computed on cell centres placed as the pictures place them (amaze/image.h:
 * square cells one unit wide, hexagons one unit corner to corner, flat-topped odd-q),
 * so a circle is round and a triangle equilateral on the page whatever the counts of
 * columns and rows, then reduced to their largest connected island so that a
 * generator can always make one perfect maze over what remains. */
#ifndef AMAZE_SHAPE_H
#define AMAZE_SHAPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "amaze/maze.h"
#include "amaze/status.h"

typedef enum amz_shape {
    AMZ_SHAPE_RECT = 0,     /* every cell: both topologies */
    AMZ_SHAPE_CIRCLE = 1,   /* the largest circle centred in the picture: both */
    AMZ_SHAPE_DIAMOND = 2,  /* the largest square on its corner centred in it: square */
    AMZ_SHAPE_HEXAGON = 3,  /* a regular hexagon of hexagons, radius (min(w,h)-1)/2: hex */
    AMZ_SHAPE_TRIANGLE = 4  /* the largest upward equilateral triangle centred in it: hex */
} amz_shape;

/* "rect", "circle", ...; NULL for an unknown value. */
AMZ_API const char *amz_shape_name(amz_shape s);
/* Parses a shape name; AMZ_ENOTFOUND with the list of names otherwise. */
AMZ_API amz_status amz_shape_parse(const char *name, amz_shape *out, amz_error *err);
/* True if shape s is defined on plain grids of topology t. */
AMZ_API bool amz_shape_supports(amz_shape s, amz_topology t);
/* True if shape s is defined on grid g. Plain square and hex grids keep the shapes
 * above; triangle and octagon grids and grids with levels or wrap-around take every
 * shape, drawn on the geometry of amaze/maze.h (hexagon: a regular flat-topped hexagon;
 * each level gets the same cells); polar grids are discs already: rect only. */
AMZ_API bool amz_shape_supports_grid(amz_shape s, const amz_grid *g);

/* Removes the cells of m outside shape s, keeps the largest island, and resets start
 * and goal to the first and last remaining cells in reading order. Passages are
 * cleared. AMZ_EUNSUPPORTED if s is not defined on m's topology, AMZ_ERANGE if no cell
 * remains (a grid too small for the shape), AMZ_ENOMEM. O(cells). */
AMZ_API amz_status amz_shape_apply(amz_maze *m, amz_shape s, amz_error *err);

/* Makes an uninitialised m from a text mask: one line per row, one character per cell,
 * '.' = cell, '#' or ' ' = no cell; every line the same length (a final newline and
 * '\r' are allowed). The plain grid of topology t as amz_mask_fit lays the mask on it
 * (an octagon grid's small squares where their four octagons are). Start and goal
 * are the first and last cell in reading order. AMZ_EFORMAT naming the line and
 * column of a bad character, ragged rows, or a mask with no cell; AMZ_EUNSUPPORTED for
 * polar (whose size is not the mask's: read it as square, then amz_mask_fit); on
 * failure m is left zeroed. */
AMZ_API amz_status amz_mask_read_text(const char *text, size_t len, amz_topology t, amz_maze *m, amz_error *err);

/* Lays a mask read as a plain square grid (amz_mask_read_text or amz_image_read_mask
 * with AMZ_TOPO_SQUARE: a cell a character or pixel) on grid g, into an uninitialised
 * *out. On every grid but polar the mask's width and height replace g's, the cell at
 * column x and row y is kept where the mask has one, on every level, and g's levels,
 * wrap-around and weave stay; an octagon grid's small square is kept where the four
 * octagons around it are. A polar grid keeps g's size and the mask is laid over the
 * disc, stretched to its bounding square: a cell is kept where its centre falls on a
 * cell of the mask. Start and goal: the first and last cell in reading order.
 * AMZ_EINVAL for a mask that is not a plain square grid, AMZ_EUNSUPPORTED for a polar
 * g without rings, AMZ_ERANGE if no cell is left, else amz_maze_init_grid's errors (a
 * grid g's rules refuse, as a wrap-around with the mask's width or height); on
 * failure out is left zeroed. mask and out may be the same maze: the mask is then
 * replaced (and freed, on failure too). */
AMZ_API amz_status amz_mask_fit(const amz_maze *mask, const amz_grid *g, amz_maze *out, amz_error *err);

/* Records in m's recipe (amz_maze.recipe) that its cells come from the mask file at
 * `path`: "--mask PATH" (with -t for other topologies), the path quoted for a shell
 * where needed. A mask file is the recipe only while the file is there. AMZ_EINVAL for
 * a path too long or not printable, AMZ_ENOMEM. */
AMZ_API amz_status amz_mask_recipe(amz_maze *m, const char *path, amz_error *err);

/* Number of islands: groups of existing cells connected through grid adjacency (walls
 * ignored). 0 for a maze with no cell. O(cells) time, one bit per cell. */
AMZ_API amz_status amz_islands_count(const amz_maze *m, uint64_t *count, amz_error *err);

/* Removes every cell outside the largest island (ties: the one met first in reading
 * order). Passages of removed cells are closed. */
AMZ_API amz_status amz_islands_keep_largest(amz_maze *m, amz_error *err);

/* The first and last existing cell in reading order of the island that holds `anchor`
 * (AMZ_NO_CELL: of the largest island, ties to the first in reading order): where
 * start and goal go by default on a maze of several islands, so that they are
 * joined. Either out pointer may be NULL. AMZ_ERANGE for an anchor that is not a cell,
 * AMZ_EINVAL for a maze with no cell, AMZ_ENOMEM. O(cells). */
AMZ_API amz_status amz_islands_ends(const amz_maze *m, amz_cell anchor, amz_cell *first, amz_cell *last,
                                    amz_error *err);

#endif
