/* test_slide.c — sliding-puzzle boards: goals, moves, parsing and printing, and the
 * messages for bad boards. Checked against the reference rules of slide_ref.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "slide_ref.h"

static void test_goal_boards(void **state)
{
    (void)state;
    for (int g = 0; g < 2; g++)
        for (int rows = 2; rows <= 32; rows += 5)
            for (int cols = 2; cols <= 32; cols += 3) {
                amz_slide_board b;
                assert_int_equal(amz_slide_board_init(&b, rows, cols, (amz_slide_goal)g, NULL), AMZ_OK);
                assert_true(amz_slide_is_solved(&b));
                assert_int_equal(amz_slide_manhattan(&b), 0);
                for (int c = 0; c < rows * cols; c++) {
                    assert_int_equal(b.tiles[c], ref_goal_tile(rows, cols, (amz_slide_goal)g, c));
                    assert_int_equal(amz_slide_goal_cell(&b, amz_slide_goal_tile(&b, c)), c);
                }
                assert_int_equal(b.tiles[b.blank], 0);
                assert_true(amz_slide_is_solvable(&b));
            }
}

static void test_bad_shapes(void **state)
{
    (void)state;
    static const int shapes[][2] = {{1, 4}, {4, 1}, {0, 0}, {33, 2}, {2, 33}, {-1, 3}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        amz_slide_board b;
        amz_error err;
        amz_error_clear(&err);
        assert_int_equal(amz_slide_board_init(&b, shapes[i][0], shapes[i][1], AMZ_SLIDE_BLANK_LAST, &err), AMZ_ERANGE);
        assert_non_null(strstr(err.msg, "from 2 to 32"));
    }
}

static void test_moves(void **state)
{
    (void)state;
    amz_rng r;
    amz_rng_seed(&r, 5);
    for (int k = 0; k < 300; k++) {
        int rows = 2 + (int)amz_rng_below(&r, 7), cols = 2 + (int)amz_rng_below(&r, 7);
        amz_slide_board b;
        assert_int_equal(amz_slide_shuffle(&b, rows, cols, AMZ_SLIDE_BLANK_LAST, &r, NULL), AMZ_OK);
        for (int step = 0; step < 40; step++) {
            int m = (int)amz_rng_below(&r, 4);
            char letter[2] = {"UDLR"[m], 0};
            uint16_t ref[AMZ_SLIDE_MAX_CELLS];
            memcpy(ref, b.tiles, sizeof ref);
            bool legal = ref_replay(rows, cols, ref, letter);
            assert_int_equal(amz_slide_can_move(&b, (amz_slide_move)m), legal);
            amz_slide_board before = b;
            amz_status st = amz_slide_move_blank(&b, (amz_slide_move)m);
            if (!legal) {
                assert_int_equal(st, AMZ_ERANGE);
                assert_memory_equal(&before, &b, sizeof b);
                continue;
            }
            assert_int_equal(st, AMZ_OK);
            assert_memory_equal(ref, b.tiles, sizeof ref);
            assert_int_equal(b.tiles[b.blank], 0);
            /* The tile that moved is next to the new blank; moving it back restores. */
            assert_int_equal(amz_slide_tile_move(&b, before.blank), m ^ 1);
            assert_int_equal(amz_slide_manhattan(&b), (uint32_t)ref_manhattan(&b));
        }
    }
    amz_slide_board b;
    amz_slide_board_init(&b, 3, 3, AMZ_SLIDE_BLANK_LAST, NULL);
    assert_int_equal(amz_slide_tile_move(&b, 0), -1); /* not next to the blank */
    assert_int_equal(amz_slide_tile_move(&b, 7), AMZ_SLIDE_LEFT);
    assert_int_equal(amz_slide_tile_move(&b, 5), AMZ_SLIDE_UP);
    assert_int_equal(amz_slide_move_parse('u'), AMZ_SLIDE_UP);
    assert_int_equal(amz_slide_move_parse('x'), -1);
    assert_int_equal(amz_slide_move_letter(AMZ_SLIDE_RIGHT), 'R');
    assert_int_equal(amz_slide_move_letter((amz_slide_move)9), '?');
}

static void test_apply(void **state)
{
    (void)state;
    amz_slide_board b, start;
    amz_error err;
    amz_slide_board_init(&b, 3, 3, AMZ_SLIDE_BLANK_LAST, NULL);
    assert_int_equal(amz_slide_apply(&b, "UD lr", &err), AMZ_OK);
    assert_true(amz_slide_is_solved(&b)); /* there and back, twice */
    assert_int_equal(amz_slide_apply(&b, "ULLU", &err), AMZ_OK);
    start = b;
    /* All or nothing: a bad letter or an impossible move leaves the board as it was. */
    assert_int_equal(amz_slide_apply(&b, "RRX", &err), AMZ_EFORMAT);
    assert_non_null(strstr(err.msg, "move 3"));
    assert_memory_equal(&b, &start, sizeof b);
    assert_int_equal(amz_slide_apply(&b, "RRR", &err), AMZ_ERANGE);
    assert_non_null(strstr(err.msg, "move 3"));
    assert_memory_equal(&b, &start, sizeof b);
    assert_int_equal(amz_slide_apply(&b, "DRRD", &err), AMZ_OK);
    assert_true(amz_slide_is_solved(&b));
}

