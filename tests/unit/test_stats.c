/* test_stats.c — amz_stats_compute on hand-made mazes whose figures are worked out in
 * the comments, and on generated ones (braided, masked, several parts) against
 * identities and independent recomputations: degree sums, corridors walked one by
 * one, the diameter by brute force, and decision points and difficulty along the
 * (unique) solution of perfect mazes found with a reference search. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "testutil.h"

static void open_edge(amz_maze *m, int x, int y, int d)
{
    assert_int_equal(amz_maze_set_passage(m, amz_maze_cell_at(m, x, y), d, true, NULL), AMZ_OK);
}

static void stats(const amz_maze *m, amz_stats *s)
{
    amz_error err;
    if (amz_stats_compute(m, s, &err))
        fail_msg("stats: %s", err.msg);
}

static void test_corridor(void **state)
{
    (void)state;
    /* S - . - G in a row: ends have one passage, the middle goes straight through;
     * one corridor of 2 moves; no decision anywhere (difficulty 0); diameter 2. */
    amz_maze m;
    amz_stats s;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 3, 1, NULL), AMZ_OK);
    open_edge(&m, 0, 0, AMZ_SQ_E);
    open_edge(&m, 1, 0, AMZ_SQ_E);
    stats(&m, &s);
    assert_int_equal(s.cells, 3);
    assert_int_equal(s.passages, 2);
    assert_int_equal(s.degree[1], 2);
    assert_int_equal(s.degree[2], 1);
    assert_int_equal(s.dead_ends, 2);
    assert_int_equal(s.straight, 1);
    assert_int_equal(s.turns, 0);
    assert_int_equal(s.corridors, 1);
    assert_true(fabs(s.river - 2.0) < 1e-9);
    assert_true(s.perfect && s.solvable);
    assert_int_equal(s.solution_length, 2);
    assert_true(fabs(s.solution_fraction - 1.0) < 1e-9);
    assert_int_equal(s.decisions, 0);
    assert_true(fabs(s.difficulty) < 1e-9);
    assert_int_equal(s.diameter, 2);
    assert_true(s.diameter_exact);
    assert_int_equal(s.diameter_ends[0], 0);
    assert_int_equal(s.diameter_ends[1], 2);
    amz_maze_deinit(&m);
}

static void test_ring_and_plus(void **state)
{
    (void)state;
    /* A 2x2 ring: four turning cells, no corridor end, so one corridor of 4 moves;
     * from a corner to the opposite one: 2 moves, a decision at the start (2 ways,
     * 1 bit), then none; the diameter is 2 even with the loop. */
    amz_maze m;
    amz_stats s;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 2, 2, NULL), AMZ_OK);
    open_edge(&m, 0, 0, AMZ_SQ_E);
    open_edge(&m, 0, 0, AMZ_SQ_S);
    open_edge(&m, 1, 0, AMZ_SQ_S);
    open_edge(&m, 0, 1, AMZ_SQ_E);
    stats(&m, &s);
    assert_int_equal(s.degree[2], 4);
    assert_int_equal(s.turns, 4);
    assert_int_equal(s.straight, 0);
    assert_int_equal(s.corridors, 1);
    assert_true(fabs(s.river - 4.0) < 1e-9);
    assert_false(s.perfect);
    assert_int_equal(s.parts, 1);
    assert_int_equal(s.solution_length, 2);
    assert_int_equal(s.decisions, 1);
    assert_true(fabs(s.difficulty - 1.0) < 1e-9);
    assert_int_equal(s.diameter, 2);
    assert_true(s.diameter_exact);
    amz_maze_deinit(&m);

    /* A plus on 3x3: the centre has 4 passages, the arms 1, the corners none (4 lone
     * parts + the plus = 5 parts); 4 corridors of 1 move. From the top arm to the
     * bottom one: 2 moves, one decision at the centre with 3 ways on (log2 3 bits). */
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 3, 3, NULL), AMZ_OK);
    open_edge(&m, 1, 0, AMZ_SQ_S);
    open_edge(&m, 1, 1, AMZ_SQ_S);
    open_edge(&m, 0, 1, AMZ_SQ_E);
    open_edge(&m, 1, 1, AMZ_SQ_E);
    m.start = amz_maze_cell_at(&m, 1, 0);
    m.goal = amz_maze_cell_at(&m, 1, 2);
    stats(&m, &s);
    assert_int_equal(s.degree[0], 4);
    assert_int_equal(s.degree[1], 4);
    assert_int_equal(s.degree[4], 1);
    assert_int_equal(s.junctions, 1);
    assert_int_equal(s.isolated, 4);
    assert_int_equal(s.parts, 5);
    assert_int_equal(s.corridors, 4);
    assert_true(fabs(s.river - 1.0) < 1e-9);
    assert_int_equal(s.decisions, 1);
    assert_true(fabs(s.difficulty - log2(3.0)) < 1e-9);
    assert_int_equal(s.diameter, 2);
    m.start = 0; /* a corner: no way to the goal */
    stats(&m, &s);
    assert_false(s.solvable);
    assert_int_equal(s.solution_length, 0);
    assert_true(s.solution_fraction == 0 && s.difficulty == 0 && s.decisions == 0);
    amz_maze_deinit(&m);
}

