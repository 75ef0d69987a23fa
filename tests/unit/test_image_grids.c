/* test_image_grids.c — pictures of the grids drawn from the model's geometry (polar,
 * triangle, octagon, levels, wrap-around; src/render/img_any.c), decoded with libpng
 * and checked pixel by pixel against the maze, over many mazes and seeds: every
 * cell's centre is floor (or the solution, or its marker), the middle of every side
 * is wall exactly when the side is closed (no passage, or the outside but for the
 * start's and goal's openings), stairs show where a cell has a passage up or down,
 * and the size is the documented one; on weave grids every crossing is a bridge (its
 * walls across the corridor on top, the tunnel's gaps, its walls stopping at the
 * bridge, the background corners). Also: reproducible bytes, the grid mark that makes
 * the picture reader refuse them, SVG and PDF. */
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
#include "imgtest.h"
#include "testutil.h"

static const double PI = 3.14159265358979323846;

static const amz_grid grids[] = {
    {AMZ_TOPO_POLAR, 6, 6, 1, 0, false},    {AMZ_TOPO_POLAR, 3, 5, 1, 0, false},
    {AMZ_TOPO_TRIANGLE, 9, 6, 1, 0, false}, {AMZ_TOPO_OCTAGON, 7, 5, 1, 0, false},
    {AMZ_TOPO_SQUARE, 5, 4, 3, 0, false},   {AMZ_TOPO_HEX, 5, 4, 2, 0, false},
    {AMZ_TOPO_TRIANGLE, 6, 4, 2, 0, false}, {AMZ_TOPO_SQUARE, 6, 5, 1, AMZ_WRAP_X, false},
    {AMZ_TOPO_SQUARE, 6, 6, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false},
    {AMZ_TOPO_HEX, 6, 4, 1, AMZ_WRAP_X, false},
    {AMZ_TOPO_TRIANGLE, 8, 4, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false},
    {AMZ_TOPO_SQUARE, 9, 8, 1, 0, true},
    {AMZ_TOPO_SQUARE, 8, 7, 1, AMZ_WRAP_X | AMZ_WRAP_Y, true},
};
#define NGRIDS (sizeof grids / sizeof grids[0])

