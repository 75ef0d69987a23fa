/* test_solvers.c — every registered solver on the edge cases: a 1x1 maze, start equal
 * to goal, start and goal in different parts, a start walled in on every side, cells
 * outside the maze, an unknown hand; and every allocation failing in turn (through
 * the allocator hook) must end in AMZ_ENOMEM with nothing leaked (ASan checks the
 * leaks) and the result zeroed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "testutil.h"

static void expect_empty_path(const amz_maze *m, const char *name, amz_cell c)
{
    amz_solve_result r;
    amz_error err;
    amz_status st = amz_solve_run(m, name, c, c, NULL, NULL, &r, &err);
    if (st != AMZ_OK)
        fail_msg("%s from a cell to itself: %s", name, err.msg);
    assert_int_equal(r.path.start, c);
    assert_int_equal(r.path.len, 0);
    assert_int_equal(r.explored, 1);
    amz_path_deinit(&r.path);
}

static void test_trivial(void **state)
{
    (void)state;
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++) {
        amz_maze one, m;
        tu_generate(&one, (amz_topology)t, 1, 1, "backtracker", 1);
        tu_generate(&m, (amz_topology)t, 9, 6, "kruskal", 2);
        for (size_t i = 0; i < amz_solve_count(); i++) {
            const char *name = amz_solve_at(i)->name;
            expect_empty_path(&one, name, 0);
            expect_empty_path(&m, name, 0);
            expect_empty_path(&m, name, 31);
            amz_solve_result r;
            amz_error err;
            assert_int_equal(amz_solve_run(&m, name, 0, m.ncells, NULL, NULL, &r, &err), AMZ_ERANGE);
            assert_int_equal(amz_solve_run(&m, name, -1, 0, NULL, NULL, &r, &err), AMZ_ERANGE);
        }
        amz_maze_deinit(&one);
        amz_maze_deinit(&m);
    }
}

static void test_no_path(void **state)
{
    (void)state;
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++) {
        /* Two perfect halves with no passage between them, and a walled-in cell. */
        amz_maze m;
        tu_generate(&m, (amz_topology)t, 10, 8, "wilson", 5);
        for (amz_cell c = 0; c < m.ncells; c++)
            for (int d = 0; d < m.ndirs; d++) {
                amz_cell nb = amz_maze_neighbor(&m, c, d);
                if (nb != AMZ_NO_CELL && (c % 10 < 5) != (nb % 10 < 5))
                    amz_maze_set_passage(&m, c, d, false, NULL);
            }
        amz_cell lone = amz_maze_cell_at(&m, 7, 4);
        for (int d = 0; d < m.ndirs; d++)
            if (amz_maze_neighbor(&m, lone, d) != AMZ_NO_CELL)
                amz_maze_set_passage(&m, lone, d, false, NULL);
        for (size_t i = 0; i < amz_solve_count(); i++) {
            const char *name = amz_solve_at(i)->name;
            amz_solve_result r;
            amz_error err;
            assert_int_equal(amz_solve_run(&m, name, 0, 9, NULL, NULL, &r, &err), AMZ_ENOPATH);
            assert_null(r.path.dirs);
            assert_int_equal(r.path.len, 0);
            assert_true(r.explored >= 1 && r.explored <= (uint64_t)m.ncells);
            assert_int_equal(amz_solve_run(&m, name, lone, 0, NULL, NULL, &r, &err), AMZ_ENOPATH);
            assert_int_equal(amz_solve_run(&m, name, 0, lone, NULL, NULL, &r, &err), AMZ_ENOPATH);
        }
        amz_maze_deinit(&m);
    }
    amz_maze m;
    tu_generate(&m, AMZ_TOPO_SQUARE, 4, 4, "backtracker", 1);
    amz_solve_options o;
    amz_solve_options_init(&o);
    o.hand = (amz_hand)5;
    amz_solve_result r;
    amz_error err;
    assert_int_equal(amz_solve_run(&m, "wall-follower", 0, 15, &o, NULL, &r, &err), AMZ_EINVAL);
    amz_maze_deinit(&m);
}

/* ---- allocation failures ---- */

static long fail_at, calls;

static void *failing_malloc(void *ctx, size_t n)
{
    (void)ctx;
    return ++calls == fail_at ? NULL : malloc(n);
}

static void *failing_calloc(void *ctx, size_t n, size_t s)
{
    (void)ctx;
    return ++calls == fail_at ? NULL : calloc(n, s);
}

static void *failing_realloc(void *ctx, void *p, size_t n)
{
    (void)ctx;
    return ++calls == fail_at ? NULL : realloc(p, n);
}

static void plain_free(void *ctx, void *p)
{
    (void)ctx;
    free(p);
}

static void test_out_of_memory(void **state)
{
    (void)state;
    const amz_allocator failing = {failing_malloc, failing_calloc, failing_realloc, plain_free, NULL};
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++) {
        amz_maze m;
        tu_generate(&m, (amz_topology)t, 40, 30, "prim", 3);
        amz_maze_set_passage(&m, 0, t == AMZ_TOPO_SQUARE ? AMZ_SQ_E : AMZ_HEX_SE, true, NULL); /* maybe a loop */
        for (size_t i = 0; i < amz_solve_count(); i++) {
            const char *name = amz_solve_at(i)->name;
            for (fail_at = 1;; fail_at++) {
                calls = 0;
                amz_set_allocator(&failing);
                amz_solve_result r;
                amz_error err;
                amz_status st = amz_solve_run(&m, name, 0, m.ncells - 1, NULL, NULL, &r, &err);
                amz_set_allocator(NULL);
                if (calls < fail_at) { /* no allocation failed: the run is complete */
                    assert_int_equal(st, AMZ_OK);
                    amz_path_deinit(&r.path);
                    break;
                }
                if (st != AMZ_ENOMEM)
                    fail_msg("%s with allocation %ld failing returned %d", name, fail_at, st);
                assert_null(r.path.dirs);
            }
        }
        amz_maze_deinit(&m);
    }
}

/* Generators too: every allocation failing in turn gives AMZ_ENOMEM and no leak. */
static void test_generators_out_of_memory(void **state)
{
    (void)state;
    const amz_allocator failing = {failing_malloc, failing_calloc, failing_realloc, plain_free, NULL};
    for (size_t i = 0; i < amz_gen_count(); i++) {
        const amz_gen_info *g = amz_gen_at(i);
        for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++) {
            if (!amz_gen_supports(g, (amz_topology)t))
                continue;
            amz_gen_options o;
            amz_gen_options_init(&o);
            o.braid = 0.5;
            o.ends = AMZ_ENDS_LONGEST;
            for (fail_at = 1;; fail_at++) {
                amz_maze m;
                assert_int_equal(amz_maze_init(&m, (amz_topology)t, 30, 20, NULL), AMZ_OK);
                calls = 0;
                amz_set_allocator(&failing);
                amz_status st = amz_gen_run(&m, g->name, &o, NULL, NULL);
                amz_set_allocator(NULL);
                bool done = calls < fail_at;
                if (done)
                    assert_int_equal(st, AMZ_OK);
                else if (st != AMZ_ENOMEM)
                    fail_msg("%s with allocation %ld failing returned %d", g->name, fail_at, st);
                amz_maze_deinit(&m);
                if (done)
                    break;
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trivial),
        cmocka_unit_test(test_no_path),
        cmocka_unit_test(test_out_of_memory),
        cmocka_unit_test(test_generators_out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