static void expect_error(const char *text, int rows, int cols, amz_status code, const char *needle)
{
    amz_slide_board b;
    amz_error err;
    amz_error_clear(&err);
    amz_status st = amz_slide_parse(text, rows, cols, AMZ_SLIDE_BLANK_LAST, &b, &err);
    if (st != code || !strstr(err.msg, needle))
        fail_msg("'%s': got %d '%s', expected %d with '%s'", text, st, err.msg, code, needle);
}

static void test_parse_errors(void **state)
{
    (void)state;
    expect_error("1 2 3 4 5 6 7 7 0", 0, 0, AMZ_EFORMAT, "tile 7 appears twice");
    expect_error("1 2 3 4 5 6 7 7 0", 0, 0, AMZ_EFORMAT, "tile 8 is missing");
    expect_error("1 2 3 4 5 6 7 8 8", 0, 0, AMZ_EFORMAT, "the blank 0 is missing");
    expect_error("1 2 3 4 5 6 7 8 9", 0, 0, AMZ_EFORMAT, "tile 9 (number 9) is out of range");
    expect_error("1 2 3 4 5 6 7 8", 0, 0, AMZ_EFORMAT, "wrong tile count: 8 numbers");
    expect_error("1 2 3 4 5 6 7 8 0 9", 0, 0, AMZ_EFORMAT, "wrong tile count: 10 numbers");
    expect_error("1 2 3 4 5 0", 2, 2, AMZ_EFORMAT, "wrong tile count: 6 numbers for a 2x2 board");
    expect_error("1 2 3 x 5 6 7 8 0", 0, 0, AMZ_EFORMAT, "'x' is not a tile number");
    expect_error("1 2 3\n4 -5 6\n7 8 0", 0, 0, AMZ_EFORMAT, "line 2: '-5' is not a tile number");
    expect_error("1 2 3 4.0 5 6 7 8 0", 0, 0, AMZ_EFORMAT, "'4.0'");
    expect_error("", 0, 0, AMZ_EFORMAT, "no numbers");
    expect_error("# only a comment\n", 0, 0, AMZ_EFORMAT, "no numbers");
    /* A tile too big for any integer is reported as written, not as a capped value. */
    expect_error("1 2 3 99999999999999999999999 0 4 5 6 7", 0, 0, AMZ_EFORMAT,
                 "tile 99999999999999999999999 (number 4) is out of range");
    expect_error("1 2 3 4 5 6 7 8 0009", 0, 0, AMZ_EFORMAT, "tile 0009 (number 9)");
    expect_error("1 2 3 4 5 6 7 8 123456789012345678901234567890123456789012345", 0, 0, AMZ_EFORMAT,
                 "tile 1234567890123456789012345678901234567890... (number 9)");
    expect_error("0 1 2 3", 1, 4, AMZ_ERANGE, "from 2 to 32");
    expect_error("0 1 2 3", 2, 0, AMZ_EINVAL, "both");
    expect_error("0", 0, 0, AMZ_ERANGE, "1x1");
}

static void test_parse_forms(void **state)
{
    (void)state;
    amz_slide_board a, b;
    assert_int_equal(amz_slide_parse("1 2 3 4 5 6 7 8 0", 0, 0, AMZ_SLIDE_BLANK_LAST, &a, NULL), AMZ_OK);
    assert_int_equal(a.rows, 3);
    assert_true(amz_slide_is_solved(&a));
    /* Grid, commas, comments and stray spaces give the same board. */
    assert_int_equal(amz_slide_parse("  1, 2, 3 # top\n4,5,6\n\n7 8 0\n", 0, 0, AMZ_SLIDE_BLANK_LAST, &b, NULL),
                     AMZ_OK);
    assert_memory_equal(&a, &b, sizeof a);
    /* A grid gives its own shape; a line needs the size unless square. */
    assert_int_equal(amz_slide_parse("1 2 3\n4 5 0\n", 0, 0, AMZ_SLIDE_BLANK_LAST, &b, NULL), AMZ_OK);
    assert_int_equal(b.rows, 2);
    assert_int_equal(b.cols, 3);
    assert_int_equal(amz_slide_parse("1 2 3 4 5 0", 0, 0, AMZ_SLIDE_BLANK_LAST, &b, NULL), AMZ_EFORMAT);
    assert_int_equal(amz_slide_parse("1 2 3 4 5 0", 3, 2, AMZ_SLIDE_BLANK_LAST, &b, NULL), AMZ_OK);
    assert_int_equal(b.rows, 3);
    assert_int_equal(b.cols, 2);
    assert_true(amz_slide_is_solved(&b));
    assert_int_equal(amz_slide_parse("0 1 2 3 4 5 6 7 8", 0, 0, AMZ_SLIDE_BLANK_FIRST, &b, NULL), AMZ_OK);
    assert_true(amz_slide_is_solved(&b));
    assert_int_equal(b.blank, 0);
}

