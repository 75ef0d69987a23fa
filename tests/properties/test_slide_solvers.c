/* test_slide_solvers.c — the sliding-puzzle solvers against the test's own exhaustive
 * search: ida and pdb return shortest solutions on random 3x3, 2x3, 3x2 and 2x4
 * boards; wastar stays within weight x shortest; fast solves every size from 2x2 to
 * 32x32; every solution is replayed with the reference rules. Also: threads give the
 * same moves, limits and observers stop searches, bad requests fail clearly. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "slide/slide_impl.h"
#include "slide_ref.h"
#include "testutil.h"

static char *cache_dir; /* a fresh folder for the tests' tables (setup) */

static void solve_ok(const amz_slide_board *b, const char *algo, const amz_slide_solve_options *o,
                     amz_slide_solution *s)
{
    amz_error err;
    amz_error_clear(&err);
    amz_status st = amz_slide_solve(b, algo, o, NULL, s, &err);
    if (st)
        fail_msg("%s on a %dx%d board failed: %s", algo, b->rows, b->cols, err.msg);
    if (!ref_solves(b, s->moves))
        fail_msg("%s: the moves do not solve the board", algo);
    assert_int_equal(strlen(s->moves), s->length);
}

/* Random boards of small shapes, both conventions: lengths against the BFS table. */
static void test_optimal_small(void **state)
{
    (void)state;
    static const int shapes[][3] = {{3, 3, 100}, {2, 3, 40}, {3, 2, 40}, {2, 4, 40}, {4, 2, 40}, {2, 2, 10}};
    amz_rng r;
    amz_rng_seed(&r, 11);
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
        for (int g = 0; g < 2; g++) {
            int rows = shapes[k][0], cols = shapes[k][1], n = rows * cols;
            uint32_t reached;
            int8_t *dist = ref_bfs(rows, cols, (amz_slide_goal)g, &reached);
            /* pdb twice: its default (one exact table) and a split additive set, each
             * opened once (from the cache after the first shape's run). */
            const char *sets[2] = {amz_slide_pdb_set_name(rows, cols, 0), amz_slide_pdb_set_name(rows, cols, 1)};
            assert_non_null(sets[0]);
            amz_slide_pdb *db[2] = {NULL, NULL};
            for (int j = 0; j < 2 && sets[j]; j++) {
                amz_slide_pdb_options po;
                amz_slide_pdb_options_init(&po);
                po.name = sets[j];
                po.cache_dir = cache_dir;
                assert_int_equal(amz_slide_pdb_open(rows, cols, &po, NULL, &db[j], NULL, NULL), AMZ_OK);
            }
            for (int i = 0; i < shapes[k][2]; i++) {
                amz_slide_board b;
                amz_slide_shuffle(&b, rows, cols, (amz_slide_goal)g, &r, NULL);
                int best = dist[ref_rank(b.tiles, n)];
                assert_true(best >= 0);
                amz_slide_solve_options o;
                amz_slide_solve_options_init(&o);
                amz_slide_solution s;
                solve_ok(&b, "ida", &o, &s);
                assert_int_equal(s.length, best);
                assert_true(s.optimal);
                assert_true(s.lower_bound <= best);
                amz_slide_solution_deinit(&s);
                for (int j = 0; j < 2 && sets[j]; j++) {
                    o.pdb = db[j];
                    solve_ok(&b, "pdb", &o, &s);
                    if ((int)s.length != best)
                        fail_msg("pdb %s on %dx%d: %zu moves, shortest %d", sets[j], rows, cols, s.length, best);
                    assert_true(s.lower_bound <= best);
                    if (j == 0 && (n - 1) <= 8)
                        assert_int_equal(s.lower_bound, best); /* one exact table */
                    amz_slide_solution_deinit(&s);
                }
                o.pdb = NULL;
                static const double weights[] = {1.0, 1.5, 3.0};
                for (int j = 0; j < 3; j++) {
                    o.weight = weights[j];
                    solve_ok(&b, "wastar", &o, &s);
                    assert_true((int)s.length >= best);
                    assert_true((double)s.length <= weights[j] * best);
                    amz_slide_solution_deinit(&s);
                }
                o.weight = 0;
                solve_ok(&b, "fast", &o, &s);
                assert_true((int)s.length >= best);
                assert_int_equal(s.lower_bound, ref_manhattan(&b));
                amz_slide_solution_deinit(&s);
            }
            amz_slide_pdb_free(db[0]);
            amz_slide_pdb_free(db[1]);
            free(dist);
        }
}

