/* test_shape.c — shapes, text masks, islands and hex text art (issue 4); shapes true
 * to their names in the picture (issue 15): the drawn figure measured in the PNG,
 * decoded by libpng, is as wide as tall (circle, diamond) or 2/sqrt(3) as wide as
 * tall (triangle) on grids of any proportions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include <cmocka.h>

#include "amaze/image.h"
#include "imgtest.h"
#include "testutil.h"

static void test_names_and_support(void **state)
{
    (void)state;
    amz_shape s;
    amz_error err;
    const char *names[] = {"rect", "circle", "diamond", "hexagon", "triangle"};
    for (int i = 0; i < 5; i++) {
        assert_int_equal(amz_shape_parse(names[i], &s, &err), AMZ_OK);
        assert_string_equal(amz_shape_name(s), names[i]);
    }
    assert_int_equal(amz_shape_parse("blob", &s, &err), AMZ_ENOTFOUND);
    assert_non_null(strstr(err.msg, "blob"));
    assert_true(amz_shape_supports(AMZ_SHAPE_DIAMOND, AMZ_TOPO_SQUARE));
    assert_false(amz_shape_supports(AMZ_SHAPE_DIAMOND, AMZ_TOPO_HEX));
    assert_true(amz_shape_supports(AMZ_SHAPE_HEXAGON, AMZ_TOPO_HEX));
    assert_false(amz_shape_supports(AMZ_SHAPE_HEXAGON, AMZ_TOPO_SQUARE));
    assert_false(amz_shape_supports(AMZ_SHAPE_TRIANGLE, AMZ_TOPO_SQUARE));

    amz_maze m;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 9, 9, NULL), AMZ_OK);
    assert_int_equal(amz_shape_apply(&m, AMZ_SHAPE_HEXAGON, &err), AMZ_EUNSUPPORTED);
    amz_maze_deinit(&m);
}

/* A hexagon of hexagons of radius R has 3R(R+1)+1 cells: 1 + 6 + 12 + ... + 6R. */
static void test_hexagon_cell_count(void **state)
{
    (void)state;
    for (int side = 1; side <= 31; side++) {
        amz_maze m;
        assert_int_equal(amz_maze_init(&m, AMZ_TOPO_HEX, side, side, NULL), AMZ_OK);
        assert_int_equal(amz_shape_apply(&m, AMZ_SHAPE_HEXAGON, NULL), AMZ_OK);
        int r = (side - 1) / 2;
        assert_int_equal(amz_maze_count_cells(&m), 3 * r * (r + 1) + 1);
        /* Every cell of the hexagon has all six neighbours unless it is on the rim:
         * the rim has 6R cells (1 for R = 0). */
        int64_t rim = 0;
        for (amz_cell c = 0; c < m.ncells; c++) {
            if (!amz_maze_exists(&m, c))
                continue;
            int nb = 0;
            for (int d = 0; d < 6; d++)
                nb += amz_maze_neighbor(&m, c, d) != AMZ_NO_CELL;
            rim += nb < 6;
        }
        assert_int_equal(rim, r ? 6 * r : 1);
        amz_maze_deinit(&m);
    }
}

/* Every shape on every size leaves exactly one island, symmetric where it should be,
 * and start/goal at the first and last cell in reading order. */
