/* test_picture_solve.c — amaze solves every picture it draws and pictures others draw.
 * For every generator that takes masks, on square and hex grids, every shape and
 * masks, with and without the solution drawn and the openings, at many cell sizes and
 * seeds: the picture is drawn, read back and solved with bfs, and the pixel path is
 * checked against the picture's geometry as amaze/image.h documents it (computed
 * here, not by the library): it starts at the start cell's opening and ends at the
 * goal's (or at the pixels given), every pixel lies in a cell of the drawn maze or in
 * those openings, consecutive pixels stay in one cell or cross into a neighbour joined
 * by a passage, and no pixel is wall by a colour rule of this file. The painted
 * picture covers, around every path pixel, a square at least N px wide wherever that
 * square is floor. Read from pixels in memory and painted there (the web page's way),
 * every picture gives the PNG's maze and painted pixels, and the sides the library
 * says it opens are the documented ones. "Foreign" pictures (black walls on white,
 * white outside, drawn by this file's own rasteriser, with margins or none, shaped or
 * not) pass the same checks. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "amaze/image.h"
#include "amaze/shape.h"
#include "imgtest.h"
#include "testutil.h"

/* ---- the geometry of a drawn maze (amaze/image.h), independent of the library ---- */

typedef struct geom {
    const amz_maze *m;
    bool hex;
    double cell, wall, margin; /* square: pitch, wall; hex: corner-to-corner width */
    double s, hh, o;           /* hex */
} geom;

static void cell_centre(const geom *g, int64_t x, int64_t y, double *cx, double *cy)
{
    if (g->hex) {
        *cx = g->o + g->s + 1.5 * g->s * (double)x;
        *cy = g->o + g->hh * (2.0 * (double)y + 1.0 + (double)(x & 1));
    } else {
        *cx = g->margin + (double)x * g->cell + g->wall + (g->cell - g->wall) / 2.0;
        *cy = g->margin + (double)y * g->cell + g->wall + (g->cell - g->wall) / 2.0;
    }
}

/* The grid cell whose centre is nearest image pixel (px, py) (its centre), or -1
 * off the grid; hex: the nearest of the candidates around the estimate. */
static int64_t nearest_cell(const geom *g, int64_t px, int64_t py)
{
    const amz_maze *m = g->m;
    double x = (double)px + 0.5, y = (double)py + 0.5;
    double best = INFINITY;
    int64_t bx = -1, by = -1;
    int64_t ex, ey;
    if (g->hex) {
        ex = (int64_t)floor((x - g->o - g->s) / (1.5 * g->s) + 0.5);
        ey = (int64_t)floor((y - g->o) / (2 * g->hh));
    } else {
        ex = (int64_t)floor((x - g->margin - g->wall / 2) / g->cell);
        ey = (int64_t)floor((y - g->margin - g->wall / 2) / g->cell);
    }
    for (int64_t cy = ey - 2; cy <= ey + 2; cy++)
        for (int64_t cx = ex - 2; cx <= ex + 2; cx++) {
            double ccx, ccy;
            cell_centre(g, cx, cy, &ccx, &ccy);
            double d = g->hex ? (ccx - x) * (ccx - x) + (ccy - y) * (ccy - y) : fmax(fabs(ccx - x), fabs(ccy - y));
            if (d < best - 1e-9)
                best = d, bx = cx, by = cy;
        }
    if (bx < 0 || by < 0 || bx >= m->width || by >= m->height)
        return -1;
    return by * m->width + bx;
}

/* The documented opening side: the first side facing the outside (the grid's border
 * or a removed cell) in the order the header gives. */
