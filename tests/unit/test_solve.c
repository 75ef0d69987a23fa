/* test_solve.c — the solver registry and driver (include/amaze/solve.h, src/solve/):
 * catalogue lookups, argument errors and their messages, hand-worked answers of the
 * breadcrumb DFS (first open direction in index order) and BFS on small drawn mazes,
 * "explored" on unreachable goals, solvers leaving the maze untouched, and
 * amz_solve_maze attaching the path. (Optimality over many random mazes:
 * tests/properties/test_solve_props.c.) */
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
    size_t n = amz_solve_count();
    assert_true(n >= 2);
    assert_string_equal(amz_solve_at(0)->name, "bfs"); /* the default comes first */
    assert_true(amz_solve_find("bfs")->shortest);
    assert_false(amz_solve_find("dfs")->shortest);
    assert_null(amz_solve_at(n));
    for (size_t i = 0; i < n; i++) {
        const amz_solve_info *s = amz_solve_at(i);
        assert_true(s->name[0] && s->summary[0] && s->run);
        assert_ptr_equal(amz_solve_find(s->name), s);
        assert_true(s->topologies & (1u << AMZ_TOPO_SQUARE));
        for (size_t j = 0; j < i; j++)
            assert_string_not_equal(s->name, amz_solve_at(j)->name);
    }
    assert_null(amz_solve_find("BFS"));
    assert_null(amz_solve_find(NULL));
}

/* Builds a square maze from a list of open (cell, direction) edges. */
static void drawn(amz_maze *m, int w, int h, const int (*edges)[2], size_t n)
{
    assert_int_equal(amz_maze_init(m, AMZ_TOPO_SQUARE, w, h, NULL), AMZ_OK);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(amz_maze_set_passage(m, edges[i][0], edges[i][1], true, NULL), AMZ_OK);
}

static void test_errors(void **state)
{
    (void)state;
    amz_maze m;
    amz_solve_result r;
    amz_error err;
    /* 0 1 2 | 3      two parts: {0,1,2,4,5,6} and {3}; cell 7 removed
     * 4 5 6 7 */
    static const int e[][2] = {{0, AMZ_SQ_E}, {1, AMZ_SQ_E}, {0, AMZ_SQ_S}, {4, AMZ_SQ_E}, {5, AMZ_SQ_E}};
    drawn(&m, 4, 2, e, 5);
    assert_int_equal(amz_maze_set_exists(&m, 7, false, NULL), AMZ_OK);
    memset(&r, 0x77, sizeof r);
    assert_int_equal(amz_solve_run(&m, "no-such-solver", 0, 1, NULL, NULL, &r, &err), AMZ_ENOTFOUND);
    assert_non_null(strstr(err.msg, "'no-such-solver'"));
    assert_null(strstr(err.msg, "--"));
    for (size_t i = 0; i < amz_solve_count(); i++)
        assert_non_null(strstr(err.msg, amz_solve_at(i)->name));
    assert_null(r.path.dirs);
    assert_true(r.path.len == 0 && r.explored == 0);
    for (size_t i = 0; i < amz_solve_count(); i++) {
        const char *name = amz_solve_at(i)->name;
        assert_int_equal(amz_solve_run(&m, name, -1, 1, NULL, NULL, &r, &err), AMZ_ERANGE);
        assert_string_equal(err.msg, "start cell -1 is not a cell of the maze");
        assert_int_equal(amz_solve_run(&m, name, 0, 8, NULL, NULL, &r, &err), AMZ_ERANGE);
        assert_string_equal(err.msg, "goal cell 8 is not a cell of the maze");
        assert_int_equal(amz_solve_run(&m, name, 7, 0, NULL, NULL, &r, &err), AMZ_ERANGE); /* removed */
        assert_int_equal(amz_solve_run(&m, name, 0, 7, NULL, NULL, &r, &err), AMZ_ERANGE);
        /* No path: the message names both cells; explored is the start's whole part. */
        memset(&r, 0x77, sizeof r);
        assert_int_equal(amz_solve_run(&m, name, 0, 3, NULL, NULL, &r, &err), AMZ_ENOPATH);
        assert_non_null(strstr(err.msg, "no path from (0,0) to (3,0)"));
        assert_null(r.path.dirs);
        assert_true(r.path.len == 0);
        /* A one-sided search explores exactly the start's part; bidir adds the goal's,
         * dead-end filling looks at every cell. */
        bool one_sided = strcmp(name, "bidir") != 0 && strcmp(name, "dead-end-fill") != 0;
        if (!(one_sided ? r.explored == 6 : r.explored >= 1 && r.explored <= 7))
            fail_msg("%s explored %llu cells", name, (unsigned long long)r.explored);
        assert_int_equal(amz_solve_run(&m, name, 3, 0, NULL, NULL, &r, &err), AMZ_ENOPATH);
        assert_true(one_sided ? r.explored == 1 : r.explored >= 1 && r.explored <= 7);
        /* Same cell: an empty path, even from an isolated cell. */
        assert_int_equal(amz_solve_run(&m, name, 3, 3, NULL, NULL, &r, &err), AMZ_OK);
        assert_true(r.path.len == 0 && r.path.start == 3 && r.explored == 1);
        amz_path_deinit(&r.path);
    }
    /* amz_solve_maze leaves the maze alone on failure and reports explored. */
    m.goal = 3;
    uint64_t explored = 0;
    assert_int_equal(amz_solve_maze(&m, "dfs", NULL, NULL, &explored, &err), AMZ_ENOPATH);
    assert_false(m.has_solution);
    assert_true(explored == 6);
    m.goal = 6;
    assert_int_equal(amz_solve_maze(&m, "dfs", NULL, NULL, &explored, &err), AMZ_OK);
    assert_true(m.has_solution);
    assert_int_equal(amz_path_check(&m, &m.solution, m.start, m.goal, NULL), AMZ_OK);
    assert_int_equal(amz_solve_maze(&m, "bfs", NULL, NULL, NULL, NULL), AMZ_OK); /* replaces it */
    assert_true(m.solution.len == 3);
    amz_maze_deinit(&m);
}