static void test_shapes_one_island(void **state)
{
    (void)state;
    for (int s = AMZ_SHAPE_RECT; s <= AMZ_SHAPE_TRIANGLE; s++)
        for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++) {
            if (!amz_shape_supports((amz_shape)s, (amz_topology)t))
                continue;
            for (int w = 1; w <= 25; w += 3)
                for (int h = 1; h <= 25; h += 4) {
                    amz_maze m;
                    amz_error err;
                    assert_int_equal(amz_maze_init(&m, (amz_topology)t, w, h, NULL), AMZ_OK);
                    assert_int_equal(amz_shape_apply(&m, (amz_shape)s, &err), AMZ_OK);
                    uint64_t islands;
                    assert_int_equal(amz_islands_count(&m, &islands, &err), AMZ_OK);
                    assert_int_equal(islands, 1);
                    amz_cell first = 0, last = m.ncells - 1;
                    while (!amz_maze_exists(&m, first))
                        first++;
                    while (!amz_maze_exists(&m, last))
                        last--;
                    assert_int_equal(m.start, first);
                    assert_int_equal(m.goal, last);
                    /* Circles and diamonds of square grids are mirror-symmetric. */
                    if (t == AMZ_TOPO_SQUARE)
                        for (amz_cell c = 0; c < m.ncells; c++) {
                            int32_t x, y;
                            amz_maze_cell_xy(&m, c, &x, &y);
                            assert_int_equal(amz_maze_exists(&m, c),
                                             amz_maze_exists(&m, amz_maze_cell_at(&m, w - 1 - x, y)));
                            assert_int_equal(amz_maze_exists(&m, c),
                                             amz_maze_exists(&m, amz_maze_cell_at(&m, x, h - 1 - y)));
                        }
                    amz_maze_deinit(&m);
                }
        }
}

static void test_mask_text(void **state)
{
    (void)state;
    amz_maze m;
    amz_error err;
    const char *ok = "#..\r\n...\n.# \n";
    assert_int_equal(amz_mask_read_text(ok, strlen(ok), AMZ_TOPO_SQUARE, &m, &err), AMZ_OK);
    assert_int_equal(m.width, 3);
    assert_int_equal(m.height, 3);
    assert_int_equal(amz_maze_count_cells(&m), 6);
    assert_false(amz_maze_exists(&m, 0));
    assert_false(amz_maze_exists(&m, 7));
    assert_false(amz_maze_exists(&m, 8));
    assert_int_equal(m.start, 1);
    assert_int_equal(m.goal, 6);
    amz_maze_deinit(&m);

    static const struct {
        const char *text, *needle;
    } bad[] = {
        {"..\n...\n", "line 2 has 3"}, {".x.\n", "column 2"}, {"###\n# #\n", "no cell"},
        {"", "no cell"},               {"\n\n", "no cell"},   {"..\n..\n.\n", "line 3"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        amz_error_clear(&err);
        assert_int_equal(amz_mask_read_text(bad[i].text, strlen(bad[i].text), AMZ_TOPO_HEX, &m, &err), AMZ_EFORMAT);
        if (!strstr(err.msg, bad[i].needle))
            fail_msg("mask %zu: message '%s' lacks '%s'", i, err.msg, bad[i].needle);
        assert_null(m.passages);
    }
}

/* Three islands: refused by default with the count; with allow_islands every island
 * holds its own perfect maze and no passage joins two islands. */
static void test_islands(void **state)
{
    (void)state;
    const char *mask = "..#..\n..#..\n#####\n.....\n";
    for (size_t g = 0; g < amz_gen_count(); g++) {
        const amz_gen_info *info = amz_gen_at(g);
        for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++) {
            if (!amz_gen_supports(info, (amz_topology)t) || !info->perfect)
                continue;
            amz_maze m;
            amz_error err;
            assert_int_equal(amz_mask_read_text(mask, strlen(mask), (amz_topology)t, &m, &err), AMZ_OK);
            uint64_t n;
            assert_int_equal(amz_islands_count(&m, &n, &err), AMZ_OK);
            assert_int_equal(n, 3);
            amz_gen_options o;
            amz_gen_options_init(&o);
            o.seed = 5;
            amz_error_clear(&err);
            amz_status st = amz_gen_run(&m, info->name, &o, NULL, &err);
            if (st == AMZ_EUNSUPPORTED) { /* a generator that refuses masks says so */
                amz_maze_deinit(&m);
                continue;
            }
            assert_int_equal(st, AMZ_EINVAL);
            assert_non_null(strstr(err.msg, "3 separate islands"));
            o.allow_islands = true;
            assert_int_equal(amz_gen_run(&m, info->name, &o, NULL, &err), AMZ_OK);
            /* Perfect per island: passages = cells - islands, and each island's cells
             * are all reachable from its first cell. */
            assert_int_equal(amz_maze_count_passages(&m), (uint64_t)amz_maze_count_cells(&m) - 3);
            assert_int_equal(tu_reachable(&m, amz_maze_cell_at(&m, 0, 0)), 4);
            assert_int_equal(tu_reachable(&m, amz_maze_cell_at(&m, 3, 0)), 4);
            assert_int_equal(tu_reachable(&m, amz_maze_cell_at(&m, 0, 3)), 5);
            assert_true(tu_edges_consistent(&m));
            amz_maze_deinit(&m);
        }
    }
}

