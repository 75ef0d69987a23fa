/* fuzz_slide_board.c — sliding-puzzle boards from text (the reader behind `amaze slide`
 * and its instance files): an accepted board prints back to text that parses to the
 * same board, the solvability test agrees with amz_slide_check, and on a solvable
 * board of up to 64 cells the `fast` solver (and `ida` up to 6 cells) returns moves
 * that really reach the goal. The first byte picks the shape and goal convention. */
#include "fuzz_util.h"

static void check_solution(const amz_slide_board *b, const char *algorithm)
{
    amz_slide_solution sol;
    amz_error err;
    amz_slide_solve_options o;
    amz_slide_solve_options_init(&o);
    o.node_limit = 200000;
    amz_status st = amz_slide_solve(b, algorithm, &o, NULL, &sol, &err);
    if (st == AMZ_ECANCELED)
        return;
    if (st != AMZ_OK)
        abort(); /* a solvable board within the solver's size must be solved */
    amz_slide_board c = *b;
    if (amz_slide_apply(&c, sol.moves, &err) != AMZ_OK || !amz_slide_is_solved(&c) || strlen(sol.moves) != sol.length)
        abort();
    amz_slide_solution_deinit(&sol);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char text[4096]; /* after the first byte: up to 4095 */
    if (size < 1 || !fuzz_input_string(text, sizeof text, data + 1, size - 1))
        return 0;
    /* Shape: from the text (0x0), or given rows x cols from 2 to 9. */
    int rows = 0, cols = 0;
    if (data[0] & 1) {
        rows = 2 + (data[0] >> 1) % 8;
        cols = 2 + (data[0] >> 4) % 8;
    }
    amz_slide_goal goal = (data[0] & 0x80) ? AMZ_SLIDE_BLANK_FIRST : AMZ_SLIDE_BLANK_LAST;

    amz_slide_board b;
    amz_error err;
    if (amz_slide_parse(text, rows, cols, goal, &b, &err) != AMZ_OK)
        return 0;
    if (b.rows < 2 || b.cols < 2 || b.rows > AMZ_SLIDE_MAX_SIDE || b.cols > AMZ_SLIDE_MAX_SIDE)
        abort();
    if (rows && (b.rows != rows || b.cols != cols))
        abort();

    /* Round trip through both text styles. */
    static char out[AMZ_SLIDE_MAX_CELLS * 8];
    for (int style = 0; style < 2; style++) {
        size_t need = amz_slide_format(&b, (amz_slide_style)style, out, sizeof out);
        if (need >= sizeof out)
            abort();
        amz_slide_board c;
        if (amz_slide_parse(out, b.rows, b.cols, goal, &c, &err) != AMZ_OK)
            abort();
        if (c.blank != b.blank || memcmp(c.tiles, b.tiles, sizeof b.tiles) != 0)
            abort();
    }

    bool solvable = amz_slide_is_solvable(&b);
    if (solvable != (amz_slide_check(&b, &err) == AMZ_OK))
        abort();
    int cells = b.rows * b.cols;
    if (solvable && cells <= 64)
        check_solution(&b, "fast");
    if (solvable && cells <= 6)
        check_solution(&b, "ida");
    return 0;
}