/* The pdb heuristic never overestimates: every arrangement of a 3x3 board, split set. */
static void test_pdb_admissible(void **state)
{
    (void)state;
    amz_slide_pdb_options po;
    amz_slide_pdb_options_init(&po);
    po.cache_dir = "";
    po.name = "4-4";
    amz_slide_pdb *db;
    assert_int_equal(amz_slide_pdb_open(3, 3, &po, NULL, &db, NULL, NULL), AMZ_OK);
    uint32_t reached;
    int8_t *dist = ref_bfs(3, 3, AMZ_SLIDE_BLANK_LAST, &reached);
    uint64_t sum_h = 0, sum_d = 0;
    for (uint32_t r = 0; r < 362880; r++) {
        if (dist[r] < 0)
            continue;
        amz_slide_board b;
        amz_slide_board_init(&b, 3, 3, AMZ_SLIDE_BLANK_LAST, NULL);
        ref_unrank(r, b.tiles, 9);
        for (int c = 0; c < 9; c++)
            if (!b.tiles[c])
                b.blank = c;
        int h = amz_slide_pdb_heuristic(db, &b);
        if (h > dist[r] || h < 0 || (h - dist[r]) % 2)
            fail_msg("arrangement %u: heuristic %d, distance %d", r, h, dist[r]);
        /* At least as strong as Manhattan distance. */
        assert_true(h >= ref_manhattan(&b));
        sum_h += (uint64_t)h;
        sum_d += (uint64_t)dist[r];
    }
    assert_true(sum_h < sum_d);
    amz_slide_board other;
    amz_slide_board_init(&other, 2, 3, AMZ_SLIDE_BLANK_LAST, NULL);
    assert_int_equal(amz_slide_pdb_heuristic(db, &other), -1);
    free(dist);
    amz_slide_pdb_free(db);
}

/* fast on every square size and a few long thin ones; the solution replays, is at
 * least the Manhattan bound and, from 10x10 up, at most 4.5 times it. */
static void test_fast_all_sizes(void **state)
{
    (void)state;
    amz_rng r;
    amz_rng_seed(&r, 99);
    for (int side = 2; side <= 32; side++)
        for (int g = 0; g < 2; g++) {
            amz_slide_board b;
            amz_slide_shuffle(&b, side, side, (amz_slide_goal)g, &r, NULL);
            amz_slide_solution s;
            solve_ok(&b, "fast", NULL, &s);
            int md = ref_manhattan(&b);
            assert_true((int)s.length >= md);
            if (side >= 10 && (double)s.length > 4.5 * md)
                fail_msg("fast on %dx%d: %zu moves, %.2f x Manhattan %d", side, side, s.length, (double)s.length / md,
                         md);
            amz_slide_solution_deinit(&s);
        }
    static const int shapes[][2] = {{2, 32}, {32, 2}, {3, 17}, {17, 3}, {5, 31}, {2, 5}, {5, 2}, {4, 3}};
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        amz_slide_board b;
        amz_slide_shuffle(&b, shapes[k][0], shapes[k][1], AMZ_SLIDE_BLANK_LAST, &r, NULL);
        amz_slide_solution s;
        solve_ok(&b, "fast", NULL, &s);
        amz_slide_solution_deinit(&s);
    }
    /* Solved already: no moves. */
    amz_slide_board done;
    amz_slide_board_init(&done, 7, 5, AMZ_SLIDE_BLANK_LAST, NULL);
    amz_slide_solution s;
    solve_ok(&done, "fast", NULL, &s);
    assert_int_equal(s.length, 0);
    amz_slide_solution_deinit(&s);
}

/* Threads change the speed, never the moves (pdb: see test_slide_korf.c, which
 * builds the 4x4 tables anyway). */
