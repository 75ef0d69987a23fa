/* consumer_render.c — an external program using libamaze-render: writes a maze as a
 * PNG to standard output. */
#include <stdio.h>

#include <amaze.h>
#include <amaze/image.h>

int main(void)
{
    amz_maze m;
    amz_error err;
    amz_gen_options o;
    amz_image_options io;
    if (amz_maze_init(&m, AMZ_TOPO_SQUARE, 8, 5, &err))
        return 1;
    amz_gen_options_init(&o);
    o.seed = 3;
    amz_image_options_init(&io);
    amz_status st = amz_gen_run(&m, "backtracker", &o, NULL, &err);
    if (!st)
        st = amz_image_write(&m, &io, AMZ_IMAGE_PNG, stdout, &err);
    if (st)
        fprintf(stderr, "consumer_render: %s\n", err.msg);
    amz_maze_deinit(&m);
    return st ? 1 : 0;
}
