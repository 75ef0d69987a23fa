/* img_any.c — pictures of the grids the flat painters of img_draw.c do not lay out:
 * polar, triangle and octagon mazes, levels drawn side by side, and wrap-around
 * (square, hex, triangle). Everything comes from the model's geometry in amaze/maze.h
 * (amz_maze_cell_sides, amz_maze_cell_center, amz_maze_extent), scaled by the layout's
 * cell size: a model unit is `cell` pixels (hex: `cell` is a hexagon's width, two
 * units). Layers, in order: cell fills; the shown path (from each of its cells' centres
 * to the middle of every side a path edge crosses, so a wrapped move runs to the border
 * and on from the other side); stairs (a small triangle pointing up or down in a cell
 * with a passage to the level above or below); the start and goal discs; the walls,
 * stroked along every closed side once. With per-cell boxes (animations) a clipped
 * redraw visits only the cells it touches. Weave mazes: a cell an under-passage crosses
 * is drawn as a bridge (see "Weave crossings" below). */
#include <math.h>
#include <string.h>

#include "grid/topo.h"
#include "render/img_internal.h"

static const double PI = 3.14159265358979323846;

/* Model point to picture pixels: o + (p - lo) * unit (amaze/image.h), o = margin + wall/2
 * so that a wall stroked on the extent's edge stays inside the picture. */
static void to_px(const img_geo *g, amz_point p, double *x, double *y)
{
    *x = g->o + (p.x - g->lox) * g->unit;
    *y = g->o + (p.y - g->loy) * g->unit;
}

/* Angle of model point p about the origin, for polar arcs (y down, so increasing
 * angles turn clockwise on the picture). */
static double angle(amz_point p)
{
    return atan2(p.y, p.x);
}

/* The turn of an arc side from a to b about the origin, the short way round (one cell
 * spans at most a third of its ring): positive clockwise on the picture. */
static double arc_turn(const amz_side *sd)
{
    double dt = angle(sd->b) - angle(sd->a);
    while (dt > PI)
        dt -= 2 * PI;
    while (dt <= -PI)
        dt += 2 * PI;
    return dt;
}

/* Appends side sd to the current path (the path is already at sd->a); a polar arc
 * turns as arc_turn says. */
static void trace_side(cairo_t *cr, const img_geo *g, const amz_side *sd)
{
    double bx, by;
    if (!sd->arc) {
        to_px(g, sd->b, &bx, &by);
        cairo_line_to(cr, bx, by);
        return;
    }
    double cx, cy, t0 = angle(sd->a), dt = arc_turn(sd);
    to_px(g, (amz_point){0, 0}, &cx, &cy);
    const double r = hypot(sd->a.x, sd->a.y) * g->unit;
    if (dt >= 0)
        cairo_arc(cr, cx, cy, r, t0, t0 + dt);
    else
        cairo_arc_negative(cr, cx, cy, r, t0, t0 + dt);
}

/* The middle of a side in model units (an arc's at its middle angle). */
static amz_point side_mid(const amz_side *sd)
{
    if (!sd->arc)
        return (amz_point){(sd->a.x + sd->b.x) / 2, (sd->a.y + sd->b.y) / 2};
    const double r = hypot(sd->a.x, sd->a.y), t = angle(sd->a) + arc_turn(sd) / 2;
    amz_point mid;
    mid.x = r * cos(t);
    mid.y = r * sin(t);
    return mid;
}

/* Two model points are the same point: the geometry computes shared corners and side
 * middles separately, so they agree only to rounding. */
static bool near(amz_point a, amz_point b)
{
    return fabs(a.x - b.x) < 1e-6 && fabs(a.y - b.y) < 1e-6;
}

/* The side of c whose middle is p, or -1. */
static int side_at(const amz_maze *m, amz_cell c, amz_point p, amz_side *sides)
{
    int n = amz_maze_cell_sides(m, c, sides);
    for (int k = 0; k < n; k++)
        if (near(side_mid(&sides[k]), p))
            return k;
    return -1;
}

/* A cell's outline as one closed sub-path: amz_maze_cell_sides gives the sides clockwise,
 * each starting where the one before ended. */
static void outline(cairo_t *cr, const img_geo *g, const amz_side *sides, int n)
{
    double x, y;
    to_px(g, sides[0].a, &x, &y);
    cairo_move_to(cr, x, y);
    for (int k = 0; k < n; k++)
        trace_side(cr, g, &sides[k]);
    cairo_close_path(cr);
}

