/* img_draw.c — draws a maze scene with cairo, layer by layer (background, cell fills,
 * solution, markers, walls), restricted to a rectangle so that animations can redraw
 * only what changed. Square shapes are whole-pixel rectangles merged into runs (one
 * path per layer, which is also what keeps SVG output to one element for all walls);
 * hex shapes are polygons and stroked lines. */
#include <math.h>

#include "amaze/alloc.h"
#include "core/error.h"
#include "grid/topo.h"
#include "render/img_internal.h"

/* The cells a redraw visits: those whose shapes may reach into the clip rectangle
 * (square_range, hex_range). */
typedef struct range {
    int64_t x0, y0, x1, y1; /* cells [x0, x1) x [y0, y1) */
} range;

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static amz_color cell_fill(const img_scene *s, amz_cell c)
{
    return s->fill ? s->fill(s->fill_ctx, c) : s->pal->floor;
}

static bool on_path(const img_scene *s, amz_cell c)
{
    return s->path_cells && bits_get(s->path_cells, (uint64_t)c);
}

/* The solution edge c owns in direction owned_dir: bit c * bits + (dir - 1) of the passage
 * layout (square owns E and S, 1 and 2; hex NE, SE and S, 1 to 3). */
static bool path_edge(const img_scene *s, amz_cell c, int owned_dir)
{
    return s->path_edges && bits_get(s->path_edges, (uint64_t)c * (uint64_t)s->m->bits + (uint64_t)(owned_dir - 1));
}

/* Rectangle [x0, x1) x [y0, y1) in picture pixels. Integer corners under an identity
 * transform cover whole pixels, so square pictures are exact with or without
 * antialiasing. */
static void rect(cairo_t *cr, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    cairo_rectangle(cr, (double)x0, (double)y0, (double)(x1 - x0), (double)(y1 - y0));
}

/* ---- square ---- */

/* Removed cells are skipped: the background painted first shows there. */
static void square_fills(cairo_t *cr, const img_scene *s, range r)
{
    const img_geo *g = &s->geo;
    const amz_maze *m = s->m;
    /* Runs of one colour along a row; consecutive runs of the same colour share one
     * path (one SVG element for a plain floor). */
    bool have = false;
    amz_color cur = {0, 0, 0, 0};
    for (int64_t y = r.y0; y < r.y1; y++) {
        int64_t x = r.x0;
        while (x < r.x1) {
            amz_cell c = y * m->width + x;
            if (!grid_exists(m, c)) {
                x++;
                continue;
            }
            amz_color col = cell_fill(s, c);
            int64_t e = x + 1;
            while (e < r.x1 && grid_exists(m, c + (e - x)) && img_color_eq(cell_fill(s, c + (e - x)), col))
                e++;
            if (have && !img_color_eq(col, cur)) {
                img_set_color(cr, cur);
                cairo_fill(cr);
            }
            cur = col;
            have = true;
            /* A cell's box is [gx, gx + cell): its own west and north wall lines. */
            rect(cr, img_gx(g, x), img_gx(g, y), img_gx(g, e), img_gx(g, y + 1));
            x = e;
        }
    }
    if (have) {
        img_set_color(cr, cur);
        cairo_fill(cr);
    }
}

/* The solution band: from each path cell's band square an arm east to the next cell's
 * band square when the E edge is on the path, and one south likewise; the W and N edges
 * are drawn by the neighbour that owns them. One fill for all. */
