/* test_backtracker_paths.c — the backtracker's specialised walks (src/gen/backtracker.c:
 * backtracker_stack on square, hex and triangle grids with levels and wrap-around,
 * octagon and polar grids; backtracker_weave on weave square grids) against its general
 * form through grid/topo.h (gen_backtracker_any), which the grid tests check for
 * perfection and uniform coverage: from the same random stream both must make the same
 * maze, edge for edge, and report the same events in the same order, on many sizes (one
 * row, column or level, odd and even sides, the smallest crossings), weave shares from 0
 * to 1, with and without removed cells, and cancelled part way. */
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

/* One run of `fn` on a fresh grid g (a share `hole` of its cells removed by seed, weave
 * chances taken with probability p), from the random stream of `seed`; its events into
 * *l. */
static amz_status run(amz_maze *m, const amz_grid *g, double hole, uint64_t seed, double p, amz_gen_fn fn,
                      tu_events *l)
{
    assert_int_equal(amz_maze_init_grid(m, g, NULL), AMZ_OK);
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

/* The specialised walk and the general form on g from the same stream: the same maze
 * and events, and the same partial maze when cancelled a third of the way. The fast
 * walk's events are left in *fast (free fast->ev). */
static void compare(const amz_grid *g, double hole, uint64_t seed, double p, const char *what, tu_events *fast)
{
    tu_events any = {0};
    amz_maze a, b;
    assert_int_equal(run(&a, g, hole, seed, p, gen_backtracker, fast), AMZ_OK);
    assert_int_equal(run(&b, g, hole, seed, p, gen_backtracker_any, &any), AMZ_OK);
    tu_assert_same_maze(&a, &b, what);
    tu_assert_same_events(fast, &any, what);
    free(any.ev);
    amz_maze_deinit(&a);
    amz_maze_deinit(&b);
    if (fast->n <= 3)
        return;
    tu_events cf = {NULL, 0, 0, fast->n / 3}, ca = {NULL, 0, 0, fast->n / 3};
    assert_int_equal(run(&a, g, hole, seed, p, gen_backtracker, &cf), AMZ_ECANCELED);
    assert_int_equal(run(&b, g, hole, seed, p, gen_backtracker_any, &ca), AMZ_ECANCELED);
    tu_assert_same_maze(&a, &b, what);
    free(cf.ev);
    free(ca.ev);
    amz_maze_deinit(&a);
    amz_maze_deinit(&b);
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
                tu_events fast = {0};
                compare(g, hole, seed, 0, what, &fast);
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
                free(fast.ev);
            }
    assert_true(stairs > 100);
    assert_true(squares > 100);
    assert_true(inward > 100);
    assert_true(across > 100);
}

static void test_weave_same_maze_and_events(void **state)
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
                    const amz_grid g = {AMZ_TOPO_SQUARE, w, h, 1, 0, true};
                    const double hole = masked ? 0.15 : 0;
                    char what[96];
                    snprintf(what, sizeof what, "%dx%d weave %g seed %llu%s", w, h, shares[k], (unsigned long long)seed,
                             masked ? " masked" : "");
                    tu_events fast = {0};
                    compare(&g, hole, seed, shares[k], what, &fast);
                    for (size_t i = 0; i < fast.n; i++) /* under-moves taken: the case is not vacuous */
                        crossings += fast.ev[i].type == AMZ_EV_CARVE && fast.ev[i].dir >= AMZ_SQ_N2;
                    free(fast.ev);
                }
    assert_true(crossings > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_maze_and_events),
        cmocka_unit_test(test_weave_same_maze_and_events),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