static void test_threads_same_moves(void **state)
{
    (void)state;
    amz_rng r;
    amz_rng_seed(&r, 8);
    for (int k = 0; k < TU_REPS(6); k++) {
        amz_slide_board b;
        amz_slide_board_init(&b, 4, 4, k % 2 ? AMZ_SLIDE_BLANK_FIRST : AMZ_SLIDE_BLANK_LAST, NULL);
        amz_slide_walk(&b, &r, 60 + 10 * (uint64_t)k);
        amz_slide_solve_options o;
        amz_slide_solve_options_init(&o);
        amz_slide_solution one, two;
        solve_ok(&b, "ida", &o, &one);
        o.threads = 2;
        solve_ok(&b, "ida", &o, &two);
        assert_string_equal(one.moves, two.moves);
        amz_slide_solution_deinit(&one);
        amz_slide_solution_deinit(&two);
    }
}

/* ---- the parallel driver with a synthetic search ----
 * Every node has f = 20. The first iteration (threshold 20) expands 100000 nodes and
 * finds nothing, so the driver splits the next (threshold 22) across the threads;
 * there EVERY subtree holds a solution. The first subtree in depth-first order
 * answers after 10 ms (its moves end in R), the others after 40 ms (ending in L):
 * later subtrees are running when the first answers, and answer after it. The
 * first must still win, as in the sequential search. */
typedef struct fake {
    const amz_slide_board *root;
    uint8_t prefix[32];
    int len;
} fake;

static void *fake_create(const void *shared, const amz_slide_board *root)
{
    (void)shared;
    fake *f = calloc(1, sizeof *f);
    f->root = root;
    return f;
}

static void fake_destroy(void *w)
{
    free(w);
}

static int fake_reset(void *w, const uint8_t *prefix, int len)
{
    fake *f = w;
    f->len = len;
    if (len)
        memcpy(f->prefix, prefix, (size_t)len);
    return 20 - len;
}

/* Is the prefix the depth-first first one: the lowest legal move at each step? */
static bool first_prefix(const fake *f)
{
    int blank = f->root->blank, prev = -1;
    for (int i = 0; i < f->len; i++) {
        int m = 0;
        while ((prev >= 0 && m == (prev ^ 1)) || slide_step(f->root->rows, f->root->cols, blank, m) < 0)
            m++;
        if (f->prefix[i] != m)
            return false;
        blank = slide_step(f->root->rows, f->root->cols, blank, m);
        prev = m;
    }
    return true;
}

static int fake_dfs(void *w, int g, int bound, uint8_t *path, int *next, slide_ticker *t)
{
    if (bound == 20) {
        for (int i = 0; i < 100000; i++)
            if (slide_tick(t))
                return SLIDE_STOP;
        *next = 22;
        return SLIDE_NOTFOUND;
    }
    bool first = first_prefix(w);
    nanosleep(&(struct timespec){0, first ? 10000000 : 40000000}, NULL);
    for (int i = g; i < bound; i++)
        path[i] = first ? AMZ_SLIDE_RIGHT : AMZ_SLIDE_LEFT;
    *next = bound;
    return SLIDE_FOUND;
}

static void test_parallel_order(void **state)
{
    (void)state;
    static const slide_search_ops ops = {fake_create, fake_destroy, fake_reset, fake_dfs, NULL};
    amz_slide_board root;
    amz_slide_board_init(&root, 4, 4, AMZ_SLIDE_BLANK_LAST, NULL);
    for (int threads = 1; threads <= 4; threads++) {
        amz_slide_solve_options o;
        amz_slide_solve_options_init(&o);
        o.threads = threads;
        amz_slide_solution s;
        memset(&s, 0, sizeof s);
        assert_int_equal(slide_ida_run(&ops, NULL, &root, &o, NULL, &s, NULL), AMZ_OK);
        assert_int_equal(s.length, 22);
        if (s.moves[21] != 'R')
            fail_msg("%d threads: the answer of a later subtree won: %s", threads, s.moves);
        amz_slide_solution_deinit(&s);
    }
}

typedef struct watch {
    int events, stop_after;
    uint64_t last, total;
    bool monotone;
} watch;

