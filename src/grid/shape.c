/* shape.c — named maze shapes and text masks. Shapes test each cell centre against a
 * figure inscribed in the grid (hex centres from the flat-topped odd-q layout; the
 * hexagon uses hex distance in cube coordinates, after Amit Patel, "Hexagonal Grids",
 * redblobgames.com), then keep the largest island so one perfect maze fits. */
#include <math.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/shape.h"
#include "core/bits.h"
#include "core/error.h"
#include "grid/grid.h"

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

/* Cell centre in units where square cells are 1 apart and hex columns 1.5 apart with
 * rows sqrt(3) apart (unit circumradius). */
static void centre(const amz_maze *m, int32_t x, int32_t y, double *cx, double *cy)
{
    if (m->topology == AMZ_TOPO_SQUARE) {
        *cx = x;
        *cy = y;
    } else {
        *cx = 1.5 * x;
        *cy = sqrt(3.0) * (y + 0.5 * (x & 1));
    }
}

/* Hex distance between odd-q cells via cube coordinates. */
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

static bool inside(const amz_maze *m, amz_shape s, int32_t x, int32_t y)
{
    const int32_t w = m->width, h = m->height;
    double px, py, x0, y0, x1, y1;
    centre(m, x, y, &px, &py);
    /* Bounding box of all centres; for hex the odd-column shift adds half a row. */
    centre(m, 0, 0, &x0, &y0);
    centre(m, w - 1, h - 1, &x1, &y1);
    if (m->topology == AMZ_TOPO_HEX && w > 1)
        y1 = sqrt(3.0) * (h - 0.5);
    double mx = (x0 + x1) / 2, my = (y0 + y1) / 2;
    /* Half extents reach half a cell beyond the outer centres so edge cells count. */
    double rx = (x1 - x0) / 2 + 0.5, ry = (y1 - y0) / 2 + 0.5;
    const double eps = 1e-9;
    switch (s) {
    case AMZ_SHAPE_RECT: return true;
    case AMZ_SHAPE_CIRCLE: {
        double dx = (px - mx) / rx, dy = (py - my) / ry;
        return dx * dx + dy * dy <= 1 + eps;
    }
    case AMZ_SHAPE_DIAMOND: return fabs(px - mx) / rx + fabs(py - my) / ry <= 1 + eps;
    case AMZ_SHAPE_HEXAGON: {
        int32_t side = w < h ? w : h;
        int radius = (side - 1) / 2;
        int32_t cx = (w - 1) / 2, cy = (h - 1) / 2;
        return hex_distance(x, y, cx, cy) <= radius;
    }
    case AMZ_SHAPE_TRIANGLE: {
        /* Apex at the top middle, base along the bottom: inside if below both sides. */
        double t = (py - (y0 - 0.5)) / (y1 - y0 + 1.0); /* 0 at the top, 1 at the bottom */
        return fabs(px - mx) <= rx * t + eps;
    }
    }
    return false;
}

amz_status amz_maze_apply_shape(amz_maze *m, amz_shape s, amz_error *err)
{
    if (!amz_shape_supports(s, m->topology))
        return amz_errorf(err, AMZ_EUNSUPPORTED, "shape '%s' is not defined on %s grids",
                          amz_shape_name(s) ? amz_shape_name(s) : "?", amz_topology_name(m->topology));
    amz_maze_clear(m);
    amz_status st;
    for (amz_cell c = 0; c < m->ncells; c++) {
        int32_t x = (int32_t)(c % m->width), y = (int32_t)(c / m->width);
        if (!inside(m, s, x, y) && (st = amz_maze_set_exists(m, c, false, err)))
            return st;
    }
    if (amz_maze_count_cells(m) == 0)
        return amz_errorf(err, AMZ_ERANGE, "a %dx%d grid is too small for the %s shape", m->width, m->height,
                          amz_shape_name(s));
    if ((st = amz_maze_keep_largest_island(m, err)))
        return st;
    return amz_maze_default_ends(m, err);
}

amz_status amz_mask_read_text(const char *text, size_t len, amz_topology t, amz_maze *m, amz_error *err)
{
    memset(m, 0, sizeof *m);
    /* First pass: dimensions and characters. */
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
    amz_status st = amz_maze_init(m, t, (int64_t)width, (int64_t)rows, err);
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
    if (st == AMZ_OK)
        st = amz_maze_default_ends(m, err);
    if (st)
        amz_maze_deinit(m);
    return st;
}
