/* test_stats_basic.c — the basic maze statistics (include/amaze/stats.h, src/analyze/stats.c) against
 * figures computed here from the public per-cell API (degrees, flood-filled parts, an
 * independent BFS) over random imperfect and masked mazes, plus hand-counted cases. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

static void reference(const amz_maze *m, amz_stats *s)
{
    memset(s, 0, sizeof *s);
    char *part = calloc((size_t)m->ncells, 1);
    uint64_t ends = 0;
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (!amz_maze_exists(m, c))
            continue;
        int deg = 0;
        for (int d = 0; d < m->ndirs; d++)
            deg += amz_maze_passage(m, c, d);
        s->cells++;
        ends += (uint64_t)deg;
        s->dead_ends += deg == 1;
        s->junctions += deg >= 3;
        s->isolated += deg == 0;
        if (!part[c]) { /* a new part: mark everything reachable from c */
            s->parts++;
            for (amz_cell x = 0; x < m->ncells; x++)
                if (amz_maze_exists(m, x) && !part[x] && tu_bfs_distance(m, c, x) >= 0)
                    part[x] = 1;
        }
    }
    s->passages = ends / 2;
    s->perfect = s->parts == 1 && s->passages + 1 == s->cells;
    int64_t len = tu_bfs_distance(m, m->start, m->goal);
    s->solvable = len >= 0;
    s->solution_length = len >= 0 ? (uint64_t)len : 0;
    s->dead_end_percent = s->cells ? 100.0 * (double)s->dead_ends / (double)s->cells : 0;
    free(part);
}

static void assert_stats(const amz_stats *a, const amz_stats *b, const char *what)
{
    if (a->cells != b->cells || a->passages != b->passages || a->dead_ends != b->dead_ends ||
        a->junctions != b->junctions || a->isolated != b->isolated || a->parts != b->parts ||
        a->perfect != b->perfect || a->solvable != b->solvable || a->solution_length != b->solution_length ||
        a->dead_end_percent < b->dead_end_percent - 1e-9 || a->dead_end_percent > b->dead_end_percent + 1e-9)
        fail_msg("%s: stats differ: cells %llu/%llu passages %llu/%llu dead %llu/%llu junctions %llu/%llu "
                 "isolated %llu/%llu parts %llu/%llu perfect %d/%d solvable %d/%d length %llu/%llu",
                 what, (unsigned long long)a->cells, (unsigned long long)b->cells, (unsigned long long)a->passages,
                 (unsigned long long)b->passages, (unsigned long long)a->dead_ends, (unsigned long long)b->dead_ends,
                 (unsigned long long)a->junctions, (unsigned long long)b->junctions,
                 (unsigned long long)a->isolated, (unsigned long long)b->isolated, (unsigned long long)a->parts,
                 (unsigned long long)b->parts, a->perfect, b->perfect, a->solvable, b->solvable,
                 (unsigned long long)a->solution_length, (unsigned long long)b->solution_length);
}

static void test_random_mazes(void **state)
{
    (void)state;
    static const double density[] = {0.0, 0.25, 0.5, 0.75, 1.0};
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
        for (int seed = 0; seed < 60; seed++) {
            amz_maze m;
            int w = 1 + seed % 13, h = 1 + (seed * 5) % 11;
            char what[96];
            snprintf(what, sizeof what, "%s %dx%d seed %d", amz_topology_name((amz_topology)t), w, h, seed);
            if (seed % 4 == 3)
                tu_generate(&m, (amz_topology)t, w, h, "hunt-and-kill", (uint64_t)seed);
            else
                tu_random_maze(&m, (amz_topology)t, w, h, density[seed % 5], (uint64_t)seed);
            if (seed % 3 == 0)
                tu_random_mask(&m, 0.2, (uint64_t)seed);
            amz_stats got, want;
            amz_error err;
            assert_int_equal(amz_stats_compute(&m, &got, &err), AMZ_OK);
            reference(&m, &want);
            assert_stats(&got, &want, what);
            if (seed % 4 == 3 && seed % 3 != 0)
                assert_true(got.perfect);
            amz_maze_deinit(&m);
        }
}

static void test_by_hand(void **state)
{
    (void)state;
    /* 0 - 1   2      passages 0-1, 1-4, 3-4, 4-5: cells 6, passages 4, dead ends
     *     |          0, 3 and 5 (3), junction 4 (degree 3), isolated 2, parts 2,
     * 3 - 4 - 5      not perfect, start 0 -> goal 5 in 3 moves. */
    amz_maze m;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 3, 2, NULL), AMZ_OK);
    amz_maze_set_passage(&m, 0, AMZ_SQ_E, true, NULL);
    amz_maze_set_passage(&m, 1, AMZ_SQ_S, true, NULL);
    amz_maze_set_passage(&m, 3, AMZ_SQ_E, true, NULL);
    amz_maze_set_passage(&m, 4, AMZ_SQ_E, true, NULL);
    amz_stats s;
    assert_int_equal(amz_stats_compute(&m, &s, NULL), AMZ_OK);
    assert_true(s.cells == 6 && s.passages == 4 && s.dead_ends == 3 && s.junctions == 1 && s.isolated == 1);
    assert_true(s.parts == 2 && !s.perfect && s.solvable && s.solution_length == 3);
    assert_true(s.dead_end_percent == 50.0);
    /* The goal on the isolated cell: unsolvable, length 0, and still AMZ_OK. */
    m.goal = 2;
    amz_error err;
    amz_error_clear(&err);
    assert_int_equal(amz_stats_compute(&m, &s, &err), AMZ_OK);
    assert_false(s.solvable);
    assert_true(s.solution_length == 0);
    assert_string_equal(err.msg, ""); /* the internal "no path" is not left behind */
    /* Joining 1-2 makes a spanning tree: perfect. */
    amz_maze_set_passage(&m, 1, AMZ_SQ_E, true, NULL);
    assert_int_equal(amz_stats_compute(&m, &s, NULL), AMZ_OK);
    assert_true(s.perfect && s.parts == 1 && s.passages == 5 && s.solution_length == 2);
    /* A loop breaks it again. */
    amz_maze_set_passage(&m, 0, AMZ_SQ_S, true, NULL);
    assert_int_equal(amz_stats_compute(&m, &s, NULL), AMZ_OK);
    assert_true(!s.perfect && s.parts == 1 && s.passages == 6);
    /* One cell left: a perfect maze of one cell. */
    for (amz_cell c = 1; c < 6; c++)
        assert_int_equal(amz_maze_set_exists(&m, c, false, NULL), AMZ_OK);
    assert_int_equal(amz_stats_compute(&m, &s, NULL), AMZ_OK);
    assert_true(s.cells == 1 && s.passages == 0 && s.parts == 1 && s.perfect && s.isolated == 1);
    assert_true(s.solvable && s.solution_length == 0);
    amz_maze_deinit(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_mazes),
        cmocka_unit_test(test_by_hand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