static int on_event(void *ctx, const amz_event *ev)
{
    watch *w = ctx;
    assert_int_equal(ev->type, AMZ_EV_PROGRESS);
    if (ev->index < w->last)
        w->monotone = false;
    w->last = ev->index;
    w->total = ev->total;
    return ++w->events >= w->stop_after;
}

/* 5x5 with pattern databases: the 4-4-4-4-4-4 set (built in the test's cache in a
 * moment; the 6-6-6-6 tables take minutes and belong to make bench) on boards a few
 * dozen moves from the goal, both conventions: pdb's lengths equal ida's (both
 * optimal), its heuristic is admissible and at least Manhattan's, one and two threads
 * agree. Same code path as 6-6-6-6: tables past 16 cells, the mirror lookup. */
static void test_pdb_5x5(void **state)
{
    (void)state;
    amz_rng r;
    amz_rng_seed(&r, 55);
    amz_slide_pdb_options po;
    amz_slide_pdb_options_init(&po);
    po.cache_dir = cache_dir;
    po.name = "4-4-4-4-4-4";
    amz_slide_pdb *db;
    amz_error err;
    amz_error_clear(&err);
    if (amz_slide_pdb_open(5, 5, &po, NULL, &db, NULL, &err))
        fail_msg("open: %s", err.msg);
    for (int k = 0; k < TU_REPS(16); k++) {
        amz_slide_board b;
        amz_slide_board_init(&b, 5, 5, k % 2 ? AMZ_SLIDE_BLANK_FIRST : AMZ_SLIDE_BLANK_LAST, NULL);
        amz_slide_walk(&b, &r, 24 + 2 * (uint64_t)k);
        amz_slide_solve_options o;
        amz_slide_solve_options_init(&o);
        o.pdb = db;
        amz_slide_solution p, q, i;
        solve_ok(&b, "pdb", &o, &p);
        o.threads = 2;
        solve_ok(&b, "pdb", &o, &q);
        solve_ok(&b, "ida", NULL, &i);
        assert_int_equal(p.length, i.length);
        assert_string_equal(p.moves, q.moves);
        int h = amz_slide_pdb_heuristic(db, &b);
        assert_true(h >= (int)amz_slide_manhattan(&b) && h <= (int)p.length && h == p.lower_bound);
        amz_slide_solution_deinit(&p);
        amz_slide_solution_deinit(&q);
        amz_slide_solution_deinit(&i);
    }
    amz_slide_pdb_free(db);
}

/* The split-search protocol as a distributed front end runs it, the subtrees taken in
 * a shuffled order (as ranks finish them): the lowest subtree's solution must be the
 * moves amz_slide_solve returns, and the iterations must visit the same thresholds. */
static char *split_solve(const amz_slide_board *b, const char *algo, const amz_slide_solve_options *o, int k,
                         amz_rng *order)
{
    amz_slide_split *s;
    amz_error err;
    amz_error_clear(&err);
    if (amz_slide_split_new(b, algo, o, &s, &err))
        fail_msg("split_new: %s", err.msg);
    char *moves = NULL;
    int bound = amz_slide_split_start(s);
    if (bound == 0) {
        amz_slide_split_free(s);
        return calloc(1, 1);
    }
    for (int iter = 0; !moves; iter++) {
        assert_true(iter < 200);
        int count, next;
        uint64_t nodes;
        if (amz_slide_split_iteration(s, bound, k, &count, &next, &nodes, &err))
            fail_msg("iteration: %s", err.msg);
        int idx[4096];
        assert_true(count <= 4096);
        for (int i = 0; i < count; i++)
            idx[i] = i;
        for (int i = count - 1; i > 0; i--) {
            int j = (int)amz_rng_below(order, (uint64_t)i + 1), t = idx[i];
            idx[i] = idx[j];
            idx[j] = t;
        }
        int best = INT_MAX;
        for (int x = 0; x < count; x++) {
            amz_slide_piece piece;
            amz_slide_solution sol;
            if (amz_slide_split_search(s, idx[x], NULL, &piece, &sol, &err))
                fail_msg("search: %s", err.msg);
            if (piece.found) {
                assert_int_equal(sol.length, bound);
                if (idx[x] < best) {
                    best = idx[x];
                    free(moves);
                    moves = strdup(sol.moves);
                }
            } else if (piece.next_bound < next) {
                next = piece.next_bound;
            }
            amz_slide_solution_deinit(&sol);
        }
        if (!moves) {
            assert_true(next > bound && next != INT_MAX);
            bound = next;
        }
    }
    amz_slide_split_free(s);
    return moves;
}

