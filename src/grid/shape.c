/* shape.c — named maze shapes and text masks. Shapes test each cell centre, placed as
 * the pictures place it (amaze/image.h: square cells a unit wide, hexagons a unit
 * corner to corner), against the largest such figure centred in the picture: a
 * circle is round and a triangle equilateral on the page whatever the grid's cell
 * counts. The hexagon is a ball of hex distance in cube coordinates (Amit Patel,
 * "Hexagonal Grids", redblobgames.com), regular on the page by construction. The
 * largest island is kept so one perfect maze fits. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/shape.h"
#include "core/bits.h"
#include "core/error.h"
#include "grid/grid.h"
#include "grid/recipe.h"

/* Indexed by amz_shape; the names are --shape values and appear in recipes. */
static const char *const shape_names[] = {"rect", "circle", "diamond", "hexagon", "triangle"};

const char *amz_shape_name(amz_shape s)
{
    return (unsigned)s < sizeof shape_names / sizeof shape_names[0] ? shape_names[s] : NULL;
}

amz_status amz_shape_parse(const char *name, amz_shape *out, amz_error *err)
{
    for (unsigned i = 0; i < sizeof shape_names / sizeof shape_names[0]; i++)
        if (name && strcmp(name, shape_names[i]) == 0) {
            *out = (amz_shape)i;
            return AMZ_OK;
        }
    return amz_errorf(err, AMZ_ENOTFOUND,
                      "unknown shape '%s' (square: rect, circle, diamond; hex: rect, circle, hexagon, triangle)",
                      name ? name : "");
}

bool amz_shape_supports(amz_shape s, amz_topology t)
{
    switch (s) {
    case AMZ_SHAPE_RECT:
    case AMZ_SHAPE_CIRCLE: return t == AMZ_TOPO_SQUARE || t == AMZ_TOPO_HEX;
    case AMZ_SHAPE_DIAMOND: return t == AMZ_TOPO_SQUARE;
    case AMZ_SHAPE_HEXAGON:
    case AMZ_SHAPE_TRIANGLE: return t == AMZ_TOPO_HEX;
    }
    return false;
}

bool amz_shape_supports_grid(amz_shape s, const amz_grid *g)
{
    /* Plain square and hex keep their historic per-topology list (the cell-exact
     * hexagon needs hex cells); other grids test centres from the model geometry, where
     * every figure is defined, except polar, which is already round. */
    if (amz_grid_is_plain(g))
        return amz_shape_supports(s, g->topology);
    if (g->topology == AMZ_TOPO_POLAR)
        return s == AMZ_SHAPE_RECT;
    return (unsigned)s < sizeof shape_names / sizeof shape_names[0];
}

/* Cell centre in picture units (amaze/image.h with cell = 1 and no margin or wall):
 * square (x + 1/2, y + 1/2); hex (1/2 + 3/4 x, sqrt(3)/4 (2y + 1 + (x odd))). *bw, *bh
 * receive the extent of all cells' outlines. */
static void centre(const amz_maze *m, int32_t x, int32_t y, double *cx, double *cy, double *bw, double *bh)
{
    const double q = sqrt(3.0) / 4;
    if (m->topology == AMZ_TOPO_SQUARE) {
        *cx = x + 0.5;
        *cy = y + 0.5;
        *bw = m->width;
        *bh = m->height;
    } else {
        *cx = 0.5 + 0.75 * x;
        *cy = q * (2.0 * y + 1 + (x & 1));
        *bw = 0.75 * (m->width - 1) + 1;
        *bh = q * (2.0 * m->height + (m->width > 1));
    }
}

/* Hex distance between odd-q cells via cube coordinates. */
/* Odd-q offset (x, y) to axial (q, r): r = y - (x - (x & 1)) / 2; the cube third
 * coordinate is s = -q - r, and the distance half the sum of the absolute differences. */
static int hex_distance(int32_t x1, int32_t y1, int32_t x2, int32_t y2)
{
    int64_t q1 = x1, r1 = y1 - (x1 - (x1 & 1)) / 2;
    int64_t q2 = x2, r2 = y2 - (x2 - (x2 & 1)) / 2;
    int64_t dq = q1 - q2, dr = r1 - r2, ds = -dq - dr;
    dq = dq < 0 ? -dq : dq;
    dr = dr < 0 ? -dr : dr;
    ds = ds < 0 ? -ds : ds;
    return (int)((dq + dr + ds) / 2);
}

