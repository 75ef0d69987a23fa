/* test_dijkstra.c — Dijkstra maps against a plain multi-source breadth-first search
 * written here (a queue of every goal, neighbours through amz_maze_passage, or through
 * walkable tiles for dungeons), on square and hex mazes, masked and looped ones, with
 * one and many goals; flee maps against the rescan of the roguelike recipe done the
 * slow way here (scale by -k, then sweep every cell until no value changes); errors. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

/* The neighbours of cell c that one step reaches: maze passages, or walkable tiles. */
static int steps(const amz_maze *m, const amz_dungeon *d, int64_t c, int64_t out[6])
{
    int n = 0;
    if (m) {
        for (int k = 0; k < m->ndirs; k++)
            if (amz_maze_passage(m, c, k))
                out[n++] = amz_maze_neighbor(m, c, k);
        return n;
    }
    const int64_t x = c % d->width, y = c / d->width;
    const int64_t nx[4] = {x, x + 1, x, x - 1}, ny[4] = {y - 1, y, y + 1, y};
    for (int k = 0; k < 4; k++)
        if (amz_dtile_walkable(amz_dungeon_tile(d, nx[k], ny[k])))
            out[n++] = ny[k] * d->width + nx[k];
    return n;
}

static void reference_bfs(const amz_maze *m, const amz_dungeon *d, int64_t n, const int64_t *goals, size_t ng,
                          int64_t *dist)
{
    int64_t *queue = malloc(sizeof *queue * (size_t)n), head = 0, tail = 0;
    for (int64_t i = 0; i < n; i++)
        dist[i] = -1;
    for (size_t g = 0; g < ng; g++)
        if (dist[goals[g]] != 0) {
            dist[goals[g]] = 0;
            queue[tail++] = goals[g];
        }
    while (head < tail) {
        int64_t c = queue[head++], nb[6];
        int k = steps(m, d, c, nb);
        for (int i = 0; i < k; i++)
            if (dist[nb[i]] < 0) {
                dist[nb[i]] = dist[c] + 1;
                queue[tail++] = nb[i];
            }
    }
    free(queue);
}

/* The flee recipe, slowly: v = -round(k d), then until stable v = min(v, v(nb) + 1). */
static void reference_flee(const amz_maze *m, const amz_dungeon *d, int64_t n, const int64_t *dist, double k,
                           int64_t *v)
{
    for (int64_t i = 0; i < n; i++)
        v[i] = dist[i] < 0 ? INT64_MAX : -(int64_t)llround(k * (double)dist[i]);
    for (bool changed = true; changed;) {
        changed = false;
        for (int64_t c = 0; c < n; c++) {
            if (v[c] == INT64_MAX)
                continue;
            int64_t nb[6];
            int s = steps(m, d, c, nb);
            for (int i = 0; i < s; i++)
                if (v[nb[i]] + 1 < v[c]) {
                    v[c] = v[nb[i]] + 1;
                    changed = true;
                }
        }
    }
}

static void check_maze(const amz_maze *m, const int64_t *goals, size_t ng, const char *what)
{
    const int64_t n = m->ncells;
    uint32_t *dist = malloc(sizeof *dist * (size_t)n);
    int32_t *flee = malloc(sizeof *flee * (size_t)n);
    int64_t *ref = malloc(sizeof *ref * (size_t)n), *rf = malloc(sizeof *rf * (size_t)n);
    amz_error err;
    if (amz_dijkstra_maze(m, goals, ng, dist, &err))
        fail_msg("%s: %s", what, err.msg);
    reference_bfs(m, NULL, n, goals, ng, ref);
    for (int64_t i = 0; i < n; i++)
        if ((ref[i] < 0 ? AMZ_DIJKSTRA_FAR : (uint32_t)ref[i]) != dist[i])
            fail_msg("%s: cell %lld: %u, the reference says %lld", what, (long long)i, dist[i], (long long)ref[i]);
    const double ks[] = {1.2, 0.5, 3.0};
    for (int j = 0; j < 3; j++) {
        assert_int_equal(amz_dijkstra_flee_maze(m, dist, ks[j], flee, NULL), AMZ_OK);
        reference_flee(m, NULL, n, ref, ks[j], rf);
        for (int64_t i = 0; i < n; i++)
            if ((rf[i] == INT64_MAX ? AMZ_FLEE_FAR : (int32_t)rf[i]) != flee[i])
                fail_msg("%s: flee %g cell %lld: %d, the reference says %lld", what, ks[j], (long long)i, flee[i],
                         (long long)rf[i]);
    }
    free(dist);
    free(flee);
    free(ref);
    free(rf);
}