static int opening_dir(const amz_maze *m, amz_cell c, bool goal)
{
    static const int sq_s[4] = {AMZ_SQ_N, AMZ_SQ_W, AMZ_SQ_E, AMZ_SQ_S}, sq_g[4] = {AMZ_SQ_S, AMZ_SQ_E, AMZ_SQ_W, AMZ_SQ_N};
    static const int hx_s[6] = {AMZ_HEX_N, AMZ_HEX_NW, AMZ_HEX_NE, AMZ_HEX_SW, AMZ_HEX_SE, AMZ_HEX_S};
    static const int hx_g[6] = {AMZ_HEX_S, AMZ_HEX_SE, AMZ_HEX_SW, AMZ_HEX_NE, AMZ_HEX_NW, AMZ_HEX_N};
    bool hex = m->topology == AMZ_TOPO_HEX;
    const int *order = hex ? (goal ? hx_g : hx_s) : (goal ? sq_g : sq_s);
    for (int k = 0; k < (hex ? 6 : 4); k++) {
        amz_cell nb = amz_maze_neighbor(m, c, order[k]);
        if (nb == AMZ_NO_CELL || !amz_maze_exists(m, nb))
            return order[k];
    }
    return -1;
}

/* Middle of the side of cell c in direction d. */
static void side_middle(const geom *g, amz_cell c, int d, double *x, double *y)
{
    int64_t cx = c % g->m->width, cy = c / g->m->width;
    cell_centre(g, cx, cy, x, y);
    if (g->hex) {
        *x += g->hh * sin(d * 1.0471975511965976);
        *y -= g->hh * cos(d * 1.0471975511965976);
    } else {
        double half = (g->cell + g->wall) / 2.0 - g->wall / 2.0; /* centre to the wall line's middle */
        static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
        *x += dx[d] * half;
        *y += dy[d] * half;
    }
}

/* ---- pixel rules of this file ---- */

/* Wall: the wall colour itself, give or take the 15% of floor an antialiased edge
 * mixes in (the mixes between are the crossing check's business). */
static bool is_wall(const uint8_t *p, const uint8_t *wall)
{
    int d = 0;
    for (int i = 0; i < 3; i++)
        d += (p[i] - wall[i]) * (p[i] - wall[i]);
    return d <= 40 * 40;
}

/* ---- the checks ---- */

/* Is pixel (px, py) within 2 px of an end of the side cells a and b share? */
static bool near_corner(const geom *g, amz_cell a, amz_cell b, int64_t px, int64_t py)
{
    const amz_maze *m = g->m;
    int d = -1;
    for (int k = 0; k < m->ndirs; k++)
        if (amz_maze_neighbor(m, a, k) == b)
            d = k;
    if (d < 0)
        return false;
    double cx, cy;
    cell_centre(g, a % m->width, a / m->width, &cx, &cy);
    for (int e = 0; e < 2; e++) {
        double x, y;
        if (g->hex) { /* side d runs from corner d + 4 to d + 5, corner k at 60k degrees */
            double ang = ((d + 4 + e) % 6) * 1.0471975511965976;
            x = cx + g->s * cos(ang), y = cy + g->s * sin(ang);
        } else {
            static const int sx[4][2] = {{-1, 1}, {1, 1}, {-1, 1}, {-1, -1}}, sy[4][2] = {{-1, -1}, {-1, 1}, {1, 1}, {-1, 1}};
            x = cx + sx[d][e] * g->cell / 2, y = cy + sy[d][e] * g->cell / 2;
        }
        if (hypot((double)px + 0.5 - x, (double)py + 0.5 - y) <= 2.0)
            return true;
    }
    return false;
}

static bool passage_to(const amz_maze *m, amz_cell a, amz_cell b)
{
    for (int d = 0; d < m->ndirs; d++)
        if (amz_maze_neighbor(m, a, d) == b && amz_maze_passage(m, a, d))
            return true;
    return false;
}

typedef struct pic {
    char *png;
    size_t len;
    geom g;
    bool given;              /* ends given as pixels (no openings drawn) */
    uint8_t wall[3];         /* the wall colour */
    int band;                /* the painted band must be at least this wide */
    const char *what;
} pic;

/* The picture's pixels as decoded here, in rows padded by a few bytes (any stride is
 * taken), or NULL after failing. */
