/* img_internal.h — private pieces shared by the picture and animation writers of
 * libamaze-render: resolved geometry, the drawing scene, wall rules, PNG output. */
#ifndef AMZ_RENDER_IMG_INTERNAL_H
#define AMZ_RENDER_IMG_INTERNAL_H

#include <cairo.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "amaze/image.h"
#include "core/bits.h"
#include "grid/grid.h"

/* Geometry in pixels, see amaze/image.h. */
typedef struct img_geo {
    amz_topology topo;
    int32_t w, h; /* maze size in cells */
    int cell, wall, margin;
    int interior;          /* square: cell - wall */
    int band_off, band;    /* square: solution band offset and width inside the interior */
    int mark_off, mark;    /* square: start/goal square offset and side */
    double s, hh, o;       /* hex: corner radius, half height, origin offset */
    int64_t width, height; /* picture size */
} img_geo;

/* Fills g from a resolved layout. */
void img_geo_init(img_geo *g, const amz_maze *m, const amz_image_layout *l);

/* Square grid line i (0..w) starts at pixel img_gx(g, i); rows likewise. */
static inline int64_t img_gx(const img_geo *g, int64_t i)
{
    return g->margin + i * g->cell;
}

/* Hex cell centre. */
static inline void img_hex_center(const img_geo *g, int32_t x, int32_t y, double *cx, double *cy)
{
    *cx = g->o + g->s + 1.5 * g->s * x;
    *cy = g->o + g->hh * (2.0 * y + 1.0 + (x & 1));
}

/* What a picture shows. The fill colour of each cell comes from `fill` (NULL = the
 * palette's floor colour for every existing cell). */
typedef struct img_scene {
    const amz_maze *m; /* cells and passages */
    const amz_palette *pal;
    img_geo geo;
    const uint64_t *path_cells; /* ncells bits, or NULL: cells on the shown solution */
    const uint64_t *path_edges; /* passage layout bits, or NULL: edges on the solution */
    amz_color (*fill)(void *ctx, amz_cell c);
    void *fill_ctx;
    amz_cell start, goal;      /* markers; AMZ_NO_CELL = none */
    int start_open, goal_open; /* direction of the opening in the outer wall, -1 = none */
} img_scene;

/* Fills the scene's common fields: geometry, markers and openings per the options. */
void img_scene_init(img_scene *s, const amz_maze *m, const amz_image_options *o, const amz_image_layout *l);

/* The opening direction a border cell gets (see amaze/image.h), -1 if not on the border. */
int img_opening_dir(const amz_maze *m, amz_cell c, bool is_goal);

/* Square walls, openings included. vwall: the line x = i (0..w) in row r; hwall: the
 * line y = r (0..h) in column i. */
bool img_vwall(const img_scene *s, int64_t i, int64_t r);
bool img_hwall(const img_scene *s, int64_t i, int64_t r);
/* True if cell (x, y) is inside the grid and exists. */
static inline bool img_exists_xy(const amz_maze *m, int64_t x, int64_t y)
{
    return x >= 0 && y >= 0 && x < m->width && y < m->height && grid_exists(m, y * (int64_t)m->width + x);
}

/* Draws every layer of the scene that falls in the rectangle [x0, x1) x [y0, y1)
 * (clipped to it): background, cell fills, solution, markers, walls. Redrawing any
 * rectangle gives the pixels a full drawing would: shapes of one layer either do not
 * overlap or share a colour. */
void img_draw_region(cairo_t *cr, const img_scene *s, double x0, double y0, double x1, double y1);

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
 * colours, else RGB (or RGBA when some pixel is not opaque). */
amz_status img_png_write_surface(cairo_surface_t *surface, FILE *out, amz_error *err);

/* Streams a square maze as a block-style PNG row by row (see img_stream.c). */
amz_status img_stream_png(const img_scene *s, const amz_image_options *o, FILE *out, amz_error *err);

/* cairo write callback onto a FILE *. */
cairo_status_t img_cairo_write(void *closure, const unsigned char *data, unsigned int length);

#endif
