/* img_geo.h — the geometry of pictures without cairo (img_options.c): resolved pixel
 * geometry, what a scene shows, the openings and the square wall rules. The drawing
 * of it is img_internal.h's. */
#ifndef AMZ_RENDER_IMG_GEO_H
#define AMZ_RENDER_IMG_GEO_H

#include <stdbool.h>
#include <stdint.h>

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
    bool any;              /* drawn from the model's geometry (img_any.c): model point
                              p at o + (p - lo) * unit */
    double unit;           /* any: px a model unit (cell, hex cell / 2) */
    double lox, loy;       /* any: the model extent's top left */
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
    /* geo.any: each cell's pixel box (img_any_cell_box, 4 floats a cell), so a
       clipped redraw visits only the cells it touches; NULL = draw every cell. */
    const float *any_boxes;
    int start_open, goal_open; /* direction of the opening in the outer wall, -1 = none */
} img_scene;

/* Fills the scene's common fields: geometry, markers and openings per the options. */
void img_scene_init(img_scene *s, const amz_maze *m, const amz_image_options *o, const amz_image_layout *l);

/* Square walls, openings included. vwall: the line x = i (0..w) in row r; hwall: the
 * line y = r (0..h) in column i. */
bool img_vwall(const img_scene *s, int64_t i, int64_t r);
bool img_hwall(const img_scene *s, int64_t i, int64_t r);
/* True if cell (x, y) is inside the grid and exists. */
static inline bool img_exists_xy(const amz_maze *m, int64_t x, int64_t y)
{
    return x >= 0 && y >= 0 && x < m->width && y < m->height && grid_exists(m, y * (int64_t)m->width + x);
}

#endif