static uint8_t *padded_rows(const tu_image *im, size_t *stride)
{
    *stride = (size_t)im->w * 4 + 12;
    uint8_t *p = malloc(*stride * (size_t)im->h);
    assert_non_null(p);
    memset(p, 0xa5, *stride * (size_t)im->h);
    for (int y = 0; y < im->h; y++)
        memcpy(p + (size_t)y * *stride, tu_px(im, 0, y), (size_t)im->w * 4);
    return p;
}

/* Read from the decoded pixels (amz_image_read_maze_rgba, the web page's way), the
 * picture is the maze the PNG reader makes, at the same place with the same findings. */
static void check_rgba_read(const pic *pc, const tu_image *im, const amz_image_read_options *o, const amz_maze *pm,
                            const amz_image_origin *org)
{
    size_t stride;
    uint8_t *rows = padded_rows(im, &stride);
    amz_maze qm;
    amz_image_origin q;
    amz_error err;
    if (amz_image_read_maze_rgba(rows, (uint32_t)im->w, (uint32_t)im->h, stride, o, &qm, &q, &err) != AMZ_OK)
        fail_msg("%s: from RGBA: %s", pc->what, err.msg);
    tu_assert_same_maze(pm, &qm, pc->what);
    assert_int_equal(qm.start, pm->start);
    assert_int_equal(qm.goal, pm->goal);
    assert_true(q.x == org->x && q.y == org->y && q.width == org->width && q.height == org->height);
    assert_true(q.corridor == org->corridor && q.inset == org->inset && q.openings == org->openings);
    assert_memory_equal(&q.wall, &org->wall, sizeof q.wall);
    assert_memory_equal(&q.floor, &org->floor, sizeof q.floor);
    amz_maze_deinit(&qm);
    free(rows);
}

/* Painted in place on the decoded pixels, the picture has the pixels of the painted
 * PNG, and the padding between rows is left alone. */
static void check_rgba_paint(const pic *pc, const tu_image *im, const tu_image *painted, const amz_maze *pm,
                             const amz_image_origin *org, const amz_path *path)
{
    size_t stride;
    uint8_t *rows = padded_rows(im, &stride);
    amz_error err;
    const amz_color red = {255, 0, 0, 255};
    if (amz_image_paint_path_rgba(rows, (uint32_t)im->w, (uint32_t)im->h, stride, pm, org, path, red, NULL, &err))
        fail_msg("%s: painting RGBA: %s", pc->what, err.msg);
    for (int y = 0; y < im->h; y++) {
        const uint8_t *row = rows + (size_t)y * stride;
        if (memcmp(row, tu_px(painted, 0, y), (size_t)im->w * 4) != 0)
            fail_msg("%s: row %d painted in memory differs from the painted PNG's", pc->what, y);
        for (size_t k = (size_t)im->w * 4; k < stride; k++)
            assert_int_equal(row[k], 0xa5);
    }
    free(rows);
}

