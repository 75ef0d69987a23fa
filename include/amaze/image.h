/* amaze/image.h — mazes as pictures: PNG, SVG and PDF (libamaze-render).
 * Drawing, and mazes read from PNG images. Part of libamaze-render (links cairo, libpng
 * and zlib), not of libamaze; the layout rules and the readers and painter of RGBA
 * pixels (the *_rgba functions) need neither cairo nor libpng (the web page builds them
 * for WebAssembly).
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
 * Other grids (polar, triangle, octagon, levels, wrap-around) are drawn from the
 * model's geometry (amaze/maze.h): a model unit is u = cell px (hex: cell/2), model
 * point p at (o + (p.x - lo.x) u, o + (p.y - lo.y) u) with o = margin + wall/2 and lo
 * the minimum of amz_maze_extent;
 *   width  = ceil(2*margin + wall + (hi.x - lo.x) u), height likewise.
 * Walls are lines along closed sides (polar: arcs); the solution runs from each cell's
 * centre to the middle of the side it leaves by and on to the next centre; stairs are
 * small triangles, up above a cell's centre and down below it; start and goal discs.
 * Their PNGs carry the grid in a private "amGr" chunk, which amz_image_read_maze
 * refuses (AMZ_EUNSUPPORTED). A cell a weave under-passage crosses is a bridge: the
 * corridor on top between two walls a quarter cell in from its sides, the tunnel
 * entering through gaps in the other two sides (their end quarters stay walls) between
 * walls that stop at the bridge's, the four corners in the background colour; the
 * tunnel's solution runs straight under the bridge's walls.
 *
 * Openings: with `openings` on (the default) a start or goal beside the outside (the
 * grid's border or a removed cell, so on the rim of a shape or mask too) gets a gap in
 * its wall there (amz_image_openings): the start on its first open side of north, west,
 * east, south (hex: N, NW, NE, SW, SE, S), the goal on its first of south, east, west,
 * north (hex: S, SE, SW, NE, NW, N), the way printed mazes show their entrance and
 * exit, and what amz_image_read_maze looks for.
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
    /* Or colour cells by this map instead (ncells entries, UINT32_MAX = not reached; a
       Dijkstra map of amaze/dijkstra.h, or a flee map shifted to start at 0). NULL
       (default) = none. Not owned; like distances, needs the picture in memory. */
    const uint32_t *heat;
    bool openings;  /* gaps in the outer wall at a border start/goal (default true) */
    bool markers;   /* start and goal markers (default true) */
    bool antialias; /* smooth hex edges (default true; square pictures are exact
                       either way) */
    amz_page page;  /* PDF only (default none) */
    bool answer_key; /* PDF only: two pages, the maze without its solution, then with it
                        (needs solution set; default false) */
    amz_image_stream stream;
    /* Receives PROGRESS events (units: cells; about 1000 a picture) while a streamed
       PNG is written; non-zero from it stops with AMZ_ECANCELED. NULL (default) = none.
       Not owned. */
    const amz_observer *observer;
} amz_image_options;

/* Defaults as documented per field. Auto cell: the one that draws the grid 2048 px on
 * its longer side, floor(2048 / u) with u the longer side in cells (square) or in
 * hexagon widths (hex: max(3/4 (W-1) + 1, sqrt(3)/4 (2H + (W > 1)))), clamped to 2..16
 * (hex: 4..20, the hexagon as big as a 16 px square). So a 20x10 square maze gets
 * 16 px cells and a 1000x1000 one 2 px, one pixel per block of the JS1K block picture;
 * a 16x10 hex maze 20 px hexagons, a picture the size of the square 16x10 one. */
AMZ_API void amz_image_options_init(amz_image_options *o);

/* The resolved geometry of one picture. */
typedef struct amz_image_layout {
    int cell, wall, margin; /* after the auto rules */
    int64_t width, height;  /* picture size in px */
    bool streamed;          /* written row by row (square PNG, block style) */
} amz_image_layout;

/* Resolves the options for m and format f without drawing. AMZ_ERANGE (with the reason) for sizes out of range, a hex or vector
 * picture too large, or streaming a picture that cannot be streamed (only flat square
 * ones can); AMZ_EUNSUPPORTED for --distances on a streamed picture. O(cells) for the
 * grids drawn from the model's geometry (their extent), else O(1). */
