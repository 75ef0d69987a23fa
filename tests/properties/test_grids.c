/* test_grids.c — every grid of the model (square, hex, triangle, octagon, polar; levels,
 * wrap-around, weave) through the public API: the topology is a consistent graph (each
 * neighbour's way back returns, edges are stored once, cell outlines of neighbours
 * share their side), every generator the registry lets run on a grid makes a perfect
 * maze over many seeds (checked from scratch by testutil's flood and counts), weave
 * crossings are real crossings, and .amz and JSON round trips keep every maze. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

typedef struct case_grid {
    const char *name;
    amz_grid g;
} case_grid;

/* Small grids of every kind, including the edge cases of each rule. */
static const case_grid grids[] = {
    {"square 7x5", {AMZ_TOPO_SQUARE, 7, 5, 1, 0, false}},
    {"square 4x3x3", {AMZ_TOPO_SQUARE, 4, 3, 3, 0, false}},
    {"square 5x4 wrap x", {AMZ_TOPO_SQUARE, 5, 4, 1, AMZ_WRAP_X, false}},
    {"square 3x3 wrap xy", {AMZ_TOPO_SQUARE, 3, 3, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false}},
    {"square 4x5 wrap y levels 2", {AMZ_TOPO_SQUARE, 4, 5, 2, AMZ_WRAP_Y, false}},
    {"square 9x8 weave", {AMZ_TOPO_SQUARE, 9, 8, 1, 0, true}},
    {"square 6x5 weave wrap xy", {AMZ_TOPO_SQUARE, 6, 5, 1, AMZ_WRAP_X | AMZ_WRAP_Y, true}},
    {"hex 6x5", {AMZ_TOPO_HEX, 6, 5, 1, 0, false}},
    {"hex 5x4x2", {AMZ_TOPO_HEX, 5, 4, 2, 0, false}},
    {"hex 6x4 wrap xy", {AMZ_TOPO_HEX, 6, 4, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false}},
    {"hex 4x3 wrap y", {AMZ_TOPO_HEX, 4, 3, 1, AMZ_WRAP_Y, false}},
    {"triangle 8x5", {AMZ_TOPO_TRIANGLE, 8, 5, 1, 0, false}},
    {"triangle 7x4", {AMZ_TOPO_TRIANGLE, 7, 4, 1, 0, false}},
    {"triangle 6x4x2", {AMZ_TOPO_TRIANGLE, 6, 4, 2, 0, false}},
    {"triangle 8x4 wrap xy", {AMZ_TOPO_TRIANGLE, 8, 4, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false}},
    {"triangle 2x1", {AMZ_TOPO_TRIANGLE, 2, 1, 1, 0, false}},
    {"octagon 5x4", {AMZ_TOPO_OCTAGON, 5, 4, 1, 0, false}},
    {"octagon 1x3", {AMZ_TOPO_OCTAGON, 1, 3, 1, 0, false}},
    {"polar 6", {AMZ_TOPO_POLAR, 6, 6, 1, 0, false}},
    {"polar 9x3", {AMZ_TOPO_POLAR, 3, 9, 1, 0, false}},
    {"polar 4x12", {AMZ_TOPO_POLAR, 12, 4, 1, 0, false}},
    {"polar 1", {AMZ_TOPO_POLAR, 6, 1, 1, 0, false}},
};
#define NGRIDS (sizeof grids / sizeof grids[0])

static void make(amz_maze *m, const amz_grid *g)
{
    amz_error err;
    amz_error_clear(&err);
    if (amz_maze_init_grid(m, g, &err) != AMZ_OK)
        fail_msg("init: %s", err.msg);
}

/* Every neighbour relation is symmetric through amz_maze_back, no cell is its own
 * neighbour or the same neighbour twice, and every edge has exactly one storage bit
 * (setting it from one side is seen from the other, and only there). */
