/* test_slide_parity.c — solvability and shuffling. The inversion-parity rule is checked
 * against an exhaustive breadth-first search (the test's own) over every arrangement
 * of 2x2, 2x3, 3x2 and 3x3 boards in both goal conventions: exactly the reachable
 * ones, n!/2 of them, are called solvable. Shuffles are solvable, reproducible and
 * uniform; random walks stay solvable; swapping two tiles always breaks solvability. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "slide_ref.h"

static void test_rule_matches_search(void **state)
{
    (void)state;
    static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 4}, {4, 2}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
        for (int g = 0; g < 2; g++) {
            int rows = shapes[s][0], cols = shapes[s][1], n = rows * cols;
            uint32_t reached, total = 1;
            for (int i = 2; i <= n; i++)
                total *= (uint32_t)i;
            int8_t *dist = ref_bfs(rows, cols, (amz_slide_goal)g, &reached);
            assert_int_equal(reached, total / 2);
            uint32_t solvable = 0;
            for (uint32_t r = 0; r < total; r++) {
                uint16_t p[12];
                ref_unrank(r, p, n);
                amz_slide_board b;
                int tiles[12];
                for (int c = 0; c < n; c++)
                    tiles[c] = p[c];
                assert_int_equal(amz_slide_board_set(&b, rows, cols, (amz_slide_goal)g, tiles, (size_t)n, NULL),
                                 AMZ_OK);
                bool yes = amz_slide_is_solvable(&b);
                if (yes != (dist[r] >= 0))
                    fail_msg("%dx%d goal %d arrangement %u: rule says %d, search says %d", rows, cols, g, r, yes,
                             dist[r] >= 0);
                amz_error err;
                amz_error_clear(&err);
                amz_status st = amz_slide_check(&b, &err);
                assert_int_equal(st, yes ? AMZ_OK : AMZ_EINVAL);
                if (!yes)
                    assert_non_null(strstr(err.msg, "unsolvable"));
                solvable += yes;
            }
            assert_int_equal(solvable, total / 2);
            free(dist);
        }
}

static void test_shuffle_solvable_reproducible(void **state)
{
    (void)state;
    for (int rows = 2; rows <= 32; rows += 3)
        for (int cols = 2; cols <= 32; cols += 5)
            for (int g = 0; g < 2; g++) {
                amz_rng r1, r2;
                amz_rng_seed(&r1, (uint64_t)(rows * 100 + cols));
                amz_rng_seed(&r2, (uint64_t)(rows * 100 + cols));
                amz_slide_board a, b;
                assert_int_equal(amz_slide_shuffle(&a, rows, cols, (amz_slide_goal)g, &r1, NULL), AMZ_OK);
                assert_int_equal(amz_slide_shuffle(&b, rows, cols, (amz_slide_goal)g, &r2, NULL), AMZ_OK);
                assert_memory_equal(&a, &b, sizeof a);
                assert_true(amz_slide_is_solvable(&a));
                assert_int_equal(a.tiles[a.blank], 0);
                /* A random walk from the goal stays solvable; one swap of two tiles
                 * breaks it, whatever the size (the rule's parity argument). */
                amz_slide_board w;
                amz_slide_board_init(&w, rows, cols, (amz_slide_goal)g, NULL);
                amz_slide_walk(&w, &r1, 500);
                assert_true(amz_slide_is_solvable(&w));
                int x = w.blank == 0 ? 1 : 0, y = w.blank == rows * cols - 1 ? rows * cols - 2 : rows * cols - 1;
                uint16_t t = w.tiles[x];
                w.tiles[x] = w.tiles[y];
                w.tiles[y] = t;
                assert_false(amz_slide_is_solvable(&w));
            }
}

/* Every one of the 12 solvable 2x2 boards comes up about equally often: a chi-square
 * test at the 0.1% level (11 degrees of freedom: critical value 31.26). */
static void test_shuffle_uniform(void **state)
{
    (void)state;
    uint32_t reached;
    int8_t *dist = ref_bfs(2, 2, AMZ_SLIDE_BLANK_LAST, &reached);
    uint32_t counts[24] = {0};
    amz_rng r;
    amz_rng_seed(&r, 2024);
    const int draws = 24000;
    for (int i = 0; i < draws; i++) {
        amz_slide_board b;
        amz_slide_shuffle(&b, 2, 2, AMZ_SLIDE_BLANK_LAST, &r, NULL);
        counts[ref_rank(b.tiles, 4)]++;
    }
    double chi = 0, expect = draws / 12.0;
    for (int i = 0; i < 24; i++) {
        if (dist[i] < 0) {
            assert_int_equal(counts[i], 0);
            continue;
        }
        chi += (counts[i] - expect) * (counts[i] - expect) / expect;
    }
    if (chi > 31.26)
        fail_msg("chi-square %.2f over 12 boards", chi);
    free(dist);
}

/* The walk is exactly the documented one: at each step a uniform choice (one
 * amz_rng_below call) among the legal moves, in U D L R order, that do not undo the
 * previous one. Replayed here with the reference rules and the same draws. */
static void test_walk(void **state)
{
    (void)state;
    amz_rng r;
    amz_rng_seed(&r, 3);
    for (int k = 0; k < 60; k++) {
        int rows = 2 + (int)amz_rng_below(&r, 5), cols = 2 + (int)amz_rng_below(&r, 5);
        uint64_t steps = amz_rng_below(&r, 300);
        amz_slide_board b;
        amz_slide_board_init(&b, rows, cols, AMZ_SLIDE_BLANK_LAST, NULL);
        uint16_t ref[AMZ_SLIDE_MAX_CELLS];
        memcpy(ref, b.tiles, sizeof ref);
        amz_rng mine = r;
        amz_slide_walk(&b, &r, steps);
        int prev = -1;
        for (uint64_t s = 0; s < steps; s++) {
            int options[4], n = 0;
            for (int m = 0; m < 4; m++) {
                uint16_t probe[AMZ_SLIDE_MAX_CELLS];
                memcpy(probe, ref, sizeof probe);
                char letter[2] = {"UDLR"[m], 0};
                if ((prev < 0 || m != (prev ^ 1)) && ref_replay(rows, cols, probe, letter))
                    options[n++] = m;
            }
            assert_true(n >= 1);
            int m = options[amz_rng_below(&mine, (uint32_t)n)];
            char letter[2] = {"UDLR"[m], 0};
            ref_replay(rows, cols, ref, letter);
            prev = m;
        }
        assert_memory_equal(ref, b.tiles, sizeof ref);
        assert_memory_equal(&mine, &r, sizeof r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rule_matches_search),
        cmocka_unit_test(test_shuffle_solvable_reproducible),
        cmocka_unit_test(test_shuffle_uniform),
        cmocka_unit_test(test_walk),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