static void check_picture(const pic *pc)
{
    const amz_maze *m = pc->g.m;
    amz_image_read_options o;
    amz_image_read_options_init(&o);
    double sx, sy, gx, gy;
    if (pc->given) {
        cell_centre(&pc->g, m->start % m->width, m->start / m->width, &sx, &sy);
        cell_centre(&pc->g, m->goal % m->width, m->goal / m->width, &gx, &gy);
        o.has_from = o.has_to = true;
        o.from_x = (int64_t)sx, o.from_y = (int64_t)sy, o.to_x = (int64_t)gx, o.to_y = (int64_t)gy;
    } else {
        side_middle(&pc->g, m->start, opening_dir(m, m->start, false), &sx, &sy);
        side_middle(&pc->g, m->goal, opening_dir(m, m->goal, true), &gx, &gy);
    }
    amz_maze pm;
    amz_image_origin org;
    amz_error err;
    if (amz_image_read_maze(pc->png, pc->len, &o, &pm, &org, &err) != AMZ_OK)
        fail_msg("%s: %s", pc->what, err.msg);
    amz_solve_result r;
    if (amz_solve_run(&pm, "bfs", pm.start, pm.goal, NULL, NULL, &r, &err) != AMZ_OK)
        fail_msg("%s: %s", pc->what, err.msg);
    amz_cell *cells = malloc(sizeof *cells * (r.path.len + 1));
    assert_int_equal(amz_path_cells(&pm, &r.path, cells), AMZ_OK);
    tu_image im;
    assert_true(tu_png_load_mem(pc->png, pc->len, &im));
    check_rgba_read(pc, &im, &o, &pm, &org);
    /* Ends at the openings (within the wall's and half a corridor's reach) or exactly
     * at the pixels given. */
    const double reach = pc->given ? 0.75 : pc->g.cell * 0.6 + pc->g.wall;
    for (int e = 0; e < 2; e++) {
        amz_cell pcell = cells[e ? r.path.len : 0];
        double px = (double)(org.x + pcell % pm.width), py = (double)(org.y + pcell / pm.width);
        double tx = e ? gx : sx, ty = e ? gy : sy;
        if (pc->given)
            tx = floor(tx), ty = floor(ty);
        if (hypot(px - tx, py - ty) > reach)
            fail_msg("%s: the path's %s (%g,%g) is %.1f px from the %s at (%.1f,%.1f)", pc->what,
                     e ? "end" : "start", px, py, hypot(px - tx, py - ty), e ? "exit" : "entrance", tx, ty);
    }
    /* Every pixel floor, in a cell or an opening, moving only through passages. */
    int64_t prev = -2;
    for (uint64_t k = 0; k <= r.path.len; k++) {
        int64_t px = org.x + cells[k] % pm.width, py = org.y + cells[k] / pm.width;
        if (is_wall(tu_px(&im, (int)px, (int)py), pc->wall))
            fail_msg("%s: path pixel %llu (%lld,%lld) is a wall pixel", pc->what, (unsigned long long)k,
                     (long long)px, (long long)py);
        int64_t c = nearest_cell(&pc->g, px, py);
        if (c < 0 || !amz_maze_exists(m, c)) {
            /* Outside the cells: only in an opening, by the ends. */
            double d = fmin(hypot((double)px - sx, (double)py - sy), hypot((double)px - gx, (double)py - gy));
            if (d > pc->g.cell)
                fail_msg("%s: path pixel (%lld,%lld) is outside the maze", pc->what, (long long)px, (long long)py);
            c = -1;
        }
        if (prev >= 0 && c >= 0 && c != prev) {
            /* Into a neighbour through their passage, or past the corner of a third
             * cell joined to both (a pixel step near a corner may skip its sliver). */
            bool joined = passage_to(m, prev, c);
            for (int d = 0; d < m->ndirs && !joined; d++) {
                amz_cell mid = amz_maze_neighbor(m, prev, d);
                joined = mid != AMZ_NO_CELL && amz_maze_passage(m, prev, d) && passage_to(m, mid, c) &&
                         near_corner(&pc->g, prev, c, px, py);
            }
            if (!joined)
                fail_msg("%s: the path crosses a wall from cell %lld to %lld at (%lld,%lld)", pc->what,
                         (long long)prev, (long long)c, (long long)px, (long long)py);
        }
        if (c >= 0 || prev == -2)
            prev = c;
    }
    /* The painted band: a square of `band` px around each path pixel, where floor. */
    char *out = NULL;
    size_t olen = 0;
    FILE *mf = open_memstream(&out, &olen);
    const amz_color red = {255, 0, 0, 255};
    assert_int_equal(amz_image_write_path(pc->png, pc->len, &pm, &org, &r.path, red, NULL, mf, &err), AMZ_OK);
    fclose(mf);
    tu_image painted;
    assert_true(tu_png_load_mem(out, olen, &painted));
    check_rgba_paint(pc, &im, &painted, &pm, &org, &r.path);
    const int half = (pc->band - 1) / 2;
    for (uint64_t k = 0; k <= r.path.len; k++) {
        int px = (int)(org.x + cells[k] % pm.width), py = (int)(org.y + cells[k] / pm.width);
        for (int dy = -half; dy <= half; dy++)
            for (int dx = -half; dx <= half; dx++) {
                int x = px + dx, y = py + dy;
                if (x < org.x || y < org.y || x >= org.x + pm.width || y >= org.y + pm.height ||
                    is_wall(tu_px(&im, x, y), pc->wall))
                    continue;
                if (!tu_px_is(&painted, x, y, 0xff0000))
                    fail_msg("%s: (%d,%d), %d px from path pixel (%d,%d), is floor but not painted (band %d, "
                             "inset %u, corridor %u)",
                             pc->what, x, y, abs(dx) > abs(dy) ? abs(dx) : abs(dy), px, py, pc->band, org.inset,
                             org.corridor);
            }
    }
    tu_image_free(&painted);
    free(out);
    tu_image_free(&im);
    free(cells);
    amz_path_deinit(&r.path);
    amz_maze_deinit(&pm);
}