static void test_topology_is_a_graph(void **state)
{
    (void)state;
    for (size_t k = 0; k < NGRIDS; k++) {
        amz_maze m;
        make(&m, &grids[k].g);
        uint64_t edges = 0;
        for (amz_cell c = 0; c < m.ncells; c++) {
            for (int d = 0; d < m.ndirs; d++) {
                amz_cell nb = amz_maze_neighbor(&m, c, d);
                if (nb == AMZ_NO_CELL)
                    continue;
                if (nb == c)
                    fail_msg("%s: cell %lld is its own neighbour (%s)", grids[k].name, (long long)c,
                             amz_dir_name(m.topology, d));
                for (int e = 0; e < d; e++)
                    if (amz_maze_neighbor(&m, c, e) == nb)
                        fail_msg("%s: cell %lld meets %lld twice", grids[k].name, (long long)c, (long long)nb);
                int back = amz_maze_back(&m, c, d);
                if (back < 0 || amz_maze_neighbor(&m, nb, back) != c)
                    fail_msg("%s: cell %lld %s -> %lld does not come back", grids[k].name, (long long)c,
                             amz_dir_name(m.topology, d), (long long)nb);
                if (nb > c)
                    edges++;
                assert_int_equal(amz_maze_set_passage(&m, c, d, true, NULL), AMZ_OK);
                assert_true(amz_maze_passage(&m, nb, back));
                assert_int_equal(amz_maze_count_passages(&m), 1);
                assert_int_equal(amz_maze_set_passage(&m, nb, back, false, NULL), AMZ_OK);
                assert_int_equal(amz_maze_count_passages(&m), 0);
            }
            int32_t x, y, z;
            amz_maze_cell_xyz(&m, c, &x, &y, &z);
            assert_int_equal(amz_maze_cell_at3(&m, x, y, z), c);
        }
        assert_true(edges > 0 || m.ncells == 1);
        amz_maze_deinit(&m);
    }
}

static double dist2(amz_point a, amz_point b)
{
    return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y);
}

/* Outlines: every side with a neighbour that is not across a wrapped border is also a
 * side of that neighbour, run the other way, under the way back; centres lie inside the
 * extent. */
static void test_geometry_sides_meet(void **state)
{
    (void)state;
    for (size_t k = 0; k < NGRIDS; k++) {
        if (grids[k].g.wrap || grids[k].g.weave)
            continue;
        amz_maze m;
        make(&m, &grids[k].g);
        amz_point lo, hi;
        amz_maze_extent(&m, &lo, &hi);
        for (amz_cell c = 0; c < m.ncells; c++) {
            amz_side s[AMZ_MAX_SIDES], t[AMZ_MAX_SIDES];
            int n = amz_maze_cell_sides(&m, c, s);
            assert_true(n >= 3 || (m.topology == AMZ_TOPO_POLAR && m.height == 1));
            amz_point p = amz_maze_cell_center(&m, c);
            assert_true(p.x >= lo.x - 1e-9 && p.x <= hi.x + 1e-9 && p.y >= lo.y - 1e-9 && p.y <= hi.y + 1e-9);
            for (int i = 0; i < n; i++) {
                assert_true(dist2(s[i].b, s[(i + 1) % n].a) < 1e-18); /* a closed outline */
                amz_cell nb = amz_maze_neighbor(&m, c, s[i].dir);
                if (nb == AMZ_NO_CELL)
                    continue;
                int back = amz_maze_back(&m, c, s[i].dir), nt = amz_maze_cell_sides(&m, nb, t), found = 0;
                for (int j = 0; j < nt; j++)
                    found |= t[j].dir == back && dist2(t[j].a, s[i].b) < 1e-18 && dist2(t[j].b, s[i].a) < 1e-18;
                if (!found)
                    fail_msg("%s: side %s of cell %lld is not its neighbour's side %s", grids[k].name,
                             amz_dir_name(m.topology, s[i].dir), (long long)c, amz_dir_name(m.topology, back));
            }
        }
        amz_maze_deinit(&m);
    }
}

/* The weave rule: every under-passage runs under a cell open exactly across it. */
static void check_crossings(const amz_maze *m, const char *what, int *crossings)
{
    for (amz_cell c = 0; c < m->ncells && m->weave; c++)
        for (int d = AMZ_SQ_N2; d <= AMZ_SQ_W2; d++) {
            if (!amz_maze_passage(m, c, d))
                continue;
            amz_cell mid = amz_maze_neighbor(m, c, d - AMZ_SQ_N2);
            unsigned open = amz_maze_cell_mask(m, mid);
            unsigned across = d == AMZ_SQ_N2 || d == AMZ_SQ_S2 ? (1u << AMZ_SQ_E) | (1u << AMZ_SQ_W)
                                                                : (1u << AMZ_SQ_N) | (1u << AMZ_SQ_S);
            if (open != across)
                fail_msg("%s: passage %s of cell %lld runs under cell %lld of mask %u", what,
                         amz_dir_name(m->topology, d), (long long)c, (long long)mid, open);
            ++*crossings;
        }
}

