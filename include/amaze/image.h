/* amaze/image.h — mazes as pictures: PNG, SVG and PDF (libamaze-render).
 * Drawing, and mazes read from PNG images. Part of libamaze-render (links cairo, libpng
 * and zlib), not of libamaze.
 *
 * Geometry of a square maze (all values in pixels; PDF and SVG use the same numbers
 * as points and user units):
 *
 *      margin        cell        cell
 *     |<---->|<-------------->|<------...
 *            +----+-----------+----+---      grid line i sits at x = margin + i*cell
 *            |wall| interior  |wall|         and is `wall` pixels thick; a cell's
 *            +----+-----------+----+---      interior is the cell - wall pixels after it
 *
 *   width  = 2*margin + W*cell + wall        height = 2*margin + H*cell + wall
 *
 * A wall is drawn on a grid line wherever the passage is closed or exactly one side is
 * a cell (outside the grid and removed cells count as no cell); the square `wall` x
 * `wall` post at a grid corner is drawn whenever a cell touches that corner. Removed
 * cells are not drawn (background). The solution is a band of width
 * p = interior - 2*floor(interior*3/10) through the middle of the cells it visits and
 * the passages between them; start and goal are squares of side
 * interior - 2*floor(interior/5) centred in their cells. Every one of those shapes has
 * whole-pixel coordinates, so square pictures are exact: the same picture comes from
 * the in-memory (cairo) path and from the row-by-row streaming path.
 *
 * Hex mazes (flat-topped, odd columns half a cell lower): `cell` is the width of a
 * hexagon from corner to corner, s = cell/2 its corner radius, h = s*sqrt(3)/2. Cell
 * (x, y) is centred at (o + s + 1.5*s*x, o + h*(2*y + 1 + (x & 1))), o = margin + wall/2;
 *   width  = ceil(2*margin + wall + s*(1.5*(W-1) + 2))
 *   height = ceil(2*margin + wall + h*(2*H + (W > 1)))
 * Walls are lines `wall` wide along the hexagon edges; the solution is a line through
 * the cell centres; start and goal are discs.
 *
 * Openings: with `openings` on (the default) a start or goal on the grid's border gets a
 * gap in the outer wall (start: north side if on the top row, else west, east, south;
 * goal: south side if on the bottom row, else east, west, north), the way printed mazes
 * show their entrance and exit, and what amz_image_find_openings looks for.
 *
 * Reproducible: the same maze and options give byte-identical files (SVG: cairo numbers
 * element ids per process, so it is the first SVG a process writes that repeats). */
#ifndef AMAZE_IMAGE_H
#define AMAZE_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "amaze/maze.h"
#include "amaze/status.h"
#include "amaze/stream.h"

/* A colour; a = 255 is opaque, a = 0 transparent. */
typedef struct amz_color {
    uint8_t r, g, b, a;
} amz_color;

/* Every colour the pictures and animations use. */
typedef struct amz_palette {
    amz_color background;  /* margins and removed cells                 (#ffffff) */
    amz_color wall;        /* walls and posts                           (#112222) */
    amz_color floor;       /* cells, carved passages                    (#eeffff) */
    amz_color path;        /* the solution                              (#dd2211) */
    amz_color start;       /* start marker                              (#44cc66) */
    amz_color goal;        /* goal marker                               (#55aaff) */
    amz_color unvisited;   /* animation: cells no algorithm reached yet (#2c4a4a) */
    amz_color head;        /* animation: the walker's head              (#ffdd22) */
    amz_color trail;       /* animation: the newest trail, fading away  (#33cc44) */
    amz_color frontier;    /* animation: cells waiting in a queue       (#88bbff) */
    amz_color backtracked; /* animation: dead ends a solver backed out of (#c8a0a0) */
    amz_color explored;    /* animation: cells a solver has seen        (#cce4ee) */
} amz_palette;

/* Names of the palette entries, in struct order, for --colors: "background", "wall",
 * "floor", "path", "start", "goal", "unvisited", "head", "trail", "frontier",
 * "backtracked", "explored". */
#define AMZ_PALETTE_ENTRIES 12

/* The default look (the JS1K demo's: dark walls, light floor; values above). */
AMZ_API void amz_palette_init(amz_palette *p);
/* Name of palette entry i (0 .. AMZ_PALETTE_ENTRIES-1), NULL past the end. */
AMZ_API const char *amz_palette_entry_name(int i);
/* Parses a colour: #rgb, #rrggbb, #rrggbbaa, or a name (black, white, red, green,
 * blue, yellow, orange, purple, cyan, magenta, gray/grey, none/transparent).
 * AMZ_EFORMAT with a message otherwise. */
AMZ_API amz_status amz_color_parse(const char *s, amz_color *out, amz_error *err);
/* Applies "name=colour,name=colour,..." (names as above, "bg" for background) to p.
 * On error p is unchanged and the message names the bad item. */
AMZ_API amz_status amz_palette_parse(const char *spec, amz_palette *p, amz_error *err);

