/* test_image.c — still pictures: PNGs decoded with libpng are checked pixel by pixel
 * against the geometry documented in amaze/image.h (recomputed here, not taken from the
 * library): walls where passages are closed, floor where open, the solution, start,
 * goal, margins, removed cells; picture sizes; the streaming writer against the cairo
 * canvas; the heat map against an independent BFS; SVG wall rectangles against the
 * maze; reproducible bytes; errors. */
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

#define WALL 0x112222u
#define FLOOR 0xeeffffu
#define PATH 0xdd2211u
#define START 0x44cc66u
#define GOAL 0x55aaffu
#define BG 0xffffffu

/* Renders into memory and decodes. */
static amz_status render(const amz_maze *m, const amz_image_options *o, amz_image_format f, char **buf, size_t *len)
{
    FILE *mf = open_memstream(buf, len);
    assert_non_null(mf);
    amz_error err;
    amz_status st = amz_image_write(m, o, f, mf, &err);
    fclose(mf);
    return st;
}

static void render_png(const amz_maze *m, const amz_image_options *o, tu_image *im)
{
    char *buf = NULL;
    size_t len = 0;
    amz_status st = render(m, o, AMZ_IMAGE_PNG, &buf, &len);
    assert_int_equal(st, AMZ_OK);
    assert_true(tu_png_load_mem(buf, len, im));
    free(buf);
}

/* Independent geometry (amaze/image.h). */
typedef struct geo {
    int cell, wall, margin, in, a, p, b, q;
} geo;

static geo geo_of(int cell, int wall, int margin)
{
    geo g = {cell, wall, margin, cell - wall, 0, 0, 0, 0};
    g.a = g.in * 3 / 10;
    g.p = g.in - 2 * g.a;
    g.b = g.in / 5;
    g.q = g.in - 2 * g.b;
    return g;
}

static int gx(const geo *g, int i)
{
    return g->margin + i * g->cell;
}

/* Pixel in cell (x, y) at interior offset (u, v). */
static uint32_t at_cell(const tu_image *im, const geo *g, int x, int y, int u, int v)
{
    return tu_px_rgb(im, gx(g, x) + g->wall + u, gx(g, y) + g->wall + v);
}

/* The 3x2 maze with passages (0,0)-(1,0)-(2,0)-(2,1) and (0,0)-(0,1)-(1,1). */
static void small_maze(amz_maze *m)
{
    assert_int_equal(amz_maze_init(m, AMZ_TOPO_SQUARE, 3, 2, NULL), AMZ_OK);
    assert_int_equal(amz_maze_set_passage(m, 0, AMZ_SQ_E, true, NULL), AMZ_OK);
    assert_int_equal(amz_maze_set_passage(m, 1, AMZ_SQ_E, true, NULL), AMZ_OK);
    assert_int_equal(amz_maze_set_passage(m, 2, AMZ_SQ_S, true, NULL), AMZ_OK);
    assert_int_equal(amz_maze_set_passage(m, 0, AMZ_SQ_S, true, NULL), AMZ_OK);
    assert_int_equal(amz_maze_set_passage(m, 3, AMZ_SQ_E, true, NULL), AMZ_OK);
    assert_int_equal(amz_solve_maze(m, "bfs", NULL, NULL, NULL, NULL), AMZ_OK);
}

