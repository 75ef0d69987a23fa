/* test_render_text.c — text rendering (src/render/text.c): the three styles of small
 * mazes drawn by hand here (walls, S/G markers, the solution, ANSI colour, removed
 * cells), picture sizes of every style, and the errors (hex, bad style, full disk).
 * Reading renderings back is tested in test_text_read.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

/* 0-1, 0-2, 1-3 on 2x2; start 0, goal 3; optional solution 0 -> 1 -> 3. */
static void small_maze(amz_maze *m, bool solved)
{
    assert_int_equal(amz_maze_init(m, AMZ_TOPO_SQUARE, 2, 2, NULL), AMZ_OK);
    amz_maze_set_passage(m, 0, AMZ_SQ_E, true, NULL);
    amz_maze_set_passage(m, 0, AMZ_SQ_S, true, NULL);
    amz_maze_set_passage(m, 1, AMZ_SQ_S, true, NULL);
    if (solved) {
        uint8_t d[] = {AMZ_SQ_E, AMZ_SQ_S};
        amz_path p = {0, 2, d};
        assert_int_equal(amz_maze_set_solution(m, &p, NULL), AMZ_OK);
    }
}

static void expect_render(const amz_maze *m, amz_text_style style, bool color, bool solution, const char *want)
{
    char *got = tu_render_mem(m, style, color, solution, NULL);
    if (strcmp(got, want) != 0)
        fail_msg("%s%s%s rendering:\n%s\nexpected:\n%s", amz_text_style_name(style), color ? " colour" : "",
                 solution ? " solution" : "", got, want);
    free(got);
}

static void test_small_by_hand(void **state)
{
    (void)state;
    amz_maze m;
    small_maze(&m, false);
    expect_render(&m, AMZ_TEXT_ASCII, false, true,
                  "+--+--+\n"
                  "|S    |\n"
                  "+  +  +\n"
                  "|  |G |\n"
                  "+--+--+\n");
    expect_render(&m, AMZ_TEXT_UNICODE, false, true,
                  "┌─────┐\n"
                  "│S    │\n"
                  "│  ╷  │\n"
                  "│  │G │\n"
                  "└──┴──┘\n");
    expect_render(&m, AMZ_TEXT_BLOCKS, false, true,
                  "#####\n"
                  "#S  #\n"
                  "# # #\n"
                  "# #G#\n"
                  "#####\n");
    amz_maze_deinit(&m);

    small_maze(&m, true);
    expect_render(&m, AMZ_TEXT_ASCII, false, true,
                  "+--+--+\n"
                  "|S  . |\n"
                  "+  +  +\n"
                  "|  |G |\n"
                  "+--+--+\n");
    expect_render(&m, AMZ_TEXT_UNICODE, false, true,
                  "┌─────┐\n"
                  "│S  • │\n"
                  "│  ╷  │\n"
                  "│  │G │\n"
                  "└──┴──┘\n");
    expect_render(&m, AMZ_TEXT_BLOCKS, false, true,
                  "#####\n"
                  "#S..#\n"
                  "# #.#\n"
                  "# #G#\n"
                  "#####\n");
    /* The solution can be hidden. */
    expect_render(&m, AMZ_TEXT_BLOCKS, false, false,
                  "#####\n"
                  "#S  #\n"
                  "# # #\n"
                  "# #G#\n"
                  "#####\n");
    /* Colour: start green, goal red, path yellow, each reset after. */
#define G_ "\x1b[1;32m"
#define R_ "\x1b[1;31m"
#define Y_ "\x1b[1;33m"
#define O_ "\x1b[0m"
    expect_render(&m, AMZ_TEXT_ASCII, true, true,
                  "+--+--+\n"
                  "|" G_ "S" O_ "  " Y_ "." O_ " |\n"
                  "+  +  +\n"
                  "|  |" R_ "G" O_ " |\n"
                  "+--+--+\n");
    expect_render(&m, AMZ_TEXT_BLOCKS, true, true,
                  "#####\n"
                  "#" G_ "S" O_ Y_ "." O_ Y_ "." O_ "#\n"
                  "# #" Y_ "." O_ "#\n"
                  "# #" R_ "G" O_ "#\n"
                  "#####\n");
    amz_maze_deinit(&m);
}

/* Start and goal on one cell: both letters in the two-character styles (the block
 * style has one character a cell and shows S), and the art reads back with both ends
 * on that cell. */
static void test_start_is_goal(void **state)
{
    (void)state;
    amz_maze m;
    small_maze(&m, false);
    m.goal = m.start = 3;
    expect_render(&m, AMZ_TEXT_ASCII, false, true,
                  "+--+--+\n"
                  "|     |\n"
                  "+  +  +\n"
                  "|  |SG|\n"
                  "+--+--+\n");
    expect_render(&m, AMZ_TEXT_BLOCKS, false, true,
                  "#####\n"
                  "#   #\n"
                  "# # #\n"
                  "# #@#\n"
                  "#####\n");
    for (int style = 0; style < 3; style++) {
        char *text = tu_render_mem(&m, (amz_text_style)style, false, true, NULL);
        amz_maze back;
        amz_error err;
        assert_int_equal(amz_io_read_text(text, strlen(text), &back, NULL, &err), AMZ_OK);
        assert_int_equal(back.start, 3);
        assert_int_equal(back.goal, 3);
        amz_maze_deinit(&back);
        free(text);
    }
    amz_maze_deinit(&m);
}