static uint32_t rgb(amz_color c)
{
    return (uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b;
}

static void make(amz_maze *m, const amz_grid *g, uint64_t seed, double braid)
{
    amz_error err;
    assert_int_equal(amz_maze_init_grid(m, g, &err), AMZ_OK);
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.seed = seed;
    o.braid = braid;
    o.weave = 0.9;
    if (amz_gen_run(m, "backtracker", &o, NULL, &err))
        fail_msg("generate: %s", err.msg);
    assert_int_equal(amz_solve_maze(m, "bfs", NULL, NULL, NULL, &err), AMZ_OK);
}

static char *draw(const amz_maze *m, const amz_image_options *o, amz_image_format f, size_t *len)
{
    char *buf = NULL;
    FILE *fp = open_memstream(&buf, len);
    amz_error err;
    amz_error_clear(&err);
    if (amz_image_write(m, o, f, fp, &err))
        fail_msg("draw: %s", err.msg);
    fclose(fp);
    return buf;
}

/* The documented placement (amaze/image.h): model point p at o + (p - lo) * u. */
typedef struct place {
    double o, u;
    amz_point lo;
} place;

static void px(const place *pl, amz_point p, int *x, int *y)
{
    *x = (int)floor(pl->o + (p.x - pl->lo.x) * pl->u);
    *y = (int)floor(pl->o + (p.y - pl->lo.y) * pl->u);
}

/* The middle of a side; an arc's at its middle angle, the short way round. */
static amz_point middle(const amz_side *sd)
{
    amz_point mid = {(sd->a.x + sd->b.x) / 2, (sd->a.y + sd->b.y) / 2};
    if (sd->arc) {
        double t0 = atan2(sd->a.y, sd->a.x), dt = atan2(sd->b.y, sd->b.x) - t0;
        dt -= dt > PI ? 2 * PI : dt <= -PI ? -2 * PI : 0;
        double r = hypot(sd->a.x, sd->a.y), t = t0 + dt / 2;
        mid.x = r * cos(t);
        mid.y = r * sin(t);
    }
    return mid;
}

static int dir_named(const amz_maze *m, const char *name)
{
    for (int d = 0; d < m->ndirs; d++)
        if (amz_dir_name(m->topology, d) && strcmp(amz_dir_name(m->topology, d), name) == 0)
            return d;
    return -1;
}

/* 0 if no under-passage crosses c, 1 if one runs N-S under it, 2 if W-E (amaze/maze.h:
 * an under-passage N2..W2 jumps over the next cell). */
static int crossing(const amz_maze *m, amz_cell c)
{
    if (!m->weave)
        return 0;
    amz_cell n = amz_maze_neighbor(m, c, AMZ_SQ_N), w = amz_maze_neighbor(m, c, AMZ_SQ_W);
    return n != AMZ_NO_CELL && amz_maze_passage(m, n, AMZ_SQ_S2)   ? 1
         : w != AMZ_NO_CELL && amz_maze_passage(m, w, AMZ_SQ_E2) ? 2
                                                                   : 0;
}

/* The crossings' bridges, as amaze/image.h describes them: in the frame of the tunnel
 * (u across it, v along it, from the centre), the bridge's walls at v = +-1/4 across
 * the cell, the tunnel's at u = +-1/4 from the sides to the bridge and not under it,
 * the corners background. Returns the pixels checked. */
static long check_bridge(const amz_maze *m, amz_cell c, int axis, const tu_image *im, const place *pl,
                         const amz_palette *p, const char *what)
{
    const amz_point ctr = amz_maze_cell_center(m, c);
    const struct {
        double u, v;
        uint32_t want; /* 0: anything but wall */
        const char *part;
    } pts[] = {
        {0.4, -0.25, rgb(p->wall), "bridge wall"},    {-0.4, 0.25, rgb(p->wall), "bridge wall"},
        {-0.25, -0.4, rgb(p->wall), "tunnel wall"},   {0.25, 0.4, rgb(p->wall), "tunnel wall"},
        {-0.25, 0.0, 0, "the tunnel's gap"},           {0.25, 0.1, 0, "the tunnel's gap"},
        {-0.375, -0.375, rgb(p->background), "corner"}, {0.375, 0.375, rgb(p->background), "corner"},
    };
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        amz_point q = axis == 1 ? (amz_point){ctr.x + pts[i].u, ctr.y + pts[i].v}
                                : (amz_point){ctr.x + pts[i].v, ctr.y + pts[i].u};
        int x, y;
        px(pl, q, &x, &y);
        uint32_t got = tu_px_rgb(im, x, y);
        if (pts[i].want ? got != pts[i].want : got == rgb(p->wall))
            fail_msg("%s: crossing %lld's %s at (%d,%d) is %06x", what, (long long)c, pts[i].part, x, y, got);
    }
    return (long)(sizeof pts / sizeof pts[0]);
}

/* Checks every cell and side of m's picture with options o (solution and markers as
 * o says); returns the number of pixels checked. */
