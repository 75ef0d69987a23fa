/* fuzz_mask_text.c — the text mask reader on both topologies: accepted masks have at
 * least one cell, start and goal on cells, and exactly the '.' count of cells. */
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > (1u << 20))
        return 0;
    int64_t dots = 0;
    for (size_t i = 0; i < size; i++)
        dots += data[i] == '.';
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++) {
        amz_maze m;
        amz_error err;
        amz_status st = amz_mask_read_text((const char *)data, size, (amz_topology)t, &m, &err);
        if (st && m.passages)
            abort(); /* a refused mask holds nothing */
        if (fuzz_refused(st, &err))
            continue;
        if (amz_maze_count_cells(&m) != dots || !amz_maze_exists(&m, m.start) || !amz_maze_exists(&m, m.goal))
            abort();
        amz_maze_deinit(&m);
    }
    return 0;
}
