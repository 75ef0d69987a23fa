/* test_bfs_threads.c — `bfs` with threads >= 2 (two-ended BFS, src/solve/bfs_par.c)
 * over many seeds, sizes (1x1, 1xN, Nx1, small, and big enough for the second thread),
 * square and hex, perfect, braided and random mazes, removed cells and islands:
 * its path is valid and as long as an independent BFS's, byte-identical for 2, 3 and 4
 * threads, on repeated runs and with an observer (which runs it on one thread), equal to
 * one-thread bfs's where the start's part is a tree, and "no path" exactly when the
 * reference finds none. `explored` agrees too. Real threads meet in whatever order the
 * machine runs them, so the roll-back is also checked under every schedule of a grid:
 * side A alone for a levels, then side B for b (solve_bfs_two_ended_split). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "solve/solve_impl.h"
#include "testutil.h"

typedef struct run {
    amz_status st;
    amz_solve_result r;
} run;

static run solve(const amz_maze *m, amz_cell from, amz_cell to, int threads, const amz_observer *obs)
{
    amz_solve_options o;
    amz_solve_options_init(&o);
    o.threads = threads;
    run x;
    amz_error err;
    x.st = amz_solve_run(m, "bfs", from, to, &o, obs, &x.r, &err);
    if (x.st != AMZ_OK && x.st != AMZ_ENOPATH)
        fail_msg("bfs with %d threads failed: %s", threads, err.msg);
    return x;
}

static bool same_path(const amz_path *a, const amz_path *b)
{
    return a->start == b->start && a->len == b->len && (a->len == 0 || memcmp(a->dirs, b->dirs, a->len) == 0);
}

/* An observer that checks the event stream as it comes: FRONTIER once per cell, VISIT
 * only of a cell already on the frontier, PATH cells in order along the result. */
typedef struct watch {
    const amz_maze *m;
    char *state; /* 0 unseen, 1 frontier, 2 visited */
    uint64_t frontier, path_events;
    amz_cell last_path;
    int bad;
} watch;

static bool joined(const amz_maze *m, amz_cell a, amz_cell b)
{
    for (int d = 0; d < m->ndirs; d++)
        if (amz_maze_neighbor(m, a, d) == b && amz_maze_passage(m, a, d))
            return true;
    return false;
}

static int watch_event(void *ctx, const amz_event *ev)
{
    watch *w = ctx;
    switch (ev->type) {
    case AMZ_EV_FRONTIER:
        w->bad |= w->state[ev->cell] != 0;
        w->state[ev->cell] = 1;
        w->frontier++;
        break;
    case AMZ_EV_VISIT:
        w->bad |= w->state[ev->cell] != 1;
        w->state[ev->cell] = 2;
        break;
    case AMZ_EV_PATH:
        w->bad |= ev->index != w->path_events || ev->cell == AMZ_NO_CELL;
        if (w->path_events && !joined(w->m, w->last_path, ev->cell))
            w->bad |= 2;
        w->last_path = ev->cell;
        w->path_events++;
        break;
    default:
        w->bad |= 4;
    }
    return 0;
}

static int watch_none(void *ctx, const amz_event *ev)
{
    (void)ctx;
    (void)ev;
    return 0;
}

/* All the checks for one pair of cells; `what` names the case in failures. */
static void check_pair(const amz_maze *m, amz_cell from, amz_cell to, const char *what)
{
    int64_t ref = tu_bfs_distance(m, from, to);
    int64_t cells, passages;
    tu_part(m, from, &cells, &passages);
    const bool tree = passages == cells - 1;
    run one = solve(m, from, to, 1, NULL);
    run two = solve(m, from, to, 2, NULL);
    run again = solve(m, from, to, 2, NULL);
    run three = solve(m, from, to, 3, NULL);
    run four = solve(m, from, to, 4, NULL);
    watch w = {m, calloc((size_t)m->ncells, 1), 0, 0, AMZ_NO_CELL, 0};
    amz_observer obs = {watch_event, &w, 0};
    run seen = solve(m, from, to, 2, &obs);
    const run *all[] = {&two, &again, &three, &four, &seen};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        const run *x = all[i];
        if ((ref < 0) != (x->st == AMZ_ENOPATH))
            fail_msg("%s: run %zu says %s, the reference distance is %lld", what, i,
                     x->st ? "no path" : "a path", (long long)ref);
        if (x->r.explored != two.r.explored)
            fail_msg("%s: run %zu explored %llu cells, the first %llu", what, i, (unsigned long long)x->r.explored,
                     (unsigned long long)two.r.explored);
        if (ref >= 0 && !same_path(&x->r.path, &two.r.path))
            fail_msg("%s: run %zu returned another path than the first", what, i);
    }
    assert_true(two.r.explored <= (uint64_t)amz_maze_count_cells(m));
    /* from == to is answered by the solver driver (one VISIT, one PATH), not by bfs */
    if (w.bad && from != to)
        fail_msg("%s: inconsistent observer events (%d)", what, w.bad);
    if (w.frontier != seen.r.explored && from != to)
        fail_msg("%s: %llu FRONTIER events for %llu cells explored", what, (unsigned long long)w.frontier,
                 (unsigned long long)seen.r.explored);
    if (ref >= 0) {
        amz_error err;
        if (amz_path_check(m, &two.r.path, from, to, &err) != AMZ_OK)
            fail_msg("%s: invalid path: %s", what, err.msg);
        if ((int64_t)two.r.path.len != ref || one.r.path.len != two.r.path.len)
            fail_msg("%s: %llu moves with threads, %llu without, reference %lld", what,
                     (unsigned long long)two.r.path.len, (unsigned long long)one.r.path.len, (long long)ref);
        if (tree && !same_path(&one.r.path, &two.r.path))
            fail_msg("%s: a tree's one path differs between 1 and 2 threads", what);
        if (w.path_events != two.r.path.len + 1 || w.last_path != to)
            fail_msg("%s: PATH events do not follow the path", what);
        assert_true(two.r.explored >= two.r.path.len + 1);
    }
    run *mine[] = {&one, &two, &again, &three, &four, &seen};
    for (size_t i = 0; i < sizeof mine / sizeof mine[0]; i++)
        amz_path_deinit(&mine[i]->r.path);
    free(w.state);
}