static void square_path(cairo_t *cr, const img_scene *s, range r)
{
    const img_geo *g = &s->geo;
    const amz_maze *m = s->m;
    if (!s->path_cells)
        return;
    const int64_t a = g->wall + g->band_off, p = g->band;
    for (int64_t y = r.y0; y < r.y1; y++)
        for (int64_t x = r.x0; x < r.x1; x++) {
            amz_cell c = y * m->width + x;
            if (!on_path(s, c))
                continue;
            int64_t px = img_gx(g, x) + a, py = img_gx(g, y) + a;
            int64_t ex = px + p, ey = py + p;
            if (path_edge(s, c, AMZ_SQ_E))
                ex = img_gx(g, x + 1) + a + p;
            if (path_edge(s, c, AMZ_SQ_S))
                ey = img_gx(g, y + 1) + a + p;
            rect(cr, px, py, ex, py + p);
            rect(cr, px, py, px + p, ey);
        }
    img_set_color(cr, s->pal->path);
    cairo_fill(cr);
}

/* A start or goal marker, when its cell is in the range: a disc of radius 0.45 s in a
 * hexagon, a centred square of side `mark` in a square cell. */
static void marker(cairo_t *cr, const img_scene *s, range r, amz_cell c, amz_color col)
{
    const img_geo *g = &s->geo;
    if (c == AMZ_NO_CELL)
        return;
    int64_t x = c % s->m->width, y = c / s->m->width;
    if (x < r.x0 || x >= r.x1 || y < r.y0 || y >= r.y1)
        return;
    if (g->topo == AMZ_TOPO_HEX) {
        double cx, cy;
        img_hex_center(g, (int32_t)x, (int32_t)y, &cx, &cy);
        cairo_new_sub_path(cr);
        cairo_arc(cr, cx, cy, g->s * 0.45, 0, 6.283185307179586);
    } else {
        int64_t px = img_gx(g, x) + g->wall + g->mark_off, py = img_gx(g, y) + g->wall + g->mark_off;
        rect(cr, px, py, px + g->mark, py + g->mark);
    }
    img_set_color(cr, col);
    cairo_fill(cr);
}

/* Does any cell touch the grid corner (i, j)? */
static bool post_needed(const amz_maze *m, int64_t i, int64_t j)
{
    return img_exists_xy(m, i - 1, j - 1) || img_exists_xy(m, i, j - 1) || img_exists_xy(m, i - 1, j) ||
           img_exists_xy(m, i, j);
}

/* On a raster canvas, walls are filled in batches of 64 grid lines: cairo merges the
 * boxes of one fill (a sort), and smaller batches are faster. Vector output keeps one
 * path (one SVG element) for all walls. */
static void flush_walls(cairo_t *cr, const img_scene *s)
{
    if (cairo_surface_get_type(cairo_get_target(cr)) != CAIRO_SURFACE_TYPE_IMAGE)
        return;
    img_set_color(cr, s->pal->wall);
    cairo_fill(cr);
}

/* Walls come last, over the path and markers, as in the streaming writer, which gives a
 * wall pixel the same precedence. */
static void square_walls(cairo_t *cr, const img_scene *s, range r)
{
    const img_geo *g = &s->geo;
    const amz_maze *m = s->m;
    const int64_t wl = g->wall;
    /* Vertical runs on lines x0..x1 (a run covers its posts), then horizontal runs. */
    for (int64_t i = r.x0; i <= r.x1; i++) {
        int64_t y = r.y0;
        while (y < r.y1) {
            if (!img_vwall(s, i, y)) {
                y++;
                continue;
            }
            int64_t e = y + 1;
            while (e < r.y1 && img_vwall(s, i, e))
                e++;
            rect(cr, img_gx(g, i), img_gx(g, y), img_gx(g, i) + wl, img_gx(g, e) + wl);
            y = e;
        }
        if (i % 64 == 63)
            flush_walls(cr, s);
    }
    for (int64_t j = r.y0; j <= r.y1; j++) {
        int64_t x = r.x0;
        while (x < r.x1) {
            if (!img_hwall(s, x, j)) {
                x++;
                continue;
            }
            int64_t e = x + 1;
            while (e < r.x1 && img_hwall(s, e, j))
                e++;
            rect(cr, img_gx(g, x), img_gx(g, j), img_gx(g, e) + wl, img_gx(g, j) + wl);
            x = e;
        }
        if (j % 64 == 63)
            flush_walls(cr, s);
    }
    /* Posts that no wall touches (open crossings, corners of openings). */
    for (int64_t j = r.y0; j <= r.y1; j++)
        for (int64_t i = r.x0; i <= r.x1; i++) {
            bool touched = (j > 0 && img_vwall(s, i, j - 1)) || (j < m->height && img_vwall(s, i, j)) ||
                           (i > 0 && img_hwall(s, i - 1, j)) || (i < m->width && img_hwall(s, i, j));
            if (!touched && post_needed(m, i, j))
                rect(cr, img_gx(g, i), img_gx(g, j), img_gx(g, i) + wl, img_gx(g, j) + wl);
        }
    img_set_color(cr, s->pal->wall);
    cairo_fill(cr);
}

