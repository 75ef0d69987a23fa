/* test_observer_replay.c — every generator and solver, watched: the event stream must tell
 * the same story as the result. Generators: replaying CARVE (open a closed passage)
 * and WALL (close an open one) on a blank maze gives the final maze, every cell is
 * VISITed exactly once, ENTER and BACKTRACK go between neighbours (BACKTRACK through
 * an open passage, when it names one), PROGRESS counts up to a fixed total, and the
 * maze is the same as an unwatched run's. Solvers: the PATH events are the returned
 * path, cells are VISITed at most once and no more than the solver says it explored,
 * every path cell was reached before, moves follow open passages. Any callback
 * stopping the run gives AMZ_ECANCELED and a consistent maze. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

typedef struct log {
    amz_event *ev;
    size_t n, cap;
    size_t stop_after; /* 0: never stop */
} log_t;

static int record(void *ctx, const amz_event *ev)
{
    log_t *l = ctx;
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 1024;
        l->ev = realloc(l->ev, l->cap * sizeof *l->ev);
    }
    l->ev[l->n++] = *ev;
    return l->stop_after && l->n >= l->stop_after;
}

static bool adjacent(const amz_maze *m, amz_cell a, amz_cell b)
{
    for (int d = 0; d < m->ndirs; d++)
        if (amz_maze_neighbor(m, a, d) == b)
            return true;
    return false;
}

static bool open_between(const amz_maze *m, amz_cell a, amz_cell b)
{
    for (int d = 0; d < m->ndirs; d++)
        if (amz_maze_neighbor(m, a, d) == b)
            return amz_maze_passage(m, a, d);
    return false;
}

/* A blank copy of m's grid (same size, topology and mask). */
static void blank_like(amz_maze *b, const amz_maze *m)
{
    assert_int_equal(amz_maze_copy(b, m, NULL), AMZ_OK);
    amz_maze_clear(b);
}

static void check_generator_stream(const amz_maze *m, const log_t *l, const char *what)
{
    amz_maze r;
    blank_like(&r, m);
    char *visits = calloc((size_t)m->ncells, 1);
    uint64_t last_index = 0, total = 0;
    for (size_t i = 0; i < l->n; i++) {
        const amz_event *e = &l->ev[i];
        switch (e->type) {
        case AMZ_EV_CARVE:
        case AMZ_EV_WALL: {
            bool open = e->type == AMZ_EV_CARVE;
            if (amz_maze_neighbor(&r, e->cell, e->dir) != e->other)
                fail_msg("%s: event %zu: %s names a cell that is not the neighbour", what, i, amz_event_name(e->type));
            if (amz_maze_passage(&r, e->cell, e->dir) == open)
                fail_msg("%s: event %zu: %s of a passage already %s", what, i, amz_event_name(e->type),
                         open ? "open" : "closed");
            assert_int_equal(amz_maze_set_passage(&r, e->cell, e->dir, open, NULL), AMZ_OK);
            break;
        }
        case AMZ_EV_VISIT:
            assert_true(amz_maze_exists(m, e->cell));
            if (visits[e->cell]++)
                fail_msg("%s: cell %lld visited twice", what, (long long)e->cell);
            break;
        case AMZ_EV_ENTER:
        case AMZ_EV_BACKTRACK:
            assert_true(amz_maze_exists(m, e->cell));
            if (e->other != AMZ_NO_CELL && !adjacent(m, e->cell, e->other))
                fail_msg("%s: event %zu: %s between cells that are not neighbours", what, i, amz_event_name(e->type));
            if (e->type == AMZ_EV_BACKTRACK && e->other != AMZ_NO_CELL && !open_between(&r, e->cell, e->other))
                fail_msg("%s: event %zu: backtrack through a wall", what, i);
            break;
        case AMZ_EV_PROGRESS:
            if (total && e->total != total)
                fail_msg("%s: progress total changed", what);
            total = e->total;
            assert_true(e->index >= last_index && e->index <= e->total);
            last_index = e->index;
            break;
        case AMZ_EV_FRONTIER:
            assert_true(amz_maze_exists(m, e->cell));
            break;
        case AMZ_EV_PATH:
            fail_msg("%s: a generator emitted PATH", what);
        }
    }
    if (!amz_maze_equal(&r, m))
        fail_msg("%s: replaying the events does not give the maze", what);
    for (amz_cell c = 0; c < m->ncells; c++)
        if (amz_maze_exists(m, c) && visits[c] != 1)
            fail_msg("%s: cell %lld visited %d times", what, (long long)c, visits[c]);
    free(visits);
    amz_maze_deinit(&r);
}

