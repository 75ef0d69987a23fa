/* test_gen_options.c — options of amz_gen_run, checked against independent references:
 * --braid (1 leaves no dead end where a wall can be opened, 0 changes nothing, any
 * braid only adds passages, removes at least the asked share and keeps the maze
 * connected), end placement (farthest goal and longest path against brute-force
 * breadth-first searches, on mazes with and without loops), binary-tree corners and
 * weights, growing-tree cell choices (newest is exactly the backtracker), hunt-and-kill
 * knobs, and the rejection of out-of-range options. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

static amz_status generate(amz_maze *m, amz_topology t, int w, int h, const char *algo, const amz_gen_options *o)
{
    assert_int_equal(amz_maze_init(m, t, w, h, NULL), AMZ_OK);
    amz_error err;
    amz_status st = amz_gen_run(m, algo, o, NULL, &err);
    if (st && st != AMZ_EUNSUPPORTED)
        fail_msg("%s %dx%d: %s", algo, w, h, err.msg);
    return st;
}

static int64_t count_dead_ends(const amz_maze *m)
{
    int64_t n = 0;
    for (amz_cell c = 0; c < m->ncells; c++)
        n += amz_maze_exists(m, c) && amz_maze_degree(m, c) == 1;
    return n;
}

static bool superset(const amz_maze *big, const amz_maze *small)
{
    for (amz_cell c = 0; c < small->ncells; c++)
        for (int d = 0; d < small->ndirs; d++)
            if (amz_maze_passage(small, c, d) && !amz_maze_passage(big, c, d))
                return false;
    return true;
}

static void test_braid(void **state)
{
    (void)state;
    static const int sizes[][2] = {{2, 2}, {7, 5}, {20, 13}};
    for (size_t i = 0; i < amz_gen_count(); i++) {
        const amz_gen_info *g = amz_gen_at(i);
        for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++) {
            if (!amz_gen_supports(g, (amz_topology)t))
                continue;
            for (int s = 0; s < 3; s++)
                for (int seed = 0; seed < 4; seed++) {
                    const int w = sizes[s][0], h = sizes[s][1];
                    amz_gen_options o;
                    amz_gen_options_init(&o);
                    o.seed = (uint64_t)seed;
                    amz_maze plain, zero, half, full;
                    generate(&plain, (amz_topology)t, w, h, g->name, &o);
                    o.braid = 0;
                    generate(&zero, (amz_topology)t, w, h, g->name, &o);
                    assert_true(amz_maze_equal(&plain, &zero)); /* --braid 0 changes nothing */
                    o.braid = 0.5;
                    generate(&half, (amz_topology)t, w, h, g->name, &o);
                    o.braid = 1;
                    generate(&full, (amz_topology)t, w, h, g->name, &o);
                    int64_t before = count_dead_ends(&plain);
                    /* Every cell of these grids has two neighbours or more: no dead end stays. */
                    if (count_dead_ends(&full) != 0)
                        fail_msg("%s %dx%d braid 1: %lld dead ends left", g->name, w, h,
                                 (long long)count_dead_ends(&full));
                    assert_true(count_dead_ends(&half) <= before - (before + 1) / 2);
                    assert_true(superset(&half, &plain) && superset(&full, &plain));
                    assert_int_equal(tu_reachable(&full, full.start), (int64_t)full.ncells);
                    assert_int_equal(tu_reachable(&half, half.start), (int64_t)half.ncells);
                    assert_true(tu_edges_consistent(&full));
                    amz_maze_deinit(&plain);
                    amz_maze_deinit(&zero);
                    amz_maze_deinit(&half);
                    amz_maze_deinit(&full);
                }
        }
    }
    /* A 1xN strip: its two ends have no wall that could open; nothing else is left. */
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.braid = 1;
    amz_maze m;
    generate(&m, AMZ_TOPO_SQUARE, 1, 12, "wilson", &o);
    assert_int_equal(count_dead_ends(&m), 2);
    amz_maze_deinit(&m);
}