static range square_range(const img_scene *s, double x0, double y0, double x1, double y1)
{
    const img_geo *g = &s->geo;
    range r;
    /* A cell's shapes stay inside [gx(x), gx(x+1) + wall) except the solution band,
     * which reaches into the next cell: one cell of slack on each side. */
    r.x0 = clamp64((int64_t)floor((x0 - g->margin) / g->cell) - 1, 0, g->w);
    r.y0 = clamp64((int64_t)floor((y0 - g->margin) / g->cell) - 1, 0, g->h);
    r.x1 = clamp64((int64_t)ceil((x1 - g->margin) / g->cell) + 1, 0, g->w);
    r.y1 = clamp64((int64_t)ceil((y1 - g->margin) / g->cell) + 1, 0, g->h);
    return r;
}

/* ---- hex ---- */

static void hex_corner(const img_geo *g, double cx, double cy, int k, double *x, double *y)
{
    /* Corner k at 60k degrees, y down: 0 east, 1 lower right, ..., 5 upper right. y is in
     * half heights (hh), so the slanted corners sit at +-hh and +-s/2. */
    static const double cs[6][2] = {{1, 0}, {0.5, 1}, {-0.5, 1}, {-1, 0}, {-0.5, -1}, {0.5, -1}};
    *x = cx + cs[k][0] * g->s;
    *y = cy + cs[k][1] * g->hh;
}

/* Hexagons, consecutive ones of one colour in one path, as square_fills does. */
static void hex_fills(cairo_t *cr, const img_scene *s, range r)
{
    const img_geo *g = &s->geo;
    const amz_maze *m = s->m;
    bool have = false;
    amz_color cur = {0, 0, 0, 0};
    for (int64_t y = r.y0; y < r.y1; y++)
        for (int64_t x = r.x0; x < r.x1; x++) {
            amz_cell c = y * m->width + x;
            if (!grid_exists(m, c))
                continue;
            amz_color col = cell_fill(s, c);
            if (have && !img_color_eq(col, cur)) {
                img_set_color(cr, cur);
                cairo_fill(cr);
            }
            cur = col;
            have = true;
            double cx, cy, px, py;
            img_hex_center(g, (int32_t)x, (int32_t)y, &cx, &cy);
            for (int k = 0; k < 6; k++) {
                hex_corner(g, cx, cy, k, &px, &py);
                if (k == 0)
                    cairo_move_to(cr, px, py);
                else
                    cairo_line_to(cr, px, py);
            }
            cairo_close_path(cr);
        }
    if (have) {
        img_set_color(cr, cur);
        cairo_fill(cr);
    }
}

/* The solution as lines between centres, each along an edge the cell owns (NE, SE, S:
 * d = 1..3) so that every edge is drawn once; round caps and joins hide the seams. Width
 * 0.4 s, at least a pixel. */
