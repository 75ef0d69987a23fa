/* test_play_shuffle.c — the sliding puzzle game's boards (src/play/slide_game.c): for
 * every size 2x2..10x10 and many seeds the board is a permutation, solvable by the
 * inversion rule (computed here, independently of the library), not already solved,
 * and the board `amaze slide shuffle` prints for the seed; for 2x2, 2x3 and 3x3 an
 * exhaustive breadth-first search from the goal shows every produced board reachable.
 * Also: tile moves go the way the key points, clicks, the win and the frozen timer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "play/slide_game.h"

/* Johnson & Story's rule, blank last: inversions among tiles (blank skipped), plus,
 * with an even number of columns, the rows between the blank and the bottom row. */
static bool parity_solvable(const amz_slide_board *b)
{
    int n = b->rows * b->cols, inv = 0, blank_row = -1;
    for (int i = 0; i < n; i++) {
        if (b->tiles[i] == 0) {
            blank_row = i / b->cols;
            continue;
        }
        for (int j = i + 1; j < n; j++)
            if (b->tiles[j] != 0 && b->tiles[j] < b->tiles[i])
                inv++;
    }
    if (b->cols % 2 == 0)
        inv += b->rows - 1 - blank_row;
    return inv % 2 == 0;
}

static void assert_permutation(const amz_slide_board *b)
{
    int n = b->rows * b->cols;
    bool seen[128] = {false};
    for (int i = 0; i < n; i++) {
        assert_true(b->tiles[i] < n);
        assert_false(seen[b->tiles[i]]);
        seen[b->tiles[i]] = true;
    }
    assert_int_equal(b->tiles[b->blank], 0);
}

static bool solved(const amz_slide_board *b)
{
    int n = b->rows * b->cols;
    for (int i = 0; i < n - 1; i++)
        if (b->tiles[i] != i + 1)
            return false;
    return b->tiles[n - 1] == 0;
}

static void test_every_size_by_parity(void **state)
{
    (void)state;
    for (int rows = 2; rows <= 10; rows++)
        for (int cols = 2; cols <= 10; cols++)
            for (uint64_t seed = 0; seed < 60; seed++) {
                slide_game g;
                assert_int_equal(slide_game_new(&g, rows, cols, seed, false, 0, NULL), AMZ_OK);
                assert_int_equal(g.board.rows, rows);
                assert_int_equal(g.board.cols, cols);
                assert_permutation(&g.board);
                assert_true(parity_solvable(&g.board));
                assert_false(solved(&g.board));
                assert_false(g.won);
                /* The board of `amaze slide shuffle RxC --seed N`, unless that one was solved. */
                amz_rng r;
                amz_rng_seed(&r, seed);
                amz_slide_board cli;
                assert_int_equal(amz_slide_shuffle(&cli, rows, cols, AMZ_SLIDE_BLANK_LAST, &r, NULL), AMZ_OK);
                if (!solved(&cli))
                    assert_memory_equal(cli.tiles, g.board.tiles, sizeof cli.tiles);
                /* Walks too. */
                assert_int_equal(slide_game_new(&g, rows, cols, seed, true, 1 + seed * 7, NULL), AMZ_OK);
                assert_permutation(&g.board);
                assert_true(parity_solvable(&g.board));
            }
}

/* Rank of a permutation of n <= 9 items (Lehmer code), for a visited bitmap. */
static uint32_t rank(const uint16_t *t, int n)
{
    uint32_t r = 0;
    for (int i = 0; i < n; i++) {
        uint32_t smaller = 0;
        for (int j = i + 1; j < n; j++)
            smaller += t[j] < t[i];
        r = r * (uint32_t)(n - i) + smaller;
    }
    return r;
}

/* Breadth-first search over all boards reachable from the goal, by this file's own
 * move rule (swap the blank with a neighbour). */
static uint8_t *reachable(int rows, int cols, uint32_t *count)
{
    int n = rows * cols;
    uint32_t fact = 1;
    for (int i = 2; i <= n; i++)
        fact *= (uint32_t)i;
    uint8_t *seen = calloc(fact, 1);
    uint16_t(*queue)[9] = malloc((size_t)fact * sizeof *queue);
    assert_non_null(seen);
    assert_non_null(queue);
    size_t head = 0, tail = 0;
    for (int i = 0; i < n; i++)
        queue[0][i] = (uint16_t)((i + 1) % n);
    seen[rank(queue[0], n)] = 1;
    tail = 1;
    while (head < tail) {
        uint16_t cur[9];
        memcpy(cur, queue[head++], sizeof cur);
        int b = 0;
        while (cur[b] != 0)
            b++;
        static const int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
        for (int k = 0; k < 4; k++) {
            int r = b / cols + dr[k], c = b % cols + dc[k];
            if (r < 0 || c < 0 || r >= rows || c >= cols)
                continue;
            uint16_t next[9];
            memcpy(next, cur, sizeof next);
            next[b] = next[r * cols + c];
            next[r * cols + c] = 0;
            uint32_t k2 = rank(next, n);
            if (!seen[k2]) {
                seen[k2] = 1;
                memcpy(queue[tail++], next, sizeof next);
            }
        }
    }
    free(queue);
    *count = (uint32_t)tail;
    return seen;
}