/* ---- pictures amaze draws ---- */

static const char *const heart =
    "##.....##.....##\n"
    "#...#.......#...\n"
    "................\n"
    ".......##.......\n"
    "#.....####.....#\n"
    "##............##\n"
    "####........####\n"
    "######....######\n";

typedef enum { MASK_SHAPE, MASK_TEXT, MASK_RANDOM } mask_kind;

/* A maze of topology t, shaped by s (MASK_SHAPE), the heart, or a random mask, made
 * by generator g. */
static bool make_maze(amz_maze *m, const amz_gen_info *g, amz_topology t, mask_kind mk, amz_shape s, int w, int h,
                      uint64_t seed)
{
    amz_error err;
    if (mk == MASK_TEXT) {
        assert_int_equal(amz_mask_read_text(heart, strlen(heart), t, m, &err), AMZ_OK);
    } else {
        assert_int_equal(amz_maze_init(m, t, w, h, &err), AMZ_OK);
        if (mk == MASK_RANDOM) {
            tu_random_mask(m, 0.15, seed);
            assert_int_equal(amz_islands_keep_largest(m, &err), AMZ_OK);
            assert_int_equal(amz_islands_ends(m, AMZ_NO_CELL, &m->start, &m->goal, &err), AMZ_OK);
        } else if (amz_shape_apply(m, s, &err) != AMZ_OK) {
            amz_maze_deinit(m);
            return false;
        }
    }
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.seed = seed;
    if (amz_gen_run(m, g->name, &o, NULL, &err) != AMZ_OK)
        fail_msg("%s %s: %s", g->name, amz_topology_name(t), err.msg);
    return true;
}

static void drawn(const amz_maze *m, int cell, bool solution, bool openings, bool antialias, const char *what)
{
    amz_image_options o;
    amz_image_options_init(&o);
    o.cell = cell;
    o.solution = solution;
    o.openings = openings;
    o.antialias = antialias;
    amz_image_layout l;
    amz_error err;
    assert_int_equal(amz_image_layout_get(m, &o, AMZ_IMAGE_PNG, &l, &err), AMZ_OK);
    /* The sides the library says it opens (the web page draws by them) are the
     * documented ones. */
    int open[2];
    amz_image_openings(m, &o, open);
    assert_int_equal(open[0], openings ? opening_dir(m, m->start, false) : -1);
    assert_int_equal(open[1], openings && m->goal != m->start ? opening_dir(m, m->goal, true) : -1);
    pic pc;
    memset(&pc, 0, sizeof pc);
    pc.what = what;
    FILE *mf = open_memstream(&pc.png, &pc.len);
    assert_int_equal(amz_image_write(m, &o, AMZ_IMAGE_PNG, mf, &err), AMZ_OK);
    fclose(mf);
    pc.g.m = m;
    pc.g.hex = m->topology == AMZ_TOPO_HEX;
    pc.g.cell = l.cell, pc.g.wall = l.wall, pc.g.margin = l.margin;
    pc.g.s = l.cell / 2.0, pc.g.hh = pc.g.s * sqrt(3.0) / 2.0, pc.g.o = l.margin + l.wall / 2.0;
    pc.given = !openings;
    pc.wall[0] = o.palette.wall.r, pc.wall[1] = o.palette.wall.g, pc.wall[2] = o.palette.wall.b;
    /* Square corridors are cell - wall wide; hex ones narrow to an edge, s less the
     * wall's round caps. The band must cover a third of that. */
    double corridor = pc.g.hex ? pc.g.s - 2 * l.wall : l.cell - l.wall;
    pc.band = corridor >= 6 ? (int)(corridor / 3) : 1;
    check_picture(&pc);
    free(pc.png);
}