/* The same on any grid, from the model's geometry of level 0 (amaze/maze.h). */
static void centre_any(const amz_maze *m, amz_cell c, double *cx, double *cy, double *bw, double *bh)
{
    int32_t x, y, z;
    amz_maze_cell_xyz(m, c, &x, &y, &z);
    amz_point p = amz_maze_cell_center(m, m->levels > 1 ? amz_maze_cell_at3(m, x, y, 0) : c), lo, hi;
    /* Every level gets level 0's mask pattern, so a shaped 3D maze is a stack of the
     * same figure. l0 is a shallow copy only asked for the extent (it owns nothing). */
    amz_maze l0 = *m;
    l0.levels = 1;
    amz_maze_extent(&l0, &lo, &hi);
    *cx = p.x - lo.x;
    *cy = p.y - lo.y;
    *bw = hi.x - lo.x;
    *bh = hi.y - lo.y;
}

/* A regular flat-topped hexagon of circumradius r around the origin. */
static bool in_hexagon(double dx, double dy, double r)
{
    /* By symmetry only the first quadrant: below the top edge and inside the slanted
     * edge from (r, 0) to (r/2, h). eps keeps centres exactly on an edge inside, so the
     * figure does not lose cells to rounding. */
    const double h = r * sqrt(3.0) / 2, eps = 1e-9;
    dx = fabs(dx);
    dy = fabs(dy);
    return dy <= h + eps && dx * h + dy * r / 2 <= r * h + eps;
}

static bool inside(const amz_maze *m, amz_shape s, amz_cell c)
{
    double px, py, bw, bh;
    const bool plain = amz_maze_is_plain(m);
    const int32_t x = (int32_t)(c % m->width), y = (int32_t)(c / m->width);
    if (plain)
        centre(m, x, y, &px, &py, &bw, &bh);
    else
        centre_any(m, c, &px, &py, &bw, &bh);
    /* Figures are centred in the picture; r is half the shorter side. */
    const double dx = px - bw / 2, dy = py - bh / 2, r = (bw < bh ? bw : bh) / 2, eps = 1e-9;
    switch (s) {
    case AMZ_SHAPE_RECT: return true;
    case AMZ_SHAPE_CIRCLE: return dx * dx + dy * dy <= r * r + eps;
    case AMZ_SHAPE_DIAMOND: return fabs(dx) + fabs(dy) <= r + eps; /* a square on its corner */
    case AMZ_SHAPE_HEXAGON: {
        if (!plain) /* as wide as the shorter side allows: 2r across, r sqrt 3 high */
            return in_hexagon(dx, dy, bw / 2 < bh / sqrt(3.0) ? bw / 2 : bh / sqrt(3.0));
        /* Plain hex: a ball of hex distance around the middle cell, exact in cells (and
         * so regular on the page), of the largest radius the shorter side holds. */
        int32_t side = m->width < m->height ? m->width : m->height;
        int radius = (side - 1) / 2;
        int32_t cx = (m->width - 1) / 2, cy = (m->height - 1) / 2;
        return hex_distance(x, y, cx, cy) <= radius;
    }
    case AMZ_SHAPE_TRIANGLE: {
        /* Equilateral, apex up: side l, height l sqrt(3)/2, centred in the picture. */
        double l = bw < bh * 2 / sqrt(3.0) ? bw : bh * 2 / sqrt(3.0), th = l * sqrt(3.0) / 2;
        double t = (dy + th / 2) / th; /* 0 at the apex, 1 at the base */
        return t >= -eps && t <= 1 + eps && fabs(dx) <= t * l / 2 + eps;
    }
    }
    return false;
}

