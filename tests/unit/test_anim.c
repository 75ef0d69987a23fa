/* test_anim.c — animations: frame counts against events counted independently with
 * an observer of our own, delays against the frame rate, GIFs decoded with giflib
 * (stored rectangles are exactly the changed pixels; the last frame is the still
 * picture amz_image_write draws), reproducible bytes, cancellation. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "amaze/anim.h"
#include "amaze/image.h"
#include "imgtest.h"
#include "testutil.h"

static int count_events(void *ctx, const amz_event *ev)
{
    if (ev->type != AMZ_EV_PROGRESS)
        ++*(uint64_t *)ctx;
    return 0;
}

/* Events the animation will show, counted by running the algorithms ourselves. */
static uint64_t reference_events(amz_topology t, int w, int h, const amz_anim_options *o)
{
    uint64_t n = 0;
    amz_observer obs = {count_events, &n, 0};
    amz_maze m;
    assert_int_equal(amz_maze_init(&m, t, w, h, NULL), AMZ_OK);
    assert_int_equal(amz_gen_run(&m, o->generator, &o->gen, (o->what & AMZ_ANIM_GENERATE) ? &obs : NULL, NULL), AMZ_OK);
    if (o->what & AMZ_ANIM_SOLVE)
        assert_int_equal(amz_solve_maze(&m, o->solver, NULL, &obs, NULL, NULL), AMZ_OK);
    amz_maze_deinit(&m);
    return n;
}

typedef struct recorder {
    uint64_t frames, last_events;
    int delay_sum, last_delay;
    bool saw_last, bad_order;
    int stop_at;
} recorder;

static int record(void *ctx, const amz_frame *f)
{
    recorder *r = ctx;
    if (f->index != r->frames || r->saw_last)
        r->bad_order = true;
    r->frames++;
    if (f->last) {
        r->saw_last = true;
        r->last_delay = f->delay_cs;
    } else {
        r->delay_sum += f->delay_cs;
    }
    r->last_events = f->events;
    return r->stop_at && (int)r->frames == r->stop_at;
}

/* Makes the maze an animation starts from: empty for generation, generated for solve. */
static void start_maze(amz_maze *m, amz_topology t, int w, int h, const amz_anim_options *o)
{
    assert_int_equal(amz_maze_init(m, t, w, h, NULL), AMZ_OK);
    if (o->what == AMZ_ANIM_SOLVE)
        assert_int_equal(amz_gen_run(m, o->generator, &o->gen, NULL, NULL), AMZ_OK);
}

static void test_frame_counts(void **state)
{
    (void)state;
    static const char *const solvers[] = {"dfs", "bfs"};
    for (uint64_t seed = 1; seed <= 18; seed++) {
        amz_anim_options o;
        amz_anim_options_init(&o);
        o.what = (amz_anim_what)(1 + seed % 3);
        o.gen.seed = seed;
        o.solver = solvers[seed % 2];
        o.generator = seed % 4 < 2 ? "backtracker" : "hunt-and-kill";
        o.fps = 5 + (int)(seed * 7 % 46);
        o.steps_per_frame = 1 + seed * 13 % 40;
        o.image.cell = 6;
        amz_topology t = seed % 5 == 0 ? AMZ_TOPO_HEX : AMZ_TOPO_SQUARE;
        int w = 4 + (int)(seed % 9), h = 3 + (int)(seed % 6);
        uint64_t e = reference_events(t, w, h, &o);
        amz_maze m;
        start_maze(&m, t, w, h, &o);
        recorder r = {0};
        amz_anim_stats st;
        amz_error err;
        assert_int_equal(amz_anim_run(&m, &o, record, &r, &st, &err), AMZ_OK);
        uint64_t want = (e + o.steps_per_frame - 1) / o.steps_per_frame + 2;
        if (r.frames != want)
            fail_msg("seed %llu: %llu frames for %llu events at %llu a frame, want %llu", (unsigned long long)seed,
                     (unsigned long long)r.frames, (unsigned long long)e, (unsigned long long)o.steps_per_frame,
                     (unsigned long long)want);
        assert_false(r.bad_order);
        assert_true(r.saw_last);
        assert_int_equal(st.events, e);
        assert_int_equal(st.frames, want);
        assert_int_equal(r.last_events, e);
        assert_int_equal(r.last_delay, 100);
        /* Delays before the last add up to the frames' share of time at this rate. */
        assert_int_equal(r.delay_sum, (int)llround((double)(want - 1) * 100.0 / o.fps));
        if (o.what & AMZ_ANIM_SOLVE)
            assert_true(m.has_solution);
        amz_maze_deinit(&m);
    }
}

