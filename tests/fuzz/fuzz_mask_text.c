/* fuzz_mask_text.c — the text mask reader and amz_mask_fit: on square and hex grids
 * accepted masks have exactly the '.' count of cells; laid on a 3D, wrapped, weave,
 * octagon or polar grid they keep at least one cell (or are refused with a message and
 * nothing held); start and goal are always on cells. */
#include "fuzz_util.h"

/* Cells kept, start and goal on cells; abort otherwise. */
static void check(const amz_maze *m, int64_t want)
{
    const int64_t cells = amz_maze_count_cells(m);
    if ((want >= 0 && cells != want) || cells < 1 || !amz_maze_exists(m, m->start) || !amz_maze_exists(m, m->goal))
        abort();
}

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
        check(&m, dots);
        if (t == AMZ_TOPO_HEX || amz_maze_count_cells(&m) > 4096) {
            amz_maze_deinit(&m);
            continue;
        }
        /* The square mask laid on the other grids (small masks only: a polar grid's
         * size is its own). */
        static const amz_grid grids[] = {
            {AMZ_TOPO_SQUARE, 0, 0, 2, AMZ_WRAP_X, false}, {AMZ_TOPO_HEX, 0, 0, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false},
            {AMZ_TOPO_TRIANGLE, 0, 0, 2, 0, false},       {AMZ_TOPO_SQUARE, 0, 0, 1, 0, true},
            {AMZ_TOPO_OCTAGON, 0, 0, 1, 0, false},        {AMZ_TOPO_POLAR, 6, 5, 1, 0, false},
        };
        for (size_t k = 0; k < sizeof grids / sizeof grids[0]; k++) {
            amz_maze f;
            st = amz_mask_fit(&m, &grids[k], &f, &err);
            if (st && f.passages)
                abort();
            if (fuzz_refused(st, &err))
                continue;
            const amz_topology tk = grids[k].topology;
            check(&f, grids[k].levels > 1 ? 2 * dots : tk == AMZ_TOPO_SQUARE || tk == AMZ_TOPO_HEX ? dots : -1);
            amz_maze_deinit(&f);
        }
        amz_maze_deinit(&m);
    }
    return 0;
}