amz_status amz_shape_apply(amz_maze *m, amz_shape s, amz_error *err)
{
    const amz_grid g = amz_maze_grid(m);
    char size[64];
    amz_grid_format_size(&g, size, sizeof size);
    if (!amz_shape_supports_grid(s, &g))
        return amz_errorf(err, AMZ_EUNSUPPORTED, "shape '%s' is not defined on %s%s grids",
                          amz_shape_name(s) ? amz_shape_name(s) : "?", amz_grid_is_plain(&g) ? "" : "these ",
                          amz_topology_name(m->topology));
    /* Passages are closed first: a shape is applied to a fresh grid, and removing cells
     * one by one must not leave edges into the removed ones. */
    amz_maze_clear(m);
    amz_status st;
    for (amz_cell c = 0; c < m->ncells; c++)
        if (!inside(m, s, c) && (st = amz_maze_set_exists(m, c, false, err)))
            return st;
    if (amz_maze_count_cells(m) == 0)
        return amz_errorf(err, AMZ_ERANGE, "a %s grid is too small for the %s shape", size, amz_shape_name(s));
    /* Narrow figures on coarse grids can touch only at corners (a diamond's tips), so
     * the cells may fall apart; keep one island so a perfect maze can span them. */
    if ((st = amz_islands_keep_largest(m, err)))
        return st;
    /* The recipe of these cells, for whatever is made on them (amz_maze.recipe). */
    char r[AMZ_RECIPE_MAX] = "";
    if (!recipe_grid_words(&g, r, sizeof r))
        return amz_errorf(err, AMZ_ERANGE, "the shape's recipe does not fit");
    recipe_append(r, sizeof r, "--shape");
    recipe_append(r, sizeof r, amz_shape_name(s));
    if ((st = amz_maze_set_recipe(m, r, err)))
        return st;
    return amz_maze_default_ends(m, err);
}

/* Whether the mask (a plain square grid) has a cell at column x, row y. */
static bool mask_at(const amz_maze *mask, int64_t x, int64_t y)
{
    return x >= 0 && y >= 0 && x < mask->width && y < mask->height && grid_exists(mask, y * mask->width + x);
}

/* Whether cell c of the fitted grid m is kept: see amz_mask_fit. */
static bool mask_keeps(const amz_maze *mask, const amz_maze *m, amz_cell c)
{
    int32_t x, y, z;
    amz_maze_cell_xyz(m, c, &x, &y, &z);
    if (m->topology == AMZ_TOPO_POLAR) {
        double cx, cy, bw, bh;
        centre_any(m, c, &cx, &cy, &bw, &bh);
        const int64_t col = (int64_t)floor(cx / bw * (double)mask->width),
                      row = (int64_t)floor(cy / bh * (double)mask->height);
        return mask_at(mask, col < mask->width ? col : mask->width - 1, row < mask->height ? row : mask->height - 1);
    }
    /* An octagon grid's small square (level 1 of its places) sits between the octagons
     * at x, y and x + 1, y + 1. */
    if (m->topology == AMZ_TOPO_OCTAGON && z == 1)
        return mask_at(mask, x, y) && mask_at(mask, x + 1, y) && mask_at(mask, x, y + 1) &&
               mask_at(mask, x + 1, y + 1);
    return mask_at(mask, x, y);
}

amz_status amz_mask_fit(const amz_maze *mask, const amz_grid *g, amz_maze *out, amz_error *err)
{
    /* A copy of the mask's fields first: mask and out may be the same maze. */
    amz_maze in = *mask;
    const bool replace = mask == out;
    memset(out, 0, sizeof *out);
    amz_status st = AMZ_OK;
    if (in.topology != AMZ_TOPO_SQUARE || in.levels > 1 || in.wrap || in.weave)
        st = amz_errorf(err, AMZ_EINVAL, "a mask is read as a plain square grid before it is fitted");
    else if (g->topology == AMZ_TOPO_POLAR && g->height < 1)
        st = amz_errorf(err, AMZ_EUNSUPPORTED, "a mask on a polar grid is laid over its rings: give the grid's size");
    amz_grid fit = *g;
    if (g->topology != AMZ_TOPO_POLAR) {
        fit.width = in.width;
        fit.height = in.height;
    }
    if (st == AMZ_OK)
        st = amz_maze_init_grid(out, &fit, err);
    for (amz_cell c = 0; st == AMZ_OK && c < out->ncells; c++)
        if (!mask_keeps(&in, out, c))
            st = amz_maze_set_exists(out, c, false, err);
    if (st == AMZ_OK && amz_maze_count_cells(out) == 0)
        st = amz_errorf(err, AMZ_ERANGE, "the mask leaves no cell of the %s grid", amz_topology_name(g->topology));
    if (st == AMZ_OK)
        st = amz_maze_default_ends(out, err);
    if (st)
        amz_maze_deinit(out);
    if (replace)
        amz_maze_deinit(&in);
    return st;
}