void img_any_cell_box(const img_scene *s, amz_cell c, float box[4])
{
    amz_side sides[AMZ_MAX_SIDES];
    int n = amz_maze_cell_sides(s->m, c, sides);
    double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300, bulge = 0;
    for (int k = 0; k < n; k++) {
        const amz_point pts[3] = {sides[k].a, sides[k].b, side_mid(&sides[k])};
        for (int i = 0; i < 3; i++) {
            double x, y;
            to_px(&s->geo, pts[i], &x, &y);
            x0 = x < x0 ? x : x0;
            y0 = y < y0 ? y : y0;
            x1 = x > x1 ? x : x1;
            y1 = y > y1 ? y : y1;
        }
        /* An arc strays from its chord and middle by at most r (1 - cos(turn / 4)). */
        if (sides[k].arc) {
            double r = hypot(sides[k].a.x, sides[k].a.y) * s->geo.unit * (1 - cos(fabs(arc_turn(&sides[k])) / 4));
            bulge = r > bulge ? r : bulge;
        }
    }
    const double pad = bulge + s->geo.wall / 2.0 + 2; /* round caps and a pixel's rounding */
    box[0] = (float)(x0 - pad);
    box[1] = (float)(y0 - pad);
    box[2] = (float)(x1 + pad);
    box[3] = (float)(y1 + pad);
}

/* The clip's extent, and whether cell c's box meets it (always without boxes). */
typedef struct clip {
    double x0, y0, x1, y1;
} clip;

/* The clip's extents are in user space, which is picture pixels even on a scaled book
 * page, as the boxes are. */
static bool touches(const img_scene *s, const clip *k, amz_cell c)
{
    if (!s->any_boxes)
        return true;
    const float *b = s->any_boxes + 4 * (size_t)c;
    return b[2] >= k->x0 && b[0] <= k->x1 && b[3] >= k->y0 && b[1] <= k->y1;
}

/* ---- Weave crossings ----
 * A cell an under-passage crosses (amaze/maze.h: its own passages are the straight
 * corridor across it) is drawn as a bridge: the corridor on top runs between two walls
 * set CROSS_INSET of a cell in from its sides, the tunnel below comes in through gaps
 * in the other two sides, between walls that stop at the bridge's (the gap is what
 * shows it passing under), and the four corners between them are the background.
 * Every side of a crossing cell is drawn by the cell itself as its two end pieces; a
 * neighbour leaves a side it shares with one alone. The tunnel's path runs straight
 * through the cell under the bridge's walls. */
static const double CROSS_INSET = 0.25;

/* 0 if c is no crossing, 1 if an under-passage runs N-S under it, 2 if W-E. */
static int crossing(const amz_maze *m, amz_cell c)
{
    if (!m->weave || c == AMZ_NO_CELL || !amz_maze_exists(m, c))
        return 0;
    amz_cell n = amz_maze_neighbor(m, c, AMZ_SQ_N), w = amz_maze_neighbor(m, c, AMZ_SQ_W);
    if (n != AMZ_NO_CELL && amz_maze_passage(m, n, AMZ_SQ_S2))
        return 1;
    if (w != AMZ_NO_CELL && amz_maze_passage(m, w, AMZ_SQ_E2))
        return 2;
    return 0;
}

/* The two end pieces of side sd, CROSS_INSET of its length each, as sub-paths. */
static void end_pieces(cairo_t *cr, const img_geo *g, const amz_side *sd)
{
    const double f = CROSS_INSET, dx = sd->b.x - sd->a.x, dy = sd->b.y - sd->a.y;
    const amz_point seg[4] = {sd->a, {sd->a.x + f * dx, sd->a.y + f * dy}, {sd->b.x - f * dx, sd->b.y - f * dy}, sd->b};
    for (int i = 0; i < 4; i += 2) {
        double x, y;
        to_px(g, seg[i], &x, &y);
        cairo_move_to(cr, x, y);
        to_px(g, seg[i + 1], &x, &y);
        cairo_line_to(cr, x, y);
    }
}

/* Model point (u, v) of crossing cell c in its tunnel's frame: u across the tunnel,
 * v along it, both -0.5 .. 0.5 from the centre. */
static amz_point cross_pt(amz_point ctr, int axis, double u, double v)
{
    return axis == 1 ? (amz_point){ctr.x + u, ctr.y + v} : (amz_point){ctr.x + v, ctr.y + u};
}