static void make_grid(amz_maze *m, amz_topology t, int w, int h, bool ring)
{
    assert_int_equal(amz_maze_init(m, t, w, h, NULL), AMZ_OK);
    if (ring)
        for (int y = h / 3; y < 2 * h / 3; y++)
            for (int x = w / 3; x < 2 * w / 3; x++)
                assert_int_equal(amz_maze_set_exists(m, amz_maze_cell_at(m, x, y), false, NULL), AMZ_OK);
}

static void test_generators(void **state)
{
    (void)state;
    static const int sizes[][2] = {{1, 1}, {1, 9}, {9, 1}, {12, 9}, {31, 17}};
    for (size_t i = 0; i < amz_gen_count(); i++) {
        const amz_gen_info *g = amz_gen_at(i);
        for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++) {
            if (!amz_gen_supports(g, (amz_topology)t))
                continue;
            for (size_t s = 0; s < sizeof sizes / sizeof sizes[0] * 2; s++) {
                bool ring = s >= sizeof sizes / sizeof sizes[0];
                if (ring && !g->masks)
                    continue;
                int w = sizes[s % 5][0], h = sizes[s % 5][1];
                amz_maze watched, plain;
                make_grid(&watched, (amz_topology)t, w, h, ring);
                make_grid(&plain, (amz_topology)t, w, h, ring);
                amz_gen_options o;
                amz_gen_options_init(&o);
                o.seed = 17 + s;
                o.braid = s % 2 ? 0.5 : 0; /* braiding reports its openings too */
                log_t l = {NULL, 0, 0, 0};
                amz_observer obs = {record, &l, 0};
                amz_error err;
                char what[128];
                snprintf(what, sizeof what, "%s on %s %dx%d%s", g->name, amz_topology_name((amz_topology)t), w, h,
                         ring ? " with a hole" : "");
                if (amz_gen_run(&watched, g->name, &o, &obs, &err) != AMZ_OK)
                    fail_msg("%s: %s", what, err.msg);
                assert_int_equal(amz_gen_run(&plain, g->name, &o, NULL, NULL), AMZ_OK);
                if (!amz_maze_equal(&watched, &plain))
                    fail_msg("%s: watching changed the maze", what);
                check_generator_stream(&watched, &l, what);
                /* Stop it early at a few points: canceled, and still consistent. */
                for (size_t k = 1; k < l.n; k = k * 7 + 3) {
                    amz_maze m;
                    make_grid(&m, (amz_topology)t, w, h, ring);
                    log_t l2 = {NULL, 0, 0, k};
                    amz_observer o2 = {record, &l2, 0};
                    if (amz_gen_run(&m, g->name, &o, &o2, &err) != AMZ_ECANCELED)
                        fail_msg("%s: stopping after %zu events did not cancel", what, k);
                    assert_true(tu_edges_consistent(&m));
                    for (amz_cell c = 0; c < m.ncells; c++)
                        if (!amz_maze_exists(&m, c))
                            assert_int_equal(amz_maze_cell_mask(&m, c), 0);
                    free(l2.ev);
                    amz_maze_deinit(&m);
                }
                free(l.ev);
                amz_maze_deinit(&watched);
                amz_maze_deinit(&plain);
            }
        }
    }
}