/* Every generator the registry runs on a grid makes a perfect maze there. */
static void test_generators_make_perfect_mazes(void **state)
{
    (void)state;
    int ran = 0, crossings = 0;
    for (size_t k = 0; k < NGRIDS; k++)
        for (size_t i = 0; i < amz_gen_count(); i++) {
            const amz_gen_info *g = amz_gen_at(i);
            if (amz_gen_check_grid(g, &grids[k].g, NULL) != AMZ_OK)
                continue;
            for (uint64_t seed = 1; seed <= 12; seed++) {
                amz_maze m;
                make(&m, &grids[k].g);
                amz_gen_options o;
                amz_gen_options_init(&o);
                o.seed = seed;
                o.weave = (double)(seed % 3) / 2; /* 0, 0.5, 1 */
                amz_error err;
                amz_error_clear(&err);
                if (amz_gen_run(&m, g->name, &o, NULL, &err) != AMZ_OK)
                    fail_msg("%s on %s: %s", g->name, grids[k].name, err.msg);
                char what[128];
                snprintf(what, sizeof what, "%s on %s seed %llu", g->name, grids[k].name, (unsigned long long)seed);
                if (!tu_is_perfect(&m) || !tu_edges_consistent(&m))
                    fail_msg("%s: not a perfect maze", what);
                check_crossings(&m, what, &crossings);
                ran++;
                amz_maze_deinit(&m);
            }
        }
    assert_true(ran > 12 * 80);
    assert_true(crossings > 0); /* weave runs did pass under corridors */
}

/* A weave grid with P = 0 has no crossing; with P = 1 many: the walkers' chances,
 * kruskal's crossings laid in advance and prim's queued under-passages, also around a
 * hole (a mask). */
static void test_weave_share(void **state)
{
    (void)state;
    const amz_grid g = {AMZ_TOPO_SQUARE, 30, 30, 1, 0, true};
    static const char *const gens[] = {"backtracker", "growing-tree", "kruskal", "prim", "prim-simple"};
    for (size_t i = 0; i < 5; i++)
        for (int hole = 0; hole < 2; hole++) {
            int counts[2] = {0, 0};
            for (int p = 0; p < 2; p++) {
                amz_maze m;
                make(&m, &g);
                for (int y = 10; hole && y < 20; y++)
                    for (int x = 12; x < 17; x++)
                        assert_int_equal(amz_maze_set_exists(&m, amz_maze_cell_at(&m, x, y), false, NULL), AMZ_OK);
                amz_gen_options o;
                amz_gen_options_init(&o);
                o.seed = 5;
                o.weave = p;
                assert_int_equal(amz_gen_run(&m, gens[i], &o, NULL, NULL), AMZ_OK);
                check_crossings(&m, gens[i], &counts[p]);
                if (!tu_is_perfect(&m) || !tu_edges_consistent(&m))
                    fail_msg("%s on a weave%s: not a perfect maze", gens[i], hole ? " with a hole" : "");
                amz_maze_deinit(&m);
            }
            assert_int_equal(counts[0], 0);
            if (counts[1] <= 20)
                fail_msg("%s on a weave%s: %d crossings at P = 1", gens[i], hole ? " with a hole" : "", counts[1]);
        }
}