static long check_picture(const amz_maze *m, const amz_image_options *o, const char *what)
{
    size_t len;
    char *png = draw(m, o, AMZ_IMAGE_PNG, &len);
    tu_image im;
    assert_true(tu_png_load_mem(png, len, &im));
    free(png);
    amz_image_layout l;
    assert_int_equal(amz_image_layout_get(m, o, AMZ_IMAGE_PNG, &l, NULL), AMZ_OK);
    place pl;
    amz_point hi;
    amz_maze_extent(m, &pl.lo, &hi);
    pl.u = l.cell / (m->topology == AMZ_TOPO_HEX ? 2.0 : 1.0);
    pl.o = l.margin + l.wall / 2.0;
    assert_int_equal(im.w, (int)ceil(2.0 * l.margin + l.wall + (hi.x - pl.lo.x) * pl.u));
    assert_int_equal(im.h, (int)ceil(2.0 * l.margin + l.wall + (hi.y - pl.lo.y) * pl.u));
    const amz_palette *p = &o->palette;
    int open[2];
    amz_image_openings(m, o, open);
    const int up = dir_named(m, "U"), down = dir_named(m, "D");
    uint64_t *on_path = calloc((size_t)m->ncells, 8);
    if (o->solution && m->has_solution) {
        amz_cell *cells = malloc((m->solution.len + 1) * sizeof *cells);
        assert_int_equal(amz_path_cells(m, &m->solution, cells), AMZ_OK);
        for (uint64_t i = 0; i <= m->solution.len; i++)
            on_path[cells[i]] = 1;
        /* A move under a crossing runs through that cell's centre too. */
        for (uint64_t i = 0; m->weave && i < m->solution.len; i++)
            for (int d = AMZ_SQ_N2; d <= AMZ_SQ_W2; d++)
                if (amz_maze_neighbor(m, cells[i], d) == cells[i + 1])
                    on_path[amz_maze_neighbor(m, cells[i], d - AMZ_SQ_N2)] = 1;
        free(cells);
    }
    long checked = 0;
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (!amz_maze_exists(m, c))
            continue;
        amz_point ctr = amz_maze_cell_center(m, c);
        int x, y;
        px(&pl, ctr, &x, &y);
        uint32_t want = o->markers && c == m->start ? rgb(p->start)
                      : o->markers && c == m->goal  ? rgb(p->goal)
                      : on_path[c]                  ? rgb(p->path)
                                                    : rgb(p->floor);
        if (tu_px_rgb(&im, x, y) != want)
            fail_msg("%s: cell %lld's centre (%d,%d) is %06x, not %06x", what, (long long)c, x, y,
                     tu_px_rgb(&im, x, y), want);
        checked++;
        const int axis = crossing(m, c);
        if (axis)
            checked += check_bridge(m, c, axis, &im, &pl, p, what);
        /* Stairs: a triangle above the centre for up, below for down (markers off,
         * solution off: nothing else is drawn there). */
        if (up >= 0 && !o->markers && !o->solution) {
            const amz_topology t = m->topology;
            double r = (t == AMZ_TOPO_HEX ? 0.5 : t == AMZ_TOPO_TRIANGLE ? 0.2 : t == AMZ_TOPO_OCTAGON ? 0.25 : 0.3) * 0.8;
            for (int k = 0; k < 2; k++) {
                int d = k ? down : up;
                amz_point q = {ctr.x, ctr.y + (k ? 0.7 : -0.7) * r};
                px(&pl, q, &x, &y);
                uint32_t got = tu_px_rgb(&im, x, y), w = amz_maze_passage(m, c, d) ? rgb(p->wall) : rgb(p->floor);
                if (got != w)
                    fail_msg("%s: cell %lld's %s stairs mark is %06x, not %06x", what, (long long)c,
                             k ? "down" : "up", got, w);
                checked++;
            }
        }
        amz_side sides[AMZ_MAX_SIDES];
        int n = amz_maze_cell_sides(m, c, sides);
        assert_true(n >= 3);
        for (int k = 0; k < n; k++) {
            const int d = sides[k].dir;
            amz_cell nb = amz_maze_neighbor(m, c, d);
            bool outside = nb == AMZ_NO_CELL || !amz_maze_exists(m, nb);
            bool opening = (c == m->start && d == open[0]) || (c == m->goal && d == open[1]);
            /* A tunnel's gap into a crossing on either side: open in the middle, the
             * quarters at its ends walls. */
            const int across = d == AMZ_SQ_N || d == AMZ_SQ_S ? 1 : 2;
            const bool gap = m->weave && !outside && (axis == across || crossing(m, nb) == across);
            bool wall = outside ? !opening : !amz_maze_passage(m, c, d) && !gap;
            if (gap) {
                const amz_point end = {sides[k].a.x + 0.125 * (sides[k].b.x - sides[k].a.x),
                                       sides[k].a.y + 0.125 * (sides[k].b.y - sides[k].a.y)};
                px(&pl, end, &x, &y);
                if (tu_px_rgb(&im, x, y) != rgb(p->wall))
                    fail_msg("%s: cell %lld side %d: the tunnel gap's end (%d,%d) is %06x, not wall", what,
                             (long long)c, k, x, y, tu_px_rgb(&im, x, y));
                checked++;
            }
            px(&pl, middle(&sides[k]), &x, &y);
            uint32_t got = tu_px_rgb(&im, x, y);
            /* An open side's middle is floor, or the path crossing it, or (on the
             * border: a wrapped edge or an opening) the margin's background. */
            bool ok = wall ? got == rgb(p->wall)
                           : got != rgb(p->wall) &&
                                 (got == rgb(p->floor) || got == rgb(p->path) || got == rgb(p->background));
            if (!ok)
                fail_msg("%s: cell %lld side %d (dir %d) middle (%d,%d) is %06x: expected %s", what, (long long)c,
                         k, d, x, y, got, wall ? "wall" : "no wall");
            checked++;
        }
    }
    free(on_path);
    tu_image_free(&im);
    return checked;
}