static void test_dfs_by_hand(void **state)
{
    (void)state;
    amz_maze m;
    amz_solve_result r;
    /* Open 3x3 grid, 0 -> 8: DFS tries N, E, S, W in that order, so E, E, S, S. */
    static const int open3[][2] = {{0, 1}, {1, 1}, {3, 1}, {4, 1}, {6, 1}, {7, 1},
                                   {0, 2}, {1, 2}, {2, 2}, {3, 2}, {4, 2}, {5, 2}};
    drawn(&m, 3, 3, open3, 12);
    assert_int_equal(amz_solve_run(&m, "dfs", 0, 8, NULL, NULL, &r, NULL), AMZ_OK);
    static const uint8_t want[] = {AMZ_SQ_E, AMZ_SQ_E, AMZ_SQ_S, AMZ_SQ_S};
    assert_true(r.path.len == 4);
    assert_memory_equal(r.path.dirs, want, 4);
    assert_true(r.explored == 5);
    amz_path_deinit(&r.path);
    /* 8 -> 0: N to 5, N to 2, W to 1, then S (before W) to 4, S to 7, W to 6, N to 3,
     * N to 0: a winding 8-move path through every cell, no backtracking. */
    assert_int_equal(amz_solve_run(&m, "dfs", 8, 0, NULL, NULL, &r, NULL), AMZ_OK);
    static const uint8_t back[] = {AMZ_SQ_N, AMZ_SQ_N, AMZ_SQ_W, AMZ_SQ_S, AMZ_SQ_S, AMZ_SQ_W, AMZ_SQ_N, AMZ_SQ_N};
    assert_true(r.path.len == 8);
    assert_memory_equal(r.path.dirs, back, 8);
    assert_true(r.explored == 9);
    amz_path_deinit(&r.path);
    amz_maze_deinit(&m);

    /* A dead end first:   0 - 1 - 2      DFS from 0 goes E to 1, E to 2 (dead end),
     *                     |              backs out to 1, then 0, goes S to 3, E 4, E 5.
     *                     3 - 4 - 5      The path skips the dead end; all 6 explored. */
    static const int dead[][2] = {{0, 1}, {1, 1}, {0, 2}, {3, 1}, {4, 1}};
    drawn(&m, 3, 2, dead, 5);
    assert_int_equal(amz_solve_run(&m, "dfs", 0, 5, NULL, NULL, &r, NULL), AMZ_OK);
    static const uint8_t around[] = {AMZ_SQ_S, AMZ_SQ_E, AMZ_SQ_E};
    assert_true(r.path.len == 3);
    assert_memory_equal(r.path.dirs, around, 3);
    assert_true(r.explored == 6);
    amz_path_deinit(&r.path);
    amz_maze_deinit(&m);
}

