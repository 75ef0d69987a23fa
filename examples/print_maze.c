/* print_maze.c — the smallest useful libamaze program: make a maze and print it.
 *
 *   print_maze [WIDTH HEIGHT [SEED]]
 *
 * Prints the same maze as `amaze generate -s WxH --seed SEED --format text`. */
#include <stdio.h>
#include <stdlib.h>

#include <amaze.h>

int main(int argc, char **argv)
{
    int width = argc > 2 ? atoi(argv[1]) : 20;
    int height = argc > 2 ? atoi(argv[2]) : 10;
    unsigned long long seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 7;

    /* Errors come back as status codes; the amz_error says what went wrong. */
    amz_error err;
    amz_maze maze;
    if (amz_maze_init(&maze, AMZ_TOPO_SQUARE, width, height, &err) != AMZ_OK) {
        fprintf(stderr, "print_maze: %s\n", err.msg);
        return 1;
    }

    /* Options start from their defaults; the seed makes the maze reproducible. */
    amz_gen_options options;
    amz_gen_options_init(&options);
    options.seed = seed;
    amz_status st = amz_gen_run(&maze, "backtracker", &options, NULL, &err);

    /* NULL text options: ascii style, solution shown if any, no colour. */
    if (st == AMZ_OK)
        st = amz_render_text(&maze, NULL, stdout, &err);
    if (st != AMZ_OK)
        fprintf(stderr, "print_maze: %s\n", err.msg);

    amz_maze_deinit(&maze);
    return st == AMZ_OK ? 0 : 1;
}