static void hex_path(cairo_t *cr, const img_scene *s, range r)
{
    const img_geo *g = &s->geo;
    const amz_maze *m = s->m;
    if (!s->path_cells)
        return;
    for (int64_t y = r.y0; y < r.y1; y++)
        for (int64_t x = r.x0; x < r.x1; x++) {
            amz_cell c = y * m->width + x;
            if (!on_path(s, c))
                continue;
            double cx, cy, nx, ny;
            img_hex_center(g, (int32_t)x, (int32_t)y, &cx, &cy);
            /* A zero-length segment with round caps is a dot: single-cell paths show. */
            cairo_move_to(cr, cx, cy);
            cairo_line_to(cr, cx, cy);
            for (int d = 1; d <= 3; d++) {
                int32_t tx, ty;
                if (!path_edge(s, c, d) ||
                    !grid_step(AMZ_TOPO_HEX, m->width, m->height, (int32_t)x, (int32_t)y, d, &tx, &ty))
                    continue;
                img_hex_center(g, tx, ty, &nx, &ny);
                cairo_move_to(cr, cx, cy);
                cairo_line_to(cr, nx, ny);
            }
        }
    cairo_set_line_width(cr, g->s * 0.4 > 1 ? g->s * 0.4 : 1);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    img_set_color(cr, s->pal->path);
    cairo_stroke(cr);
}

/* Is the edge of (x, y) in direction d a wall, and is (x, y) the cell that draws it?
 * An edge between two grid cells is drawn by its owner (directions NE, SE, S); an
 * edge on the grid's border by its only cell. */
static bool hex_draws_wall(const img_scene *s, int32_t x, int32_t y, int d)
{
    const amz_maze *m = s->m;
    amz_cell c = (amz_cell)y * m->width + x;
    int32_t nx, ny;
    bool ce = grid_exists(m, c);
    if (!grid_step(AMZ_TOPO_HEX, m->width, m->height, x, y, d, &nx, &ny)) {
        if (!ce)
            return false;
        return !((c == m->start && d == s->start_open) || (c == m->goal && d == s->goal_open));
    }
    /* N, SW and NW are the neighbour's to draw, removed or not: hex_walls visits every
     * cell of the range, existing or not. */
    if (d < 1 || d > 3)
        return false;
    amz_cell nb = (amz_cell)ny * m->width + nx;
    bool ne = grid_exists(m, nb);
    if (ce && ne)
        return !bits_get(m->passages, (uint64_t)c * 3 + (uint64_t)(d - 1));
    /* An edge to a removed cell may be the start's or goal's opening, seen from
     * either side (direction d from c is d + 3 from nb). */
    amz_cell in = ce ? c : nb;
    int din = ce ? d : (d + 3) % 6;
    if (ce != ne && ((in == m->start && din == s->start_open) || (in == m->goal && din == s->goal_open)))
        return false;
    return ce != ne;
}

/* Walls as lines `wall` wide centred on the hexagon edges (so half a wall spills into
 * each cell, as o = margin + wall/2 allows at the border); round caps close the corners
 * where three edges meet. One stroke for all. */
static void hex_walls(cairo_t *cr, const img_scene *s, range r)
{
    const img_geo *g = &s->geo;
    for (int64_t y = r.y0; y < r.y1; y++)
        for (int64_t x = r.x0; x < r.x1; x++) {
            double cx, cy, ax, ay, bx, by;
            img_hex_center(g, (int32_t)x, (int32_t)y, &cx, &cy);
            for (int d = 0; d < 6; d++) {
                if (!hex_draws_wall(s, (int32_t)x, (int32_t)y, d))
                    continue;
                /* Direction d's edge runs from corner d+4 to corner d+5 (mod 6). */
                hex_corner(g, cx, cy, (d + 4) % 6, &ax, &ay);
                hex_corner(g, cx, cy, (d + 5) % 6, &bx, &by);
                cairo_move_to(cr, ax, ay);
                cairo_line_to(cr, bx, by);
            }
        }
    cairo_set_line_width(cr, g->wall);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    img_set_color(cr, s->pal->wall);
    cairo_stroke(cr);
}

