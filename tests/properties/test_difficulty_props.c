/* test_difficulty_props.c — mazes of a chosen difficulty (amaze/difficulty.h) over many
 * seeds: for every generator on every topology it takes and every level, the search's
 * maze falls in the level's band by a reference measure (the solution of the perfect
 * maze walked from the reference BFS, log2 of the ways forward summed by hand), the
 * bands' means rise with the level, the goal sits on the outline, and the seed, braid
 * and goal it reports make the same maze again. Then the other targets (solution
 * length, dead ends counted by hand), fixed goals, shapes, the refusals and the
 * bound. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "amaze/difficulty.h"
#include "testutil.h"

/* The reference difficulty: from the start, step to the neighbour one move nearer the
 * goal (reference distances; on a perfect maze the path is unique), adding log2 of the
 * ways forward (passages less the way in). *moves gets the path's length. */
static double ref_bits(const amz_maze *m, uint64_t *moves)
{
    int64_t *dist = malloc((size_t)m->ncells * sizeof *dist);
    assert_non_null(dist);
    tu_distances(m, m->goal, dist);
    assert_true(dist[m->start] >= 0);
    double bits = 0;
    amz_cell c = m->start, prev = AMZ_NO_CELL;
    *moves = (uint64_t)dist[m->start];
    while (c != m->goal) {
        int ways = 0;
        amz_cell next = AMZ_NO_CELL;
        for (int d = 0; d < m->ndirs; d++) {
            amz_cell nb = amz_maze_neighbor(m, c, d);
            if (nb == AMZ_NO_CELL || !amz_maze_passage(m, c, d) || nb == prev)
                continue;
            ways++;
            if (dist[nb] == dist[c] - 1 && next == AMZ_NO_CELL)
                next = nb;
        }
        bits += log2((double)ways);
        prev = c;
        c = next;
    }
    free(dist);
    return bits;
}

static bool has_missing_neighbour(const amz_maze *m, amz_cell c)
{
    for (int d = 0; d < m->ndirs; d++)
        if (amz_maze_neighbor(m, c, d) == AMZ_NO_CELL)
            return true;
    return false;
}

static double dead_share(const amz_maze *m)
{
    uint64_t cells = 0, dead = 0;
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (!amz_maze_exists(m, c))
            continue;
        cells++;
        int deg = 0;
        for (int d = 0; d < m->ndirs; d++)
            deg += amz_maze_passage(m, c, d);
        dead += deg == 1;
    }
    return 100.0 * (double)dead / (double)cells;
}

/* The report's seed, braid and goal on a fresh grid make m again. */
static void assert_rebuilds(const amz_maze *m, const char *algo, const amz_target_report *r)
{
    amz_maze again;
    assert_int_equal(amz_maze_init(&again, m->topology, m->width, m->height, NULL), AMZ_OK);
    for (amz_cell c = 0; c < m->ncells; c++)
        if (!amz_maze_exists(m, c))
            assert_int_equal(amz_maze_set_exists(&again, c, false, NULL), AMZ_OK);
    again.start = m->start;
    again.goal = m->goal;
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.seed = r->seed;
    o.braid = r->braid;
    assert_int_equal(amz_gen_run(&again, algo, &o, NULL, NULL), AMZ_OK);
    tu_assert_same_maze(m, &again, algo);
    amz_maze_deinit(&again);
}

static void search(amz_maze *m, amz_topology t, int w, int h, const char *algo, uint64_t seed, const amz_target *tg,
                   amz_target_report *r)
{
    amz_error err;
    assert_int_equal(amz_maze_init(m, t, w, h, NULL), AMZ_OK);
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.seed = seed;
    amz_status st = amz_target_search(m, algo, &o, tg, r, &err);
    if (st)
        fail_msg("%s %s %dx%d seed %llu: %s", algo, amz_topology_name(t), w, h, (unsigned long long)seed, err.msg);
}

#define SEEDS 6

static void test_levels_every_generator(void **state)
{
    (void)state;
    for (size_t g = 0; g < amz_gen_count(); g++) {
        const amz_gen_info *gi = amz_gen_at(g);
        for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++) {
            if (!amz_gen_supports(gi, (amz_topology)t))
                continue;
            double prev_mean = -1;
            for (int l = 0; l < AMZ_LEVELS; l++) {
                double lo, hi, sum = 0;
                int32_t w, h;
                amz_level_band((amz_level)l, &lo, &hi);
                assert_int_equal(amz_difficulty_size(gi->name, (amz_topology)t, lo, hi, 1.0, &w, &h, NULL), AMZ_OK);
                amz_target tg;
                amz_target_init(&tg);
                tg.bits_min = lo;
                tg.bits_max = hi;
                for (uint64_t s = 1; s <= SEEDS; s++) {
                    amz_maze m;
                    amz_target_report r;
                    search(&m, (amz_topology)t, w, h, gi->name, s * 7919, &tg, &r);
                    uint64_t moves;
                    double bits = ref_bits(&m, &moves);
                    if (!(bits >= lo - 1e-9 && bits < hi))
                        fail_msg("%s %s %s seed %llu: %.2f bits outside %g..%g", gi->name, amz_topology_name(m.topology),
                                 amz_level_name((amz_level)l), (unsigned long long)s, bits, lo, hi);
                    assert_true(fabs(bits - r.stats.difficulty) < 1e-6);
                    assert_int_equal(amz_level_of(bits), l);
                    assert_true(has_missing_neighbour(&m, m.goal));
                    assert_true(tu_is_perfect(&m));
                    assert_non_null(m.recipe);
                    assert_rebuilds(&m, gi->name, &r);
                    sum += bits;
                    amz_maze_deinit(&m);
                }
                /* Each level's mean lies above the last one's. */
                assert_true(sum / SEEDS > prev_mean);
                prev_mean = sum / SEEDS;
            }
        }
    }
}