amz_status amz_mask_recipe(amz_maze *m, const char *path, amz_error *err)
{
    /* No -s but on polar grids: a mask file sets the size itself. The path is quoted by
     * recipe_append; the weave is the generator's to add (it has the share). */
    char r[AMZ_RECIPE_MAX] = "", size[64], levels[16];
    const amz_grid g = amz_maze_grid(m);
    bool ok = true;
    if (m->topology == AMZ_TOPO_POLAR) {
        amz_grid_format_size(&g, size, sizeof size);
        ok = recipe_append(r, sizeof r, "-s") && recipe_append(r, sizeof r, size);
    }
    if (ok && m->topology != AMZ_TOPO_SQUARE)
        ok = recipe_append(r, sizeof r, "-t") && recipe_append(r, sizeof r, amz_topology_name(m->topology));
    snprintf(levels, sizeof levels, "%d", (int)m->levels);
    if (ok && m->levels > 1)
        ok = recipe_append(r, sizeof r, "--levels") && recipe_append(r, sizeof r, levels);
    if (ok && m->wrap)
        ok = recipe_append(r, sizeof r, "--wrap") &&
             recipe_append(r, sizeof r, m->wrap == AMZ_WRAP_X ? "x" : m->wrap == AMZ_WRAP_Y ? "y" : "xy");
    if (!(ok && recipe_append(r, sizeof r, "--mask") && recipe_append(r, sizeof r, path)))
        return amz_errorf(err, AMZ_EINVAL, "a mask path of %zu bytes does not fit a recipe", strlen(path));
    return amz_maze_set_recipe(m, r, err);
}

static amz_status read_text(const char *text, size_t len, amz_maze *m, amz_error *err)
{
    memset(m, 0, sizeof *m);
    /* First pass: dimensions and characters. */
    /* Two passes so that every syntax error is reported before any allocation: the
     * first checks characters and row lengths, the second removes cells. '\r' is skipped
     * for files written on Windows; a missing final newline is accepted. */
    size_t width = 0, rows = 0, col = 0, line = 1;
    bool any = false;
    for (size_t i = 0; i <= len; i++) {
        char ch = i < len ? text[i] : '\n';
        if (ch == '\r')
            continue;
        if (ch == '\n') {
            if (i == len && col == 0)
                break; /* final newline */
            if (rows == 0)
                width = col;
            else if (col != width)
                return amz_errorf(err, AMZ_EFORMAT,
                                  "mask line %zu has %zu characters but line 1 has %zu: rows must all be the same length",
                                  line, col, width);
            rows++;
            line++;
            col = 0;
            continue;
        }
        if (ch != '.' && ch != '#' && ch != ' ')
            return amz_errorf(err, AMZ_EFORMAT,
                              "mask line %zu, column %zu: '%c' is not '.' (cell), '#' or ' ' (no cell)", line,
                              col + 1, (unsigned char)ch >= 0x20 && (unsigned char)ch < 0x7f ? ch : '?');
        any |= ch == '.';
        col++;
    }
    if (rows == 0 || width == 0 || !any)
        return amz_errorf(err, AMZ_EFORMAT, "the mask has no cell (mark cells with '.')");
    amz_status st = amz_maze_init(m, AMZ_TOPO_SQUARE, (int64_t)width, (int64_t)rows, err);
    if (st)
        return st;
    size_t x = 0, y = 0;
    for (size_t i = 0; i < len && st == AMZ_OK; i++) {
        char ch = text[i];
        if (ch == '\r')
            continue;
        if (ch == '\n') {
            y++;
            x = 0;
            continue;
        }
        if (ch != '.')
            st = amz_maze_set_exists(m, (amz_cell)(y * width + x), false, err);
        x++;
    }
    /* On any error m is deinitialised here: the caller gets no half-made maze. */
    if (st == AMZ_OK)
        st = amz_maze_default_ends(m, err);
    if (st)
        amz_maze_deinit(m);
    return st;
}

amz_status amz_mask_read_text(const char *text, size_t len, amz_topology t, amz_maze *m, amz_error *err)
{
    /* laid on the plain grid of t (no size: the mask's; polar is refused) */
    const amz_grid g = {t, 0, 0, 1, 0, false};
    amz_status st = read_text(text, len, m, err);
    return st || t == AMZ_TOPO_SQUARE ? st : amz_mask_fit(m, &g, m, err);
}
