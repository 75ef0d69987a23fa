/* fuzz_png_mask.c — masks read from PNG pictures (libamaze-render, libpng), on square
 * and hex grids: any bytes are refused with a message, or give a mask of the header's
 * size with at least one cell, start and goal on cells and no passage; the header
 * estimate agrees on which headers are readable. Memory is held to 32 MB. */
#include "amaze/image.h"
#include "fuzz_util.h"

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    amz_image_read_options o;
    amz_image_read_options_init(&o);
    o.max_bytes = 32u << 20;
    uint64_t need;
    amz_error err;
    amz_error_clear(&err);
    bool header_ok = amz_image_read_memory(data, size, size, &need, &err) == AMZ_OK;
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++) {
        amz_maze m;
        amz_error_clear(&err);
        if (fuzz_refused(amz_image_read_mask(data, size, &o, (amz_topology)t, &m, &err), &err))
            continue;
        /* Accepted: the header was readable, and the mask is its size. */
        if (!header_ok || size < 24 || (uint32_t)m.width != be32(data + 16) || (uint32_t)m.height != be32(data + 20))
            abort();
        if (amz_maze_count_cells(&m) < 1 || !amz_maze_exists(&m, m.start) || !amz_maze_exists(&m, m.goal))
            abort();
        for (amz_cell c = 0; c < m.ncells; c++)
            for (int d = 0; d < m.ndirs; d++)
                if (amz_maze_passage(&m, c, d))
                    abort();
        amz_maze_deinit(&m);
    }
    return 0;
}
