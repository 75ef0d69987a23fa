/* amaze/render.h — drawing mazes as text.
 *
 * Styles, square mazes:
 *   ascii    +--+ corners and | walls, 3 columns and 2 lines per cell
 *   unicode  the same layout in box-drawing characters
 *   blocks   the JS1K picture: (2W+1) x (2H+1) blocks, '#' wall, ' ' floor
 * Hex mazes (ascii and unicode): flat-topped cells drawn with / \ and _ (or ╱ ╲),
 * 3 columns and 2 lines per cell, so 12x8 cells fit 80 columns.
 * Removed cells of a shaped maze are blank in line art and solid in blocks.
 * Start and goal are marked S and G; the solution, when shown, with '.' (ascii,
 * blocks) or '•' (unicode). With colour on, markers use ANSI colours. Renderings of
 * rectangular square mazes read back with amz_io_read_text. */
#ifndef AMAZE_RENDER_H
#define AMAZE_RENDER_H

#include <stdbool.h>
#include <stdio.h>

#include "amaze/maze.h"
#include "amaze/status.h"

typedef enum amz_text_style {
    AMZ_TEXT_ASCII = 0,
    AMZ_TEXT_UNICODE = 1,
    AMZ_TEXT_BLOCKS = 2
} amz_text_style;

typedef struct amz_text_options {
    amz_text_style style; /* default ascii */
    bool solution;        /* draw the maze's solution if it has one (default true) */
    bool color;           /* ANSI colour escapes (default false) */
} amz_text_options;

/* Defaults: ascii, solution shown, no colour. */
AMZ_API void amz_text_options_init(amz_text_options *o);
/* "ascii", "unicode", "blocks"; NULL for an unknown value. */
AMZ_API const char *amz_text_style_name(amz_text_style s);
/* Parses a style name; AMZ_ENOTFOUND with a message otherwise. */
AMZ_API amz_status amz_text_style_parse(const char *name, amz_text_style *out, amz_error *err);
/* Draws m to f. AMZ_EUNSUPPORTED for a maze that is not flat square or hex
 * (amz_maze_is_plain: text art has no polar, triangle, octagon, 3D, wrapped or weave
 * layout) and for topologies the style cannot draw, AMZ_ENOMEM,
 * AMZ_EIO if writing fails. Output size about 3 x 2 characters per cell. */
AMZ_API amz_status amz_render_text(const amz_maze *m, const amz_text_options *o, FILE *f, amz_error *err);

#endif