/* Column x spans [o + 1.5 s x, o + 1.5 s x + 2 s] across, row y [o + hh (2y + odd),
 * o + hh (2y + 2 + odd)] down: the cells whose span meets [x0, x1) x [y0, y1), and one
 * more each way for the walls' half width and the round caps. */
static range hex_range(const img_scene *s, double x0, double y0, double x1, double y1)
{
    const img_geo *g = &s->geo;
    range r;
    double pitch_x = 1.5 * g->s, pitch_y = 2 * g->hh;
    r.x0 = clamp64((int64_t)floor((x0 - g->o - 2 * g->s) / pitch_x) - 1, 0, g->w);
    r.x1 = clamp64((int64_t)ceil((x1 - g->o) / pitch_x) + 1, 0, g->w);
    r.y0 = clamp64((int64_t)floor((y0 - g->o - 3 * g->hh) / pitch_y) - 1, 0, g->h);
    r.y1 = clamp64((int64_t)ceil((y1 - g->o) / pitch_y) + 1, 0, g->h);
    return r;
}

/* The background is painted with the SOURCE operator so that it replaces what the
 * rectangle held (an animation's last frame, under a translucent background) instead of
 * blending over it; the layers then draw OVER. cr's state is saved and restored. */
void img_draw_region(cairo_t *cr, const img_scene *s, double x0, double y0, double x1, double y1)
{
    cairo_save(cr);
    cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
    cairo_clip(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    img_set_color(cr, s->pal->background);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    if (s->geo.any) {
        img_any_draw(cr, s);
    } else if (s->geo.topo == AMZ_TOPO_HEX) {
        range r = hex_range(s, x0, y0, x1, y1);
        hex_fills(cr, s, r);
        hex_path(cr, s, r);
        marker(cr, s, r, s->start, s->pal->start);
        marker(cr, s, r, s->goal, s->pal->goal);
        hex_walls(cr, s, r);
    } else {
        range r = square_range(s, x0, y0, x1, y1);
        square_fills(cr, s, r);
        square_path(cr, s, r);
        marker(cr, s, r, s->start, s->pal->start);
        marker(cr, s, r, s->goal, s->pal->goal);
        square_walls(cr, s, r);
    }
    cairo_restore(cr);
}

/* Only that each move leads to an existing cell is checked, not that its passage is open:
 * a path through a wall is drawn as given. On failure nothing is allocated or returned. */
amz_status img_mark_path(const amz_maze *m, const amz_path *p, uint64_t **cells, uint64_t **edges, amz_error *err)
{
    size_t cw = (size_t)bits_words((uint64_t)m->ncells),
           ew = (size_t)bits_words((uint64_t)m->ncells * (uint64_t)m->bits);
    uint64_t *cb = cells ? amz_calloc(cw, 8) : NULL;
    uint64_t *eb = amz_calloc(ew, 8);
    if ((cells && !cb) || !eb) {
        amz_free(cb);
        amz_free(eb);
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate the solution overlay for %lld cells", (long long)m->ncells);
    }
    amz_cell c = p->start;
    if (!amz_maze_exists(m, c)) {
        amz_free(cb);
        amz_free(eb);
        return amz_errorf(err, AMZ_EFORMAT, "the solution starts outside the maze");
    }
    if (cb)
        bits_set(cb, (uint64_t)c);
    for (uint64_t i = 0; i < p->len; i++) {
        int d = p->dirs[i];
        amz_cell nb = d < m->ndirs ? grid_neighbor(m, c, d) : AMZ_NO_CELL;
        if (nb == AMZ_NO_CELL) {
            amz_free(cb);
            amz_free(eb);
            return amz_errorf(err, AMZ_EFORMAT, "the solution leaves the maze at move %llu", (unsigned long long)i + 1);
        }
        bits_set(eb, grid_edge(m, c, d, nb));
        if (cb)
            bits_set(cb, (uint64_t)nb);
        c = nb;
    }
    if (cells)
        *cells = cb;
    *edges = eb;
    return AMZ_OK;
}