static void test_removed_cells(void **state)
{
    (void)state;
    /* 3x1 with the middle removed: line art draws walls wherever exactly one side
     * exists and leaves the removed cell blank; blocks fill it solid. */
    amz_maze m;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 3, 1, NULL), AMZ_OK);
    assert_int_equal(amz_maze_set_exists(&m, 1, false, NULL), AMZ_OK);
    expect_render(&m, AMZ_TEXT_ASCII, false, true,
                  "+--+  +--+\n"
                  "|S |  |G |\n"
                  "+--+  +--+\n");
    expect_render(&m, AMZ_TEXT_BLOCKS, false, true,
                  "#######\n"
                  "#S###G#\n"
                  "#######\n");
    expect_render(&m, AMZ_TEXT_UNICODE, false, true,
                  "┌──┐  ┌──┐\n"
                  "│S │  │G │\n"
                  "└──┘  └──┘\n");
    amz_maze_deinit(&m);
}

static void test_picture_sizes(void **state)
{
    (void)state;
    static const int shapes[][2] = {{1, 1}, {1, 6}, {6, 1}, {7, 4}, {20, 10}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        int w = shapes[s][0], h = shapes[s][1];
        amz_maze m;
        tu_generate(&m, AMZ_TOPO_SQUARE, w, h, "backtracker", 1);
        assert_int_equal(amz_solve_maze(&m, "bfs", NULL, NULL, NULL, NULL), AMZ_OK);
        for (int style = 0; style < 3; style++) {
            char *t = tu_render_mem(&m, (amz_text_style)style, false, true, NULL);
            /* Lines and their widths in characters (code points). */
            int lines = 0;
            for (char *line = t; *line;) {
                char *nl = strchr(line, '\n');
                assert_non_null(nl);
                int chars = 0;
                for (char *c = line; c < nl; c++)
                    chars += ((unsigned char)*c & 0xc0) != 0x80;
                int want = style == AMZ_TEXT_BLOCKS ? 2 * w + 1 : 3 * w + 1;
                assert_int_equal(chars, want);
                lines++;
                line = nl + 1;
            }
            assert_int_equal(lines, 2 * h + 1);
            /* One S, one G (unless they coincide). */
            if (w * h == 1 && style == AMZ_TEXT_BLOCKS)
                assert_non_null(strchr(t, '@')); /* both ends in the one cell */
            else
                assert_non_null(strchr(t, 'S'));
            assert_true(w * h == 1 || strchr(t, 'G'));
            assert_true(strchr(t, 'S') == strrchr(t, 'S'));
            free(t);
        }
        amz_maze_deinit(&m);
    }
}

static void test_errors_and_names(void **state)
{
    (void)state;
    amz_text_style s;
    amz_error err;
    static const char *const names[] = {"ascii", "unicode", "blocks"};
    for (int i = 0; i < 3; i++) {
        assert_string_equal(amz_text_style_name((amz_text_style)i), names[i]);
        assert_int_equal(amz_text_style_parse(names[i], &s, &err), AMZ_OK);
        assert_int_equal(s, i);
    }
    assert_null(amz_text_style_name((amz_text_style)3));
    assert_int_equal(amz_text_style_parse("fancy", &s, &err), AMZ_ENOTFOUND);
    assert_non_null(strstr(err.msg, "'fancy'"));
    assert_int_equal(amz_text_style_parse(NULL, &s, NULL), AMZ_ENOTFOUND);
    amz_text_options o;
    memset(&o, 0x55, sizeof o);
    amz_text_options_init(&o);
    assert_true(o.style == AMZ_TEXT_ASCII && o.solution && !o.color);

    amz_maze m;
    tu_generate(&m, AMZ_TOPO_HEX, 3, 3, "backtracker", 1);
    FILE *f = tmpfile();
    o.style = AMZ_TEXT_BLOCKS; /* hex mazes draw in line art only */
    assert_int_equal(amz_render_text(&m, &o, f, &err), AMZ_EUNSUPPORTED);
    assert_non_null(strstr(err.msg, "square mazes only"));
    assert_int_equal(ftell(f), 0); /* nothing written */
    amz_maze_deinit(&m);
    small_maze(&m, false);
    o.style = (amz_text_style)7;
    assert_int_equal(amz_render_text(&m, &o, f, &err), AMZ_EINVAL);
    amz_maze_deinit(&m);
    /* A solution whose start was set by hand outside the maze is refused, as the
     * pictures refuse it, in every style. */
    static const amz_cell bad_starts[] = {AMZ_NO_CELL, 4, 1000000};
    for (size_t i = 0; i < sizeof bad_starts / sizeof bad_starts[0]; i++) {
        small_maze(&m, true);
        m.solution.start = bad_starts[i];
        for (int st = 0; st < 3; st++) {
            o.style = (amz_text_style)st;
            assert_int_equal(amz_render_text(&m, &o, f, &err), AMZ_EFORMAT);
            assert_non_null(strstr(err.msg, "the solution starts outside the maze"));
        }
        amz_maze_deinit(&m);
    }
    small_maze(&m, false);
    fclose(f);
    /* NULL options: ascii. */
    char *buf = NULL;
    size_t n = 0;
    f = open_memstream(&buf, &n);
    assert_int_equal(amz_render_text(&m, NULL, f, &err), AMZ_OK);
    fclose(f);
    assert_true(buf[0] == '+');
    free(buf);
    f = fopen("/dev/full", "w");
    if (f) {
        setvbuf(f, NULL, _IONBF, 0);
        amz_error_clear(&err);
        assert_int_equal(amz_render_text(&m, NULL, f, &err), AMZ_EIO);
        assert_non_null(strstr(err.msg, "write failed"));
        fclose(f);
    }
    amz_maze_deinit(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_by_hand),
        cmocka_unit_test(test_start_is_goal),
        cmocka_unit_test(test_removed_cells),
        cmocka_unit_test(test_picture_sizes),
        cmocka_unit_test(test_errors_and_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