AMZ_API amz_status amz_image_layout_get(const amz_maze *m, const amz_image_options *o, amz_image_format f,
                                        amz_image_layout *out, amz_error *err);

/* The sides (direction numbers of m's topology) whose walls the picture of m with
 * options o (NULL = defaults) opens for the start and the goal, into dirs[0] and
 * dirs[1]; -1 for none (openings off, an end not beside the outside, no start or goal,
 * or the goal's when it is the start: one cell, one opening). O(1). */
AMZ_API void amz_image_openings(const amz_maze *m, const amz_image_options *o, int dirs[2]);

/* Peak bytes amz_image_write of m in format f with options o needs beyond the maze:
 * an in-memory canvas is 4 bytes a pixel (and a copy of the solution's cells); a
 * streamed PNG a few pixel rows and 2 bits a cell of solution edges; SVG and PDF
 * cairo's recorded drawing (generously 256 bytes a cell); --distances 4 bytes a cell.
 * UINT64_MAX when the layout is refused (amz_image_layout_get says why). */
AMZ_API uint64_t amz_image_memory_estimate(const amz_maze *m, const amz_image_options *o, amz_image_format f);

/* Draws m as a picture in format f to `out` (binary stream; for crash safety pass an
 * amz_outfile's fp). o NULL = defaults. Memory: the canvas (4 bytes a pixel) up to
 * AMZ_IMAGE_CANVAS_MAX; a streamed PNG needs O(width) plus 2 bits a cell for the
 * solution. Errors: those of amz_image_layout_get, AMZ_ENOMEM, AMZ_EIO (write failed),
 * AMZ_EFORMAT (a solution that leaves the maze). */
AMZ_API amz_status amz_image_write(const amz_maze *m, const amz_image_options *o, amz_image_format f, FILE *out,
                                   amz_error *err);

/* ---- pictures of streamed mazes ---- */

/* Opens a row sink (amaze/stream.h) that draws the block-style PNG of a square maze
 * whose rows will come one by one: the picture amz_image_write makes of the whole maze
 * with the same options and stream = AMZ_STREAM_ALWAYS (no solution, no distances).
 * o NULL = defaults. Writes the PNG header and top margin to f at once; does not close
 * f. Errors: those of amz_image_layout_get, AMZ_EUNSUPPORTED (hex), AMZ_ENOMEM,
 * AMZ_EIO. Memory: amz_image_rows_memory, O(picture width). */
AMZ_API amz_status amz_image_rows_open(FILE *f, const amz_stream_header *h, const amz_image_options *o,
                                       amz_row_sink **out, amz_error *err);
/* Bytes the PNG row sink for h and o holds, encoder included; UINT64_MAX if the
 * picture cannot be streamed. */
AMZ_API uint64_t amz_image_rows_memory(const amz_stream_header *h, const amz_image_options *o);

/* ---- mazes read from pictures ---- */

/* How a picture of a maze is read (amz_image_read_maze), in steps:
 *  1. Walls. Unless a luma threshold is given, the wall colour is the commonest dark
 *     (luma 0.299 R + 0.587 G + 0.114 B below 128) colour of low chroma (max - min of
 *     R, G, B below 96; any dark colour if there is none) and the floor colour the
 *     commonest light one; a pixel (composited over white) is wall when it is a mix
 *     of those two with at least 45% wall (so of the two pixels a 1 px antialiased
 *     line straddles one is wall) and lies within 40 (RGB units) of the line between
 *     them. Any other colour is floor: a red solution line, start and goal markers and
 *     their mixes, however dark. With a threshold, a pixel is wall when its luma is
 *     below it and its chroma below `vivid`.
 *  2. The corridor width c is the commonest length of a run of floor between two walls
 *     along a row or a column (1 when there is none).
 *  3. The outside: the floor reached from beyond the picture's border without coming
 *     within r = c/2 + 1 px of a wall (so through no gap of c px or less), grown back
 *     by r over the floor (a morphological closing). Light margins and the background
 *     around a shaped maze are outside however wide; floor inside is not, even when
 *     it has the background's colour.
 *  4. The openings are the gaps where floor that is not outside touches the outside:
 *     8-connected groups of floor pixels beside an outside pixel, of the largest floor
 *     region that has any. The first met in reading order is the entrance, the last
 *     the exit (amaze's pictures have them above the start and below the goal).
 *  5. The inset k is the largest in 0 .. (c-1)/2 for which the floor pixels more than k
 *     px (Chebyshev) from every wall still join entrance and exit; those pixels are
 *     the cells, so every path runs at least k px from the walls, down the middle of
 *     corridors c px wide.
 * The maze is the bounding box of the wall pixels: cell (x, y) is image pixel
 * (origin.x + x, origin.y + y); the box's pixels that are not cells are removed cells;
 * adjacent cells are joined by passages. The maze is square (4 neighbours a pixel)
 * whatever the drawn topology. */
