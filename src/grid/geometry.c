/* geometry.c — where cells lie in the plane: outlines, centres and the extent, in the
 * model units of include/amaze/maze.h. Renderers scale and translate these; nothing
 * here knows about pixels. */
#include <math.h>

#include "amaze/maze.h"
#include "grid/topo.h"

#define SQRT3_2 0.86602540378443864676
#define TWO_PI 6.28318530717958647692
/* The corner cut of a regular octagon in a unit square: side 1 - 2t = t * sqrt 2. */
#define OCT_T 0.29289321881345247560

/* Width of one level's plane, before the one-unit gap to the next level. Hex: columns
 * step 1.5 apart and the last one reaches 0.5 further (circumradius 1); triangles
 * overlap by half a side, so w of them span (w + 1) / 2. */
static double plane_width(const amz_maze *m)
{
    switch (m->topology) {
    case AMZ_TOPO_HEX: return 1.5 * m->width + 0.5;
    case AMZ_TOPO_TRIANGLE: return (m->width + 1) / 2.0;
    default: return m->width;
    }
}

static double level_shift(const amz_maze *m, int32_t z)
{
    return z * (plane_width(m) + 1.0);
}

static amz_point pt(double x, double y)
{
    return (amz_point){x, y};
}

/* Angle theta measured clockwise from north with y pointing down: theta 0 is (0, -rho). */
static amz_point polar_pt(double rho, double theta)
{
    return pt(rho * sin(theta), -rho * cos(theta));
}

static int put(amz_side *out, int k, amz_point a, amz_point b, int dir, bool arc)
{
    out[k] = (amz_side){a, b, dir, arc};
    return k + 1;
}

/* Closed polygon of nv vertices; side k runs v[k] -> v[k+1] in direction dirs[k].
 * Callers list vertices clockwise on screen (y down), as amz_maze_cell_sides promises. */
static int polygon(amz_side *out, const amz_point *v, const int *dirs, int nv)
{
    for (int k = 0; k < nv; k++)
        put(out, k, v[k], v[(k + 1) % nv], dirs[k], false);
    return nv;
}

static int polar_sides(const amz_maze *m, const grid_at *a, amz_side *out)
{
    /* The centre disc has only its outer circle, cut into one arc per first-ring cell
     * so that each OUTj edge can be drawn or left open on its own. */
    int k = 0;
    if (a->ring == 0) {
        for (int j = 0; j < m->width; j++)
            k = put(out, k, polar_pt(1, TWO_PI * j / m->width), polar_pt(1, TWO_PI * (j + 1) / m->width),
                    AMZ_POLAR_OUT + j, true);
        return k;
    }
    const double r = a->ring, t0 = TWO_PI * (double)a->i / (double)a->n, t1 = TWO_PI * (double)(a->i + 1) / (double)a->n;
    const grid_band *b = &m->rings->band[a->band];
    /* Same rule as grid_polar_step: the last ring of a band has two outward neighbours
     * per cell (the next ring doubles), so its outer arc is cut in two at the middle.
     * The outer ring itself keeps one arc: its OUT side is the maze's border. */
    bool split = a->ring + 1 < m->height && a->ring == b->ring0 + b->nrings - 1;
    if (split) {
        double tm = (t0 + t1) / 2;
        k = put(out, k, polar_pt(r + 1, t0), polar_pt(r + 1, tm), AMZ_POLAR_OUT, true);
        k = put(out, k, polar_pt(r + 1, tm), polar_pt(r + 1, t1), AMZ_POLAR_OUT + 1, true);
    } else {
        k = put(out, k, polar_pt(r + 1, t0), polar_pt(r + 1, t1), AMZ_POLAR_OUT, true);
    }
    k = put(out, k, polar_pt(r + 1, t1), polar_pt(r, t1), AMZ_POLAR_CW, false);
    k = put(out, k, polar_pt(r, t1), polar_pt(r, t0), AMZ_POLAR_IN, true);
    return put(out, k, polar_pt(r, t0), polar_pt(r + 1, t0), AMZ_POLAR_CCW, false);
}

