/* test_gen.c — the generator registry and driver (include/amaze/gen.h, src/gen/):
 * catalogue lookups, amz_gen_run's errors and contract (clears, keeps start and goal,
 * records origin), and amz_gen_memory_estimate against the peak memory a run really
 * takes, measured through the allocator hook. (Perfectness and determinism over many
 * seeds: tests/properties/test_gen_props.c; event streams: test_observer.c.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

static void test_registry(void **state)
{
    (void)state;
    size_t n = amz_gen_count();
    assert_true(n >= 2);
    assert_string_equal(amz_gen_at(0)->name, "backtracker"); /* the default comes first */
    assert_non_null(amz_gen_find("hunt-and-kill"));
    assert_null(amz_gen_at(n));
    assert_null(amz_gen_at((size_t)-1));
    for (size_t i = 0; i < n; i++) {
        const amz_gen_info *g = amz_gen_at(i);
        assert_non_null(g);
        assert_non_null(g->run);
        assert_true(g->name[0] && g->summary[0]);
        assert_null(strchr(g->name, ' ')); /* usable as a CLI word */
        assert_ptr_equal(amz_gen_find(g->name), g);
        assert_true(amz_gen_supports(g, AMZ_TOPO_SQUARE)); /* every generator does square */
        assert_false(amz_gen_supports(g, (amz_topology)31));
        assert_false(amz_gen_supports(g, (amz_topology)40));
        for (size_t j = 0; j < i; j++)
            assert_string_not_equal(g->name, amz_gen_at(j)->name);
    }
    assert_null(amz_gen_find("Backtracker"));
    assert_null(amz_gen_find(""));
    assert_null(amz_gen_find(NULL));
    assert_false(amz_gen_supports(NULL, AMZ_TOPO_SQUARE));
    amz_gen_options o;
    memset(&o, 0xff, sizeof o);
    amz_gen_options_init(&o);
    assert_true(o.seed == 0);
}

static void test_run_contract(void **state)
{
    (void)state;
    amz_maze m, d;
    amz_error err;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 12, 8, NULL), AMZ_OK);
    assert_int_equal(amz_gen_run(&m, "no-such-generator", NULL, NULL, &err), AMZ_ENOTFOUND);
    assert_non_null(strstr(err.msg, "'no-such-generator'"));
    /* The library names its catalog, not a CLI option. */
    assert_null(strstr(err.msg, "--"));
    for (size_t i = 0; i < amz_gen_count(); i++)
        assert_non_null(strstr(err.msg, amz_gen_at(i)->name));
    assert_int_equal(amz_gen_run(&m, NULL, NULL, NULL, &err), AMZ_ENOTFOUND);
    amz_maze_deinit(&m);

    for (size_t i = 0; i < amz_gen_count(); i++) {
        const amz_gen_info *g = amz_gen_at(i);
        for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++) {
            if (!amz_gen_supports(g, (amz_topology)t))
                continue;
            /* Over a maze full of passages and with a stale solution: generating clears
             * both, keeps the chosen ends and records the origin. */
            tu_random_maze(&m, (amz_topology)t, 12, 8, 1.0, 1);
            m.start = 37;
            m.goal = 3;
            amz_path p = {37, 0, NULL};
            m.goal = 37;
            assert_int_equal(amz_maze_set_solution(&m, &p, NULL), AMZ_OK);
            m.goal = 3;
            amz_gen_options o;
            amz_gen_options_init(&o);
            o.seed = UINT64_MAX;
            assert_int_equal(amz_gen_run(&m, g->name, &o, NULL, &err), AMZ_OK);
            assert_true(tu_is_perfect(&m));
            assert_int_equal(m.start, 37);
            assert_int_equal(m.goal, 3);
            assert_false(m.has_solution);
            assert_string_equal(m.algorithm, g->name);
            assert_true(m.seed == UINT64_MAX);
            /* NULL options = seed 0. */
            assert_int_equal(amz_maze_copy(&d, &m, NULL), AMZ_OK);
            o.seed = 0;
            assert_int_equal(amz_gen_run(&m, g->name, &o, NULL, NULL), AMZ_OK);
            assert_int_equal(amz_gen_run(&d, g->name, NULL, NULL, NULL), AMZ_OK);
            assert_true(amz_maze_equal(&m, &d));
            assert_true(d.seed == 0);
            amz_maze_deinit(&d);
            amz_maze_deinit(&m);
        }
    }
}

/* ---- peak memory through the allocator hook ---- */

static int count_event(void *ctx, const amz_event *ev)
{
    (void)ev;
    ++*(uint64_t *)ctx;
    return 0;
}

