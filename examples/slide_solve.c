/* slide_solve.c — shuffle a sliding-tile puzzle and solve it optimally.
 *
 *   slide_solve [ROWS COLS [SEED]]
 *
 * Prints the shuffled board (the same one `amaze slide shuffle RxC --seed SEED` prints)
 * on the first line and the shortest solution (the blank's moves, U D L R) on the
 * second. IDA* with Manhattan distance and linear conflict finds it; it is quick up to
 * 3x4 and most 4x4 boards. */
#include <stdio.h>
#include <stdlib.h>

#include <amaze.h>

int main(int argc, char **argv)
{
    int rows = argc > 2 ? atoi(argv[1]) : 3;
    int cols = argc > 2 ? atoi(argv[2]) : 3;
    unsigned long long seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 7;

    /* Every shuffle is solvable: a uniform permutation, its parity fixed by one swap. */
    amz_rng rng;
    amz_rng_seed(&rng, seed);
    amz_slide_board board;
    amz_error err;
    if (amz_slide_shuffle(&board, rows, cols, AMZ_SLIDE_BLANK_LAST, &rng, &err) != AMZ_OK) {
        fprintf(stderr, "slide_solve: %s\n", err.msg);
        return 1;
    }

    /* amz_slide_format works like snprintf: the board fits in a few bytes per tile. */
    char text[AMZ_SLIDE_MAX_CELLS * 6];
    amz_slide_format(&board, AMZ_SLIDE_LINE, text, sizeof text);
    printf("%s\n", text);

    /* NULL options: no node limit, one thread. The solution owns its move string. */
    amz_slide_solution sol;
    if (amz_slide_solve(&board, "ida", NULL, NULL, &sol, &err) != AMZ_OK) {
        fprintf(stderr, "slide_solve: %s\n", err.msg);
        return 1;
    }
    printf("%s\n", sol.moves);

    /* Replaying the moves must reach the goal: the library checks every move. */
    int ok = amz_slide_apply(&board, sol.moves, &err) == AMZ_OK && amz_slide_is_solved(&board);
    fprintf(stderr, "%zu moves, %s\n", sol.length, ok ? "solved" : "NOT solved");
    amz_slide_solution_deinit(&sol);
    return ok ? 0 : 1;
}