typedef struct amz_image_read_options {
    uint8_t threshold;  /* 0 = walls by the picture's colours (default); else wall
                           is luma below this (amz_image_read_mask: 128 when 0) */
    uint8_t vivid;      /* with a threshold: a dark pixel of this chroma or more is
                           floor (default 96; 255 = luma alone decides) */
    int inset;          /* -1 = the widest that joins the ends (default), else this */
    uint64_t max_bytes; /* most bytes a call may hold, decoder and maps included
                           (0 = no limit): AMZ_ERANGE beyond, checked before
                           allocating what the header announces */
    /* Ends given as image pixels instead of the openings (default: none). */
    bool has_from, has_to;
    int64_t from_x, from_y, to_x, to_y;
} amz_image_read_options;

/* Defaults: walls by colour, vivid 96, automatic inset, no memory limit, no ends. */
AMZ_API void amz_image_read_options_init(amz_image_read_options *o);

/* Where the maze sits in the picture it was read from, and what was found there. */
typedef struct amz_image_origin {
    int64_t x, y;           /* image pixel of maze cell (0, 0) */
    uint32_t width, height; /* the whole image */
    uint32_t corridor;      /* c of step 2, px */
    uint32_t inset;         /* k of step 5, px */
    uint32_t openings;      /* gaps found in step 4 */
    uint8_t threshold;      /* the threshold given, or 0 */
    amz_color wall, floor;  /* the colours of step 1 (a = 0 when not used) */
} amz_image_origin;

/* Reads a PNG (len bytes at data: any colour type, depth and interlacing) as a maze of
 * pixels, as described above. Start and goal are the middle pixels of the entrance
 * and exit that remain cells (or the pixels o gives). *m must be uninitialised; on
 * success amz_maze_deinit it. `origin` may be NULL. Errors: AMZ_EFORMAT ("not a PNG
 * file", "truncated PNG ...", libpng's reason, a header claiming more pixels than len
 * bytes can hold at deflate's 1032:1, no floor or no wall pixel), AMZ_ENOTFOUND ("no
 * entrance: ..." / "no exit: ..." when fewer than two gaps and no pixels given),
 * AMZ_ERANGE / AMZ_EINVAL (a given pixel outside the image, on a wall or outside the
 * maze), AMZ_ERANGE (over max_bytes), AMZ_ENOMEM. Memory: the decoder (a few rows of
 * 4 bytes a pixel; an interlaced image whole, 4 bytes a pixel) with a bit a pixel,
 * then four bits a pixel of maps (the picture padded by r + 1 px) plus the maze (3
 * bits a box pixel), the floods' work lists (held to max_bytes as well). Time
 * O(pixels * log c). */
AMZ_API amz_status amz_image_read_maze(const void *data, size_t len, const amz_image_read_options *o, amz_maze *m,
                                       amz_image_origin *origin, amz_error *err);

/* amz_image_read_maze on a picture already decoded (a browser's, a game's frame):
 * width x height pixels of 4 bytes R, G, B, A (straight alpha), row y at
 * rgba + y * stride. The same maze and origin as the PNG of those pixels gives; the
 * pixels are the caller's and not counted in max_bytes. Needs neither libpng nor
 * cairo. Errors: AMZ_EINVAL (no pixels, a side of 0 or past 2^31 - 1, stride below
 * 4 * width), then those of amz_image_read_maze past decoding. */