/* Appends the segment from p to q (model points) as a sub-path. */
static void segment(cairo_t *cr, const img_geo *g, amz_point p, amz_point q)
{
    double x, y;
    to_px(g, p, &x, &y);
    cairo_move_to(cr, x, y);
    to_px(g, q, &x, &y);
    cairo_line_to(cr, x, y);
}

/* The corners of every crossing cell, in the background colour, over the fills. */
static void cross_corners(cairo_t *cr, const img_scene *s, const clip *k)
{
    const amz_maze *m = s->m;
    if (!m->weave)
        return;
    const double h = 0.5, q = CROSS_INSET;
    bool any = false;
    for (amz_cell c = 0; c < m->ncells; c++) {
        const int axis = crossing(m, c);
        if (!axis || !touches(s, k, c))
            continue;
        const amz_point ctr = amz_maze_cell_center(m, c);
        for (int i = 0; i < 4; i++) {
            const double u = i & 1 ? h - q : -h, v = i & 2 ? h - q : -h;
            double x0, y0, x1, y1;
            to_px(&s->geo, cross_pt(ctr, axis, u, v), &x0, &y0);
            to_px(&s->geo, cross_pt(ctr, axis, u + q, v + q), &x1, &y1);
            cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
            any = true;
        }
    }
    if (any) {
        img_set_color(cr, s->pal->background);
        cairo_fill(cr);
    }
}

/* A crossing cell's walls: its sides' end pieces, the bridge's two walls along the
 * corridor on top, and the tunnel's walls from its gaps to the bridge. */
static void cross_walls(cairo_t *cr, const img_scene *s, amz_cell c, int axis)
{
    const img_geo *g = &s->geo;
    amz_side sides[AMZ_MAX_SIDES];
    const int n = amz_maze_cell_sides(s->m, c, sides);
    for (int i = 0; i < n; i++)
        end_pieces(cr, g, &sides[i]);
    const amz_point ctr = amz_maze_cell_center(s->m, c);
    const double h = 0.5, q = CROSS_INSET;
    for (int side = -1; side <= 1; side += 2) {
        const double v = side * (h - q); /* the bridge wall on this side of the centre */
        segment(cr, g, cross_pt(ctr, axis, -h, v), cross_pt(ctr, axis, h, v));
        for (int across = -1; across <= 1; across += 2) {
            const double u = across * (h - q); /* a tunnel wall, from the gap to the bridge */
            segment(cr, g, cross_pt(ctr, axis, u, side * h), cross_pt(ctr, axis, u, v));
        }
    }
}

/* Cell fills, consecutive cells of one colour in one path (one fill, and one SVG
 * element for a plain floor). */
static void fills(cairo_t *cr, const img_scene *s, const clip *k)
{
    const amz_maze *m = s->m;
    amz_side sides[AMZ_MAX_SIDES];
    bool have = false;
    amz_color cur = {0, 0, 0, 0};
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (!amz_maze_exists(m, c) || !touches(s, k, c))
            continue;
        amz_color col = s->fill ? s->fill(s->fill_ctx, c) : s->pal->floor;
        if (have && !img_color_eq(col, cur)) {
            img_set_color(cr, cur);
            cairo_fill(cr);
        }
        cur = col;
        have = true;
        int n = amz_maze_cell_sides(m, c, sides);
        if (n)
            outline(cr, &s->geo, sides, n);
    }
    if (have) {
        img_set_color(cr, cur);
        cairo_fill(cr);
    }
}

/* From c's centre to the middle of its side k. */
static void half_move(cairo_t *cr, const img_scene *s, amz_cell c, const amz_side *sd)
{
    double x, y;
    to_px(&s->geo, amz_maze_cell_center(s->m, c), &x, &y);
    cairo_move_to(cr, x, y);
    to_px(&s->geo, side_mid(sd), &x, &y);
    cairo_line_to(cr, x, y);
}

/* The shown path (path_cells, path_edges: a still picture's solution, or the part an
 * animation has found): a dot at each of its cells (so a one-cell path shows), and from
 * each of them a half to the middle of every side its path edges cross, so an edge is
 * drawn by its two cells and a move across a wrapped border runs to the edge and on
 * from the other side. Stairs have no side: the triangles show them. */