/* Decodes hex art independently of the renderer's code, from the layout documented in
 * amaze/render.h: cell (x, y) has its N wall at line 2y+(x odd), columns 3x+1..3x+2. */
static void test_hex_art_geometry(void **state)
{
    (void)state;
    for (int seed = 0; seed < 30; seed++) {
        int w = 1 + seed % 13, h = 1 + seed % 7;
        amz_maze m;
        tu_generate(&m, AMZ_TOPO_HEX, w, h, "backtracker", (uint64_t)seed);
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        amz_text_options o;
        amz_text_options_init(&o);
        assert_int_equal(amz_render_text(&m, &o, f, NULL), AMZ_OK);
        fclose(f);
        /* Split into lines, padded to 3w+1 columns. */
        int cols = 3 * w + 1, lines = 2 * h + 1 + (w > 1);
        char *grid = calloc((size_t)(cols * lines), 1);
        memset(grid, ' ', (size_t)(cols * lines));
        int l = 0, k = 0;
        for (size_t i = 0; i < len; i++) {
            if (buf[i] == '\n') {
                l++;
                k = 0;
                continue;
            }
            assert_true(k < cols);
            assert_true(l < lines);
            grid[l * cols + k++] = buf[i];
        }
        assert_int_equal(l, lines);
        for (amz_cell c = 0; c < m.ncells; c++) {
            int32_t x, y;
            amz_maze_cell_xy(&m, c, &x, &y);
            int L = 2 * y + (x & 1);
            char n = grid[L * cols + 3 * x + 1], s = grid[(L + 2) * cols + 3 * x + 1];
            char ne = grid[(L + 1) * cols + 3 * x + 3], se = grid[(L + 2) * cols + 3 * x + 3];
            char sw = grid[(L + 2) * cols + 3 * x], nw = grid[(L + 1) * cols + 3 * x];
            assert_int_equal(n == '_', !amz_maze_passage(&m, c, AMZ_HEX_N));
            assert_int_equal(s == '_', !amz_maze_passage(&m, c, AMZ_HEX_S));
            assert_int_equal(ne == '\\', !amz_maze_passage(&m, c, AMZ_HEX_NE));
            assert_int_equal(se == '/', !amz_maze_passage(&m, c, AMZ_HEX_SE));
            assert_int_equal(sw == '\\', !amz_maze_passage(&m, c, AMZ_HEX_SW));
            assert_int_equal(nw == '/', !amz_maze_passage(&m, c, AMZ_HEX_NW));
            char mark = grid[(L + 1) * cols + 3 * x + 1];
            assert_int_equal(mark == 'S', c == m.start);
            assert_int_equal(mark == 'G', c == m.goal && c != m.start);
        }
        free(grid);
        free(buf);
        amz_maze_deinit(&m);
    }
}

/* The yardstick: a 12x8 hex maze reads in an 80-column terminal. */
static void test_hex_fits_80_columns(void **state)
{
    (void)state;
    amz_maze m;
    tu_generate(&m, AMZ_TOPO_HEX, 12, 8, "backtracker", 1);
    for (int style = AMZ_TEXT_ASCII; style <= AMZ_TEXT_UNICODE; style++) {
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        amz_text_options o;
        amz_text_options_init(&o);
        o.style = (amz_text_style)style;
        assert_int_equal(amz_render_text(&m, &o, f, NULL), AMZ_OK);
        fclose(f);
        size_t width = 0, chars = 0;
        for (size_t i = 0; i < len; i++) {
            if (buf[i] == '\n') {
                width = chars > width ? chars : width;
                chars = 0;
            } else if (((unsigned char)buf[i] & 0xc0) != 0x80) {
                chars++; /* count code points, not bytes */
            }
        }
        assert_true(width <= 80);
        free(buf);
    }
    amz_text_options o;
    amz_text_options_init(&o);
    o.style = AMZ_TEXT_BLOCKS;
    amz_error err;
    FILE *f = fopen("/dev/null", "w");
    assert_int_equal(amz_render_text(&m, &o, f, &err), AMZ_EUNSUPPORTED);
    fclose(f);
    amz_maze_deinit(&m);
}