static void test_bfs_by_hand(void **state)
{
    (void)state;
    amz_maze m;
    amz_solve_result r;
    /* A loop with a long and a short side:  0 - 1 - 2 - 3
     *                                       |           |
     *                                       4   5 - 6   7
     *                                       |   |   |   |
     *                                       8 - 9  10 - 11
     * 4 -> 11: short way 4 0 1 2 3 7 11 (6 moves); the other way 4 8 9 5 6 10 11 (6
     * moves) ties, so from 0 -> 11 the short way (5 moves) is the only shortest. */
    static const int e[][2] = {{0, 1}, {1, 1}, {2, 1}, {0, 2}, {3, 2}, {4, 2}, {7, 2},
                               {8, 1}, {5, 1}, {5, 2}, {6, 2}, {10, 1}};
    drawn(&m, 4, 3, e, 12);
    assert_int_equal(amz_solve_run(&m, "bfs", 0, 11, NULL, NULL, &r, NULL), AMZ_OK);
    static const uint8_t want[] = {AMZ_SQ_E, AMZ_SQ_E, AMZ_SQ_E, AMZ_SQ_S, AMZ_SQ_S};
    assert_true(r.path.len == 5);
    assert_memory_equal(r.path.dirs, want, 5);
    assert_true(r.explored >= 6 && r.explored <= 12);
    amz_path_deinit(&r.path);
    assert_int_equal(amz_solve_run(&m, "bfs", 9, 6, NULL, NULL, &r, NULL), AMZ_OK);
    assert_true(r.path.len == 2); /* 9 5 6 */
    amz_path_deinit(&r.path);
    amz_maze_deinit(&m);
}

static void test_hex_by_hand(void **state)
{
    (void)state;
    /* Hex 3x2, odd column 1 sits half a cell lower: cell 0 (0,0) SE is cell 1 (1,0),
     * cell 1's SE is cell 5 (2,1)... a path 0 -SE-> 1 -SE-> 5 of two moves. */
    amz_maze m;
    amz_solve_result r;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_HEX, 3, 2, NULL), AMZ_OK);
    assert_int_equal(amz_maze_set_passage(&m, 0, AMZ_HEX_SE, true, NULL), AMZ_OK);
    assert_int_equal(amz_maze_set_passage(&m, 1, AMZ_HEX_SE, true, NULL), AMZ_OK);
    for (size_t i = 0; i < amz_solve_count(); i++) {
        assert_int_equal(amz_solve_run(&m, amz_solve_at(i)->name, 0, 5, NULL, NULL, &r, NULL), AMZ_OK);
        assert_true(r.path.len == 2);
        assert_int_equal(r.path.dirs[0], AMZ_HEX_SE);
        assert_int_equal(r.path.dirs[1], AMZ_HEX_SE);
        amz_path_deinit(&r.path);
        assert_int_equal(amz_solve_run(&m, amz_solve_at(i)->name, 5, 0, NULL, NULL, &r, NULL), AMZ_OK);
        assert_int_equal(r.path.dirs[0], AMZ_HEX_NW);
        amz_path_deinit(&r.path);
    }
    amz_maze_deinit(&m);
}

static void test_maze_untouched(void **state)
{
    (void)state;
    for (int seed = 0; seed < 30; seed++) {
        amz_maze m, before;
        tu_random_maze(&m, (amz_topology)(seed % 2), 17, 11, 0.6, (uint64_t)seed);
        tu_random_mask(&m, 0.1, (uint64_t)seed);
        assert_int_equal(amz_maze_copy(&before, &m, NULL), AMZ_OK);
        size_t pbytes = (size_t)((m.ncells * m.bits + 63) / 64 * 8);
        for (size_t i = 0; i < amz_solve_count(); i++) {
            amz_solve_result r;
            amz_status st = amz_solve_run(&m, amz_solve_at(i)->name, m.start, m.goal, NULL, NULL, &r, NULL);
            assert_true(st == AMZ_OK || st == AMZ_ENOPATH);
            amz_path_deinit(&r.path);
            assert_memory_equal(m.passages, before.passages, pbytes);
            if (m.mask)
                assert_memory_equal(m.mask, before.mask, (size_t)((m.ncells + 63) / 64 * 8));
        }
        amz_maze_deinit(&before);
        amz_maze_deinit(&m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registry),   cmocka_unit_test(test_errors),      cmocka_unit_test(test_dfs_by_hand),
        cmocka_unit_test(test_bfs_by_hand), cmocka_unit_test(test_hex_by_hand), cmocka_unit_test(test_maze_untouched),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