static void test_numbers_and_shapes(void **state)
{
    (void)state;
    /* A number on the scale: N +- 10%, on a hexagon of hexagons and a circle. */
    for (uint64_t s = 1; s <= 10; s++) {
        amz_shape shapes[2] = {AMZ_SHAPE_HEXAGON, AMZ_SHAPE_CIRCLE};
        for (int k = 0; k < 2; k++) {
            double want = 15 + 3.0 * (double)s, lo, hi;
            assert_int_equal(amz_difficulty_band(want, &lo, &hi, NULL), AMZ_OK);
            assert_true(fabs(lo - want * 0.9) < 1e-9 && fabs(hi - want * 1.1) < 1e-9);
            amz_maze m;
            assert_int_equal(amz_maze_init(&m, AMZ_TOPO_HEX, 25, 25, NULL), AMZ_OK);
            assert_int_equal(amz_shape_apply(&m, shapes[k], NULL), AMZ_OK);
            amz_gen_options o;
            amz_gen_options_init(&o);
            o.seed = s;
            amz_target tg;
            amz_target_init(&tg);
            tg.bits_min = lo;
            tg.bits_max = hi;
            amz_target_report r;
            amz_error err;
            if (amz_target_search(&m, "wilson", &o, &tg, &r, &err))
                fail_msg("%s", err.msg);
            uint64_t moves;
            double bits = ref_bits(&m, &moves);
            assert_true(bits >= lo && bits < hi);
            assert_true(amz_maze_exists(&m, m.goal) && has_missing_neighbour(&m, m.goal));
            amz_maze_deinit(&m);
        }
    }
}

static void test_solution_length(void **state)
{
    (void)state;
    for (uint64_t s = 1; s <= 20; s++) {
        amz_target tg;
        amz_target_init(&tg);
        tg.moves_min = 30;
        tg.moves_max = 40;
        amz_maze m;
        amz_target_report r;
        search(&m, AMZ_TOPO_SQUARE, 15, 15, "backtracker", s, &tg, &r);
        uint64_t moves;
        ref_bits(&m, &moves);
        assert_true(moves >= 30 && moves <= 40);
        amz_maze_deinit(&m);
        /* A share of the cells: cells on the solution / cells. */
        amz_target_init(&tg);
        tg.share_min = 0.2;
        tg.share_max = 0.3;
        search(&m, AMZ_TOPO_HEX, 14, 14, "prim", s, &tg, &r);
        ref_bits(&m, &moves);
        double share = (double)(moves + 1) / (14.0 * 14.0);
        assert_true(share >= 0.2 - 1e-12 && share <= 0.3 + 1e-12);
        amz_maze_deinit(&m);
    }
}

static void test_dead_ends(void **state)
{
    (void)state;
    for (uint64_t s = 1; s <= 12; s++) {
        amz_target tg;
        amz_target_init(&tg);
        tg.dead_min = 19;
        tg.dead_max = 21;
        amz_maze m;
        amz_target_report r;
        search(&m, AMZ_TOPO_SQUARE, 20, 20, "kruskal", s, &tg, &r);
        double d = dead_share(&m);
        assert_true(d >= 19 && d <= 21);
        /* kruskal makes about 30%: the braid took the rest away, in hundredths. */
        assert_true(r.braid > 0 && fabs(r.braid * 100 - round(r.braid * 100)) < 1e-9);
        assert_rebuilds(&m, "kruskal", &r);
        amz_maze_deinit(&m);
    }
    /* The backtracker makes about 10%: braiding cannot raise it. */
    amz_target tg;
    amz_target_init(&tg);
    tg.dead_min = 29;
    tg.dead_max = 31;
    tg.tries = 8;
    amz_maze m;
    amz_error err;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 20, 20, NULL), AMZ_OK);
    assert_int_equal(amz_target_search(&m, "backtracker", NULL, &tg, NULL, &err), AMZ_ERANGE);
    assert_non_null(strstr(err.msg, "braiding only removes"));
    amz_maze_deinit(&m);
}