/* Shaped mazes survive .amz and JSON round trips; their text art is refused on
 * import rather than read as a different maze. */
static void test_shaped_round_trips(void **state)
{
    (void)state;
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
        for (int seed = 0; seed < 6; seed++) {
            amz_maze m, back;
            amz_error err;
            assert_int_equal(amz_maze_init(&m, (amz_topology)t, 9 + seed, 7 + seed, NULL), AMZ_OK);
            assert_int_equal(amz_shape_apply(&m, AMZ_SHAPE_CIRCLE, &err), AMZ_OK);
            amz_gen_options o;
            amz_gen_options_init(&o);
            o.seed = (uint64_t)seed;
            assert_int_equal(amz_gen_run(&m, "backtracker", &o, NULL, &err), AMZ_OK);
            assert_int_equal(amz_solve_maze(&m, "bfs", NULL, NULL, NULL, &err), AMZ_OK);
            for (int fmt = 0; fmt < 3; fmt++) {
                char *buf = NULL;
                size_t len = 0;
                FILE *f = open_memstream(&buf, &len);
                if (fmt == 0)
                    assert_int_equal(amz_io_write_amz(&m, f, &err), AMZ_OK);
                else if (fmt == 1)
                    assert_int_equal(amz_io_write_json(&m, f, &err), AMZ_OK);
                else
                    assert_int_equal(amz_render_text(&m, NULL, f, &err), AMZ_OK);
                fclose(f);
                f = fmemopen(buf, len, "rb");
                amz_status st = amz_io_read(f, "test", &back, NULL, NULL, &err);
                fclose(f);
                if (fmt == 2) {
                    assert_int_equal(st, AMZ_EFORMAT);
                } else {
                    if (st)
                        fail_msg("format %d: %s", fmt, err.msg);
                    assert_true(amz_maze_equal(&m, &back));
                    assert_true(back.has_solution);
                    assert_int_equal(back.solution.len, m.solution.len);
                    amz_maze_deinit(&back);
                }
                free(buf);
            }
            amz_maze_deinit(&m);
        }
}

/* Draws m with the default look at `cell` px and measures the box of the pixels that
 * are not background: the drawn figure. */
static void drawn_box(const amz_maze *m, int cell, int *bw, int *bh)
{
    amz_image_options o;
    amz_image_options_init(&o);
    o.cell = cell;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(amz_image_write(m, &o, AMZ_IMAGE_PNG, f, NULL), AMZ_OK);
    fclose(f);
    tu_image im;
    assert_true(tu_png_load_mem(buf, len, &im));
    int x0 = im.w, y0 = im.h, x1 = -1, y1 = -1;
    for (int y = 0; y < im.h; y++)
        for (int x = 0; x < im.w; x++)
            if (!tu_px_is(&im, x, y, 0xffffff)) {
                x0 = x < x0 ? x : x0, x1 = x > x1 ? x : x1;
                y0 = y < y0 ? y : y0, y1 = y;
            }
    *bw = x1 - x0 + 1;
    *bh = y1 - y0 + 1;
    tu_image_free(&im);
    free(buf);
}

/* The oval (a 16x15 hex circle 202 px wide and 233 tall) and its kin: on
 * wide, tall and square grids the figure on the page has its name's proportions,
 * within a cell (plus a wall), and fills the shorter side of the grid. */
