/* fuzz_png_maze.c — reading a maze from a PNG picture (libamaze-render, libpng): any
 * bytes are refused with a message or give a maze whose passages are consistent,
 * whose start and goal are cells and whose origin fits the picture; a solution found
 * on it paints back onto the same bytes. Memory is held to 32 MB. */
#include <stdint.h>
#include <stdlib.h>

#include "amaze.h"
#include "amaze/image.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    amz_image_read_options o;
    amz_image_read_options_init(&o);
    o.max_bytes = 32u << 20;
    amz_maze m;
    amz_image_origin org;
    amz_error err;
    amz_error_clear(&err);
    if (amz_image_read_maze(data, size, &o, &m, &org, &err) != AMZ_OK) {
        if (!err.msg[0])
            abort();
        return 0;
    }
    for (amz_cell c = 0; c < m.ncells; c++)
        for (int d = 0; d < m.ndirs; d++)
            if (amz_maze_passage(&m, c, d) &&
                !amz_maze_passage(&m, amz_maze_neighbor(&m, c, d), amz_dir_opposite(m.topology, d)))
                abort();
    if (!amz_maze_exists(&m, m.start) || !amz_maze_exists(&m, m.goal))
        abort();
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