static void test_duration(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        amz_anim_options o;
        amz_anim_options_init(&o);
        o.gen.seed = seed;
        o.fps = 8 * (int)seed;
        o.duration = 0.5 * (double)seed;
        o.image.cell = 4;
        uint64_t e = reference_events(AMZ_TOPO_SQUARE, 15, 10, &o);
        amz_maze m;
        start_maze(&m, AMZ_TOPO_SQUARE, 15, 10, &o);
        recorder r = {0};
        amz_anim_stats st;
        assert_int_equal(amz_anim_run(&m, &o, record, &r, &st, NULL), AMZ_OK);
        uint64_t spf = (uint64_t)ceil((double)e / (o.duration * o.fps));
        assert_int_equal(st.steps_per_frame, spf < 1 ? 1 : spf);
        assert_true(r.frames <= (uint64_t)ceil(o.duration * o.fps) + 2);
        assert_true(r.frames >= (uint64_t)floor(o.duration * o.fps) / 2);
        amz_maze_deinit(&m);
    }
}

static char *write_gif(amz_maze *m, const amz_anim_options *o, const char *path, amz_anim_stats *st)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    amz_error err;
    amz_status s = amz_anim_write_gif(m, o, f, st, &err);
    if (s)
        fail_msg("gif: %s", err.msg);
    fclose(f);
    return NULL;
}

static void still_png(const amz_maze *m, const amz_image_options *io, tu_image *im)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mf = open_memstream(&buf, &len);
    amz_image_options o = *io;
    o.antialias = false;
    assert_int_equal(amz_image_write(m, &o, AMZ_IMAGE_PNG, mf, NULL), AMZ_OK);
    fclose(mf);
    assert_true(tu_png_load_mem(buf, len, im));
    free(buf);
}

/* A decoded GIF's frames: frame 0 is the whole canvas, later frames store exactly the
 * bounding box of the pixels that changed (1x1 when none did), and the last frame is
 * the still picture of the finished maze m. */
static void check_frames(const tu_gif *g, const amz_maze *m, const amz_anim_options *o, uint64_t seed)
{
    /* Frame 0 is the whole canvas; later frames store exactly the bounding box of
     * the pixels that changed (1x1 when none did). */
    assert_int_equal(g->rw[0], g->w);
    assert_int_equal(g->rh[0], g->h);
    for (int i = 1; i < g->nframes; i++) {
        int x0 = g->w, y0 = g->h, x1 = -1, y1 = -1;
        for (int y = 0; y < g->h; y++)
            for (int x = 0; x < g->w; x++)
                if (memcmp(tu_px(&g->frames[i], x, y), tu_px(&g->frames[i - 1], x, y), 4) != 0) {
                    if (x < x0)
                        x0 = x;
                    if (y < y0)
                        y0 = y;
                    if (x > x1)
                        x1 = x;
                    if (y > y1)
                        y1 = y;
                }
        if (x1 < 0) {
            assert_int_equal(g->rw[i] * g->rh[i], 1);
        } else if (g->rx[i] != x0 || g->ry[i] != y0 || g->rw[i] != x1 - x0 + 1 || g->rh[i] != y1 - y0 + 1) {
            fail_msg("seed %llu frame %d stores %d,%d %dx%d; changed %d,%d %dx%d", (unsigned long long)seed, i,
                     g->rx[i], g->ry[i], g->rw[i], g->rh[i], x0, y0, x1 - x0 + 1, y1 - y0 + 1);
        }
    }
    /* The last frame is the finished picture. */
    tu_image still = {0};
    still_png(m, &o->image, &still);
    assert_int_equal(still.w, g->w);
    assert_int_equal(still.h, g->h);
    const tu_image *last = &g->frames[g->nframes - 1];
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++)
            if (tu_px_rgb(last, x, y) != tu_px_rgb(&still, x, y))
                fail_msg("seed %llu: last frame pixel (%d,%d) %06x, still %06x", (unsigned long long)seed, x, y,
                         tu_px_rgb(last, x, y), tu_px_rgb(&still, x, y));
    tu_image_free(&still);
}