static void test_square_known_maze(void **state)
{
    (void)state;
    amz_maze m;
    small_maze(&m);
    amz_image_options o;
    amz_image_options_init(&o);
    o.cell = 20, o.wall = 4, o.margin = 3;
    tu_image im;
    render_png(&m, &o, &im);
    geo g = geo_of(20, 4, 3);
    assert_int_equal(im.w, 2 * 3 + 3 * 20 + 4);
    assert_int_equal(im.h, 2 * 3 + 2 * 20 + 4);
    int mid = g.in / 2;
    /* Margin, start, goal, path cell, floor cells. */
    assert_true(tu_px_is(&im, 0, 0, BG));
    assert_true(at_cell(&im, &g, 0, 0, mid, mid) == START);
    assert_true(at_cell(&im, &g, 2, 1, mid, mid) == GOAL);
    assert_true(at_cell(&im, &g, 1, 0, mid, mid) == PATH);
    assert_true(at_cell(&im, &g, 2, 0, mid, mid) == PATH);
    assert_true(at_cell(&im, &g, 0, 1, mid, mid) == FLOOR);
    assert_true(at_cell(&im, &g, 1, 1, mid, mid) == FLOOR);
    assert_true(at_cell(&im, &g, 1, 0, 0, 0) == FLOOR); /* outside the band */
    /* The band's edges: offset a is path, a-1 floor, a+p-1 path, a+p floor. */
    assert_true(at_cell(&im, &g, 1, 0, mid, g.a) == PATH);
    assert_true(at_cell(&im, &g, 1, 0, mid, g.a - 1) == FLOOR);
    assert_true(at_cell(&im, &g, 1, 0, mid, g.a + g.p - 1) == PATH);
    assert_true(at_cell(&im, &g, 1, 0, mid, g.a + g.p) == FLOOR);
    /* Walls: between (1,0) and (1,1) closed; (0,0)-(0,1) open (floor, not on the path);
     * (1,0)-(2,0) open and on the path. */
    int wy = gx(&g, 1) + 1, wx = gx(&g, 1) + g.wall + mid;
    assert_true(tu_px_rgb(&im, wx, wy) == WALL);
    assert_true(tu_px_rgb(&im, gx(&g, 0) + g.wall + mid, wy) == FLOOR);
    assert_true(tu_px_rgb(&im, gx(&g, 2) + 1, gx(&g, 0) + g.wall + mid) == PATH);
    assert_true(tu_px_rgb(&im, gx(&g, 2) + 1, gx(&g, 1) + g.wall + mid) == WALL); /* (1,1)|(2,1) closed */
    /* Outer wall, posts, and the openings above the start and below the goal. */
    assert_true(tu_px_rgb(&im, gx(&g, 0), gx(&g, 0)) == WALL);
    assert_true(tu_px_rgb(&im, gx(&g, 3) + 1, gx(&g, 2) + 1) == WALL);
    assert_true(tu_px_rgb(&im, gx(&g, 0) + g.wall + mid, gx(&g, 0) + 1) == FLOOR);
    assert_true(tu_px_rgb(&im, gx(&g, 2) + g.wall + mid, gx(&g, 2) + 1) == BG);
    assert_true(tu_px_rgb(&im, gx(&g, 1) + g.wall + mid, gx(&g, 0) + 1) == WALL);
    tu_image_free(&im);

    /* Without openings, solution and markers. */
    o.openings = false;
    o.solution = false;
    o.markers = false;
    render_png(&m, &o, &im);
    assert_true(tu_px_rgb(&im, gx(&g, 0) + g.wall + mid, gx(&g, 0) + 1) == WALL);
    assert_true(tu_px_rgb(&im, gx(&g, 2) + g.wall + mid, gx(&g, 2) + 1) == WALL);
    assert_true(at_cell(&im, &g, 0, 0, mid, mid) == FLOOR);
    assert_true(at_cell(&im, &g, 1, 0, mid, mid) == FLOOR);
    tu_image_free(&im);
    amz_maze_deinit(&m);
}

/* Every edge of many generated mazes, with masks: the pixel in the middle of the edge
 * is wall exactly when the passage is closed; removed cells are background. */