static void test_drawn_pictures(void **state)
{
    (void)state;
    int cases = 0;
    for (size_t gi = 0; gi < amz_gen_count(); gi++) {
        const amz_gen_info *g = amz_gen_at(gi);
        if (!g->masks)
            continue;
        for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++) {
            if (!amz_gen_supports(g, (amz_topology)t))
                continue;
            for (int k = 0; k < 9; k++) {
                /* Shapes 0..4 where defined, then the heart, then random masks. */
                mask_kind mk = k < 5 ? MASK_SHAPE : k == 5 ? MASK_TEXT : MASK_RANDOM;
                amz_shape s = k < 5 ? (amz_shape)k : AMZ_SHAPE_RECT;
                if (mk == MASK_SHAPE && !amz_shape_supports(s, (amz_topology)t))
                    continue;
                uint64_t seed = 1000 * gi + 100 * (uint64_t)t + (uint64_t)k;
                int w = 9 + (int)(seed * 7 % 9), h = 7 + (int)(seed * 5 % 8);
                amz_maze m;
                if (!make_maze(&m, g, (amz_topology)t, mk, s, w, h, seed))
                    continue;
                /* Cell sizes from the smallest to roomy, solution and openings on
                 * and off in turn. */
                static const int sq_cells[] = {2, 3, 5, 8, 16, 23};
                static const int hex_cells[] = {8, 12, 17, 26};
                const int *cs = t == AMZ_TOPO_HEX ? hex_cells : sq_cells;
                int ncs = t == AMZ_TOPO_HEX ? 4 : 6;
                int cell = cs[seed % (uint64_t)ncs];
                if (cell <= 3 && m.topology == AMZ_TOPO_SQUARE && (seed & 1))
                    cell = 2;
                amz_solve_result r;
                amz_error err;
                if (amz_solve_run(&m, "bfs", m.start, m.goal, NULL, NULL, &r, &err) == AMZ_OK) {
                    assert_int_equal(amz_maze_set_solution(&m, &r.path, &err), AMZ_OK);
                    amz_path_deinit(&r.path);
                }
                /* Under the sanitizers one of the four, in turn. */
                for (int v = 0; v < 4; v++) {
                    if (AMZ_TEST_SANITIZED && (uint64_t)v != seed % 4)
                        continue;
                    char what[160];
                    bool solution = v & 1, openings = !(v & 2);
                    snprintf(what, sizeof what, "%s %s %s %dx%d seed %llu cell %d%s%s", g->name,
                             amz_topology_name(m.topology),
                             mk == MASK_SHAPE ? amz_shape_name(s) : mk == MASK_TEXT ? "heart" : "random mask",
                             m.width, m.height, (unsigned long long)seed, cell, solution ? " solution" : "",
                             openings ? "" : " no-openings");
                    drawn(&m, cell, solution, openings, seed % 5 != 0, what);
                    cases++;
                }
                amz_maze_deinit(&m);
            }
        }
    }
    assert_true(cases > (AMZ_TEST_SANITIZED ? 50 : 200));
}

/* ---- pictures others draw ---- */

/* Black walls tw px thick around corridors tc px wide, on white with a white outside
 * and margin px of it (0 = none); gaps above the start and below the goal. */