typedef enum amz_image_format { AMZ_IMAGE_PNG = 0, AMZ_IMAGE_SVG = 1, AMZ_IMAGE_PDF = 2 } amz_image_format;

/* "png", "svg", "pdf"; NULL for an unknown value. */
AMZ_API const char *amz_image_format_name(amz_image_format f);
/* Parses a format name (lower case). AMZ_ENOTFOUND with a message otherwise. */
AMZ_API amz_status amz_image_format_parse(const char *name, amz_image_format *out, amz_error *err);
/* The format a file name's extension (.png .svg .pdf, any case) asks for; false if none. */
AMZ_API bool amz_image_format_from_path(const char *path, amz_image_format *out);

/* PDF page: the picture's own size, or a print page with the maze centred, scaled to
 * fit inside 36 pt margins, and a caption (size, algorithm, seed). */
typedef enum amz_page {
    AMZ_PAGE_NONE = 0,
    AMZ_PAGE_A4 = 1,    /* 595.28 x 841.89 pt */
    AMZ_PAGE_LETTER = 2 /* 612 x 792 pt */
} amz_page;

/* "none", "a4", "letter"; NULL for an unknown value. */
AMZ_API const char *amz_page_name(amz_page p);
AMZ_API amz_status amz_page_parse(const char *name, amz_page *out, amz_error *err);

/* When a square PNG is written row by row instead of through an in-memory canvas. */
typedef enum amz_image_stream {
    AMZ_STREAM_AUTO = 0,  /* when the canvas exceeds AMZ_IMAGE_CANVAS_MAX pixels or
                             AMZ_IMAGE_SIDE_MAX on a side */
    AMZ_STREAM_NEVER = 1, /* fail with AMZ_ERANGE instead */
    AMZ_STREAM_ALWAYS = 2 /* always (square PNG only) */
} amz_image_stream;

/* Largest in-memory canvas: 64 Mpx (256 MB), and cairo's limit of 32767 px a side. */
#define AMZ_IMAGE_CANVAS_MAX ((int64_t)1 << 26)
#define AMZ_IMAGE_SIDE_MAX 32767
/* Most cells an SVG or PDF may have (their drawing is held in memory). */
#define AMZ_IMAGE_VECTOR_MAX_CELLS ((int64_t)1 << 20)

typedef struct amz_image_options {
    int cell;   /* cell pitch in px, 2..1024 (hex: 4..1024); 0 = auto (below) */
    int wall;   /* wall thickness, 1..cell-1; 0 = auto: max(1, cell/8) */
    int margin; /* border around the maze, 0..4096; -1 = auto: cell/2 */
    amz_palette palette;
    bool solution;  /* draw the maze's solution if it has one (default true) */
    bool distances; /* colour cells by BFS distance from the start (default false) */
    bool openings;  /* gaps in the outer wall at a border start/goal (default true) */
    bool markers;   /* start and goal markers (default true) */
    bool antialias; /* smooth hex edges (default true; square pictures are exact
                       either way) */
    amz_page page;  /* PDF only (default none) */
    amz_image_stream stream;
    /* Receives PROGRESS events (units: cells; about 1000 a picture) while a streamed
       PNG is written; non-zero from it stops with AMZ_ECANCELED. NULL (default) = none.
       Not owned. */
    const amz_observer *observer;
} amz_image_options;

/* Defaults as documented per field. Auto cell: floor(2048 / longest side) clamped to
 * 2..16 (so a 20x10 maze gets 16 px cells and a 1000x1000 maze 2 px, one pixel per
 * block of the JS1K block picture). */
AMZ_API void amz_image_options_init(amz_image_options *o);

/* The resolved geometry of one picture. */
typedef struct amz_image_layout {
    int cell, wall, margin; /* after the auto rules */
    int64_t width, height;  /* picture size in px */
    bool streamed;          /* written row by row (square PNG, block style) */
} amz_image_layout;

/* Resolves the options for m and format f without drawing. AMZ_ERANGE (with the
 * reason) for sizes out of range, a hex or vector picture too large, or streaming a
 * picture that cannot be streamed; AMZ_EUNSUPPORTED for --distances on a streamed
 * picture. O(1). */
AMZ_API amz_status amz_image_layout_get(const amz_maze *m, const amz_image_options *o, amz_image_format f,
                                        amz_image_layout *out, amz_error *err);

/* Draws m as a picture in format f to `out` (binary stream; for crash safety pass an
 * amz_outfile's fp). o NULL = defaults. Memory: the canvas (4 bytes a pixel) up to
 * AMZ_IMAGE_CANVAS_MAX; a streamed PNG needs O(width) plus 2 bits a cell for the
 * solution. Errors: those of amz_image_layout_get, AMZ_ENOMEM, AMZ_EIO (write failed),
 * AMZ_EFORMAT (a solution that leaves the maze). */
AMZ_API amz_status amz_image_write(const amz_maze *m, const amz_image_options *o, amz_image_format f, FILE *out,
                                   amz_error *err);