static void test_square_edges_match_maze(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        amz_maze m;
        int w = 3 + (int)(seed % 7), h = 2 + (int)(seed % 5);
        assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, w, h, NULL), AMZ_OK);
        if (seed % 3 == 0) /* a masked shape: drop a corner cell */
            assert_int_equal(amz_maze_set_exists(&m, (amz_cell)w - 1, false, NULL), AMZ_OK);
        amz_gen_options go;
        amz_gen_options_init(&go);
        go.seed = seed;
        assert_int_equal(amz_gen_run(&m, seed % 2 ? "backtracker" : "hunt-and-kill", &go, NULL, NULL), AMZ_OK);
        amz_image_options o;
        amz_image_options_init(&o);
        o.cell = 6 + (int)(seed % 9);
        o.wall = 1 + (int)(seed % 3);
        o.margin = (int)(seed % 4);
        o.openings = false;
        o.markers = false;
        geo g = geo_of(o.cell, o.wall, o.margin);
        tu_image im;
        render_png(&m, &o, &im);
        assert_int_equal(im.w, 2 * o.margin + w * o.cell + o.wall);
        assert_int_equal(im.h, 2 * o.margin + h * o.cell + o.wall);
        int mid = g.in / 2;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                amz_cell c = (amz_cell)y * w + x;
                uint32_t inside = at_cell(&im, &g, x, y, mid, mid);
                if (!amz_maze_exists(&m, c)) {
                    assert_true(inside == BG);
                    continue;
                }
                assert_true(inside == FLOOR);
                /* East edge: the wall strip at line x+1, in the middle row of the cell. */
                bool e_wall = !amz_maze_passage(&m, c, AMZ_SQ_E);
                uint32_t pe = tu_px_rgb(&im, gx(&g, x + 1), gx(&g, y) + g.wall + mid);
                if (pe != (e_wall ? WALL : FLOOR))
                    fail_msg("seed %llu cell (%d,%d) east: pixel %06x, passage %d", (unsigned long long)seed, x, y, pe,
                             !e_wall);
                bool s_wall = !amz_maze_passage(&m, c, AMZ_SQ_S);
                uint32_t ps = tu_px_rgb(&im, gx(&g, x) + g.wall + mid, gx(&g, y + 1) + g.wall - 1);
                if (ps != (s_wall ? WALL : FLOOR))
                    fail_msg("seed %llu cell (%d,%d) south: pixel %06x", (unsigned long long)seed, x, y, ps);
            }
        tu_image_free(&im);
        amz_maze_deinit(&m);
    }
}

/* Hex: centres and edge midpoints (antialiased edges: compared with a tolerance). */
static bool near(uint32_t a, uint32_t b, int tol)
{
    int dr = (int)(a >> 16 & 0xff) - (int)(b >> 16 & 0xff), dg = (int)(a >> 8 & 0xff) - (int)(b >> 8 & 0xff),
        db = (int)(a & 0xff) - (int)(b & 0xff);
    return abs(dr) <= tol && abs(dg) <= tol && abs(db) <= tol;
}

static void test_hex_pixels(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        amz_maze m;
        int w = 4 + (int)seed % 4, h = 3 + (int)seed % 3;
        assert_int_equal(amz_maze_init(&m, AMZ_TOPO_HEX, w, h, NULL), AMZ_OK);
        amz_cell removed = seed % 2 ? AMZ_NO_CELL : (amz_cell)w + 2; /* a masked shape */
        if (removed != AMZ_NO_CELL)
            assert_int_equal(amz_maze_set_exists(&m, removed, false, NULL), AMZ_OK);
        amz_gen_options go;
        amz_gen_options_init(&go);
        go.seed = seed;
        assert_int_equal(amz_gen_run(&m, "backtracker", &go, NULL, NULL), AMZ_OK);
        assert_int_equal(amz_solve_maze(&m, "bfs", NULL, NULL, NULL, NULL), AMZ_OK);
        amz_image_options o;
        amz_image_options_init(&o);
        o.cell = 30, o.wall = 3, o.margin = 5;
        o.openings = false;
        tu_image im;
        render_png(&m, &o, &im);
        const double s = 15, hh = s * sqrt(3.0) / 2, org = 5 + 1.5;
        assert_int_equal(im.w, (int)ceil(2 * 5 + 3 + s * (1.5 * (w - 1) + 2)));
        assert_int_equal(im.h, (int)ceil(2 * 5 + 3 + hh * (2 * h + 1)));
        bool *on = calloc((size_t)m.ncells, 1);
        amz_cell *cells = malloc(sizeof(amz_cell) * (m.solution.len + 1));
        assert_int_equal(amz_path_cells(&m, &m.solution, cells), AMZ_OK);
        for (uint64_t i = 0; i <= m.solution.len; i++)
            on[cells[i]] = true;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                amz_cell c = (amz_cell)y * w + x;
                double cx = org + s + 1.5 * s * x, cy = org + hh * (2 * y + 1 + (x & 1));
                uint32_t centre = tu_px_rgb(&im, (int)cx, (int)cy);
                if (c == removed) {
                    assert_true(centre == BG);
                    continue;
                }
                uint32_t want = c == m.start ? START : c == m.goal ? GOAL : on[c] ? PATH : FLOOR;
                if (!near(centre, want, 8))
                    fail_msg("seed %llu hex (%d,%d): centre %06x, want %06x", (unsigned long long)seed, x, y, centre,
                             want);
                /* Edge midpoints lie at distance hh from the centre, towards the neighbour. */
                static const double dir[6][2] = {{0, -1}, {0.75, -0.5}, {0.75, 0.5},
                                                 {0, 1},  {-0.75, 0.5}, {-0.75, -0.5}};
                for (int d = 0; d < 6; d++) {
                    /* Midpoint of the edge = centre + (neighbour centre - centre) / 2. */
                    double nx = cx + dir[d][0] * 2 * s, ny = cy + dir[d][1] * 2 * hh;
                    double mx = (cx + nx) / 2, my = (cy + ny) / 2;
                    uint32_t px = tu_px_rgb(&im, (int)floor(mx), (int)floor(my));
                    amz_cell nb = amz_maze_neighbor(&m, c, d);
                    if (!amz_maze_passage(&m, c, d)) {
                        if (!near(px, WALL, 40))
                            fail_msg("seed %llu hex (%d,%d) dir %d: closed edge pixel %06x", (unsigned long long)seed,
                                     x, y, d, px);
                    } else if (!(on[c] && on[nb])) {
                        if (!near(px, FLOOR, 40))
                            fail_msg("seed %llu hex (%d,%d) dir %d: open edge pixel %06x", (unsigned long long)seed, x,
                                     y, d, px);
                    }
                }
            }
        free(on);
        free(cells);
        tu_image_free(&im);
        amz_maze_deinit(&m);
    }
}