static void test_small_sizes_by_search(void **state)
{
    (void)state;
    static const int sizes[][2] = {{2, 2}, {2, 3}, {3, 2}, {3, 3}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int rows = sizes[s][0], cols = sizes[s][1], n = rows * cols;
        uint32_t count;
        uint8_t *seen = reachable(rows, cols, &count);
        uint32_t half = 1;
        for (int i = 2; i <= n; i++)
            half *= (uint32_t)i;
        half /= 2;
        assert_int_equal(count, half); /* exactly half of all arrangements are reachable */
        for (uint64_t seed = 0; seed < 3000; seed++) {
            slide_game g;
            assert_int_equal(slide_game_new(&g, rows, cols, seed, seed % 3 == 0, seed % 41, NULL), AMZ_OK);
            assert_true(seen[rank(g.board.tiles, n)]);
        }
        free(seen);
    }
}

static void test_moves_clicks_win(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        int rows = 2 + (int)(seed % 4), cols = 2 + (int)(seed % 3);
        slide_game g;
        assert_int_equal(slide_game_new(&g, rows, cols, seed, false, 0, NULL), AMZ_OK);
        /* The arrow names the way the tile goes: "up" lifts the tile under the blank. */
        for (int k = 0; k < 4; k++) {
            slide_game_restart(&g); /* each way from the shuffled board (never solved) */
            amz_slide_board before = g.board;
            int b = before.blank, r = b / cols, c = b % cols;
            static const int tr[] = {1, -1, 0, 0}, tc[] = {0, 0, 1, -1}; /* tile's cell for UP, DOWN, LEFT, RIGHT */
            int sr = r + tr[k], sc = c + tc[k];
            bool ok = slide_game_slide(&g, (amz_slide_move)k, 10);
            if (sr < 0 || sc < 0 || sr >= rows || sc >= cols) {
                assert_false(ok);
                assert_memory_equal(before.tiles, g.board.tiles, sizeof before.tiles);
            } else {
                assert_true(ok);
                assert_int_equal(g.board.tiles[b], before.tiles[sr * cols + sc]);
                assert_int_equal(g.board.blank, sr * cols + sc);
            }
        }
        /* Clicks: only tiles next to the blank move. */
        slide_game_restart(&g);
        assert_int_equal(g.moves, 0);
        for (int cell = -1; cell <= rows * cols; cell++) {
            amz_slide_board before = g.board;
            int b = before.blank;
            bool adjacent = cell >= 0 && cell < rows * cols &&
                            abs(cell / cols - b / cols) + abs(cell % cols - b % cols) == 1;
            bool ok = slide_game_click(&g, cell, 20);
            assert_int_equal(ok, adjacent);
            if (ok) {
                assert_int_equal(g.board.tiles[b], before.tiles[cell]);
                slide_game_restart(&g); /* put it back (a click may even have won) */
            }
        }
        /* The solver's moves win; the timer stops at the winning move. */
        slide_game_restart(&g);
        amz_slide_solution s;
        assert_int_equal(slide_game_solve(&g, &s, NULL), AMZ_OK);
        for (size_t i = 0; i < s.length; i++) {
            assert_false(g.won);
            assert_true(slide_game_blank(&g, (amz_slide_move)amz_slide_move_parse(s.moves[i]), 100 + 10 * (int64_t)i));
        }
        assert_true(g.won);
        assert_true(solved(&g.board));
        assert_int_equal(g.moves, s.length);
        assert_int_equal(slide_game_elapsed_ms(&g, 1 << 30), 10 * (int64_t)(s.length - 1));
        assert_false(slide_game_slide(&g, AMZ_SLIDE_UP, 5000) || slide_game_slide(&g, AMZ_SLIDE_DOWN, 5000));
        amz_slide_solution_deinit(&s);
    }
}

/* Hints answer on every size, and the big boards within their node limits. */
static void test_solve_every_size(void **state)
{
    (void)state;
    for (int rows = 2; rows <= 10; rows += 2)
        for (int cols = 2; cols <= 10; cols += 4) {
            slide_game g;
            assert_int_equal(slide_game_new(&g, rows, cols, 99, false, 0, NULL), AMZ_OK);
            amz_slide_solution s;
            assert_int_equal(slide_game_solve(&g, &s, NULL), AMZ_OK);
            for (size_t i = 0; i < s.length; i++)
                assert_true(slide_game_blank(&g, (amz_slide_move)amz_slide_move_parse(s.moves[i]), 0));
            assert_true(solved(&g.board));
            amz_slide_solution_deinit(&s);
        }
    slide_game g;
    amz_error err;
    amz_error_clear(&err);
    assert_int_equal(slide_game_new(&g, 11, 4, 1, false, 0, &err), AMZ_ERANGE);
    assert_non_null(strstr(err.msg, "11x4"));
    assert_int_equal(slide_game_new(&g, 4, 1, 1, false, 0, NULL), AMZ_ERANGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_size_by_parity),
        cmocka_unit_test(test_small_sizes_by_search),
        cmocka_unit_test(test_moves_clicks_win),
        cmocka_unit_test(test_solve_every_size),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