static void check_solver_stream(const amz_maze *m, const amz_solve_result *r, const log_t *l, const char *what)
{
    char *reached = calloc((size_t)m->ncells, 1), *visited = calloc((size_t)m->ncells, 1);
    amz_cell *cells = malloc(sizeof *cells * (size_t)(r->path.len + 1));
    assert_int_equal(amz_path_cells(m, &r->path, cells), AMZ_OK);
    uint64_t paths = 0, nvisited = 0;
    for (size_t i = 0; i < l->n; i++) {
        const amz_event *e = &l->ev[i];
        switch (e->type) {
        case AMZ_EV_VISIT:
            if (visited[e->cell]++)
                fail_msg("%s: cell %lld visited twice", what, (long long)e->cell);
            nvisited++;
            reached[e->cell] = 1;
            break;
        case AMZ_EV_FRONTIER: reached[e->cell] = 1; break;
        case AMZ_EV_ENTER:
        case AMZ_EV_BACKTRACK:
            if (e->other != AMZ_NO_CELL && !open_between(m, e->cell, e->other))
                fail_msg("%s: %s through a wall", what, amz_event_name(e->type));
            reached[e->cell] = 1;
            break;
        case AMZ_EV_PATH:
            if (e->index != paths || e->total != r->path.len + 1 || e->cell != cells[paths])
                fail_msg("%s: PATH event %llu does not match the path", what, (unsigned long long)paths);
            if (!reached[e->cell])
                fail_msg("%s: the path goes through a cell the search never reached", what);
            paths++;
            break;
        default: fail_msg("%s: unexpected %s event from a solver", what, amz_event_name(e->type));
        }
    }
    if (paths != r->path.len + 1)
        fail_msg("%s: %llu PATH events for %llu path cells", what, (unsigned long long)paths,
                 (unsigned long long)(r->path.len + 1));
    if (nvisited > r->explored)
        fail_msg("%s: visited %llu cells but says it explored %llu", what, (unsigned long long)nvisited,
                 (unsigned long long)r->explored);
    free(reached);
    free(visited);
    free(cells);
}

static void test_solvers(void **state)
{
    (void)state;
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
        for (int seed = 0; seed < 24; seed++) {
            amz_maze m;
            tu_generate(&m, (amz_topology)t, 1 + seed % 13, 1 + seed * 5 % 11, "wilson", (uint64_t)seed);
            if (seed % 3 == 1) { /* loops too */
                amz_rng r;
                amz_rng_seed(&r, (uint64_t)seed);
                for (int k = 0; k < 15; k++) {
                    amz_cell c = (amz_cell)amz_rng_below64(&r, (uint64_t)m.ncells);
                    int d = (int)amz_rng_below(&r, (uint32_t)m.ndirs);
                    if (amz_maze_neighbor(&m, c, d) != AMZ_NO_CELL)
                        amz_maze_set_passage(&m, c, d, true, NULL);
                }
            }
            m.goal = (amz_cell)((uint64_t)seed * 7 % (uint64_t)m.ncells);
            for (size_t i = 0; i < amz_solve_count(); i++) {
                const amz_solve_info *s = amz_solve_at(i);
                log_t l = {NULL, 0, 0, 0};
                amz_observer obs = {record, &l, 0};
                amz_solve_result r;
                char what[96];
                snprintf(what, sizeof what, "%s on %s maze %d", s->name, amz_topology_name((amz_topology)t), seed);
                amz_status st = amz_solve_run(&m, s->name, m.start, m.goal, NULL, &obs, &r, NULL);
                if (st == AMZ_OK) {
                    check_solver_stream(&m, &r, &l, what);
                    amz_path_deinit(&r.path);
                } else if (st != AMZ_ENOPATH || s->complete) {
                    fail_msg("%s: failed with %d", what, st);
                }
                for (size_t k = 1; k < l.n; k = k * 5 + 1) { /* stopped early */
                    log_t l2 = {NULL, 0, 0, k};
                    amz_observer o2 = {record, &l2, 0};
                    if (amz_solve_run(&m, s->name, m.start, m.goal, NULL, &o2, &r, NULL) != AMZ_ECANCELED)
                        fail_msg("%s: stopping after %zu events did not cancel", what, k);
                    assert_null(r.path.dirs);
                    free(l2.ev);
                }
                free(l.ev);
            }
            amz_maze_deinit(&m);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_generators),
        cmocka_unit_test(test_solvers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