AMZ_API amz_status amz_image_read_maze_rgba(const void *rgba, uint32_t width, uint32_t height, size_t stride,
                                            const amz_image_read_options *o, amz_maze *m, amz_image_origin *origin,
                                            amz_error *err);

/* Bytes amz_image_read_maze needs for the PNG whose first len (>= 33) bytes are at
 * head, from its header alone (about: the closing radius and the box are not known
 * yet, the floods' work lists never are), into *bytes; UINT64_MAX if too many to
 * count. file_len, if not 0, is the whole file's length: a header claiming more than
 * that can hold is refused (AMZ_EFORMAT), so a reader of a pipe need not take in a
 * file before knowing it is worth it. AMZ_EFORMAT for a bad signature or header. */
AMZ_API amz_status amz_image_read_memory(const void *head, size_t len, uint64_t file_len, uint64_t *bytes,
                                         amz_error *err);

/* Makes an uninitialised m from a mask picture: one cell of topology t per pixel, light
 * pixels (luma at least o->threshold, 128 when 0; o NULL = defaults) are cells, dark ones are not,
 * laid on the plain grid of t as amz_mask_fit lays them (polar: AMZ_EUNSUPPORTED, read
 * as square and fit); no passages; start and goal the first and last cell in reading order. AMZ_EFORMAT
 * for a bad PNG (a claim the file cannot hold included) or one with no light pixel,
 * AMZ_ERANGE over o->max_bytes (the maze and the decoder, counted before either is
 * allocated), AMZ_ENOMEM; m is left zeroed on failure. O(pixels). */
AMZ_API amz_status amz_image_read_mask(const void *data, size_t len, const amz_image_read_options *o, amz_topology t,
                                       amz_maze *m, amz_error *err);

/* amz_image_read_mask on RGBA pixels in memory, laid out as for
 * amz_image_read_maze_rgba (AMZ_EINVAL for bad ones); the pixels are not counted in
 * max_bytes. */
AMZ_API amz_status amz_image_read_mask_rgba(const void *rgba, uint32_t width, uint32_t height, size_t stride,
                                            const amz_image_read_options *o, amz_topology t, amz_maze *m,
                                            amz_error *err);

/* Writes the PNG at data again with path p (on the maze amz_image_read_maze made of the
 * same image, placed at `origin`) painted in `color`: every floor pixel (by the
 * classes of step 1: origin's colours or threshold, o's vivid; o NULL = defaults) within ceil(inset / 2) px (Chebyshev) of a path pixel,
 * a band 2 ceil(inset / 2) + 1 px wide in the middle of the corridors. Colour type:
 * RGB, or RGBA if the image has transparency. Decodes the image a second time instead
 * of keeping it: memory is the decoder (as amz_image_read_maze) and a bit a maze cell,
 * held to o->max_bytes. Errors: those of decoding, AMZ_EFORMAT (a path that leaves
 * the maze), AMZ_EINVAL (a maze that does not fit the image), AMZ_EIO. */
AMZ_API amz_status amz_image_write_path(const void *data, size_t len, const amz_maze *m, const amz_image_origin *origin,
                                        const amz_path *p, amz_color color, const amz_image_read_options *o,
                                        FILE *out, amz_error *err);

/* amz_image_write_path on RGBA pixels in memory (laid out as for
 * amz_image_read_maze_rgba), painted in place: every pixel of the band becomes `color`
 * (alpha included), the others are left as they are. The pixels amz_image_write_path
 * writes for the PNG of the same pixels. Memory: a bit a maze cell, held to
 * o->max_bytes. Errors: AMZ_EINVAL (bad pixels, a maze that does not fit them),
 * AMZ_EFORMAT (a path that leaves the maze), AMZ_ERANGE. */
AMZ_API amz_status amz_image_paint_path_rgba(void *rgba, uint32_t width, uint32_t height, size_t stride,
                                             const amz_maze *m, const amz_image_origin *origin, const amz_path *p,
                                             amz_color color, const amz_image_read_options *o, amz_error *err);

#endif
