/* part.c — the cells of a masked grid connected to a given cell (over the grid, not
 * the passages), for generators that must not wait for cells they can never reach. */
#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/queue.h"
#include "gen/gen_impl.h"
#include "grid/grid.h"

uint64_t amz_gen_part(const amz_maze *m, amz_cell root, uint64_t *part)
{
    const int32_t w = m->width, h = m->height;
    amz_queue q = {0};
    uint64_t count = 1;
    bits_set(part, (uint64_t)root);
    if (!amz_queue_push(&q, (uint64_t)root))
        return 0;
    while (q.count) {
        amz_cell c = (amz_cell)amz_queue_pop(&q);
        int32_t x = (int32_t)(c % w), y = (int32_t)(c / w);
        for (int d = 0; d < m->ndirs; d++) {
            amz_cell nb = grid_neighbor_xy(m->topology, w, h, c, x, y, d);
            if (nb == AMZ_NO_CELL || !grid_exists(m, nb) || bits_get(part, (uint64_t)nb))
                continue;
            bits_set(part, (uint64_t)nb);
            count++;
            if (!amz_queue_push(&q, (uint64_t)nb)) {
                amz_queue_free(&q);
                return 0;
            }
        }
    }
    amz_queue_free(&q);
    return count;
}