/* The streaming writer and the cairo canvas give the same pixels. */
static void test_stream_equals_canvas(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 24; seed++) {
        amz_maze m;
        int w = 2 + (int)(seed * 7 % 11), h = 1 + (int)(seed * 5 % 9);
        assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, w, h, NULL), AMZ_OK);
        if (seed % 4 == 1 && w * h > 3)
            assert_int_equal(amz_maze_set_exists(&m, (amz_cell)(seed % (uint64_t)(w * h)), false, NULL), AMZ_OK);
        amz_gen_options go;
        amz_gen_options_init(&go);
        go.seed = seed;
        assert_int_equal(amz_gen_run(&m, "backtracker", &go, NULL, NULL), AMZ_OK);
        if (seed % 3)
            assert_int_equal(amz_solve_maze(&m, seed % 2 ? "bfs" : "dfs", NULL, NULL, NULL, NULL), AMZ_OK);
        amz_image_options o;
        amz_image_options_init(&o);
        o.cell = 2 + (int)(seed % 14);
        o.wall = 1 + (int)(seed % (uint64_t)(o.cell - 1));
        o.margin = (int)(seed % 3);
        o.openings = seed % 5 != 0;
        tu_image a, b;
        o.stream = AMZ_STREAM_NEVER;
        render_png(&m, &o, &a);
        o.stream = AMZ_STREAM_ALWAYS;
        render_png(&m, &o, &b);
        assert_int_equal(a.w, b.w);
        assert_int_equal(a.h, b.h);
        for (int y = 0; y < a.h; y++)
            for (int x = 0; x < a.w; x++)
                if (tu_px_rgb(&a, x, y) != tu_px_rgb(&b, x, y))
                    fail_msg("seed %llu (cell %d wall %d): pixel (%d,%d) canvas %06x stream %06x",
                             (unsigned long long)seed, o.cell, o.wall, x, y, tu_px_rgb(&a, x, y), tu_px_rgb(&b, x, y));
        tu_image_free(&a);
        tu_image_free(&b);
        amz_maze_deinit(&m);
    }
}

static int luma(uint32_t c)
{
    return (int)(299 * (c >> 16 & 0xff) + 587 * (c >> 8 & 0xff) + 114 * (c & 0xff));
}