/* Decoded GIF: frame count, loop, delays, exact changed rectangles, last frame = still. */
static void test_gif(void **state)
{
    (void)state;
    char path[] = "/tmp/amz_test_anim_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    for (uint64_t seed = 1; seed <= 6; seed++) {
        amz_anim_options o;
        amz_anim_options_init(&o);
        o.what = (amz_anim_what)(1 + seed % 3);
        o.gen.seed = seed;
        o.fps = 20;
        o.steps_per_frame = 3 + seed;
        o.image.cell = seed % 2 ? 8 : 12;
        o.image.wall = 2;
        amz_topology t = seed % 3 == 0 ? AMZ_TOPO_HEX : AMZ_TOPO_SQUARE;
        int w = 6 + (int)seed, h = 4 + (int)seed % 3;
        uint64_t e = reference_events(t, w, h, &o);
        amz_maze m;
        start_maze(&m, t, w, h, &o);
        amz_anim_stats st;
        write_gif(&m, &o, path, &st);
        tu_gif g = {0};
        assert_true(tu_gif_load(path, &g));
        assert_int_equal(g.nframes, (int)((e + o.steps_per_frame - 1) / o.steps_per_frame + 2));
        assert_true(g.loops);
        assert_int_equal(g.delays[g.nframes - 1], 100);
        for (int i = 0; i + 1 < g.nframes; i++)
            assert_int_equal(g.delays[i], 5);
        check_frames(&g, &m, &o, seed);
        tu_gif_free(&g);
        amz_maze_deinit(&m);
    }
    close(fd);
    remove(path);
}

/* Animations of the grids drawn from the model's geometry (polar, triangle, octagon,
 * levels, wrap-around, weave): generation, solving and both, with the frames checked as
 * above (exact changed rectangles, the last frame the still picture, bridges and all). */
static void test_gif_grids(void **state)
{
    (void)state;
    static const amz_grid grids[] = {
        {AMZ_TOPO_POLAR, 6, 5, 1, 0, false},    {AMZ_TOPO_TRIANGLE, 10, 6, 1, 0, false},
        {AMZ_TOPO_OCTAGON, 6, 5, 1, 0, false},  {AMZ_TOPO_SQUARE, 5, 4, 2, 0, false},
        {AMZ_TOPO_HEX, 6, 4, 1, AMZ_WRAP_X, false}, {AMZ_TOPO_TRIANGLE, 8, 4, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false},
        {AMZ_TOPO_SQUARE, 8, 8, 1, 0, true},
    };
    char path[] = "/tmp/amz_test_anim_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    for (size_t i = 0; i < sizeof grids / sizeof grids[0]; i++)
        for (uint64_t seed = 1; seed <= 12; seed++) {
            amz_anim_options o;
            amz_anim_options_init(&o);
            o.what = (amz_anim_what)(1 + seed % 3); /* generate, solve, both */
            o.gen.seed = seed + 10 * i;
            o.gen.weave = 0.8;
            o.steps_per_frame = 2 + seed;
            o.image.cell = 12;
            o.image.wall = 2;
            /* Half of the flat triangle runs by wilson, which adds walls to an open
             * field there (WALL events: gen/wilson_dual.c). */
            if (grids[i].topology == AMZ_TOPO_TRIANGLE && !grids[i].wrap && seed % 2)
                o.generator = "wilson";
            amz_maze m;
            assert_int_equal(amz_maze_init_grid(&m, &grids[i], NULL), AMZ_OK);
            if (o.what == AMZ_ANIM_SOLVE)
                assert_int_equal(amz_gen_run(&m, o.generator, &o.gen, NULL, NULL), AMZ_OK);
            write_gif(&m, &o, path, NULL);
            tu_gif g = {0};
            assert_true(tu_gif_load(path, &g));
            assert_true(g.nframes >= 3);
            check_frames(&g, &m, &o, seed);
            tu_gif_free(&g);
            amz_maze_deinit(&m);
        }
    close(fd);
    remove(path);
}