static void test_fixed_goal_and_refusals(void **state)
{
    (void)state;
    /* With the goal fixed only seeds vary: the goal stays bottom right. */
    amz_target tg;
    amz_target_init(&tg);
    tg.free_goal = false;
    tg.bits_min = 10;
    tg.bits_max = 22;
    for (uint64_t s = 1; s <= 10; s++) {
        amz_maze m;
        amz_target_report r;
        search(&m, AMZ_TOPO_SQUARE, 12, 12, "prim", s, &tg, &r);
        assert_int_equal(m.goal, m.ncells - 1);
        uint64_t moves;
        double bits = ref_bits(&m, &moves);
        assert_true(bits >= 10 && bits < 22);
        amz_maze_deinit(&m);
    }
    /* Out of reach: the search gives up after its tries and says what would do. */
    amz_target_init(&tg);
    amz_level_band(AMZ_LEVEL_EXPERT, &tg.bits_min, &tg.bits_max);
    tg.tries = 16;
    amz_maze m;
    amz_error err;
    amz_target_report r;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 6, 6, NULL), AMZ_OK);
    assert_int_equal(amz_target_search(&m, "backtracker", NULL, &tg, &r, &err), AMZ_ERANGE);
    assert_int_equal(r.tries, 16);
    assert_true(r.best_bits < 45);
    assert_non_null(strstr(err.msg, "gave up after 16 tries"));
    assert_non_null(strstr(err.msg, "reaches it"));
    /* A free goal and a goal the generator places cannot go together. */
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.ends = AMZ_ENDS_LONGEST;
    assert_int_equal(amz_target_search(&m, "backtracker", &o, &tg, NULL, &err), AMZ_EINVAL);
    tg.tries = 0;
    assert_int_equal(amz_target_search(&m, "backtracker", NULL, &tg, NULL, &err), AMZ_ERANGE);
    amz_maze_deinit(&m);
}

static void test_scale(void **state)
{
    (void)state;
    static const char *const names[] = {"easy", "medium", "hard", "expert"};
    double prev_hi = 0;
    for (int l = 0; l < AMZ_LEVELS; l++) {
        amz_level got;
        assert_int_equal(amz_level_parse(names[l], &got, NULL), AMZ_OK);
        assert_int_equal(got, l);
        assert_string_equal(amz_level_name((amz_level)l), names[l]);
        double lo, hi;
        amz_level_band((amz_level)l, &lo, &hi);
        assert_true(lo == prev_hi && hi > lo); /* the bands tile the scale */
        assert_int_equal(amz_level_of(lo), l);
        assert_int_equal(amz_level_of(hi - 1e-9), l);
        prev_hi = hi;
    }
    amz_error err;
    amz_level got;
    assert_int_equal(amz_level_parse("harder", &got, &err), AMZ_ENOTFOUND);
    assert_non_null(strstr(err.msg, "easy, medium, hard or expert"));
    assert_null(amz_level_name((amz_level)9));
    double lo, hi;
    assert_int_equal(amz_difficulty_band(-1, &lo, &hi, NULL), AMZ_ERANGE);
    assert_int_equal(amz_difficulty_band(NAN, &lo, &hi, NULL), AMZ_ERANGE);
    assert_int_equal(amz_difficulty_band(3, &lo, &hi, NULL), AMZ_OK);
    assert_true(lo == 2 && hi == 4); /* at least one bit either side */
    /* The bound: a tree of n cells has at most n log2(3) / 3 bits; 3x3 cannot be expert. */
    assert_true(fabs(amz_difficulty_bound(9, 4, true) - 3 * log2(3.0)) < 1e-9);
    assert_true(fabs(amz_difficulty_bound(9, 4, false) - 8 * log2(3.0)) < 1e-9);
    assert_true(amz_difficulty_bound(1, 4, true) == 0);
    /* Sizes grow with the band and follow the aspect. */
    int32_t w1, h1, w2, h2;
    assert_int_equal(amz_difficulty_size("prim", AMZ_TOPO_SQUARE, 0, 10, 1, &w1, &h1, NULL), AMZ_OK);
    assert_int_equal(amz_difficulty_size("prim", AMZ_TOPO_SQUARE, 45, 90, 1, &w2, &h2, NULL), AMZ_OK);
    assert_true(w1 == h1 && w2 > w1);
    /* A generator offering fewer bits a cell needs a larger maze. */
    int32_t w3, h3;
    assert_int_equal(amz_difficulty_size("hunt-and-kill", AMZ_TOPO_SQUARE, 45, 90, 1, &w3, &h3, NULL), AMZ_OK);
    assert_true(w3 > w2);
    assert_int_equal(amz_difficulty_size("prim", AMZ_TOPO_SQUARE, 45, 90, 2, &w2, &h2, NULL), AMZ_OK);
    assert_true(w2 > 2 * h2 - 3 && w2 < 2 * h2 + 3);
    assert_int_equal(amz_difficulty_size("nope", AMZ_TOPO_SQUARE, 45, 90, 1, &w2, &h2, NULL), AMZ_ENOTFOUND);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scale),
        cmocka_unit_test(test_levels_every_generator),
        cmocka_unit_test(test_numbers_and_shapes),
        cmocka_unit_test(test_solution_length),
        cmocka_unit_test(test_dead_ends),
        cmocka_unit_test(test_fixed_goal_and_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
