/* test_mst.c — the tiled minimum spanning forest behind prim and kruskal (mst_tiles.c)
 * against a plain Kruskal written here (every edge sorted by weight and index, one
 * union-find), on square and hex grids of sizes around the 128-cell tile side, with and
 * without masks, for 1 to 4 threads; and the generators themselves: unwatched (tiles)
 * and watched step by step (true Prim, global Kruskal) they make the same maze. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/bits.h"
#include "gen/mst.h"
#include "grid/grid.h"
#include "testutil.h"

typedef struct wedge {
    uint64_t w, e;
    amz_cell a, b;
} wedge;

static int cmp_wedge(const void *x, const void *y)
{
    const wedge *a = x, *b = y;
    if (a->w != b->w)
        return a->w < b->w ? -1 : 1;
    return a->e < b->e ? -1 : a->e > b->e;
}

static amz_cell root(amz_cell *p, amz_cell x)
{
    while (p[x] != x)
        x = p[x] = p[p[x]];
    return x;
}

/* The reference: passages (bit array like m->passages) of the minimum spanning forest. */
static uint64_t *reference(const amz_maze *m, uint64_t key)
{
    const int bits = grid_plain_ndirs(m->topology) / 2;
    const size_t words = (size_t)bits_words((uint64_t)m->ncells * (uint64_t)bits);
    wedge *v = malloc((size_t)m->ncells * (size_t)bits * sizeof *v + 1);
    amz_cell *par = malloc((size_t)m->ncells * sizeof *par);
    uint64_t *out = calloc(words, 8);
    assert_non_null(v);
    assert_non_null(par);
    assert_non_null(out);
    size_t n = 0;
    for (amz_cell c = 0; c < m->ncells; c++) {
        par[c] = c;
        if (!grid_exists(m, c))
            continue;
        for (int d = 1; d <= bits; d++) {
            amz_cell nb = grid_neighbor(m, c, d);
            if (nb == AMZ_NO_CELL)
                continue;
            uint64_t e = (uint64_t)c * (uint64_t)bits + (uint64_t)(d - 1);
            v[n++] = (wedge){mst_weight(key, e), e, c, nb};
        }
    }
    qsort(v, n, sizeof *v, cmp_wedge);
    for (size_t i = 0; i < n; i++) {
        amz_cell ra = root(par, v[i].a), rb = root(par, v[i].b);
        if (ra != rb) {
            par[ra] = rb;
            bits_set(out, v[i].e);
        }
    }
    free(v);
    free(par);
    return out;
}

static void expect_passages(const amz_maze *m, const uint64_t *want, const char *what)
{
    const size_t words = (size_t)bits_words((uint64_t)m->ncells * (uint64_t)m->bits);
    for (size_t i = 0; i < words; i++)
        if (m->passages[i] != want[i])
            fail_msg("%s: passage word %zu is %016llx, the plain Kruskal gives %016llx", what, i,
                     (unsigned long long)m->passages[i], (unsigned long long)want[i]);
}

static const int sizes[][2] = {
    {1, 1}, {1, 2}, {2, 1}, {1, 300}, {300, 1}, {2, 200}, {128, 128}, {127, 129}, {129, 127},
    {130, 3}, {257, 131}, {300, 300},
};

static void test_tiles_match_plain_kruskal(void **state)
{
    (void)state;
    char what[160];
    for (int t = 0; t < 2; t++)
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
            for (int masked = 0; masked < 2; masked++)
                for (uint64_t seed = 1; seed <= (uint64_t)TU_REPS(3); seed++) {
                    amz_maze m;
                    amz_error err;
                    const int w = sizes[s][0], h = sizes[s][1];
                    assert_int_equal(amz_maze_init(&m, (amz_topology)t, w, h, &err), AMZ_OK);
                    if (masked && w * h > 2)
                        tu_random_mask(&m, 0.3, seed); /* islands too: one tree each */
                    const uint64_t key = seed * 0x9e3779b97f4a7c15u;
                    uint64_t *want = reference(&m, key);
                    for (unsigned threads = 1; threads <= 4; threads++) {
                        snprintf(what, sizeof what, "%s %dx%d%s key %llu, %u threads", amz_topology_name(m.topology),
                                 w, h, masked ? " masked" : "", (unsigned long long)key, threads);
                        assert_int_equal(gen_mst_tiled(&m, key, threads, NULL, "test", &err), AMZ_OK);
                        expect_passages(&m, want, what);
                        memset(m.passages, 0, (size_t)bits_words((uint64_t)m.ncells * (uint64_t)m.bits) * 8);
                    }
                    free(want);
                    amz_maze_deinit(&m);
                }
}