static void test_split_search(void **state)
{
    (void)state;
    amz_rng r, order;
    amz_rng_seed(&r, 21);
    amz_rng_seed(&order, 22);
    amz_slide_solve_options o;
    amz_slide_solve_options_init(&o);
    o.cache_dir = cache_dir;
    o.pdb_name = "6-6-3";
    assert_int_equal(tu_copy_tables(cache_dir), 3);
    for (int k = 0; k < 12; k++) {
        amz_slide_board b;
        int side = k < 4 ? 3 : 4;
        amz_slide_board_init(&b, side, side, k % 2 ? AMZ_SLIDE_BLANK_FIRST : AMZ_SLIDE_BLANK_LAST, NULL);
        amz_slide_walk(&b, &r, k < 4 ? 40 : 50 + 4 * (uint64_t)k);
        /* Under the sanitizers one 4x4 board for each solver (4: ida, 6: pdb). */
        if (AMZ_TEST_SANITIZED && (k == 5 || k > 6))
            continue;
        const char *algo = k % 3 ? "ida" : "pdb";
        if (side == 3 && k % 3 == 0)
            o.pdb_name = NULL;
        else
            o.pdb_name = "6-6-3";
        amz_slide_solution want;
        solve_ok(&b, algo, &o, &want);
        /* Few subtrees and many: the answer must not depend on the split. */
        for (int subtrees = 1; subtrees <= 256; subtrees *= 16) {
            char *got = split_solve(&b, algo, &o, subtrees, &order);
            if (strcmp(got, want.moves) != 0)
                fail_msg("board %d, %s, %d subtrees: split search %s, solve %s", k, algo, subtrees, got, want.moves);
            free(got);
        }
        amz_slide_solution_deinit(&want);
    }
    /* Only the iterative-deepening solvers split; subtrees out of range are refused. */
    amz_slide_board b;
    amz_slide_board_init(&b, 3, 3, AMZ_SLIDE_BLANK_LAST, NULL);
    amz_slide_walk(&b, &r, 30);
    amz_slide_split *s;
    amz_error err;
    assert_int_equal(amz_slide_split_new(&b, "fast", NULL, &s, &err), AMZ_EINVAL);
    assert_null(s);
    assert_int_equal(amz_slide_split_new(&b, "ida", NULL, &s, &err), AMZ_OK);
    amz_slide_piece piece;
    amz_slide_solution sol;
    assert_int_equal(amz_slide_split_search(s, 0, NULL, &piece, &sol, &err), AMZ_ERANGE);
    int count, next;
    uint64_t nodes;
    assert_int_equal(amz_slide_split_iteration(s, amz_slide_split_start(s) - 1, 4, &count, &next, &nodes, &err),
                     AMZ_ERANGE);
    assert_int_equal(amz_slide_split_iteration(s, amz_slide_split_start(s), 4, &count, &next, &nodes, &err), AMZ_OK);
    assert_int_equal(amz_slide_split_search(s, count, NULL, &piece, &sol, &err), AMZ_ERANGE);
    amz_slide_split_free(s);
}

/* Every exponential solver runs under a budget by default (the events' total is the
 * node limit in force), none with AMZ_SLIDE_NO_LIMIT; a timeout ends a search that
 * no budget would end soon: ida on 32x32. */