/* Brute force: the largest distance between two connected cells. */
static int64_t brute_diameter(const amz_maze *m)
{
    int64_t best = 0, *dist = malloc(sizeof *dist * (size_t)m->ncells);
    for (amz_cell a = 0; a < m->ncells; a++)
        if (amz_maze_exists(m, a)) {
            int64_t e = tu_distances(m, a, dist);
            best = e > best ? e : best;
        }
    free(dist);
    return best;
}

static void test_ends(void **state)
{
    (void)state;
    static const char *const algos[] = {"backtracker", "wilson", "prim-simple", "recursive-division"};
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
        for (int a = 0; a < 4; a++)
            for (int seed = 0; seed < 6; seed++) {
                const int w = 3 + seed * 2, h = 2 + seed;
                amz_gen_options o;
                amz_gen_options_init(&o);
                o.seed = (uint64_t)seed;
                o.braid = seed % 2 ? 0.6 : 0; /* with loops half of the time */
                amz_maze far, lon;
                o.ends = AMZ_ENDS_FARTHEST;
                generate(&far, (amz_topology)t, w, h, algos[a], &o);
                o.ends = AMZ_ENDS_LONGEST;
                generate(&lon, (amz_topology)t, w, h, algos[a], &o);
                /* Farthest: no cell is farther from the start, and none as far has a lower index. */
                int64_t *dist = malloc(sizeof *dist * (size_t)far.ncells);
                tu_distances(&far, far.start, dist);
                const int64_t dg = dist[far.goal];
                assert_int_equal(far.start, 0);
                for (amz_cell c = 0; c < far.ncells; c++) {
                    assert_true(dist[c] <= dg);
                    assert_false(dist[c] == dg && c < far.goal);
                }
                free(dist);
                /* Longest: start and goal are a diameter apart; stats agrees, exactly. */
                int64_t diam = brute_diameter(&lon);
                assert_int_equal(tu_bfs_distance(&lon, lon.start, lon.goal), diam);
                assert_true(lon.start < lon.goal || diam == 0);
                amz_stats s;
                assert_int_equal(amz_stats_compute(&lon, &s, NULL), AMZ_OK);
                assert_int_equal((int64_t)s.diameter, diam);
                assert_true(s.diameter_exact);
                amz_maze_deinit(&far);
                amz_maze_deinit(&lon);
            }
}

static void test_binary_tree_bias(void **state)
{
    (void)state;
    /* Each corner: every cell but the corner opens towards it (vertically or not). */
    static const int vdir[] = {AMZ_SQ_N, AMZ_SQ_N, AMZ_SQ_S, AMZ_SQ_S};
    static const int hdir[] = {AMZ_SQ_E, AMZ_SQ_W, AMZ_SQ_E, AMZ_SQ_W};
    for (int corner = AMZ_CORNER_NE; corner <= AMZ_CORNER_SW; corner++)
        for (int wi = 0; wi < 3; wi++) {
            amz_gen_options o;
            amz_gen_options_init(&o);
            o.seed = (uint64_t)corner * 10 + (uint64_t)wi;
            o.bias = (amz_corner)corner;
            o.bias_weight = wi * 0.5;
            amz_maze m;
            generate(&m, AMZ_TOPO_SQUARE, 9, 7, "binary-tree", &o);
            assert_true(tu_is_perfect(&m));
            int64_t vertical = 0;
            for (int y = 0; y < 7; y++)
                for (int x = 0; x < 9; x++) {
                    amz_cell c = amz_maze_cell_at(&m, x, y);
                    bool can_v = amz_maze_neighbor(&m, c, vdir[corner]) != AMZ_NO_CELL;
                    bool can_h = amz_maze_neighbor(&m, c, hdir[corner]) != AMZ_NO_CELL;
                    bool v = amz_maze_passage(&m, c, vdir[corner]), hz = amz_maze_passage(&m, c, hdir[corner]);
                    if (!can_v && !can_h)
                        continue; /* the corner itself */
                    assert_true(v || hz);
                    vertical += v && can_h; /* a real choice that went vertical */
                    if (wi == 0 && can_h)
                        assert_true(hz); /* weight 0: horizontal whenever possible */
                    if (wi == 2 && can_v)
                        assert_true(v); /* weight 1: vertical whenever possible */
                }
            if (wi == 1) /* 48 fair choices: both kinds happen */
                assert_true(vertical > 5 && vertical < 43);
            amz_maze_deinit(&m);
        }
}

