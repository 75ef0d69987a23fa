/* test_backtracker_paths.c — the backtracker's walk on square, hex and triangle grids
 * with levels and wrap-around, octagon and polar grids (src/gen/backtracker.c, backtracker_stack) against its general
 * form through grid/topo.h (gen_backtracker_any), which the grid tests check for
 * perfection and uniform coverage: from the same random stream both must make the same
 * maze, edge for edge, and report the same events in the same order, on many sizes (one
 * row, column or level, odd and even sides), with and without removed cells, and
 * cancelled part way. */
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

/* One run of `fn` on a fresh grid g (a share `hole` of its cells removed by seed), from
 * the random stream of `seed`; its events into *l. */
static amz_status run(amz_maze *m, const amz_grid *g, double hole, uint64_t seed, amz_gen_fn fn, tu_events *l)
{
    assert_int_equal(amz_maze_init_grid(m, g, NULL), AMZ_OK);
    if (hole > 0)
        tu_random_mask(m, hole, seed);
    amz_gen_options o;
    amz_gen_options_init(&o);
    amz_rng rng;
    amz_rng_seed(&rng, seed);
    amz_observer obs = {tu_record_event, l, 0};
    return fn(m, &rng, &o, &obs, NULL);
}

static void test_same_maze_and_events(void **state)
{
    (void)state;
    static const amz_grid grids[] = {
        {AMZ_TOPO_SQUARE, 1, 1, 2, 0, false},   {AMZ_TOPO_SQUARE, 1, 6, 3, 0, false},
        {AMZ_TOPO_SQUARE, 6, 1, 2, 0, false},   {AMZ_TOPO_SQUARE, 5, 4, 3, 0, false},
        {AMZ_TOPO_SQUARE, 12, 9, 4, 0, false},  {AMZ_TOPO_HEX, 1, 5, 2, 0, false},
        {AMZ_TOPO_HEX, 5, 1, 3, 0, false},      {AMZ_TOPO_HEX, 7, 6, 3, 0, false},
        {AMZ_TOPO_HEX, 10, 11, 2, 0, false},    {AMZ_TOPO_OCTAGON, 1, 1, 1, 0, false},
        {AMZ_TOPO_OCTAGON, 1, 7, 1, 0, false},  {AMZ_TOPO_OCTAGON, 7, 1, 1, 0, false},
        {AMZ_TOPO_OCTAGON, 2, 2, 1, 0, false},  {AMZ_TOPO_OCTAGON, 9, 6, 1, 0, false},
        {AMZ_TOPO_OCTAGON, 24, 17, 1, 0, false}, {AMZ_TOPO_POLAR, 6, 1, 1, 0, false},
        {AMZ_TOPO_POLAR, 6, 2, 1, 0, false},    {AMZ_TOPO_POLAR, 3, 12, 1, 0, false},
        {AMZ_TOPO_POLAR, 6, 20, 1, 0, false},   {AMZ_TOPO_POLAR, 12, 9, 1, 0, false},
        {AMZ_TOPO_TRIANGLE, 2, 1, 1, 0, false}, {AMZ_TOPO_TRIANGLE, 9, 6, 1, 0, false},
        {AMZ_TOPO_TRIANGLE, 6, 5, 3, 0, false}, {AMZ_TOPO_TRIANGLE, 8, 6, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false},
        {AMZ_TOPO_TRIANGLE, 4, 2, 2, AMZ_WRAP_Y, false}, {AMZ_TOPO_SQUARE, 3, 3, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false},
        {AMZ_TOPO_SQUARE, 9, 7, 1, AMZ_WRAP_X, false}, {AMZ_TOPO_SQUARE, 5, 4, 3, AMZ_WRAP_X | AMZ_WRAP_Y, false},
        {AMZ_TOPO_HEX, 4, 3, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false}, {AMZ_TOPO_HEX, 8, 5, 1, AMZ_WRAP_Y, false},
        {AMZ_TOPO_HEX, 6, 4, 2, AMZ_WRAP_X, false},
    };
    int stairs = 0, squares = 0, inward = 0, across = 0;
    for (size_t i = 0; i < sizeof grids / sizeof grids[0]; i++)
        for (uint64_t seed = 1; seed <= (uint64_t)TU_REPS(12); seed++)
            for (int masked = 0; masked < 2; masked++) {
                const amz_grid *g = &grids[i];
                const double hole = masked ? 0.15 : 0;
                char what[96];
                snprintf(what, sizeof what, "topology %d %lldx%lldx%d seed %llu%s", (int)g->topology,
                         (long long)g->width, (long long)g->height, g->levels, (unsigned long long)seed,
                         masked ? " masked" : "");
                tu_events fast = {0}, any = {0};
                amz_maze a, b;
                assert_int_equal(run(&a, g, hole, seed, gen_backtracker, &fast), AMZ_OK);
                assert_int_equal(run(&b, g, hole, seed, gen_backtracker_any, &any), AMZ_OK);
                tu_assert_same_maze(&a, &b, what);
                tu_assert_same_events(&fast, &any, what);
                for (size_t k = 0; k < fast.n; k++) { /* the moves the walk adds: not vacuous */
                    const int d = fast.ev[k].dir;
                    if (fast.ev[k].type != AMZ_EV_CARVE)
                        continue;
                    stairs += g->levels > 1 && d >= (g->topology == AMZ_TOPO_HEX ? AMZ_HEX_U : AMZ_SQ_U);
                    squares += g->topology == AMZ_TOPO_OCTAGON && (d & 1);
                    inward += g->topology == AMZ_TOPO_POLAR && d == AMZ_POLAR_IN;
                    if (g->wrap) { /* a carve across a wrapped side joins cells more than a step apart */
                        const int64_t w = g->width, plane = w * g->height;
                        const int64_t p = fast.ev[k].cell % plane, q = fast.ev[k].other % plane;
                        across += llabs(p % w - q % w) > 1 || llabs(p / w - q / w) > 1;
                    }
                }
                /* Cancelled a third of the way: the same partial maze. */
                if (fast.n > 3) {
                    amz_maze_deinit(&a);
                    amz_maze_deinit(&b);
                    tu_events cf = {NULL, 0, 0, fast.n / 3}, ca = {NULL, 0, 0, fast.n / 3};
                    assert_int_equal(run(&a, g, hole, seed, gen_backtracker, &cf), AMZ_ECANCELED);
                    assert_int_equal(run(&b, g, hole, seed, gen_backtracker_any, &ca), AMZ_ECANCELED);
                    tu_assert_same_maze(&a, &b, what);
                    free(cf.ev);
                    free(ca.ev);
                }
                free(fast.ev);
                free(any.ev);
                amz_maze_deinit(&a);
                amz_maze_deinit(&b);
            }
    assert_true(stairs > 100);
    assert_true(squares > 100);
    assert_true(inward > 100);
    assert_true(across > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_maze_and_events),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