static void foreign(const amz_maze *m, int tc, int tw, int margin, const char *what)
{
    const int p = tc + tw;
    tu_image im;
    im.w = 2 * margin + m->width * p + tw;
    im.h = 2 * margin + m->height * p + tw;
    im.px = malloc((size_t)im.w * (size_t)im.h * 4);
    memset(im.px, 255, (size_t)im.w * (size_t)im.h * 4);
#define EX(x, y) ((x) >= 0 && (y) >= 0 && (x) < m->width && (y) < m->height && amz_maze_exists(m, (y) * m->width + (x)))
#define BLACK(x0, y0, x1, y1)                                                                                         \
    for (int yy = (y0); yy < (y1); yy++)                                                                              \
        for (int xx = (x0); xx < (x1); xx++)                                                                          \
            memset(im.px + ((size_t)yy * (size_t)im.w + (size_t)xx) * 4, 0, 3)
    for (int y = 0; y <= m->height; y++)
        for (int x = 0; x <= m->width; x++) {
            int px = margin + x * p, py = margin + y * p;
            /* Posts wherever a cell touches the corner; walls where one side is a cell
             * and the other not or the passage is shut, but the two gaps. */
            if (EX(x - 1, y - 1) || EX(x, y - 1) || EX(x - 1, y) || EX(x, y))
                BLACK(px, py, px + tw, py + tw);
            bool a = EX(x - 1, y), b = EX(x, y);
            if (y < m->height && (a != b || (a && !amz_maze_passage(m, y * m->width + x - 1, AMZ_SQ_E))))
                BLACK(px, py, px + tw, py + p + tw);
            a = EX(x, y - 1), b = EX(x, y);
            amz_cell below = y * m->width + x;
            bool gap = (b && below == m->start) || (a && below - m->width == m->goal);
            if (x < m->width && !gap && (a != b || (a && !amz_maze_passage(m, below - m->width, AMZ_SQ_S))))
                BLACK(px, py, px + p + tw, py + tw);
        }
#undef BLACK
#undef EX
    pic pc;
    memset(&pc, 0, sizeof pc);
    pc.what = what;
    char path[] = "/tmp/amz-foreign-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_true(tu_png_save(path, &im));
    FILE *f = fopen(path, "rb");
    fseek(f, 0, SEEK_END);
    pc.len = (size_t)ftell(f);
    rewind(f);
    pc.png = malloc(pc.len);
    assert_int_equal(fread(pc.png, 1, pc.len, f), pc.len);
    fclose(f);
    remove(path);
    tu_image_free(&im);
    pc.g.m = m;
    pc.g.cell = p, pc.g.wall = tw, pc.g.margin = margin;
    pc.band = tc >= 6 ? tc / 3 : 1;
    check_picture(&pc);
    free(pc.png);
}

static void test_foreign_pictures(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        amz_maze m;
        int w = 4 + (int)(seed * 7 % 13), h = 3 + (int)(seed * 5 % 11);
        assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, w, h, NULL), AMZ_OK);
        /* Every third is round: the outside reaches in between the cells' steps. */
        if (seed % 3 == 0)
            assert_int_equal(amz_shape_apply(&m, AMZ_SHAPE_CIRCLE, NULL), AMZ_OK);
        amz_gen_options o;
        amz_gen_options_init(&o);
        o.seed = seed;
        o.braid = seed % 4 == 1 ? 0.5 : 0;
        assert_int_equal(amz_gen_run(&m, seed % 2 ? "backtracker" : "kruskal", &o, NULL, NULL), AMZ_OK);
        int tc = 1 + (int)(seed * 3 % 19), tw = 1 + (int)(seed % 5), margin = (int)(seed * 11 % 4) * 7;
        char what[120];
        snprintf(what, sizeof what, "foreign %dx%d seed %llu corridor %d wall %d margin %d", w, h,
                 (unsigned long long)seed, tc, tw, margin);
        foreign(&m, tc, tw, margin, what);
        amz_maze_deinit(&m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_drawn_pictures),
        cmocka_unit_test(test_foreign_pictures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