/* ---- pictures of streamed mazes ---- */

/* A PNG written as the rows of a streamed maze arrive (amaze/stream.h). Opaque. */
typedef struct amz_image_rows amz_image_rows;

/* Starts the block-style PNG of a square maze whose rows will come one by one: the
 * picture amz_image_write makes of the whole maze with the same options and stream =
 * AMZ_STREAM_ALWAYS (no solution, no distances). o NULL = defaults. Writes the PNG
 * header and top margin to f. Errors: those of amz_image_layout_get,
 * AMZ_EUNSUPPORTED (hex), AMZ_ENOMEM, AMZ_EIO. Memory O(picture width). */
AMZ_API amz_status amz_image_rows_begin(amz_image_rows **out, const amz_stream_header *h, const amz_image_options *o,
                                        FILE *f, amz_error *err);
/* Draws row y (an amz_row_fn: pass the writer as ctx). AMZ_EINVAL for a row out of
 * order; AMZ_EIO when writing fails (the writer is then finished). */
AMZ_API amz_status amz_image_rows_put(void *rows, int32_t y, const uint64_t *row, amz_error *err);
/* Writes the bottom of the picture and frees the writer (always). AMZ_EINVAL if rows
 * are missing, AMZ_EIO. Does not close f. */
AMZ_API amz_status amz_image_rows_end(amz_image_rows *r, amz_error *err);
/* Frees the writer without finishing the picture; NULL is a no-op. */
AMZ_API void amz_image_rows_free(amz_image_rows *r);

/* ---- mazes read from pictures ---- */

typedef struct amz_image_read_options {
    uint8_t threshold;  /* a pixel is wall when its luma (0.299 R + 0.587 G + 0.114 B,
                           over white when translucent) is below this (default 128) */
    uint64_t max_bytes; /* refuse images whose maze would need more memory (0 = none) */
} amz_image_read_options;

/* Defaults: threshold 128, no memory limit. */
AMZ_API void amz_image_read_options_init(amz_image_read_options *o);

/* Where the maze sits in the picture it was read from. */
typedef struct amz_image_origin {
    int64_t x, y;           /* image pixel of maze cell (0, 0) */
    uint32_t width, height; /* the whole image */
} amz_image_origin;

/* Reads a PNG (len bytes at data: any colour type, depth and interlacing) as a maze of
 * pixels. The maze is the bounding box of the dark (wall) pixels, so light margins
 * around a drawing are left out; every light pixel in the box is a cell, every dark
 * pixel a removed cell, and adjacent light pixels are joined by passages. Cell (x, y)
 * is image pixel (origin.x + x, origin.y + y). Start and goal are set by
 * amz_image_find_openings when it succeeds, else to the first and last light pixel.
 * *m must be uninitialised; on success amz_maze_deinit it. `origin` may be NULL.
 * Errors: AMZ_EFORMAT "not a PNG file" / "truncated PNG ..." / libpng's reason / no
 * light pixel, AMZ_ENOMEM, AMZ_ERANGE (over max_bytes). O(pixels) time; memory 1 bit a
 * pixel of the image plus 3 bits a pixel of the box. */
AMZ_API amz_status amz_image_read_maze(const void *data, size_t len, const amz_image_read_options *o, amz_maze *m,
                                       amz_image_origin *origin, amz_error *err);

/* Makes an uninitialised m from a mask picture: one cell of topology t per pixel, light
 * pixels (by o->threshold, as amz_image_read_maze; o NULL = defaults) are cells, dark
 * ones are not; no passages; start and goal the first and last cell in reading order.
 * AMZ_EFORMAT for a bad PNG or one with no light pixel, AMZ_ERANGE over o->max_bytes,
 * AMZ_ENOMEM; m is left zeroed on failure. O(pixels). */
AMZ_API amz_status amz_image_read_mask(const void *data, size_t len, const amz_image_read_options *o, amz_topology t,
                                       amz_maze *m, amz_error *err);

/* Finds the entrance and exit of a pixel maze: the middle of the first gap (run of
 * cells) in its top row, else in its left column, is the entrance; the middle of the
 * first gap in the bottom row, else the right column, not containing the entrance, is
 * the exit. AMZ_ENOTFOUND naming what is missing ("no entrance: ..."). O(width +
 * height). */
AMZ_API amz_status amz_image_find_openings(const amz_maze *m, amz_cell *entrance, amz_cell *exit, amz_error *err);

/* Writes the PNG at data again with the pixels of path p (a path on the maze that
 * amz_image_read_maze made of the same image, placed at `origin`) painted in `color`.
 * Colour type: RGB, or RGBA if the image has transparency. Decodes the image a second
 * time row by row instead of keeping it, so memory is O(width) beyond a bit a cell. */
AMZ_API amz_status amz_image_write_path(const void *data, size_t len, const amz_maze *m, const amz_image_origin *origin,
                                        const amz_path *p, amz_color color, FILE *out, amz_error *err);

#endif