static void test_hex_shapes(void **state)
{
    (void)state;
    /* Hex: a column N-S goes straight; the row zig-zag (0,0) SE (1,0) NE (2,0) turns at
     * (1,0), whose passages are NW and NE. */
    amz_maze m;
    amz_stats s;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_HEX, 1, 3, NULL), AMZ_OK);
    open_edge(&m, 0, 0, AMZ_HEX_S);
    open_edge(&m, 0, 1, AMZ_HEX_S);
    stats(&m, &s);
    assert_int_equal(s.straight, 1);
    assert_int_equal(s.turns, 0);
    amz_maze_deinit(&m);
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_HEX, 3, 1, NULL), AMZ_OK);
    open_edge(&m, 0, 0, AMZ_HEX_SE);
    open_edge(&m, 1, 0, AMZ_HEX_NE);
    stats(&m, &s);
    assert_int_equal(s.straight, 0);
    assert_int_equal(s.turns, 1);
    assert_int_equal(s.diameter, 2);
    amz_maze_deinit(&m);
}

/* Corridors walked one by one: from every cell that is not a two-passage cell, along
 * each of its passages through two-passage cells to the next such cell (each corridor
 * is walked from both ends), plus rings made only of two-passage cells. */
static uint64_t walk_corridors(const amz_maze *m)
{
    uint64_t ends = 0, rings = 0;
    char *seen = calloc((size_t)m->ncells, 1);
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (!amz_maze_exists(m, c) || amz_maze_degree(m, c) == 2)
            continue;
        for (int d = 0; d < m->ndirs; d++) {
            if (!amz_maze_passage(m, c, d))
                continue;
            amz_cell prev = c, cur = amz_maze_neighbor(m, c, d);
            while (amz_maze_degree(m, cur) == 2) {
                seen[cur] = 1;
                amz_cell next = AMZ_NO_CELL;
                for (int e = 0; e < m->ndirs; e++)
                    if (amz_maze_passage(m, cur, e) && amz_maze_neighbor(m, cur, e) != prev)
                        next = amz_maze_neighbor(m, cur, e);
                if (next == AMZ_NO_CELL) /* both passages lead back to prev: impossible on a grid */
                    fail_msg("corridor walk stuck");
                prev = cur;
                cur = next;
            }
            ends++;
        }
    }
    for (amz_cell c = 0; c < m->ncells; c++) /* two-passage cells no corridor reached: rings */
        if (amz_maze_exists(m, c) && amz_maze_degree(m, c) == 2 && !seen[c]) {
            rings++;
            amz_cell prev = AMZ_NO_CELL, cur = c;
            do {
                seen[cur] = 1;
                amz_cell next = AMZ_NO_CELL;
                for (int e = 0; e < m->ndirs && next == AMZ_NO_CELL; e++)
                    if (amz_maze_passage(m, cur, e) && amz_maze_neighbor(m, cur, e) != prev)
                        next = amz_maze_neighbor(m, cur, e);
                prev = cur;
                cur = next;
            } while (cur != c);
        }
    free(seen);
    return ends / 2 + rings;
}