static void test_memory_estimate(void **state)
{
    (void)state;
    const amz_gen_info *g0 = amz_gen_at(0);
    assert_true(amz_gen_memory_estimate(NULL, AMZ_TOPO_SQUARE, 10, 10, false) == UINT64_MAX);
    assert_true(amz_gen_memory_estimate(g0, (amz_topology)7, 10, 10, false) == UINT64_MAX);
    assert_true(amz_gen_memory_estimate(g0, AMZ_TOPO_SQUARE, 0, 10, false) == UINT64_MAX);
    assert_true(amz_gen_memory_estimate(g0, AMZ_TOPO_SQUARE, 10, -1, false) == UINT64_MAX);
    assert_true(amz_gen_memory_estimate(g0, AMZ_TOPO_SQUARE, INT64_MAX, INT64_MAX, false) == UINT64_MAX);
    /* The CLI's example of a size too large for memory is refused by the estimate. */
    assert_true(amz_gen_memory_estimate(g0, AMZ_TOPO_SQUARE, 100000000, 100000000, false) > (UINT64_C(1) << 50));

    static const int shapes[][2] = {{1, 1},   {1, 2000}, {2000, 1}, {3, 700}, {700, 3},
                                    {64, 64}, {100, 37}, {37, 100}, {513, 257}};
    tu_meter mt;
    amz_allocator a = tu_meter_allocator(&mt);
    for (size_t i = 0; i < amz_gen_count(); i++) {
        const amz_gen_info *g = amz_gen_at(i);
        for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
            /* The largest shape only in the optimised build (the sanitizers see the
             * same code on the others). */
            for (size_t s = 0; s < sizeof shapes / sizeof shapes[0] - (AMZ_TEST_SANITIZED ? 1 : 0); s++)
                for (int kind = 0; kind < 3; kind++) {
                    /* kind 0: plain; 1: masked; 2: watched step by step (every event). */
                    const bool masked = kind == 1, watched = kind == 2;
                    if (!amz_gen_supports(g, (amz_topology)t) || (masked && !g->masks))
                        continue;
                    int w = shapes[s][0], h = shapes[s][1];
                    uint64_t est = amz_gen_memory_estimate(g, (amz_topology)t, w, h, watched);
                    uint64_t cells = (uint64_t)w * (uint64_t)h;
                    /* At least the passages, and monotone in each side. */
                    assert_true(est >= cells * (uint64_t)(amz_topology_ndirs((amz_topology)t) / 2) / 8);
                    assert_true(amz_gen_memory_estimate(g, (amz_topology)t, w + 1, h, watched) >= est);
                    assert_true(amz_gen_memory_estimate(g, (amz_topology)t, w, h + 1, watched) >= est);
                    assert_true(amz_gen_memory_estimate(g, (amz_topology)t, w, h, true) >= est);
                    mt = (tu_meter){0, 0};
                    assert_int_equal(amz_set_allocator(&a), AMZ_OK);
                    amz_maze m;
                    assert_int_equal(amz_maze_init(&m, (amz_topology)t, w, h, NULL), AMZ_OK);
                    if (masked && m.ncells > 1) /* the mask costs a bit per cell, not in the estimate */
                        amz_maze_set_exists(&m, m.ncells - 1, false, NULL); /* one island */
                    uint64_t mask_bytes = masked ? (cells + 63) / 64 * 8 : 0;
                    uint64_t events = 0;
                    amz_observer every = {count_event, &events, 0};
                    assert_int_equal(amz_gen_run(&m, g->name, NULL, watched ? &every : NULL, NULL), AMZ_OK);
                    assert_true(!watched || events > 0);
                    amz_maze_deinit(&m);
                    amz_set_allocator(NULL);
                    assert_true(mt.live == 0);
                    /* A mask adds the island search (a bit per cell and a queue), which
                     * the estimate leaves out: there only gross overruns count. */
                    if (masked ? mt.peak > 2 * est + 3 * mask_bytes + 16384 : mt.peak > est)
                        fail_msg("%s on %s %dx%d%s: peak %llu bytes, estimate %llu", g->name,
                                 amz_topology_name((amz_topology)t), w, h,
                                 masked ? " masked" : watched ? " watched" : "",
                                 (unsigned long long)mt.peak, (unsigned long long)est);
                    /* An estimate wildly above the real need (3x: per-cell figures assume a full grid,
                     * a strip has fewer edges) refuses mazes that fit. */
                    if (cells >= 1000 && est > 3 * mt.peak + 4096 + g->work_fixed)
                        fail_msg("%s on %s %dx%d: estimate %llu for a peak of %llu bytes", g->name,
                                 amz_topology_name((amz_topology)t), w, h, (unsigned long long)est,
                                 (unsigned long long)mt.peak);
                }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registry),
        cmocka_unit_test(test_run_contract),
        cmocka_unit_test(test_memory_estimate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
