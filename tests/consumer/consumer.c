/* consumer.c — an external program using only <amaze.h>: prints the maze that
 * `amaze generate -s WxH --seed N --format text --color never` prints. */
#include <stdio.h>
#include <stdlib.h>

#include <amaze.h>

int main(int argc, char **argv)
{
    int w = argc > 1 ? atoi(argv[1]) : 10, h = argc > 2 ? atoi(argv[2]) : 5;
    unsigned long long seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
    amz_error err;
    amz_maze m;
    amz_gen_options o;
    if (amz_maze_init(&m, AMZ_TOPO_SQUARE, w, h, &err)) {
        fprintf(stderr, "consumer: %s\n", err.msg);
        return 1;
    }
    amz_gen_options_init(&o);
    o.seed = seed;
    if (amz_gen_run(&m, "backtracker", &o, NULL, &err) || amz_render_text(&m, NULL, stdout, &err)) {
        fprintf(stderr, "consumer: %s\n", err.msg);
        amz_maze_deinit(&m);
        return 1;
    }
    amz_maze_deinit(&m);
    fprintf(stderr, "linked against libamaze %s\n", amz_version());
    return 0;
}