/* A 60x40 generation: frames store small rectangles, so the GIF stays small. */
static void test_gif_small(void **state)
{
    (void)state;
    char path[] = "/tmp/amz_test_anim_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    amz_anim_options o;
    amz_anim_options_init(&o);
    o.what = AMZ_ANIM_GENERATE;
    o.gen.seed = 7;
    o.image.cell = 8;
    amz_maze m;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 60, 40, NULL), AMZ_OK);
    amz_anim_stats st;
    write_gif(&m, &o, path, &st);
    tu_gif g = {0};
    assert_true(tu_gif_load(path, &g));
    uint64_t stored = 0, canvas = (uint64_t)g.w * (uint64_t)g.h;
    for (int i = 1; i < g.nframes; i++)
        stored += (uint64_t)g.rw[i] * (uint64_t)g.rh[i];
    double share = (double)stored / ((double)(g.nframes - 1) * (double)canvas);
    print_message("60x40 generation: %d frames, stored %.1f%% of full frames\n", g.nframes, 100 * share);
    assert_true(share < 0.15);
    size_t len;
    uint8_t *bytes = tu_read_file(path, &len);
    free(bytes);
    print_message("60x40 generation GIF: %zu bytes\n", len);
    assert_true(len < 1000000);
    tu_gif_free(&g);
    amz_maze_deinit(&m);
    close(fd);
    remove(path);
}

static void test_reproducible_and_cancel(void **state)
{
    (void)state;
    amz_anim_options o;
    amz_anim_options_init(&o);
    o.gen.seed = 99;
    o.image.cell = 6;
    char *bufs[2];
    size_t lens[2];
    for (int k = 0; k < 2; k++) {
        amz_maze m;
        assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 12, 9, NULL), AMZ_OK);
        FILE *mf = open_memstream(&bufs[k], &lens[k]);
        assert_int_equal(amz_anim_write_gif(&m, &o, mf, NULL, NULL), AMZ_OK);
        fclose(mf);
        amz_maze_deinit(&m);
    }
    assert_int_equal(lens[0], lens[1]);
    assert_memory_equal(bufs[0], bufs[1], lens[0]);
    assert_memory_equal(bufs[0], "GIF89a", 6);
    free(bufs[0]);
    free(bufs[1]);

    amz_maze m;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 12, 9, NULL), AMZ_OK);
    recorder r = {0};
    r.stop_at = 3;
    amz_error err;
    assert_int_equal(amz_anim_run(&m, &o, record, &r, NULL, &err), AMZ_ECANCELED);
    assert_int_equal(r.frames, 3);
    amz_maze_deinit(&m);

    /* Bad options are refused before anything is drawn. */
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 12, 9, NULL), AMZ_OK);
    o.fps = 60;
    assert_int_equal(amz_anim_run(&m, &o, record, &r, NULL, &err), AMZ_ERANGE);
    o.fps = 25;
    o.trail = 0;
    assert_int_equal(amz_anim_run(&m, &o, record, &r, NULL, &err), AMZ_ERANGE);
    amz_maze_deinit(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_frame_counts),
        cmocka_unit_test(test_duration),
        cmocka_unit_test(test_gif),
        cmocka_unit_test(test_gif_small),
        cmocka_unit_test(test_gif_grids),
        cmocka_unit_test(test_reproducible_and_cancel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