int amz_maze_cell_sides(const amz_maze *m, amz_cell c, amz_side *out)
{
    if (c < 0 || c >= m->ncells)
        return 0;
    grid_at a;
    grid_locate(m, c, &a);
    if (m->topology == AMZ_TOPO_POLAR)
        return polar_sides(m, &a, out);
    const double x = a.x, y = a.y;
    switch (m->topology) {
    case AMZ_TOPO_SQUARE: {
        const double s = level_shift(m, a.z);
        amz_point v[4] = {pt(s + x, y), pt(s + x + 1, y), pt(s + x + 1, y + 1), pt(s + x, y + 1)};
        static const int dirs[4] = {AMZ_SQ_N, AMZ_SQ_E, AMZ_SQ_S, AMZ_SQ_W};
        return polygon(out, v, dirs, 4);
    }
    case AMZ_TOPO_HEX: {
        amz_point ctr = amz_maze_cell_center(m, c), v[6];
        /* cx/cy are the corners at angles 0, 60, ... 300 degrees (y down), starting
         * east; the (k + 4) % 6 rotation starts at the top-left corner, so side 0 is the
         * top (N) and the rest follow clockwise NE, SE, S, SW, NW. */
        for (int k = 0; k < 6; k++) {
            static const double cx[6] = {1, 0.5, -0.5, -1, -0.5, 0.5};
            static const double cy[6] = {0, SQRT3_2, SQRT3_2, 0, -SQRT3_2, -SQRT3_2};
            v[k] = pt(ctr.x + cx[(k + 4) % 6], ctr.y + cy[(k + 4) % 6]);
        }
        static const int dirs[6] = {AMZ_HEX_N, AMZ_HEX_NE, AMZ_HEX_SE, AMZ_HEX_S, AMZ_HEX_SW, AMZ_HEX_NW};
        return polygon(out, v, dirs, 6);
    }
    case AMZ_TOPO_TRIANGLE: {
        const double s = level_shift(m, a.z) + x / 2, top = y * SQRT3_2, bot = (y + 1) * SQRT3_2;
        /* Up (x + y even): apex on the row's top, base below, so its sides are E, S, W;
         * down triangles have the base on top (N) instead. */
        if (!((a.x + a.y) & 1)) {
            amz_point v[3] = {pt(s + 0.5, top), pt(s + 1, bot), pt(s, bot)};
            static const int dirs[3] = {AMZ_TRI_E, AMZ_TRI_S, AMZ_TRI_W};
            return polygon(out, v, dirs, 3);
        }
        amz_point v[3] = {pt(s, top), pt(s + 1, top), pt(s + 0.5, bot)};
        static const int dirs[3] = {AMZ_TRI_N, AMZ_TRI_E, AMZ_TRI_W};
        return polygon(out, v, dirs, 3);
    }
    case AMZ_TOPO_OCTAGON: {
        const double t = OCT_T;
        /* A small square is the diamond around the corner point (x+1, y+1), its
         * vertices t away along the axes, so its sides are the four octagons' cut corners. */
        if (a.z) {
            const double cx = x + 1, cy = y + 1;
            amz_point v[4] = {pt(cx, cy - t), pt(cx + t, cy), pt(cx, cy + t), pt(cx - t, cy)};
            static const int dirs[4] = {AMZ_OCT_NE, AMZ_OCT_SE, AMZ_OCT_SW, AMZ_OCT_NW};
            return polygon(out, v, dirs, 4);
        }
        amz_point v[8] = {pt(x + t, y),         pt(x + 1 - t, y),     pt(x + 1, y + t), pt(x + 1, y + 1 - t),
                          pt(x + 1 - t, y + 1), pt(x + t, y + 1), pt(x, y + 1 - t),     pt(x, y + t)};
        static const int dirs[8] = {AMZ_OCT_N, AMZ_OCT_NE, AMZ_OCT_E, AMZ_OCT_SE,
                                    AMZ_OCT_S, AMZ_OCT_SW, AMZ_OCT_W, AMZ_OCT_NW};
        return polygon(out, v, dirs, 8);
    }
    case AMZ_TOPO_POLAR: break;
    }
    return 0;
}

amz_point amz_maze_cell_center(const amz_maze *m, amz_cell c)
{
    /* Removed cells still have a centre (the mask is not consulted): renderers place
     * things by cell number alone. */
    grid_at a;
    if (c < 0 || c >= m->ncells)
        return pt(0, 0);
    grid_locate(m, c, &a);
    switch (m->topology) {
    case AMZ_TOPO_SQUARE: return pt(level_shift(m, a.z) + a.x + 0.5, a.y + 0.5);
    case AMZ_TOPO_HEX: return pt(level_shift(m, a.z) + 1 + 1.5 * a.x, SQRT3_2 * (1 + 2 * a.y + (a.x & 1)));
    case AMZ_TOPO_TRIANGLE: {
        /* the centroid: a third of the way from the base to the apex */
        bool up = !((a.x + a.y) & 1);
        return pt(level_shift(m, a.z) + a.x / 2.0 + 0.5, SQRT3_2 * (a.y + (up ? 2.0 / 3 : 1.0 / 3)));
    }
    case AMZ_TOPO_OCTAGON: return a.z ? pt(a.x + 1, a.y + 1) : pt(a.x + 0.5, a.y + 0.5);
    case AMZ_TOPO_POLAR:
        if (a.ring == 0)
            return pt(0, 0);
        return polar_pt(a.ring + 0.5, TWO_PI * ((double)a.i + 0.5) / (double)a.n);
    }
    return pt(0, 0);
}

void amz_maze_extent(const amz_maze *m, amz_point *lo, amz_point *hi)
{
    /* The bounding box of every cell of every level; levels sit side by side. */
    double w = level_shift(m, m->levels - 1) + plane_width(m), h = m->height;
    *lo = pt(0, 0);
    switch (m->topology) {
    /* Hex: odd columns hang half a cell lower, which only adds height when one exists. */
    case AMZ_TOPO_HEX: h = SQRT3_2 * (2 * m->height + (m->width > 1 ? 1 : 0)); break;
    case AMZ_TOPO_TRIANGLE: h = SQRT3_2 * m->height; break;
    case AMZ_TOPO_POLAR:
        /* Polar: the disc of radius `height` (rings) around the origin. */
        *lo = pt(-m->height, -m->height);
        w = h = m->height;
        break;
    default: break;
    }
    *hi = pt(w, h);
}