static void test_generated(void **state)
{
    (void)state;
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
        for (int seed = 0; seed < 40; seed++) {
            const amz_gen_info *g = amz_gen_at((size_t)seed % amz_gen_count());
            if (!amz_gen_supports(g, (amz_topology)t))
                continue;
            amz_maze m;
            int w = 2 + seed % 9, h = 2 + seed * 3 % 8;
            assert_int_equal(amz_maze_init(&m, (amz_topology)t, w, h, NULL), AMZ_OK);
            if (g->masks && seed % 3 == 0)
                assert_int_equal(amz_maze_set_exists(&m, amz_maze_cell_at(&m, w / 2, h / 2), false, NULL), AMZ_OK);
            amz_gen_options o;
            amz_gen_options_init(&o);
            o.seed = (uint64_t)seed;
            o.braid = seed % 4 == 1 ? 0.7 : 0;
            assert_int_equal(amz_gen_run(&m, g->name, &o, NULL, NULL), AMZ_OK);
            if (seed % 5 == 2) /* several parts: cut a few passages */
                for (amz_cell c = 0; c < m.ncells; c += 3)
                    for (int d = 0; d < m.ndirs; d++)
                        if (amz_maze_neighbor(&m, c, d) != AMZ_NO_CELL)
                            amz_maze_set_passage(&m, c, d, false, NULL);
            amz_stats s;
            stats(&m, &s);
            uint64_t cells = 0, ends = 0, j = 0;
            for (int k = 0; k <= m.ndirs; k++) {
                cells += s.degree[k];
                ends += (uint64_t)k * s.degree[k];
                j += k >= 3 ? s.degree[k] : 0;
            }
            assert_int_equal(cells, s.cells);
            assert_int_equal(ends, 2 * s.passages);
            assert_int_equal(j, s.junctions);
            assert_int_equal(s.straight + s.turns, s.degree[2]);
            assert_int_equal(s.corridors, walk_corridors(&m));
            /* Diameter by brute force. */
            int64_t diam = 0, *dist = malloc(sizeof *dist * (size_t)m.ncells);
            for (amz_cell a = 0; a < m.ncells; a++)
                if (amz_maze_exists(&m, a)) {
                    int64_t e = tu_distances(&m, a, dist);
                    diam = e > diam ? e : diam;
                }
            assert_int_equal((int64_t)s.diameter, diam);
            assert_int_equal(tu_bfs_distance(&m, s.diameter_ends[0], s.diameter_ends[1]), diam);
            assert_true(s.diameter_exact);
            /* Decisions and difficulty along the one path of a perfect maze. */
            int64_t *to_goal = dist; /* reused: distances to the goal */
            tu_distances(&m, m.goal, to_goal);
            int64_t len = to_goal[m.start];
            assert_int_equal(s.solvable, len >= 0);
            if (s.perfect && len > 0) {
                uint64_t decisions = 0;
                double bits = 0;
                amz_cell c = m.start;
                for (int64_t i = 0; i < len; i++) {
                    int ways = amz_maze_degree(&m, c) - (i > 0);
                    decisions += ways >= 2;
                    bits += log2(ways);
                    for (int d = 0; d < m.ndirs; d++)
                        if (amz_maze_passage(&m, c, d) && to_goal[amz_maze_neighbor(&m, c, d)] == len - i - 1) {
                            c = amz_maze_neighbor(&m, c, d);
                            break;
                        }
                }
                assert_int_equal(s.decisions, decisions);
                assert_true(fabs(s.difficulty - bits) < 1e-9);
                assert_true(fabs(s.solution_fraction - (double)(len + 1) / (double)s.cells) < 1e-12);
            }
            free(dist);
            amz_maze_deinit(&m);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corridor),
        cmocka_unit_test(test_ring_and_plus),
        cmocka_unit_test(test_hex_shapes),
        cmocka_unit_test(test_generated),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