static void test_default_budgets(void **state)
{
    (void)state;
    amz_slide_board big;
    amz_rng rng = {{5, 6, 7, 8}};
    assert_int_equal(amz_slide_shuffle(&big, 5, 5, AMZ_SLIDE_BLANK_LAST, &rng, NULL), AMZ_OK);
    static const char *algos[] = {"ida", "wastar"};
    for (int a = 0; a < 2; a++) {
        const amz_slide_solver_info *info = amz_slide_solver_find(algos[a]);
        assert_true(info->default_node_limit > 0);
        amz_slide_solve_options o;
        amz_slide_solve_options_init(&o);
        amz_slide_solution s;
        watch w = {0, 1, 0, 0, true};
        amz_observer obs = {on_event, &w, 0};
        assert_int_equal(amz_slide_solve(&big, algos[a], &o, &obs, &s, NULL), AMZ_ECANCELED);
        assert_int_equal(w.total, info->default_node_limit);
        o.node_limit = AMZ_SLIDE_NO_LIMIT;
        w = (watch){0, 1, 0, 99, true};
        assert_int_equal(amz_slide_solve(&big, algos[a], &o, &obs, &s, NULL), AMZ_ECANCELED);
        assert_int_equal(w.total, 0);
    }
    assert_true(amz_slide_solver_find("pdb")->default_node_limit > 0);
    assert_int_equal(amz_slide_solver_find("fast")->default_node_limit, 0);
    assert_int_equal(amz_slide_shuffle(&big, 32, 32, AMZ_SLIDE_BLANK_LAST, &rng, NULL), AMZ_OK);
    for (int threads = 1; threads <= 2; threads++) {
        amz_slide_solve_options o;
        amz_slide_solve_options_init(&o);
        o.timeout = 0.3;
        o.threads = threads;
        amz_slide_solution s;
        amz_error err;
        amz_error_clear(&err);
        assert_int_equal(amz_slide_solve(&big, "ida", &o, NULL, &s, &err), AMZ_ECANCELED);
        assert_non_null(strstr(err.msg, "time limit of 0.3 s"));
        assert_null(s.moves);
    }
}

/* A node limit or an observer ends a long search with AMZ_ECANCELED. */
static void test_limits_and_cancel(void **state)
{
    (void)state;
    /* Korf's instance 3 (59 moves): millions of nodes for ida. */
    amz_slide_board b;
    assert_int_equal(amz_slide_parse("1 15 10 13 0 11 4 7 12 6 5 3 14 8 9 2", 0, 0, AMZ_SLIDE_BLANK_LAST, &b, NULL),
                     AMZ_OK);
    static const char *algos[] = {"ida", "wastar", "fast"};
    for (int threads = 1; threads <= 2; threads++) {
        amz_slide_solve_options o;
        amz_slide_solve_options_init(&o);
        o.threads = threads;
        o.node_limit = 50000;
        amz_slide_solution s;
        amz_error err;
        amz_error_clear(&err);
        assert_int_equal(amz_slide_solve(&b, "ida", &o, NULL, &s, &err), AMZ_ECANCELED);
        assert_non_null(strstr(err.msg, "node limit"));
        assert_null(s.moves);
        o.node_limit = 0;
        watch w = {0, 3, 0, 0, true};
        amz_observer obs = {on_event, &w, 0};
        assert_int_equal(amz_slide_solve(&b, "ida", &o, &obs, &s, &err), AMZ_ECANCELED);
        assert_int_equal(w.events, 3);
        assert_true(w.monotone);
    }
    for (int a = 1; a < 3; a++) {
        amz_slide_solve_options o;
        amz_slide_solve_options_init(&o);
        o.node_limit = a == 1 ? 1000 : 5;
        amz_slide_solution s;
        amz_error err;
        amz_slide_board big = b;
        if (a == 2)
            amz_slide_shuffle(&big, 20, 20, AMZ_SLIDE_BLANK_LAST, &(amz_rng){{1, 2, 3, 4}}, NULL);
        assert_int_equal(amz_slide_solve(&big, algos[a], &o, NULL, &s, &err), AMZ_ECANCELED);
    }
}

static void expect_fail(const amz_slide_board *b, const char *algo, const amz_slide_solve_options *o, amz_status code,
                        const char *needle)
{
    amz_slide_solution s;
    amz_error err;
    amz_error_clear(&err);
    amz_status st = amz_slide_solve(b, algo, o, NULL, &s, &err);
    if (st != code || !strstr(err.msg, needle))
        fail_msg("%s: got %d '%s', expected %d with '%s'", algo ? algo : "(null)", st, err.msg, code, needle);
    assert_null(s.moves);
}

