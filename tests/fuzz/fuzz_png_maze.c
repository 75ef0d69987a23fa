/* fuzz_png_maze.c — reading a maze from a PNG picture (libamaze-render, libpng): any
 * bytes are refused with a message or give a maze whose passages are consistent,
 * whose start and goal are cells and whose origin fits the picture; a solution found
 * on it paints back onto the same bytes. Memory is held to 32 MB. */
#include "amaze/image.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    amz_image_read_options o;
    amz_image_read_options_init(&o);
    o.max_bytes = 32u << 20;
    amz_maze m;
    amz_image_origin org;
    amz_error err;
    amz_error_clear(&err);
    if (fuzz_refused(amz_image_read_maze(data, size, &o, &m, &org, &err), &err))
        return 0;
    fuzz_check_maze(&m);
    if (org.x < 0 || org.y < 0 || org.x + m.width > (int64_t)org.width || org.y + m.height > (int64_t)org.height)
        abort();
    amz_solve_result r;
    if (amz_solve_run(&m, "bfs", m.start, m.goal, NULL, NULL, &r, &err) == AMZ_OK) {
        FILE *null = fopen("/dev/null", "wb");
        amz_color red = {255, 0, 0, 255};
        amz_status st = amz_image_write_path(data, size, &m, &org, &r.path, red, &o, null, &err);
        if (st != AMZ_OK && st != AMZ_ERANGE && st != AMZ_ENOMEM)
            abort(); /* the bytes decoded once already */
        fclose(null);
        amz_path_deinit(&r.path);
    }
    amz_maze_deinit(&m);
    return 0;
}
