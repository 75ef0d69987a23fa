/* fuzz_png_maze.c — reading a maze from a PNG picture (libamaze-render, libpng): any
 * bytes are refused with a message or give a maze whose passages are consistent and
 * whose start and goal are cells. */
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
    amz_maze_deinit(&m);
    return 0;
}