static void test_mazes(void **state)
{
    (void)state;
    for (int t = 0; t < 2; t++)
        for (uint64_t seed = 1; seed <= 12; seed++) {
            amz_maze m;
            char what[64];
            snprintf(what, sizeof what, "%s seed %llu", t ? "hex" : "square", (unsigned long long)seed);
            if (seed % 3 == 0)
                tu_random_maze(&m, (amz_topology)t, 23, 17, 0.6, seed); /* loops and several parts */
            else
                tu_generate(&m, (amz_topology)t, 31, 19, seed % 2 ? "backtracker" : "kruskal", seed);
            if (seed % 4 == 0)
                tu_random_mask(&m, 0.2, seed);
            int64_t goals[5];
            size_t ng = 0;
            amz_rng rng;
            amz_rng_seed(&rng, seed);
            while (ng < 1 + seed % 5) {
                amz_cell c = (amz_cell)amz_rng_below(&rng, (uint32_t)m.ncells);
                if (amz_maze_exists(&m, c))
                    goals[ng++] = c;
            }
            check_maze(&m, goals, ng, what);
            amz_maze_deinit(&m);
        }
}

static void test_dungeons(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        amz_dungeon_options o;
        amz_dungeon_options_init(&o);
        o.seed = seed;
        o.loops = 0.3;
        o.dead_ends = seed % 2 ? 1 : 0.3;
        amz_dungeon d;
        assert_int_equal(amz_dungeon_generate(&d, 61, 35, &o, NULL), AMZ_OK);
        const int64_t n = (int64_t)d.width * d.height;
        int64_t goals[2] = {(int64_t)d.up_y * d.width + d.up_x, (int64_t)d.down_y * d.width + d.down_x};
        uint32_t *dist = malloc(sizeof *dist * (size_t)n);
        int32_t *flee = malloc(sizeof *flee * (size_t)n);
        int64_t *ref = malloc(sizeof *ref * (size_t)n), *rf = malloc(sizeof *rf * (size_t)n);
        const size_t ng = 1 + seed % 2;
        assert_int_equal(amz_dijkstra_dungeon(&d, goals, ng, dist, NULL), AMZ_OK);
        reference_bfs(NULL, &d, n, goals, ng, ref);
        for (int64_t i = 0; i < n; i++)
            assert_int_equal(dist[i], ref[i] < 0 ? AMZ_DIJKSTRA_FAR : (uint32_t)ref[i]);
        assert_int_equal(amz_dijkstra_flee_dungeon(&d, dist, 1.2, flee, NULL), AMZ_OK);
        reference_flee(NULL, &d, n, ref, 1.2, rf);
        for (int64_t i = 0; i < n; i++)
            assert_int_equal(flee[i], rf[i] == INT64_MAX ? AMZ_FLEE_FAR : (int32_t)rf[i]);
        free(dist);
        free(flee);
        free(ref);
        free(rf);
        amz_dungeon_deinit(&d);
    }
}

static void test_errors(void **state)
{
    (void)state;
    amz_maze m;
    tu_generate(&m, AMZ_TOPO_SQUARE, 8, 8, "backtracker", 1);
    uint32_t dist[64];
    int32_t flee[64];
    amz_cell bad = 64;
    amz_error err;
    assert_int_equal(amz_dijkstra_maze(&m, &bad, 1, dist, &err), AMZ_ERANGE);
    assert_int_equal(amz_dijkstra_maze(&m, &bad, 0, dist, &err), AMZ_EINVAL);
    amz_cell g = 0;
    assert_int_equal(amz_dijkstra_maze(&m, &g, 1, dist, &err), AMZ_OK);
    assert_int_equal(amz_dijkstra_flee_maze(&m, dist, 0, flee, &err), AMZ_ERANGE);
    assert_int_equal(amz_dijkstra_flee_maze(&m, dist, 101, flee, &err), AMZ_ERANGE);
    amz_maze_deinit(&m);
    amz_dungeon d;
    assert_int_equal(amz_dungeon_generate(&d, 21, 21, NULL, NULL), AMZ_OK);
    int64_t wall = 0; /* the corner is always wall */
    uint32_t *dd = malloc(sizeof *dd * 441);
    assert_int_equal(amz_dijkstra_dungeon(&d, &wall, 1, dd, &err), AMZ_ERANGE);
    free(dd);
    amz_dungeon_deinit(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mazes),
        cmocka_unit_test(test_dungeons),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