/* Printing and parsing back gives the same board, in both forms, for many shapes. */
static void test_format_roundtrip(void **state)
{
    (void)state;
    amz_rng r;
    amz_rng_seed(&r, 77);
    static char buf[AMZ_SLIDE_MAX_CELLS * 8];
    for (int k = 0; k < 200; k++) {
        int rows = 2 + (int)amz_rng_below(&r, 31), cols = 2 + (int)amz_rng_below(&r, 31);
        amz_slide_goal g = (amz_slide_goal)amz_rng_below(&r, 2);
        amz_slide_board b, back;
        assert_int_equal(amz_slide_shuffle(&b, rows, cols, g, &r, NULL), AMZ_OK);
        for (int style = 0; style < 2; style++) {
            size_t need = amz_slide_format(&b, (amz_slide_style)style, NULL, 0);
            assert_true(need < sizeof buf);
            assert_int_equal(amz_slide_format(&b, (amz_slide_style)style, buf, sizeof buf), need);
            assert_int_equal(strlen(buf), need);
            int pr = style == AMZ_SLIDE_LINE ? rows : 0, pc = style == AMZ_SLIDE_LINE ? cols : 0;
            assert_int_equal(amz_slide_parse(buf, pr, pc, g, &back, NULL), AMZ_OK);
            assert_memory_equal(&b, &back, sizeof b);
        }
    }
    /* A short buffer is cut but terminated, and the full length is still returned. */
    amz_slide_board b;
    amz_slide_board_init(&b, 3, 3, AMZ_SLIDE_BLANK_LAST, NULL);
    char small[6];
    assert_int_equal(amz_slide_format(&b, AMZ_SLIDE_LINE, small, sizeof small), strlen("1 2 3 4 5 6 7 8 0"));
    assert_string_equal(small, "1 2 3");
    assert_int_equal(amz_slide_format(&b, AMZ_SLIDE_GRID, buf, sizeof buf), 18);
    assert_string_equal(buf, "1 2 3\n4 5 6\n7 8 0\n");
}

/* The reason names the counts in good English: "1 inversion", "1 row". */
static void expect_unsolvable(const char *text, const char *needle, const char *absent)
{
    amz_slide_board b;
    amz_error err;
    amz_error_clear(&err);
    assert_int_equal(amz_slide_parse(text, 0, 0, AMZ_SLIDE_BLANK_LAST, &b, NULL), AMZ_OK);
    assert_int_equal(amz_slide_check(&b, &err), AMZ_EINVAL);
    if (!strstr(err.msg, needle) || strstr(err.msg, absent))
        fail_msg("'%s': '%s' should say '%s', not '%s'", text, err.msg, needle, absent);
}

static void test_unsolvable_messages(void **state)
{
    (void)state;
    expect_unsolvable("2 1 3 4 5 6 7 8 0", "it has 1 inversion (", "1 inversions");
    expect_unsolvable("2 1 4 3 5 6 8 7 0", "it has 3 inversions (", "3 inversion (");
    expect_unsolvable("1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0", "1 inversion (pairs", "1 inversions");
    expect_unsolvable("1 2 3 4 5 6 7 8 0 9 10 11 12 13 14 15", "0 inversions (pairs of tiles out of order) plus 1 row ",
                      "1 rows");
}

static void test_board_set(void **state)
{
    (void)state;
    amz_slide_board b;
    amz_error err;
    int ok[] = {4, 1, 2, 0, 3, 5};
    assert_int_equal(amz_slide_board_set(&b, 2, 3, AMZ_SLIDE_BLANK_LAST, ok, 6, &err), AMZ_OK);
    assert_int_equal(b.blank, 3);
    amz_slide_board keep = b;
    int bad[] = {4, 1, 2, 0, 3, -1};
    assert_int_equal(amz_slide_board_set(&b, 2, 3, AMZ_SLIDE_BLANK_LAST, bad, 6, &err), AMZ_EFORMAT);
    assert_non_null(strstr(err.msg, "out of range"));
    assert_memory_equal(&b, &keep, sizeof b);
    assert_int_equal(amz_slide_board_set(&b, 2, 3, AMZ_SLIDE_BLANK_LAST, ok, 5, &err), AMZ_EFORMAT);
    assert_non_null(strstr(err.msg, "wrong tile count"));
    assert_int_equal(amz_slide_board_set(&b, 2, 3, (amz_slide_goal)7, ok, 6, &err), AMZ_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_goal_boards),
        cmocka_unit_test(test_bad_shapes),
        cmocka_unit_test(test_moves),
        cmocka_unit_test(test_apply),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_parse_forms),
        cmocka_unit_test(test_format_roundtrip),
        cmocka_unit_test(test_board_set),
        cmocka_unit_test(test_unsolvable_messages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