static void test_growing_tree_choices(void **state)
{
    (void)state;
    /* Newest is the recursive backtracker, draw for draw. */
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
        for (int seed = 0; seed < 10; seed++) {
            amz_maze a, b;
            tu_generate(&a, (amz_topology)t, 23, 17, "backtracker", (uint64_t)seed);
            tu_generate(&b, (amz_topology)t, 23, 17, "growing-tree", (uint64_t)seed);
            assert_true(amz_maze_equal(&a, &b));
            amz_maze_deinit(&a);
            amz_maze_deinit(&b);
        }
    static const char *const good[] = {"random", "oldest", "middle", "newest:75,random:25", "oldest:1,middle:3",
                                       "random:1,newest:1,oldest:1,middle:1", "newest:0,random:5"};
    static const int sizes[][2] = {{1, 1}, {1, 30}, {30, 1}, {17, 11}};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
            for (int s = 0; s < 4; s++) {
                amz_gen_options o;
                amz_gen_options_init(&o);
                o.choice = good[i];
                o.seed = (uint64_t)s;
                amz_maze m;
                generate(&m, (amz_topology)t, sizes[s][0], sizes[s][1], "growing-tree", &o);
                if (!tu_is_perfect(&m))
                    fail_msg("growing-tree %s: not perfect", good[i]);
                amz_maze_deinit(&m);
            }
    /* Texture: random picks make many more dead ends than newest. */
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.choice = "random";
    amz_maze r, n;
    generate(&r, AMZ_TOPO_SQUARE, 40, 40, "growing-tree", &o);
    tu_generate(&n, AMZ_TOPO_SQUARE, 40, 40, "growing-tree", 0);
    assert_true(count_dead_ends(&r) > 2 * count_dead_ends(&n));
    amz_maze_deinit(&r);
    amz_maze_deinit(&n);
}

static void test_option_errors(void **state)
{
    (void)state;
    static const char *const bad[] = {"", "newest:", "bogus", "newest,newest", "random:0", "newest:2000000",
                                      "newest;random", "newest:5,"};
    amz_error err;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        amz_gen_options o;
        amz_gen_options_init(&o);
        o.choice = bad[i];
        amz_status st = amz_gen_options_check(&o, &err);
        if (st != AMZ_EINVAL && st != AMZ_ERANGE)
            fail_msg("choice '%s' accepted", bad[i]);
        assert_non_null(strstr(err.msg, "choice"));
        amz_maze m;
        assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 4, 4, NULL), AMZ_OK);
        assert_int_equal(amz_gen_run(&m, "growing-tree", &o, NULL, NULL), st);
        amz_maze_deinit(&m);
    }
    const double out_of_range[] = {-0.01, 1.01, NAN};
    for (int i = 0; i < 3; i++) {
        amz_gen_options o;
        amz_gen_options_init(&o);
        o.braid = out_of_range[i];
        assert_int_equal(amz_gen_options_check(&o, &err), AMZ_ERANGE);
        amz_gen_options_init(&o);
        o.bias_weight = out_of_range[i];
        assert_int_equal(amz_gen_options_check(&o, &err), AMZ_ERANGE);
        amz_gen_options_init(&o);
        o.branching = out_of_range[i];
        assert_int_equal(amz_gen_options_check(&o, &err), AMZ_ERANGE);
    }
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.ends = (amz_gen_ends)7;
    assert_int_equal(amz_gen_options_check(&o, &err), AMZ_EINVAL);
    amz_gen_options_init(&o);
    o.bias = (amz_corner)9;
    assert_int_equal(amz_gen_options_check(&o, &err), AMZ_EINVAL);
    amz_gen_options_init(&o);
    assert_int_equal(amz_gen_options_check(&o, &err), AMZ_OK);
}