static void test_shapes_true_on_the_page(void **state)
{
    (void)state;
    static const int sizes[][2] = {{16, 15}, {30, 20}, {20, 30}, {40, 10}, {9, 25}, {25, 25}, {31, 17}};
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
        for (int s = AMZ_SHAPE_CIRCLE; s <= AMZ_SHAPE_TRIANGLE; s++) {
            if (s == AMZ_SHAPE_HEXAGON || !amz_shape_supports((amz_shape)s, (amz_topology)t))
                continue;
            for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
                const int cell = 16;
                amz_maze m;
                assert_int_equal(amz_maze_init(&m, (amz_topology)t, sizes[k][0], sizes[k][1], NULL), AMZ_OK);
                assert_int_equal(amz_shape_apply(&m, (amz_shape)s, NULL), AMZ_OK);
                int bw, bh;
                drawn_box(&m, cell, &bw, &bh);
                /* Hex pitch: 3/4 of a cell across, sqrt(3)/2 down. */
                double want = s == AMZ_SHAPE_TRIANGLE ? bh * 2 / sqrt(3.0) : bh;
                double pitch = t == AMZ_TOPO_HEX ? cell * 0.9 : cell, slack = pitch + cell / 8.0 + 1;
                if (fabs(bw - want) > slack)
                    fail_msg("%s %s %dx%d: drawn %dx%d px, want a width of %.0f within %.0f", amz_shape_name(s),
                             amz_topology_name(m.topology), sizes[k][0], sizes[k][1], bw, bh, want, slack);
                /* It fills the grid's shorter side on the page. */
                amz_image_options io;
                amz_image_options_init(&io);
                io.cell = cell;
                amz_image_layout l;
                assert_int_equal(amz_image_layout_get(&m, &io, AMZ_IMAGE_PNG, &l, NULL), AMZ_OK);
                double gw = (double)l.width - 2 * l.margin, gh = (double)l.height - 2 * l.margin;
                double full = s == AMZ_SHAPE_TRIANGLE ? fmin(gw, gh * 2 / sqrt(3.0)) : fmin(gw, gh);
                if ((s == AMZ_SHAPE_TRIANGLE ? bw : fmin(bw, bh)) < full - 2 * pitch)
                    fail_msg("%s %s %dx%d: drawn %dx%d px in a %.0fx%.0f px grid", amz_shape_name(s),
                             amz_topology_name(m.topology), sizes[k][0], sizes[k][1], bw, bh, gw, gh);
                amz_maze_deinit(&m);
            }
        }
}

/* A random text mask, w x h, about `fill` of it cells (at least one). */
static char *random_mask_text(int w, int h, double fill, uint64_t seed)
{
    char *t = malloc((size_t)(w + 1) * (size_t)h + 1);
    assert_non_null(t);
    amz_rng r;
    amz_rng_seed(&r, seed);
    size_t n = 0;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++)
            t[n++] = (x == 0 && y == 0) || amz_rng_unit(&r) < fill ? '.' : '#';
        t[n++] = '\n';
    }
    t[n] = '\0';
    return t;
}

/* amz_mask_fit keeps the grid's levels, wrap-around and weave (they were dropped once:
 * a mask made a plain grid), with the mask's cells on every level; an octagon grid's
 * small square is kept where its four octagons are. Over random masks. */