/* Heat map: equal distance, equal colour; farther never lighter; start lightest. */
static void test_distances(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        amz_maze m;
        tu_generate(&m, AMZ_TOPO_SQUARE, 9, 7, "backtracker", seed);
        amz_image_options o;
        amz_image_options_init(&o);
        o.cell = 10, o.wall = 2, o.margin = 0;
        o.distances = true;
        o.markers = false;
        tu_image im;
        render_png(&m, &o, &im);
        geo g = geo_of(10, 2, 0);
        int64_t maxd = 0;
        int64_t *dist = malloc(sizeof(int64_t) * (size_t)m.ncells);
        uint32_t *col = malloc(sizeof(uint32_t) * (size_t)m.ncells);
        for (amz_cell c = 0; c < m.ncells; c++) {
            dist[c] = tu_bfs_distance(&m, m.start, c);
            col[c] = at_cell(&im, &g, (int)(c % 9), (int)(c / 9), 0, 0);
            if (dist[c] > maxd)
                maxd = dist[c];
        }
        for (amz_cell a = 0; a < m.ncells; a++)
            for (amz_cell b = 0; b < m.ncells; b++) {
                if (dist[a] == dist[b])
                    assert_true(col[a] == col[b]);
                if (dist[a] < dist[b])
                    assert_true(luma(col[a]) >= luma(col[b]));
            }
        assert_true(luma(col[m.start]) > luma(col[m.goal]) || dist[m.goal] == 0);
        free(dist);
        free(col);
        tu_image_free(&im);
        amz_maze_deinit(&m);
    }
}

/* SVG: one path element in the wall colour whose rectangles cover exactly the walls. */
static void test_svg_walls(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        amz_maze m;
        int w = 5 + (int)seed, h = 4 + (int)seed % 3;
        tu_generate(&m, AMZ_TOPO_SQUARE, w, h, "hunt-and-kill", seed);
        amz_image_options o;
        amz_image_options_init(&o);
        o.cell = 10, o.wall = 2, o.margin = 4;
        o.openings = false;
        char *buf = NULL;
        size_t len = 0;
        assert_int_equal(render(&m, &o, AMZ_IMAGE_SVG, &buf, &len), AMZ_OK);
        /* cairo writes colours as percentages: #112222 = 6.666667%, 13.333333%, 13.333333%. */
        const char *wall_style = "fill:rgb(6.666667%,13.333333%,13.333333%)";
        int count = 0;
        const char *p = buf, *wall_path = NULL;
        while ((p = strstr(p, "<path"))) {
            const char *end = strchr(p, '>');
            if (strstr(p, wall_style) && strstr(p, wall_style) < end) {
                count++;
                wall_path = p;
            }
            p = end;
        }
        assert_int_equal(count, 1);
        /* Rasterise the "M x y L x y L x y L x y Z" rectangles onto a coverage grid. */
        int W = 2 * 4 + w * 10 + 2, H = 2 * 4 + h * 10 + 2;
        unsigned char *cov = calloc((size_t)W * (size_t)H, 1);
        const char *d = strstr(wall_path, " d=\"") + 4;
        double xs[5], ys[5];
        int k = 0;
        while (*d && *d != '"') {
            if (*d == 'M' || *d == 'L') {
                char *e;
                xs[k] = strtod(d + 1, &e);
                ys[k] = strtod(e, &e);
                k++;
                d = e;
            } else if (*d == 'Z') {
                assert_true(k >= 4);
                double x0 = xs[0], x1 = xs[0], y0 = ys[0], y1 = ys[0];
                for (int i = 1; i < 4; i++) {
                    x0 = fmin(x0, xs[i]), x1 = fmax(x1, xs[i]);
                    y0 = fmin(y0, ys[i]), y1 = fmax(y1, ys[i]);
                }
                for (int y = (int)y0; y < (int)y1; y++)
                    for (int x = (int)x0; x < (int)x1; x++)
                        cov[y * W + x] = 1;
                k = 0;
                d++;
            } else {
                d++;
            }
        }
        geo g = geo_of(10, 2, 4);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                amz_cell c = (amz_cell)y * w + x;
                assert_int_equal(cov[(gx(&g, y) + 6) * W + gx(&g, x) + 6], 0); /* interior */
                int ex = gx(&g, x + 1), ey = gx(&g, y) + 6;
                assert_int_equal(cov[ey * W + ex], !amz_maze_passage(&m, c, AMZ_SQ_E));
                int sx = gx(&g, x) + 6, sy = gx(&g, y + 1);
                assert_int_equal(cov[sy * W + sx], !amz_maze_passage(&m, c, AMZ_SQ_S));
            }
        free(cov);
        free(buf);
        amz_maze_deinit(&m);
    }
}