static void solution(cairo_t *cr, const img_scene *s, const clip *clp)
{
    const amz_maze *m = s->m;
    if (!s->path_cells || !s->path_edges)
        return;
    amz_side mine[AMZ_MAX_SIDES];
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (!bits_get(s->path_cells, (uint64_t)c) || !touches(s, clp, c))
            continue;
        double x, y;
        to_px(&s->geo, amz_maze_cell_center(m, c), &x, &y);
        cairo_move_to(cr, x, y);
        cairo_line_to(cr, x, y);
        int n = amz_maze_cell_sides(m, c, mine);
        for (int k = 0; k < n; k++) {
            const int d = mine[k].dir;
            amz_cell nb = amz_maze_neighbor(m, c, d);
            /* Each edge from both its cells: each draws its own half. */
            if (nb == AMZ_NO_CELL || !bits_get(s->path_edges, grid_edge(m, c, d, nb)))
                continue;
            half_move(cr, s, c, &mine[k]);
        }
        /* An under-passage on the path: to the middle of the side it dives under. */
        for (int d = AMZ_SQ_N2; m->weave && d <= AMZ_SQ_W2; d++) {
            amz_cell far = amz_maze_neighbor(m, c, d);
            if (far == AMZ_NO_CELL || !bits_get(s->path_edges, grid_edge(m, c, d, far)))
                continue;
            for (int k = 0; k < n; k++)
                if (mine[k].dir == d - AMZ_SQ_N2)
                    half_move(cr, s, c, &mine[k]);
        }
    }
    /* ... and through the crossing cell, from the tunnel's gap to the other. */
    for (amz_cell c = 0; m->weave && c < m->ncells; c++) {
        const int axis = crossing(m, c);
        if (!axis || !touches(s, clp, c))
            continue;
        const int in = axis == 1 ? AMZ_SQ_N : AMZ_SQ_W, dive = axis == 1 ? AMZ_SQ_S2 : AMZ_SQ_E2;
        amz_cell from = amz_maze_neighbor(m, c, in), far = amz_maze_neighbor(m, from, dive);
        if (!bits_get(s->path_edges, grid_edge(m, from, dive, far)))
            continue;
        const amz_point ctr = amz_maze_cell_center(m, c);
        segment(cr, &s->geo, cross_pt(ctr, axis, 0, -0.5), cross_pt(ctr, axis, 0, 0.5));
    }
    cairo_set_line_width(cr, s->geo.unit * 0.25 > 1 ? s->geo.unit * 0.25 : 1);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    img_set_color(cr, s->pal->path);
    cairo_stroke(cr);
}

/* Marks sized to the grid's cells, about 60% of their inradius (a unit square's is
 * 0.5, a hexagon's 0.87, a unit triangle's 0.29, an octagon's 0.5). */
static double mark_radius(const amz_maze *m)
{
    switch (m->topology) {
    case AMZ_TOPO_HEX: return 0.5;
    case AMZ_TOPO_TRIANGLE: return 0.2;
    case AMZ_TOPO_OCTAGON: return 0.25;
    default: return 0.3;
    }
}

/* Stairs of a maze of levels: the up and down directions are found by name ("U", "D"),
 * whatever the topology numbers them. The triangles are in the wall colour. */
static void stairs(cairo_t *cr, const img_scene *s, const clip *k)
{
    const amz_maze *m = s->m;
    if (m->levels <= 1)
        return;
    int up = -1, down = -1;
    for (int d = 0; d < m->ndirs; d++) {
        const char *name = amz_dir_name(m->topology, d);
        if (name && strcmp(name, "U") == 0)
            up = d;
        else if (name && strcmp(name, "D") == 0)
            down = d;
    }
    const double r = mark_radius(m) * 0.8 * s->geo.unit;
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (!amz_maze_exists(m, c) || !touches(s, k, c))
            continue;
        double x, y;
        to_px(&s->geo, amz_maze_cell_center(m, c), &x, &y);
        /* Up: a triangle pointing up, above the centre; down: pointing down, below. */
        for (int i = 0; i < 2; i++) {
            int d = i ? down : up;
            if (d < 0 || !amz_maze_passage(m, c, d))
                continue;
            double sign = i ? 1 : -1, base = y + sign * 0.2 * r, tip = y + sign * 1.2 * r;
            cairo_move_to(cr, x - r, base);
            cairo_line_to(cr, x + r, base);
            cairo_line_to(cr, x, tip);
            cairo_close_path(cr);
        }
    }
    img_set_color(cr, s->pal->wall);
    cairo_fill(cr);
}

