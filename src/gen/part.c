/* part.c — the cells of a masked grid connected to a given cell (over the grid, not
 * the passages), for generators that must not wait for cells they can never reach. */
#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/queue.h"
#include "gen/gen_impl.h"
#include "grid/grid.h"

uint64_t gen_part(const amz_maze *m, amz_cell root, uint64_t *part)
{
    /* Breadth-first over existing cells; a cell is marked when queued, so each is
     * queued once. The queue is freed on every return; 0 (never a real count, which
     * includes root) signals out of memory. x, y are only used on plain grids. */
    const int32_t w = m->width, h = m->height;
    queue q = {0};
    uint64_t count = 1;
    bits_set(part, (uint64_t)root);
    if (!queue_push(&q, (uint64_t)root))
        return 0;
    const bool plain = amz_maze_is_plain(m);
    const int nd = m->weave ? AMZ_SQ_N2 : m->ndirs; /* under-passages need the cell between */
    while (q.count) {
        amz_cell c = (amz_cell)queue_pop(&q);
        int32_t x = (int32_t)(c % w), y = (int32_t)(c / w);
        for (int d = 0; d < nd; d++) {
            amz_cell nb = plain ? grid_neighbor_xy(m->topology, w, h, c, x, y, d) : grid_nb_raw(m, c, d);
            if (nb == AMZ_NO_CELL || !grid_exists(m, nb) || bits_get(part, (uint64_t)nb))
                continue;
            bits_set(part, (uint64_t)nb);
            count++;
            if (!queue_push(&q, (uint64_t)nb)) {
                queue_free(&q);
                return 0;
            }
        }
    }
    queue_free(&q);
    return count;
}