static void test_pixels_match_the_maze(void **state)
{
    (void)state;
    long checked = 0;
    for (size_t i = 0; i < NGRIDS; i++)
        for (uint64_t seed = 1; seed <= 4; seed++) {
            amz_maze m;
            make(&m, &grids[i], seed, seed == 4 ? 0.5 : 0); /* a braided one: loops */
            char what[64];
            snprintf(what, sizeof what, "grid %zu seed %llu", i, (unsigned long long)seed);
            amz_image_options o;
            amz_image_options_init(&o);
            o.cell = 24;
            o.wall = 3;
            o.antialias = false;
            o.solution = false;
            o.markers = false;
            checked += check_picture(&m, &o, what);
            o.solution = true; /* the path's cells */
            checked += check_picture(&m, &o, what);
            o.markers = true;
            o.openings = seed % 2; /* and without openings: every outside side walled */
            checked += check_picture(&m, &o, what);
            amz_maze_deinit(&m);
        }
    assert_true(checked > 10000);
}

static void test_sizes_and_formats(void **state)
{
    (void)state;
    for (size_t i = 0; i < NGRIDS; i++) {
        amz_maze m;
        make(&m, &grids[i], 7, 0);
        /* Reproducible, and marked: the reader refuses the picture by its grid. */
        size_t a_len, b_len;
        char *a = draw(&m, NULL, AMZ_IMAGE_PNG, &a_len), *b = draw(&m, NULL, AMZ_IMAGE_PNG, &b_len);
        assert_true(a_len == b_len && memcmp(a, b, a_len) == 0);
        amz_maze back;
        amz_error err;
        amz_error_clear(&err);
        assert_int_equal(amz_image_read_maze(a, a_len, NULL, &back, NULL, &err), AMZ_EUNSUPPORTED);
        assert_non_null(strstr(err.msg, amz_topology_name(m.topology)));
        free(a);
        free(b);
        /* The default cell: the longer side near 2048 px at most, cells no bigger than
         * a 16 px square. */
        amz_image_layout l;
        assert_int_equal(amz_image_layout_get(&m, NULL, AMZ_IMAGE_PNG, &l, NULL), AMZ_OK);
        assert_true(l.cell >= 2 && l.cell <= 24 && l.width <= 2048 + 64 && l.height <= 2048 + 64);
        /* Vector pictures and a print page. */
        for (int f = AMZ_IMAGE_SVG; f <= AMZ_IMAGE_PDF; f++) {
            size_t len;
            char *v = draw(&m, NULL, (amz_image_format)f, &len);
            assert_true(len > 200);
            assert_memory_equal(v, f == AMZ_IMAGE_SVG ? "<?xml" : "%PDF-", 5);
            free(v);
        }
        amz_image_options o;
        amz_image_options_init(&o);
        o.page = AMZ_PAGE_A4;
        size_t len;
        free(draw(&m, &o, AMZ_IMAGE_PDF, &len));
        /* Distances colour the cells; streaming is for flat square mazes only. */
        amz_image_options_init(&o);
        o.distances = true;
        free(draw(&m, &o, AMZ_IMAGE_PNG, &len));
        o.distances = false;
        o.stream = AMZ_STREAM_ALWAYS;
        assert_int_equal(amz_image_layout_get(&m, &o, AMZ_IMAGE_PNG, &l, &err), AMZ_ERANGE);
        assert_non_null(strstr(err.msg, "only flat square mazes stream"));
        amz_maze_deinit(&m);
    }
}

/* The weave grids above have crossings to check: the check is not vacuous. */
static void test_weave_has_bridges(void **state)
{
    (void)state;
    long crossings = 0;
    for (size_t i = 0; i < NGRIDS; i++)
        for (uint64_t seed = 1; grids[i].weave && seed <= 4; seed++) {
            amz_maze m;
            make(&m, &grids[i], seed, seed == 4 ? 0.5 : 0);
            for (amz_cell c = 0; c < m.ncells; c++)
                crossings += crossing(&m, c) != 0;
            amz_maze_deinit(&m);
        }
    assert_true(crossings >= 20);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pixels_match_the_maze),
        cmocka_unit_test(test_sizes_and_formats),
        cmocka_unit_test(test_weave_has_bridges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