/* A random existing cell. */
static amz_cell some_cell(const amz_maze *m, amz_rng *r)
{
    for (;;) {
        amz_cell c = (amz_cell)amz_rng_below64(r, (uint64_t)m->ncells);
        if (amz_maze_exists(m, c))
            return c;
    }
}

/* The maze's own ends, the two opposite corners, and two random pairs of cells. */
static void check_maze(const amz_maze *m, uint64_t seed, const char *what)
{
    amz_rng r;
    amz_rng_seed(&r, seed);
    if (amz_maze_exists(m, m->start) && amz_maze_exists(m, m->goal))
        check_pair(m, m->start, m->goal, what);
    if (amz_maze_exists(m, 0) && amz_maze_exists(m, m->ncells - 1))
        check_pair(m, 0, m->ncells - 1, what);
    for (int k = 0; k < 2; k++) {
        amz_cell a = some_cell(m, &r), b = some_cell(m, &r);
        check_pair(m, a, b, what);
    }
}

static void test_sizes(void **state)
{
    (void)state;
    /* 1x1, single rows and columns, small and big enough for two threads (>= 4096). */
    static const int sizes[][2] = {{1, 1}, {1, 9}, {9, 1}, {1, 300}, {4100, 1}, {2, 2}, {5, 7}, {33, 17}, {70, 70}};
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
            for (int seed = 0; seed < 4; seed++) {
                amz_maze m;
                tu_generate(&m, (amz_topology)t, sizes[i][0], sizes[i][1], "backtracker", (uint64_t)seed);
                check_maze(&m, (uint64_t)seed, "perfect maze");
                amz_maze_deinit(&m);
            }
}

static void test_generated(void **state)
{
    (void)state;
    static const char *const gens[] = {"backtracker", "wilson", "kruskal", "prim"};
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
        for (int seed = 0; seed < TU_REPS(16); seed++) { /* 4 under the sanitizers: each generator once */
            amz_maze m;
            amz_gen_options o;
            amz_gen_options_init(&o);
            o.seed = (uint64_t)seed;
            o.braid = seed % 2 ? 0.5 : 0; /* loops: shortest paths are not unique */
            const char *g = gens[seed % 4];
            assert_int_equal(amz_maze_init(&m, (amz_topology)t, 60 + seed * 5, 50 + seed * 3, NULL), AMZ_OK);
            if (!amz_gen_supports(amz_gen_find(g), (amz_topology)t))
                g = "backtracker";
            assert_int_equal(amz_gen_run(&m, g, &o, NULL, NULL), AMZ_OK);
            check_maze(&m, (uint64_t)seed, o.braid > 0 ? "braided maze" : "generated maze");
            amz_maze_deinit(&m);
        }
}

static void test_random_and_islands(void **state)
{
    (void)state;
    /* Random open edges (many loops, several parts) and removed cells: pairs in
     * different islands must end with AMZ_ENOPATH. */
    static const double density[] = {0.45, 0.55, 0.7, 1.0};
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
        for (int seed = 0; seed < 16; seed++) {
            amz_maze m;
            tu_random_maze(&m, (amz_topology)t, 40 + seed * 4, 30 + seed * 7, density[seed % 4], (uint64_t)seed);
            if (seed % 2)
                tu_random_mask(&m, 0.15, (uint64_t)seed);
            check_maze(&m, (uint64_t)seed + 100, seed % 2 ? "random maze with holes" : "random maze");
            amz_maze_deinit(&m);
        }
}