/* Same maze and options, same bytes. SVG is compared between processes in
 * tests/cli/test_images.sh: cairo numbers SVG element ids per process. */
static void test_reproducible(void **state)
{
    (void)state;
    amz_maze m;
    tu_generate(&m, AMZ_TOPO_HEX, 9, 6, "backtracker", 42);
    assert_int_equal(amz_solve_maze(&m, "bfs", NULL, NULL, NULL, NULL), AMZ_OK);
    for (int f = AMZ_IMAGE_PNG; f <= AMZ_IMAGE_PDF; f++)
        for (int page = 0; page < 2 && f != AMZ_IMAGE_SVG; page++) {
            amz_image_options o;
            amz_image_options_init(&o);
            if (f == AMZ_IMAGE_PDF && page)
                o.page = AMZ_PAGE_A4;
            char *a = NULL, *b = NULL;
            size_t la = 0, lb = 0;
            assert_int_equal(render(&m, &o, (amz_image_format)f, &a, &la), AMZ_OK);
            assert_int_equal(render(&m, &o, (amz_image_format)f, &b, &lb), AMZ_OK);
            assert_true(la > 100);
            assert_int_equal(la, lb);
            assert_memory_equal(a, b, la);
            if (f == AMZ_IMAGE_PDF)
                for (size_t i = 0; i + 12 <= la; i++)
                    assert_false(memcmp(a + i, "CreationDate", 12) == 0);
            free(a);
            free(b);
        }
    amz_maze_deinit(&m);
}

static void test_layout_and_errors(void **state)
{
    (void)state;
    amz_maze m;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 20, 10, NULL), AMZ_OK);
    amz_image_options o;
    amz_image_options_init(&o);
    amz_image_layout l;
    amz_error err;
    /* Auto: 16 px cells, 2 px walls, 8 px margin on a 20x10 maze. */
    assert_int_equal(amz_image_layout_get(&m, &o, AMZ_IMAGE_PNG, &l, &err), AMZ_OK);
    assert_int_equal(l.cell, 16);
    assert_int_equal(l.wall, 2);
    assert_int_equal(l.margin, 8);
    assert_int_equal(l.width, 16 + 320 + 2);
    assert_false(l.streamed);
    o.cell = 5, o.wall = 5;
    assert_int_equal(amz_image_layout_get(&m, &o, AMZ_IMAGE_PNG, &l, &err), AMZ_ERANGE);
    o.cell = 1, o.wall = 0;
    assert_int_equal(amz_image_layout_get(&m, &o, AMZ_IMAGE_PNG, &l, &err), AMZ_ERANGE);
    amz_maze_deinit(&m);

    /* A 5000x5000 maze at 2 px is 10001 px a side: streamed, and --distances refused. */
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 5000, 5000, NULL), AMZ_OK);
    amz_image_options_init(&o);
    assert_int_equal(amz_image_layout_get(&m, &o, AMZ_IMAGE_PNG, &l, &err), AMZ_OK);
    assert_true(l.streamed);
    assert_int_equal(l.width, 10001 + 2);
    o.stream = AMZ_STREAM_NEVER;
    assert_int_equal(amz_image_layout_get(&m, &o, AMZ_IMAGE_PNG, &l, &err), AMZ_ERANGE);
    o.stream = AMZ_STREAM_AUTO;
    o.distances = true;
    assert_int_equal(amz_image_layout_get(&m, &o, AMZ_IMAGE_PNG, &l, &err), AMZ_EUNSUPPORTED);
    o.distances = false;
    assert_int_equal(amz_image_layout_get(&m, &o, AMZ_IMAGE_SVG, &l, &err), AMZ_ERANGE);
    amz_maze_deinit(&m);
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_HEX, 5000, 5000, NULL), AMZ_OK);
    assert_int_equal(amz_image_layout_get(&m, &o, AMZ_IMAGE_PNG, &l, &err), AMZ_ERANGE);
    amz_maze_deinit(&m);

    /* A failing stream is an I/O error, not a crash. */
    tu_generate(&m, AMZ_TOPO_SQUARE, 30, 30, "backtracker", 1);
    FILE *full = fopen("/dev/full", "wb");
    if (full) {
        amz_image_options_init(&o);
        for (int f = AMZ_IMAGE_PNG; f <= AMZ_IMAGE_PDF; f++)
            assert_int_equal(amz_image_write(&m, &o, (amz_image_format)f, full, &err), AMZ_EIO);
        o.stream = AMZ_STREAM_ALWAYS;
        assert_int_equal(amz_image_write(&m, &o, AMZ_IMAGE_PNG, full, &err), AMZ_EIO);
        fclose(full);
    }
    amz_maze_deinit(&m);
}