static void test_mask_fit_grids(void **state)
{
    (void)state;
    static const amz_grid grids[] = {
        {AMZ_TOPO_SQUARE, 0, 0, 3, 0, false},           {AMZ_TOPO_SQUARE, 0, 0, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false},
        {AMZ_TOPO_SQUARE, 0, 0, 1, 0, true},            {AMZ_TOPO_HEX, 0, 0, 2, AMZ_WRAP_X, false},
        {AMZ_TOPO_TRIANGLE, 0, 0, 2, AMZ_WRAP_X, false}, {AMZ_TOPO_OCTAGON, 0, 0, 1, 0, false},
        {AMZ_TOPO_HEX, 0, 0, 1, 0, false},
    };
    for (size_t k = 0; k < sizeof grids / sizeof grids[0]; k++)
        for (uint64_t seed = 1; seed <= 20; seed++) {
            const amz_grid *g = &grids[k];
            const int w = 2 * (int)(seed % 5) + 4, h = (int)(seed % 4) + 3; /* even widths: hex and triangle wrap */
            char *text = random_mask_text(w, h, 0.7, seed * 31 + k);
            amz_maze sq, m;
            amz_error err;
            assert_int_equal(amz_mask_read_text(text, strlen(text), AMZ_TOPO_SQUARE, &sq, &err), AMZ_OK);
            assert_int_equal(amz_mask_fit(&sq, g, &m, &err), AMZ_OK);
            assert_int_equal(m.topology, g->topology);
            assert_int_equal(m.width, w);
            assert_int_equal(m.height, h);
            assert_int_equal(m.levels, g->levels);
            assert_int_equal(m.wrap, g->wrap);
            assert_int_equal(m.weave, g->weave);
            /* The plain grid, every cell there, names each cell's neighbours. */
            amz_maze full;
            const amz_grid fg = {g->topology, w, h, g->levels, g->wrap, g->weave};
            assert_int_equal(amz_maze_init_grid(&full, &fg, &err), AMZ_OK);
            assert_int_equal(full.ncells, m.ncells);
            for (amz_cell c = 0; c < m.ncells; c++) {
                int32_t x, y, z;
                amz_maze_cell_xyz(&m, c, &x, &y, &z);
                bool want;
                if (g->topology == AMZ_TOPO_OCTAGON && z == 1) {
                    int octagons = 0;
                    want = true;
                    for (int d = 0; d < AMZ_MAX_DIRS; d++) {
                        amz_cell o = amz_maze_neighbor(&full, c, d);
                        if (o != AMZ_NO_CELL) {
                            octagons++;
                            want = want && amz_maze_exists(&m, o);
                        }
                    }
                    assert_int_equal(octagons, 4);
                } else {
                    want = text[(size_t)y * (size_t)(w + 1) + (size_t)x] == '.';
                }
                if (amz_maze_exists(&m, c) != want)
                    fail_msg("grid %zu seed %llu: cell %lld (%d,%d,%d) kept %d, want %d", k,
                             (unsigned long long)seed, (long long)c, x, y, z, amz_maze_exists(&m, c), want);
            }
            /* The reader lays the mask on plain grids as amz_mask_fit does. */
            if (amz_grid_is_plain(g) || g->topology == AMZ_TOPO_OCTAGON) {
                amz_maze r;
                assert_int_equal(amz_mask_read_text(text, strlen(text), g->topology, &r, &err), AMZ_OK);
                for (amz_cell c = 0; c < m.ncells; c++)
                    if (amz_maze_exists(&r, c) != amz_maze_exists(&m, c))
                        fail_msg("grid %zu seed %llu: the reader's cell %lld differs", k, (unsigned long long)seed,
                                 (long long)c);
                amz_maze_deinit(&r);
            }
            amz_maze_deinit(&full);
            amz_maze_deinit(&m);
            amz_maze_deinit(&sq);
            free(text);
        }
}

/* On a polar grid the mask is laid over the disc: an all-cell mask keeps every cell, a
 * mask of cells on its right half keeps the cells whose centres are right of the
 * middle, and the rings are the grid's, not the mask's. Refusals: a mask that is not a
 * plain square grid, one that leaves no cell, a wrap the mask's width cannot take, and
 * the reader's polar topology. */