static void test_bad_requests(void **state)
{
    (void)state;
    amz_slide_board b;
    amz_slide_board_init(&b, 3, 3, AMZ_SLIDE_BLANK_LAST, NULL);
    amz_slide_board swapped = b;
    swapped.tiles[0] = 2;
    swapped.tiles[1] = 1;
    for (size_t i = 0; i < amz_slide_solver_count(); i++)
        expect_fail(&swapped, amz_slide_solver_at(i)->name, NULL, AMZ_EINVAL, "unsolvable");
    expect_fail(&b, "bogo", NULL, AMZ_ENOTFOUND, "unknown slide solver");
    expect_fail(&b, NULL, NULL, AMZ_ENOTFOUND, "unknown slide solver");
    amz_slide_board big;
    amz_slide_board_init(&big, 6, 6, AMZ_SLIDE_BLANK_LAST, NULL);
    expect_fail(&big, "pdb", NULL, AMZ_EUNSUPPORTED, "at most 25 cells");
    amz_slide_board_init(&big, 6, 5, AMZ_SLIDE_BLANK_LAST, NULL);
    expect_fail(&big, "wastar", NULL, AMZ_EUNSUPPORTED, "at most 25 cells");
    amz_slide_solve_options o;
    amz_slide_solve_options_init(&o);
    o.weight = 0.5;
    expect_fail(&b, "wastar", &o, AMZ_ERANGE, "weight");
    amz_slide_solve_options_init(&o);
    o.threads = 65;
    expect_fail(&b, "ida", &o, AMZ_ERANGE, "threads");
    amz_slide_solve_options_init(&o);
    o.pdb_name = "9-9";
    o.cache_dir = "";
    expect_fail(&b, "pdb", &o, AMZ_ENOTFOUND, "available: 8, 4-4");
    /* A corrupted struct is refused, not trusted. */
    amz_slide_board broken = b;
    broken.tiles[3] = 5;
    expect_fail(&broken, "ida", NULL, AMZ_EFORMAT, "appears twice");
    broken = b;
    broken.blank = 0;
    expect_fail(&broken, "fast", NULL, AMZ_EINVAL, "blank");
    /* Registry. */
    assert_int_equal(amz_slide_solver_count(), 4);
    assert_true(amz_slide_solver_find("ida")->optimal);
    assert_false(amz_slide_solver_find("fast")->optimal);
    assert_null(amz_slide_solver_at(4));
}

/* Every solver on boards of the other convention: moves are mapped back. */
static void test_blank_first(void **state)
{
    (void)state;
    amz_rng r;
    amz_rng_seed(&r, 21);
    for (int k = 0; k < 10; k++) {
        amz_slide_board b;
        amz_slide_shuffle(&b, 3, 3, AMZ_SLIDE_BLANK_FIRST, &r, NULL);
        amz_slide_solve_options o;
        amz_slide_solve_options_init(&o);
        o.cache_dir = cache_dir;
        size_t best = 0;
        for (size_t i = 0; i < amz_slide_solver_count(); i++) {
            amz_slide_solution s;
            solve_ok(&b, amz_slide_solver_at(i)->name, &o, &s);
            if (i == 0)
                best = s.length;
            if (amz_slide_solver_at(i)->optimal)
                assert_int_equal(s.length, best);
            amz_slide_solution_deinit(&s);
        }
    }
}

static int setup(void **state)
{
    (void)state;
    cache_dir = tu_mkdtemp();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    tu_rmdir_all(cache_dir);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_optimal_small),     cmocka_unit_test(test_pdb_admissible),
        cmocka_unit_test(test_fast_all_sizes),    cmocka_unit_test(test_threads_same_moves),
        cmocka_unit_test(test_limits_and_cancel), cmocka_unit_test(test_bad_requests),
        cmocka_unit_test(test_blank_first),       cmocka_unit_test(test_parallel_order),
        cmocka_unit_test(test_default_budgets),   cmocka_unit_test(test_split_search),
        cmocka_unit_test(test_pdb_5x5),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