/* Means over seeds of the 4-way cells, and of the junctions' distance to the start. */
static void junction_profile(const amz_gen_options *base, bool centre, double *fourway, double *dist)
{
    *fourway = *dist = 0;
    for (int seed = 0; seed < 12; seed++) {
        amz_gen_options o = *base;
        o.seed = (uint64_t)seed;
        amz_maze m;
        assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 40, 40, NULL), AMZ_OK);
        if (centre)
            m.start = amz_maze_cell_at(&m, 20, 20);
        assert_int_equal(amz_gen_run(&m, "hunt-and-kill", &o, NULL, NULL), AMZ_OK);
        assert_true(tu_is_perfect(&m));
        int64_t n = 0, sum = 0, four = 0, *d = malloc(sizeof *d * (size_t)m.ncells);
        tu_distances(&m, m.start, d);
        for (amz_cell c = 0; c < m.ncells; c++) {
            int deg = amz_maze_degree(&m, c);
            four += deg == 4;
            if (deg >= 3) {
                n++;
                sum += d[c];
            }
        }
        free(d);
        *fourway += (double)four / 12;
        *dist += (double)sum / (double)(n ? n : 1) / 12;
        amz_maze_deinit(&m);
    }
}

static void test_hunt_and_kill_knobs(void **state)
{
    (void)state;
    amz_gen_options o;
    amz_gen_options_init(&o);
    double f0, d0, f1, d1, fn, dn;
    junction_profile(&o, true, &f0, &d0);
    o.branching = 1;
    junction_profile(&o, true, &f1, &d1);
    o.branching = 0;
    o.near_start = true;
    junction_profile(&o, true, &fn, &dn);
    /* Junction hunts restart from junctions: many more crossroads. Hunting outwards
     * from a central start puts the junctions nearer to it. */
    assert_true(f1 > 3 * f0);
    assert_true(dn < 0.8 * d0);
    /* From the top-left corner, outwards is the plain hunt's own order: same mazes. */
    for (int seed = 0; seed < 5; seed++) {
        amz_maze a, b;
        amz_gen_options_init(&o);
        o.seed = (uint64_t)seed;
        generate(&a, AMZ_TOPO_SQUARE, 25, 19, "hunt-and-kill", &o);
        o.near_start = true;
        generate(&b, AMZ_TOPO_SQUARE, 25, 19, "hunt-and-kill", &o);
        assert_true(amz_maze_equal(&a, &b));
        amz_maze_deinit(&a);
        amz_maze_deinit(&b);
    }
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++) /* odd shapes, both knobs */
        for (int s = 0; s < 6; s++) {
            amz_gen_options_init(&o);
            o.branching = 0.5;
            o.near_start = true;
            o.seed = (uint64_t)s;
            amz_maze m;
            assert_int_equal(amz_maze_init(&m, (amz_topology)t, 1 + s * 5, 1 + (5 - s) * 3, NULL), AMZ_OK);
            m.start = m.ncells / 2;
            assert_int_equal(amz_gen_run(&m, "hunt-and-kill", &o, NULL, NULL), AMZ_OK);
            assert_true(tu_is_perfect(&m));
            amz_maze_deinit(&m);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_braid),
        cmocka_unit_test(test_ends),
        cmocka_unit_test(test_binary_tree_bias),
        cmocka_unit_test(test_growing_tree_choices),
        cmocka_unit_test(test_option_errors),
        cmocka_unit_test(test_hunt_and_kill_knobs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