static void test_colors(void **state)
{
    (void)state;
    amz_color c;
    amz_error err;
    assert_int_equal(amz_color_parse("#122", &c, &err), AMZ_OK);
    assert_true(c.r == 0x11 && c.g == 0x22 && c.b == 0x22 && c.a == 255);
    assert_int_equal(amz_color_parse("#a0b1c2", &c, &err), AMZ_OK);
    assert_true(c.r == 0xa0 && c.g == 0xb1 && c.b == 0xc2 && c.a == 255);
    assert_int_equal(amz_color_parse("#a0b1c280", &c, &err), AMZ_OK);
    assert_int_equal(c.a, 0x80);
    assert_int_equal(amz_color_parse("red", &c, &err), AMZ_OK);
    assert_true(c.r == 255 && c.g == 0 && c.b == 0);
    assert_int_equal(amz_color_parse("none", &c, &err), AMZ_OK);
    assert_int_equal(c.a, 0);
    assert_int_equal(amz_color_parse("#12", &c, &err), AMZ_EFORMAT);
    assert_int_equal(amz_color_parse("#ggg", &c, &err), AMZ_EFORMAT);
    assert_int_equal(amz_color_parse("redd", &c, &err), AMZ_EFORMAT);
    amz_palette p, q;
    amz_palette_init(&p);
    q = p;
    assert_int_equal(amz_palette_parse("wall=#000,floor=white,bg=none", &p, &err), AMZ_OK);
    assert_true(p.wall.r == 0 && p.floor.r == 255 && p.background.a == 0);
    p = q;
    assert_int_equal(amz_palette_parse("wall=#000,flor=white", &p, &err), AMZ_EFORMAT);
    assert_non_null(strstr(err.msg, "flor"));
    assert_memory_equal(&p, &q, sizeof p); /* unchanged on error */

    /* A custom palette reaches the pixels. */
    amz_maze m;
    small_maze(&m);
    amz_image_options o;
    amz_image_options_init(&o);
    o.cell = 10, o.wall = 2, o.margin = 2;
    assert_int_equal(amz_palette_parse("wall=#010203,floor=#040506,bg=#070809", &o.palette, &err), AMZ_OK);
    tu_image im;
    render_png(&m, &o, &im);
    assert_true(tu_px_is(&im, 0, 0, 0x070809));
    assert_true(tu_px_is(&im, 2, 2, 0x010203));
    assert_true(tu_px_is(&im, 2 + 10 + 2, 2 + 10 + 2 + 7, 0x040506));
    tu_image_free(&im);
    amz_maze_deinit(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_square_known_maze),
        cmocka_unit_test(test_square_edges_match_maze),
        cmocka_unit_test(test_hex_pixels),
        cmocka_unit_test(test_stream_equals_canvas),
        cmocka_unit_test(test_distances),
        cmocka_unit_test(test_svg_walls),
        cmocka_unit_test(test_reproducible),
        cmocka_unit_test(test_layout_and_errors),
        cmocka_unit_test(test_colors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
