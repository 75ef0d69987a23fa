/* test_solve_props.c — solvers against an independent breadth-first search, on perfect
 * mazes and on imperfect ones (random extra passages, random removed walls, several
 * parts): shortest solvers match the reference length exactly, every solver returns a
 * valid path or AMZ_ENOPATH exactly when the reference finds none. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testutil.h"

static void check_all_solvers(const amz_maze *m, const char *what)
{
    int64_t ref = tu_bfs_distance(m, m->start, m->goal);
    for (size_t i = 0; i < amz_solve_count(); i++) {
        const amz_solve_info *s = amz_solve_at(i);
        if (!(s->topologies & (1u << m->topology)))
            continue;
        amz_solve_result r;
        amz_error err;
        amz_status st = amz_solve_run(m, s->name, m->start, m->goal, NULL, NULL, &r, &err);
        if (ref < 0) {
            if (st != AMZ_ENOPATH)
                fail_msg("%s: %s returned %d where no path exists", what, s->name, st);
            continue;
        }
        if (st != AMZ_OK)
            fail_msg("%s: %s failed: %s", what, s->name, err.msg);
        if (amz_path_check(m, &r.path, m->start, m->goal, &err) != AMZ_OK)
            fail_msg("%s: %s returned an invalid path: %s", what, s->name, err.msg);
        if (s->shortest && (int64_t)r.path.len != ref)
            fail_msg("%s: %s found %llu moves, the reference %lld", what, s->name, (unsigned long long)r.path.len,
                     (long long)ref);
        if ((int64_t)r.path.len < ref)
            fail_msg("%s: %s found a path shorter than the shortest", what, s->name);
        assert_true(r.explored >= r.path.len + 1);
        assert_true(r.explored <= (uint64_t)amz_maze_count_cells(m));
        amz_path_deinit(&r.path);
    }
}

static void test_perfect_mazes(void **state)
{
    (void)state;
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
        for (int seed = 0; seed < 60; seed++) {
            amz_maze m;
            int w = 1 + seed % 37, h = 1 + (seed * 7) % 23;
            tu_generate(&m, (amz_topology)t, w, h, seed % 2 ? "backtracker" : "hunt-and-kill", (uint64_t)seed);
            amz_rng r;
            amz_rng_seed(&r, (uint64_t)seed);
            m.start = (amz_cell)amz_rng_below64(&r, (uint64_t)m.ncells);
            m.goal = (amz_cell)amz_rng_below64(&r, (uint64_t)m.ncells);
            check_all_solvers(&m, "perfect maze");
            amz_maze_deinit(&m);
        }
}

static void test_imperfect_mazes(void **state)
{
    (void)state;
    static const double density[] = {0.2, 0.45, 0.55, 0.8, 1.0};
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
        for (int seed = 0; seed < 200; seed++) {
            amz_maze m;
            int w = 1 + seed % 29, h = 1 + (seed * 5) % 19;
            tu_random_maze(&m, (amz_topology)t, w, h, density[seed % 5], (uint64_t)seed);
            check_all_solvers(&m, "imperfect maze");
            amz_maze_deinit(&m);
        }
}

static void test_braided_generated(void **state)
{
    (void)state;
    /* A generated maze with extra openings: loops make shortest and any-path differ. */
    for (int seed = 0; seed < 40; seed++) {
        amz_maze m;
        tu_generate(&m, AMZ_TOPO_SQUARE, 30, 20, "backtracker", (uint64_t)seed);
        amz_rng r;
        amz_rng_seed(&r, (uint64_t)seed + 99);
        for (int k = 0; k < 60; k++) {
            amz_cell c = (amz_cell)amz_rng_below64(&r, (uint64_t)m.ncells);
            int d = 1 + (int)amz_rng_below(&r, 2);
            if (amz_maze_neighbor(&m, c, d) != AMZ_NO_CELL)
                amz_maze_set_passage(&m, c, d, true, NULL);
        }
        check_all_solvers(&m, "braided maze");
        amz_maze_deinit(&m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perfect_mazes),
        cmocka_unit_test(test_imperfect_mazes),
        cmocka_unit_test(test_braided_generated),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