/* A start or goal disc. Drawn whatever the clip: one disc is cheap, and cairo clips it. */
static void marker(cairo_t *cr, const img_scene *s, amz_cell c, amz_color col)
{
    if (c == AMZ_NO_CELL)
        return;
    double x, y;
    to_px(&s->geo, amz_maze_cell_center(s->m, c), &x, &y);
    cairo_new_path(cr);
    cairo_arc(cr, x, y, mark_radius(s->m) * s->geo.unit, 0, 2 * PI);
    img_set_color(cr, col);
    cairo_fill(cr);
}

/* Does c draw its side k (direction d): a wall, and not one its neighbour draws? The
 * neighbour with the smaller id draws a wall they share; a wrapped edge has a side on
 * each border, and each cell draws its own. */
static bool draws_wall(const img_scene *s, amz_cell c, const amz_side *sd)
{
    const amz_maze *m = s->m;
    const int d = sd->dir;
    amz_cell nb = amz_maze_neighbor(m, c, d);
    if (nb == AMZ_NO_CELL || !amz_maze_exists(m, nb)) /* the outside: a wall unless an opening */
        return !((c == m->start && d == s->start_open) || (c == m->goal && d == s->goal_open));
    if (amz_maze_passage(m, c, d))
        return false;
    amz_side theirs[AMZ_MAX_SIDES];
    const bool shared = side_at(m, nb, side_mid(sd), theirs) >= 0;
    /* A side shared with a crossing cell is the crossing's to draw. */
    if (shared && crossing(m, nb))
        return false;
    return !(nb < c && shared);
}

/* Is c's side in direction d a gap a tunnel comes through (into a crossing on either
 * side of it, across the side)? Drawn as its end pieces. */
static bool tunnel_gap(const amz_maze *m, amz_cell c, int d)
{
    const int axis = d == AMZ_SQ_N || d == AMZ_SQ_S ? 1 : 2;
    return crossing(m, c) == axis || crossing(m, amz_maze_neighbor(m, c, d)) == axis;
}

static void walls(cairo_t *cr, const img_scene *s, const clip *k)
{
    const amz_maze *m = s->m;
    amz_side sides[AMZ_MAX_SIDES];
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (!amz_maze_exists(m, c) || !touches(s, k, c))
            continue;
        const int axis = crossing(m, c);
        if (axis) {
            cross_walls(cr, s, c, axis);
            continue;
        }
        int n = amz_maze_cell_sides(m, c, sides);
        for (int i = 0; i < n; i++) {
            if (!draws_wall(s, c, &sides[i]))
                continue;
            if (m->weave && tunnel_gap(m, c, sides[i].dir)) {
                end_pieces(cr, &s->geo, &sides[i]);
                continue;
            }
            double x, y;
            to_px(&s->geo, sides[i].a, &x, &y);
            cairo_move_to(cr, x, y);
            trace_side(cr, &s->geo, &sides[i]);
        }
    }
    cairo_set_line_width(cr, s->geo.wall);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    img_set_color(cr, s->pal->wall);
    cairo_stroke(cr);
}

/* Each part is appended only while the text still fits, so a short cap truncates the
 * note but never writes past it. */
void img_any_note(const amz_maze *m, char *note, size_t cap)
{
    const char *name = amz_topology_name(m->topology);
    int n = snprintf(note, cap, "%s", name ? name : "?");
    if (m->levels > 1 && n >= 0 && (size_t)n < cap)
        n += snprintf(note + n, cap - (size_t)n, ", %d levels", m->levels);
    if (m->wrap && n >= 0 && (size_t)n < cap)
        n += snprintf(note + n, cap - (size_t)n, ", wrap %s%s", m->wrap & AMZ_WRAP_X ? "x" : "",
                      m->wrap & AMZ_WRAP_Y ? "y" : "");
    if (m->weave && n >= 0 && (size_t)n < cap)
        snprintf(note + n, cap - (size_t)n, ", weave");
}

/* The layers in img_draw_region's order: walls last, over the fills and the path. cr's
 * clip, already set by img_draw_region, picks the cells with boxes. */
void img_any_draw(cairo_t *cr, const img_scene *s)
{
    clip k;
    cairo_clip_extents(cr, &k.x0, &k.y0, &k.x1, &k.y1);
    fills(cr, s, &k);
    cross_corners(cr, s, &k);
    solution(cr, s, &k);
    stairs(cr, s, &k);
    marker(cr, s, s->start, s->pal->start);
    marker(cr, s, s->goal, s->pal->goal);
    walls(cr, s, &k);
}