/* Generators that cannot run on a grid say so by name, and amz_gen_run refuses them. */
static void test_refusals(void **state)
{
    (void)state;
    amz_error err;
    amz_maze m;
    const amz_grid weave = {AMZ_TOPO_SQUARE, 6, 6, 1, 0, true}, polar = {AMZ_TOPO_POLAR, 6, 5, 1, 0, false};
    make(&m, &weave);
    assert_int_equal(amz_gen_run(&m, "wilson", NULL, NULL, &err), AMZ_EUNSUPPORTED);
    assert_non_null(strstr(err.msg, "weave"));
    amz_maze_deinit(&m);
    make(&m, &polar);
    assert_int_equal(amz_gen_run(&m, "recursive-division", NULL, NULL, &err), AMZ_EUNSUPPORTED);
    assert_non_null(strstr(err.msg, "polar"));
    amz_maze_deinit(&m);
    /* Grids the rules forbid. */
    static const struct {
        amz_grid g;
        const char *needle;
    } bad[] = {
        {{AMZ_TOPO_HEX, 5, 4, 1, AMZ_WRAP_X, false}, "even width"},
        {{AMZ_TOPO_TRIANGLE, 8, 5, 1, AMZ_WRAP_Y, false}, "even height"},
        {{AMZ_TOPO_SQUARE, 2, 5, 1, AMZ_WRAP_X, false}, "at least 3"},
        {{AMZ_TOPO_SQUARE, 4, 5, 1, AMZ_WRAP_X, true}, "at least 5"},
        {{AMZ_TOPO_HEX, 5, 5, 1, 0, true}, "square grids only"},
        {{AMZ_TOPO_POLAR, 6, 0, 1, 0, false}, "0 rings"},
        {{AMZ_TOPO_POLAR, 2, 5, 1, 0, false}, "first ring"},
        {{AMZ_TOPO_POLAR, 6, 5, 2, 0, false}, "levels"},
        {{AMZ_TOPO_POLAR, 6, 5, 1, AMZ_WRAP_X, false}, "close on themselves"},
        {{AMZ_TOPO_OCTAGON, 5, 5, 1, AMZ_WRAP_X, false}, "wrap"},
        {{AMZ_TOPO_SQUARE, 5, 5, 2, 0, true}, "weave and --levels"},
        {{AMZ_TOPO_TRIANGLE, 1, 4, 1, 0, false}, "width of at least 2"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        amz_grid g = bad[i].g;
        amz_error_clear(&err);
        assert_int_not_equal(amz_grid_check(&g, &err), AMZ_OK);
        if (!strstr(err.msg, bad[i].needle))
            fail_msg("grid %zu: '%s' lacks '%s'", i, err.msg, bad[i].needle);
        assert_int_not_equal(amz_maze_init_grid(&m, &bad[i].g, NULL), AMZ_OK);
    }
}

/* .amz and JSON keep every grid, its passages and its solution; the files of plain
 * grids keep version 1, the others are version 2. */
static void test_round_trips(void **state)
{
    (void)state;
    for (size_t k = 0; k < NGRIDS; k++) {
        amz_maze m;
        make(&m, &grids[k].g);
        amz_gen_options o;
        amz_gen_options_init(&o);
        o.seed = 77;
        o.weave = 1;
        assert_int_equal(amz_gen_run(&m, "backtracker", &o, NULL, NULL), AMZ_OK);
        assert_int_equal(amz_solve_maze(&m, "bfs", NULL, NULL, NULL, NULL), AMZ_OK);
        size_t len;
        char *bin = tu_write_mem(&m, amz_io_write_amz, &len);
        assert_int_equal(bin[8], amz_maze_is_plain(&m) ? 1 : 2);
        amz_maze r;
        amz_error err;
        amz_error_clear(&err);
        if (tu_amz_read_mem(bin, len, &r, NULL, &err) != AMZ_OK)
            fail_msg("%s: .amz: %s", grids[k].name, err.msg);
        tu_assert_same_maze_full(&m, &r, grids[k].name);
        amz_maze_deinit(&r);
        free(bin);
        char *js = tu_write_mem(&m, amz_io_write_json, &len);
        if (amz_io_read_json(js, len, &r, NULL, &err) != AMZ_OK)
            fail_msg("%s: JSON: %s", grids[k].name, err.msg);
        tu_assert_same_maze_full(&m, &r, grids[k].name);
        amz_maze_deinit(&r);
        free(js);
        amz_maze_deinit(&m);
    }
}

/* Polar rings: ring 1 has the first ring's cells, each ring as many as the one inside
 * or twice as many, a cell's outward neighbours come back IN, and every cell is about
 * as wide as deep (0.7 .. 1.6 units along its inner circle, ring 2 on). */
static void test_polar_rings(void **state)
{
    (void)state;
    const amz_grid g = {AMZ_TOPO_POLAR, 6, 60, 1, 0, false};
    amz_maze m;
    make(&m, &g);
    amz_cell first, total = 1;
    int32_t n, prev = 1;
    for (int32_t r = 1; r < m.height; r++) {
        assert_true(amz_maze_ring(&m, r, &first, &n));
        assert_int_equal(first, total);
        assert_true(r == 1 ? n == 6 : n == prev || n == 2 * prev);
        if (r >= 2) {
            double wdt = 2 * 3.14159265358979 * r / n;
            assert_true(wdt > 0.7 && wdt < 1.6);
        }
        total += n;
        prev = n;
    }
    assert_int_equal(total, m.ncells);
    assert_false(amz_maze_ring(&m, (int32_t)m.height, NULL, NULL));
    for (amz_cell c = 1; c < m.ncells; c++) {
        assert_int_not_equal(amz_maze_neighbor(&m, c, AMZ_POLAR_IN), AMZ_NO_CELL);
        for (int d = AMZ_POLAR_OUT; d < AMZ_POLAR_OUT + 2; d++) {
            amz_cell o = amz_maze_neighbor(&m, c, d);
            if (o != AMZ_NO_CELL)
                assert_int_equal(amz_maze_neighbor(&m, o, AMZ_POLAR_IN), c);
        }
    }
    amz_maze_deinit(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_topology_is_a_graph),   cmocka_unit_test(test_geometry_sides_meet),
        cmocka_unit_test(test_generators_make_perfect_mazes), cmocka_unit_test(test_weave_share),
        cmocka_unit_test(test_refusals),              cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_polar_rings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