/* A backtracker maze, braided by `braid`. */
static void backtracker(amz_maze *m, amz_topology t, int w, int h, uint64_t seed, double braid)
{
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.seed = seed;
    o.braid = braid;
    assert_int_equal(amz_maze_init(m, t, w, h, NULL), AMZ_OK);
    assert_int_equal(amz_gen_run(m, "backtracker", &o, NULL, NULL), AMZ_OK);
}

static void test_big_mazes(void **state)
{
    (void)state;
    /* Long runs for the threads: many roll-back points, both sides busy. */
    for (int seed = 0; seed < 4; seed++) {
        amz_maze m;
        backtracker(&m, seed % 3 ? AMZ_TOPO_SQUARE : AMZ_TOPO_HEX, 300, 200, (uint64_t)seed, seed < 2 ? 0 : 0.3);
        check_pair(&m, m.start, m.goal, "big maze");
        amz_maze_deinit(&m);
    }
}

static void test_two_islands(void **state)
{
    (void)state;
    /* A wall of removed cells splits a perfect maze in two halves of different sizes:
     * whichever side runs out first, the answer is no path, from both directions. */
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
        for (int seed = 0; seed < 3; seed++) {
            amz_maze m;
            tu_generate(&m, (amz_topology)t, 90, 80, "backtracker", (uint64_t)seed);
            int32_t cut = 10 + 25 * seed;
            for (int32_t y = 0; y < m.height; y++)
                assert_int_equal(amz_maze_set_exists(&m, amz_maze_cell_at(&m, cut, y), false, NULL), AMZ_OK);
            amz_cell left = amz_maze_cell_at(&m, 0, 40), right = amz_maze_cell_at(&m, 89, 40);
            check_pair(&m, left, right, "two islands");
            check_pair(&m, right, left, "two islands, reversed");
            amz_maze_deinit(&m);
        }
}

/* Every schedule (a, b) in a grid gives the sequential answer (a = b = 0). */
static void check_schedules(const amz_maze *m, amz_cell from, amz_cell to, int max, const char *what)
{
    amz_solve_result ref, r;
    amz_error err;
    amz_status st0 = solve_bfs_two_ended_split(m, from, to, 0, 0, &ref, &err);
    run seen = solve(m, from, to, 2, &(amz_observer){watch_none, NULL, 0});
    assert_int_equal(st0, seen.st);
    assert_int_equal(ref.explored, seen.r.explored);
    assert_true(st0 != AMZ_OK || same_path(&ref.path, &seen.r.path));
    amz_path_deinit(&seen.r.path);
    for (int a = 0; a <= max; a++)
        for (int b = 0; b <= max; b++) {
            amz_status st = solve_bfs_two_ended_split(m, from, to, (uint64_t)a, (uint64_t)b, &r, &err);
            if (st != st0 || r.explored != ref.explored || (st == AMZ_OK && !same_path(&r.path, &ref.path)))
                fail_msg("%s: schedule (%d, %d): status %d explored %llu, sequential %d explored %llu%s", what, a, b,
                         st, (unsigned long long)r.explored, st0, (unsigned long long)ref.explored,
                         st == AMZ_OK && st0 == AMZ_OK ? " (or another path)" : "");
            amz_path_deinit(&r.path);
        }
    amz_path_deinit(&ref.path);
}

static void test_all_schedules(void **state)
{
    (void)state;
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
        for (int seed = 0; seed < 12; seed++) {
            amz_maze m;
            int w = 3 + seed % 9, h = 2 + seed % 7;
            if (seed % 3 == 0) {
                tu_generate(&m, (amz_topology)t, w, h, "backtracker", (uint64_t)seed);
            } else {
                tu_random_maze(&m, (amz_topology)t, w, h, seed % 3 == 1 ? 0.6 : 0.9, (uint64_t)seed);
                tu_random_mask(&m, 0.1, (uint64_t)seed);
            }
            amz_rng r;
            amz_rng_seed(&r, (uint64_t)seed);
            for (int k = 0; k < 4; k++) {
                amz_cell a = some_cell(&m, &r), b = some_cell(&m, &r);
                check_schedules(&m, a, b, w + h + 2, "schedules");
            }
            amz_maze_deinit(&m);
        }
}

