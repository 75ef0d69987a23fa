/* test_solve_props.c — solvers against an independent breadth-first search, on perfect
 * mazes and on imperfect ones (random extra passages, random removed walls, several
 * parts): shortest solvers match the reference length exactly, every solver returns a
 * valid simple path or AMZ_ENOPATH exactly when the reference finds none (solvers that
 * are not `complete` may also fail where the start's part has loops), and where the
 * start's part is a tree every solver returns its one path. Both hands are tried. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

/* True if the part of `from` (cells joined by passages) is a tree. */
static bool part_is_tree(const amz_maze *m, amz_cell from)
{
    int64_t cells, passages;
    tu_part(m, from, &cells, &passages);
    return passages == cells - 1;
}

/* True if no cell appears twice on p. */
static bool path_is_simple(const amz_maze *m, const amz_path *p)
{
    amz_cell *cells = malloc(sizeof *cells * (size_t)(p->len + 1));
    char *seen = calloc((size_t)m->ncells, 1);
    bool simple = amz_path_cells(m, p, cells) == AMZ_OK;
    for (uint64_t i = 0; simple && i <= p->len; i++)
        simple = !seen[cells[i]]++;
    free(cells);
    free(seen);
    return simple;
}

static void check_solver(const amz_maze *m, const amz_solve_info *s, const amz_solve_options *o, int64_t ref,
                         bool tree, const char *what)
{
    amz_solve_result r;
    amz_error err;
    amz_status st = amz_solve_run(m, s->name, m->start, m->goal, o, NULL, &r, &err);
    if (ref < 0) {
        if (st != AMZ_ENOPATH)
            fail_msg("%s: %s returned %d where no path exists", what, s->name, st);
        return;
    }
    if (st == AMZ_ENOPATH && !s->complete && !tree)
        return; /* allowed: a wall follower circling a loop */
    if (st != AMZ_OK)
        fail_msg("%s: %s failed: %s", what, s->name, err.msg);
    if (amz_path_check(m, &r.path, m->start, m->goal, &err) != AMZ_OK)
        fail_msg("%s: %s returned an invalid path: %s", what, s->name, err.msg);
    if (!path_is_simple(m, &r.path))
        fail_msg("%s: %s returned a path through some cell twice", what, s->name);
    if ((s->shortest || tree) && (int64_t)r.path.len != ref) /* a tree has one simple path */
        fail_msg("%s: %s found %llu moves, the reference %lld", what, s->name, (unsigned long long)r.path.len,
                 (long long)ref);
    if ((int64_t)r.path.len < ref)
        fail_msg("%s: %s found a path shorter than the shortest", what, s->name);
    assert_true(r.explored >= r.path.len + 1);
    assert_true(r.explored <= (uint64_t)amz_maze_count_cells(m));
    amz_path_deinit(&r.path);
}

static void check_all_solvers(const amz_maze *m, const char *what)
{
    int64_t ref = tu_bfs_distance(m, m->start, m->goal);
    bool tree = part_is_tree(m, m->start);
    for (size_t i = 0; i < amz_solve_count(); i++) {
        const amz_solve_info *s = amz_solve_at(i);
        if (!(s->topologies & (1u << m->topology)))
            continue;
        amz_solve_options o;
        amz_solve_options_init(&o);
        const int hands = strcmp(s->name, "wall-follower") == 0 ? 2 : 1;
        for (int hand = AMZ_HAND_LEFT; hand < hands; hand++) {
            o.hand = (amz_hand)hand;
            check_solver(m, s, &o, ref, tree, what);
        }
    }
}

static void test_perfect_mazes(void **state)
{
    (void)state;
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
        for (int seed = 0; seed < 130; seed++) { /* every generator ten times */
            amz_maze m;
            int w = 1 + seed % 37, h = 1 + (seed * 7) % 23;
            const amz_gen_info *g = amz_gen_at((size_t)seed % amz_gen_count());
            if (!amz_gen_supports(g, (amz_topology)t))
                g = amz_gen_find("backtracker");
            tu_generate(&m, (amz_topology)t, w, h, g->name, (uint64_t)seed);
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
