/* img_internal.h — private pieces shared by the picture and animation writers of
 * libamaze-render: the geometry and scene of img_geo.h, and drawing them with cairo,
 * PNG output. */
#ifndef AMZ_RENDER_IMG_INTERNAL_H
#define AMZ_RENDER_IMG_INTERNAL_H

#include <cairo.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "amaze/image.h"
#include "render/img_geo.h"

/* Draws every layer of the scene that falls in the rectangle [x0, x1) x [y0, y1)
 * (clipped to it): background, cell fills, solution, markers, walls. Redrawing any
 * rectangle gives the pixels a full drawing would: shapes of one layer either do not
 * overlap or share a colour. */
void img_draw_region(cairo_t *cr, const img_scene *s, double x0, double y0, double x1, double y1);

/* Draws a scene whose geometry is `any` (img_any.c): every layer, the cells whose box
 * meets cr's clip (all of them without s->any_boxes). */
void img_any_draw(cairo_t *cr, const img_scene *s);
/* The pixels cell c's drawing may touch in an `any` scene, walls included:
 * box = {x0, y0, x1, y1}. */
void img_any_cell_box(const img_scene *s, amz_cell c, float box[4]);

/* Marks the cells and edges of path p (ncells bits and passage-layout bits, allocated
 * with amz_calloc; cells may be NULL to skip them). AMZ_EFORMAT if it leaves the maze. */
amz_status img_mark_path(const amz_maze *m, const amz_path *p, uint64_t **cells, uint64_t **edges, amz_error *err);

/* BFS distances from `from` (UINT32_MAX = unreachable), allocated with amz_malloc;
 * *maxd receives the largest finite distance. */
amz_status img_distances(const amz_maze *m, amz_cell from, uint32_t **out, uint32_t *maxd, amz_error *err);
/* The heat-map colour for t in [0, 1] (near = light, far = dark blue). */
amz_color img_heat_color(double t);

/* Sets cairo's source to c. */
static inline void img_set_color(cairo_t *cr, amz_color c)
{
    cairo_set_source_rgba(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0, c.a / 255.0);
}

static inline bool img_color_eq(amz_color a, amz_color b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a;
}

/* Writes an ARGB32 cairo image surface as PNG: palette PNG when it has at most 256
 * colours, else RGB (or RGBA when some pixel is not opaque). A non-NULL grid_note
 * (img_any_note) goes in an IMG_GRID_CHUNK chunk before the image data. */
amz_status img_png_write_surface(cairo_surface_t *surface, const char *grid_note, FILE *out, amz_error *err);

/* The private PNG chunk that marks a picture of a grid the picture reader does not
 * read (img_any.c's): ancillary, private, safe to copy, so an editor that keeps the
 * picture keeps the mark. Its data is the note, ASCII ("polar", "square, 3 levels"). */
#define IMG_GRID_CHUNK "amGr"

/* Copies the IMG_GRID_CHUNK note of a PNG in memory (NUL-terminated, cut to cap) and
 * returns true if there is one before the image data. Walks the chunk headers only. */
bool img_png_grid_note(const void *data, size_t len, char *note, size_t cap);

/* What the picture of m (not flat: amz_maze_is_plain false) is of, for its note:
 * the topology, then levels, wrap ("hex, 2 levels, wrap x"). */
void img_any_note(const amz_maze *m, char *note, size_t cap);

/* Streams a square maze as a block-style PNG row by row (see img_stream.c). */
amz_status img_stream_png(const img_scene *s, const amz_image_options *o, FILE *out, amz_error *err);

/* cairo write callback onto a FILE *. */
cairo_status_t img_cairo_write(void *closure, const unsigned char *data, unsigned int length);

/* libpng's encoder with zlib's deflate state at the default window and memory level
 * ((1 << 17) + (1 << 17) bytes) and libpng's row buffers, for memory estimates. */
#define IMG_PNG_ENCODER_BYTES (((uint64_t)1 << 18) + 8192)

/* The caption of a print page: size and topology, then the command that makes the
 * maze again (its recipe), or why there is none. */
void img_caption(const amz_maze *m, char *text, size_t cap);

#endif