static void test_options(void **state)
{
    (void)state;
    amz_maze m;
    tu_generate(&m, AMZ_TOPO_SQUARE, 80, 80, "backtracker", 7);
    amz_solve_options o;
    amz_solve_options_init(&o);
    assert_int_equal(o.threads, 0);
    amz_solve_result r;
    amz_error err;
    static const int bad[] = {-1, AMZ_SOLVE_MAX_THREADS + 1, 1000};
    for (size_t i = 0; i < 3; i++) {
        o.threads = bad[i];
        assert_int_equal(amz_solve_run(&m, "bfs", m.start, m.goal, &o, NULL, &r, &err), AMZ_ERANGE);
        assert_non_null(strstr(err.msg, "threads"));
        assert_null(r.path.dirs);
    }
    /* Other solvers accept and ignore the option: the same path as without it. */
    for (size_t i = 0; i < amz_solve_count(); i++) {
        const char *name = amz_solve_at(i)->name;
        amz_solve_result a, b;
        o.threads = 0;
        assert_int_equal(amz_solve_run(&m, name, m.start, m.goal, &o, NULL, &a, &err), AMZ_OK);
        o.threads = AMZ_SOLVE_MAX_THREADS;
        assert_int_equal(amz_solve_run(&m, name, m.start, m.goal, &o, NULL, &b, &err), AMZ_OK);
        assert_true(same_path(&a.path, &b.path)); /* a perfect maze: bfs too */
        amz_path_deinit(&a.path);
        amz_path_deinit(&b.path);
    }
    amz_maze_deinit(&m);
}

static int cancel_after(void *ctx, const amz_event *ev)
{
    (void)ev;
    return --*(int *)ctx <= 0;
}

static void test_cancel(void **state)
{
    (void)state;
    amz_maze m;
    tu_generate(&m, AMZ_TOPO_HEX, 50, 50, "backtracker", 3);
    amz_solve_options o;
    amz_solve_options_init(&o);
    o.threads = 2;
    for (int n = 1; n < 400; n += 37) {
        int left = n;
        amz_observer obs = {cancel_after, &left, 0};
        amz_solve_result r;
        amz_error err;
        assert_int_equal(amz_solve_run(&m, "bfs", 0, m.ncells - 1, &o, &obs, &r, &err), AMZ_ECANCELED);
        assert_null(r.path.dirs);
    }
    amz_maze_deinit(&m);
}

/* A watcher of PROGRESS only (a progress bar): the threads still run, the answer is the
 * unwatched one, and the watcher gets PROGRESS alone, counting up to the cells. */
typedef struct bar {
    uint64_t events, last, total;
    int cancel_at; /* 0: never */
    bool bad;
} bar;

static int bar_event(void *ctx, const amz_event *ev)
{
    bar *b = ctx;
    b->events++;
    if (ev->type != AMZ_EV_PROGRESS || ev->index < b->last || ev->index > ev->total || ev->total != b->total)
        b->bad = true;
    b->last = ev->index;
    return b->cancel_at && (int)b->events >= b->cancel_at;
}

static void test_progress_only(void **state)
{
    (void)state;
    for (int seed = 0; seed < 4; seed++) {
        amz_maze m;
        backtracker(&m, seed < 3 ? AMZ_TOPO_SQUARE : AMZ_TOPO_HEX, 400, 300, (uint64_t)seed, seed % 2 ? 0.4 : 0);
        bar b = {0, 0, (uint64_t)m.ncells, 0, false};
        amz_observer obs = {bar_event, &b, AMZ_EVENTS_PROGRESS};
        run plain = solve(&m, m.start, m.goal, 2, NULL);
        run watched = solve(&m, m.start, m.goal, 2, &obs);
        assert_int_equal(plain.st, AMZ_OK);
        assert_int_equal(watched.st, AMZ_OK);
        assert_int_equal(plain.r.explored, watched.r.explored);
        assert_true(same_path(&plain.r.path, &watched.r.path));
        if (b.events == 0 || b.bad)
            fail_msg("seed %d: %llu PROGRESS events%s", seed, (unsigned long long)b.events,
                     b.bad ? ", some not PROGRESS or out of order" : "");
        amz_path_deinit(&plain.r.path);
        amz_path_deinit(&watched.r.path);
        /* a bar that cancels stops the search */
        bar stop = {0, 0, (uint64_t)m.ncells, 1, false};
        amz_observer halt = {bar_event, &stop, AMZ_EVENTS_PROGRESS};
        amz_solve_options so;
        amz_solve_options_init(&so);
        so.threads = 2;
        amz_solve_result r;
        amz_error err;
        assert_int_equal(amz_solve_run(&m, "bfs", m.start, m.goal, &so, &halt, &r, &err), AMZ_ECANCELED);
        assert_int_equal(stop.events, 1);
        assert_null(r.path.dirs);
        amz_maze_deinit(&m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sizes),       cmocka_unit_test(test_generated),   cmocka_unit_test(test_random_and_islands),
        cmocka_unit_test(test_big_mazes),   cmocka_unit_test(test_two_islands), cmocka_unit_test(test_options),
        cmocka_unit_test(test_cancel),      cmocka_unit_test(test_all_schedules),
        cmocka_unit_test(test_progress_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