static void test_mask_fit_polar_and_refusals(void **state)
{
    (void)state;
    amz_error err;
    amz_maze sq, m;
    const amz_grid polar = {AMZ_TOPO_POLAR, 6, 7, 1, 0, false};
    assert_int_equal(amz_mask_read_text("..\n..\n", 6, AMZ_TOPO_SQUARE, &sq, &err), AMZ_OK);
    assert_int_equal(amz_mask_fit(&sq, &polar, &m, &err), AMZ_OK);
    assert_int_equal(m.height, 7);
    assert_int_equal(amz_maze_count_cells(&m), m.ncells);
    amz_maze_deinit(&m);
    amz_maze_deinit(&sq);
    /* 8 columns, the right 4 cells */
    assert_int_equal(amz_mask_read_text("####....\n####....\n", 18, AMZ_TOPO_SQUARE, &sq, &err), AMZ_OK);
    assert_int_equal(amz_mask_fit(&sq, &polar, &m, &err), AMZ_OK);
    amz_point lo, hi;
    amz_maze_extent(&m, &lo, &hi);
    const double mid = (lo.x + hi.x) / 2;
    amz_cell kept = 0;
    for (amz_cell c = 0; c < m.ncells; c++) {
        const amz_point p = amz_maze_cell_center(&m, c);
        if (fabs(p.x - mid) > 1e-9)
            assert_int_equal(amz_maze_exists(&m, c), p.x > mid);
        kept += amz_maze_exists(&m, c);
    }
    assert_true(kept > m.ncells / 3 && kept < m.ncells * 2 / 3);
    amz_maze_deinit(&m);
    /* a mask cell in a corner, where the disc has no centre */
    amz_maze corner;
    const char *corner_text = ".#######\n########\n########\n########\n########\n########\n########\n########\n";
    assert_int_equal(amz_mask_read_text(corner_text, strlen(corner_text), AMZ_TOPO_SQUARE, &corner, &err), AMZ_OK);
    const amz_grid small = {AMZ_TOPO_POLAR, 6, 3, 1, 0, false};
    assert_int_equal(amz_mask_fit(&corner, &small, &m, &err), AMZ_ERANGE);
    assert_null(m.passages);
    amz_maze_deinit(&corner);
    /* a fitted maze is no mask to fit again; hex wrap needs an even width */
    amz_maze hex;
    assert_int_equal(amz_mask_read_text("...\n...\n", 8, AMZ_TOPO_HEX, &hex, &err), AMZ_OK);
    assert_int_equal(amz_mask_fit(&hex, &polar, &m, &err), AMZ_EINVAL);
    const amz_grid hexwrap = {AMZ_TOPO_HEX, 0, 0, 1, AMZ_WRAP_X, false};
    assert_int_equal(amz_mask_fit(&sq, &hexwrap, &m, &err), AMZ_OK); /* sq is 8 wide: fine */
    amz_maze_deinit(&m);
    amz_maze odd;
    assert_int_equal(amz_mask_read_text("...\n...\n", 8, AMZ_TOPO_SQUARE, &odd, &err), AMZ_OK);
    assert_int_not_equal(amz_mask_fit(&odd, &hexwrap, &m, &err), AMZ_OK);
    assert_non_null(strstr(err.msg, "even width"));
    assert_null(m.passages);
    assert_int_equal(amz_mask_read_text("...\n", 4, AMZ_TOPO_POLAR, &m, &err), AMZ_EUNSUPPORTED);
    assert_null(m.passages);
    /* In place: the mask is replaced by the fitted maze, or freed and zeroed on failure
     * (the sanitizer build's leak check sees both). */
    amz_maze in;
    assert_int_equal(amz_mask_read_text(".#.\n...\n", 8, AMZ_TOPO_SQUARE, &in, &err), AMZ_OK);
    const amz_grid levels = {AMZ_TOPO_TRIANGLE, 0, 0, 2, 0, false};
    assert_int_equal(amz_mask_fit(&in, &levels, &in, &err), AMZ_OK);
    assert_int_equal(in.topology, AMZ_TOPO_TRIANGLE);
    assert_int_equal(in.levels, 2);
    assert_int_equal(amz_maze_count_cells(&in), 10);
    assert_false(amz_maze_exists(&in, amz_maze_cell_at3(&in, 1, 0, 1)));
    assert_int_equal(amz_mask_fit(&in, &levels, &in, &err), AMZ_EINVAL); /* no longer a plain square grid */
    assert_null(in.passages);
    amz_maze_deinit(&odd);
    amz_maze_deinit(&hex);
    amz_maze_deinit(&sq);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names_and_support),  cmocka_unit_test(test_hexagon_cell_count),
        cmocka_unit_test(test_shapes_one_island),  cmocka_unit_test(test_mask_text),
        cmocka_unit_test(test_islands),            cmocka_unit_test(test_hex_art_geometry),
        cmocka_unit_test(test_hex_fits_80_columns), cmocka_unit_test(test_shaped_round_trips),
        cmocka_unit_test(test_shapes_true_on_the_page), cmocka_unit_test(test_mask_fit_grids),
        cmocka_unit_test(test_mask_fit_polar_and_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
