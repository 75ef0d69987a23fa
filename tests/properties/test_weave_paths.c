/* test_weave_paths.c — the backtracker's specialised walk on weave square grids
 * (src/gen/backtracker.c, backtracker_weave) against its general form through
 * grid/topo.h (gen_backtracker_any), which the grid tests check for perfection and
 * real crossings: from the same random stream both must make the same maze, edge for
 * edge, and report the same events in the same order, on many sizes (one row or column,
 * the smallest crossings, odd and even sides), weave shares from 0 to 1, with and
 * without removed cells, and cancelled part way. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gen/any.h"
#include "gen/gen_impl.h"
#include "testutil.h"

/* One run of `fn` on a fresh weave grid w x h (a share `hole` of its cells removed by
 * seed), from the random stream of `seed`; its events into *l. */
static amz_status run(amz_maze *m, int w, int h, double hole, uint64_t seed, double p, amz_gen_fn fn, tu_events *l)
{
    const amz_grid g = {AMZ_TOPO_SQUARE, w, h, 1, 0, true};
    assert_int_equal(amz_maze_init_grid(m, &g, NULL), AMZ_OK);
    if (hole > 0)
        tu_random_mask(m, hole, seed);
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.weave = p;
    amz_rng rng;
    amz_rng_seed(&rng, seed);
    amz_observer obs = {tu_record_event, l, 0};
    return fn(m, &rng, &o, &obs, NULL);
}

static void test_same_maze_and_events(void **state)
{
    (void)state;
    static const int sizes[][2] = {{1, 1}, {1, 7}, {7, 1}, {3, 3}, {5, 2}, {2, 5}, {12, 12}, {31, 17}, {40, 25}};
    static const double shares[] = {0, 0.3, 0.8, 1};
    int crossings = 0;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (size_t k = 0; k < sizeof shares / sizeof shares[0]; k++)
            for (uint64_t seed = 1; seed <= (uint64_t)TU_REPS(6); seed++)
                for (int masked = 0; masked < 2; masked++) {
                    const int w = sizes[s][0], h = sizes[s][1];
                    const double hole = masked ? 0.15 : 0;
                    char what[96];
                    snprintf(what, sizeof what, "%dx%d weave %g seed %llu%s", w, h, shares[k], (unsigned long long)seed,
                             masked ? " masked" : "");
                    tu_events fast = {0}, any = {0};
                    amz_maze a, b;
                    assert_int_equal(run(&a, w, h, hole, seed, shares[k], gen_backtracker, &fast), AMZ_OK);
                    assert_int_equal(run(&b, w, h, hole, seed, shares[k], gen_backtracker_any, &any), AMZ_OK);
                    tu_assert_same_maze(&a, &b, what);
                    tu_assert_same_events(&fast, &any, what);
                    for (size_t i = 0; i < fast.n; i++) /* under-moves taken: the case is not vacuous */
                        crossings += fast.ev[i].type == AMZ_EV_CARVE && fast.ev[i].dir >= AMZ_SQ_N2;
                    /* Cancelled a third of the way: the same partial maze. */
                    if (fast.n > 3) {
                        amz_maze_deinit(&a);
                        amz_maze_deinit(&b);
                        tu_events cf = {NULL, 0, 0, fast.n / 3}, ca = {NULL, 0, 0, fast.n / 3};
                        assert_int_equal(run(&a, w, h, hole, seed, shares[k], gen_backtracker, &cf), AMZ_ECANCELED);
                        assert_int_equal(run(&b, w, h, hole, seed, shares[k], gen_backtracker_any, &ca), AMZ_ECANCELED);
                        tu_assert_same_maze(&a, &b, what);
                        free(cf.ev);
                        free(ca.ev);
                    }
                    free(fast.ev);
                    free(any.ev);
                    amz_maze_deinit(&a);
                    amz_maze_deinit(&b);
                }
    assert_true(crossings > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_maze_and_events),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