static int count_steps(void *ctx, const amz_event *ev)
{
    (void)ev;
    ++*(uint64_t *)ctx;
    return 0;
}

/* prim and kruskal through amz_gen_run: unwatched, watched step by step, and watched
 * for progress only (the tiles again) give one maze; so do 1 and 3 threads. */
static void test_generators_same_maze_watched_or_not(void **state)
{
    (void)state;
    static const char *algos[] = {"prim", "kruskal"};
    static const int gsizes[][2] = {{1, 1}, {1, 40}, {40, 1}, {200, 140}, {129, 257}};
    char what[160];
    for (size_t a = 0; a < 2; a++)
        for (int t = 0; t < 2; t++)
            for (size_t s = 0; s < sizeof gsizes / sizeof gsizes[0]; s++)
                for (uint64_t seed = 0; seed < (uint64_t)TU_REPS(4); seed++) {
                    const int w = gsizes[s][0], h = gsizes[s][1];
                    amz_maze plain, watched, progress, threaded;
                    amz_error err;
                    amz_gen_options o;
                    amz_gen_options_init(&o);
                    o.seed = seed;
                    uint64_t steps = 0, ticks = 0;
                    amz_observer all = {count_steps, &steps, 0};
                    amz_observer bar = {count_steps, &ticks, AMZ_EVENTS_PROGRESS};
                    amz_maze *ms[] = {&plain, &watched, &progress, &threaded};
                    for (int i = 0; i < 4; i++)
                        assert_int_equal(amz_maze_init(ms[i], (amz_topology)t, w, h, &err), AMZ_OK);
                    assert_int_equal(amz_gen_run(&plain, algos[a], &o, NULL, &err), AMZ_OK);
                    assert_int_equal(amz_gen_run(&watched, algos[a], &o, &all, &err), AMZ_OK);
                    assert_int_equal(amz_gen_run(&progress, algos[a], &o, &bar, &err), AMZ_OK);
                    o.threads = 3;
                    assert_int_equal(amz_gen_run(&threaded, algos[a], &o, NULL, &err), AMZ_OK);
                    snprintf(what, sizeof what, "%s %s %dx%d seed %llu", algos[a], amz_topology_name(plain.topology), w,
                             h, (unsigned long long)seed);
                    if (w * h > 1 && steps < (uint64_t)(w * h))
                        fail_msg("%s: the watched run sent %llu events", what, (unsigned long long)steps);
                    assert_true(tu_is_perfect(&plain));
                    tu_assert_same_maze(&plain, &watched, what);
                    tu_assert_same_maze(&plain, &progress, what);
                    tu_assert_same_maze(&plain, &threaded, what);
                    for (int i = 0; i < 4; i++)
                        amz_maze_deinit(ms[i]);
                }
}

static int cancel_first(void *ctx, const amz_event *ev)
{
    assert_int_equal(ev->type, AMZ_EV_PROGRESS); /* a progress-only watcher gets nothing else */
    ++*(int *)ctx;
    return 1;
}

/* A progress bar that cancels: AMZ_ECANCELED, and no passage stays open (none was
 * announced). */
static void test_cancel_from_progress(void **state)
{
    (void)state;
    for (unsigned threads = 1; threads <= 2; threads++) {
        amz_maze m;
        amz_error err;
        int calls = 0;
        amz_observer bar = {cancel_first, &calls, AMZ_EVENTS_PROGRESS};
        amz_gen_options o;
        amz_gen_options_init(&o);
        o.threads = threads;
        assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 600, 500, &err), AMZ_OK);
        assert_int_equal(amz_gen_run(&m, "kruskal", &o, &bar, &err), AMZ_ECANCELED);
        assert_int_equal(calls, 1);
        assert_non_null(strstr(err.msg, "canceled"));
        for (amz_cell c = 0; c < m.ncells; c++)
            assert_int_equal(amz_maze_cell_mask(&m, c), 0);
        amz_maze_deinit(&m);
    }
}

static void test_threads_range(void **state)
{
    (void)state;
    amz_gen_options o;
    amz_error err;
    amz_gen_options_init(&o);
    o.threads = AMZ_GEN_MAX_THREADS;
    assert_int_equal(amz_gen_options_check(&o, &err), AMZ_OK);
    o.threads = AMZ_GEN_MAX_THREADS + 1;
    assert_int_equal(amz_gen_options_check(&o, &err), AMZ_ERANGE);
    assert_non_null(strstr(err.msg, "threads"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tiles_match_plain_kruskal),
        cmocka_unit_test(test_generators_same_maze_watched_or_not),
        cmocka_unit_test(test_cancel_from_progress),
        cmocka_unit_test(test_threads_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
